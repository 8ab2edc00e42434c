/**
 * Thread crawls in the database. The `crawls` row is the truth about a crawl:
 * the worker may be stopped between any two pages, and on wake-up it goes on
 * from what is written here. Pages and posts themselves are stored by
 * `savePage` (idempotent), so a page fetched twice is still stored once.
 *
 * `startUrl` is the crawl's cursor: while the crawl runs it is the address of
 * the next page to fetch when that is known (learnt from the last stored
 * page's next link), otherwise the address of a page Gavel has stored, from
 * which the crawl follows the next links again.
 */
import { engineMessage, word, type EngineMessage } from '../../src/engine/words';
import type { CrawlRow, GavelDatabase } from './schema';

export type { CrawlRow } from './schema';

/**
 * A page count is what a page says, and a page can say nonsense (a pagination
 * whose numbers run together reads as "Page 1 of 41234"); the thread's real
 * end is where the next links stop, and a crawl that gets there takes that
 * page's number as the count. No count is believed past `maxThreadPages`.
 */
const clamp = (count: number): number | null => (count > 0 ? Math.min(count, maxThreadPages) : null);

/**
 * The thread's page count after reading page `pageNumber`, which says `claim`.
 * The furthest page read knows the thread's end best (it was read last and sees
 * the latest replies): its word replaces the count, and when it has no next
 * link its own number is the count. An earlier page's word only fills in an
 * unknown count. Null while no page has said and the end is not reached.
 */
function countAfter(
  current: number | null,
  pageNumber: number | null,
  claim: number | null,
  last: boolean,
  stored: ReadonlyMap<number, unknown>,
): number | null {
  const furthest = Math.max(0, ...stored.keys());
  let count = current;
  if (pageNumber !== null && pageNumber >= furthest) count = last ? pageNumber : Math.max(claim ?? 0, pageNumber);
  // An earlier page's "Page 1 of 5" is as fresh as the page: the thread may have grown since its end was read.
  else if (count === null) count = claim;
  else if (claim !== null) count = Math.max(count, claim);
  return count === null ? null : clamp(Math.max(count, furthest));
}

export interface StoredPage {
  readonly pageNumber: number;
  readonly url: string;
  readonly contentHash: string;
}

/** The pages of a thread Gavel has stored, by page number. */
export async function storedPages(db: GavelDatabase, threadKey: string): Promise<Map<number, StoredPage>> {
  const rows = await db.pages.where('threadKey').equals(threadKey).toArray();
  return new Map(rows.map((r) => [r.pageNumber, { pageNumber: r.pageNumber, url: r.url, contentHash: r.contentHash }]));
}

/**
 * The most pages Gavel reads of one thread. The longest forum Mafia games run to
 * about 1,500 pages (30,000 posts at 20 a page); a page that claims more is not
 * believed, so a forged "Page 1 of 20,000,000" cannot make the worker plan, list
 * or fetch millions of pages.
 */
export const maxThreadPages = 10_000;

/** What is wrong with a page's claim about where it stands in its thread, or null when it is believable. */
export function pageClaimProblem(pageNumber: number | null, pageCount: number | null): string | null {
  const limit = `Gavel reads at most ${maxThreadPages.toLocaleString('en')} pages of a thread`;
  if (pageNumber !== null && !(Number.isSafeInteger(pageNumber) && pageNumber >= 1))
    return `The page calls itself page ${String(pageNumber)}, which is not a page number.`;
  if (pageCount !== null && !(Number.isSafeInteger(pageCount) && pageCount >= 1))
    return `The page says the thread has ${String(pageCount)} pages, which is not a page count.`;
  if (pageNumber !== null && pageNumber > maxThreadPages) return `The page calls itself page ${pageNumber.toLocaleString('en')}; ${limit}.`;
  if (pageCount !== null && pageCount > maxThreadPages)
    return `The page says the thread has ${pageCount.toLocaleString('en')} pages; ${limit}.`;
  return null;
}

/** The same as `pageClaimProblem`, as a message for the host's language (null when the claim is believable). */
export function pageClaimMessage(pageNumber: number | null, pageCount: number | null): EngineMessage | null {
  if (pageNumber !== null && !(Number.isSafeInteger(pageNumber) && pageNumber >= 1))
    return engineMessage('crawl/claim-not-page-number', word.text(String(pageNumber)));
  if (pageCount !== null && !(Number.isSafeInteger(pageCount) && pageCount >= 1))
    return engineMessage('crawl/claim-not-page-count', word.text(String(pageCount)));
  if (pageNumber !== null && pageNumber > maxThreadPages)
    return engineMessage('crawl/claim-page-over-limit', word.number(pageNumber), word.number(maxThreadPages));
  if (pageCount !== null && pageCount > maxThreadPages)
    return engineMessage('crawl/claim-count-over-limit', word.number(pageCount), word.number(maxThreadPages));
  return null;
}

/** Page numbers 1…pageCount that are not stored, in order (none when the count is unknown; never past `maxThreadPages`). */
export function missingPages(pageCount: number | null, stored: ReadonlyMap<number, unknown>): number[] {
  const out: number[] = [];
  const last = Math.min(pageCount ?? 0, maxThreadPages);
  for (let n = 1; n <= last; n++) if (!stored.has(n)) out.push(n);
  return out;
}

export async function getCrawl(db: GavelDatabase, threadKey: string): Promise<CrawlRow | null> {
  return (await db.crawls.get(threadKey)) ?? null;
}

export async function runningCrawls(db: GavelDatabase): Promise<CrawlRow[]> {
  return db.crawls.where('status').equals('running').toArray();
}

export interface CrawlStart {
  readonly threadKey: string;
  readonly origin: string;
  readonly engine: string;
  /** A page of the thread to go on from (the page just read, or a stored page). */
  readonly startUrl: string;
  /** Pages of the thread as the page just read says (null: not known here). */
  readonly pageCount: number | null;
  /** The number of the page just read (null: none was read, e.g. a crawl restarted by hand). */
  readonly pageNumber: number | null;
  /**
   * Forget the page count a finished crawl found, so the crawl reads the last
   * stored page again and follows it to the thread's present end (new replies,
   * new pages). Ignored while a crawl runs.
   */
  readonly refresh?: boolean;
}

/**
 * Starts a crawl, or refreshes the one running: the page count grows to what the
 * latest page says, `pending` is recomputed from the pages stored, and a running
 * crawl keeps its cursor and the pages it has done.
 */
export async function beginCrawl(db: GavelDatabase, start: CrawlStart, now: number): Promise<CrawlRow> {
  return db.transaction('rw', db.crawls, db.pages, async () => {
    const existing = await db.crawls.get(start.threadKey);
    const stored = await storedPages(db, start.threadKey);
    const running = existing?.status === 'running';
    const previous = start.refresh === true && !running ? null : (existing?.pageCount ?? null);
    const pageCount = countAfter(previous, start.pageNumber, start.pageCount, false, stored);
    const row: CrawlRow = {
      threadKey: start.threadKey,
      origin: start.origin,
      engine: start.engine,
      startUrl: running ? existing.startUrl : start.startUrl,
      pageCount,
      pending: missingPages(pageCount, stored),
      done: running ? existing.done : [],
      status: 'running',
      error: null,
      startedAt: running ? existing.startedAt : now,
      updatedAt: now,
    };
    await db.crawls.put(row);
    return row;
  });
}

/**
 * Records a page the crawl fetched: its number joins `done` when the crawl stored it, the page
 * count follows what the page says, and `cursor` (the next page's address, or
 * null to leave the cursor as it is) becomes the place to go on from.
 */
export async function recordCrawledPage(
  db: GavelDatabase,
  threadKey: string,
  page: {
    readonly pageNumber: number;
    /** Whether the crawl stored the page (false: it was stored unchanged already). */
    readonly stored: boolean;
    /** What the page says the count is. */
    readonly pageCount: number | null;
    /** The page has no next link: the thread ends here. */
    readonly last: boolean;
    readonly cursor: string | null;
  },
  now: number,
): Promise<CrawlRow | null> {
  return db.transaction('rw', db.crawls, db.pages, async () => {
    const row = await db.crawls.get(threadKey);
    if (row === undefined || row.status !== 'running') return row ?? null;
    const stored = await storedPages(db, threadKey);
    const known = countAfter(row.pageCount, page.pageNumber, page.pageCount, page.last, stored);
    const next: CrawlRow = {
      ...row,
      pageCount: known,
      pending: missingPages(known, stored),
      done: !page.stored || row.done.includes(page.pageNumber) ? row.done : [...row.done, page.pageNumber].sort((a, b) => a - b),
      startUrl: page.cursor ?? row.startUrl,
      updatedAt: now,
    };
    await db.crawls.put(next);
    return next;
  });
}

/**
 * Ends a crawl: `done` when nothing is pending, `failed` with the reason otherwise (in English for logs, and
 * as `errorWords` for the host's language).
 */
export async function finishCrawl(
  db: GavelDatabase,
  threadKey: string,
  error: string | null,
  now: number,
  errorWords: EngineMessage | null = null,
): Promise<CrawlRow | null> {
  return db.transaction('rw', db.crawls, db.pages, async () => {
    const row = await db.crawls.get(threadKey);
    if (row === undefined) return null;
    const stored = await storedPages(db, threadKey);
    const pending = missingPages(row.pageCount, stored);
    const next: CrawlRow = {
      ...row,
      pending,
      status: error === null ? 'done' : 'failed',
      error,
      errorWords: error === null ? null : errorWords,
      updatedAt: now,
    };
    await db.crawls.put(next);
    return next;
  });
}
