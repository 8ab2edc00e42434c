/** fast-check generators for nights: a roster drawn from a ruleset's roles, and PMs aimed at it. */
import fc from 'fast-check';
import type { NightAction, NightInput, NightPlayer, NightRules } from '../../../src/engine';

const factionOf = (role: string): string => {
  if (['mafia-member', 'goon', 'hitman', 'mafia-roleblocker', 'mafia'].includes(role)) return 'mafia';
  if (role === 'maniac') return 'maniac';
  if (role === 'bo-member' || role === 'tequila') return 'bo';
  return 'town';
};

/** A night for `rules`: 3–9 players, some dead, and up to `maxActions` actions (valid or not). */
export function arbitraryNight(rules: NightRules, maxActions = 8): fc.Arbitrary<NightInput> {
  const roleIds = rules.roles.map((r) => r.id);
  const families = ['Cohen', 'Levi', 'Katz'];
  return fc
    .record({
      n: fc.integer({ min: 3, max: 9 }),
      nightNumber: fc.integer({ min: 1, max: 6 }),
      roles: fc.array(fc.constantFrom(...roleIds), { minLength: 9, maxLength: 9 }),
      alive: fc.array(
        fc.integer({ min: 0, max: 4 }).map((x) => x > 0),
        { minLength: 9, maxLength: 9 },
      ),
      poisoned: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
      fams: fc.array(fc.constantFrom(...families), { minLength: 9, maxLength: 9 }),
      raw: fc.array(
        fc.record({
          actor: fc.nat(8),
          ability: fc.nat(3),
          t1: fc.nat(9),
          t2: fc.nat(9),
          count: fc.integer({ min: 0, max: 4 }),
          sentAt: fc.integer({ min: 0, max: 50 }),
        }),
        { maxLength: maxActions },
      ),
    })
    .map(({ n, nightNumber, roles, alive, poisoned, fams, raw }) => {
      const players: NightPlayer[] = Array.from({ length: n }, (_, i) => {
        const role = roles[i] ?? 'vanilla';
        const base: NightPlayer = {
          slotId: `p${i}`,
          name: `P${i}`,
          role,
          faction: factionOf(role),
          family: fams[i] ?? 'Cohen',
          alive: i < 2 ? true : (alive[i] ?? true),
        };
        return poisoned[i] === true && i % 3 === 0
          ? { ...base, statuses: [{ id: 'poisoned', sinceNight: nightNumber - 1, by: 'p0' }] }
          : base;
      });
      const actions: NightAction[] = raw.map((r) => {
        const actor = players[r.actor % n] ?? players[0];
        const role = rules.roles.find((x) => x.id === actor?.role);
        const abilities = role?.abilities ?? [];
        const def = abilities.length === 0 ? undefined : abilities[r.ability % abilities.length];
        const ability = def?.id ?? 'none';
        const family = def?.targets.kind === 'family';
        const pick = (k: number) => (family ? (families[k % families.length] ?? 'Cohen') : `p${k % n}`);
        // Mostly the ability's own target count; sometimes a wrong one, to exercise refusals.
        const count = r.count < 3 ? (def?.targets.count ?? 1) : r.count - 3;
        const targets = count === 0 ? [] : count === 1 ? [pick(r.t1)] : [pick(r.t1), pick(r.t2)];
        return { actor: actor?.slotId ?? 'p0', ability, targets, sentAt: r.sentAt };
      });
      return { night: nightNumber, players, actions, deadline: 45 };
    });
}
