/**
 * Issue 20, co-hosts: a real Hocuspocus server (server/gavel-server.ts) on a
 * free port with its SQLite file, and hosts as provider clients. Host A shares
 * the game, B joins with the invitation; edits made offline merge; a server
 * restart loses nothing; a wrong or revoked secret is refused; a read-only
 * co-host's change reaches no one; two hosts applying the same night give one
 * outcome and a note both see.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { addCoHost, revokeCoHost } from '../../extension/sync/access';
import { announcePresence, connectedHosts, type PresenceAwareness } from '../../extension/sync/presence';
import { readSharedGame, recordLocalChange, type SharedRows, type SyncHost } from '../../extension/sync/game-doc';
import {
  accessDocumentName,
  decodeInvite,
  encodeInvite,
  gameDocumentName,
  newSecret,
  secretHash,
  type ShareRight,
} from '../../extension/sync/invite';
import type { SyncServer } from '../../server/gavel-server';
import { hostedRows, withEvents, withNightApplied } from './fixture';
import { connect, startServer, stopServer, tempFolder, until, type Client } from './sync-harness';

const folder = tempFolder();
let files = 0;
const newFile = (): string => join(folder, `games-${++files}.sqlite`);

const hostA: SyncHost = { id: 'host-a', name: 'Nobody Special' };
const hostB: SyncHost = { id: 'host-b', name: 'Second Gavel' };

/** Resolves when the client's changes are all acknowledged by the server. */
function flushed(client: Client): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (client.provider.unsyncedChanges > 0) return;
      client.provider.off('unsyncedChanges', check);
      resolve();
    };
    client.provider.on('unsyncedChanges', check);
    check();
  });
}

function awarenessOf(client: Client): PresenceAwareness {
  const awareness = client.provider.awareness;
  if (awareness === null) throw new Error('the provider has no awareness');
  return awareness;
}

/** Resolves when `check` holds, checking again on every change of the client's awareness. */
function awarenessUntil(client: Client, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const awareness = client.provider.awareness;
    const onChange = (): void => {
      if (!check()) return;
      awareness?.off('change', onChange);
      resolve();
    };
    awareness?.on('change', onChange);
    onChange();
  });
}

function gameOf(doc: Y.Doc): SharedRows {
  const shared = readSharedGame(doc);
  if (shared === null) throw new Error('the document holds no game');
  return shared.rows;
}

const eventsOf = (doc: Y.Doc): number => readSharedGame(doc)?.rows.game.events.length ?? 0;

/** Host A shares the game: claims its access list, invites co-hosts, puts the game on the server. */
async function share(server: SyncServer, rows: SharedRows, invites: readonly { name: string; right: ShareRight }[]) {
  const ownerSecret = newSecret();
  const access = connect(server, accessDocumentName(rows.game.id), ownerSecret);
  await access.ready;
  const codes: string[] = [];
  for (const [i, invite] of invites.entries()) {
    const secret = newSecret();
    addCoHost(access.doc, { hash: await secretHash(secret), name: invite.name, right: invite.right, invitedAt: 5000 + i });
    codes.push(
      encodeInvite({ server: `ws://127.0.0.1:${server.port}`, gameId: rows.game.id, secret, right: invite.right, title: rows.game.title }),
    );
  }
  await flushed(access);
  const a = connect(server, gameDocumentName(rows.game.id), ownerSecret);
  await a.ready;
  recordLocalChange(a.doc, rows, hostA, 6000);
  await flushed(a);
  return { ownerSecret, access, a, codes };
}

function join_(server: SyncServer, code: string): Client {
  const invite = decodeInvite(code);
  return connect(server, gameDocumentName(invite.gameId), invite.secret);
}

describe('co-hosts through a real Hocuspocus server (issue 20)', () => {
  it('A shares the game, B joins with the invitation and sees the same game', async () => {
    const rows = await hostedRows();
    const server = await startServer(newFile());
    const { a, codes } = await share(server, rows, [{ name: 'Second Gavel', right: 'write' }]);
    const b = join_(server, codes[0] ?? '');
    await b.ready;
    await until([b.doc], () => eventsOf(b.doc) === rows.game.events.length);
    const seen = gameOf(b.doc);
    expect({ ...seen.game, updatedAt: 0 }).toEqual({ ...rows.game, updatedAt: 0 });
    expect(seen.nightActions).toEqual(rows.nightActions);
    expect(seen.resolutions).toEqual(rows.resolutions);
    expect(seen.pardons).toEqual(rows.pardons);
    expect(gameOf(a.doc)).toEqual(seen);
  });

  it('each host sees who else is connected, with his right, and not once he left (issue 20: who is connected)', async () => {
    const rows = await hostedRows();
    const server = await startServer(newFile());
    const { a, codes } = await share(server, rows, [
      { name: 'Second Gavel', right: 'write' },
      { name: 'Backup host', right: 'read' },
    ]);
    announcePresence(awarenessOf(a), { name: 'Nobody Special', right: 'owner', since: 11_000 });
    const b = join_(server, codes[0] ?? '');
    const c = join_(server, codes[1] ?? '');
    await Promise.all([b.ready, c.ready]);
    announcePresence(awarenessOf(b), { name: 'Second Gavel', right: 'write', since: 11_100 });
    announcePresence(awarenessOf(c), { name: 'Backup host', right: 'read', since: 11_200 });
    const names = (client: Client): string[] => connectedHosts(awarenessOf(client)).map((p) => `${p.name}:${p.right}`);
    await awarenessUntil(a, () => names(a).length === 2);
    expect(names(a)).toEqual(['Backup host:read', 'Second Gavel:write']);
    await awarenessUntil(c, () => names(c).length === 2);
    expect(names(c)).toEqual(['Nobody Special:owner', 'Second Gavel:write']);
    c.destroy();
    await awarenessUntil(a, () => names(a).length === 1);
    expect(names(a)).toEqual(['Second Gavel:write']);
  });

  it('both add events while B is offline; after reconnection both have the same game with both events', async () => {
    const rows = await hostedRows();
    const server = await startServer(newFile());
    const { a, codes } = await share(server, rows, [{ name: 'Second Gavel', right: 'write' }]);
    const b = join_(server, codes[0] ?? '');
    await b.ready;
    await until([b.doc], () => eventsOf(b.doc) === rows.game.events.length);

    await b.goOffline();
    recordLocalChange(
      a.doc,
      withEvents(gameOf(a.doc), { type: 'vote/cast', voter: 'slot-1', ballot: 'lynch', target: 'slot-3' }),
      hostA,
      7000,
    );
    recordLocalChange(
      b.doc,
      withEvents(gameOf(b.doc), { type: 'vote/cast', voter: 'slot-2', ballot: 'lynch', target: 'slot-3' }),
      hostB,
      7001,
    );
    await flushed(a);
    await b.goOnline();
    await until([a.doc, b.doc], () => eventsOf(a.doc) === rows.game.events.length + 2 && eventsOf(b.doc) === rows.game.events.length + 2);

    expect(gameOf(a.doc)).toEqual(gameOf(b.doc));
    const voters = gameOf(a.doc).game.events.flatMap((e) => (e.type === 'vote/cast' ? [e.voter] : []));
    expect(voters.sort()).toEqual(['slot-1', 'slot-2']);
    // The log says who did what.
    const history = readSharedGame(a.doc)?.history ?? [];
    expect(history.map((h) => h.author)).toEqual(expect.arrayContaining(['Nobody Special', 'Second Gavel']));
  });

  it('a server restart on the same SQLite file loses nothing', async () => {
    const rows = await hostedRows();
    const file = newFile();
    const first = await startServer(file);
    const { a, ownerSecret } = await share(first, rows, []);
    recordLocalChange(a.doc, withEvents(gameOf(a.doc), { type: 'phase/start', phase: { kind: 'night', number: 1 } }), hostA, 8000);
    await flushed(a);
    const before = gameOf(a.doc);
    a.destroy();
    await stopServer(first);

    const second = await startServer(file);
    const again = connect(second, gameDocumentName(rows.game.id), ownerSecret);
    await again.ready;
    expect(gameOf(again.doc)).toEqual(before);
  });

  it('refuses a wrong secret, and a revoked co-host is disconnected and refused from then on', async () => {
    const rows = await hostedRows();
    const server = await startServer(newFile());
    const { access, codes, ownerSecret } = await share(server, rows, [{ name: 'Second Gavel', right: 'write' }]);

    const stranger = connect(server, gameDocumentName(rows.game.id), newSecret());
    await expect(stranger.ready).rejects.toThrow(/refused/u);
    const noSuchDocument = connect(server, 'someone-elses-document', ownerSecret);
    await expect(noSuchDocument.ready).rejects.toThrow(/refused/u);
    // Nor can anyone but the creator open the access list.
    const invite = decodeInvite(codes[0] ?? '');
    const climber = connect(server, accessDocumentName(rows.game.id), invite.secret);
    await expect(climber.ready).rejects.toThrow(/refused/u);

    const b = join_(server, codes[0] ?? '');
    await b.ready;
    const cut = b.closed();
    revokeCoHost(access.doc, await secretHash(invite.secret));
    await cut;
    // B works on locally; his reconnection is refused, and the server never takes his change.
    recordLocalChange(b.doc, withEvents(gameOf(b.doc), { type: 'phase/start', phase: { kind: 'night', number: 1 } }), hostB, 9000);
    await b.refusedAgain();
    const owner = connect(server, gameDocumentName(rows.game.id), ownerSecret);
    await owner.ready;
    expect(gameOf(owner.doc).game.events).toEqual(rows.game.events);
  });

  it('a read-only co-host sees the game, and his change reaches no one', async () => {
    const rows = await hostedRows();
    const server = await startServer(newFile());
    const { a, codes, ownerSecret } = await share(server, rows, [{ name: 'Backup host', right: 'read' }]);
    const c = join_(server, codes[0] ?? '');
    await c.ready;
    await until([c.doc], () => eventsOf(c.doc) === rows.game.events.length);

    recordLocalChange(c.doc, withEvents(gameOf(c.doc), { type: 'phase/start', phase: { kind: 'night', number: 1 } }), hostB, 9500);
    // A's later change still reaches the read-only co-host…
    recordLocalChange(
      a.doc,
      withEvents(gameOf(a.doc), { type: 'vote/cast', voter: 'slot-1', ballot: 'lynch', target: 'slot-3' }),
      hostA,
      9600,
    );
    await flushed(a);
    await until([c.doc], () => gameOf(c.doc).game.events.some((e) => e.type === 'vote/cast' && e.voter === 'slot-1'));
    // …but his own never left him: the server did not acknowledge it, and neither A nor a fresh client has it.
    expect(c.provider.unsyncedChanges).toBeGreaterThan(0);
    const isNight = (e: { type: string }): boolean => e.type === 'phase/start';
    expect(gameOf(a.doc).game.events.filter(isNight)).toEqual(rows.game.events.filter(isNight));
    const fresh = connect(server, gameDocumentName(rows.game.id), ownerSecret);
    await fresh.ready;
    expect(gameOf(fresh.doc).game.events.filter(isNight)).toEqual(rows.game.events.filter(isNight));
  });

  it('two hosts applying the same night at once give one outcome and a conflict note both see', async () => {
    const rows = await hostedRows();
    const server = await startServer(newFile());
    const { a, codes } = await share(server, rows, [{ name: 'Second Gavel', right: 'write' }]);
    const b = join_(server, codes[0] ?? '');
    await b.ready;
    await until([b.doc], () => eventsOf(b.doc) === rows.game.events.length);

    await b.goOffline();
    const death = { type: 'player/die', slotId: 'slot-2', cause: 'faction-kill' } as const;
    const day2 = { type: 'phase/start', phase: { kind: 'day', number: 2 } } as const;
    recordLocalChange(a.doc, withNightApplied(gameOf(a.doc), 1, death, day2), hostA, 10_000);
    recordLocalChange(b.doc, withNightApplied(gameOf(b.doc), 1, { ...death, cause: 'killed' }, day2), hostB, 10_001);
    await flushed(a);
    await b.goOnline();
    await until(
      [a.doc, b.doc],
      () => (readSharedGame(a.doc)?.conflicts.length ?? 0) === 1 && (readSharedGame(b.doc)?.conflicts.length ?? 0) === 1,
    );

    const onA = readSharedGame(a.doc);
    const onB = readSharedGame(b.doc);
    expect(onA?.rows).toEqual(onB?.rows);
    expect(onA?.conflicts).toEqual(onB?.conflicts);
    const deaths = onA?.rows.game.events.filter((e) => e.type === 'player/die') ?? [];
    expect(deaths.filter((e) => e.type === 'player/die' && e.slotId === 'slot-2')).toHaveLength(1);
    expect(onA?.rows.resolutions.find((r) => r.night === 1)?.applied).toBe(true);
    expect(onA?.conflicts[0]?.message.code).toBe('sync/night-applied-twice');
    expect([onA?.conflicts[0]?.kept.author, onA?.conflicts[0]?.dropped.author].sort()).toEqual(['Nobody Special', 'Second Gavel']);
  });
});
