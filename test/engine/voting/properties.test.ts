import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyEvent, deriveState, rulesets, tallyDay, type GameEvent, type GameState, type Ruleset } from '../../../src/engine';

const families = ['A', 'B', 'C', 'D'];

interface Game {
  readonly ruleset: Ruleset;
  readonly events: readonly GameEvent[];
  /** Players whose votes must never count: dead, exiled, jailed (or their family), or with another status that blocks voting. */
  readonly barred: readonly string[];
}

const ballotsOf = (r: Ruleset): string[] =>
  r.voting.kind === 'family-court'
    ? ['family', 'individual', 'family-extra', 'individual-negative']
    : r.voting.kind === 'majority'
      ? ['lynch']
      : ['lynch'];

/** A random game: a roster, some dead and barred players, a day of votes and unvotes. */
const gameArb: fc.Arbitrary<Game> = fc
  .record({
    preset: fc.constantFrom(...(Object.keys(rulesets) as (keyof typeof rulesets)[])),
    size: fc.integer({ min: 3, max: 12 }),
    seedRoles: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
    dead: fc.uniqueArray(fc.nat({ max: 11 }), { maxLength: 4 }),
    blocked: fc.uniqueArray(fc.nat({ max: 11 }), { maxLength: 3 }),
    jail: fc.option(fc.tuple(fc.nat({ max: 11 }), fc.nat({ max: 3 })), { nil: undefined }),
    votes: fc.array(fc.tuple(fc.nat({ max: 11 }), fc.nat({ max: 15 }), fc.nat({ max: 3 }), fc.boolean(), fc.integer({ min: -1, max: 7 })), {
      maxLength: 40,
    }),
  })
  .map(({ preset, size, seedRoles, dead, blocked, jail, votes }): Game => {
    const ruleset = rulesets[preset];
    const ids = Array.from({ length: size }, (_, i) => `p${i}`);
    const players = ids.map((slotId, i) => {
      const pick = seedRoles[i] ?? 0;
      const faction = ruleset.factions[pick % ruleset.factions.length]?.id ?? 'town';
      const role = ruleset.roles[pick % ruleset.roles.length]?.id ?? 'townsperson';
      return { slotId, name: slotId, faction, role, family: families[pick % families.length] ?? 'A' };
    });
    const blocking = ruleset.statuses.filter((s) => s.blocksVoting === true).map((s) => s.id);
    const events: GameEvent[] = [
      { type: 'game/setup', players, families },
      { type: 'phase/start', phase: { kind: 'day', number: 2 } },
    ];
    const barred = new Set<string>();
    for (const d of dead) {
      const id = ids[d];
      if (id === undefined) continue;
      events.push({ type: 'player/die', slotId: id, cause: 'night kill' });
      barred.add(id);
    }
    for (const [k, b] of blocked.entries()) {
      const id = ids[b];
      const status = blocking[k % Math.max(1, blocking.length)];
      if (id === undefined || status === undefined) continue;
      events.push({ type: 'status/add', slotId: id, status });
      barred.add(id);
    }
    if (jail !== undefined && ruleset.voting.kind === 'family-court') {
      const [p, f] = jail;
      const sheriff = ids[0];
      const target = ids[p];
      const family = families[f];
      if (sheriff !== undefined && target !== undefined && family !== undefined) {
        events.push({ type: 'action/use', actor: sheriff, ability: ruleset.voting.jailAbility, targets: [target, family] });
        barred.add(target);
        for (const pl of players) if (pl.family === family) barred.add(pl.slotId);
      }
    }
    const ballots = ballotsOf(ruleset);
    for (const [v, t, b, unvote, w] of votes) {
      const voter = ids[v % size];
      const ballot = ballots[b % ballots.length] ?? 'lynch';
      const target = ballot.startsWith('family') ? (families[t % families.length] ?? null) : t >= size ? null : (ids[t] ?? null);
      if (voter === undefined) continue;
      events.push(
        unvote
          ? { type: 'vote/withdraw', voter, ballot }
          : { type: 'vote/cast', voter, ballot, target, ...(w >= 0 && ruleset.voting.kind === 'weighted-plurality' ? { weight: w } : {}) },
      );
    }
    return { ruleset, events, barred: [...barred] };
  });

describe('vote properties over random games of every preset', () => {
  it('no dead, jailed, exiled or otherwise barred player’s vote ever counts', () => {
    fc.assert(
      fc.property(gameArb, ({ ruleset, events, barred }) => {
        const tally = tallyDay(deriveState(events), ruleset);
        for (const vote of tally.counted) expect(barred).not.toContain(vote.voter);
      }),
      { numRuns: 300 },
    );
  });

  it('every vote total is the sum of the counted votes into that target', () => {
    fc.assert(
      fc.property(gameArb, ({ ruleset, events }) => {
        const tally = tallyDay(deriveState(events), ruleset);
        const isFamily = (ballot: string): boolean => ballot.startsWith('family');
        for (const t of tally.totals) {
          const sum = tally.counted.filter((c) => c.target === t.target && !isFamily(c.ballot)).reduce((s, c) => s + c.counted, 0);
          expect(t.total).toBe(sum);
        }
        for (const t of tally.familyTotals ?? []) {
          const sum = tally.counted.filter((c) => c.target === t.target && isFamily(c.ballot)).reduce((s, c) => s + c.counted, 0);
          expect(t.total).toBe(sum);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('every vote total is reproducible from the event log alone (a JSON copy of the log gives the same tally)', () => {
    fc.assert(
      fc.property(gameArb, ({ ruleset, events }) => {
        const copy = JSON.parse(JSON.stringify(events)) as GameEvent[];
        expect(tallyDay(deriveState(copy), ruleset)).toEqual(tallyDay(deriveState(events), ruleset));
        expect(JSON.parse(JSON.stringify(tallyDay(deriveState(events), ruleset)))).toEqual(tallyDay(deriveState(events), ruleset));
      }),
      { numRuns: 200 },
    );
  });

  it('any past state is a prefix of the log, and undo is dropping the last event', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(), ({ events }, cut) => {
        const n = events.length === 0 ? 0 : cut % events.length;
        let state: GameState = deriveState([]);
        events.forEach((e, i) => {
          if (i === n) expect(state).toEqual(deriveState(events.slice(0, n)));
          state = applyEvent(state, e, i);
        });
        expect(state).toEqual(deriveState(events));
      }),
      { numRuns: 200 },
    );
  });
});
