/**
 * A whole game of the forum template (001) run from the browser alone: a
 * seven-player game on a phpBB thread served on 127.0.0.1 that grows as it is
 * played. The host tracks the thread, sets the game up in the popup, ends each
 * day with the count's hammer, enters the role PMs of each night, resolves and
 * applies them, and pastes every post Gavel writes into the thread, where the
 * players vote on. On Day 3 the last mafia is lynched and Gavel says the town
 * has won.
 *
 * The game, written for this test:
 *   Alpha_Wolf and Fern are the mafia goons; Bluebell the doctor; Corvid the cop;
 *   Dandelion, Elm and Gorse vanilla townies.
 *   Day 1 (7 alive, 4 to lynch): Elm is hammered.
 *   Night 1: the mafia shoot Corvid, the doctor protects Corvid, the cop checks Fern.
 *   Day 2 (6 alive, 4 to lynch): Fern is hammered.
 *   Night 2: the mafia shoot Gorse; the doctor protects Dandelion; Gorse dies.
 *   Day 3 (4 alive, 3 to lynch): Alpha_Wolf is hammered: no mafia is left.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, type ExtensionBrowser } from '../../scripts/browser/harness';
import { panelText } from '../../scripts/browser/demo-forum';
import { pageCount, pageUrl, type DemoPost, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { onForumThread, openPopup } from './host-steps';

const output = join(repoRoot, 'test-output');
const host = 'Gavel Host';
const players = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Elm', 'Fern', 'Gorse'] as const;
const roles: Readonly<Record<string, readonly [faction: string, role: string]>> = {
  Alpha_Wolf: ['mafia', 'goon'],
  Bluebell: ['town', 'doctor'],
  Corvid: ['town', 'cop'],
  Fern: ['mafia', 'goon'],
  // Every role entered: a game whose roles are not all entered is never won (issue 16).
  Dandelion: ['town', 'vanilla'],
  Elm: ['town', 'vanilla'],
  Gorse: ['town', 'vanilla'],
};

/** The thread: posts are added as the game is played; the forum serves what is there at each request. */
const posts: DemoPost[] = [];
const thread: DemoThread = { forumHost: 'forum.mafiascum.net', threadId: 91_337, title: 'Mini 2201: Whole Game Mafia', perPage: 6, posts };
let minutes = 0;
function say(author: string, bbcode: string): void {
  minutes += 7;
  posts.push({
    id: 913_000 + posts.length,
    author,
    userId: author === host ? 2 : 20 + players.indexOf(author as (typeof players)[number]),
    time: new Date(Date.UTC(2026, 10, 23, 9, 0) + minutes * 60_000).toISOString(),
    bbcode,
  });
}

say(host, `[b]Welcome to Whole Game Mafia![/b]\n\nPlayers:\n${players.join('\n')}\n\nDay 1 begins now. With 7 alive it takes 4 to lynch.`);
say('Bluebell', 'Hi all. [b]Vote: Elm[/b]');
say('Elm', 'Why me? [b]Vote: Bluebell[/b]');
say('Corvid', 'Elm is defensive. [b]Vote: Elm[/b]');
say('Dandelion', 'I think vote: Gorse, maybe later.');
say('Alpha_Wolf', 'Sure. [b]Vote: Elm[/b]');
say('Gorse', 'Hmm, Elm at L-1. Careful.');
say('Fern', '[b]Vote: Elm[/b]');

const forum = onForumThread(thread);
const chromium = (): ExtensionBrowser => forum.browser;

beforeAll(() => {
  mkdirSync(output, { recursive: true });
});

/**
 * The host reloads the thread's page the tab is on (page 1): Gavel reads the
 * thread's end again, with the posts and pages added since.
 */
async function reloadThread(tab: Page, expectInPanel: string): Promise<void> {
  await tab.reload();
  await tab.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
  await expect.poll(() => panelText(tab), { timeout: 30_000 }).toContain(expectInPanel);
}

/** The host pastes a post Gavel wrote into the thread. */
function hostPosts(text: string): void {
  expect(text.trim()).not.toBe('');
  say(host, text);
}

async function enterAction(popup: Page, actor: string, target: string): Promise<void> {
  const before = await popup.getByTestId('night-action').count();
  await popup.getByTestId('night-actor').selectOption({ label: actor });
  await popup.getByTestId('night-target-0').selectOption({ label: target });
  await popup.getByTestId('night-add-action').click();
  await expect.poll(() => popup.getByTestId('night-action').count()).toBe(before + 1);
}

async function resolveAndApply(popup: Page): Promise<{ dayStart: string; pms: string[] }> {
  await popup.getByTestId('night-resolve').click();
  await popup.getByTestId('night-resolution').waitFor();
  await popup.getByTestId('night-apply').click();
  await popup.getByTestId('night-posts').waitFor();
  const dayStart = await popup.getByTestId('post-day-start').locator('pre').innerText();
  await popup.getByTestId('copy-day-start').click();
  const pms = await popup.locator('[data-testid^="post-pm-"]').allInnerTexts();
  return { dayStart, pms };
}

/** Refreshes the dashboard's count (Gavel reads the thread again) until the hammer shows, then ends the day with the hammer the popup offers. */
async function endDayOnHammer(popup: Page, day: number, hammered: string): Promise<string> {
  await expect
    .poll(
      async () => {
        await popup.getByTestId('day-refresh').click();
        return popup.getByTestId('day-panel').innerText();
      },
      { timeout: 20_000 },
    )
    .toContain(`${hammered} was hammered`);
  expect(await popup.getByTestId('day-summary').innerText()).toContain(`Day ${day}`);
  expect(await popup.getByTestId('day-end-lynch').locator('option:checked').innerText()).toBe(hammered);
  await popup.getByTestId('day-end').click();
  await expect.poll(() => popup.getByTestId('log-lines').innerText()).toContain(`${hammered} dies (lynched)`);
  return hammered;
}

describe('a whole 001 game from the browser, in Chromium', () => {
  it('tracks the thread, runs three days and two nights, and ends with the town winning', async () => {
    // The host opens the thread and tracks it: Gavel reads both pages.
    const tab = await chromium().context.newPage();
    await tab.goto(pageUrl(thread, 1));
    await tab.getByTestId('gavel-track').click({ timeout: 15_000 });
    await tab.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    await expect.poll(() => panelText(tab), { timeout: 30_000 }).toContain('Elm hammered');

    // Setup: the forum template, the roster from the opening post, the roles.
    const popup = await openPopup(chromium(), 'dashboard');
    await popup.getByTestId('new-game').click();
    await expect.poll(() => popup.getByTestId('new-game-thread').locator('option:checked').innerText()).toContain(thread.title);
    await popup.getByTestId('new-game-preset').selectOption('forum-template-001');
    await popup.getByTestId('create-game').click();
    await popup.getByTestId('game-page').waitFor();
    expect(await popup.locator('.gavel-player__name').allInnerTexts()).toEqual([...players]);
    for (const [name, [faction, role]] of Object.entries(roles)) {
      const row = players.indexOf(name as (typeof players)[number]);
      await popup.getByTestId('player-faction').nth(row).selectOption(faction);
      await popup.getByTestId('player-role').nth(row).selectOption(role);
    }
    await popup.getByTestId('save-setup').click();
    await popup.getByTestId('save-bar').waitFor({ state: 'detached' });
    await popup.getByTestId('event-kind').selectOption('phase-start');
    await popup.getByTestId('record-event').click();

    // Day 1: Elm is hammered; the host ends the day and posts the night's start.
    await endDayOnHammer(popup, 1, 'Elm');
    const night1Start = await popup.getByTestId('post-night-start').locator('pre').innerText();
    expect(night1Start).toContain('Night 1 begins.');
    expect(night1Start).toContain('[b]Elm[/b] has died (lynched). Vanilla Townie, Town');
    await popup.getByTestId('copy-night-start').click();
    hostPosts(night1Start);

    // Night 1: three role PMs; the doctor saves the cop, who learns Fern is mafia.
    await popup.getByTestId('night-panel').waitFor();
    await enterAction(popup, 'Alpha_Wolf', 'Corvid');
    await enterAction(popup, 'Bluebell', 'Corvid');
    await enterAction(popup, 'Corvid', 'Fern');
    const night1 = await resolveAndApply(popup);
    expect(night1.dayStart).toContain('Day 2 begins.');
    expect(night1.dayStart).toContain('Nobody died.');
    expect(night1.pms.join('\n')).toContain('PM to Corvid');
    expect(night1.pms.join('\n')).toMatch(/Fern.*Mafia/);
    hostPosts(night1.dayStart);

    // Day 2 in the thread: the cop claims and Fern is hammered.
    say('Corvid', 'Cop claim: Fern is mafia. [b]Vote: Fern[/b]');
    say('Fern', 'Fake claim. [b]Vote: Corvid[/b]');
    say('Bluebell', '[b]Vote: Fern[/b]');
    say('Dandelion', '[b]Vote: Fern[/b]');
    say('Gorse', 'Hammer. [b]Vote: Fern[/b]');
    await reloadThread(tab, 'Fern hammered');
    await tab.screenshot({ path: join(output, 'whole-game-day2-thread.png') });

    await endDayOnHammer(popup, 2, 'Fern');
    const night2Start = await popup.getByTestId('post-night-start').locator('pre').innerText();
    expect(night2Start).toContain('[b]Fern[/b] has died (lynched). Mafia Goon, Mafia');
    hostPosts(night2Start);

    // Night 2: the mafia kill Gorse while the doctor guards Dandelion.
    await enterAction(popup, 'Alpha_Wolf', 'Gorse');
    await enterAction(popup, 'Bluebell', 'Dandelion');
    await enterAction(popup, 'Corvid', 'Alpha_Wolf');
    const night2 = await resolveAndApply(popup);
    expect(night2.dayStart).toContain('Day 3 begins.');
    expect(night2.dayStart).toContain('[b]Gorse[/b] has died (killed at night). Vanilla Townie, Town');
    expect(night2.dayStart).toContain('Alive (4)');
    hostPosts(night2.dayStart);

    // Day 3: four alive, three to lynch: Alpha_Wolf is hammered. The host stays in the
    // dashboard: its Refresh has Gavel read the thread's new posts and pages.
    say('Corvid', 'Alpha_Wolf is mafia too. [b]Vote: Alpha_Wolf[/b]');
    say('Alpha_Wolf', '[b]Vote: Corvid[/b]');
    say('Dandelion', '[b]Vote: Alpha_Wolf[/b]');
    say('Bluebell', '[b]Vote: Alpha_Wolf[/b]');
    expect(pageCount(thread)).toBeGreaterThanOrEqual(4);

    await endDayOnHammer(popup, 3, 'Alpha_Wolf');

    // The game is over: the town wins, and the end post goes into the thread.
    const over = popup.getByTestId('game-over');
    await over.waitFor();
    expect(await over.locator('h2').textContent()).toBe('Game over: Town wins');
    expect(await popup.getByTestId('game-over-detail').innerText()).toBe('No mafia is left in the game: the town wins.');
    // The winners as separate items (a name may hold a comma).
    expect(await popup.getByTestId('game-over-winners').locator('.gavel-names li').allInnerTexts()).toEqual([
      'Bluebell',
      'Corvid',
      'Dandelion',
      'Elm',
      'Gorse',
    ]);
    const endPost = await popup.getByTestId('post-game-end').locator('pre').innerText();
    expect(endPost).toContain('[b]Alpha_Wolf[/b] has died (lynched). Mafia Goon, Mafia');
    expect(endPost).toContain('Winner: Town');
    await popup.getByTestId('copy-game-end').click();
    await expect.poll(() => popup.getByTestId('copy-game-end').innerText()).toBe('Copied ✓');
    // What the clipboard holds, pasted where a host would paste it: a reply box.
    const reply = await chromium().context.newPage();
    await reply.setContent('<textarea id="reply"></textarea>');
    await reply.locator('#reply').focus();
    await reply.keyboard.press('ControlOrMeta+V');
    expect(await reply.locator('#reply').inputValue()).toBe(endPost);
    await reply.close();
    hostPosts(endPost);
    expect(await popup.getByTestId('day-panel').count()).toBe(0);
    expect(await popup.getByTestId('night-panel').count()).toBe(0);
    // The last day's start post was posted long ago: only the end post is offered now.
    expect(await popup.getByTestId('night-posts').count()).toBe(0);
    await popup.screenshot({ path: join(output, 'whole-game-over.png'), fullPage: true });

    // The event log tells the whole game.
    const log = await popup.getByTestId('log-lines').innerText();
    for (const line of [
      'Day 1 begins',
      'Elm dies (lynched)',
      'Night 1 begins',
      'Day 2 begins',
      'Fern dies (lynched)',
      'Gorse dies',
      'Day 3 begins',
      'Alpha_Wolf dies (lynched)',
      'The game ends',
    ]) {
      expect(log).toContain(line);
    }
    await popup.close();
    await tab.close();
  });
});
