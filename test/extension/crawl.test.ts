// The worker's crawl of a tracked thread's unread pages, against a fake forum
// (phpBB pages this project renders) and an in-memory IndexedDB.
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { createBadgeBoard } from '../../extension/background/badge';
import {
  createCrawler,
  HttpStatusError,
  longestRetryWaitMs,
  ranges,
  retriesAfter429,
  retryWaitMs,
  type CrawlDeps,
  type CrawlParse,
  type Crawler,
} from '../../extension/background/crawl';
import { crawlHandlers } from '../../extension/background/handlers/crawl';
import { hashPosts } from '../../extension/content/page-hash';
import { parseFetchedPage } from '../../extension/offscreen/parse-page';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { PageReport } from '../../extension/shared/protocol';
import { getCrawl } from '../../extension/storage/crawls';
import { getPosts, getThread, savePage, trackThread } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';
import { longThread } from '../../scripts/forum-pages/long-thread';
import { pageCount, pageUrl, renderPage, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { gameTopic, jsonPageCount, jsonPageUrl, topicAppPage, topicJsonPage, topicPageUrl, type Topic } from '../parsers/discourse-topic';

const freshDb = freshDatabases('gavel-crawl-test');

const origin = 'https://forum.mafiascum.net';
const now = Date.UTC(2026, 10, 23, 12, 0);
const tick = (): Promise<void> => new Promise((done) => setTimeout(done, 2));

/** A forum that serves a thread's pages, records every request, and counts requests in flight. */
function fakeForum(pages: Map<string, string>) {
  const requested: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let hold: ((url: string) => boolean) | null = null;
  const fetchText = async (url: string): Promise<string> => {
    requested.push(url);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if (hold?.(url) === true) await new Promise<never>(() => undefined); // the worker is stopped while waiting
      await tick();
      const html = pages.get(url);
      if (html === undefined) throw new Error(`${url} answered HTTP 404`);
      return html;
    } finally {
      inFlight--;
    }
  };
  return {
    fetchText,
    requested,
    maxInFlight: () => maxInFlight,
    /** From now on, requests for these URLs never answer (as when the browser stops the worker mid-request). */
    stopOn: (urls: readonly string[]) => {
      hold = (url) => urls.includes(url);
    },
  };
}

function threadPages(thread: DemoThread): Map<string, string> {
  const pages = new Map<string, string>();
  for (let n = 1; n <= pageCount(thread); n++) pages.set(pageUrl(thread, n), renderPage(thread, n));
  return pages;
}

function deps(db: GavelDatabase, fetchText: (url: string) => Promise<string>, extra: Partial<CrawlDeps> = {}): CrawlDeps {
  return {
    db: () => db,
    fetchPage: fetchText,
    parse: (html, url) => Promise.resolve(parseFetchedPage(html, url, now)),
    now: () => now,
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
    delayMs: 0,
    ...extra,
  };
}

/** The thread messages the crawl messages wrap, storing into `db` (the count is not what these tests look at). */
function storingHandlers(db: GavelDatabase) {
  return {
    'thread/page-read': (report: PageReport) => savePage(db, report, now),
    'thread/track': ({ origin: o, threadId }: { origin: string; threadId: string }) => trackThread(db, o, threadId, now),
    'thread/count': () => Promise.resolve({ count: null, reason: null }),
  };
}

/** A sleep that only records how long the crawl paused. */
function recordedPauses(): { readonly pauses: number[]; readonly sleep: (ms: number) => Promise<void> } {
  const pauses: number[] = [];
  return {
    pauses,
    sleep: (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    },
  };
}

/** What the content script sends when the host opens page `n`. */
function pageReport(thread: DemoThread, n: number, html = renderPage(thread, n)): PageReport {
  const parsed = parseFetchedPage(html, pageUrl(thread, n), now);
  if (!parsed.supported) throw new Error(`page ${n} of the test thread did not parse`);
  return {
    thread: { origin, threadId: String(thread.threadId), title: thread.title },
    engine: parsed.engine,
    url: pageUrl(thread, n),
    pageNumber: parsed.data.currentPage,
    pageCount: parsed.data.pageCount ?? parsed.data.currentPage,
    contentHash: hashPosts(parsed.data.posts),
    posts: parsed.data.posts,
  };
}

async function hostOpens(db: GavelDatabase, thread: DemoThread, pagesOpened: readonly number[]): Promise<void> {
  for (const n of pagesOpened) await savePage(db, pageReport(thread, n), now);
  await trackThread(db, origin, String(thread.threadId), now);
}

async function crawlFrom(crawler: Crawler, thread: DemoThread, n: number): Promise<void> {
  await crawler.start({
    origin,
    threadId: String(thread.threadId),
    engine: 'phpbb',
    url: pageUrl(thread, n),
    pageNumber: n,
    pageCount: pageReport(thread, n).pageCount,
  });
  await crawler.idle(`${origin}|${thread.threadId}`);
}

/** A thread of `pages` pages of four posts each, for the tests that need more pages. */
function threadOf(pages: number): DemoThread {
  const posts = Array.from({ length: pages * 4 }, (_, i) => ({
    id: 500_000 + i,
    author: i === 0 ? 'Host' : `Player ${(i % 9) + 1}`,
    userId: 60 + (i % 9),
    time: new Date(Date.UTC(2026, 9, 1, 10, i)).toISOString().replace('.000Z', '+00:00'),
    bbcode: `Post ${i} of the game.`,
  }));
  return { forumHost: 'forum.mafiascum.net', threadId: 31_337, title: 'Large Normal 88', perPage: 4, posts };
}

describe('the worker crawls a tracked thread', () => {
  it('reads the pages the host has not opened, in order, and stores every post of all four pages', async () => {
    const db = freshDb();
    const forum = fakeForum(threadPages(longThread));
    await hostOpens(db, longThread, [1]);
    const crawler = createCrawler(deps(db, forum.fetchText));
    await crawlFrom(crawler, longThread, 1);

    // Page 1 is fetched once more only to read its next link; pages 2–4 follow in order.
    expect(forum.requested).toEqual([1, 2, 3, 4].map((n) => pageUrl(longThread, n)));
    const thread = await getThread(db, origin, String(longThread.threadId));
    expect(thread).toMatchObject({ postCount: 24, pagesSeen: 4, tracked: true });
    const row = await getCrawl(db, `${origin}|${longThread.threadId}`);
    expect(row).toMatchObject({ status: 'done', pageCount: 4, pending: [], done: [2, 3, 4], error: null });
    const posts = await getPosts(db, origin, String(longThread.threadId));
    expect(posts.map((p) => p.number)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  it('reads separate gaps side by side, never with more than two requests in flight', async () => {
    const db = freshDb();
    const thread = threadOf(8);
    const forum = fakeForum(threadPages(thread));
    await hostOpens(db, thread, [1, 3, 5, 7]);
    const crawler = createCrawler(deps(db, forum.fetchText, { concurrency: 2 }));
    await crawlFrom(crawler, thread, 7);

    expect(forum.maxInFlight()).toBe(2);
    // Each gap is reached from the page before it; no page is requested twice.
    expect([...forum.requested].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => pageUrl(thread, n)).sort());
    expect(new Set(forum.requested).size).toBe(forum.requested.length);
    // Within a gap the pages come in thread order.
    expect(forum.requested.indexOf(pageUrl(thread, 1))).toBeLessThan(forum.requested.indexOf(pageUrl(thread, 2)));
    expect(await getThread(db, origin, String(thread.threadId))).toMatchObject({ postCount: 32, pagesSeen: 8 });
  });

  it('waits politely between requests on each connection', async () => {
    const db = freshDb();
    const forum = fakeForum(threadPages(longThread));
    await hostOpens(db, longThread, [1]);
    const { pauses, sleep } = recordedPauses();
    const crawler = createCrawler(deps(db, forum.fetchText, { delayMs: 750, sleep }));
    await crawlFrom(crawler, longThread, 1);
    expect(pauses).toEqual([750, 750, 750, 750]);
  });

  it('fetches nothing when every page is already stored unchanged', async () => {
    const db = freshDb();
    const forum = fakeForum(threadPages(longThread));
    await hostOpens(db, longThread, [1, 2, 3, 4]);
    const crawler = createCrawler(deps(db, forum.fetchText));
    await crawlFrom(crawler, longThread, 4);
    expect(forum.requested).toEqual([]);
    expect(await getCrawl(db, `${origin}|${longThread.threadId}`)).toMatchObject({ status: 'done', pending: [], pageCount: 4 });
  });

  it('when asked again, reads the last page again and finds the replies posted since', async () => {
    const db = freshDb();
    await hostOpens(db, longThread, [1, 2, 3, 4]);
    // Six more replies since: the thread now has a fifth page.
    const grown: DemoThread = {
      ...longThread,
      posts: [
        ...longThread.posts,
        ...longThread.posts.slice(1, 7).map((p, i) => ({ ...p, id: 913_200 + i, time: p.time.replace('2026-11-22', '2026-11-23') })),
      ],
    };
    const forum = fakeForum(threadPages(grown));
    const crawler = createCrawler(deps(db, forum.fetchText));
    await crawler.restart(origin, String(longThread.threadId));
    await crawler.idle(`${origin}|${longThread.threadId}`);
    expect(forum.requested).toEqual([pageUrl(grown, 4), pageUrl(grown, 5)]);
    expect(await getThread(db, origin, String(longThread.threadId))).toMatchObject({ postCount: 30, pagesSeen: 5 });
    expect(await getCrawl(db, `${origin}|${longThread.threadId}`)).toMatchObject({ status: 'done', pageCount: 5, done: [5], pending: [] });
  });

  it('goes on after the worker was stopped mid-crawl, from where it was, and stores every post once', async () => {
    const db = freshDb();
    const pages = threadPages(longThread);
    const first = fakeForum(pages);
    await hostOpens(db, longThread, [1]);
    first.stopOn([pageUrl(longThread, 3)]);
    // The first worker reads page 2 and is stopped while page 3 is on its way.
    void createCrawler(deps(db, first.fetchText)).start({
      origin,
      threadId: String(longThread.threadId),
      engine: 'phpbb',
      url: pageUrl(longThread, 1),
      pageNumber: 1,
      pageCount: 4,
    });
    await expect.poll(() => first.requested.length).toBe(3);
    const midway = await getCrawl(db, `${origin}|${longThread.threadId}`);
    expect(midway).toMatchObject({ status: 'running', done: [2], pending: [3, 4], startUrl: pageUrl(longThread, 3) });

    // A new worker wakes up and resumes from the database alone.
    const second = fakeForum(pages);
    const woken = createCrawler(deps(db, second.fetchText));
    await woken.resume();
    await woken.idle(`${origin}|${longThread.threadId}`);
    expect(second.requested).toEqual([pageUrl(longThread, 3), pageUrl(longThread, 4)]);

    const posts = await getPosts(db, origin, String(longThread.threadId));
    expect(posts).toHaveLength(24);
    expect(new Set(posts.map((p) => p.postId)).size).toBe(24);
    expect(await getCrawl(db, `${origin}|${longThread.threadId}`)).toMatchObject({ status: 'done', done: [2, 3, 4], pending: [] });
  });

  it('refuses a next link to another site, and says so', async () => {
    const db = freshDb();
    const pages = threadPages(longThread);
    const elsewhere = 'https://mirror.elsewhere.example/viewtopic.php?t=77031&amp;start=12';
    const page2 = renderPage(longThread, 2).replace(/(<(?:a|link)\b[^>]*?)href="[^"]*"([^>]*rel="next")/g, `$1href="${elsewhere}"$2`);
    const next = parseFetchedPage(page2, pageUrl(longThread, 2), now);
    expect(next.supported && next.data.nextPageUrl).toBe('https://mirror.elsewhere.example/viewtopic.php?t=77031&start=12');
    pages.set(pageUrl(longThread, 2), page2);
    const forum = fakeForum(pages);
    await hostOpens(db, longThread, [1]);
    await crawlFrom(createCrawler(deps(db, forum.fetchText)), longThread, 1);

    expect(forum.requested.every((url) => url.startsWith(origin))).toBe(true);
    const row = await getCrawl(db, `${origin}|${longThread.threadId}`);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('refused to fetch https://mirror.elsewhere.example/viewtopic.php?t=77031&start=12');
    expect(row?.error).toContain(origin);
    expect(row?.pending).toEqual([3, 4]);
  });

  it('stops at a page it cannot read and names the selector and what it matched', async () => {
    const db = freshDb();
    const pages = threadPages(longThread);
    // A theme change renamed the post anchors (id="p913112" → id="post913112") on page 3.
    pages.set(pageUrl(longThread, 3), renderPage(longThread, 3).replace(/id="p(\d+)"/g, 'id="post$1"'));
    const forum = fakeForum(pages);
    await hostOpens(db, longThread, [1]);
    await crawlFrom(createCrawler(deps(db, forum.fetchText)), longThread, 1);

    const row = await getCrawl(db, `${origin}|${longThread.threadId}`);
    expect(row).toMatchObject({ status: 'failed', done: [2], pending: [3, 4] });
    expect(row?.error).toMatch(/could not read page 3/);
    expect(row?.error).toMatch(/phpbb\.postId matched 0/);
    expect(forum.requested).not.toContain(pageUrl(longThread, 4));
  });

  it('reports a page the forum will not serve', async () => {
    const db = freshDb();
    const pages = threadPages(longThread);
    pages.delete(pageUrl(longThread, 2));
    const forum = fakeForum(pages);
    await hostOpens(db, longThread, [1]);
    await crawlFrom(createCrawler(deps(db, forum.fetchText)), longThread, 1);
    const row = await getCrawl(db, `${origin}|${longThread.threadId}`);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('HTTP 404');
  });
});

describe('what the crawl tells the host', () => {
  it('names the pages it could not reach as ranges', () => {
    expect(ranges([2])).toBe('2');
    expect(ranges([2, 3, 4, 7, 9, 10])).toBe('2–4, 7, 9–10');
  });

  it('still names the pages before the first page it has when no page it read gives their address', async () => {
    const db = freshDb();
    const forum = fakeForum(threadPages(longThread));
    await hostOpens(db, longThread, [3]);
    // A forum whose pages show no page links and no address scheme (as a Discourse topic has none).
    const noLinks = (html: string, url: string): Promise<CrawlParse> => {
      const parsed = parseFetchedPage(html, url, now);
      if (!parsed.supported) return Promise.resolve(parsed);
      const { links: _links, ...rest } = parsed;
      return Promise.resolve(rest);
    };
    await crawlFrom(createCrawler(deps(db, forum.fetchText, { parse: noLinks })), longThread, 3);
    // Page 4 follows page 3's next link; pages 1 and 2 have no address Gavel could learn.
    expect(await getThread(db, origin, String(longThread.threadId))).toMatchObject({ pagesSeen: 2 });
    const row = await getCrawl(db, `${origin}|${longThread.threadId}`);
    expect(row).toMatchObject({ status: 'failed', pending: [1, 2] });
    expect(row?.error).toContain('could not reach pages 1–2');
    expect(row?.error).toContain("Open the thread's first page once");
  });
});

describe('the host opened the thread in the middle', () => {
  it('reads the pages before and after page 3 of 7, each once, and stores every post of the game once', async () => {
    const db = freshDb();
    const thread = threadOf(7);
    const forum = fakeForum(threadPages(thread));
    await hostOpens(db, thread, [3]);
    await crawlFrom(createCrawler(deps(db, forum.fetchText, { concurrency: 2 })), thread, 3);

    // Page 3 again (for its links), then pages 1–2 from its page links and 4–7 along the next links.
    expect([...forum.requested].sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => pageUrl(thread, n)).sort());
    expect(forum.requested[0]).toBe(pageUrl(thread, 3));
    expect(forum.maxInFlight()).toBeLessThanOrEqual(2);
    const row = await getCrawl(db, `${origin}|${thread.threadId}`);
    expect(row).toMatchObject({ status: 'done', pageCount: 7, pending: [], done: [1, 2, 4, 5, 6, 7], error: null });
    expect(await getThread(db, origin, String(thread.threadId))).toMatchObject({ postCount: 28, pagesSeen: 7 });
    const posts = await getPosts(db, origin, String(thread.threadId));
    expect(posts.map((p) => p.number)).toEqual(Array.from({ length: 28 }, (_, i) => i));
  });

  it('waits politely before every request, the earlier pages too', async () => {
    const db = freshDb();
    const thread = threadOf(5);
    const forum = fakeForum(threadPages(thread));
    await hostOpens(db, thread, [4]);
    const { pauses, sleep } = recordedPauses();
    const crawler = createCrawler(deps(db, forum.fetchText, { delayMs: 600, sleep }));
    await crawlFrom(crawler, thread, 4);
    expect(forum.requested).toHaveLength(5);
    expect(pauses).toEqual([600, 600, 600, 600, 600]);
  });

  it('walks back one page at a time on a forum whose pages link only to the page before', async () => {
    const db = freshDb();
    const thread = threadOf(4);
    const forum = fakeForum(threadPages(thread));
    await hostOpens(db, thread, [3]);
    const prevOnly = (html: string, url: string): Promise<CrawlParse> => {
      const parsed = parseFetchedPage(html, url, now);
      if (!parsed.supported) return Promise.resolve(parsed);
      const current = parsed.data.currentPage;
      const pages: Record<string, string> = current > 1 ? { [String(current - 1)]: pageUrl(thread, current - 1) } : {};
      return Promise.resolve({ ...parsed, links: { current, pages, scheme: null } });
    };
    await crawlFrom(createCrawler(deps(db, forum.fetchText, { parse: prevOnly })), thread, 3);
    expect(forum.requested.indexOf(pageUrl(thread, 2))).toBeLessThan(forum.requested.indexOf(pageUrl(thread, 1)));
    expect(new Set(forum.requested).size).toBe(forum.requested.length);
    expect(await getCrawl(db, `${origin}|${thread.threadId}`)).toMatchObject({ status: 'done', pending: [] });
    expect(await getThread(db, origin, String(thread.threadId))).toMatchObject({ postCount: 16, pagesSeen: 4 });
  });

  it('goes on after the worker was stopped while fetching page 1, and stores every post once', async () => {
    const db = freshDb();
    const thread = threadOf(6);
    const pages = threadPages(thread);
    const first = fakeForum(pages);
    await hostOpens(db, thread, [3]);
    first.stopOn([pageUrl(thread, 1)]);
    void createCrawler(deps(db, first.fetchText)).start({
      origin,
      threadId: String(thread.threadId),
      engine: 'phpbb',
      url: pageUrl(thread, 3),
      pageNumber: 3,
      pageCount: 6,
    });
    // Everything but page 1 is read; page 1 never answers before the worker is stopped.
    await expect.poll(async () => (await getCrawl(db, `${origin}|${thread.threadId}`))?.pending).toEqual([1]);
    expect(await getCrawl(db, `${origin}|${thread.threadId}`)).toMatchObject({ status: 'running' });
    expect(await getThread(db, origin, String(thread.threadId))).toMatchObject({ pagesSeen: 5 });

    const second = fakeForum(pages);
    const woken = createCrawler(deps(db, second.fetchText));
    await woken.resume();
    await woken.idle(`${origin}|${thread.threadId}`);
    // The woken worker reads the lowest page it has again for its links, then page 1.
    expect(second.requested).toEqual([pageUrl(thread, 2), pageUrl(thread, 1)]);
    const posts = await getPosts(db, origin, String(thread.threadId));
    expect(posts).toHaveLength(24);
    expect(new Set(posts.map((p) => p.postId)).size).toBe(24);
    expect(await getCrawl(db, `${origin}|${thread.threadId}`)).toMatchObject({ status: 'done', pending: [] });
  });

  it('reads the whole thread when the host tracks it with the panel on page 3, before the worker knows its length', async () => {
    const db = freshDb();
    const thread = threadOf(5);
    const forum = fakeForum(threadPages(thread));
    const crawler = createCrawler(deps(db, forum.fetchText));
    const base = storingHandlers(db);
    const handlers = crawlHandlers(base, { db: () => db, crawler, badges: { show: () => Promise.resolve() } });
    const threadId = String(thread.threadId);
    const tab: HandlerContext = { sender: { id: 'gavel', url: pageUrl(thread, 3), tab: { id: 9 } }, senderKind: 'content' };
    await handlers['thread/page-read'](pageReport(thread, 3), tab);
    await handlers['thread/track']({ origin, threadId }, tab);
    await crawler.idle(`${origin}|${threadId}`);
    expect(await handlers['thread/crawl-status']({ origin, threadId }, tab)).toEqual({
      status: 'done',
      pagesDone: 5,
      pageCount: 5,
      pending: [],
      error: null,
    });
    expect(await getThread(db, origin, threadId)).toMatchObject({ postCount: 20, pagesSeen: 5 });
    expect(new Set(forum.requested).size).toBe(forum.requested.length);
  });

  it('refuses an earlier page on another site, and says so', async () => {
    const db = freshDb();
    const forum = fakeForum(threadPages(longThread));
    await hostOpens(db, longThread, [2]);
    const elsewhere = 'https://mirror.elsewhere.example/viewtopic.php?t=77031';
    const firstElsewhere = (html: string, url: string): Promise<CrawlParse> => {
      const parsed = parseFetchedPage(html, url, now);
      if (!parsed.supported) return Promise.resolve(parsed);
      return Promise.resolve({ ...parsed, links: { current: parsed.data.currentPage, pages: { '1': elsewhere }, scheme: null } });
    };
    await crawlFrom(createCrawler(deps(db, forum.fetchText, { parse: firstElsewhere })), longThread, 2);
    expect(forum.requested.every((url) => url.startsWith(origin))).toBe(true);
    const row = await getCrawl(db, `${origin}|${longThread.threadId}`);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain(`refused to fetch ${elsewhere}`);
  });
});

describe("a page that lies about the thread's length", () => {
  const huge = 20_000_000;

  it('refuses to start from a page that claims to be page 20,000,000 of 20,000,000, and says why', async () => {
    const db = freshDb();
    const forum = fakeForum(threadPages(longThread));
    await hostOpens(db, longThread, [1]);
    const crawler = createCrawler(deps(db, forum.fetchText));
    await expect(
      crawler.start({
        origin,
        threadId: String(longThread.threadId),
        engine: 'phpbb',
        url: pageUrl(longThread, 1),
        pageNumber: huge,
        pageCount: huge,
      }),
    ).rejects.toThrow(/page 20,000,000; Gavel reads at most 10,000 pages/);
    expect(forum.requested).toEqual([]);
    expect(await getCrawl(db, `${origin}|${longThread.threadId}`)).toBeNull();
  });

  it('stops when a fetched page claims 20,000,000 pages, plans none of them, and keeps what it read', async () => {
    const db = freshDb();
    const forum = fakeForum(threadPages(longThread));
    await hostOpens(db, longThread, [1]);
    const page2Lies = (html: string, url: string): Promise<CrawlParse> => {
      const parsed = parseFetchedPage(html, url, now);
      if (!parsed.supported || parsed.data.currentPage !== 2) return Promise.resolve(parsed);
      return Promise.resolve({ ...parsed, data: { ...parsed.data, pageCount: huge } });
    };
    await crawlFrom(createCrawler(deps(db, forum.fetchText, { parse: page2Lies })), longThread, 1);
    const row = await getCrawl(db, `${origin}|${longThread.threadId}`);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('says the thread has 20,000,000 pages; Gavel reads at most 10,000 pages of a thread');
    expect(row?.pending.length).toBeLessThan(10);
    expect(forum.requested).toContain(pageUrl(longThread, 2));
    expect(forum.requested).not.toContain(pageUrl(longThread, 3));
    expect((await getPosts(db, origin, String(longThread.threadId))).length).toBe(longThread.perPage); // page 1 only: the lying page is not stored
  });

  it("stops at a page that calls itself page 20,000,000, and asks for no page past the thread's own", async () => {
    const db = freshDb();
    const forum = fakeForum(threadPages(longThread));
    await hostOpens(db, longThread, [1]);
    const lastLies = (html: string, url: string): Promise<CrawlParse> => {
      const parsed = parseFetchedPage(html, url, now);
      if (!parsed.supported || parsed.data.currentPage !== 4) return Promise.resolve(parsed);
      return Promise.resolve({ ...parsed, data: { ...parsed.data, currentPage: huge } });
    };
    await crawlFrom(createCrawler(deps(db, forum.fetchText, { parse: lastLies })), longThread, 1);
    const row = await getCrawl(db, `${origin}|${longThread.threadId}`);
    expect(row?.error).toContain('calls itself page 20,000,000');
    expect(row?.pending.length).toBeLessThan(10);
    const threadUrls = [1, 2, 3, 4].map((n) => pageUrl(longThread, n));
    expect(forum.requested.every((url) => threadUrls.includes(url))).toBe(true);
  });
});

describe('the crawl messages', () => {
  const content = (tabId: number): HandlerContext => ({
    sender: { id: 'gavel', url: pageUrl(longThread, 1), tab: { id: tabId } },
    senderKind: 'content',
  });

  it('starts the crawl when a page of a tracked thread is read, reports progress, and sets the badge on the tab', async () => {
    const db = freshDb();
    const forum = fakeForum(threadPages(longThread));
    const crawler = createCrawler(deps(db, forum.fetchText));
    const badges: Array<{ text: string; tabId: number }> = [];
    const base = storingHandlers(db);
    const board = createBadgeBoard(
      {
        setBadgeText: (d) => {
          badges.push(d);
          return Promise.resolve();
        },
      },
      () => db,
    );
    const handlers = crawlHandlers(base, { db: () => db, crawler, badges: board });
    const threadId = String(longThread.threadId);

    // Not tracked yet: reading page 1 stores it and crawls nothing.
    await handlers['thread/page-read'](pageReport(longThread, 1), content(7));
    expect(await handlers['thread/crawl-status']({ origin, threadId }, content(7))).toBeNull();

    await handlers['thread/track']({ origin, threadId }, content(7));
    const started = await handlers['thread/crawl-status']({ origin, threadId }, content(7));
    // Tracking from the panel says nothing of the thread's length: the crawl follows the next links to the end.
    expect(started).toEqual({ status: 'running', pageCount: null, pagesDone: 1, pending: [], error: null });
    await crawler.idle(`${origin}|${threadId}`);
    expect(await handlers['thread/crawl-status']({ origin, threadId }, content(7))).toEqual({
      status: 'done',
      pagesDone: 4,
      pageCount: 4,
      pending: [],
      error: null,
    });

    // The content script asks for the count after its page is stored: the badge follows.
    await handlers['thread/count']({ origin, threadId }, content(7));
    await expect.poll(() => badges.at(-1)).toEqual({ text: '3/4', tabId: 7 });
  });

  it('reads the end of a grown thread again when the host reloads its first page: new replies on the old last page and a new page', async () => {
    const db = freshDb();
    await hostOpens(db, longThread, [1, 2, 3, 4]);
    // Six more replies since the host last looked: the old last page filled up, and a fifth page began.
    const grown: DemoThread = {
      ...longThread,
      posts: [
        ...longThread.posts,
        ...longThread.posts.slice(1, 7).map((p, i) => ({ ...p, id: 913_300 + i, time: p.time.replace('2026-11-22', '2026-11-23') })),
      ],
    };
    const forum = fakeForum(threadPages(grown));
    const crawler = createCrawler(deps(db, forum.fetchText));
    const base = storingHandlers(db);
    const handlers = crawlHandlers(base, { db: () => db, crawler, badges: { show: () => Promise.resolve() } });
    await handlers['thread/page-read'](pageReport(grown, 1), content(3));
    await crawler.idle(`${origin}|${longThread.threadId}`);
    expect(forum.requested).toEqual([pageUrl(grown, 4), pageUrl(grown, 5)]);
    expect(await getThread(db, origin, String(longThread.threadId))).toMatchObject({ postCount: 30, pagesSeen: 5 });
  });

  it('reads the last page again when the host reloads the first page of a thread whose last page has filled up since', async () => {
    const db = freshDb();
    // The host read the thread when its last page had two replies fewer.
    const earlier: DemoThread = { ...longThread, posts: longThread.posts.slice(0, -2) };
    await hostOpens(db, earlier, [1, 2, 3, 4]);
    const forum = fakeForum(threadPages(longThread));
    const crawler = createCrawler(deps(db, forum.fetchText));
    const base = storingHandlers(db);
    const handlers = crawlHandlers(base, { db: () => db, crawler, badges: { show: () => Promise.resolve() } });
    await handlers['thread/page-read'](pageReport(longThread, 1), content(3));
    await crawler.idle(`${origin}|${longThread.threadId}`);
    expect(forum.requested).toEqual([pageUrl(longThread, 4)]);
    expect(await getThread(db, origin, String(longThread.threadId))).toMatchObject({ postCount: longThread.posts.length, pagesSeen: 4 });
  });

  it('counts a thread for the badge once per burst of pages, not once per page, and shows it on every tab of the thread', async () => {
    const db = freshDb();
    for (let page = 1; page <= pageCount(longThread); page++) await savePage(db, pageReport(longThread, page), now);
    await trackThread(db, origin, String(longThread.threadId), now);
    const shown: Array<{ text: string; tabId: number }> = [];
    const board = createBadgeBoard(
      {
        setBadgeText: (d) => {
          shown.push(d);
          return Promise.resolve();
        },
      },
      () => db,
    );
    // Twenty pages reported in a burst from two tabs (a host storing a long thread).
    const threadId = String(longThread.threadId);
    await Promise.all(Array.from({ length: 20 }, (_, i) => board.show(i % 2 === 0 ? 3 : 4, origin, threadId)));
    // One count for the first report and one for all the others that came while it ran: each sets both tabs at most.
    expect(shown.length).toBeLessThanOrEqual(4);
    expect(shown.filter((d) => d.tabId === 3).at(-1)).toEqual({ text: '3/4', tabId: 3 });
    expect(shown.filter((d) => d.tabId === 4).at(-1)).toEqual({ text: '3/4', tabId: 4 });
  });
});

describe('a Discourse topic, read from its JSON', () => {
  const forumOrigin = 'https://discourse.example.org';

  /** The topic's JSON pages (as a player gets them); the app page is served too, though the crawl should never need it. */
  function discourseForum(topic: Topic) {
    const pages = new Map<string, string>([[topicPageUrl(topic), topicAppPage(topic)]]);
    for (let n = 1; n <= jsonPageCount(topic); n++) pages.set(jsonPageUrl(topic, n), topicJsonPage(topic, n));
    return fakeForum(pages);
  }

  /** What the content script sends from the app page a host opened: the topic named, no posts drawn yet. */
  function appPageReport(topic: Topic, url = topicPageUrl(topic)): PageReport {
    const parsed = parseFetchedPage(topicAppPage(topic), url, now);
    if (!parsed.supported) throw new Error('the app page was not recognised');
    return {
      thread: { origin: forumOrigin, threadId: String(topic.id), title: topic.title },
      engine: parsed.engine,
      url,
      pageNumber: parsed.data.currentPage,
      pageCount: parsed.data.pageCount ?? parsed.data.currentPage,
      contentHash: hashPosts(parsed.data.posts),
      posts: parsed.data.posts,
    };
  }

  async function trackFromAppPage(db: GavelDatabase, crawler: Crawler, topic: Topic, url = topicPageUrl(topic)): Promise<void> {
    const report = appPageReport(topic, url);
    await savePage(db, report, now);
    await trackThread(db, forumOrigin, String(topic.id), now);
    await crawler.start({
      origin: forumOrigin,
      threadId: String(topic.id),
      engine: report.engine,
      url,
      pageNumber: report.pageNumber,
      pageCount: report.pageCount,
    });
    await crawler.idle(`${forumOrigin}|${topic.id}`);
  }

  it('reads every page of a 45-post game from the topic JSON, never the app page, and stores each post once', async () => {
    const db = freshDb();
    const topic = gameTopic(forumOrigin, 45);
    const forum = discourseForum(topic);
    await trackFromAppPage(db, createCrawler(deps(db, forum.fetchText)), topic);

    expect(forum.requested).toEqual([1, 2, 3].map((n) => jsonPageUrl(topic, n)));
    expect(await getCrawl(db, `${forumOrigin}|${topic.id}`)).toMatchObject({ status: 'done', pageCount: 3, pending: [], error: null });
    expect(await getThread(db, forumOrigin, String(topic.id))).toMatchObject({ engine: 'discourse', postCount: 45, pagesSeen: 3 });
    const posts = await getPosts(db, forumOrigin, String(topic.id));
    expect(posts.map((p) => p.number)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(posts[0]?.postId).toBe('80000');
  });

  it('reads the topic again when asked, and still has each post once', async () => {
    const db = freshDb();
    const topic = gameTopic(forumOrigin, 45);
    const forum = discourseForum(topic);
    const crawler = createCrawler(deps(db, forum.fetchText));
    await trackFromAppPage(db, crawler, topic);
    await crawler.restart(forumOrigin, String(topic.id));
    await crawler.idle(`${forumOrigin}|${topic.id}`);
    expect(forum.requested.slice(3)).toEqual([jsonPageUrl(topic, 3)]);
    expect(await getThread(db, forumOrigin, String(topic.id))).toMatchObject({ postCount: 45, pagesSeen: 3 });
    expect(await getPosts(db, forumOrigin, String(topic.id))).toHaveLength(45);
  });

  it('reads the pages before when the host opened ?page=3 of the topic', async () => {
    const db = freshDb();
    const topic = gameTopic(forumOrigin, 60);
    const forum = discourseForum(topic);
    await trackFromAppPage(db, createCrawler(deps(db, forum.fetchText)), topic, `${topicPageUrl(topic)}?page=3`);
    expect([...forum.requested].sort()).toEqual([1, 2, 3].map((n) => jsonPageUrl(topic, n)).sort());
    expect(forum.requested[0]).toBe(jsonPageUrl(topic, 3));
    expect(await getPosts(db, forumOrigin, String(topic.id))).toHaveLength(60);
  });

  it('leaves out deleted posts and "closed this topic" lines, and finishes on a last page holding only such a line', async () => {
    const db = freshDb();
    const topic = gameTopic(forumOrigin, 21, {
      5: { username: 'bob_smith', cooked: '<p><strong>Vote: alice</strong></p>', deletedAt: '2026-11-20T19:00:00.000Z' },
      21: { username: 'system', cooked: '', postType: 3, actionCode: 'closed.enabled' },
    });
    const forum = discourseForum(topic);
    await trackFromAppPage(db, createCrawler(deps(db, forum.fetchText)), topic);
    expect(await getCrawl(db, `${forumOrigin}|${topic.id}`)).toMatchObject({ status: 'done', pageCount: 1, error: null });
    const numbers = (await getPosts(db, forumOrigin, String(topic.id))).map((p) => p.number);
    expect(numbers).toHaveLength(19);
    expect(numbers).not.toContain(5);
    expect(numbers).not.toContain(21);
  });

  it('keeps the bold vote of a post whose cooked HTML came inside the JSON', () => {
    const topic = gameTopic(forumOrigin, 3);
    const parsed = parseFetchedPage(topicJsonPage(topic, 1), jsonPageUrl(topic, 1), now);
    expect(parsed.supported).toBe(true);
    if (!parsed.supported) return;
    const body = JSON.stringify(parsed.data.posts[1]?.body);
    expect(body).toContain('Vote: ');
    expect(body).toContain('"bold":true');
  });
});

describe('a forum that says "too many requests"', () => {
  const forumOrigin = 'https://discourse.example.org';

  /** A Discourse forum that answers the listed pages with HTTP 429 (and the given Retry-After) that many times first. */
  function busyForum(topic: Topic, busy: ReadonlyMap<string, { times: number; retryAfter: string | null }>) {
    const inner = fakeForum(
      new Map(Array.from({ length: jsonPageCount(topic) }, (_, i) => [jsonPageUrl(topic, i + 1), topicJsonPage(topic, i + 1)] as const)),
    );
    const left = new Map([...busy].map(([url, b]) => [url, b.times]));
    const fetchText = async (url: string): Promise<string> => {
      const times = left.get(url) ?? 0;
      if (times > 0) {
        left.set(url, times - 1);
        inner.requested.push(url);
        throw new HttpStatusError(url, 429, busy.get(url)?.retryAfter ?? null);
      }
      return inner.fetchText(url);
    };
    return { fetchText, requested: inner.requested };
  }

  async function crawlTopic(
    db: GavelDatabase,
    topic: Topic,
    fetchText: (url: string) => Promise<string>,
    sleep: (ms: number) => Promise<void>,
  ) {
    const crawler = createCrawler(deps(db, fetchText, { sleep, delayMs: 1000 }));
    await trackThread(db, forumOrigin, String(topic.id), now);
    await crawler.start({
      origin: forumOrigin,
      threadId: String(topic.id),
      engine: 'discourse',
      url: topicPageUrl(topic),
      pageNumber: null,
      pageCount: null,
    });
    await crawler.idle(`${forumOrigin}|${topic.id}`);
    return getCrawl(db, `${forumOrigin}|${topic.id}`);
  }

  it('waits as long as Retry-After asks, then reads the page and the rest of the topic', async () => {
    const db = freshDb();
    const topic = gameTopic(forumOrigin, 45);
    const forum = busyForum(topic, new Map([[jsonPageUrl(topic, 2), { times: 1, retryAfter: '7' }]]));
    const { pauses, sleep } = recordedPauses();
    const row = await crawlTopic(db, topic, forum.fetchText, sleep);
    expect(row).toMatchObject({ status: 'done', pageCount: 3, error: null });
    expect(forum.requested).toEqual([1, 2, 2, 3].map((n) => jsonPageUrl(topic, n)));
    expect(pauses).toContain(7000);
    expect(await getPosts(db, forumOrigin, String(topic.id))).toHaveLength(45);
  });

  it('waits at most two minutes however long the forum asks, and 5 s doubling when it does not say', async () => {
    const db = freshDb();
    const topic = gameTopic(forumOrigin, 10);
    const forum = busyForum(topic, new Map([[jsonPageUrl(topic, 1), { times: 3, retryAfter: null }]]));
    const { pauses, sleep } = recordedPauses();
    expect(await crawlTopic(db, topic, forum.fetchText, sleep)).toMatchObject({ status: 'done', error: null });
    expect(pauses.filter((ms) => ms !== 1000)).toEqual([5000, 10_000, 20_000]);

    expect(retryWaitMs('3600', now, 0)).toBe(longestRetryWaitMs);
    expect(retryWaitMs(new Date(now + 30_000).toUTCString(), now, 0)).toBe(30_000);
    expect(retryWaitMs(new Date(now - 30_000).toUTCString(), now, 0)).toBe(0);
    expect(retryWaitMs('soon', now, 1)).toBe(10_000);
  });

  it('stops, and says why, when the forum keeps saying it', async () => {
    const db = freshDb();
    const topic = gameTopic(forumOrigin, 10);
    const forum = busyForum(topic, new Map([[jsonPageUrl(topic, 1), { times: 100, retryAfter: '1' }]]));
    const { sleep } = recordedPauses();
    const row = await crawlTopic(db, topic, forum.fetchText, sleep);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('HTTP 429');
    expect(forum.requested).toHaveLength(retriesAfter429 + 1);
  });
});
