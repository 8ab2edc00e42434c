/**
 * A game file keeps a substitution of what the Investigator is handed (004 L85, L86, L77: `forged`), on the night's
 * entered actions and on a recorded move (`action/use`); a damaged one is refused, naming its place, and the host's
 * database keeps everything it had.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { exportGame, importGame, type GameFile } from '../../extension/storage/game-file';
import { dumpText, hostedGame } from './hosted-game';
import type { GameEvent } from '../../src/engine';

const freshDb = freshDatabases('gavel-game-file-forged');

/** The hosted game's file with a substitution on its first night action and on a recorded move. */
async function fileWithForgeries(): Promise<{ readonly id: string; readonly file: GameFile; readonly db: ReturnType<typeof freshDb> }> {
  const db = freshDb();
  const id = await hostedGame(db);
  const file = await exportGame(db, id, 5000);
  const [first, ...rest] = file.nightActions;
  if (first === undefined) throw new Error('no night action');
  const move: GameEvent = {
    type: 'action/use',
    actor: 'slot-2',
    ability: 'investigate',
    targets: ['slot-3'],
    forged: { value: ['slot-1'], when: [] },
  };
  return {
    id,
    db,
    file: {
      ...file,
      nightActions: [{ ...first, forged: { value: false, when: true } }, ...rest],
      game: { ...file.game, events: [...file.game.events, move] },
    },
  };
}

describe('a substitution in a game file (004 L85, L86, L77)', () => {
  it('goes out and comes back: the night action’s colour and condition, the recorded move’s places', async () => {
    const { id, db, file } = await fileWithForgeries();
    await Promise.all(db.tables.map((t) => t.clear()));
    await importGame(db, JSON.stringify(file), { replace: false });
    const again = await exportGame(db, id, 6000);
    expect(again.nightActions[0]?.forged).toEqual({ value: false, when: true });
    expect(again.game.events.at(-1)).toEqual({
      type: 'action/use',
      actor: 'slot-2',
      ability: 'investigate',
      targets: ['slot-3'],
      forged: { value: ['slot-1'], when: [] },
    });
  });

  it('a damaged substitution is refused with its place, and the host’s database loses nothing', async () => {
    const { db, file } = await fileWithForgeries();
    const [first, ...rest] = file.nightActions;
    if (first === undefined) throw new Error('no night action');
    const before = await dumpText(db);
    const damaged = { ...file, nightActions: [{ ...first, forged: { value: 'red' } }, ...rest] };
    const error = await importGame(db, JSON.stringify(damaged), { replace: true }).then(
      () => null,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(error?.code).toBe('game-file/malformed');
    expect(error?.message).toContain('nightActions[0].forged.value: expected true, false or a list of player ids, found "red"');
    const events = file.game.events.length - 1;
    const badMove = {
      ...file,
      game: { ...file.game, events: [...file.game.events.slice(0, -1), { ...file.game.events.at(-1), forged: { when: true } }] },
    };
    const second = await importGame(db, JSON.stringify(badMove), { replace: true }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(second?.message).toContain(`game.events[${events}].forged.value`);
    expect(await dumpText(db)).toBe(before);
  });
});
