/**
 * Reasonable Action Resolution with the forum standard's catalogue (issue 19):
 * the outcome of a night does not depend on the order the actions were sent.
 * 001, Method 2: "check whether a particular end of night effect happens";
 * every reason is weighed whatever its time, so sending the same PMs in
 * another order (other times, another list order) gives the same deaths,
 * results, statuses, recruits, blocks and refusals. One PM per player and
 * ability (and one faction kill per faction), so the intake's "the last PM
 * stands" has nothing to choose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, forumStandardReasonable, resolveNight, type NightAction, type NightInput, type NightPlayer } from '../../../src/engine';
import type { NightResolution } from '../../../src/engine';
import { nightRulesFor } from './helpers';

const seed = Number(process.env.FC_SEED ?? 20261127);
const rules = nightRulesFor(forumStandardReasonable);

/** The roster's roles: the catalogue's night roles, passives and a few modified roles. */
const cast: readonly (readonly [string, string])[] = [
  ['vanilla', 'town'],
  ['cop', 'town'],
  ['insane-cop', 'town'],
  ['doctor', 'town'],
  ['roleblocker', 'town'],
  ['jailkeeper', 'town'],
  ['bodyguard', 'town'],
  ['elite-bodyguard', 'town'],
  ['vigilante', 'town'],
  ['tracker', 'town'],
  ['watcher', 'town'],
  ['follower', 'town'],
  ['bus-driver', 'town'],
  ['redirector', 'town'],
  ['commuter', 'town'],
  ['hider', 'town'],
  ['action-doubler', 'town'],
  ['delayer', 'town'],
  ['ventriloquist', 'mafia'],
  ['friendly-neighbor', 'town'],
  ['miller', 'town'],
  ['bulletproof', 'town'],
  ['one-shot-bulletproof', 'town'],
  ['goon', 'mafia'],
  ['godfather', 'mafia'],
  ['ninja', 'mafia'],
  ['strongman', 'mafia'],
  ['serial-killer', 'serial-killer'],
  ['cult-recruiter', 'cult'],
  ['macho vanilla', 'town'],
  ['unstoppable vigilante', 'town'],
  ['untrackable roleblocker', 'mafia'],
  ['loyal cop', 'town'],
  ['disloyal doctor', 'town'],
];

const abilitiesOf = (role: string) => {
  const base = rules.roles.find((r) => r.id === role) ?? rules.roles.find((r) => r.id === role.split(' ').at(-1));
  return (base?.abilities ?? []).filter((a) => a.phase === 'night');
};

/** A night: 3–8 players of the catalogue, each sending at most one PM per ability, at distinct times. */
const nights: fc.Arbitrary<NightInput> = fc
  .record({
    roles: fc.array(fc.constantFrom(...cast), { minLength: 3, maxLength: 8 }),
    picks: fc.array(fc.record({ actor: fc.nat(7), ability: fc.nat(3), t1: fc.nat(7), t2: fc.nat(7) }), { maxLength: 8 }),
  })
  .map(({ roles, picks }) => {
    const n = roles.length;
    const players: NightPlayer[] = roles.map(([role, faction], i) => ({ slotId: `p${i}`, name: `P${i}`, role, faction, alive: true }));
    const seen = new Set<string>();
    const actions: NightAction[] = [];
    for (const pick of picks) {
      const actor = players[pick.actor % n];
      const abilities = actor === undefined ? [] : abilitiesOf(actor.role);
      const ability = abilities[pick.ability % Math.max(1, abilities.length)];
      // The faction's one kill a night is one PM too (the intake keeps the last one a faction sends).
      const one = ability?.effect === 'faction-kill' ? `faction:${actor?.faction ?? ''}` : `${actor?.slotId ?? ''}:${ability?.id ?? ''}`;
      if (actor === undefined || ability === undefined || seen.has(one)) continue;
      seen.add(one);
      const targets = [`p${pick.t1 % n}`, `p${pick.t2 % n}`].slice(0, ability.targets.count);
      actions.push({ actor: actor.slotId, ability: ability.id, targets, sentAt: 100 + actions.length });
    }
    return { night: 1, players, actions, deadline: 1_000 };
  });

/** What a host acts on, without the wording of the reasons (which may name the first of two equal causes). */
function outcome(r: NightResolution): unknown {
  const key = (x: unknown): string => JSON.stringify(x);
  const sorted = (xs: readonly unknown[]): string[] => xs.map(key).sort();
  return {
    events: sorted(
      r.events.map((e) => {
        switch (e.type) {
          case 'death':
            return { type: e.type, player: e.player, cause: e.cause };
          case 'blocked':
            return { type: e.type, player: e.player, ability: e.ability };
          case 'message':
            return { type: e.type, to: e.to, result: e.result };
          case 'status-applied':
            return { type: e.type, player: e.player, status: e.status };
          case 'faction-changed':
            return { type: e.type, player: e.player, to: e.to };
          case 'nullified':
            return { type: e.type, player: e.player, ability: e.ability, cause: e.cause };
          default:
            return { type: e.type, player: 'player' in e ? e.player : undefined };
        }
      }),
    ),
    refused: sorted(r.refused.map((x) => ({ actor: x.action.actor, ability: x.action.ability, reason: x.reason }))),
    ambiguities: sorted(r.ambiguities.map((a) => a.setting)),
  };
}

/** The same PMs sent in another order: their times permuted by `key`, and the list shuffled. */
function resent(input: NightInput, key: number): NightInput {
  const rng = createRng(key);
  const times = input.actions.map((a) => a.sentAt);
  for (let i = times.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const [a, b] = [times[i], times[j]];
    if (a === undefined || b === undefined) continue;
    times[i] = b;
    times[j] = a;
  }
  const actions = input.actions.map((a, i) => ({ ...a, sentAt: times[i] ?? a.sentAt }));
  return { ...input, actions: actions.reverse() };
}

describe('forum-standard-rar: order independence', () => {
  it('001 Method 2 ("check whether a particular end of night effect happens"): the outcome does not depend on the order the actions were sent', () => {
    fc.assert(
      fc.property(nights, fc.integer(), (input, key) => {
        const a = resolveNight(input, rules, createRng(1));
        const b = resolveNight(resent(input, key), rules, createRng(1));
        expect(outcome(b)).toEqual(outcome(a));
      }),
      { seed, numRuns: 300 },
    );
  });

  it('the generator reaches the catalogue: deaths, stand-ins, recruits and statuses occur', () => {
    const sample = fc.sample(nights, { seed, numRuns: 300 }).map((n) => resolveNight(n, rules, createRng(1)));
    const types = new Set(sample.flatMap((r) => r.events.map((e) => e.type)));
    for (const t of ['death', 'blocked', 'message', 'status-applied', 'faction-changed', 'nullified'] as const) expect(types).toContain(t);
  });
});
