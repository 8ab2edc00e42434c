/**
 * The thread crawl: every page of a thread, in order, with bounded concurrency, skipping pages
 * whose content is unchanged since the last crawl, and returning every post exactly once.
 *
 * The network is a parameter (`fetchPage`), so the crawl runs the same in the extension, the
 * CLI and tests. Posts that shift to a later page while the crawl runs (new replies push them
 * along) are met twice and kept once, by post id; a page that appears at the end meanwhile
 * is reached through the last page's next link.
 */
import type { ForumPost } from '../model/post';
import type { ParseIssue, ParseResult, ThreadPage } from './types';

/** A page as fetched: HTML/JSON text, or an already built Document (in the browser). */
export type FetchedPage = string | Document;

/** What a previous crawl learnt about one page, keyed by its URL in `seen`. */
export interface SeenPage {
  /** `contentHash` of the page's content when it was parsed. */
  readonly hash: string;
  readonly page: ThreadPage;
}

export interface CrawlProgress {
  /** Pages finished (fetched and parsed or skipped). */
  readonly done: number;
  /** Pages known so far (the first page's page count, or pages discovered). */
  readonly total: number | null;
  readonly url: string;
  /** True when the page was unchanged and its earlier parse was reused. */
  readonly skipped: boolean;
}

export interface CrawlOptions {
  readonly firstPage: string;
  readonly fetchPage: (url: string) => Promise<FetchedPage>;
  readonly parse: (page: FetchedPage, url: string) => ParseResult<ThreadPage>;
  /**
   * The URL of page `n` (1-based) given the first page, when the engine's URLs allow it; with it,
   * pages 2…N are fetched concurrently. Without it, the crawl follows next links one at a time.
   */
  readonly pageUrl?: (n: number, first: ThreadPage) => string | null;
  /** Pages fetched at once. @default 2 */
  readonly concurrency?: number;
  readonly onProgress?: (progress: CrawlProgress) => void;
  /** The previous crawl's `seen` (URL → hash and parse): unchanged pages are not parsed again. */
  readonly seen?: Readonly<Record<string, SeenPage>>;
  /** A safety bound on pages followed. @default 10000 */
  readonly maxPages?: number;
}

export interface CrawlResult {
  /** Every post once, in thread order. */
  readonly posts: readonly ForumPost[];
  /** The pages read, in page order. */
  readonly pages: ReadonlyArray<{ readonly url: string; readonly hash: string; readonly skipped: boolean }>;
  readonly issues: readonly ParseIssue[];
  /** Pass this as `seen` next time. */
  readonly seen: Readonly<Record<string, SeenPage>>;
}

/** A short stable hash (FNV-1a, 32 bit, hex) of a page's content. */
export function contentHash(page: FetchedPage): string {
  const text = typeof page === 'string' ? page : page.documentElement.outerHTML;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length.toString(16)}-${hash.toString(16).padStart(8, '0')}`;
}

interface PageOutcome {
  readonly url: string;
  readonly hash: string;
  readonly skipped: boolean;
  readonly page: ThreadPage;
  readonly issues: readonly ParseIssue[];
}

export async function crawlThread(options: CrawlOptions): Promise<CrawlResult> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 2));
  const maxPages = options.maxPages ?? 10_000;
  const seen = options.seen ?? {};
  const outcomes = new Map<string, PageOutcome>();
  const order: string[] = [];
  let done = 0;
  let total: number | null = null;

  const load = async (url: string): Promise<PageOutcome> => {
    const fetched = await options.fetchPage(url);
    const hash = contentHash(fetched);
    const before = seen[url];
    const outcome: PageOutcome =
      before !== undefined && before.hash === hash
        ? { url, hash, skipped: true, page: before.page, issues: [] }
        : (() => {
            const result = options.parse(fetched, url);
            return { url, hash, skipped: false, page: result.data, issues: result.issues };
          })();
    outcomes.set(url, outcome);
    done++;
    options.onProgress?.({ done, total, url, skipped: outcome.skipped });
    return outcome;
  };

  order.push(options.firstPage);
  const first = await load(options.firstPage);
  total = first.page.pageCount;

  let last = first;
  const planned: string[] = [];
  if (options.pageUrl !== undefined && first.page.pageCount !== null) {
    for (let n = first.page.currentPage + 1; n <= first.page.pageCount && planned.length < maxPages; n++) {
      const url = options.pageUrl(n, first.page);
      if (url === null) {
        planned.length = 0;
        break;
      }
      planned.push(url);
    }
  }

  if (planned.length > 0) {
    // Known page URLs: fetch them with at most `concurrency` requests in flight.
    order.push(...planned);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < planned.length) {
        const url = planned[next++];
        if (url !== undefined && !outcomes.has(url)) await load(url);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, planned.length) }, worker));
    const lastUrl = planned[planned.length - 1];
    last = (lastUrl === undefined ? undefined : outcomes.get(lastUrl)) ?? first;
  }

  // Follow next links: the whole thread when URLs are not known, and any page added meanwhile.
  while (last.page.nextPageUrl !== null && order.length < maxPages) {
    const url = last.page.nextPageUrl;
    if (outcomes.has(url)) break;
    order.push(url);
    if (total !== null && order.length > total) total = order.length;
    last = await load(url);
  }

  const posts: ForumPost[] = [];
  const ids = new Set<string>();
  const issues: ParseIssue[] = [];
  const pages: Array<{ url: string; hash: string; skipped: boolean }> = [];
  const nextSeen: Record<string, SeenPage> = {};
  for (const url of order) {
    const outcome = outcomes.get(url);
    if (outcome === undefined) continue;
    pages.push({ url, hash: outcome.hash, skipped: outcome.skipped });
    issues.push(...outcome.issues);
    nextSeen[url] = { hash: outcome.hash, page: outcome.page };
    for (const post of outcome.page.posts) {
      if (ids.has(post.id)) continue;
      ids.add(post.id);
      posts.push(post);
    }
  }
  posts.sort((a, b) => a.number - b.number);
  return { posts, pages, issues, seen: nextSeen };
}
