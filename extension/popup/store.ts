/**
 * The popup's state: signals, derived values and actions, created by a factory
 * and handed down by context. Tests build it with a fake Connector.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { describeError } from '../shared/errors';
import type { OutputDialect, Settings, ThreadSummary } from '../shared/protocol';
import type { Connector } from './connector';
import { createBreachesStore, type BreachesStore } from './breaches-store';
import { createGamesStore, type GamesStore } from './games-store';
import { createNightStore, type NightStore } from './night-store';

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
  /** Games: the list, the open game and its setup, export and import. */
  readonly games: GamesStore;
  /** The open game's night and day: actions, resolution, posts to copy, the vote count. */
  readonly night: NightStore;
  /** The open game's breach ledger and pardons. */
  readonly breaches: BreachesStore;
  load(): Promise<void>;
  setDialect(dialect: OutputDialect): Promise<void>;
  enableActiveForum(): Promise<void>;
  openDashboard(): Promise<void>;
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

  const fail = (e: unknown): void => {
    error.value = describeError(e);
  };
  const games = createGamesStore(connector, threads, activeUrl);
  const night = createNightStore(connector, games);
  const breaches = createBreachesStore(connector);

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
    games,
    night,
    breaches,
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
    async enableActiveForum() {
      const origin = activeOrigin.value;
      if (origin === null) return;
      try {
        const granted = await connector.requestOrigin(origin);
        if (!granted) {
          notice.value = `Permission for ${origin} was not granted: Gavel will not run there.`;
          return;
        }
        await connector.request('forums/enable', { origin });
        enabledForums.value = await connector.request('forums/list', {});
        notice.value = `Gavel now runs on ${origin}. Reload the thread page to see the panel.`;
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
