/**
 * A host runs a seed-004 day in the built extension: a five-player 004 game
 * on a phpBB thread with green-font votes (Carol leads with three, the Priest
 * Alice's among them). The host enters the Priest's forgiveness as a day move
 * (L30); the day's tally now calls for a re-vote, which the popup offers with
 * the engine's words; the host opens it, and the count and the vote count post
 * follow the re-vote (the forgiven Carol cannot be voted for: her voters'
 * votes are auto-votes, L151). Then a day move of another role: the
 * Terrorist's detonator (L23), first refused on himself with the engine's
 * reason, then recorded. Screenshots: test-results/screenshots/day-moves-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { pageUrl, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { askWorker, onForumThread, openPopup } from './host-steps';

const screenshots = join(repoRoot, 'test-results', 'screenshots');

const host = 'Gavel Host';
const players = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve'] as const;
const userIds: Record<string, number> = { [host]: 2, ...Object.fromEntries(players.map((p, i) => [p, 40 + i])) };
// The thread's posts end as the test starts, the day's start 50 minutes before: the worker judges a 004 day by its clock
// (L150: absent voters are forced to vote against themselves an hour after the 21:00 vote opens), and at a fixed date
// the still-running day would long be past its deadline.
const threadStart = Date.now() - 230 * 60_000;
const at = (minutes: number): string =>
  new Date(Math.floor((threadStart + minutes * 60_000) / 1000) * 1000).toISOString().replace('.000Z', '+00:00');
let nextId = 944_000;
const post = (author: string, minutes: number, bbcode: string) => ({
  id: nextId++,
  author,
  userId: userIds[author] ?? 99,
  time: at(minutes),
  bbcode,
});
const green = (name: string): string => `[color=green]${name}[/color]`;

/** Day 2 of a 004 game (Day 1 was the election): Carol 3 (Alice, Bob, Dave), Bob 2 (Carol, Eve). */
const thread: DemoThread = {
  forumHost: 'forum.mafiascum.net',
  threadId: 94_404,
  title: 'Мафия 004: день второй',
  perPage: 20,
  posts: [
    post(host, 0, `[b]Мафия 004[/b]\n\nPlayers:\n${players.join('\n')}\n\nDay 1 begins.`),
    post(host, 60, 'Night 1 begins.'),
    post(host, 180, 'Day 2 begins. Nobody died.'),
    post('Alice', 190, `Carol is the one.\n${green('Carol')}`),
    post('Bob', 200, green('Carol')),
    post('Dave', 210, green('Carol')),
    post('Carol', 220, green('Bob')),
    post('Eve', 230, green('Bob')),
  ],
};

const roles: Readonly<Record<string, { readonly faction: string; readonly role: string }>> = {
  Alice: { faction: 'red', role: 'priest' },
  Bob: { faction: 'red', role: 'citizen' },
  Carol: { faction: 'mafia', role: 'mafia' },
  Dave: { faction: 'red', role: 'citizen' },
  Eve: { faction: 'red', role: 'terrorist' },
};

interface GameLike {
  readonly id: string;
  readonly players: readonly { readonly name: string }[];
  readonly events: readonly { readonly type: string; readonly ballot?: string }[];
}

const forum = onForumThread(thread);

beforeAll(() => {
  mkdirSync(screenshots, { recursive: true });
});

describe('day moves and the follow-up ballot in the popup, in Chromium', () => {
  it("L30: the Priest's forgiveness calls the re-vote, the host opens it and the count follows; L23: the Terrorist's detonator", async () => {
    const browser = forum.browser;
    const tab = await browser.context.newPage();
    await tab.goto(pageUrl(thread, 1));
    await tab.getByTestId('gavel-track').click({ timeout: 15_000 });
    await tab.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    const page = await openPopup(browser, 'dashboard');
    const threadRef = { origin: new URL(tab.url()).origin, threadId: String(thread.threadId) };
    await expect
      .poll(async () => ((await askWorker(page, 'thread/crawl-status', threadRef)).value as { status?: string } | null)?.status, {
        timeout: 30_000,
      })
      .toBe('done');

    // A 004 game on the thread; its roles entered, and the game on Day 2 (the worker's own messages, as the dashboard sends them).
    await page.getByTestId('new-game').click();
    await expect.poll(() => page.getByTestId('new-game-thread').locator('option:checked').innerText()).toContain(thread.title);
    await page.getByTestId('new-game-preset').selectOption('russian-004');
    await page.getByTestId('create-game').click();
    await page.getByTestId('game-page').waitFor();
    const gameId = decodeURIComponent(/#\/game\/([^/]+)/u.exec(page.url())?.[1] ?? '');
    const created = (await askWorker(page, 'game/get', { id: gameId })).value as GameLike;
    const players = created.players.map((p) => ({ ...p, ...roles[p.name] }));
    expect((await askWorker(page, 'game/update', { id: gameId, patch: { players } })).ok).toBe(true);
    const day2 = { kind: 'phase-start', phase: { kind: 'day', number: 2 } };
    expect((await askWorker(page, 'game/event', { id: gameId, action: { kind: 'append', event: day2 } })).ok).toBe(true);
    await page.reload();
    await page.getByTestId('day-panel').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('day-wagons').innerText(), { timeout: 15_000 }).toContain('Carol (3)');
    const countPost = page.getByTestId('post-vote-count').locator('pre');
    const postBefore = await countPost.innerText();
    expect(await page.getByTestId('day-follow-up').count()).toBe(0);

    // The Priest's forgiveness, from his PM after the last vote.
    await page.getByTestId('day-move-actor').selectOption({ label: 'Alice' });
    await page.getByTestId('day-move-ability').selectOption({ label: 'Forgive' });
    await page.getByTestId('day-move-target-0').selectOption({ label: 'Carol' });
    await page.getByTestId('day-move-record').click();
    await expect.poll(() => page.getByTestId('day-moves-list').innerText()).toBe('Alice: Forgive → Carol');

    // The day's tally calls for the re-vote, and says why in the engine's words.
    const follow = page.getByTestId('day-follow-up');
    await follow.waitFor({ timeout: 15_000 });
    expect(await follow.getAttribute('data-ballot')).toBe('revote');
    expect(await follow.locator('h3').innerText()).toBe('Next ballot: the re-vote after forgiveness');
    expect(await page.getByTestId('day-follow-up-why').innerText()).toContain(
      'Carol was saved by forgiveness: a re-vote follows, in which no one may vote for Carol',
    );
    await page.screenshot({ path: join(screenshots, 'day-moves-1-revote-offered.png'), fullPage: true });

    // Opened: `ballot/open` is in the log, and the count and the vote count post are the re-vote's.
    await page.getByTestId('day-follow-up-open').click();
    await expect.poll(() => page.getByTestId('day-ballot-current').getAttribute('data-ballot'), { timeout: 15_000 }).toBe('revote');
    const log = (await askWorker(page, 'game/get', { id: gameId })).value as GameLike;
    // Opened after the last post the count had read (the post the vote count was as of): the votes posted up to it were
    // the forgiven ballot's, so the re-vote starts with no votes.
    const asOf = Number(/#(\d+)/u.exec(postBefore)?.[1]);
    expect(log.events.at(-1)).toEqual({ type: 'ballot/open', ballot: 'revote', afterPost: asOf });
    await expect.poll(() => page.getByTestId('day-wagons').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => countPost.innerText()).not.toBe(postBefore);
    expect(await countPost.innerText()).not.toMatch(/Carol \(3\)/u);
    expect(await page.getByTestId('day-follow-up').count()).toBe(0);
    expect(await page.getByTestId('post-ballot-result').locator('pre').innerText()).toContain('Carol');
    await page.screenshot({ path: join(screenshots, 'day-moves-2-revote-open.png'), fullPage: true });

    // A day move of another role: the Terrorist's detonator, refused on himself (nothing recorded), then on Bob.
    const before = ((await askWorker(page, 'game/get', { id: gameId })).value as GameLike).events.length;
    await page.getByTestId('day-move-actor').selectOption({ label: 'Eve' });
    await page.getByTestId('day-move-ability').selectOption({ label: 'Detonator: blow up with one player (once)' });
    await page.getByTestId('day-move-target-0').selectOption({ label: 'Eve' });
    await page.getByTestId('day-move-record').click();
    await expect.poll(() => page.getByTestId('day-ballot-problem').innerText()).toBe('Eve may not target themselves with that ability');
    expect(((await askWorker(page, 'game/get', { id: gameId })).value as GameLike).events.length).toBe(before);
    await page.getByTestId('day-move-target-0').selectOption({ label: 'Bob' });
    await page.getByTestId('day-move-record').click();
    await expect
      .poll(() => page.getByTestId('day-moves-list').innerText())
      .toContain('Eve: Detonator: blow up with one player (once) → Bob');
    await page.screenshot({ path: join(screenshots, 'day-moves-3-detonator.png'), fullPage: true });
  });
});
