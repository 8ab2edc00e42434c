/**
 * A game file keeps the black or the Faceless's Detective's substituted blackening (004 L86 "Имеет право подменить
 * данные следователя … Разрешено поставить условие для подмены, связанное с настоящим результатом"): `forged.blackening`
 * and its condition `forged.blackeningWhen`, on the night's entered actions and on a recorded move (`action/use`); a
 * damaged one is refused, naming its place, and the host's database keeps everything it had.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { exportGame, importGame, type GameFile } from '../../extension/storage/game-file';
import { dumpText, hostedGame } from './hosted-game';
import type { GameEvent } from '../../src/engine';

const freshDb = freshDatabases('gavel-game-file-forged-blackening');

const move: GameEvent = {
  type: 'action/use',
  actor: 'slot-2',
  ability: 'track',
  targets: ['slot-3'],
  forged: { value: [], blackening: null, blackeningWhen: 'mafia' },
};

/** The hosted game's file with a substituted blackening on its first night action and on a recorded move. */
async function fileWithBlackenings(): Promise<{ readonly id: string; readonly file: GameFile; readonly db: ReturnType<typeof freshDb> }> {
  const db = freshDb();
  const id = await hostedGame(db);
  const file = await exportGame(db, id, 5000);
  const [first, ...rest] = file.nightActions;
  if (first === undefined) throw new Error('no night action');
  return {
    id,
    db,
    file: {
      ...file,
      nightActions: [{ ...first, forged: { blackening: 'maniac' } }, ...rest],
      game: { ...file.game, events: [...file.game.events, move] },
    },
  };
}

describe('a substituted blackening in a game file (004 L86)', () => {
  it('goes out and comes back: the night action’s blackening alone, the recorded move’s places, blackening and condition', async () => {
    const { id, db, file } = await fileWithBlackenings();
    await Promise.all(db.tables.map((t) => t.clear()));
    await importGame(db, JSON.stringify(file), { replace: false });
    const again = await exportGame(db, id, 6000);
    expect(again.nightActions[0]?.forged).toEqual({ blackening: 'maniac' });
    expect(again.game.events.at(-1)).toEqual(move);
  });

  it('a damaged one is refused with its place, and the host’s database loses nothing', async () => {
    const { db, file } = await fileWithBlackenings();
    const [first, ...rest] = file.nightActions;
    if (first === undefined) throw new Error('no night action');
    const before = await dumpText(db);
    const refusal = async (damaged: unknown): Promise<string | undefined> =>
      importGame(db, JSON.stringify(damaged), { replace: true }).then(
        () => undefined,
        (e: unknown) => (e as Error).message,
      );
    // A side is a faction's id, or null for none.
    expect(await refusal({ ...file, nightActions: [{ ...first, forged: { blackening: 7 } }, ...rest] })).toContain(
      'nightActions[0].forged.blackening',
    );
    // A condition with no blackening it is for.
    const last = file.game.events.length - 1;
    const badMove = {
      ...file,
      game: { ...file.game, events: [...file.game.events.slice(0, -1), { ...move, forged: { blackeningWhen: 'mafia' } }] },
    };
    expect(await refusal(badMove)).toContain(`game.events[${last}].forged.value`);
    const conditionAlone = {
      ...file,
      game: { ...file.game, events: [...file.game.events.slice(0, -1), { ...move, forged: { value: [], blackeningWhen: 'mafia' } }] },
    };
    expect(await refusal(conditionAlone)).toContain(`game.events[${last}].forged.blackening`);
    expect(await dumpText(db)).toBe(before);
  });
});
