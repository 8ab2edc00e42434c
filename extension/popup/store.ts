/**
 * The popup's state: signals, derived values and actions, created by a factory
 * and handed down by context. Tests build it with a fake Connector.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { translatorFor } from '../shared/catalogs';
import { describeError, findError } from '../shared/errors';
import { sayError } from '../shared/format';
import { resolveLanguage, type Language, type Translator } from '../shared/i18n';
import type { BadgeMode, DeadlineView, OutputDialect, Settings, ThreadSummary, UiLanguage, VoteGrammarSettings } from '../shared/protocol';
import type { Connector } from './connector';
import { createBreachesStore, type BreachesStore } from './breaches-store';
import { createCatchUpStore, type CatchUpStore } from './day-store';
import { createDayMovesStore, type DayMovesStore } from './day-moves-store';
import { createGamesStore, type GamesStore } from './games-store';
import { createNightStore, type NightStore } from './night-store';
import { createSyncStore, type SyncStore } from './sync-store';

export type LoadState = 'loading' | 'ready' | 'failed';

export interface PopupStore {
  readonly state: ReadonlySignal<LoadState>;
  readonly error: ReadonlySignal<string | null>;
  readonly threads: ReadonlySignal<readonly ThreadSummary[]>;
  readonly trackedThreads: ReadonlySignal<readonly ThreadSummary[]>;
  readonly settings: ReadonlySignal<Settings | null>;
  readonly workerVersion: ReadonlySignal<string | null>;
  readonly activeOrigin: ReadonlySignal<string | null>;
  readonly enabledForums: ReadonlySignal<readonly string[]>;
  readonly notice: ReadonlySignal<string | null>;
  /** The language Gavel speaks: the settings' choice, or the browser's UI language. */
  readonly language: ReadonlySignal<Language>;
  /** Gavel's words in that language (components call `useT()`). */
  readonly t: ReadonlySignal<Translator>;
  /** Games: the list, the open game and its setup, export and import. */
  readonly games: GamesStore;
  /** The open game's night and day: actions, resolution, posts to copy, the vote count. */
  readonly night: NightStore;
  /** The open game's breach ledger and pardons. */
  readonly breaches: BreachesStore;
  /** The open game's catch-up with its thread (a game set up mid-game). */
  readonly catchUp: CatchUpStore;
  /** The open game's day moves and the ballots that follow the day's vote. */
  readonly dayMoves: DayMovesStore;
  /** Co-hosts: the open game's sync, sharing, invitations, joining a shared game. */
  readonly sync: SyncStore;
  load(): Promise<void>;
  setDialect(dialect: OutputDialect): Promise<void>;
  setLanguage(language: UiLanguage): Promise<void>;
  setBadge(badge: BadgeMode): Promise<void>;
  /** Minutes before a deadline to remind the host; the worker's refusal comes back (nothing saved). */
  setReminders(minutes: readonly number[]): Promise<SettingsProblem | null>;
  /** The host's vote grammar, whole (`{}` restores the rules' own); the worker's refusal comes back (nothing saved). */
  setVoteGrammar(grammar: VoteGrammarSettings): Promise<SettingsProblem | null>;
  /** A game's next deadline (null: none known). */
  fetchDeadline(gameId: string): Promise<DeadlineView | null>;
  enableActiveForum(): Promise<void>;
  openDashboard(): Promise<void>;
}

/** Why the worker refused a setting: the field it names ("voteKeywords") and the problem in words. */
export interface SettingsProblem {
  readonly field: string;
  readonly message: string;
}

function settingsProblem(e: unknown, t: Translator): SettingsProblem {
  // The worker's refusal names its field in the error's details; it is said in the host's language where the worker gave words.
  const refused = findError(e, 'settings/invalid');
  const message = sayError(e, { t }, (error) => (refused === null ? describeError(error) : refused.details.problem));
  return { field: refused === null ? '' : refused.details.field, message };
}

export function createPopupStore(connector: Connector): PopupStore {
  const state = signal<LoadState>('loading');
  const error = signal<string | null>(null);
  const threads = signal<readonly ThreadSummary[]>([]);
  const settings = signal<Settings | null>(null);
  const workerVersion = signal<string | null>(null);
  const activeOrigin = signal<string | null>(null);
  const activeUrl = signal<string | null>(null);
  const enabledForums = signal<readonly string[]>([]);
  const notice = signal<string | null>(null);
  const language = computed(() => resolveLanguage(settings.value?.language ?? 'auto', connector.uiLanguage()));
  const t = computed(() => translatorFor(language.value));

  const fail = (e: unknown): void => {
    error.value = sayError(e, { t: t.value });
  };
  // The host changed a setting in another page (the popup, another tab): this one follows at once.
  connector.onSettingsChanged?.(() => {
    connector.request('settings/get', {}).then(
      (current) => {
        settings.value = current;
      },
      (e: unknown) => console.error('Gavel: the changed settings could not be read:', e),
    );
  });
  const games = createGamesStore(connector, threads, activeUrl, t);
  const night = createNightStore(connector, games, t);
  const breaches = createBreachesStore(connector, t);
  const catchUp = createCatchUpStore(connector, games, t);
  const dayMoves = createDayMovesStore(connector, games, t);
  const sync = createSyncStore(connector, t);

  return {
    state,
    error,
    threads,
    trackedThreads: computed(() => threads.value.filter((t) => t.tracked)),
    settings,
    workerVersion,
    activeOrigin,
    enabledForums,
    notice,
    language,
    t,
    games,
    night,
    breaches,
    catchUp,
    dayMoves,
    sync,
    async load() {
      state.value = 'loading';
      try {
        const [ping, list, current, forums, tabUrl] = await Promise.all([
          connector.request('worker/ping', {}),
          connector.request('thread/list', {}),
          connector.request('settings/get', {}),
          connector.request('forums/list', {}),
          connector.activeTabUrl(),
          games.refresh(),
        ]);
        workerVersion.value = ping.version;
        threads.value = list;
        settings.value = current;
        enabledForums.value = forums;
        activeOrigin.value = tabUrl === null ? null : new URL(tabUrl).origin;
        activeUrl.value = tabUrl;
        state.value = 'ready';
      } catch (e) {
        fail(e);
        state.value = 'failed';
      }
    },
    async setDialect(dialect) {
      try {
        settings.value = await connector.request('settings/set', { outputDialect: dialect });
      } catch (e) {
        fail(e);
      }
    },
    async setLanguage(language) {
      try {
        settings.value = await connector.request('settings/set', { language });
      } catch (e) {
        fail(e);
      }
    },
    async setBadge(badge) {
      try {
        settings.value = await connector.request('settings/set', { badge });
      } catch (e) {
        fail(e);
      }
    },
    async setReminders(reminders) {
      try {
        settings.value = await connector.request('settings/set', { reminders });
        return null;
      } catch (e) {
        return settingsProblem(e, t.value);
      }
    },
    async setVoteGrammar(voteGrammar) {
      try {
        settings.value = await connector.request('settings/set', { voteGrammar });
        return null;
      } catch (e) {
        return settingsProblem(e, t.value);
      }
    },
    fetchDeadline: (gameId) => connector.request('game/deadline', { gameId }),
    async enableActiveForum() {
      const origin = activeOrigin.value;
      if (origin === null) return;
      try {
        const granted = await connector.requestOrigin(origin);
        if (!granted) {
          notice.value = t.value('popup_forum_not_granted', origin);
          return;
        }
        await connector.request('forums/enable', { origin });
        enabledForums.value = await connector.request('forums/list', {});
        notice.value = t.value('popup_forum_enabled', origin);
      } catch (e) {
        fail(e);
      }
    },
    openDashboard: () => connector.openDashboard().catch(fail),
  };
}

export const StoreContext = createContext<PopupStore | null>(null);

export function useStore(): PopupStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useStore() outside <StoreContext.Provider>');
  return store;
}

/** Gavel's words in the host's language; the component renders again when the language changes. */
export function useT(): Translator {
  return useStore().t.value;
}
