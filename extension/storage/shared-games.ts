/**
 * Shared games (issue 20) in the database: a game's share row and its Yjs
 * document (stored by y-dexie), and the two directions between the document
 * and the game's own rows. A game nobody shared has no row here and is read
 * and written exactly as before; nothing in this file sends anything anywhere
 * (the worker connects the document to the server the row names).
 */
import { DexieYProvider } from 'y-dexie';
import type * as Y from 'yjs';
import type { EngineMessage } from '../../src/engine/words';
import { GavelError } from '../shared/errors';
import { readSharedGame, recordLocalChange, type SharedGame, type SharedRows, type SyncHost } from '../sync/game-doc';
import { newSecret, type Invite } from '../sync/invite';
import { getGame, listNightActions, listNightResolutions, listPardons } from './games';
import type { GavelDatabase, SharedGameRight, SharedGameRow } from './schema';

/** A shared game as the pages see it: everything but the secret and the document. */
export interface SharedGameInfo {
  readonly gameId: string;
  readonly server: string;
  readonly right: SharedGameRight;
  readonly hostName: string;
  readonly sharedAt: number;
  readonly lastSyncedAt: number | null;
  /** The creator ended the sharing (a co-host's row, kept until the host has read it); null: still shared. */
  readonly endedBy: string | null;
}

function info(row: SharedGameRow): SharedGameInfo {
  return {
    gameId: row.gameId,
    server: row.server,
    right: row.right,
    hostName: row.hostName,
    sharedAt: row.sharedAt,
    lastSyncedAt: row.lastSyncedAt,
    endedBy: row.endedBy ?? null,
  };
}

function hostOf(row: SharedGameRow): SyncHost {
  return { id: row.hostId, name: row.hostName };
}

/** The shared part of a game as its rows stand, or null when there is no such game. */
export async function sharedRowsOf(db: GavelDatabase, gameId: string): Promise<SharedRows | null> {
  const game = await getGame(db, gameId);
  if (game === null) return null;
  const [nightActions, resolutions, pardons] = await Promise.all([
    listNightActions(db, gameId),
    listNightResolutions(db, gameId),
    listPardons(db, gameId),
  ]);
  return { game, nightActions, resolutions, pardons };
}

/** The share row of a game, or null when it is not shared. */
export async function getSharedGame(db: GavelDatabase, gameId: string): Promise<SharedGameInfo | null> {
  const row = await db.sharedGames.get(gameId);
  return row === undefined ? null : info(row);
}

export async function listSharedGames(db: GavelDatabase): Promise<SharedGameInfo[]> {
  return (await db.sharedGames.toArray()).map(info);
}

/**
 * The game's document, loaded from the database (every change to it is stored
 * from then on). Give it back with `releaseSharedDoc` when done. Null: not shared.
 */
export async function openSharedDoc(db: GavelDatabase, gameId: string): Promise<Y.Doc | null> {
  const row = await db.sharedGames.get(gameId);
  if (row === undefined) return null;
  const provider = DexieYProvider.load(row.doc);
  await provider.whenLoaded;
  return row.doc;
}

export function releaseSharedDoc(doc: Y.Doc): void {
  DexieYProvider.release(doc);
}

/** The row without its document: y-dexie gives every row its document, so a new row is added without one. */
type NewShareRow = Omit<SharedGameRow, 'doc'>;

async function addShareRow(db: GavelDatabase, row: NewShareRow): Promise<void> {
  await db.sharedGames.add(row as SharedGameRow);
}

/**
 * Turns sharing on for a game the host has: the host is its owner, with a new
 * secret; the game's shared part goes into its document. Nothing is sent:
 * the worker connects the document to `server` afterwards.
 */
export async function startSharing(
  db: GavelDatabase,
  gameId: string,
  options: { readonly server: string; readonly hostName: string },
  now: number,
): Promise<SharedGameInfo> {
  const rows = await sharedRowsOf(db, gameId);
  if (rows === null) throw new GavelError('game/not-found', `There is no game "${gameId}"`);
  if ((await db.sharedGames.get(gameId)) !== undefined) throw new GavelError('game/exists', 'This game is shared already');
  const row: NewShareRow = {
    gameId,
    server: options.server,
    secret: newSecret(),
    right: 'owner',
    hostId: crypto.randomUUID(),
    hostName: options.hostName,
    sharedAt: now,
    lastSyncedAt: null,
  };
  await addShareRow(db, row);
  const doc = await openSharedDoc(db, gameId);
  if (doc === null) throw new Error(`the share row of ${gameId} vanished`);
  try {
    recordLocalChange(doc, rows, { id: row.hostId, name: row.hostName }, now);
  } finally {
    releaseSharedDoc(doc);
  }
  const stored = await getSharedGame(db, gameId);
  if (stored === null) throw new Error(`the share row of ${gameId} vanished`);
  return stored;
}

/**
 * Joins a game a co-host shared: the row with the invitation's server, secret
 * and right, and an empty document the first sync fills. Refused when this
 * Gavel has a game of that id already (it would be overwritten).
 */
export async function joinSharedGame(db: GavelDatabase, invite: Invite, hostName: string, now: number): Promise<SharedGameInfo> {
  const before = await db.sharedGames.get(invite.gameId);
  const game = await getGame(db, invite.gameId);
  // A join that never got the game (refused, or the worker stopped before the server answered) is replaced.
  const stale = before !== undefined && before.right !== 'owner' && before.lastSyncedAt === null && game === null;
  if (game !== null || (before !== undefined && !stale)) throw new GavelError('game/exists', 'This Gavel has that game already');
  if (stale) await db.sharedGames.delete(invite.gameId);
  await addShareRow(db, {
    gameId: invite.gameId,
    server: invite.server,
    secret: invite.secret,
    right: invite.right,
    hostId: crypto.randomUUID(),
    hostName,
    sharedAt: now,
    lastSyncedAt: null,
  });
  const stored = await getSharedGame(db, invite.gameId);
  if (stored === null) throw new Error(`the share row of ${invite.gameId} vanished`);
  return stored;
}

/** What the worker needs to connect a shared game: the server, the secret and the host's stamp. */
export async function shareCredentials(
  db: GavelDatabase,
  gameId: string,
): Promise<{ readonly server: string; readonly secret: string; readonly right: SharedGameRight; readonly host: SyncHost } | null> {
  const row = await db.sharedGames.get(gameId);
  return row === undefined ? null : { server: row.server, secret: row.secret, right: row.right, host: hostOf(row) };
}

/**
 * After the host changed a shared game, puts the change into its document.
 * A read-only co-host's changes are not put there (the server would refuse them
 * anyway). False when the game is not shared.
 */
export async function pushLocalChange(db: GavelDatabase, gameId: string, now: number): Promise<boolean> {
  const row = await db.sharedGames.get(gameId);
  if (row === undefined || row.right === 'read') return false;
  const rows = await sharedRowsOf(db, gameId);
  const doc = await openSharedDoc(db, gameId);
  if (rows === null || doc === null) return false;
  try {
    recordLocalChange(doc, rows, hostOf(row), now);
  } finally {
    releaseSharedDoc(doc);
  }
  return true;
}

/**
 * Writes the game as its document has it into the game's rows (after a
 * co-host's change arrived), in one transaction, and gives the document's
 * conflict notes and history. Null when the game is not shared or its document
 * holds no game yet.
 */
export async function pullSharedGame(db: GavelDatabase, gameId: string): Promise<SharedGame | null> {
  const doc = await openSharedDoc(db, gameId);
  if (doc === null) return null;
  let shared: SharedGame | null;
  try {
    shared = readSharedGame(doc);
  } finally {
    releaseSharedDoc(doc);
  }
  if (shared === null) return null;
  const { game, nightActions, resolutions, pardons } = shared.rows;
  if (game.id !== gameId) throw new Error(`the shared document of ${gameId} holds the game ${game.id}`);
  await db.transaction('rw', [db.games, db.nightActions, db.nightResolutions, db.pardons], async () => {
    await db.games.put(game);
    await db.nightActions.where('gameId').equals(gameId).delete();
    await db.nightActions.bulkAdd(nightActions.map((a) => ({ ...a })));
    await db.nightResolutions.where('gameId').equals(gameId).delete();
    await db.nightResolutions.bulkPut(resolutions.map((r) => ({ ...r })));
    await db.pardons.where('gameId').equals(gameId).delete();
    await db.pardons.bulkPut(pardons.map((p) => ({ ...p })));
  });
  return shared;
}

/** The notes of the edits that met in the game's document (two hosts doing one thing at once); none when not shared. */
export async function readSharedConflicts(db: GavelDatabase, gameId: string): Promise<EngineMessage[]> {
  const doc = await openSharedDoc(db, gameId);
  if (doc === null) return [];
  try {
    return (readSharedGame(doc)?.conflicts ?? []).map((c) => c.message);
  } finally {
    releaseSharedDoc(doc);
  }
}

/** Notes when the document last synced with the server. */
export async function markSynced(db: GavelDatabase, gameId: string, now: number): Promise<void> {
  await db.sharedGames.update(gameId, { lastSyncedAt: now });
}

/** A co-host's copy after the creator ended the sharing: a local game; the row stays (with who ended it) until the host has read it. */
export async function markEnded(db: GavelDatabase, gameId: string, by: string): Promise<void> {
  await db.sharedGames.update(gameId, { endedBy: by });
}

/**
 * A join the server refused before it ever let this host in: the row and its
 * empty document go, so that a correct code for the same game can be used next.
 * False (nothing removed) when the host had the game already.
 */
export async function forgetRefusedJoin(db: GavelDatabase, gameId: string): Promise<boolean> {
  const row = await db.sharedGames.get(gameId);
  if (row === undefined || row.right === 'owner' || row.lastSyncedAt !== null || (await getGame(db, gameId)) !== null) return false;
  await db.sharedGames.delete(gameId);
  return true;
}

/** Stops sharing a game on this Gavel: the row and its document go, the game's rows stay. */
export async function stopSharing(db: GavelDatabase, gameId: string): Promise<boolean> {
  const existed = (await db.sharedGames.get(gameId)) !== undefined;
  await db.sharedGames.delete(gameId);
  return existed;
}
