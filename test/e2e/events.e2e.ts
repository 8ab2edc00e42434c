/**
 * The worker tells a thread's tabs when the thread changes (no polling): the
 * host has a tracked game open on page 1; a player posts, and the host opens
 * the thread's last page in a second tab. The first tab's panel, without a
 * reload or a click, counts the new post: the vote moves and the panel says
 * one more post is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, startLocalForum, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { demoRoutes, panelText } from '../../scripts/browser/demo-forum';
import { pageCount, pageUrl, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { gameThread } from '../../scripts/forum-pages/test-game';

const base = gameThread('forum.mafiascum.net', 7301, 'Elmwood Mafia');
/** The thread as the forum serves it now (a player's new post is added below). */
let thread: DemoThread = base;

let forum: LocalForum;
let browser: ExtensionBrowser;

beforeAll(async () => {
  forum = await startLocalForum((path) => demoRoutes(thread)(path));
  browser = await launchWithExtension({ forum, forumHosts: [base.forumHost] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await forum?.close();
});

describe("a tracked game's open tab", () => {
  it('counts a new post read in another tab, told by the worker, without a reload', async () => {
    const first = await browser.context.newPage();
    await first.goto(pageUrl(thread, 1));
    await first.getByTestId('gavel-track').click({ timeout: 15_000 });
    const stored = (n: number): RegExp => new RegExp(`${n} posts stored from ${pageCount(thread)} pages`);
    await expect.poll(() => panelText(first), { timeout: 30_000 }).toMatch(stored(base.posts.length));
    expect(await panelText(first)).toMatch(/Gorse 2 \(L-1\)\s*Ash\s*Birch/);

    // Dogwood votes Gorse on the last page; the host opens it in a second tab.
    const last = base.posts.at(-1);
    if (last === undefined) throw new Error('the game thread has no posts');
    const vote = {
      ...last,
      id: last.id + 1,
      author: 'Dogwood',
      time: new Date(Date.parse(last.time) + 60_000).toISOString(),
      bbcode: '[b]Vote: Gorse[/b]',
    };
    thread = { ...base, posts: [...base.posts, vote] };
    const second = await browser.context.newPage();
    await second.goto(pageUrl(thread, pageCount(thread)));
    await second.locator('#gavel-extension-root').waitFor({ state: 'attached', timeout: 15_000 });

    await expect.poll(() => panelText(first), { timeout: 20_000 }).toMatch(stored(base.posts.length + 1));
    expect(await panelText(first)).toMatch(/Gorse 3\b/);
  });
});
