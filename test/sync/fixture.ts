/** The shared rows of a game a host has been running (test/extension/hosted-game.ts), read from an in-memory database. */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { getGame, listNightActions, listNightResolutions, listPardons } from '../../extension/storage/games';
import { openDatabase } from '../../extension/storage/schema';
import type { SharedRows } from '../../extension/sync/game-doc';
import type { GameEvent } from '../../src/engine';
import { hostedGame } from '../extension/hosted-game';

let counter = 0;

export async function hostedRows(): Promise<SharedRows> {
  const db = openDatabase(`sync-fixture-${++counter}`);
  try {
    const id = await hostedGame(db);
    const game = await getGame(db, id);
    if (game === null) throw new Error('the hosted game is missing');
    return {
      game,
      nightActions: await listNightActions(db, id),
      resolutions: await listNightResolutions(db, id),
      pardons: await listPardons(db, id),
    };
  } finally {
    db.close();
    await Dexie.delete(db.name);
  }
}

/** The rows with events added at the end of the log. */
export function withEvents(rows: SharedRows, ...events: GameEvent[]): SharedRows {
  return { ...rows, game: { ...rows.game, events: [...rows.game.events, ...events], updatedAt: rows.game.updatedAt + 1 } };
}

/** The rows as the host has them after applying night `night`: its resolution applied and its events logged. */
export function withNightApplied(rows: SharedRows, night: number, ...events: GameEvent[]): SharedRows {
  const next = withEvents(rows, ...events);
  return { ...next, resolutions: next.resolutions.map((r) => (r.night === night ? { ...r, applied: true } : r)) };
}
