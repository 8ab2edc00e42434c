/**
 * The toolbar badge on the tab of a tracked thread: the leading wagon as
 * `votes/threshold` ("4/5"), or nothing when the thread is not tracked, has no
 * wagon, or cannot be counted yet.
 */
import { getThread } from '../storage/repository';
import type { GavelDatabase } from '../storage/schema';
import { countThread } from './thread-count';

/** The badge text for a thread. */
export async function badgeText(db: GavelDatabase, origin: string, threadId: string): Promise<string> {
  const thread = await getThread(db, origin, threadId);
  if (thread === null || !thread.tracked) return '';
  const { result } = await countThread(db, origin, threadId);
  if (!result.ok) return '';
  const leading = result.count.wagons[0];
  return leading === undefined || leading.votes === 0 ? '' : `${leading.votes}/${result.count.threshold}`;
}

export interface BadgeApi {
  setBadgeText(details: { text: string; tabId: number }): Promise<void>;
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
 *
 * A count reads every stored post of the thread, so counts are coalesced per
 * thread: while one runs, any number of new requests make one more run after
 * it, never one each. Storing a long thread page by page would otherwise
 * count the whole thread once per page.
 */
export function createBadgeBoard(api: BadgeApi, db: () => GavelDatabase): BadgeBoard {
  const tabsOf = new Map<string, Set<number>>();
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const keyOf = (origin: string, threadId: string): string => `${origin}|${threadId}`;

  const setOnTabs = async (key: string, text: string): Promise<void> => {
    await Promise.all(
      [...(tabsOf.get(key) ?? [])].map(async (tabId) => {
        try {
          await api.setBadgeText({ text, tabId });
        } catch {
          // The tab went away before the badge was set.
        }
      }),
    );
  };

  const update = (origin: string, threadId: string): Promise<void> => {
    const key = keyOf(origin, threadId);
    const current = running.get(key);
    if (current !== undefined) {
      again.add(key);
      return current;
    }
    const run = (async () => {
      do {
        again.delete(key);
        await setOnTabs(key, await badgeText(db(), origin, threadId));
      } while (again.has(key));
    })().finally(() => running.delete(key));
    running.set(key, run);
    return run;
  };

  return {
    show(tabId, origin, threadId) {
      const key = keyOf(origin, threadId);
      for (const [other, tabs] of tabsOf) if (other !== key) tabs.delete(tabId);
      tabsOf.set(key, (tabsOf.get(key) ?? new Set()).add(tabId));
      return update(origin, threadId);
    },
    refresh(origin, threadId) {
      return tabsOf.has(keyOf(origin, threadId)) ? update(origin, threadId) : Promise.resolve();
    },
    forget(tabId) {
      for (const tabs of tabsOf.values()) tabs.delete(tabId);
    },
  };
}
