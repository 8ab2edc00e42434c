/**
 * A host keeps the breach ledger in the built extension: a game on the demo
 * thread, the Breaches panel in the popup with each player's standing, Hazel's
 * edit pardoned with a note, still pardoned after the popup is closed and
 * opened again, and shown as pardoned in the panel on the thread page after a
 * reload. Screenshots go to test-output/breaches-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { onDemoForum, openPopup, trackDemoThread } from './host-steps';

const output = join(repoRoot, 'test-output');
const demo = onDemoForum();
const note = 'fixed a typo a minute later, the vote did not change';

beforeAll(() => {
  mkdirSync(output, { recursive: true });
});

const playerRow = (popup: Page, name: string): Locator =>
  popup.getByTestId('ledger-player').filter({ has: popup.locator('.gavel-ledger__name', { hasText: name }) });

async function openGame(popup: Page): Promise<void> {
  await popup.getByTestId('game-item').first().click();
  await popup.getByTestId('game-page').waitFor();
  await popup.getByTestId('breaches-panel').waitFor();
}

describe('the breach ledger, in Chromium', () => {
  it('pardons an edit with a note in the popup; it stays pardoned there and in the thread panel', async () => {
    const thread = await trackDemoThread(demo.browser);
    await expect.poll(() => thread.getByTestId('gavel-panel').innerText(), { timeout: 20_000 }).toContain('Corvid hammered');

    const popup = await openPopup(demo.browser);
    await popup.getByTestId('new-game').click();
    await popup.getByTestId('new-game-preset').selectOption('forum-template-001');
    await popup.getByTestId('create-game').click();
    await popup.getByTestId('game-page').waitFor();
    const panel = popup.getByTestId('breaches-panel');
    await expect.poll(() => panel.getByTestId('ledger-player').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // Hazel edited a post: a mod kill under the forum template's rule 3. Ironwood posted at night.
    const hazel = playerRow(popup, 'Hazel');
    expect(await hazel.getAttribute('data-standing')).toBe('mod-kill-due');
    expect(await hazel.getByTestId('ledger-standing').innerText()).toBe('mod kill due');
    const edit = hazel.getByTestId('breach').filter({ hasText: 'edited a post' });
    expect(await edit.innerText()).toContain('mod kill');
    expect(await edit.getByTestId('breach-post-link').getAttribute('href')).toMatch(
      /^https:\/\/forum\.mafiascum\.net\/viewtopic\.php\?p=\d+#p\d+$/,
    );
    expect(await playerRow(popup, 'Ironwood').getByTestId('breach').filter({ hasText: 'posted at night' }).count()).toBe(1);
    await panel.screenshot({ path: join(output, 'breaches-popup.png') });

    await edit.getByTestId('breach-pardon').click();
    await edit.getByTestId('breach-pardon-note-input').fill(note);
    await edit.getByTestId('breach-pardon-confirm').click();
    await expect.poll(() => hazel.getByTestId('breach-pardon-note').innerText()).toBe(`Pardoned: ${note}`);
    expect(await hazel.getByTestId('breach').filter({ hasText: 'edited a post' }).getAttribute('class')).toContain(
      'gavel-breach--pardoned',
    );
    await panel.screenshot({ path: join(output, 'breaches-pardoned.png') });

    // The host closes the popup and opens it again: the pardon is stored.
    await popup.close();
    const again = await openPopup(demo.browser);
    await openGame(again);
    const hazelAgain = playerRow(again, 'Hazel');
    await expect.poll(() => hazelAgain.getByTestId('breach-pardon-note').innerText(), { timeout: 10_000 }).toBe(`Pardoned: ${note}`);
    await again.close();

    // The same ledger in the wide dashboard.
    const dashboard = await openPopup(demo.browser, 'dashboard');
    await openGame(dashboard);
    await expect.poll(() => playerRow(dashboard, 'Hazel').getByTestId('breach-pardon-note').count(), { timeout: 10_000 }).toBe(1);
    await dashboard.getByTestId('breaches-panel').screenshot({ path: join(output, 'breaches-dashboard.png') });
    await dashboard.close();

    // On the thread page, after a reload, the panel lists the edit as pardoned with the note.
    await thread.reload();
    const list = thread.getByTestId('gavel-breaches');
    await list.waitFor({ timeout: 20_000 });
    await expect.poll(() => list.locator('summary').innerText(), { timeout: 20_000 }).toContain('and 1 pardoned');
    if ((await list.getAttribute('open')) === null) await list.locator('summary').click();
    const pardoned = list.locator('li[data-pardoned="true"]');
    expect(await pardoned.count()).toBe(1);
    expect(await pardoned.innerText()).toContain('Hazel: edited a post (mod kill)');
    expect(await pardoned.innerText()).toContain(`pardoned: ${note}`);
    expect(await pardoned.locator('s').count()).toBe(1);
    await pardoned.scrollIntoViewIfNeeded();
    await list.screenshot({ path: join(output, 'breaches-thread-panel.png') });
  });
});
