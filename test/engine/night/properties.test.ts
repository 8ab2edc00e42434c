/**
 * Properties every night resolution keeps, for every preset: the order the
 * actions were entered in does not matter, no player dies twice or dies dead,
 * resolution terminates, the same seed gives the same result, and the result
 * is plain JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, type NightInput } from '../../../src/engine';
import { arbitraryNight } from './arbitraries';
import { rules1923, rulesConan, rulesForumReasonable, rulesForumSimple, rulesRussian } from './helpers';

const seed = Number(process.env.FC_SEED ?? 20261122);
console.info(`night properties: fast-check seed ${seed} (set FC_SEED to replay)`);

function shuffled<T>(items: readonly T[], key: number): T[] {
  const out = [...items];
  const rng = createRng(key);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const a = out[i];
    const b = out[j];
    if (a === undefined || b === undefined) continue;
    out[i] = b;
    out[j] = a;
  }
  return out;
}

// Every preset's night rules, and 001's Reasonable Action Resolution.
for (const rules of [rules1923, rulesForumSimple, rulesForumReasonable, rulesConan, rulesRussian]) {
  const id = rules.id;
  describe(`night properties: ${id}`, () => {
    const nights = arbitraryNight(rules, rules.method === 'reasonable' ? 7 : 10);

    it('does not depend on the order actions were entered', () => {
      fc.assert(
        fc.property(nights, fc.integer(), fc.integer(), (input, rngSeed, shuffleKey) => {
          const a = resolveNight(input, rules, createRng(rngSeed));
          const b = resolveNight(
            { ...input, actions: shuffled(input.actions, shuffleKey), players: shuffled(input.players, shuffleKey + 1) },
            rules,
            createRng(rngSeed),
          );
          expect(b).toEqual(a);
        }),
        { seed, numRuns: 150 },
      );
    });

    it('kills only living players, and each at most once', () => {
      fc.assert(
        fc.property(nights, fc.integer(), (input: NightInput, rngSeed) => {
          const r = resolveNight(input, rules, createRng(rngSeed));
          const dead = r.events.filter((e) => e.type === 'death').map((e) => e.player);
          expect(new Set(dead).size).toBe(dead.length);
          for (const d of dead) expect(input.players.find((p) => p.slotId === d)?.alive).toBe(true);
        }),
        { seed, numRuns: 200 },
      );
    });

    it('terminates, gives the same result for the same seed, and is plain JSON', () => {
      fc.assert(
        fc.property(nights, fc.integer(), (input, rngSeed) => {
          const a = resolveNight(input, rules, createRng(rngSeed));
          const b = resolveNight(input, rules, createRng(rngSeed));
          expect(b).toEqual(a);
          expect(JSON.parse(JSON.stringify(a))).toEqual(a);
        }),
        { seed, numRuns: 150 },
      );
    });

    it('a blocked kill kills nobody: no death by kill names a blocked shooter', () => {
      fc.assert(
        fc.property(nights, fc.integer(), (input, rngSeed) => {
          const r = resolveNight(input, rules, createRng(rngSeed));
          const killAbilities = new Set(
            rules.roles.flatMap((role) =>
              role.abilities.filter((a) => a.effect === 'kill' || a.effect === 'faction-kill').map((a) => a.id),
            ),
          );
          const blockedShooters = new Set(
            r.events.flatMap((e) => (e.type === 'blocked' && killAbilities.has(e.ability) ? [e.player] : [])),
          );
          for (const e of r.events) {
            if (e.type !== 'death' || (e.cause !== 'kill' && e.cause !== 'faction-kill')) continue;
            for (const by of e.by) expect(blockedShooters.has(by)).toBe(false);
          }
        }),
        { seed, numRuns: 200 },
      );
    });

    it('every action is either taken into account or refused with a reason', () => {
      fc.assert(
        fc.property(nights, (input) => {
          const r = resolveNight(input, rules, createRng(1));
          expect(r.accepted.length + r.refused.length).toBe(input.actions.length);
        }),
        { seed, numRuns: 150 },
      );
    });

    it('a refused or blocked action never spends a use', () => {
      fc.assert(
        fc.property(nights, (input) => {
          const r = resolveNight(input, rules, createRng(1));
          const blocked = new Set(
            r.events.filter((e) => e.type === 'blocked').map((e) => (e.type === 'blocked' ? `${e.player}:${e.ability}` : '')),
          );
          for (const e of r.events) {
            if (e.type !== 'uses-spent') continue;
            expect(blocked.has(`${e.player}:${e.ability}`)).toBe(false);
            expect(r.accepted.some((a) => a.actor === e.player && a.ability === e.ability)).toBe(true);
          }
        }),
        { seed, numRuns: 150 },
      );
    });
  });
}
