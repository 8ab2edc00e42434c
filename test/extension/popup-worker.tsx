/**
 * The popup against the worker's real handlers, for popup tests: requests go
 * through JSON as over the wire, to handlers that keep an in-memory IndexedDB;
 * the app is rendered into the test document; `settle` waits for the store.
 */
import { render } from 'preact';
import { afterEach, expect, vi } from 'vitest';
import { renderApp } from './popup-dom';
import { breachHandlers } from '../../extension/background/handlers/breaches';
import { dayHandlers } from '../../extension/background/handlers/day';
import { gameHandlers } from '../../extension/background/handlers/games';
import { nightHandlers } from '../../extension/background/handlers/night';
import { settingsHandlers } from '../../extension/background/handlers/settings';
import { threadHandlers } from '../../extension/background/handlers/thread';
import type { Connector } from '../../extension/popup/connector';
import { createPopupStore, type PopupStore } from '../../extension/popup/store';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { MessageType, RequestOf, ResponseOf } from '../../extension/shared/protocol';
import type { GavelDatabase } from '../../extension/storage/schema';

const context: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};

type AnyHandler = (payload: never, context: HandlerContext) => Promise<unknown> | unknown;

export type WorkerCall = <T extends MessageType>(type: T, payload: RequestOf<T>) => Promise<ResponseOf<T>>;

/** The worker's handlers a game's pages use, over `database`: the first game made is `game-1`, every night's seed is 7. */
export function gameWorker(database: GavelDatabase, now: () => number) {
  return {
    ...threadHandlers(() => database, now),
    ...settingsHandlers(() => database),
    ...gameHandlers(
      () => database,
      now,
      () => 'game-1',
    ),
    ...nightHandlers(
      () => database,
      now,
      () => 7,
    ),
    ...dayHandlers(() => database, now),
    ...breachHandlers(() => database, now),
  };
}

/** Calls the handlers as the worker would, the payload and the answer each passed through JSON. */
export function workerCall(handlers: Readonly<Record<string, AnyHandler>>): WorkerCall {
  return <T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> => {
    if (type === 'worker/ping') return Promise.resolve({ pong: true, version: '0.1.0' } as ResponseOf<T>);
    if (type === 'forums/list' && handlers[type] === undefined) return Promise.resolve([] as unknown as ResponseOf<T>);
    // Popup tests that do not share a game have no sync manager: every game is local-only (no sync status).
    if (type === 'sync/status' && handlers[type] === undefined) return Promise.resolve(null as ResponseOf<T>);
    const handler = handlers[type] as ((p: unknown, c: HandlerContext) => Promise<unknown>) | undefined;
    if (handler === undefined) return Promise.reject(new Error(`unexpected ${type}`));
    return Promise.resolve()
      .then(() => handler(JSON.parse(JSON.stringify(payload)), context))
      .then((v) => JSON.parse(JSON.stringify(v)) as ResponseOf<T>);
  };
}

/** A connector whose requests go to `call`; the rest is a browser that does nothing, unless `extras` says otherwise. */
export function workerConnector(call: WorkerCall, extras: Partial<Omit<Connector, 'request'>> = {}): Connector {
  return {
    request: call,
    activeTabUrl: () => Promise.resolve(null),
    uiLanguage: () => 'en-US',
    requestOrigin: () => Promise.resolve(true),
    openDashboard: () => Promise.resolve(),
    download: () => Promise.resolve(),
    ...extras,
  };
}

/**
 * One popup per test: `open` creates its store, renders it and opens a game;
 * the popup is taken down after each test.
 */
export function popupUnderTest(options: { readonly ready?: (store: PopupStore) => boolean } = {}) {
  let store: PopupStore | undefined;
  let host: HTMLElement | undefined;
  afterEach(() => {
    if (host !== undefined) render(null, host);
    host?.remove();
    store = undefined;
    host = undefined;
  });

  /** Waits until no part of the store is busy and the effects a render started have run. */
  const settle = async (): Promise<void> => {
    await new Promise((r) => setTimeout(r, 0));
    const busy = (): boolean =>
      (store?.night.busy.value ?? false) ||
      (store?.games.busy.value ?? false) ||
      (store?.breaches.busy.value ?? false) ||
      (store?.dayMoves.busy.value ?? false);
    await vi.waitFor(() => expect(busy()).toBe(false), { timeout: 5000 });
    if (store !== undefined && options.ready !== undefined) {
      const current = store;
      await vi.waitFor(() => expect(options.ready?.(current) ?? true).toBe(true), { timeout: 5000 });
      await vi.waitFor(() => expect(busy()).toBe(false), { timeout: 5000 });
    }
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  };

  return {
    settle,
    /** The popup of this connector, on the page of `gameId`. */
    async open(connector: Connector, gameId: string): Promise<{ readonly root: HTMLElement; readonly store: PopupStore }> {
      const popup = createPopupStore(connector);
      store = popup;
      host = renderApp(popup);
      await popup.load();
      await popup.games.show({ page: 'game', id: gameId });
      await settle();
      return { root: host, store: popup };
    },
    async click(el: Element): Promise<void> {
      (el as HTMLElement).click();
      await settle();
    },
    /** Picks the option with this text, as a host does. */
    async choose(select: HTMLSelectElement, label: string): Promise<void> {
      const option = [...select.options].find((o) => o.text === label);
      if (option === undefined)
        throw new Error(
          `no option "${label}" in ${select.dataset['testid'] ?? 'select'}: ${[...select.options].map((o) => o.text).join(', ')}`,
        );
      select.value = option.value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await settle();
    },
    async type(input: HTMLInputElement, text: string): Promise<void> {
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await settle();
    },
  };
}
