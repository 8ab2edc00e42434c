/**
 * The crawl's browser side in the worker: fetching with the user's own
 * session one hop at a time (redirects are checked before they are followed), parsing via the offscreen document (or directly where the
 * background has a DOM), a wake-up alarm while a crawl runs, and the badge on
 * the thread's tabs when a crawl ends.
 */
import browser, { type WebRequest } from 'webextension-polyfill';
import { createPageParser } from '../offscreen/client';
import type { GavelDatabase } from '../storage/schema';
import { createBadgeBoard, type BadgeBoard } from './badge';
import type { CrawlRow } from '../storage/crawls';
import { createCrawler, HttpStatusError, type Crawler, type FetchAnswer } from './crawl';
import { createRedirectWatch, type RedirectDetails, type RedirectEvents, type RedirectWatch } from './redirect-watch';

/** Wakes a stopped worker to go on with a running crawl. */
export const CRAWL_ALARM = 'gavel-crawl';

/** How long the worker waits for the browser's report of where a redirect points. */
const redirectReportMs = 5_000;

/**
 * One request with the user's session that never follows a redirect: the
 * crawl checks where it points first (crawl.ts `fetchFollowingRedirects`).
 * The browser hides a manual redirect's `Location`; the target comes from
 * `webRequest.onBeforeRedirect` (see redirect-watch.ts).
 */
function pageFetcher(redirects: RedirectWatch): (url: string) => Promise<FetchAnswer> {
  return async (url) => {
    const watch = redirects.watch(url);
    try {
      const response = await fetch(url, { credentials: 'include', redirect: 'manual' });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400 && response.status !== 304)) {
        return { redirect: true, location: response.headers.get('Location') ?? (await watch.location(redirectReportMs)) };
      }
      if (!response.ok) throw new HttpStatusError(url, response.status, response.headers.get('Retry-After'));
      return await response.text();
    } finally {
      watch.stop();
    }
  };
}

/** The browser's redirect reports, or null where `webRequest` is not available. */
function redirectEvents(): RedirectEvents | null {
  const onBeforeRedirect = (browser as { webRequest?: typeof browser.webRequest }).webRequest?.onBeforeRedirect;
  if (onBeforeRedirect === undefined) return null;
  // Only the worker's own requests (no tab); only addresses Gavel has host access to are reported at all.
  const filter = { urls: ['<all_urls>'], tabId: -1 };
  const wrapped = new Map<(details: RedirectDetails) => void, (details: WebRequest.OnBeforeRedirectDetailsType) => void>();
  return {
    addListener: (listener) => {
      const each = (details: WebRequest.OnBeforeRedirectDetailsType): void =>
        listener({
          url: details.url,
          redirectUrl: details.redirectUrl,
          tabId: details.tabId,
          ...((details as { initiator?: string }).initiator === undefined
            ? {}
            : { initiator: (details as { initiator?: string }).initiator }),
          ...(details.originUrl === undefined ? {} : { originUrl: details.originUrl }),
        });
      wrapped.set(listener, each);
      onBeforeRedirect.addListener(each, filter);
    },
    removeListener: (listener) => {
      const each = wrapped.get(listener);
      if (each !== undefined) onBeforeRedirect.removeListener(each);
      wrapped.delete(listener);
    },
  };
}

/**
 * The worker's crawler and badges. Registers its tab listeners synchronously,
 * so call it at the worker's top level.
 */
export function createWorkerCrawler(
  db: () => GavelDatabase,
  now: () => number,
  /** Told of every step of every crawl (a page stored, the crawl done or failed). */
  progress?: (row: CrawlRow) => void,
): { readonly crawler: Crawler; readonly badges: BadgeBoard } {
  const badges = createBadgeBoard(
    { setBadgeText: (details) => browser.action.setBadgeText(details), uiLanguage: () => browser.i18n.getUILanguage() },
    db,
  );
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') badges.forget(tabId);
  });
  browser.tabs.onRemoved.addListener((tabId) => badges.forget(tabId));
  const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
  const crawler = createCrawler({
    db,
    now,
    fetchPage: pageFetcher(createRedirectWatch(redirectEvents(), browser.runtime.getURL(''), sleep)),
    parse: createPageParser(),
    sleep,
    delayMs: 1000,
    concurrency: 2,
    onRunning: (running) => {
      const change = running ? browser.alarms.create(CRAWL_ALARM, { periodInMinutes: 0.5 }) : browser.alarms.clear(CRAWL_ALARM);
      Promise.resolve(change).catch((e: unknown) => console.error('Gavel: crawl alarm:', e));
    },
    onProgress: (row) => {
      progress?.(row);
      // The thread's tabs get the count the crawl ended with.
      if (row.status === 'running') return;
      badges.refresh(row.origin, row.threadKey.slice(row.origin.length + 1)).catch(() => undefined);
    },
  });
  return { crawler, badges };
}
