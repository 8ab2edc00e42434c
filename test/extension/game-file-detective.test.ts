/**
 * A game file keeps the 004 Detective's night (L7, L86): a stored resolution whose track carried a substituted
 * blackening (`forged.blackening`: a side, or null) and whose messages say "информация не предоставляется" and
 * "был под очернением" reads back as it was written.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, type NightPlayer } from '../../src/engine';
import { exportGame, readGameFile } from '../../extension/storage/game-file';
import { freshDatabases } from './fresh-db';
import { hostedGame } from './hosted-game';
import { act, night, player, rulesRussian, statusRulesOf } from '../engine/night/helpers';

const freshDb = freshDatabases('gavel-file-detective');

const black = (slotId: string, peaceful: string, faction: string): NightPlayer =>
  player(slotId, peaceful, faction, { secondRole: faction });
const red = (slotId: string, role = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer => player(slotId, role, 'red', extra);

describe("a game file's Detective night (004 L7, L86)", () => {
  for (const blackening of ['mafia', null] as const) {
    it(`keeps a track's forged blackening (${String(blackening)}) and the Detective's results`, async () => {
      const db = freshDb();
      const file = JSON.parse(JSON.stringify(await exportGame(db, await hostedGame(db), 5000))) as {
        nightResolutions: { resolution: unknown }[];
      };
      const input = night(
        [
          black('M1', 'citizen', 'mafia'),
          black('M2', 'citizen', 'mafia'),
          black('E', 'detective', 'maniac'),
          red('I', 'investigator'),
          red('B', 'blocker'),
          red('R1', 'citizen', { statuses: [{ id: 'blackened', sinceNight: 1, by: 'M1' }] }),
          red('D', 'detective'),
        ],
        [act('E', 'track', ['R1'], undefined, { forged: { value: [], blackening } }), act('B', 'block', ['D']), act('D', 'track', ['M1'])],
        1,
      );
      const resolution = JSON.parse(
        JSON.stringify(resolveNight({ ...input, statusRules: statusRulesOf('russian-004') }, rulesRussian, createRng(3))),
      ) as { night: number; accepted: { forged?: unknown }[]; events: { result?: { fact: string } }[] };
      expect(resolution.accepted.map((a) => a.forged)).toContainEqual({ value: [], blackening });
      const facts = resolution.events.flatMap((e) => (e.result === undefined ? [] : [e.result.fact]));
      // L17: the Detective is told the blackening he hands on, so none when he hands on "no blackening".
      expect(facts).toEqual(expect.arrayContaining(blackening === null ? ['track-no-info'] : ['blackening-seen', 'track-no-info']));
      const entry = file.nightResolutions[0];
      if (entry === undefined) throw new Error('the hosted game has a resolution');
      const read = readGameFile({ ...file, nightResolutions: [{ ...entry, night: resolution.night, resolution }] });
      expect(read.ok ? null : read.message).toBeNull();
      if (read.ok) expect(read.file.nightResolutions[0]?.resolution).toEqual(resolution);
    });
  }

  it('refuses a forged blackening that is neither a side nor null', async () => {
    const db = freshDb();
    const file = JSON.parse(JSON.stringify(await exportGame(db, await hostedGame(db), 5000))) as {
      nightResolutions: { resolution: { accepted: unknown[] } }[];
    };
    const entry = file.nightResolutions[0];
    if (entry === undefined) throw new Error('the hosted game has a resolution');
    const bad = {
      ...entry,
      resolution: {
        ...entry.resolution,
        accepted: [{ actor: 'a', ability: 'track', targets: ['b'], sentAt: 1, forged: { value: [], blackening: 7 } }],
      },
    };
    const read = readGameFile({ ...file, nightResolutions: [bad] });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toContain('blackening');
  });
});
