/**
 * The popup's Co-hosts section and Join form (issue 20), with the worker's
 * real game handlers over an in-memory IndexedDB and the sync messages
 * answered as the worker's sync manager would (the manager itself, with a real
 * server, is in sync-worker.test.ts; the browser with two profiles in
 * test/e2e/cohosts.e2e.ts).
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, allByTestId as all } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { hostedGame } from './hosted-game';
import { gameWorker, popupUnderTest, workerCall, workerConnector, type WorkerCall } from './popup-worker';
import { GavelError } from '../../extension/shared/errors';
import type { MessageType, RequestOf, ResponseOf, SyncStatusView } from '../../extension/shared/protocol';
import { engineMessage } from '../../src/engine/words';
import { formatMoment } from '../../extension/shared/format';
import { translatorFor } from '../../extension/shared/catalogs';

const freshDb = freshDatabases('gavel-popup-cohosts');
const popup = popupUnderTest();
const { click, type } = popup;
const syncedAt = Date.UTC(2026, 10, 26, 18, 5);

function status(gameId: string, over: Partial<SyncStatusView> = {}): SyncStatusView {
  return {
    gameId,
    server: 'ws://localhost:1234',
    right: 'owner',
    hostName: 'Nobody Special',
    state: 'connected',
    lastSyncedAt: syncedAt,
    endedBy: null,
    connected: [{ name: 'Second Gavel', right: 'write', since: syncedAt - 60_000 }],
    coHosts: [
      { id: 'hash-b', name: 'Second Gavel', right: 'write', invitedAt: 1, revoked: false },
      { id: 'hash-c', name: 'Backup host', right: 'read', invitedAt: 2, revoked: true },
    ],
    conflicts: [],
    updatedAt: null,
    ...over,
  };
}

/** The worker: the real game handlers, and the sync messages answered by `sync` (each request recorded). */
function worker(base: WorkerCall, sync: (type: string, payload: unknown) => unknown) {
  const sent: { type: string; payload: unknown }[] = [];
  const call: WorkerCall = <T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> => {
    if (!type.startsWith('sync/')) return base(type, payload);
    sent.push({ type, payload });
    return Promise.resolve()
      .then(() => sync(type, payload))
      .then((v) => JSON.parse(JSON.stringify(v ?? null)) as ResponseOf<T>);
  };
  return { call, sent };
}

async function mount(sync: (type: string, payload: unknown) => unknown, language?: string) {
  const database = freshDb();
  const gameId = await hostedGame(database);
  const w = worker(workerCall(gameWorker(database, () => syncedAt + 1000)), sync);
  const { root, store } = await popup.open(workerConnector(w.call, language === undefined ? {} : { uiLanguage: () => language }), gameId);
  await popup.settle();
  return { root, store, gameId, sent: w.sent };
}

describe('the Co-hosts section (issue 20)', () => {
  it('a game not shared offers "Share this game" with the default server, and sends the host’s choice', async () => {
    let shared: SyncStatusView | null = null;
    const { root, gameId, sent } = await mount((type, payload) => {
      if (type === 'sync/status') return shared;
      if (type === 'sync/share') {
        shared = status((payload as { gameId: string }).gameId);
        return shared;
      }
      throw new Error(`unexpected ${type}`);
    });
    expect(get<HTMLInputElement>(root, 'sync-server').value).toBe('ws://localhost:1234');
    await type(get<HTMLInputElement>(root, 'sync-server'), 'wss://sync.example.org');
    await type(get<HTMLInputElement>(root, 'sync-host-name'), 'Nobody Special');
    await click(get(root, 'sync-share'));
    expect(sent.find((s) => s.type === 'sync/share')?.payload).toEqual({
      gameId,
      server: 'wss://sync.example.org',
      hostName: 'Nobody Special',
    });
    expect(get(root, 'sync-state').textContent).toBe('Connected');
  });

  it('shows the connection, who is connected, when it last synced (as the popup writes times), and the co-hosts with Revoke', async () => {
    const { root, gameId, sent } = await mount((type, payload) => {
      if (type === 'sync/status') return status((payload as { gameId: string }).gameId);
      if (type === 'sync/revoke') return status(gameId, { coHosts: [] });
      throw new Error(`unexpected ${type}`);
    });
    const t = translatorFor('en');
    expect(get(root, 'sync-state').textContent).toBe('Connected');
    expect(get(root, 'sync-last').textContent).toBe(`Last synced ${formatMoment(syncedAt, { t }, 'date-time')}`);
    expect(get(root, 'sync-connected').textContent).toBe('Connected now: Second Gavel (can change the game)');
    const listed = all(root, 'cohost');
    expect(listed.map((li) => li.textContent?.replace(/\s+/gu, ' ').trim())).toEqual([
      'Second Gavel · can change the game Revoke',
      'Backup host · read-only · revoked',
    ]);
    // A revoked co-host has no Revoke button left.
    expect(all(root, 'revoke')).toHaveLength(1);
    await click(get(root, 'revoke'));
    expect(sent.find((s) => s.type === 'sync/revoke')?.payload).toEqual({ gameId, id: 'hash-b' });
  });

  it('says when the host is offline, refused or revoked, and shows the notes of edits that met', async () => {
    let current: Partial<SyncStatusView> = { state: 'offline', right: 'write', coHosts: null, connected: [] };
    const { root, store, gameId } = await mount(() => status('x', current));
    expect(get(root, 'sync-state').textContent).toMatch(/^Offline: your changes are kept here/u);
    current = {
      state: 'revoked',
      right: 'write',
      coHosts: null,
      conflicts: [
        engineMessage('sync/night-applied-twice', { kind: 'number', value: 2 }, { kind: 'text', value: 'A' }, { kind: 'text', value: 'B' }),
      ],
    };
    await store.sync.load(gameId);
    await popup.settle();
    expect(get(root, 'sync-state').textContent).toMatch(/^Revoked: the game’s creator took your access back/u);
    expect(get(root, 'sync-conflicts').textContent).toContain('Night 2');
    // No invitations for a co-host.
    expect(root.querySelector('[data-testid="invite"]')).toBeNull();
  });

  it('makes an invitation with the right chosen and shows its code once', async () => {
    const { root, gameId, sent } = await mount((type, payload) => {
      if (type === 'sync/status') return status((payload as { gameId: string }).gameId);
      if (type === 'sync/invite') return { code: 'gavel-invite:abc' };
      throw new Error(`unexpected ${type}`);
    });
    await type(get<HTMLInputElement>(root, 'invite-name'), 'Backup host');
    await popup.choose(get<HTMLSelectElement>(root, 'invite-right'), 'read-only');
    await click(get(root, 'invite'));
    expect(sent.find((s) => s.type === 'sync/invite')?.payload).toEqual({ gameId, name: 'Backup host', right: 'read' });
    expect(get<HTMLTextAreaElement>(root, 'invite-code').value).toBe('gavel-invite:abc');
  });

  it('speaks Russian', async () => {
    const { root } = await mount((type, payload) => (type === 'sync/status' ? status((payload as { gameId: string }).gameId) : null), 'ru');
    expect(root.querySelector('#cohosts-heading')?.textContent).toBe('Соведущие');
    expect(get(root, 'sync-state').textContent).toBe('Подключено');
  });
});

describe('Join a shared game (issue 20)', () => {
  it('sends the pasted code and name, says the game is on its way, and shows the worker’s refusal in words', async () => {
    const { root, store, sent } = await mount((type) => {
      if (type === 'sync/join') {
        const code = (sent.at(-1)?.payload as { code: string }).code;
        if (code === 'hello') throw new GavelError('sync/refused', 'not an invitation', { words: engineMessage('sync/bad-invite') });
        return { gameId: 'g-2', title: 'Shared Mafia' };
      }
      if (type === 'sync/status') return null;
      throw new Error(`unexpected ${type}`);
    });
    await store.games.show({ page: 'home' });
    await popup.settle();
    await type(get<HTMLInputElement>(root, 'join-code'), 'hello');
    await type(get<HTMLInputElement>(root, 'join-name'), 'Second Gavel');
    await click(get(root, 'join'));
    expect(get(root, 'join-problem').textContent).toBe('This is not a Gavel invitation, or it is cut: copy the whole code again');
    await type(get<HTMLInputElement>(root, 'join-code'), 'gavel-invite:abc');
    await click(get(root, 'join'));
    expect(sent.filter((s) => s.type === 'sync/join').at(-1)?.payload).toEqual({ code: 'gavel-invite:abc', hostName: 'Second Gavel' });
    expect(get(root, 'join-done').textContent).toBe('Joined “Shared Mafia”: the game shows here after the first sync');
  });
});
