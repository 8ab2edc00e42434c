/**
 * Setting a game up as a guided step (issue 16), in Chromium with the built
 * extension, on a phpBB thread served by the demo forum on 127.0.0.1: the
 * host tracks the thread, opens the dashboard, sees the roster read from the
 * opening post with a typo flagged beside the name and the hosts filled in,
 * creates the game, renames the misspelt player in place, reads the setup
 * check's warning before any role is entered, and reloads the dashboard tab to
 * land on the same game and section. A screenshot of each step is kept in
 * test-results/screenshots/setup-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, type ExtensionBrowser } from '../../scripts/browser/harness';
import { pageUrl, type DemoPost, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { onForumThread, openPopup } from './host-steps';

const screenshots = join(repoRoot, 'test-results', 'screenshots');
const host = 'Sunny Host';
const listed = ['Alpha_Wolf', 'Bluebel', 'Corvid', 'Dandelion replaced Daisy', 'Ember', 'Foxglove'];
const posters = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Bluebell', 'Dandelion', 'Ember', 'Bluebell', 'Foxglove'];

const posts: DemoPost[] = [
  `[b]Welcome to Sunrise Village![/b]\n\nPlayers:\n${listed.join('\n')}\n\nCo-host: Moon Helper\n\nDay 1 begins now.`,
  ...posters.map((author) => `Good morning from ${author}.`),
].map((bbcode, i) => {
  const author = i === 0 ? host : (posters[i - 1] ?? host);
  return {
    id: 950_000 + i,
    author,
    userId: i === 0 ? 2 : 30 + posters.indexOf(author),
    time: new Date(Date.UTC(2026, 10, 24, 9, 0) + i * 7 * 60_000).toISOString(),
    bbcode,
  };
});
const thread: DemoThread = {
  forumHost: 'forum.mafiascum.net',
  threadId: 92_002,
  title: 'Mafia Game #2: Sunrise Village',
  perPage: 20,
  posts,
};

const forum = onForumThread(thread);
const chromium = (): ExtensionBrowser => forum.browser;

beforeAll(() => {
  mkdirSync(screenshots, { recursive: true });
});

describe('setting a game up, in Chromium', () => {
  it('previews the roster with its problems, creates the game, renames in place, warns before roles, and keeps its place on reload', async () => {
    // The host opens the thread and tracks it from the page.
    const tab = await chromium().context.newPage();
    await tab.goto(pageUrl(thread, 1));
    await tab.getByTestId('gavel-track').click({ timeout: 15_000 });
    await tab.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });

    // The dashboard in a tab; New game: the thread is named with its forum, the roster comes from the opening post.
    const page = await openPopup(chromium(), 'dashboard');
    await page.setViewportSize({ width: 1100, height: 700 });
    await page.getByTestId('new-game').click();
    await expect
      .poll(() => page.getByTestId('new-game-thread').locator('option:checked').innerText())
      .toBe('Mafia Game #2: Sunrise Village — forum.mafiascum.net (phpBB)');
    await page.getByTestId('roster-preview').waitFor({ timeout: 15_000 });
    const names = await page.getByTestId('preview-name').allInnerTexts();
    expect(names).toEqual(['Alpha_Wolf', 'Bluebel', 'Corvid', 'Dandelion', 'Ember', 'Foxglove']);
    const typo = page.getByTestId('preview-slot').nth(1);
    expect(await typo.getByTestId('preview-flag').allInnerTexts()).toContain(
      '⚠ Looks like Bluebell, who posts in the thread but is not listed: a typo? Rename the player once the game is created.',
    );
    expect(await page.getByTestId('preview-slot').nth(3).getByTestId('preview-flag').allInnerTexts()).toEqual([
      '⚠ Dandelion replaced Daisy',
    ]);
    await expect.poll(() => page.getByTestId('new-game-hosts').inputValue()).toBe('Sunny Host, Moon Helper');
    await page.screenshot({ path: join(screenshots, 'setup-preview.png'), fullPage: true });

    await page.getByTestId('create-game').click();
    await page.getByTestId('game-page').waitFor();
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/game\/[^/]+$/);
    const gameHash = await page.evaluate(() => location.hash);
    expect(await page.locator('.gavel-player__name').allInnerTexts()).toEqual(names);

    // Rename in place: Bluebel is Bluebell.
    const row = page.getByTestId('player-row').nth(1);
    await row.getByTestId('player-rename').click();
    await row.getByTestId('player-rename-input').fill('Corvid');
    await row.getByTestId('player-rename-save').click();
    expect(await row.getByTestId('player-rename-problem').innerText()).toBe(
      '“Corvid” is already a name of Corvid: two players cannot share a name.',
    );
    await row.getByTestId('player-rename-input').fill('Bluebell');
    await row.getByTestId('player-rename-save').click();
    await expect
      .poll(() => page.locator('.gavel-player__name').allInnerTexts())
      .toEqual(['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Ember', 'Foxglove']);
    await page.getByTestId('save-setup').click();
    await page.getByTestId('save-bar').waitFor({ state: 'detached' });
    await page.screenshot({ path: join(screenshots, 'setup-rename.png'), fullPage: true });

    // The setup check, before any role is entered: no side can win yet.
    const check = page.getByTestId('setup-check');
    expect(await check.getByTestId('setup-check-warning').getAttribute('data-code')).toBe('setup/roles-missing');
    expect(await check.getByTestId('setup-check-warning').innerText()).toContain(
      '6 players have no faction or role entered yet: until every role is entered, Gavel declares no winner.',
    );
    expect(await check.getByTestId('setup-check-counts').innerText()).toBe('Faction not entered yet: 6 players');
    await check.scrollIntoViewIfNeeded();
    await check.screenshot({ path: join(screenshots, 'setup-check.png') });

    // The host works in the players' section; the address says so.
    await page.locator('#roster-heading').scrollIntoViewIfNeeded();
    await page.locator('#roster-heading').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`${gameHash}/roster`);

    // A reload of the dashboard tab lands on the same game and section.
    await page.reload();
    await page.getByTestId('game-page').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('game-heading').innerText()).toBe('Mafia Game #2: Sunrise Village');
    expect(await page.evaluate(() => location.hash)).toBe(`${gameHash}/roster`);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('roster-heading')?.getBoundingClientRect().top ?? -1)))
      .toBeLessThan(700 / 3);
    expect(await page.evaluate(() => document.getElementById('roster-heading')?.getBoundingClientRect().top ?? -1)).toBeGreaterThanOrEqual(
      0,
    );
    await page.screenshot({ path: join(screenshots, 'setup-reload.png') });

    // Back goes to the form the game was created from, as the browser's history holds it.
    await page.goBack();
    await page.getByTestId('new-game-form').waitFor();
    await page.goForward();
    await page.getByTestId('game-page').waitFor();
  }, 120_000);
});
