/**
 * The worker's thread crawl: it fetches the pages of a tracked thread that
 * Gavel has not stored, parses them with the same adapters the content script
 * uses, and stores them with `savePage`.
 *
 * Later pages come from the forum's own next links (reliable on every engine):
 * the crawl goes on from the page the cursor in the `crawls` row names, or
 * else from the stored page just before each gap. Earlier pages, when the host
 * first opened the thread in the middle, come from the links the lowest page
 * read shows (its numbered page links, `rel="prev"`/`"first"`, or the
 * engine's address scheme: see src/parsers/page-links.ts), fetched side by
 * side; where a page shows none of these, the lowest page fetched goes on with
 * its own. Only the thread's own origin is fetched: redirects are followed
 * by hand, each hop checked before it is asked for (`fetchFollowingRedirects`).
 * At most `concurrency` requests are in flight, each followed by a polite
 * pause before its slot is used again.
 *
 * The `crawls` row is the truth: the browser may stop the worker at any
 * moment, and `resume` goes on from the row and the stored pages. `savePage`
 * is idempotent, so a page fetched again after a stop is stored once.
 *
 * A forum that answers HTTP 429 (too many requests) is given the time its
 * `Retry-After` asks for (at most `longestRetryWaitMs`), during which no request
 * of the crawl goes out, and asked again, up to `retriesAfter429` times.
 * A Discourse topic is read from its JSON (`/t/{id}.json?page=N`), not its app page.
 */
import { crawlAddressOf, pageUrlOf, type PageLinks, type ParseIssue, type ThreadPage } from '../../src/parsers';
import { hashPosts } from '../content/page-hash';
import { GavelError } from '../shared/errors';
import { countedMessage, engineMessage, word, type EngineMessage } from '../../src/engine/words';
import type { PageReport, ThreadSummary } from '../shared/protocol';
import { threadKey as keyOf } from '../shared/protocol';
import {
  beginCrawl,
  finishCrawl,
  getCrawl,
  maxThreadPages,
  pageClaimMessage,
  pageClaimProblem,
  recordCrawledPage,
  runningCrawls,
  storedPages,
  type CrawlRow,
  type CrawlStart,
} from '../storage/crawls';
import { savePage, trackThread } from '../storage/repository';
import type { GavelDatabase } from '../storage/schema';

/** What parsing a fetched page gives: the adapters' result, or why the page is not a thread page. */
export type CrawlParse =
  | {
      readonly supported: true;
      readonly engine: string;
      readonly data: ThreadPage;
      readonly issues: readonly ParseIssue[];
      /** Where the thread's other pages are, as this page shows (absent: it shows nothing the crawl can use). */
      readonly links?: PageLinks;
    }
  | { readonly supported: false; readonly reason: string };

/**
 * What one request answers: the page's text, or a redirect and where it points
 * (`location` null when the browser would not say). The request itself is
 * never followed to another address: the crawl decides each hop.
 */
export type FetchAnswer = string | { readonly redirect: true; readonly location: string | null };

export interface CrawlDeps {
  readonly db: () => GavelDatabase;
  /**
   * Fetches one address with the user's own session, without following a
   * redirect (the crawl checks where each one points before asking for it);
   * throws on a network error or an answer that is neither 2xx nor a redirect.
   */
  readonly fetchPage: (url: string) => Promise<FetchAnswer>;
  /** Parses a page's HTML with the src/parsers adapters (directly, or in an offscreen document). */
  readonly parse: (html: string, url: string) => Promise<CrawlParse>;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** The pause after each request before its slot is used again. @default 1000 */
  readonly delayMs?: number;
  /** Requests in flight at once. @default 2 */
  readonly concurrency?: number;
  /** Called after every stored page and when a crawl ends. */
  readonly onProgress?: (row: CrawlRow) => void;
}

/** A reason to stop the crawl, in words a host can act on. */
export class CrawlStop extends Error {
  constructor(
    message: string,
    /** The same as a message for the host's language. */
    readonly words: EngineMessage,
  ) {
    super(message);
  }
}

/** A forum's answer that was not 2xx, with what it said about when to ask again. */
export class HttpStatusError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    /** The `Retry-After` header as sent (seconds or an HTTP date), null when absent. */
    readonly retryAfter: string | null = null,
  ) {
    super(`${url} answered HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

/** How many times a page answered with HTTP 429 is asked for again before the crawl stops. */
export const retriesAfter429 = 4;
/** The longest wait a `Retry-After` gets: a forum asking for more is asked again after this. */
export const longestRetryWaitMs = 120_000;
/** The wait after a 429 without a readable `Retry-After`: 5 s, doubling with each retry. */
const defaultRetryWaitMs = 5_000;

/**
 * How long to wait before asking again after an HTTP 429: its `Retry-After`
 * (delay-seconds or an HTTP date, RFC 9110 §10.2.3), bounded to
 * [0, `longestRetryWaitMs`]; without one, 5 s doubling per retry.
 */
export function retryWaitMs(retryAfter: string | null, now: number, attempt: number): number {
  const fallback = Math.min(longestRetryWaitMs, defaultRetryWaitMs * 2 ** attempt);
  const value = (retryAfter ?? '').trim();
  if (value === '') return fallback;
  if (/^\d{1,10}$/.test(value)) return Math.min(longestRetryWaitMs, Number(value) * 1000);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return fallback;
  return Math.min(longestRetryWaitMs, Math.max(0, at - now));
}

/** The crawl's request slots: at most `size` requests at once, and a pause for all of them when the forum asks for one. */
interface Slots {
  <T>(task: () => Promise<T>): Promise<T>;
  /** No request starts in the next `ms` milliseconds (the ones running finish). */
  holdOff(ms: number): void;
}

/** At most `size` holders at once; a holder's slot is freed `pause` ms after it lets go. */
function limiter(size: number, pause: number, sleep: (ms: number) => Promise<void>): Slots {
  let busy = 0;
  let gate: Promise<void> = Promise.resolve();
  const waiting: Array<() => void> = [];
  const acquire = (): Promise<void> => {
    if (busy < size) {
      busy++;
      return Promise.resolve();
    }
    return new Promise((grant) => waiting.push(grant));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next === undefined) busy--;
    else next();
  };
  const slots = async <T>(task: () => Promise<T>): Promise<T> => {
    await acquire();
    try {
      // Waits out the hold-off, and any set meanwhile.
      for (let current = gate; ; current = gate) {
        await current;
        if (current === gate) break;
      }
      return await task();
    } finally {
      if (pause > 0) void sleep(pause).then(release);
      else release();
    }
  };
  return Object.assign(slots, {
    holdOff(ms: number): void {
      gate = Promise.all([gate, sleep(ms)]).then(() => undefined);
    },
  });
}

/** One request's answer, asked for again after the time the forum gives when it answers HTTP 429. */
async function fetchPolitely(deps: CrawlDeps, url: string, slot: Slots): Promise<FetchAnswer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await slot(() => deps.fetchPage(url));
    } catch (error) {
      if (!(error instanceof HttpStatusError) || error.status !== 429) throw error;
      if (attempt >= retriesAfter429) {
        throw new CrawlStop(
          `The forum kept answering ${url} with "too many requests" (HTTP 429), ${attempt + 1} times; Gavel stopped reading. Ask it again later.`,
          countedMessage('crawl/too-many-requests', attempt + 1, word.text(url)),
        );
      }
      slot.holdOff(retryWaitMs(error.retryAfter, deps.now(), attempt));
    }
  }
}

/** The most redirects the crawl follows from one address before it gives up on it. */
export const maxRedirects = 5;

/**
 * Fetches `url`, following its redirects by hand: each hop's target is checked
 * to be on `origin` before it is asked for, so a page (or a forum's redirect)
 * cannot send the user's session to another site. At most `maxRedirects` hops;
 * a loop, a target on another site, or one the browser will not name stops
 * the crawl of that page with both addresses named. `fetchOne` asks for one
 * address and does not follow (the crawl's slots and 429 handling wrap it).
 * Returns the page's text and the address it was finally read from.
 */
export async function fetchFollowingRedirects(
  fetchOne: (url: string) => Promise<FetchAnswer>,
  url: string,
  origin: string,
): Promise<{ readonly url: string; readonly text: string }> {
  const visited = new Set<string>();
  let current = url;
  for (let hop = 0; ; hop++) {
    if (!sameOrigin(current, origin)) {
      throw new CrawlStop(
        `Gavel refused to fetch ${current}: it is not on the thread's own site (${origin}).`,
        engineMessage('crawl/off-site', word.text(current), word.text(origin)),
      );
    }
    visited.add(current);
    const answer = await fetchOne(current);
    if (typeof answer === 'string') return { url: current, text: answer };
    if (answer.location === null) {
      throw new CrawlStop(
        `${current} redirects elsewhere and the browser does not say where, so Gavel did not follow it${current === url ? '' : ` (Gavel was reading ${url})`}.`,
        current === url
          ? engineMessage('crawl/redirect-unnamed', word.text(current))
          : engineMessage('crawl/redirect-unnamed-while', word.text(current), word.text(url)),
      );
    }
    let target: string;
    try {
      target = new URL(answer.location, current).href;
    } catch {
      throw new CrawlStop(
        `${current} redirects to "${answer.location}", which is not an address; Gavel did not follow it.`,
        engineMessage('crawl/redirect-not-address', word.text(current), word.text(answer.location)),
      );
    }
    if (!sameOrigin(target, origin)) {
      throw new CrawlStop(
        `${current} redirects to ${target}, which is not on the thread's own site (${origin}); Gavel did not follow it${current === url ? '' : ` (Gavel was reading ${url})`}.`,
        current === url
          ? engineMessage('crawl/redirect-off-site', word.text(current), word.text(target), word.text(origin))
          : engineMessage('crawl/redirect-off-site-while', word.text(current), word.text(target), word.text(origin), word.text(url)),
      );
    }
    if (visited.has(target)) {
      throw new CrawlStop(
        `${url} redirects in a loop (back to ${target}); Gavel stopped following it.`,
        engineMessage('crawl/redirect-loop', word.text(url), word.text(target)),
      );
    }
    if (hop + 1 > maxRedirects) {
      throw new CrawlStop(
        `${url} redirected more than ${maxRedirects} times (last to ${target}); Gavel stopped following it.`,
        countedMessage('crawl/redirect-too-many', maxRedirects, word.text(url), word.text(target)),
      );
    }
    current = target;
  }
}

function threadIdOf(row: CrawlRow): string {
  return row.threadKey.slice(row.origin.length + 1);
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** Page numbers as a reader writes them: "2, 5–9". */
export function ranges(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length;) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === (pages[j] ?? 0) + 1) j++;
    parts.push(j === i ? String(pages[i]) : `${pages[i]}–${pages[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Page numbers below `page` with no stored page below it: the pages before the first page Gavel has. */
function leadingGap(page: number, stored: ReadonlyMap<number, unknown>): number[] {
  for (const n of stored.keys()) if (n < page) return [];
  return Array.from({ length: Math.max(0, Math.min(page, maxThreadPages + 1) - 1) }, (_, i) => i + 1);
}

/**
 * Where to go on from: the cursor if it names a page not stored yet, else the
 * stored page before each gap, and the lowest stored page when pages before it
 * are missing (its links lead back to them).
 */
function entryPoints(
  row: CrawlRow,
  stored: ReadonlyMap<number, { readonly url: string }>,
  useCursor: boolean,
): { readonly cursor: boolean; readonly entries: string[] } {
  const storedUrls = new Set([...stored.values()].map((p) => p.url));
  if (useCursor && !storedUrls.has(row.startUrl)) return { cursor: true, entries: [row.startUrl] };
  const entries: string[] = [];
  const lowest = stored.size === 0 ? undefined : stored.get(Math.min(...stored.keys()));
  if (lowest !== undefined && row.pending.some((n) => n < Math.min(...stored.keys()))) entries.push(lowest.url);
  for (const n of row.pending) {
    if (stored.has(n)) continue;
    const before = stored.get(n - 1);
    if (before !== undefined) entries.push(before.url);
  }
  if (row.pageCount === null && stored.size > 0) {
    // The thread's length is not known: follow the last stored page's next link to the end.
    const last = stored.get(Math.max(...stored.keys()));
    if (last !== undefined) entries.push(last.url);
  }
  return { cursor: false, entries: [...new Set(entries)] };
}

/** A page the crawl fetched and stored (or found stored unchanged). */
interface ReadPage {
  readonly page: ThreadPage;
  readonly links: PageLinks | null;
  /** Whether this fetch stored it (false: stored unchanged already). */
  readonly saved: boolean;
  /** The crawl's row after the page was recorded; null or not running when the crawl was stopped or restarted meanwhile. */
  readonly row: CrawlRow | null;
}

/**
 * Fetches one page of the thread, checks it is a readable page of this thread
 * on its own site, stores it when it is new or changed, and records it in the
 * crawl's row. `cursor` says, from the page and the pages now stored, where the
 * crawl goes on from (null: leave the cursor as it is).
 */
async function readPage(
  deps: CrawlDeps,
  row: CrawlRow,
  url: string,
  slot: Slots,
  cursor: (page: ThreadPage, stored: ReadonlyMap<number, unknown>) => string | null,
): Promise<ReadPage> {
  const db = deps.db();
  const threadId = threadIdOf(row);
  if (!sameOrigin(url, row.origin)) {
    throw new CrawlStop(
      `Gavel refused to fetch ${url}: it is not on the thread's own site (${row.origin}).`,
      engineMessage('crawl/off-site', word.text(url), word.text(row.origin)),
    );
  }
  const fetched = await fetchFollowingRedirects((hop) => fetchPolitely(deps, hop, slot), url, row.origin);
  const html = fetched.text;
  const parsed = await deps.parse(html, fetched.url);
  if (!parsed.supported) {
    throw new CrawlStop(
      `The page at ${url} is not a thread page Gavel can read (${parsed.reason}).`,
      engineMessage(
        'crawl/not-a-thread-page',
        word.text(url),
        word.message(parsed.reason === 'url/invalid' ? engineMessage('parse/url-invalid') : engineMessage('parse/engine-unknown')),
      ),
    );
  }
  const page = parsed.data;
  const claim = pageClaimProblem(page.currentPage, page.pageCount);
  const claimWords = pageClaimMessage(page.currentPage, page.pageCount);
  if (claim !== null && claimWords !== null) {
    throw new CrawlStop(
      `Gavel stopped reading at ${url}. ${claim}`,
      engineMessage('crawl/stopped-at', word.text(url), word.message(claimWords)),
    );
  }
  if (page.threadId !== null && page.threadId !== threadId) {
    throw new CrawlStop(
      `The page at ${url} belongs to thread ${page.threadId}, not to thread ${threadId}.`,
      engineMessage('crawl/other-thread', word.text(url), word.text(page.threadId), word.text(threadId)),
    );
  }
  // A page with no posts and nothing amiss (a Discourse page holding only "closed this topic" lines) is stored empty.
  if (page.posts.length === 0 && parsed.issues.length > 0) {
    const first = parsed.issues[0];
    throw new CrawlStop(
      `Gavel could not read page ${page.currentPage} (${url}): ${parsed.issues.map((i) => i.message).join('; ')}.`,
      first === undefined
        ? engineMessage('crawl/unreadable-page', word.number(page.currentPage), word.text(url))
        : countedMessage(
            'crawl/unreadable-page-issues',
            parsed.issues.length,
            word.number(page.currentPage),
            word.text(url),
            word.message(first.words),
          ),
    );
  }
  const contentHash = hashPosts(page.posts);
  const before = (await storedPages(db, row.threadKey)).get(page.currentPage);
  const known = Math.max(row.pageCount ?? 0, page.pageCount ?? 0, page.currentPage);
  const saved = before === undefined || before.contentHash !== contentHash;
  if (saved) {
    const report: PageReport = {
      thread: { origin: row.origin, threadId, title: page.title ?? '' },
      engine: parsed.engine,
      // Where the page was read from (after any redirect on the thread's site): its links are relative to it.
      url: fetched.url,
      pageNumber: page.currentPage,
      pageCount: known,
      contentHash,
      posts: page.posts,
    };
    await savePage(db, report, deps.now());
  }
  const stored = await storedPages(db, row.threadKey);
  const updated = await recordCrawledPage(
    db,
    row.threadKey,
    {
      pageNumber: page.currentPage,
      stored: saved,
      pageCount: page.pageCount,
      last: page.nextPageUrl === null,
      cursor: cursor(page, stored),
    },
    deps.now(),
  );
  if (updated !== null && updated.status === 'running') deps.onProgress?.(updated);
  return { page, links: parsed.links ?? null, saved, row: updated };
}

/**
 * Reads the pages before `from` (a page just read, and the links it shows)
 * when Gavel has stored no page before it: every one whose address those
 * links give, side by side within the crawl's limits; then, for any still
 * missing, the lowest page read goes on with its own links. Returns the pages stored.
 */
async function readBackward(
  deps: CrawlDeps,
  row: CrawlRow,
  from: { readonly page: number; readonly links: PageLinks },
  slot: Slots,
): Promise<number> {
  const db = deps.db();
  let saved = 0;
  let current = from;
  for (;;) {
    const stored = await storedPages(db, row.threadKey);
    const targets = leadingGap(current.page, stored)
      .map((n) => ({ n, url: pageUrlOf(current.links, n) }))
      .filter((t): t is { n: number; url: string } => t.url !== null && !stored.has(t.n));
    if (targets.length === 0) return saved;
    const read: ReadPage[] = [];
    let next = 0;
    let stopped = false;
    const worker = async (): Promise<void> => {
      while (!stopped && next < targets.length) {
        const target = targets[next++];
        if (target === undefined) return;
        const result = await readPage(deps, row, target.url, slot, () => null);
        read.push(result);
        if (result.saved) saved++;
        if (result.row === null || result.row.status !== 'running') stopped = true;
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(Math.max(1, deps.concurrency ?? 2), targets.length) }, worker));
    } finally {
      stopped = true; // one worker failed: the others take no new page
    }
    if (read.some((r) => r.row === null || r.row.status !== 'running')) return saved;
    const lowest = read.reduce<ReadPage | undefined>(
      (low, r) => (low === undefined || r.page.currentPage < low.page.currentPage ? r : low),
      undefined,
    );
    if (lowest === undefined || lowest.links === null || lowest.page.currentPage >= current.page) return saved;
    current = { page: lowest.page.currentPage, links: lowest.links };
  }
}

/**
 * Reads one chain of pages from `url` along the next links, storing each page,
 * until the next page is one already stored, or the thread ends. When a page
 * of the chain is the first Gavel has of the thread, the pages before it are
 * read from its links meanwhile.
 */
async function followChain(deps: CrawlDeps, row: CrawlRow, url: string, slot: Slots): Promise<number> {
  let next: string | null = url;
  let savedHere = 0;
  const visited = new Set<string>();
  let backward: Promise<number> | null = null;
  try {
    while (next !== null && !visited.has(next)) {
      const current: string = next;
      visited.add(current);
      // Go on along the next link unless the next page is stored already.
      const chain = { goOn: false };
      const read = await readPage(deps, row, current, slot, (page, stored) => {
        chain.goOn = page.nextPageUrl !== null && !stored.has(page.currentPage + 1);
        return chain.goOn ? page.nextPageUrl : null;
      });
      if (read.saved) savedHere++;
      if (read.row === null || read.row.status !== 'running') break; // stopped or restarted meanwhile
      if (backward === null && read.links !== null && read.page.currentPage > 1) {
        const stored = await storedPages(deps.db(), row.threadKey);
        if (leadingGap(read.page.currentPage, stored).length > 0) {
          backward = readBackward(deps, row, { page: read.page.currentPage, links: read.links }, slot);
          backward.catch(() => undefined); // awaited below; never an unhandled rejection while the chain goes on
        }
      }
      if (!chain.goOn) break;
      next = read.page.nextPageUrl;
    }
  } finally {
    // The pages before are read side by side with the chain; the chain ends when they are.
    if (backward !== null) savedHere += await backward;
  }
  return savedHere;
}

/**
 * Runs a crawl until nothing is pending, it fails, or no page can be reached.
 * Safe to call again at any time: it goes on from the `crawls` row.
 */
export async function runCrawl(deps: CrawlDeps, threadKey: string): Promise<CrawlRow | null> {
  const db = deps.db();
  const slot = limiter(Math.max(1, deps.concurrency ?? 2), deps.delayMs ?? 1000, deps.sleep);
  let useCursor = true;
  try {
    for (let round = 0; round < 10_000; round++) {
      const row = await getCrawl(db, threadKey);
      if (row === null || row.status !== 'running') return row;
      const stored = await storedPages(db, threadKey);
      const pending = row.pending.filter((n) => !stored.has(n));
      if (pending.length === 0 && row.pageCount !== null) break;
      const { cursor, entries } = entryPoints(row, stored, useCursor);
      useCursor = false;
      if (entries.length === 0) break;
      const saved = await Promise.all(entries.map((url) => followChain(deps, row, url, slot)));
      const after = await getCrawl(db, threadKey);
      if (after === null || after.status !== 'running') return after;
      const progressed = saved.some((n) => n > 0) || after.pending.length < row.pending.length || after.pageCount !== row.pageCount;
      if (!progressed && !cursor) break;
    }
  } catch (error) {
    const message = error instanceof CrawlStop ? error.message : `Gavel could not fetch a page of the thread: ${describe(error)}`;
    const words =
      error instanceof CrawlStop
        ? error.words
        : error instanceof HttpStatusError
          ? engineMessage('crawl/http-status', word.text(error.url), word.number(error.status))
          : engineMessage('crawl/fetch-failed', word.text(describe(error)));
    const failed = await finishCrawl(db, threadKey, message, deps.now(), words);
    if (failed !== null) deps.onProgress?.(failed);
    return failed;
  }
  const row = await getCrawl(db, threadKey);
  if (row === null || row.status !== 'running') return row;
  const stored = await storedPages(db, threadKey);
  const unreachable = row.pending.filter((n) => !stored.has(n));
  const finished = await finishCrawl(
    db,
    threadKey,
    unreachable.length === 0
      ? null
      : `Gavel could not reach page${unreachable.length === 1 ? '' : 's'} ${ranges(unreachable)}: no page it read links to ${unreachable.length === 1 ? 'it' : 'them'} or shows how the forum addresses its pages. Open the thread's first page once and it reads the rest.`,
    deps.now(),
    unreachable.length === 0 ? null : countedMessage('crawl/unreachable', unreachable.length, word.text(ranges(unreachable))),
  );
  if (finished !== null) deps.onProgress?.(finished);
  return finished;
}

/**
 * Where a crawl started from a thread's stored pages begins: its last stored
 * page, read again to find the thread's present end (null: no page of it is
 * stored, or the page is not on the thread's site).
 */
async function restartFrom(
  db: GavelDatabase,
  origin: string,
  threadId: string,
): Promise<{ readonly start: CrawlStart; readonly pageUrl: string } | null> {
  const key = keyOf(origin, threadId);
  const stored = await storedPages(db, key);
  const last = [...stored.values()].sort((a, b) => b.pageNumber - a.pageNumber)[0];
  if (last === undefined || !sameOrigin(last.url, origin)) return null;
  const engine = (await db.threads.get(key))?.engine || ((await getCrawl(db, key))?.engine ?? '');
  return {
    start: { threadKey: key, origin, engine, startUrl: crawlAddressOf(engine, last.url), pageNumber: null, pageCount: null, refresh: true },
    pageUrl: last.url,
  };
}

/**
 * Tracks a thread and plans its crawl in one transaction: once the host's
 * "track" is written, so is the crawl of the pages not stored yet, and a worker
 * stopped at any moment after goes on with it when it wakes (`resume`). Nothing
 * is fetched here; the caller runs the crawl (`Crawler.restart`).
 */
export async function trackAndPlanCrawl(db: GavelDatabase, origin: string, threadId: string, now: number): Promise<ThreadSummary> {
  return db.transaction('rw', [db.threads, db.threadStats, db.pages, db.posts, db.crawls], async () => {
    const summary = await trackThread(db, origin, threadId, now);
    const from = await restartFrom(db, origin, threadId);
    if (from !== null) await beginCrawl(db, from.start, now);
    return summary;
  });
}

/** The crawls of one worker: each thread crawled by one run at a time. */
export interface Crawler {
  /** Starts (or refreshes) the crawl of a tracked thread from a page of it, and runs it. */
  start(start: {
    readonly origin: string;
    readonly threadId: string;
    readonly engine: string;
    /** The page of the thread just read (or a stored page, with a null page number). */
    readonly url: string;
    readonly pageNumber: number | null;
    readonly pageCount: number | null;
    readonly refresh?: boolean;
  }): Promise<CrawlRow>;
  /**
   * Starts the crawl of a thread from its stored pages, reading the last one
   * again to find the thread's present end (null: Gavel has stored no page of it yet).
   */
  restart(origin: string, threadId: string): Promise<CrawlRow | null>;
  /** Goes on with every crawl the database says is running (on wake-up). */
  resume(): Promise<void>;
  /** Settles when the thread's current run (if any) ends. */
  idle(threadKey: string): Promise<void>;
}

export function createCrawler(deps: CrawlDeps & { readonly onRunning?: (running: boolean) => void }): Crawler {
  // In-memory only to avoid two runs of one crawl in one worker; the row is the truth.
  const runs = new Map<string, Promise<void>>();
  const run = (key: string): void => {
    if (runs.has(key)) return;
    deps.onRunning?.(true);
    const done = (async (): Promise<void> => {
      let again = false;
      try {
        await runCrawl(deps, key);
        // Started again while this run was ending: go on with it now rather than at the next wake-up.
        again = (await getCrawl(deps.db(), key))?.status === 'running';
      } catch (error) {
        console.error('Gavel: the crawl of', key, 'stopped:', error);
      } finally {
        runs.delete(key);
      }
      if (again) run(key);
      else if (runs.size === 0) deps.onRunning?.((await runningCrawls(deps.db()).catch(() => [])).length > 0);
    })();
    runs.set(key, done);
  };
  return {
    async start({ origin, threadId, engine, url: opened, pageNumber, pageCount, refresh }) {
      if (!sameOrigin(opened, origin)) {
        throw new GavelError('crawl/refused', `Gavel refused to crawl from ${opened}: it is not on ${origin}.`, {
          words: engineMessage('crawl/refused-off-site', word.text(opened), word.text(origin)),
        });
      }
      const claim = pageClaimProblem(pageNumber, pageCount);
      const claimWords = pageClaimMessage(pageNumber, pageCount);
      if (claim !== null && claimWords !== null) {
        throw new GavelError('crawl/refused', `Gavel refused to crawl from ${opened}. ${claim}`, {
          words: engineMessage('crawl/refused-claim', word.text(opened), word.message(claimWords)),
        });
      }
      // What the worker fetches for the page opened (a Discourse topic page: its JSON).
      const url = crawlAddressOf(engine, opened);
      // A page that is not what the worker reads (Discourse's app page, whose posts script draws) says nothing
      // of the thread's length or end: the crawl reads the JSON from it and the last page again to find them.
      const stand = url === opened;
      const row = await beginCrawl(
        deps.db(),
        {
          threadKey: keyOf(origin, threadId),
          origin,
          engine,
          startUrl: url,
          pageNumber: stand ? pageNumber : null,
          pageCount: stand ? pageCount : null,
          refresh: refresh === true || !stand,
        },
        deps.now(),
      );
      deps.onProgress?.(row);
      run(row.threadKey);
      return row;
    },
    async restart(origin, threadId) {
      const from = await restartFrom(deps.db(), origin, threadId);
      if (from === null) return null;
      return this.start({
        origin,
        threadId,
        engine: from.start.engine,
        url: from.pageUrl,
        pageNumber: null,
        pageCount: null,
        refresh: true,
      });
    },
    async resume() {
      const running = await runningCrawls(deps.db());
      if (running.length === 0 && runs.size === 0) deps.onRunning?.(false);
      for (const row of running) run(row.threadKey);
    },
    async idle(key) {
      for (let current = runs.get(key); current !== undefined; current = runs.get(key)) await current;
    },
  };
}
