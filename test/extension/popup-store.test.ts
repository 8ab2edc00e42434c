import { describe, expect, it } from 'vitest';
import type { Connector } from '../../extension/popup/connector';
import { createPopupStore } from '../../extension/popup/store';
import { RemoteError } from '../../extension/shared/errors';
import type { MessageType, RequestOf, ResponseOf, Settings, ThreadSummary } from '../../extension/shared/protocol';

const thread = (over: Partial<ThreadSummary>): ThreadSummary => ({
  key: 'k',
  origin: 'https://forum.mafiascum.net',
  threadId: '1',
  title: 'Mini 1',
  engine: 'phpbb',
  postCount: 3,
  pagesSeen: 1,
  tracked: false,
  ...over,
});

function fakeConnector(options: { granted?: boolean; failSettings?: boolean; tabUrl?: string | null } = {}) {
  let settings: Settings = { outputDialect: 'bbcode', language: 'auto', voteGrammar: {}, reminders: [60], badge: 'votes' };
  const forums: string[] = [];
  const sent: string[] = [];
  const connector: Connector = {
    request: <T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> => {
      sent.push(type);
      const answer = (value: unknown) => Promise.resolve(value as ResponseOf<T>);
      switch (type) {
        case 'worker/ping':
          return answer({ pong: true, version: '0.1.0' });
        case 'thread/list':
          return answer([thread({ key: 'a', title: 'Open game' }), thread({ key: 'b', title: 'My game', tracked: true })]);
        case 'settings/get':
          return options.failSettings === true
            ? Promise.reject(new RemoteError({ name: 'GavelError', message: 'database closed' }))
            : answer(settings);
        case 'settings/set':
          settings = { ...settings, ...(payload as Partial<Settings>) };
          return answer(settings);
        case 'forums/list':
          return answer([...forums]);
        case 'game/list':
          return answer([]);
        case 'forums/enable':
          forums.push((payload as { origin: string }).origin);
          return answer({ origin: (payload as { origin: string }).origin, registered: true });
        default:
          return Promise.reject(new Error(`unexpected ${type}`));
      }
    },
    activeTabUrl: () => Promise.resolve(options.tabUrl === undefined ? 'https://forum.example.org/viewtopic.php?t=4' : options.tabUrl),
    uiLanguage: () => 'en-US',
    requestOrigin: () => Promise.resolve(options.granted ?? true),
    openDashboard: () => Promise.resolve(),
    download: () => Promise.resolve(),
  };
  return { connector, sent };
}

describe('the popup store', () => {
  it('loads threads, settings and the active forum', async () => {
    const { connector } = fakeConnector();
    const store = createPopupStore(connector);
    expect(store.state.value).toBe('loading');
    await store.load();
    expect(store.state.value).toBe('ready');
    expect(store.workerVersion.value).toBe('0.1.0');
    expect(store.trackedThreads.value.map((t) => t.title)).toEqual(['My game']);
    expect(store.settings.value).toEqual({ outputDialect: 'bbcode', language: 'auto', voteGrammar: {}, reminders: [60], badge: 'votes' });
    expect(store.activeOrigin.value).toBe('https://forum.example.org');
  });

  it('changes the output dialect through the worker', async () => {
    const { connector, sent } = fakeConnector();
    const store = createPopupStore(connector);
    await store.load();
    await store.setDialect('markdown');
    expect(store.settings.value?.outputDialect).toBe('markdown');
    expect(sent).toContain('settings/set');
  });

  it('enables the active forum only when the host grants the permission', async () => {
    const refused = fakeConnector({ granted: false });
    const store = createPopupStore(refused.connector);
    await store.load();
    await store.enableActiveForum();
    expect(store.enabledForums.value).toEqual([]);
    expect(store.notice.value).toMatch(/was not granted/);
    expect(refused.sent).not.toContain('forums/enable');

    const granted = fakeConnector({ granted: true });
    const store2 = createPopupStore(granted.connector);
    await store2.load();
    await store2.enableActiveForum();
    expect(store2.enabledForums.value).toEqual(['https://forum.example.org']);
    expect(store2.notice.value).toMatch(/now runs on https:\/\/forum.example.org/);
  });

  it('shows the worker error in words when loading fails', async () => {
    const { connector } = fakeConnector({ failSettings: true });
    const store = createPopupStore(connector);
    await store.load();
    expect(store.state.value).toBe('failed');
    expect(store.error.value).toBe('database closed');
  });

  it('has no active forum on a browser page', async () => {
    const { connector } = fakeConnector({ tabUrl: null });
    const store = createPopupStore(connector);
    await store.load();
    expect(store.activeOrigin.value).toBeNull();
  });
});
