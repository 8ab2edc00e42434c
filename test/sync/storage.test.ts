/**
 * Issue 20 in the database: schema version 3 keeps every older version's
 * data, a game is shared only when the host turns sharing on, the shared
 * document is stored by y-dexie and survives reopening, a co-host's Gavel gets
 * the game's rows from it, and the secret never goes into an export.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { exportGame } from '../../extension/storage/game-file';
import { getGame, listNightActions, listNightResolutions, listPardons } from '../../extension/storage/games';
import { declareVersion1, declareVersion2, openDatabase, type GavelDatabase } from '../../extension/storage/schema';
import {
  joinSharedGame,
  listSharedGames,
  openSharedDoc,
  pullSharedGame,
  pushLocalChange,
  releaseSharedDoc,
  shareCredentials,
  startSharing,
} from '../../extension/storage/shared-games';
import { appendHostEvent } from '../../extension/storage/games';
import { readSharedGame } from '../../extension/sync/game-doc';
import { hostedGame } from '../extension/hosted-game';

let counter = 0;
const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});
function fresh(): GavelDatabase {
  const db = openDatabase(`sync-storage-${++counter}`);
  opened.push(db);
  return db;
}

describe('shared games in the database (schema version 3, y-dexie)', () => {
  it('opens a version-2 database with its games unchanged, and no game is shared until the host shares it', async () => {
    const name = `sync-upgrade-${++counter}`;
    const old = new Dexie(name);
    declareVersion1(old);
    declareVersion2(old);
    await old.open();
    const before = openDatabase(`sync-source-${++counter}`);
    opened.push(before);
    const id = await hostedGame(before);
    const game = await getGame(before, id);
    await old.table('games').put(game);
    old.close();

    const upgraded = openDatabase(name);
    opened.push(upgraded);
    expect(await getGame(upgraded, id)).toEqual(game);
    expect(upgraded.verno).toBe(3);
    expect(await listSharedGames(upgraded)).toEqual([]);
  });

  it('stores the shared document, which survives reopening the database', async () => {
    const db = fresh();
    const id = await hostedGame(db);
    await startSharing(db, id, { server: 'ws://127.0.0.1:1234', hostName: 'Nobody Special' }, 5000);
    const game = await getGame(db, id);
    db.close();

    const reopened = openDatabase(db.name);
    opened.push(reopened);
    const doc = await openSharedDoc(reopened, id);
    expect(doc).not.toBeNull();
    if (doc === null) return;
    try {
      expect({ ...readSharedGame(doc)?.rows.game, updatedAt: 0 }).toEqual({ ...game, updatedAt: 0 });
    } finally {
      releaseSharedDoc(doc);
    }
  });

  it("a host's change goes into the document, and a co-host's Gavel writes the game's rows from it", async () => {
    const a = fresh();
    const id = await hostedGame(a);
    await startSharing(a, id, { server: 'ws://127.0.0.1:1234', hostName: 'Nobody Special' }, 5000);
    await appendHostEvent(a, id, { kind: 'death', slotId: 'slot-2', cause: 'killed' }, 6000);
    expect(await pushLocalChange(a, id, 6000)).toBe(true);

    const b = fresh();
    const credentials = await shareCredentials(a, id);
    await joinSharedGame(
      b,
      { server: 'ws://127.0.0.1:1234', gameId: id, secret: credentials?.secret ?? '', right: 'write', title: 'Mini 2187' },
      'Second Gavel',
      7000,
    );
    // What the provider does between them: the updates of one document reach the other.
    const docA = await openSharedDoc(a, id);
    const docB = await openSharedDoc(b, id);
    if (docA === null || docB === null) throw new Error('no shared document');
    Y.applyUpdate(docB, Y.encodeStateAsUpdate(docA));
    releaseSharedDoc(docA);
    releaseSharedDoc(docB);

    await pullSharedGame(b, id);
    expect({ ...(await getGame(b, id)), updatedAt: 0 }).toEqual({ ...(await getGame(a, id)), updatedAt: 0 });
    expect(await listNightActions(b, id)).toEqual(await listNightActions(a, id));
    expect(await listNightResolutions(b, id)).toEqual(await listNightResolutions(a, id));
    expect(await listPardons(b, id)).toEqual(await listPardons(a, id));
  });

  it("never writes the secret into the game's export", async () => {
    const db = fresh();
    const id = await hostedGame(db);
    await startSharing(db, id, { server: 'ws://127.0.0.1:1234', hostName: 'Nobody Special' }, 5000);
    const secret = (await shareCredentials(db, id))?.secret ?? '';
    expect(secret.length).toBeGreaterThan(20);
    const exported = JSON.stringify(await exportGame(db, id, 8000));
    expect(exported).toContain(id);
    expect(exported).not.toContain(secret);
    // Nor does the list the pages get.
    expect(JSON.stringify(await listSharedGames(db))).not.toContain(secret);
  });
});
