/**
 * The worker reads a whole thread by itself: the host opens only page 1 of a
 * four-page game and tracks it, and the worker fetches pages 2–4 (parsing them
 * in its offscreen document) and stores every post. Then the same with the
 * service worker stopped by the browser in the middle of the crawl: it wakes,
 * goes on from the crawl's row in IndexedDB, asks the forum only for the pages
 * still missing (the forum records every request), and stores every post once.
 * Last, a host who first opens a five-page game at page 3, on a phpBB and on a
 * XenForo 2 board: Gavel reads pages 1–2 from page 3's page links and 4–5
 * along its next links, each once, and the panel counts the whole game; and
 * a host who opens it at its last page, with the worker stopped while it reads
 * back towards page 1.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, type ExtensionBrowser, type ForumRoutes } from '../../scripts/browser/harness';
import { panelText } from '../../scripts/browser/demo-forum';
import { longThread } from '../../scripts/forum-pages/long-thread';
import { pageUrl, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { gameThread } from '../../scripts/forum-pages/test-game';
import { renderXenforoPage, xenforoPageCount, xenforoPageUrl, xenforoPath } from '../../scripts/forum-pages/xenforo';
import { askWorker, type WorkerReply } from './host-steps';
import { phpbbPageOf, slowForum, stopWorker as stopBrowserWorker, type SlowForum } from './crawl-forum';

const origin = `https://${longThread.forumHost}`;
// The second game is the same four pages under another thread id, crawled while the worker is stopped.
const secondThread: DemoThread = { ...longThread, threadId: longThread.threadId + 1, title: 'Mini 2204: Estuary Mafia II' };
// The two-day test game at three posts a page: five pages, opened first at page 3.
const middlePhpbb: DemoThread = { ...gameThread('forum.mafiascum.net', 7301), perPage: 3 };
const middleXenforo: DemoThread = { ...gameThread('www.mafiauniverse.com', 4431), perPage: 3 };
// The same game opened first at its last page, crawled back while the worker is stopped.
const lastPageFirst: DemoThread = { ...gameThread('forum.mafiascum.net', 7302), perPage: 3 };

/** The XenForo 2 board's pages of a thread. */
function xenforoRoutes(thread: DemoThread): ForumRoutes {
  return (pathAndQuery) => {
    const path = new URL(pathAndQuery, 'http://local').pathname;
    for (let n = 1; n <= xenforoPageCount(thread); n++) if (path === xenforoPath(thread, n)) return renderXenforoPage(thread, n);
    return null;
  };
}

let forum: SlowForum;
let browser: ExtensionBrowser;
let dashboard: Page;

beforeAll(async () => {
  forum = await slowForum([longThread, secondThread, middlePhpbb, lastPageFirst], [xenforoRoutes(middleXenforo)]);
  browser = await launchWithExtension({ forum, forumHosts: [longThread.forumHost, middleXenforo.forumHost] });
  dashboard = await browser.openExtensionPage('extension/popup/index.html');
});

afterAll(async () => {
  await browser?.close();
  await forum?.close();
});

const ask = (type: string, payload: unknown): Promise<WorkerReply> => askWorker(dashboard, type, payload);

async function storedOf(thread: DemoThread): Promise<{ postCount: number; pagesSeen: number } | null> {
  const reply = await ask('thread/get', { origin: `https://${thread.forumHost}`, threadId: String(thread.threadId) });
  return reply.value as { postCount: number; pagesSeen: number } | null;
}

async function statusOf(
  thread: DemoThread,
): Promise<{ status: string; pagesDone: number; pageCount: number | null; pending: number[]; error: string | null } | null> {
  const reply = await ask('thread/crawl-status', { origin: `https://${thread.forumHost}`, threadId: String(thread.threadId) });
  return reply.value as { status: string; pagesDone: number; pageCount: number | null; pending: number[]; error: string | null } | null;
}

/** The host opens page 1 only, and the content script stores it. */
async function openFirstPage(thread: DemoThread): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(pageUrl(thread, 1));
  await expect.poll(() => storedOf(thread), { timeout: 15_000 }).toMatchObject({ pagesSeen: 1, postCount: 6 });
  return page;
}

const stopWorker = (): Promise<void> => stopBrowserWorker(browser);

function servedPagesOf(thread: DemoThread): string[] {
  return forum.served().filter((path) => path.includes(`t=${thread.threadId}`));
}

/** The pages of `thread` the forum was asked for, in order, from request number `from` on. */
function pagesAskedFrom(thread: DemoThread, from: number): number[] {
  return forum
    .served()
    .slice(from)
    .map((path) => phpbbPageOf(thread, path))
    .filter((n): n is number => n !== null);
}

/**
 * What the worker has stored of `thread` when it was just stopped, from the crawl's row: the
 * pages of the count that are not pending. (Asking wakes the worker; its next page takes the slow forum's time.)
 */
async function storedAtStopOf(thread: DemoThread): Promise<{ stored: number[]; pending: number[] }> {
  const status = await statusOf(thread);
  const count = status?.pageCount ?? 0;
  const pending = status?.pending ?? [];
  return { stored: Array.from({ length: count }, (_, i) => i + 1).filter((n) => !pending.includes(n)), pending };
}

describe('the worker reads the whole thread', () => {
  it('stores every post of all four pages after the host opens page 1 and tracks the game', async () => {
    const page = await openFirstPage(longThread);
    const tracked = await ask('thread/track', { origin, threadId: String(longThread.threadId) });
    expect(tracked.ok).toBe(true);

    await expect.poll(() => storedOf(longThread), { timeout: 30_000 }).toMatchObject({ postCount: 24, pagesSeen: 4 });
    await expect
      .poll(() => statusOf(longThread), { timeout: 10_000 })
      .toEqual({ status: 'done', pagesDone: 4, pageCount: 4, pending: [], error: null });
    // Pages 2–4 were fetched once each (page 1 again only to find its next link).
    const served = servedPagesOf(longThread);
    for (const start of [6, 12, 18]) expect(served.filter((p) => p.endsWith(`start=${start}`))).toHaveLength(1);
    // The toolbar badge on the thread's tab shows the leading wagon: Wren at 3 of the 4 needed.
    // (The extension may not read the forum tab's address, so look at every tab's badge.)
    const badges = (): Promise<string[]> =>
      dashboard.evaluate(async () => {
        const chromeApi = (
          globalThis as unknown as {
            chrome: {
              tabs: { query(q: object): Promise<Array<{ id?: number }>> };
              action: { getBadgeText(d: { tabId: number }): Promise<string> };
            };
          }
        ).chrome;
        const tabs = await chromeApi.tabs.query({});
        return Promise.all(tabs.map((tab) => (tab.id === undefined ? '' : chromeApi.action.getBadgeText({ tabId: tab.id }))));
      });
    await expect.poll(badges, { timeout: 10_000 }).toContain('3/4');
    await page.close();
  });

  it('finishes the crawl after the browser stops the worker in the middle of it, with no post twice', async () => {
    forum.slowMs = 1500;
    const page = await openFirstPage(secondThread);
    expect((await ask('thread/track', { origin, threadId: String(secondThread.threadId) })).ok).toBe(true);
    // Page 2 is stored; page 3 is on its way (the forum is slow).
    await expect.poll(() => storedOf(secondThread), { timeout: 20_000 }).toMatchObject({ pagesSeen: 2 });
    expect(await statusOf(secondThread)).toMatchObject({ status: 'running' });

    await stopWorker();
    const atStop = forum.served().length;
    const storedAtStop = (await storedOf(secondThread))?.pagesSeen ?? 0; // this message wakes the worker again
    expect(storedAtStop).toBeLessThan(4);
    const { stored, pending } = await storedAtStopOf(secondThread);
    expect(stored).toHaveLength(storedAtStop);

    // The woken worker goes on from the crawl's row and stores the rest.
    await expect.poll(() => storedOf(secondThread), { timeout: 40_000 }).toMatchObject({ postCount: 24, pagesSeen: 4 });
    await expect
      .poll(() => statusOf(secondThread), { timeout: 10_000 })
      .toMatchObject({ status: 'done', pagesDone: 4, pageCount: 4, error: null });
    expect(forum.served().length).toBeGreaterThan(atStop);
    // The woken worker went on from its cursor: it asked only for the pages still missing, each once,
    // and none of the pages stored before the stop (a crawl that began again would ask for page 1 or 2).
    expect(pagesAskedFrom(secondThread, atStop)).toEqual(pending);
    console.log(
      `second game: pages stored when the worker was stopped: ${storedAtStop}; requests: ${servedPagesOf(secondThread).join(' ')}`,
    );
    await page.close();
  });
});

describe('the host opens a game at page 3 first', () => {
  const boards = [
    {
      name: 'phpBB',
      thread: middlePhpbb,
      url: (n: number) => pageUrl(middlePhpbb, n),
      path: (n: number) => new URL(pageUrl(middlePhpbb, n)).pathname + new URL(pageUrl(middlePhpbb, n)).search,
    },
    {
      name: 'XenForo 2',
      thread: middleXenforo,
      url: (n: number) => xenforoPageUrl(middleXenforo, n),
      path: (n: number) => xenforoPath(middleXenforo, n),
    },
  ] as const;

  it.each(boards)(
    'on $name: reads pages 1–2 and 4–5 once each, stores every post once and counts the whole game',
    async ({ thread, url, path }) => {
      forum.slowMs = 0;
      const pages = Math.ceil(thread.posts.length / thread.perPage);
      expect(pages).toBe(5);
      const page = await browser.context.newPage();
      await page.goto(url(3));
      const track = page.getByTestId('gavel-track');
      await track.waitFor({ timeout: 15_000 });
      await track.click();

      await expect.poll(() => storedOf(thread), { timeout: 30_000 }).toMatchObject({ postCount: thread.posts.length, pagesSeen: pages });
      await expect
        .poll(() => statusOf(thread), { timeout: 10_000 })
        .toEqual({ status: 'done', pagesDone: pages, pageCount: pages, pending: [], error: null });
      // Page 3 was loaded by the host and read once more by the worker for its links; every other page once.
      const servedCount = (n: number): number => forum.served().filter((p) => p === path(n)).length;
      expect([1, 2, 3, 4, 5].map(servedCount)).toEqual([1, 1, 2, 1, 1]);
      // The panel on page 3 counts the whole game when the crawl ends: Day 2, after Day 1's lynch and the night kill.
      const dayTwo = async (): Promise<void> => {
        await expect.poll(() => panelText(page), { timeout: 20_000 }).toMatch(/Day 2 · 5 alive · 3 to lynch/);
        const text = await panelText(page);
        // Names are separate items (a name may hold a comma), not joined by commas.
        expect(text).toMatch(/Gorse 2 \(L-1\)\s*Ash\s*Birch/);
        expect(text).toMatch(/Ash 1 \(L-2\)\s*Gorse/);
        expect(text).toMatch(/Not voting \(2\):\s*Dogwood\s*Fern/);
      };
      await dayTwo();
      // Without a reload, the panel says where its count now comes from: every post of the five pages, and the roster from post 1.
      await expect
        .poll(() => panelText(page), { timeout: 10_000 })
        .toMatch(new RegExp(`${thread.posts.length} posts stored from ${pages} pages`));
      expect(await panelText(page)).not.toContain('No player list was found');
      // Opened again, the same.
      await page.reload();
      await expect
        .poll(() => panelText(page), { timeout: 20_000 })
        .toMatch(new RegExp(`${thread.posts.length} posts stored from ${pages} pages`));
      await dayTwo();
      expect(await panelText(page)).not.toContain('No player list was found');
      await page.close();
    },
  );
});

describe('the host opens a game at its last page first', () => {
  it('reads the earlier pages back to page 1 after the browser stops the worker in the middle of it, with no post twice', async () => {
    forum.slowMs = 1500;
    const page = await browser.context.newPage();
    await page.goto(pageUrl(lastPageFirst, 5));
    const track = page.getByTestId('gavel-track');
    await track.waitFor({ timeout: 15_000 });
    await track.click();
    // Page 5 again (slow), then pages 1–4 from its links, two at a time and politely paced: once page 1 is
    // stored the host closes the tab, and the browser stops the worker.
    await expect.poll(() => storedOf(lastPageFirst), { timeout: 20_000 }).toMatchObject({ pagesSeen: 2 });
    expect(await statusOf(lastPageFirst)).toMatchObject({ status: 'running' });
    await page.close();
    await stopWorker();
    const atStop = forum.served().length;
    const storedAtStop = (await storedOf(lastPageFirst))?.pagesSeen ?? 0; // this message wakes the worker again
    expect(storedAtStop).toBeLessThan(5);
    const { stored, pending } = await storedAtStopOf(lastPageFirst);
    expect(stored).toHaveLength(storedAtStop);

    await expect
      .poll(() => storedOf(lastPageFirst), { timeout: 40_000 })
      .toMatchObject({ postCount: lastPageFirst.posts.length, pagesSeen: 5 });
    await expect
      .poll(() => statusOf(lastPageFirst), { timeout: 10_000 })
      .toEqual({ status: 'done', pagesDone: 5, pageCount: 5, pending: [], error: null });
    // After the stop, each missing page was asked for once; of the pages stored before it, at most the one
    // just before a gap, once, to follow its next link (a crawl that began again would ask for page 5 and more).
    const after = pagesAskedFrom(lastPageFirst, atStop);
    const beforeGaps = new Set(pending.map((n) => n - 1).filter((n) => stored.includes(n)));
    expect([...after].sort()).toEqual([...new Set(after)].sort());
    expect(after.filter((n) => pending.includes(n)).sort()).toEqual(pending);
    expect(after.filter((n) => stored.includes(n) && !beforeGaps.has(n))).toEqual([]);
    forum.slowMs = 0;
    const again = await browser.context.newPage();
    await again.goto(pageUrl(lastPageFirst, 5));
    await expect
      .poll(() => panelText(again), { timeout: 20_000 })
      .toMatch(new RegExp(`${lastPageFirst.posts.length} posts stored from 5 pages`));
    await expect.poll(() => panelText(again), { timeout: 15_000 }).toMatch(/Day 2 · 5 alive · 3 to lynch/);
    console.log(
      `last page first: pages stored when the worker was stopped: ${storedAtStop}; requests: ${servedPagesOf(lastPageFirst).join(' ')}`,
    );
    await again.close();
  });
});
