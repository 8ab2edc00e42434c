// @vitest-environment node
/**
 * Issue 20 in the worker: two Gavels (two in-memory databases, each with the
 * worker's real handlers and its sync manager) and a real Hocuspocus server
 * (server/gavel-server.ts) on a free port. Every wait is on what the worker
 * reports (its `changed` callback): no sleep decides a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSyncManager, type SyncManager } from '../../extension/background/sync';
import type { Handlers } from '../../extension/shared/messaging';
import type { SyncStatusView } from '../../extension/shared/protocol';
import { getGame } from '../../extension/storage/games';
import type { GavelDatabase } from '../../extension/storage/schema';
import { startSyncServer, type SyncServer } from '../../server/gavel-server';
import { freshDatabases } from './fresh-db';
import { hostedGame } from './hosted-game';
import { gameWorker, workerCall, type WorkerCall } from './popup-worker';

const folder = mkdtempSync(join(tmpdir(), 'gavel-sync-worker-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newDb = freshDatabases('sync-worker');

const servers: SyncServer[] = [];
const managers: SyncManager[] = [];
afterEach(async () => {
  for (const m of managers.splice(0)) await m.close();
  for (const s of servers.splice(0)) await s.stop();
});

async function server(file = join(folder, `games-${++files}.sqlite`)): Promise<{ server: SyncServer; file: string; url: string }> {
  const started = await startSyncServer({ port: 0, database: file });
  servers.push(started);
  return { server: started, file, url: `ws://127.0.0.1:${started.port}` };
}

interface Gavel {
  readonly db: GavelDatabase;
  readonly call: WorkerCall;
  readonly sync: SyncManager;
  /** Resolves when `check` holds, checking again whenever the worker says a shared game changed (and every 100 ms, for what it does not announce). */
  until(check: () => Promise<boolean>): Promise<void>;
}

let clock = Date.UTC(2026, 10, 26, 12, 0);
const now = (): number => ++clock;

function gavel(): Gavel {
  const db = newDb();
  const waiting = new Set<() => void>();
  const sync = createSyncManager({
    db: () => db,
    now,
    WebSocket,
    delays: { min: 50, max: 300 },
    changed: () => {
      for (const w of [...waiting]) w();
    },
  });
  managers.push(sync);
  const handlers = sync.guard({ ...gameWorker(db, now), ...sync.handlers() } as unknown as Handlers);
  return {
    db,
    sync,
    call: workerCall(handlers as unknown as Parameters<typeof workerCall>[0]),
    until: (check) =>
      new Promise((resolve, reject) => {
        const stop = (): void => {
          waiting.delete(test);
          clearInterval(again);
        };
        const test = (): void => {
          check().then(
            (done) => {
              if (!done) return;
              stop();
              resolve();
            },
            (e: unknown) => {
              stop();
              reject(e instanceof Error ? e : new Error(String(e)));
            },
          );
        };
        const again = setInterval(test, 100);
        waiting.add(test);
        test();
      }),
  };
}

const stateOf = async (g: Gavel, gameId: string): Promise<SyncStatusView['state'] | null> =>
  (await g.call('sync/status', { gameId }))?.state ?? null;
const eventsOf = async (g: Gavel, gameId: string): Promise<number> => (await getGame(g.db, gameId))?.events.length ?? 0;

describe('co-hosts in the worker (issue 20)', () => {
  it('A shares, invites B; B joins with the code and gets the game; each change either makes reaches the other', async () => {
    const { url } = await server();
    const a = gavel();
    const b = gavel();
    const gameId = await hostedGame(a.db);
    const shared = await a.call('sync/share', { gameId, server: url, hostName: 'Nobody Special' });
    expect(shared.right).toBe('owner');
    await a.until(async () => (await stateOf(a, gameId)) === 'connected' && (await a.call('sync/status', { gameId }))?.coHosts !== null);
    const { code } = await a.call('sync/invite', { gameId, name: 'Second Gavel', right: 'write' });
    expect(code.startsWith('gavel-invite:')).toBe(true);
    expect((await a.call('sync/status', { gameId }))?.coHosts?.map((h) => `${h.name}:${h.right}`)).toEqual(['Second Gavel:write']);

    const joined = await b.call('sync/join', { code, hostName: 'Second Gavel' });
    expect(joined.gameId).toBe(gameId);
    const total = await eventsOf(a, gameId);
    await b.until(async () => (await eventsOf(b, gameId)) === total);
    expect((await getGame(b.db, gameId))?.events).toEqual((await getGame(a.db, gameId))?.events);
    // Who is connected, and when it last synced.
    await a.until(async () => ((await a.call('sync/status', { gameId }))?.connected.length ?? 0) === 1);
    expect((await a.call('sync/status', { gameId }))?.connected.map((p) => `${p.name}:${p.right}`)).toEqual(['Second Gavel:write']);
    expect((await b.call('sync/status', { gameId }))?.lastSyncedAt).not.toBeNull();

    // A's command goes into the document and reaches B; B's reaches A.
    const game = await getGame(a.db, gameId);
    const slot = game?.roster.slots[0]?.id ?? '';
    await a.call('game/event', { id: gameId, action: { kind: 'append', event: { kind: 'mod-kill', slotId: slot, reason: 'inactive' } } });
    await b.until(async () => (await eventsOf(b, gameId)) === total + 1);
    await b.call('game/event', { id: gameId, action: { kind: 'undo' } });
    await a.until(async () => (await eventsOf(a, gameId)) === total);
    expect((await getGame(a.db, gameId))?.events).toEqual((await getGame(b.db, gameId))?.events);
  });

  it('the event log shows who did what (issue 20 item 4): each side names the host who recorded each event', async () => {
    const { url } = await server();
    const a = gavel();
    const b = gavel();
    const gameId = await hostedGame(a.db);
    await a.call('sync/share', { gameId, server: url, hostName: 'Nobody Special' });
    await a.until(async () => (await stateOf(a, gameId)) === 'connected' && (await a.call('sync/status', { gameId }))?.coHosts !== null);
    const { code } = await a.call('sync/invite', { gameId, name: 'Second Gavel', right: 'write' });
    await b.call('sync/join', { code, hostName: 'Second Gavel' });
    const total = await eventsOf(a, gameId);
    await b.until(async () => (await eventsOf(b, gameId)) === total);
    const slots = (await getGame(a.db, gameId))?.roster.slots.map((s) => s.id) ?? [];
    await a.call('game/event', {
      id: gameId,
      action: { kind: 'append', event: { kind: 'mod-kill', slotId: slots[0] ?? '', reason: 'inactive' } },
    });
    await b.until(async () => (await eventsOf(b, gameId)) === total + 1);
    await b.call('game/event', {
      id: gameId,
      action: { kind: 'append', event: { kind: 'mod-kill', slotId: slots[1] ?? '', reason: 'spam' } },
    });
    await a.until(async () => (await eventsOf(a, gameId)) === total + 2);
    for (const side of [a, b]) {
      await side.until(async () => (await side.call('sync/status', { gameId }))?.bylines.length === total + 2);
      const bylines = (await side.call('sync/status', { gameId }))?.bylines ?? [];
      // The setup event is the game shared, no entry of the log; what the creator had before sharing is his.
      expect(bylines[0]?.author).toBeNull();
      expect(bylines.slice(1, total).every((l) => l.author === 'Nobody Special')).toBe(true);
      expect(bylines.slice(total).map((l) => l.author)).toEqual(['Nobody Special', 'Second Gavel']);
      expect(bylines.every((l) => l.notes.length === 0)).toBe(true);
    }
  });

  it('a read-only co-host’s changes are refused with a clear reason; a wrong code is refused; a revoked co-host is told so', async () => {
    const { url } = await server();
    const a = gavel();
    const reader = gavel();
    const stranger = gavel();
    const gameId = await hostedGame(a.db);
    await a.call('sync/share', { gameId, server: url, hostName: 'Nobody Special' });
    await a.until(async () => (await stateOf(a, gameId)) === 'connected' && (await a.call('sync/status', { gameId }))?.coHosts !== null);
    const { code } = await a.call('sync/invite', { gameId, name: 'Backup host', right: 'read' });
    await reader.call('sync/join', { code, hostName: 'Backup host' });
    const total = await eventsOf(a, gameId);
    await reader.until(async () => (await eventsOf(reader, gameId)) === total);

    await expect(reader.call('game/event', { id: gameId, action: { kind: 'undo' } })).rejects.toMatchObject({
      code: 'sync/refused',
      message: expect.stringMatching(/read-only/u) as unknown,
    });
    expect(await eventsOf(reader, gameId)).toBe(total);

    // A code with the right game but another secret: the server does not know it.
    const forged = JSON.parse(atob(code.slice('gavel-invite:'.length).replace(/-/gu, '+').replace(/_/gu, '/'))) as Record<string, unknown>;
    const fake = `gavel-invite:${btoa(JSON.stringify({ ...forged, k: 'x'.repeat(43) }))
      .replace(/\+/gu, '-')
      .replace(/\//gu, '_')
      .replace(/=+$/u, '')}`;
    // The join waits for the server's answer and says it was refused; nothing is left behind.
    await expect(stranger.call('sync/join', { code: fake, hostName: 'Stranger' })).rejects.toMatchObject({ code: 'sync/refused' });
    expect(await stranger.call('sync/status', { gameId })).toBeNull();
    expect(await getGame(stranger.db, gameId)).toBeNull();
    await expect(stranger.call('sync/join', { code: 'hello', hostName: 'Stranger' })).rejects.toMatchObject({ code: 'sync/refused' });

    const id = (await a.call('sync/status', { gameId }))?.coHosts?.[0]?.id ?? '';
    const after = await a.call('sync/revoke', { gameId, id });
    expect(after.coHosts?.[0]?.revoked).toBe(true);
    await reader.until(async () => (await stateOf(reader, gameId)) === 'revoked');
  });

  it('offline edits of both hosts merge when the server is back, and a server restart loses nothing', async () => {
    const first = await server();
    const a = gavel();
    const b = gavel();
    const gameId = await hostedGame(a.db);
    await a.call('sync/share', { gameId, server: first.url, hostName: 'Nobody Special' });
    await a.until(async () => (await stateOf(a, gameId)) === 'connected' && (await a.call('sync/status', { gameId }))?.coHosts !== null);
    const { code } = await a.call('sync/invite', { gameId, name: 'Second Gavel', right: 'write' });
    await b.call('sync/join', { code, hostName: 'Second Gavel' });
    const total = await eventsOf(a, gameId);
    await b.until(async () => (await eventsOf(b, gameId)) === total);

    const port = first.server.port;
    servers.splice(servers.indexOf(first.server), 1);
    await first.server.stop();
    await a.until(async () => (await stateOf(a, gameId)) !== 'connected');
    await b.until(async () => (await stateOf(b, gameId)) !== 'connected');
    const slots = (await getGame(a.db, gameId))?.roster.slots.map((s) => s.id) ?? [];
    await a.call('game/event', {
      id: gameId,
      action: { kind: 'append', event: { kind: 'mod-kill', slotId: slots[0] ?? '', reason: 'A offline' } },
    });
    await b.call('game/event', {
      id: gameId,
      action: { kind: 'append', event: { kind: 'mod-kill', slotId: slots[1] ?? '', reason: 'B offline' } },
    });

    const again = await startSyncServer({ port, database: first.file });
    servers.push(again);
    await a.until(async () => (await eventsOf(a, gameId)) === total + 2);
    await b.until(async () => (await eventsOf(b, gameId)) === total + 2);
    expect((await getGame(a.db, gameId))?.events).toEqual((await getGame(b.db, gameId))?.events);
  });

  it('a refused code leaves nothing behind: the right code for the same game joins it afterwards', async () => {
    const { url } = await server();
    const a = gavel();
    const b = gavel();
    const gameId = await hostedGame(a.db);
    await a.call('sync/share', { gameId, server: url, hostName: 'Nobody Special' });
    await a.until(async () => (await stateOf(a, gameId)) === 'connected' && (await a.call('sync/status', { gameId }))?.coHosts !== null);
    const { code } = await a.call('sync/invite', { gameId, name: 'Second Gavel', right: 'write' });
    const wrong = `gavel-invite:${btoa(
      JSON.stringify({
        ...(JSON.parse(atob(code.slice('gavel-invite:'.length).replace(/-/gu, '+').replace(/_/gu, '/'))) as Record<string, unknown>),
        k: 'y'.repeat(43),
      }),
    )
      .replace(/\+/gu, '-')
      .replace(/\//gu, '_')
      .replace(/=+$/u, '')}`;
    await expect(b.call('sync/join', { code: wrong, hostName: 'Second Gavel' })).rejects.toMatchObject({
      code: 'sync/refused',
      words: { code: 'sync/join-refused' },
    });
    expect(await b.db.sharedGames.count()).toBe(0);
    // Before the fix this said "This Gavel has that game already".
    await b.call('sync/join', { code, hostName: 'Second Gavel' });
    const total = await eventsOf(a, gameId);
    await b.until(async () => (await eventsOf(b, gameId)) === total);
    expect((await b.call('sync/status', { gameId }))?.state).toBe('connected');
  });

  it('the creator stops sharing: his game stays local, the co-hosts are told and keep theirs; a co-host leaves keeping or removing his copy', async () => {
    const { url } = await server();
    const a = gavel();
    const b = gavel();
    const c = gavel();
    const gameId = await hostedGame(a.db);
    await a.call('sync/share', { gameId, server: url, hostName: 'Nobody Special' });
    await a.until(async () => (await stateOf(a, gameId)) === 'connected' && (await a.call('sync/status', { gameId }))?.coHosts !== null);
    const forB = await a.call('sync/invite', { gameId, name: 'Second Gavel', right: 'write' });
    const forC = await a.call('sync/invite', { gameId, name: 'Third Gavel', right: 'write' });
    await b.call('sync/join', { code: forB.code, hostName: 'Second Gavel' });
    await c.call('sync/join', { code: forC.code, hostName: 'Third Gavel' });
    const total = await eventsOf(a, gameId);
    await b.until(async () => (await eventsOf(b, gameId)) === total);
    await c.until(async () => (await eventsOf(c, gameId)) === total);

    // C leaves and takes his copy away; A and B go on.
    expect(await c.call('sync/stop', { gameId, removeCopy: true })).toEqual({ stopped: true });
    expect(await getGame(c.db, gameId)).toBeNull();
    expect(await c.call('sync/status', { gameId })).toBeNull();

    expect(await a.call('sync/stop', { gameId })).toEqual({ stopped: true });
    expect(await a.call('sync/status', { gameId })).toBeNull();
    expect(await eventsOf(a, gameId)).toBe(total);
    await b.until(async () => (await stateOf(b, gameId)) === 'ended');
    const ended = await b.call('sync/status', { gameId });
    expect(ended?.endedBy).toBe('Nobody Special');
    expect(await eventsOf(b, gameId)).toBe(total);
    // B's copy is a local game now: his changes are his own, nothing refuses them.
    const slot = (await getGame(b.db, gameId))?.roster.slots[0]?.id ?? '';
    await b.call('game/event', { id: gameId, action: { kind: 'append', event: { kind: 'mod-kill', slotId: slot, reason: 'inactive' } } });
    expect(await eventsOf(b, gameId)).toBe(total + 1);
    expect(await eventsOf(a, gameId)).toBe(total);
    // B reads the notice and keeps the game: the share row goes, the game stays.
    expect(await b.call('sync/stop', { gameId, removeCopy: false })).toEqual({ stopped: true });
    expect(await b.call('sync/status', { gameId })).toBeNull();
    expect(await eventsOf(b, gameId)).toBe(total + 1);
  });
});
