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
    bylines: [],
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

  it('the event log names who recorded each entry of a shared game, with a conflict note next to its entry; a local game names nobody', async () => {
    let current: SyncStatusView | null = null;
    const { root, store, gameId } = await mount(() => current);
    // A local game: no author, no note.
    expect(all(root, 'log-lines')).toHaveLength(1);
    expect(all(root, 'log-author')).toHaveLength(0);
    const events = store.games.current.value?.events ?? [];
    expect(events.length).toBeGreaterThan(2);
    const note = engineMessage(
      'sync/phase-started-twice',
      { kind: 'phase', value: { kind: 'night', number: 1 } },
      { kind: 'text', value: 'Anna' },
      { kind: 'text', value: 'Boris' },
    );
    const last = events.length - 1;
    current = status(gameId, {
      bylines: events.map((_, i) => ({ author: i === 0 ? null : i === last ? 'Boris' : 'Anna', notes: i === last ? [note] : [] })),
      conflicts: [note],
    });
    await store.sync.load(gameId);
    await popup.settle();
    const lines = [...get(root, 'log-lines').querySelectorAll('li')];
    expect(lines).toHaveLength(last);
    expect(all(root, 'log-author').map((e) => e.textContent?.trim())).toEqual([
      ...Array.from({ length: last - 1 }, () => '— by Anna'),
      '— by Boris',
    ]);
    // The note is on the entry it concerns (the last), and in the Co-hosts section too.
    expect(all(root, 'log-conflict')).toHaveLength(1);
    expect(lines[last - 1]?.querySelector('[data-testid="log-conflict"]')?.textContent).toMatch(/Night 1.*Anna.*Boris/u);
    expect(get(root, 'sync-conflicts').textContent).toMatch(/Night 1/u);
    // A sync log that is not this game's log as the page has it (one line short) names nobody.
    current = { ...current, bylines: current.bylines.slice(1) };
    await store.sync.load(gameId);
    await popup.settle();
    expect(all(root, 'log-author')).toHaveLength(0);
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

  it('the creator stops sharing after a worded confirmation; the game stays and the section offers sharing again', async () => {
    let shared: SyncStatusView | null = null;
    const { root, gameId, sent } = await mount((type, payload) => {
      if (type === 'sync/status') return shared ?? (shared = status((payload as { gameId: string }).gameId));
      if (type === 'sync/stop') {
        shared = null;
        return { stopped: true };
      }
      throw new Error(`unexpected ${type}`);
    });
    await click(get(root, 'sync-stop'));
    // Nothing sent before the host confirms, and the words say what happens to everyone's copy.
    expect(sent.some((s) => s.type === 'sync/stop')).toBe(false);
    expect(get(root, 'sync-stop-confirm-text').textContent).toMatch(/co-hosts are told and keep their copies as local games/u);
    await click(get(root, 'sync-stop-confirm'));
    expect(sent.find((s) => s.type === 'sync/stop')?.payload).toEqual({ gameId, removeCopy: false });
    await popup.settle();
    expect(get(root, 'sync-share')).toBeTruthy();
    expect(root.querySelector('[data-testid="sync-stop"]')).toBeNull();
  });

  it('a co-host leaves keeping his copy or removing it (his choice), and is told when the creator ended the sharing', async () => {
    let current: Partial<SyncStatusView> = { right: 'write', coHosts: null };
    const { root, gameId, sent, store } = await mount((type, payload) => {
      if (type === 'sync/status') return status((payload as { gameId: string }).gameId, current);
      if (type === 'sync/stop') return { stopped: true };
      throw new Error(`unexpected ${type}`);
    });
    expect(root.querySelector('[data-testid="sync-stop"]')).toBeNull();
    await click(get(root, 'sync-leave-remove'));
    expect(get(root, 'sync-stop-confirm-text').textContent).toMatch(/^Remove your copy of this game/u);
    await click(get(root, 'sync-stop-cancel'));
    expect(sent.some((s) => s.type === 'sync/stop')).toBe(false);
    await click(get(root, 'sync-leave-keep'));
    expect(get(root, 'sync-stop-confirm-text').textContent).toMatch(/Your copy stays here as a local game/u);
    await click(get(root, 'sync-stop-confirm'));
    expect(sent.filter((s) => s.type === 'sync/stop').at(-1)?.payload).toEqual({ gameId, removeCopy: false });

    current = { right: 'write', coHosts: null, state: 'ended', endedBy: 'Nobody Special', connected: [] };
    await store.sync.load(gameId);
    await popup.settle();
    expect(get(root, 'sync-state').textContent).toBe(
      'Nobody Special stopped sharing this game: your copy stays here as a local game and no longer syncs',
    );
    await click(get(root, 'sync-leave-remove'));
    await click(get(root, 'sync-stop-confirm'));
    expect(sent.filter((s) => s.type === 'sync/stop').at(-1)?.payload).toEqual({ gameId, removeCopy: true });
    await popup.settle();
    expect(store.games.view.value.page).toBe('home');
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

  it('a refused code: the worker’s words say nothing was kept, and the same form takes the next code', async () => {
    const { root, store, sent } = await mount((type) => {
      if (type === 'sync/join') {
        const code = (sent.at(-1)?.payload as { code: string }).code;
        if (code === 'gavel-invite:wrong')
          throw new GavelError('sync/refused', 'refused', {
            words: engineMessage('sync/join-refused', { kind: 'text', value: 'Shared Mafia' }),
          });
        return { gameId: 'g-2', title: 'Shared Mafia' };
      }
      if (type === 'sync/status') return null;
      throw new Error(`unexpected ${type}`);
    });
    await store.games.show({ page: 'home' });
    await popup.settle();
    await type(get<HTMLInputElement>(root, 'join-code'), 'gavel-invite:wrong');
    await type(get<HTMLInputElement>(root, 'join-name'), 'Second Gavel');
    await click(get(root, 'join'));
    expect(get(root, 'join-problem').textContent).toMatch(/^The sync server refused this invitation to “Shared Mafia”.*Nothing was kept/u);
    await type(get<HTMLInputElement>(root, 'join-code'), 'gavel-invite:right');
    await click(get(root, 'join'));
    expect(root.querySelector('[data-testid="join-problem"]')).toBeNull();
    // A later refusal (the worker forgot the join: no share any more) is said in the same words' spirit.
    await store.sync.checkJoined();
    await popup.settle();
    expect(get(root, 'join-done').textContent).toBe('The sync server refused the code: nothing was kept. Paste a new code to try again');
  });
});
