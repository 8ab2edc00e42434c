/**
 * Gavel in Russian, read whole: the host picks Russian, then walks the popup,
 * the dashboard (a new game, its page with every section open: the day, the
 * night, the breaches, the event log, the roster, the setup; the settings)
 * and the panel on the demo forum's thread. Every visible text (each page's
 * innerText, and the title, placeholder and aria-label of visible elements,
 * and the drop-downs' options) is collected, and the test fails on any
 * English word that is not a name (players, the host, the thread's title,
 * the forum) or the forum's own text quoted, listing each with its screen.
 *
 * Also: a dashboard tab and a forum tab open while the host changes the
 * language switch at once, with no reload.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { panelText } from '../../scripts/browser/demo-forum';
import { collectVisibleText, describeFindings, findEnglish, type Allowed, type VisibleText } from '../../scripts/browser/visible-text';
import { demoHost, demoPlayers, demoThread } from '../../scripts/forum-pages/demo-thread';
import { pageUrl } from '../../scripts/forum-pages/phpbb';
import { defaultVoteGrammar } from '../../src/engine';
import { onDemoForum, openPopup, trackDemoThread } from './host-steps';

const results = join(repoRoot, 'test-results');
const screenshots = join(results, 'screenshots');

const demo = onDemoForum();

/**
 * What is not English to translate: names (the demo's players, host, thread and forum; the forums Gavel
 * runs on at once; a language's own name in the language picker; Gavel's mark "G" on each post's badge
 * row) and the forum's own text: its posts, the vote words of the rules (what players write), and the
 * English forum's vote syntax Settings quotes as examples.
 */
const allowed: Allowed = {
  names: [...demoPlayers, demoHost, demoThread.title, demoThread.forumHost, 'Mafia Universe', 'Bay 12', 'English', 'G'],
  forumText: [
    ...demoThread.posts.map((p) => p.bbcode),
    ...defaultVoteGrammar.voteKeywords,
    ...defaultVoteGrammar.unvoteKeywords,
    ...defaultVoteGrammar.abbreviatedVoteKeywords,
    ...defaultVoteGrammar.abbreviatedUnvoteKeywords,
    ...defaultVoteGrammar.noLynchWords,
    // As players write them, with the colon ("Unvote:", "UV:").
    ...[
      ...defaultVoteGrammar.voteKeywords,
      ...defaultVoteGrammar.unvoteKeywords,
      ...defaultVoteGrammar.abbreviatedVoteKeywords,
      ...defaultVoteGrammar.abbreviatedUnvoteKeywords,
    ].map((k) => `${k}:`),
    'FoS: X, Vote: Y',
    'Hammer vote X',
    'vtoe',
    'unovte',
    '(single vote)',
  ],
};

beforeAll(() => {
  mkdirSync(screenshots, { recursive: true });
});

/** Opens every folded part of a page (details, shadow roots included), so its text is seen. */
async function unfold(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const open = (root) => {
      for (const d of root.querySelectorAll('details')) d.open = true;
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) open(el.shadowRoot);
    };
    open(document);
  })()`);
}

/** Clicks each button of `page` matching `selector` that says it is folded (aria-expanded="false"). */
async function expandAll(page: Page, selector: string): Promise<void> {
  const folded = page.locator(`${selector}[aria-expanded="false"]`);
  for (let n = await folded.count(); n > 0; n--) await folded.first().click();
}

async function readScreen(page: Page, where: string, shot: string, only: 'all' | 'shadow' = 'all'): Promise<VisibleText[]> {
  await unfold(page);
  await page.screenshot({ path: join(screenshots, `ru-audit-${shot}.png`), fullPage: true });
  return collectVisibleText(page, where, only);
}

describe('Gavel in Russian, every visible text', () => {
  it('switches an open dashboard and an open forum tab to Russian at once, and back', async () => {
    const thread = await trackDemoThread(demo.browser);
    await expect.poll(() => panelText(thread), { timeout: 20_000 }).toMatch(/Day 1/);
    const dashboard = await openPopup(demo.browser, 'dashboard');
    expect(await dashboard.locator('#games-heading').textContent()).toBe('Games');

    const popup = await openPopup(demo.browser);
    await popup.getByTestId('settings-language').selectOption('ru');
    // No reload: the dashboard tab and the thread's panel hear of the change.
    await expect.poll(() => dashboard.locator('#games-heading').textContent(), { timeout: 10_000 }).toBe('Игры');
    expect(await dashboard.getByTestId('popup-root').getAttribute('lang')).toBe('ru');
    await expect.poll(() => panelText(thread), { timeout: 10_000 }).toMatch(/День 1/);

    await popup.getByTestId('settings-language').selectOption('en');
    await expect.poll(() => dashboard.locator('#games-heading').textContent(), { timeout: 10_000 }).toBe('Games');
    await expect.poll(() => panelText(thread), { timeout: 10_000 }).toMatch(/Day 1/);

    await popup.getByTestId('settings-language').selectOption('ru');
    await expect.poll(() => dashboard.locator('#games-heading').textContent(), { timeout: 10_000 }).toBe('Игры');
    await Promise.all([popup.close(), dashboard.close(), thread.close()]);
  });

  it('shows no English word but names and the forum’s own text', async () => {
    const seen: VisibleText[] = [];

    // The popup over the thread's tab: games, tracked threads, forum access, settings.
    const thread = await demo.browser.context.newPage();
    await thread.goto(pageUrl(demoThread, 1));
    await thread.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    await expect.poll(() => panelText(thread), { timeout: 20_000 }).toMatch(/День 1/);
    await expect.poll(() => panelText(thread), { timeout: 20_000 }).toMatch(/Hazel/);
    await expandAll(thread, '[data-testid="gavel-panel"] button');
    seen.push(...(await readScreen(thread, 'thread panel', 'panel', 'shadow')));

    const popup = await openPopup(demo.browser);
    await expect.poll(() => popup.locator('#games-heading').textContent()).toBe('Игры');
    await popup.getByTestId('thread-item').first().waitFor();
    seen.push(...(await readScreen(popup, 'popup', 'popup')));
    await popup.close();

    // The dashboard: home (with settings), a new game, and the game's page.
    const dashboard = await openPopup(demo.browser, 'dashboard');
    await expect.poll(() => dashboard.locator('#games-heading').textContent()).toBe('Игры');
    seen.push(...(await readScreen(dashboard, 'dashboard: home and settings', 'dashboard-home')));

    await dashboard.getByTestId('new-game').click();
    await dashboard.getByTestId('new-game-form').waitFor();
    await expect
      .poll(() => dashboard.getByTestId('new-game-thread').locator('option:checked').innerText())
      .toContain(`${demoThread.title} — `);
    seen.push(...(await readScreen(dashboard, 'dashboard: new game', 'new-game')));
    await dashboard.getByTestId('create-game').click();
    await dashboard.getByTestId('game-page').waitFor();
    // Two mafia goons, so the day's end leads to a night rather than the town's win.
    for (const name of ['Alpha_Wolf', 'Foxglove']) {
      const row = demoPlayers.indexOf(name);
      await dashboard.getByTestId('player-faction').nth(row).selectOption('mafia');
      await dashboard.getByTestId('player-role').nth(row).selectOption('goon');
    }
    await dashboard.getByTestId('save-setup').click();
    await dashboard.getByTestId('save-bar').waitFor({ state: 'detached' });

    // Day 1 begins; the count, the breaches, the roster and the log are read.
    await dashboard.getByTestId('event-kind').selectOption('phase-start');
    await dashboard.getByTestId('record-event').click();
    await dashboard.getByTestId('day-summary').waitFor({ timeout: 20_000 });
    await dashboard.getByTestId('breaches-panel').waitFor();
    await expandAll(dashboard, '.gavel-player__toggle');
    const pardon = dashboard.getByTestId('breach-pardon');
    if ((await pardon.count()) > 0) await pardon.first().click();
    seen.push(...(await readScreen(dashboard, 'dashboard: game on Day 1 (day, breaches, event log, roster, setup)', 'game-day')));

    // The day ends on the hammer: Night 1, with its panel, and the night's start post.
    await dashboard.getByTestId('day-end').click();
    await dashboard.getByTestId('night-panel').waitFor({ timeout: 20_000 });
    await dashboard.getByTestId('night-resolve').click();
    await dashboard.getByTestId('night-resolution').or(dashboard.getByTestId('night-problem')).first().waitFor({ timeout: 20_000 });
    await expandAll(dashboard, '.gavel-player__toggle');
    seen.push(...(await readScreen(dashboard, 'dashboard: game on Night 1 (night, resolution, posts)', 'game-night')));
    await dashboard.close();

    // The thread's panel again, now that the game exists.
    await thread.reload();
    await thread.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    await expect.poll(() => panelText(thread), { timeout: 20_000 }).toMatch(/Hazel/);
    await expandAll(thread, '[data-testid="gavel-panel"] button');
    seen.push(...(await readScreen(thread, 'thread panel with the game', 'panel-game', 'shadow')));
    await thread.close();

    expect(seen.length).toBeGreaterThan(50);
    const english = findEnglish(seen, allowed);
    const report = describeFindings(english);
    writeFileSync(join(results, 'ru-audit-english.txt'), report === '' ? 'none\n' : `${report}\n`);
    expect(report, `English in the Russian UI:\n${report}`).toBe('');
  }, 240_000);
});
