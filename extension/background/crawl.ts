/**
 * The worker's thread crawl: it fetches the pages of a tracked thread that
 * Gavel has not stored, parses them with the same adapters the content script
 * uses, and stores them with `savePage`.
 *
 * Page addresses come only from the forum's own next links (reliable on every
 * engine): the crawl goes on from the page the cursor in the `crawls` row
 * names, or else from the stored page just before each gap. Only the thread's
 * own origin is fetched. At most `concurrency` requests are in flight, each
 * followed by a polite pause before its slot is used again.
 *
 * The `crawls` row is the truth: the browser may stop the worker at any
 * moment, and `resume` goes on from the row. `savePage` is idempotent, so a
 * page fetched again after a stop is stored once.
 */
import type { ParseIssue, ThreadPage } from '../../src/parsers';
import { hashPosts } from '../content/page-hash';
import type { PageReport } from '../shared/protocol';
import { threadKey as keyOf } from '../shared/protocol';
import { beginCrawl, finishCrawl, getCrawl, recordCrawledPage, runningCrawls, storedPages, type CrawlRow } from '../storage/crawls';
import { getThread, savePage } from '../storage/repository';
import type { GavelDatabase } from '../storage/schema';

/** What parsing a fetched page gives: the adapters' result, or why the page is not a thread page. */
export type CrawlParse =
  | { readonly supported: true; readonly engine: string; readonly data: ThreadPage; readonly issues: readonly ParseIssue[] }
  | { readonly supported: false; readonly reason: string };

export interface CrawlDeps {
  readonly db: () => GavelDatabase;
  /** Fetches a page's text with the user's own session; throws on a network error or a non-2xx answer. */
  readonly fetchText: (url: string) => Promise<string>;
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
class CrawlStop extends Error {}

/** At most `size` holders at once; a holder's slot is freed `pause` ms after it lets go. */
function limiter(size: number, pause: number, sleep: (ms: number) => Promise<void>): <T>(task: () => Promise<T>) => Promise<T> {
  let busy = 0;
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
  return async (task) => {
    await acquire();
    try {
      return await task();
    } finally {
      if (pause > 0) void sleep(pause).then(release);
      else release();
    }
  };
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
  for (let i = 0; i < pages.length; ) {
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

/** Where to go on from: the cursor if it names a page not stored yet, else the stored page before each gap. */
function entryPoints(row: CrawlRow, stored: ReadonlyMap<number, { readonly url: string }>, useCursor: boolean): { readonly cursor: boolean; readonly entries: string[] } {
  const storedUrls = new Set([...stored.values()].map((p) => p.url));
  if (useCursor && !storedUrls.has(row.startUrl)) return { cursor: true, entries: [row.startUrl] };
  const entries: string[] = [];
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

/**
 * Reads one chain of pages from `url` along the next links, storing each page,
 * until the next page is one already stored, or the thread ends.
 */
async function followChain(deps: CrawlDeps, row: CrawlRow, url: string, slot: <T>(task: () => Promise<T>) => Promise<T>): Promise<number> {
  const db = deps.db();
  const threadId = threadIdOf(row);
  let stored = await storedPages(db, row.threadKey);
  let next: string | null = url;
  let savedHere = 0;
  const visited = new Set<string>();
  while (next !== null && !visited.has(next)) {
    const current: string = next;
    visited.add(current);
    if (!sameOrigin(current, row.origin)) {
      throw new CrawlStop(`Gavel refused to fetch ${current}: it is not on the thread's own site (${row.origin}).`);
    }
    const html = await slot(() => deps.fetchText(current));
    const parsed = await deps.parse(html, current);
    if (!parsed.supported) throw new CrawlStop(`The page at ${current} is not a thread page Gavel can read (${parsed.reason}).`);
    const page = parsed.data;
    if (page.threadId !== null && page.threadId !== threadId) {
      throw new CrawlStop(`The page at ${current} belongs to thread ${page.threadId}, not to thread ${threadId}.`);
    }
    if (page.posts.length === 0) {
      const why = parsed.issues.length > 0 ? parsed.issues.map((i) => i.message).join('; ') : 'no posts were found on it';
      throw new CrawlStop(`Gavel could not read page ${page.currentPage} (${current}): ${why}.`);
    }
    const contentHash = hashPosts(page.posts);
    const before = stored.get(page.currentPage);
    const known = Math.max(row.pageCount ?? 0, page.pageCount ?? 0, page.currentPage);
    const isNew = before === undefined || before.contentHash !== contentHash;
    if (isNew) {
      const report: PageReport = {
        thread: { origin: row.origin, threadId, title: page.title ?? '' },
        engine: parsed.engine,
        url: current,
        pageNumber: page.currentPage,
        pageCount: known,
        contentHash,
        posts: page.posts,
      };
      await savePage(db, report, deps.now());
      savedHere++;
    }
    const following = page.nextPageUrl;
    stored = await storedPages(db, row.threadKey);
    const goOn = following !== null && !stored.has(page.currentPage + 1);
    const updated = await recordCrawledPage(
      db,
      row.threadKey,
      { pageNumber: page.currentPage, stored: isNew, pageCount: page.pageCount, last: following === null, cursor: goOn ? following : null },
      deps.now(),
    );
    if (updated === null || updated.status !== 'running') return savedHere; // stopped or restarted meanwhile
    deps.onProgress?.(updated);
    if (!goOn) break;
    next = following;
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
    const failed = await finishCrawl(db, threadKey, message, deps.now());
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
      : `Gavel reads a thread forward along its next links and could not reach page${unreachable.length === 1 ? '' : 's'} ${ranges(unreachable)}: open the thread's first page once and it reads the rest.`,
    deps.now(),
  );
  if (finished !== null) deps.onProgress?.(finished);
  return finished;
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
    async start({ origin, threadId, engine, url, pageNumber, pageCount, refresh }) {
      if (!sameOrigin(url, origin)) throw new Error(`Gavel refused to crawl from ${url}: it is not on ${origin}.`);
      const row = await beginCrawl(deps.db(), { threadKey: keyOf(origin, threadId), origin, engine, startUrl: url, pageNumber, pageCount, refresh: refresh === true }, deps.now());
      deps.onProgress?.(row);
      run(row.threadKey);
      return row;
    },
    async restart(origin, threadId) {
      const key = keyOf(origin, threadId);
      const db = deps.db();
      const stored = await storedPages(db, key);
      const last = [...stored.values()].sort((a, b) => b.pageNumber - a.pageNumber)[0];
      if (last === undefined) return null;
      const thread = await getThread(db, origin, threadId);
      const previous = await getCrawl(db, key);
      return this.start({ origin, threadId, engine: thread?.engine ?? previous?.engine ?? '', url: last.url, pageNumber: null, pageCount: null, refresh: true });
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
