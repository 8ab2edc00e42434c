/**
 * The toolbar badge on the tab of a tracked thread: the leading wagon as
 * `votes/threshold` ("4/5"), or nothing when the thread is not tracked, has no
 * wagon, or cannot be counted yet.
 */
import { getPosts, getThread } from '../storage/repository';
import type { GavelDatabase } from '../storage/schema';
import { countFromPosts } from './count-view';

/** The badge text for a thread. */
export async function badgeText(db: GavelDatabase, origin: string, threadId: string): Promise<string> {
  const thread = await getThread(db, origin, threadId);
  if (thread === null || !thread.tracked) return '';
  const posts = await getPosts(db, origin, threadId);
  const result = countFromPosts(posts.map((p) => p.post));
  if (!result.ok) return '';
  const leading = result.count.wagons[0];
  return leading === undefined || leading.votes === 0 ? '' : `${leading.votes}/${result.count.threshold}`;
}

export interface BadgeApi {
  setBadgeText(details: { text: string; tabId: number }): Promise<void>;
}

/** Shows the thread's badge on one tab. A tab closed meanwhile is not an error. */
export async function showBadge(api: BadgeApi, db: GavelDatabase, tabId: number, origin: string, threadId: string): Promise<string> {
  const text = await badgeText(db, origin, threadId);
  try {
    await api.setBadgeText({ text, tabId });
  } catch {
    // The tab went away before the badge was set.
  }
  return text;
}

/** Where the worker shows badges: the tabs that showed a page of each thread. */
export interface BadgeBoard {
  /** A content script on `tabId` read or counted the thread: show its badge there and keep the tab in mind. */
  show(tabId: number, origin: string, threadId: string): Promise<void>;
  /** The thread's count changed (a crawl ended): show the new badge on its tabs. */
  refresh(origin: string, threadId: string): Promise<void>;
  /** The tab left the page (navigated or closed). */
  forget(tabId: number): void;
}

/**
 * The tabs are kept in memory only: after the worker is stopped a tab is
 * known again as soon as its content script reports (every page load does),
 * and a badge is never set from a stale guess.
 */
export function createBadgeBoard(api: BadgeApi, db: () => GavelDatabase): BadgeBoard {
  const tabsOf = new Map<string, Set<number>>();
  const keyOf = (origin: string, threadId: string): string => `${origin}|${threadId}`;
  return {
    async show(tabId, origin, threadId) {
      const key = keyOf(origin, threadId);
      for (const [other, tabs] of tabsOf) if (other !== key) tabs.delete(tabId);
      tabsOf.set(key, (tabsOf.get(key) ?? new Set()).add(tabId));
      await showBadge(api, db(), tabId, origin, threadId);
    },
    async refresh(origin, threadId) {
      const tabs = [...(tabsOf.get(keyOf(origin, threadId)) ?? [])];
      await Promise.all(tabs.map((tabId) => showBadge(api, db(), tabId, origin, threadId)));
    },
    forget(tabId) {
      for (const tabs of tabsOf.values()) tabs.delete(tabId);
    },
  };
}
