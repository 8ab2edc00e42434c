/**
 * The crawl's browser side in the worker: fetching with the user's own
 * session, parsing via the offscreen document (or directly where the
 * background has a DOM), a wake-up alarm while a crawl runs, and the badge on
 * the thread's tabs when a crawl ends.
 */
import browser from 'webextension-polyfill';
import { createPageParser } from '../offscreen/client';
import type { GavelDatabase } from '../storage/schema';
import { createBadgeBoard, type BadgeBoard } from './badge';
import type { CrawlRow } from '../storage/crawls';
import { createCrawler, HttpStatusError, type Crawler } from './crawl';

/** Wakes a stopped worker to go on with a running crawl. */
export const CRAWL_ALARM = 'gavel-crawl';

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'include', redirect: 'follow' });
  if (response.url !== '' && new URL(response.url).origin !== new URL(url).origin) {
    throw new Error(`${url} redirected to ${response.url}, which is not on the thread's site`);
  }
  if (!response.ok) throw new HttpStatusError(url, response.status, response.headers.get('Retry-After'));
  return response.text();
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
  const badges = createBadgeBoard({ setBadgeText: (details) => browser.action.setBadgeText(details) }, db);
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') badges.forget(tabId);
  });
  browser.tabs.onRemoved.addListener((tabId) => badges.forget(tabId));
  const crawler = createCrawler({
    db,
    now,
    fetchText,
    parse: createPageParser(),
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
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
