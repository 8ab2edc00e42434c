/**
 * Two tabs of the same thread reading it at the same moment (a host with the
 * game open twice, or a restored session) must leave one copy of every post:
 * the worker is the single writer and each page is stored in one transaction.
 * The first test makes the writes truly race: each tab reports different
 * contents of the same page, so no write is skipped by the page-hash check,
 * and the stored rows are counted in IndexedDB itself.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchWithExtension,
  startLocalForum,
  type ExtensionBrowser,
  type ForumRoutes,
  type LocalForum,
} from '../../scripts/browser/harness';
import { demoRoutes, panelText } from '../../scripts/browser/demo-forum';
import { askWorker } from './host-steps';
import { pageUrl, renderPage, type DemoPost, type DemoThread } from '../../scripts/forum-pages/phpbb';

const players = ['Aster', 'Birch', 'Cedar', 'Dahlia', 'Elm', 'Fern', 'Gorse'];
const host = 'Mod Marigold';

/** A two-page Day 1: the host's opening post with the player list, then 39 posts of chatter and votes. */
function twoPageThread(): DemoThread {
  const posts: DemoPost[] = [];
  const start = Date.UTC(2026, 10, 22, 12, 0);
  const add = (author: string, bbcode: string): void => {
    const n = posts.length;
    posts.push({
      id: 700_000 + n,
      author,
      userId: author === host ? 2 : 40 + players.indexOf(author),
      time: new Date(start + n * 7 * 60_000).toISOString().replace('.000Z', '+00:00'),
      bbcode,
    });
  };
  add(host, `[b]Day 1 of Two Tabs Mafia[/b]\n\nPlayers:\n${players.join('\n')}\n\nWith 7 alive, it takes 4 to lynch.`);
  for (let i = 1; i < 40; i++) {
    const author = players[i % players.length] ?? 'Aster';
    const target = players[(i * 3) % players.length] ?? 'Birch';
    add(author, i % 5 === 0 ? `Post ${i}: changing my mind. [b]Vote: ${target}[/b]` : `Post ${i}: still reading, nothing to add yet.`);
  }
  return { forumHost: 'forum.mafiascum.net', threadId: 4242, title: 'Mini 2200: Two Tabs Mafia', perPage: 20, posts };
}

const thread = twoPageThread();
const origin = `https://${thread.forumHost}`;

/**
 * The same game under another id, served so that no two requests for a page get the same page: every other
 * request for page 1 holds 25 posts rather than 20 (the forum's posts-per-page changed: posts 20–24 are on
 * page 1 and on page 2), and each request's first post of the page carries its own edit. So every report of a
 * page has a new content hash, and each write goes past the page-hash check to the posts already stored.
 */
const racing: DemoThread = { ...thread, threadId: 4243, title: 'Mini 2201: Racing Tabs Mafia' };
function racingRoutes(): ForumRoutes {
  const asked = new Map<number, number>();
  return (pathAndQuery) => {
    const url = new URL(pathAndQuery, 'http://local');
    if (url.pathname !== '/viewtopic.php' || url.searchParams.get('t') !== String(racing.threadId)) return null;
    const page = Math.floor(Number(url.searchParams.get('start') ?? '0') / racing.perPage) + 1;
    const k = asked.get(page) ?? 0;
    asked.set(page, k + 1);
    const perPage = page === 1 && k % 2 === 1 ? 25 : racing.perPage;
    const first = (page - 1) * racing.perPage;
    const posts = racing.posts.map((p, i) => (i === first ? { ...p, bbcode: `${p.bbcode}\n\n(edit ${k + 1})` } : p));
    return renderPage({ ...racing, perPage, posts }, page);
  };
}

let forum: LocalForum;
let browser: ExtensionBrowser;

beforeAll(async () => {
  const racingPages = racingRoutes();
  const plain = demoRoutes(thread);
  forum = await startLocalForum((path) => plain(path) ?? racingPages(path));
  browser = await launchWithExtension({ forum, forumHosts: [thread.forumHost] });
});

afterAll(async () => {
  await browser?.close();
  await forum?.close();
});

/** Asks the worker, from an extension page, what it has stored for the thread. */
async function stored(): Promise<{ thread: { postCount: number; pagesSeen: number } | null; threads: number }> {
  const page = await browser.openExtensionPage('extension/popup/index.html');
  try {
    return await page.evaluate(
      async ({ origin, threadId }) => {
        const runtime = (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; value: unknown }> } } }
        ).chrome.runtime;
        const got = await runtime.sendMessage({ gavel: 1, type: 'thread/get', payload: { origin, threadId } });
        const list = await runtime.sendMessage({ gavel: 1, type: 'thread/list', payload: {} });
        const threads = (list.value as { key: string }[]).filter((t) => t.key === `${origin}|${threadId}`).length;
        return { thread: got.value as { postCount: number; pagesSeen: number } | null, threads };
      },
      { origin, threadId: String(thread.threadId) },
    );
  } finally {
    await page.close();
  }
}

/** The rows stored for a thread, read straight from Gavel's IndexedDB in an extension page (the worker's origin). */
async function storedRows(threadId: number): Promise<{ posts: string[]; pages: number[]; statsPostCount: number | null }> {
  const page = await browser.openExtensionPage('extension/popup/index.html');
  try {
    return await page.evaluate(async (key) => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open('gavel');
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      const all = <T>(store: string): Promise<T[]> =>
        new Promise((ok, fail) => {
          const request = db.transaction(store, 'readonly').objectStore(store).index('threadKey').getAll(key);
          request.onsuccess = () => ok(request.result as T[]);
          request.onerror = () => fail(request.error);
        });
      const posts = await all<{ postId: string }>('posts');
      const pages = await all<{ pageNumber: number }>('pages');
      const stats = await new Promise<{ postCount: number } | undefined>((ok, fail) => {
        const request = db.transaction('threadStats', 'readonly').objectStore('threadStats').get(key);
        request.onsuccess = () => ok(request.result as { postCount: number } | undefined);
        request.onerror = () => fail(request.error);
      });
      db.close();
      return { posts: posts.map((p) => p.postId), pages: pages.map((p) => p.pageNumber), statsPostCount: stats?.postCount ?? null };
    }, `${origin}|${threadId}`);
  } finally {
    await page.close();
  }
}

/** The worker has stored a tab's page once the tab offers to track the thread (or shows the tracked panel). */
async function pageStored(tab: Page): Promise<void> {
  await tab.locator('[data-testid="gavel-track"], [data-testid="gavel-panel"]').first().waitFor({ state: 'attached', timeout: 20_000 });
}

/** Opens every URL in its own tab at the same moment and waits until each tab's page is stored. */
async function openAtOnce(urls: readonly string[]): Promise<Page[]> {
  const tabs = await Promise.all(urls.map(() => browser.context.newPage()));
  await Promise.all(tabs.map((tab, i) => tab.goto(urls[i] ?? '')));
  for (const tab of tabs) await pageStored(tab);
  return tabs;
}

async function postsOnForum(urls: readonly string[]): Promise<number> {
  const tab = await browser.context.newPage();
  let total = 0;
  for (const url of urls) {
    await tab.goto(url);
    total += await tab.locator('div.post').count();
  }
  await tab.close();
  return total;
}

describe('two tabs reporting different contents of the same page at once', () => {
  it('stores every post once, loses none, and counts them right, when each write goes past the page-hash check', async () => {
    const page1 = pageUrl(racing, 1);
    const page2 = pageUrl(racing, 2);
    // Two tabs on page 1 at once (20 posts and 25 posts, each with its own edit), then two on page 2 at once.
    const tabs = await openAtOnce([page1, page1]);
    await Promise.all(tabs.map((tab) => tab.goto(page2)));
    for (const tab of tabs) await pageStored(tab);
    // And all four again at the same moment: four more writes, each a content the worker has not seen.
    const more = await openAtOnce([page1, page2, page1, page2]);

    const rows = await storedRows(racing.threadId);
    expect(rows.posts).toHaveLength(40);
    expect(new Set(rows.posts).size).toBe(40);
    // Every post of the game, by its forum id.
    const ids = racing.posts.map((p) => String(p.id)).sort();
    expect(rows.posts.map((id) => id.replace(/\D/g, '')).sort()).toEqual(ids);
    expect([...rows.pages].sort()).toEqual([1, 2]);
    // The running count kept beside the rows agrees with them, and so does what the worker says.
    expect(rows.statsPostCount).toBe(40);
    const got = await browser.openExtensionPage('extension/popup/index.html');
    const summary = await askWorker(got, 'thread/get', { origin, threadId: String(racing.threadId) });
    await got.close();
    expect(summary.value).toMatchObject({ postCount: 40, pagesSeen: 2 });
    for (const tab of [...tabs, ...more]) await tab.close();
  });
});

describe('two tabs reading the same thread at once', () => {
  const page1 = pageUrl(thread, 1);
  const page2 = pageUrl(thread, 2);

  it('stores one copy of every post', async () => {
    // Two tabs on page 1 at once, then both go to page 2 at once.
    const tabs = await openAtOnce([page1, page1]);
    await Promise.all(tabs.map((tab) => tab.goto(page2)));
    for (const tab of tabs) await pageStored(tab);

    const real = await postsOnForum([page1, page2]);
    expect(real).toBe(40);
    const { thread: summary, threads } = await stored();
    expect(threads).toBe(1);
    expect(summary).toMatchObject({ postCount: real, pagesSeen: 2 });
    for (const tab of tabs) await tab.close();
  });

  it('still has one copy when four tabs read both pages again at the same moment', async () => {
    const tabs = await openAtOnce([page1, page2, page1, page2]);
    const { thread: summary, threads } = await stored();
    expect(threads).toBe(1);
    expect(summary).toMatchObject({ postCount: 40, pagesSeen: 2 });
    for (const tab of tabs) await tab.close();
  });

  it('still has one copy when the host tracks the game (Gavel reads the other page itself) while two more tabs open it', async () => {
    const first = await browser.context.newPage();
    await first.goto(page1);
    await first.getByTestId('gavel-track').click();
    const others = await openAtOnce([page2, page1]);
    await expect.poll(() => panelText(first), { timeout: 30_000 }).toMatch(/40 posts stored from 2 pages/);
    const { thread: summary, threads } = await stored();
    expect(threads).toBe(1);
    expect(summary).toMatchObject({ postCount: 40, pagesSeen: 2 });
    for (const tab of [first, ...others]) await tab.close();
  });
});
