// The crawl follows redirects by hand: every hop is checked to be on the
// thread's own site before it is asked for, and the number of hops is bounded.
// Against a fake forum (phpBB pages this project renders) whose addresses may
// answer with a redirect, and an in-memory IndexedDB.
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import {
  createCrawler,
  CrawlStop,
  fetchFollowingRedirects,
  maxRedirects,
  type CrawlDeps,
  type FetchAnswer,
} from '../../extension/background/crawl';
import { createRedirectWatch, type RedirectDetails, type RedirectEvents } from '../../extension/background/redirect-watch';
import { hashPosts } from '../../extension/content/page-hash';
import { parseFetchedPage } from '../../extension/offscreen/parse-page';
import { getCrawl, storedPages } from '../../extension/storage/crawls';
import { getPosts, savePage, trackThread } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';
import { longThread } from '../../scripts/forum-pages/long-thread';
import { pageCount, pageUrl, renderPage } from '../../scripts/forum-pages/phpbb';

const freshDb = freshDatabases('gavel-crawl-redirects-test');
const origin = 'https://forum.mafiascum.net';
const now = Date.UTC(2026, 10, 26, 12, 0);
const key = `${origin}|${longThread.threadId}`;

/** A forum whose addresses answer with a page or a redirect, recording every request. */
function redirectingForum(redirects: ReadonlyMap<string, string | null>, pages = new Map<string, string>()) {
  for (let n = 1; n <= pageCount(longThread); n++)
    if (!pages.has(pageUrl(longThread, n))) pages.set(pageUrl(longThread, n), renderPage(longThread, n));
  const requested: string[] = [];
  const fetchPage = async (url: string): Promise<FetchAnswer> => {
    requested.push(url);
    await new Promise((done) => setTimeout(done, 1));
    if (redirects.has(url)) return { redirect: true, location: redirects.get(url) ?? null };
    const html = pages.get(url);
    if (html === undefined) throw new Error(`${url} answered HTTP 404`);
    return html;
  };
  return { fetchPage, requested, pages };
}

function deps(db: GavelDatabase, fetchPage: (url: string) => Promise<FetchAnswer>): CrawlDeps {
  return {
    db: () => db,
    fetchPage,
    parse: (html, url) => Promise.resolve(parseFetchedPage(html, url, now)),
    now: () => now,
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
    delayMs: 0,
  };
}

/** The host opened page 1 and tracked the thread; the crawl goes on from page 1. */
async function crawlFromPage1(db: GavelDatabase, fetchPage: (url: string) => Promise<FetchAnswer>): Promise<void> {
  const html = renderPage(longThread, 1);
  const parsed = parseFetchedPage(html, pageUrl(longThread, 1), now);
  if (!parsed.supported) throw new Error('page 1 did not parse');
  await savePage(
    db,
    {
      thread: { origin, threadId: String(longThread.threadId), title: longThread.title },
      engine: parsed.engine,
      url: pageUrl(longThread, 1),
      pageNumber: 1,
      pageCount: parsed.data.pageCount ?? 1,
      contentHash: hashPosts(parsed.data.posts),
      posts: parsed.data.posts,
    },
    now,
  );
  await trackThread(db, origin, String(longThread.threadId), now);
  const crawler = createCrawler(deps(db, fetchPage));
  await crawler.start({
    origin,
    threadId: String(longThread.threadId),
    engine: 'phpbb',
    url: pageUrl(longThread, 1),
    pageNumber: 1,
    pageCount: parsed.data.pageCount,
  });
  await crawler.idle(key);
}

/** Page `n` with its next link (and any other link to page `n + 1`) pointing at `to`. */
function withNextLink(n: number, to: string): string {
  const next = new URL(pageUrl(longThread, n + 1));
  const escaped = to.replaceAll('&', '&amp;');
  return renderPage(longThread, n)
    .replaceAll(next.href.replaceAll('&', '&amp;'), escaped)
    .replaceAll(`.${next.pathname}${next.search}`.replaceAll('&', '&amp;'), escaped);
}

describe('the crawl follows a redirect on the thread’s own site', () => {
  it('asks for the target only after checking it, stores the page under its real address, and reads the rest', async () => {
    const db = freshDb();
    const hop = `${origin}/viewtopic.php?p=700012#p700012`;
    const pages = new Map([[pageUrl(longThread, 2), withNextLink(2, hop)]]);
    expect(parseFetchedPage(pages.get(pageUrl(longThread, 2)) ?? '', pageUrl(longThread, 2), now)).toMatchObject({
      data: { nextPageUrl: hop },
    });
    // The forum answers the post link with a relative redirect to page 3.
    const page3 = new URL(pageUrl(longThread, 3));
    const forum = redirectingForum(new Map([[hop, `${page3.pathname}${page3.search}`]]), pages);
    await crawlFromPage1(db, forum.fetchPage);

    expect(forum.requested).toEqual([pageUrl(longThread, 1), pageUrl(longThread, 2), hop, pageUrl(longThread, 3), pageUrl(longThread, 4)]);
    expect(await getCrawl(db, key)).toMatchObject({ status: 'done', pageCount: 4, pending: [], error: null });
    expect((await storedPages(db, key)).get(3)?.url).toBe(pageUrl(longThread, 3));
    expect((await getPosts(db, origin, String(longThread.threadId))).length).toBe(24);
  });
});

describe('the crawl never asks another site', () => {
  it('stops at a redirect to another origin without requesting it, and names both addresses', async () => {
    const db = freshDb();
    const hop = `${origin}/go.php?to=3`;
    const elsewhere = 'https://collector.elsewhere.example/log?session=1';
    const forum = redirectingForum(new Map([[hop, elsewhere]]), new Map([[pageUrl(longThread, 2), withNextLink(2, hop)]]));
    await crawlFromPage1(db, forum.fetchPage);

    expect(forum.requested).toEqual([pageUrl(longThread, 1), pageUrl(longThread, 2), hop]);
    expect(forum.requested.some((url) => !url.startsWith(`${origin}/`))).toBe(false);
    const row = await getCrawl(db, key);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain(hop);
    expect(row?.error).toContain(elsewhere);
    expect(row?.error).toContain(`not on the thread's own site (${origin})`);
    // What was read before the redirect is kept.
    expect([...(await storedPages(db, key)).keys()].sort()).toEqual([1, 2]);
  });

  it('does not follow http: on the same host (another origin) either', async () => {
    const db = freshDb();
    const hop = `${origin}/go.php?to=3`;
    const downgraded = pageUrl(longThread, 3).replace('https:', 'http:');
    const forum = redirectingForum(new Map([[hop, downgraded]]), new Map([[pageUrl(longThread, 2), withNextLink(2, hop)]]));
    await crawlFromPage1(db, forum.fetchPage);
    expect(forum.requested).not.toContain(downgraded);
    expect((await getCrawl(db, key))?.error).toContain(downgraded);
  });

  it('stops at a redirect the browser does not say the target of, asking nothing more', async () => {
    const db = freshDb();
    const hop = `${origin}/go.php?to=3`;
    const forum = redirectingForum(new Map([[hop, null]]), new Map([[pageUrl(longThread, 2), withNextLink(2, hop)]]));
    await crawlFromPage1(db, forum.fetchPage);
    expect(forum.requested).toEqual([pageUrl(longThread, 1), pageUrl(longThread, 2), hop]);
    const row = await getCrawl(db, key);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain(`${hop} redirects elsewhere and the browser does not say where`);
  });
});

describe('redirects are bounded', () => {
  it('stops a redirect loop after one round, and says so', async () => {
    const db = freshDb();
    const a = `${origin}/go.php?to=a`;
    const b = `${origin}/go.php?to=b`;
    const forum = redirectingForum(
      new Map([
        [a, b],
        [b, a],
      ]),
      new Map([[pageUrl(longThread, 2), withNextLink(2, a)]]),
    );
    await crawlFromPage1(db, forum.fetchPage);
    expect(forum.requested).toEqual([pageUrl(longThread, 1), pageUrl(longThread, 2), a, b]);
    const row = await getCrawl(db, key);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain(`${a} redirects in a loop`);
  });

  it(`follows at most ${maxRedirects} redirects from one address`, async () => {
    const hops = Array.from({ length: 20 }, (_, i) => `${origin}/go.php?hop=${i}`);
    const forum = redirectingForum(new Map(hops.map((url, i) => [url, hops[i + 1] ?? null])));
    const reading = fetchFollowingRedirects(forum.fetchPage, hops[0] ?? '', origin);
    await expect(reading).rejects.toBeInstanceOf(CrawlStop);
    await expect(reading).rejects.toThrow(`redirected more than ${maxRedirects} times`);
    expect(forum.requested).toEqual(hops.slice(0, maxRedirects + 1));
  });

  it(`reads a page ${maxRedirects} redirects away`, async () => {
    const hops = Array.from({ length: maxRedirects }, (_, i) => `${origin}/go.php?hop=${i}`);
    const target = pageUrl(longThread, 2);
    const forum = redirectingForum(new Map(hops.map((url, i) => [url, hops[i + 1] ?? target])));
    const read = await fetchFollowingRedirects(forum.fetchPage, hops[0] ?? '', origin);
    expect(read.url).toBe(target);
    expect(read.text).toBe(renderPage(longThread, 2));
    expect(forum.requested).toEqual([...hops, target]);
  });

  it('refuses to start on an address of another site', async () => {
    const forum = redirectingForum(new Map());
    await expect(fetchFollowingRedirects(forum.fetchPage, 'https://elsewhere.example/viewtopic.php?t=1', origin)).rejects.toThrow(
      "not on the thread's own site",
    );
    expect(forum.requested).toEqual([]);
  });
});

/** A stand-in for `webRequest.onBeforeRedirect` that the test fires by hand. */
function fakeEvents(): RedirectEvents & { fire(details: RedirectDetails): void; listeners(): number } {
  const listeners = new Set<(details: RedirectDetails) => void>();
  return {
    addListener: (l) => void listeners.add(l),
    removeListener: (l) => void listeners.delete(l),
    fire: (details) => {
      for (const l of listeners) l(details);
    },
    listeners: () => listeners.size,
  };
}

describe('where a redirect of the worker’s own request points (webRequest.onBeforeRedirect)', () => {
  const own = 'chrome-extension://abcdefghijklmnop/';
  const never = (): Promise<void> => new Promise(() => undefined);
  const url = `${origin}/go.php?to=3`;

  it('gives the target the browser reported for the request, and listens only while a request waits', async () => {
    const events = fakeEvents();
    const redirects = createRedirectWatch(events, own, never);
    expect(events.listeners()).toBe(0);
    const watch = redirects.watch(`${url}#post`);
    expect(events.listeners()).toBe(1);
    events.fire({ url, redirectUrl: pageUrl(longThread, 3), tabId: -1, initiator: 'chrome-extension://abcdefghijklmnop' });
    expect(await watch.location(5000)).toBe(pageUrl(longThread, 3));
    watch.stop();
    expect(events.listeners()).toBe(0);
  });

  it('waits for a report that comes after the response', async () => {
    const events = fakeEvents();
    const watch = createRedirectWatch(events, own, never).watch(url);
    const location = watch.location(5000);
    events.fire({ url, redirectUrl: `${origin}/later`, tabId: -1, originUrl: `${own}background.html` });
    expect(await location).toBe(`${origin}/later`);
  });

  it("ignores a tab's request, another extension's or a site's, and another address", async () => {
    const events = fakeEvents();
    let elapse = (): void => undefined;
    const watch = createRedirectWatch(events, own, () => new Promise((done) => (elapse = done))).watch(url);
    events.fire({ url, redirectUrl: 'https://a.example/', tabId: 7 });
    events.fire({ url, redirectUrl: 'https://b.example/', tabId: -1, initiator: 'https://forum.mafiascum.net' });
    events.fire({ url, redirectUrl: 'https://c.example/', tabId: -1, initiator: 'chrome-extension://abcdefghijklmnopq' });
    events.fire({ url: `${origin}/other`, redirectUrl: 'https://d.example/', tabId: -1 });
    const location = watch.location(5000);
    elapse();
    expect(await location).toBeNull();
  });

  it('says nothing where the browser gives no webRequest', async () => {
    const watch = createRedirectWatch(null, own, never).watch(url);
    expect(await watch.location(5000)).toBeNull();
  });
});
