/**
 * A game file reads a night resolution part by part, in its shapes: every
 * resolution the night resolver writes, for every preset's rules and any
 * night, must read back exactly as it was written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight } from '../../src/engine';
import { exportGame, readGameFile } from '../../extension/storage/game-file';
import { freshDatabases } from './fresh-db';
import { hostedGame } from './hosted-game';
import { arbitraryNight } from '../engine/night/arbitraries';
import { rules1923, rulesConan, rulesForumReasonable, rulesForumSimple, rulesRussian } from '../engine/night/helpers';

const freshDb = freshDatabases('gavel-file-resolutions');
const seed = Number(process.env.FC_SEED ?? 20261126);

describe("a game file's night resolutions", () => {
  it('reads back every resolution the resolver writes, for every preset', async () => {
    const db = freshDb();
    const file = JSON.parse(JSON.stringify(await exportGame(db, await hostedGame(db), 5000))) as {
      nightResolutions: { resolution: unknown }[];
    };
    for (const rules of [rules1923, rulesForumSimple, rulesForumReasonable, rulesConan, rulesRussian]) {
      fc.assert(
        fc.property(arbitraryNight(rules, rules.method === 'reasonable' ? 7 : 10), fc.integer(), (input, rngSeed) => {
          const resolution = JSON.parse(JSON.stringify(resolveNight(input, rules, createRng(rngSeed)))) as { night: number };
          const entry = file.nightResolutions[0];
          if (entry === undefined) throw new Error('the hosted game has a resolution');
          const read = readGameFile({ ...file, nightResolutions: [{ ...entry, night: resolution.night, resolution }] });
          expect(read.ok ? null : read.message, rules.id).toBeNull();
          if (read.ok) expect(read.file.nightResolutions[0]?.resolution).toEqual(resolution);
        }),
        { seed, numRuns: 150 },
      );
    }
  });
});
