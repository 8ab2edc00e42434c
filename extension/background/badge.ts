/**
 * The toolbar badge on the tab of a tracked thread: the leading wagon as
 * `votes/threshold` ("4/5"), or, when the host chose the deadline badge in
 * Settings and the thread's game has a next deadline, the time left to it
 * ("5h"). Nothing when the thread is not tracked, has no wagon, or cannot be
 * counted yet.
 */
import { badgeCountdown, type BadgeUnits } from '../../src/engine';
import { translatorFor } from '../shared/catalogs';
import { resolveLanguage, type Translator } from '../shared/i18n';
import { threadKey } from '../shared/protocol';
import { getGameByThread } from '../storage/games';
import { getSettings, getThread } from '../storage/repository';
import type { GavelDatabase } from '../storage/schema';
import { gameDeadline } from './deadlines';
import { countThread } from './thread-count';

/** A badge's text, and whether it is a countdown (which goes stale as time passes). */
export interface Badge {
  readonly text: string;
  readonly countdown: boolean;
}

/** The badge for a thread at `now`. */
function badgeUnits(t: Translator): BadgeUnits {
  return {
    now: t('worker_badge_now'),
    days: (n) => t('worker_badge_days', n),
    hours: (n) => t('worker_badge_hours', n),
    minutes: (n) => t('worker_badge_minutes', n),
  };
}

/** The badge for a thread at `now`; a countdown is written in the host's language (`uiLanguage`: the browser's, for the automatic setting). */
export async function threadBadge(
  db: GavelDatabase,
  origin: string,
  threadId: string,
  now: number,
  uiLanguage: () => string = () => 'en',
): Promise<Badge> {
  const thread = await getThread(db, origin, threadId);
  if (thread === null || !thread.tracked) return { text: '', countdown: false };
  const [settings, game] = await Promise.all([getSettings(db), getGameByThread(db, threadKey(origin, threadId))]);
  if (settings.badge === 'deadline' && game !== null) {
    const deadline = await gameDeadline(db, game, now);
    if (deadline !== null) {
      const t = translatorFor(resolveLanguage(settings.language, uiLanguage()));
      return { text: badgeCountdown(deadline.at - now, badgeUnits(t)), countdown: true };
    }
  }
  // The badge shows the leading wagon: no post's verdicts are needed.
  const { result } = await countThread(db, origin, threadId, { game, postIds: [] });
  if (!result.ok) return { text: '', countdown: false };
  const leading = result.count.wagons[0];
  return {
    text:
      leading === undefined || leading.votes === 0
        ? ''
        : result.count.threshold === null
          ? String(leading.votes)
          : `${leading.votes}/${result.count.threshold}`,
    countdown: false,
  };
}

/** The badge text for a thread. */
export async function badgeText(
  db: GavelDatabase,
  origin: string,
  threadId: string,
  now: number = Date.now(),
  uiLanguage: () => string = () => 'en',
): Promise<string> {
  return (await threadBadge(db, origin, threadId, now, uiLanguage)).text;
}

export interface BadgeApi {
  setBadgeText(details: { text: string; tabId: number }): Promise<void>;
  /** The browser's UI language, for a countdown under the automatic language setting. @default English */
  uiLanguage?(): string;
}

/** Where the worker shows badges: the tabs that showed a page of each thread. */
export interface BadgeBoard {
  /** A content script on `tabId` read or counted the thread: show its badge there and keep the tab in mind. */
  show(tabId: number, origin: string, threadId: string): Promise<void>;
  /** The thread's count changed (a crawl ended): show the new badge on its tabs. */
  refresh(origin: string, threadId: string): Promise<void>;
  /** The tab left the page (navigated or closed). */
  forget(tabId: number): void;
  /** Every thread shown on a tab, again (the minute's tick of a countdown, a changed setting or game). */
  refreshAll(): Promise<void>;
  /** Whether a tab's badge shows a countdown now. */
  showingCountdown(): boolean;
  /** Told whenever `showingCountdown()` changes. */
  watch(listener: (showingCountdown: boolean) => void): void;
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
export function createBadgeBoard(api: BadgeApi, db: () => GavelDatabase, now: () => number = () => Date.now()): BadgeBoard {
  const tabsOf = new Map<string, Set<number>>();
  const countdowns = new Set<string>();
  const listeners: ((showing: boolean) => void)[] = [];
  let showing = false;
  const showingNow = (): boolean => [...countdowns].some((key) => (tabsOf.get(key)?.size ?? 0) > 0);
  const tell = (): void => {
    const next = showingNow();
    if (next === showing) return;
    showing = next;
    for (const listener of listeners) listener(next);
  };
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
        const badge = await threadBadge(db(), origin, threadId, now(), () => api.uiLanguage?.() ?? 'en');
        if (badge.countdown) countdowns.add(key);
        else countdowns.delete(key);
        await setOnTabs(key, badge.text);
        tell();
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
      for (const [key, tabs] of tabsOf) {
        tabs.delete(tabId);
        if (tabs.size === 0) tabsOf.delete(key);
      }
      tell();
    },
    async refreshAll() {
      await Promise.all(
        [...tabsOf.keys()].map((key) => {
          const split = key.indexOf('|');
          return update(key.slice(0, split), key.slice(split + 1));
        }),
      );
    },
    showingCountdown: () => showing,
    watch(listener) {
      listeners.push(listener);
    },
  };
}
