/**
 * A game's own breach rules in the built extension, on the demo thread: before
 * a game exists the thread panel judges no rule (no mod kill on anyone); the
 * host creates the game, opens its breach rules, asks one post of 10
 * characters a day instead of the template's three of 40, and the ledger
 * follows; the host pardons the remaining inactivity breaches together with
 * one note; on the thread page, with the breaches open, the panel's main
 * button stays in view. Screenshots go to test-results/screenshots/breaches-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { onDemoForum, openPopup, trackDemoThread } from './host-steps';

const screenshots = join(repoRoot, 'test-results', 'screenshots');
const demo = onDemoForum();
const note = 'first day of a new forum: activity rules were announced late';

beforeAll(() => {
  mkdirSync(screenshots, { recursive: true });
});

const inactivity = (popup: Page): Locator => popup.getByTestId('breach').filter({ hasText: 'too few posts in the day' });

/** Whether the whole element is inside the page's viewport. */
async function inView(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const size = page.viewportSize();
  if (box === null || size === null) return false;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

describe("a game's breach rules, in Chromium", () => {
  it('judges nothing before a game exists, edits the inactivity rule, bulk-pardons, and keeps the panel button in view', async () => {
    const thread = await trackDemoThread(demo.browser);
    await thread.setViewportSize({ width: 1000, height: 640 });
    const panel = thread.getByTestId('gavel-panel');
    await expect.poll(() => panel.innerText(), { timeout: 20_000 }).toContain('Corvid hammered');
    // No game yet: Gavel does not know this game's rules, so nobody is due a mod kill.
    const unjudged = thread.getByTestId('gavel-breaches');
    await expect.poll(() => unjudged.getAttribute('data-judged'), { timeout: 10_000 }).toBe('false');
    expect(await unjudged.locator('summary').innerText()).toContain('Breaches not judged: no game set up');
    await unjudged.locator('summary').click();
    expect(await thread.getByTestId('gavel-unjudged').innerText()).toContain('No game is set up for this thread');
    expect(await panel.innerText()).not.toMatch(/mod kill|too few posts/i);
    await panel.screenshot({ path: join(screenshots, 'breaches-no-game-panel.png') });

    const popup = await openPopup(demo.browser);
    await popup.getByTestId('new-game').click();
    await popup.getByTestId('new-game-preset').selectOption('forum-template-001');
    await popup.getByTestId('create-game').click();
    await popup.getByTestId('game-page').waitFor();
    const ledger = popup.getByTestId('breaches-panel');
    await expect.poll(() => ledger.getByTestId('ledger-player').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // The template asks three posts of 40 characters or more a day; each breach says so.
    const before = await inactivity(popup).count();
    expect(before).toBeGreaterThan(3);
    const first = inactivity(popup).first();
    expect(await first.getByTestId('breach-rule-applied').innerText()).toContain(
      "At least 3 posts each day. A post counts only with at least 40 characters of the player's own words.",
    );

    // The host's rules for this game: one post of 10 characters a day.
    await ledger.getByTestId('breach-rules-part').locator('summary').click();
    await ledger.getByTestId('breach-rules-edit').click();
    const editor = ledger.getByTestId('breach-rules-editor');
    await editor.getByTestId('rules-min-posts').fill('1');
    await editor.getByTestId('rules-min-chars').fill('10');
    const terms = editor
      .getByTestId('rules-section')
      .filter({ has: popup.getByTestId('rules-min-posts') })
      .getByTestId('rules-section-terms');
    expect(await terms.innerText()).toContain('At least 1 post each day.');
    await editor.screenshot({ path: join(screenshots, 'breaches-rules-editor.png') });
    await editor.getByTestId('rules-save').click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => inactivity(popup).count(), { timeout: 10_000 }).toBeLessThan(before);
    const after = await inactivity(popup).count();
    expect(after).toBeGreaterThan(0);
    expect(await ledger.getByTestId('breach-rules').innerText()).toContain('At least 1 post each day.');
    expect(await inactivity(popup).first().getByTestId('breach-rule-applied').innerText()).toContain(
      "A post counts only with at least 10 characters of the player's own words.",
    );
    await ledger.screenshot({ path: join(screenshots, 'breaches-rules-edited.png') });

    // All the inactivity breaches left, pardoned together with one note.
    await ledger.getByTestId('bulk-kind').selectOption({ label: 'too few posts in the day' });
    expect(await ledger.getByTestId('bulk-count').innerText()).toBe(`${after} breach${after === 1 ? '' : 'es'} chosen`);
    await ledger.getByTestId('bulk-note').fill(note);
    await ledger.getByTestId('bulk-confirm').click();
    await expect.poll(() => inactivity(popup).locator('[data-testid="breach-pardon-note"]').count(), { timeout: 10_000 }).toBe(after);
    expect(await inactivity(popup).first().getByTestId('breach-pardon-note').innerText()).toBe(`Pardoned: ${note}`);
    await ledger.screenshot({ path: join(screenshots, 'breaches-bulk-pardoned.png') });
    await popup.close();

    // The thread's panel now judges the game's rules; with the breaches open, "Copy vote count" stays in view.
    await thread.reload();
    const list = thread.getByTestId('gavel-breaches');
    await expect.poll(() => list.getAttribute('data-judged'), { timeout: 20_000 }).toBe('true');
    if ((await list.getAttribute('open')) === null) await list.locator('summary').click();
    const copy = thread.getByTestId('gavel-copy');
    const body = thread.locator('#gavel-extension-root .body');
    // The list is longer than the panel: the body scrolls, and the button stays where it is.
    await body.evaluate((el) => (el.scrollTop = el.scrollHeight));
    expect(await inView(thread, copy)).toBe(true);
    expect(await inView(thread, thread.getByTestId('gavel-panel').locator('.head'))).toBe(true);
    await thread.getByTestId('gavel-panel').screenshot({ path: join(screenshots, 'breaches-panel-open.png') });
    await copy.click();
    await thread.getByTestId('gavel-copied').or(thread.getByTestId('gavel-copy-denied')).waitFor();
  });
});
