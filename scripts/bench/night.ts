/**
 * Night resolution. Two nights a host could really face, built with the
 * engine's own seeded generator so every run resolves the same input:
 *
 * - a 000 "mafia 1923" game of the largest size the seed allows: 200 players
 *   in 20 families of ten, every role of the seed in play (a Mafia Member in
 *   each family, most holding a second role), every player with a night
 *   ability sending one action;
 * - a 001 forum night where n players redirect, block, jail, protect, swap,
 *   investigate, track, watch and shoot each other, resolved by Reasonable
 *   Action Resolution and by the simple ordered method, at n = 50, 500, 5000,
 *   to see how the time grows with the number of actions.
 */
import {
  createRng,
  forumTemplateReasonable,
  nightRulesOf,
  resolveNight,
  rulesets,
  type NightAction,
  type NightInput,
  type NightPlayer,
  type NightRules,
  type Rng,
  type Ruleset,
} from '../../src/engine';
import { median, msSince, round, type Log } from './util';

function nightRules(ruleset: Ruleset): NightRules {
  const rules = nightRulesOf(ruleset);
  if (rules === undefined) throw new Error(`${ruleset.id} has no night rules`);
  return rules;
}

const rules1923 = nightRules(rulesets['mafia-1923-000']);
const rulesForumSimple = nightRules(rulesets['forum-template-001']);
const rulesForumReasonable = nightRules(forumTemplateReasonable);
const roles1923 = rules1923.roles;

const families = [
  'Cohen',
  'Levi',
  'Mizrahi',
  'Peretz',
  'Biton',
  'Dahan',
  'Avraham',
  'Friedman',
  'Azoulay',
  'Katz',
  'Yosef',
  'David',
  'Amar',
  'Ohana',
  'Hadad',
  'Gabai',
  'Ben-David',
  'Shapiro',
  'Malka',
  'Vaknin',
];

/** Night abilities of the 000 roles, by role id (day abilities are not sent at night). */
function nightAbility(role: string): { id: string; targets: number; family: boolean; self: boolean } | null {
  const def = roles1923.find((r) => r.id === role);
  const ability = def?.abilities.find((a) => a.phase === 'night');
  if (ability === undefined) return null;
  return {
    id: ability.id,
    targets: ability.targets.count,
    family: ability.targets.kind === 'family',
    self: ability.targets.self !== 'never',
  };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[rng.int(items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Distinct random players other than `actor` (unless self is allowed). */
function targetsFor(rng: Rng, players: readonly NightPlayer[], actor: string, count: number, self: boolean): string[] {
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const p = pick(rng, players);
    if (!self && p.slotId === actor) continue;
    chosen.add(p.slotId);
  }
  return [...chosen];
}

/** The 000 game: 200 players, 20 families, every role in play. */
export function game1923(seed: number): NightInput {
  const rng = createRng(seed);
  const townRoles = roles1923.filter((r) => !r.factionRole && r.id !== 'townsperson').map((r) => r.id);
  const players: NightPlayer[] = [];
  let n = 0;
  families.forEach((family, f) => {
    for (let k = 0; k < 10; k++) {
      n++;
      const slotId = `p${String(n).padStart(3, '0')}`;
      const name = `${family} ${k + 1}`;
      if (k === 0) {
        // The family's Mafia Member, ranked by family; most hold a second role too.
        const second = townRoles[(f * 3) % townRoles.length];
        players.push({
          slotId,
          name,
          role: 'mafia-member',
          faction: 'mafia',
          family,
          alive: true,
          rank: f + 1,
          ...(f % 4 === 3 || second === undefined ? {} : { secondRole: second }),
        });
      } else {
        // Every 000 role appears in every family's rotation; the rest are Townspersons.
        const role = k <= 6 ? (townRoles[(f * 6 + k) % townRoles.length] ?? 'townsperson') : 'townsperson';
        players.push({ slotId, name, role, faction: 'town', family, alive: true });
      }
    }
  });
  const actions: NightAction[] = [];
  let sentAt = 1_000;
  const alive = players.filter((p) => p.alive);
  for (const p of players) {
    for (const role of [p.role, p.secondRole]) {
      if (role === undefined) continue;
      if (role === 'mafia-member') {
        // 200 living players: ten kill targets (living / 20); every member sends the family's order.
        actions.push({
          actor: p.slotId,
          ability: 'mafia-kill',
          targets: targetsFor(
            rng,
            alive.filter((t) => t.faction !== 'mafia'),
            p.slotId,
            10,
            false,
          ),
          sentAt: (sentAt += 7),
        });
        continue;
      }
      const ability = nightAbility(role);
      if (ability === null) continue;
      const targets = ability.family ? [pick(rng, families)] : targetsFor(rng, alive, p.slotId, ability.targets, ability.self);
      actions.push({ actor: p.slotId, ability: ability.id, targets, sentAt: (sentAt += 7) });
    }
  }
  return { night: 1, players, actions, deadline: 10_000_000 };
}

/** A 001 night of `actions` actions among about as many players. */
export function forumNight(actions: number, seed: number): NightInput {
  const rng = createRng(seed);
  // Who acts: a town-heavy mix of the roles that interfere with each other, a tenth Mafia.
  const mix: readonly [string, string, number][] = [
    ['redirector', 'redirect', 2],
    ['roleblocker', 'block', 1],
    ['jailkeeper', 'jail', 1],
    ['doctor', 'protect', 1],
    ['bus-driver', 'swap', 2],
    ['cop', 'investigate', 1],
    ['tracker', 'track', 1],
    ['watcher', 'watch', 1],
    ['vigilante', 'shoot', 1],
    ['roleblocker', 'block', 1],
    ['redirector', 'redirect', 2],
    ['doctor', 'protect', 1],
    ['vigilante', 'shoot', 1],
    ['mafia-roleblocker', 'block', 1],
    ['goon', 'factional-kill', 1],
  ];
  const players: NightPlayer[] = [];
  const plan: { slotId: string; ability: string; targets: number }[] = [];
  for (let i = 0; i < actions; i++) {
    const [role, ability, targets] = mix[i % mix.length] ?? ['vanilla', '', 0];
    const slotId = `s${i + 1}`;
    const mafia = role === 'goon' || role === 'mafia-roleblocker';
    players.push({ slotId, name: `Player ${i + 1}`, role, faction: mafia ? 'mafia' : 'town', alive: true });
    plan.push({ slotId, ability, targets });
  }
  // A fifth more players who act on nobody: vanillas, vests and gun owners, to be visited.
  for (let i = 0; i < Math.ceil(actions / 5); i++) {
    const role = i % 3 === 0 ? 'vest' : i % 3 === 1 ? 'paranoid-gun-owner' : 'vanilla';
    players.push({ slotId: `q${i + 1}`, name: `Bystander ${i + 1}`, role, faction: 'town', alive: true });
  }
  const list: NightAction[] = plan.map((p, i) => ({
    actor: p.slotId,
    ability: p.ability,
    targets: targetsFor(rng, players, p.slotId, p.targets, p.ability === 'swap'),
    sentAt: 1_000 + i,
  }));
  return { night: 2, players, actions: list, deadline: 10_000_000 };
}

function timeResolution(
  input: NightInput,
  rules: NightRules,
  minRuns: number,
  budgetMs: number,
): { medianMs: number; runs: number; deaths: number; refused: number; events: number } {
  const times: number[] = [];
  let deaths = 0;
  let refused = 0;
  let events = 0;
  const started = process.hrtime.bigint();
  while (times.length < minRuns || (msSince(started) < budgetMs && times.length < 200)) {
    const start = process.hrtime.bigint();
    const r = resolveNight(input, rules, createRng(42));
    times.push(msSince(start));
    deaths = r.events.filter((e) => e.type === 'death').length;
    refused = r.refused.length;
    events = r.events.length;
    if (msSince(started) > budgetMs * 4) break;
  }
  return { medianMs: round(median(times), 3), runs: times.length, deaths, refused, events };
}

/** log(t2/t1) / log(n2/n1): 1 is linear, 2 quadratic. */
function exponent(n1: number, t1: number, n2: number, t2: number): number {
  return round(Math.log(t2 / t1) / Math.log(n2 / n1), 2);
}

export function benchNight(options: { readonly sizes: readonly number[] }, log: Log): Record<string, unknown> {
  const game = game1923(1923);
  // Warm up the resolvers once before any timing.
  resolveNight(game, rules1923, createRng(1));
  resolveNight(forumNight(50, 1), rulesForumReasonable, createRng(1));
  resolveNight(forumNight(50, 1), rulesForumSimple, createRng(1));

  const g = timeResolution(game, rules1923, 5, 2_000);
  const rolesInPlay = new Set(game.players.flatMap((p) => [p.role, ...(p.secondRole === undefined ? [] : [p.secondRole])]));
  log(`night: 000 game, ${game.players.length} players, ${game.actions.length} actions: ${g.medianMs} ms`);
  const result: Record<string, unknown> = {
    game000: {
      players: game.players.length,
      families: new Set(game.players.map((p) => p.family)).size,
      rolesInPlay: rolesInPlay.size,
      rolesInSeed: roles1923.length,
      actions: game.actions.length,
      resolutionMs: g.medianMs,
      runs: g.runs,
      deaths: g.deaths,
      refused: g.refused,
    },
  };

  for (const [name, rules] of [
    ['forum001Reasonable', rulesForumReasonable],
    ['forum001Ordered', rulesForumSimple],
  ] as const) {
    const points: { actions: number; players: number; ms: number; runs: number; deaths: number; refused: number; events: number }[] = [];
    for (const n of options.sizes) {
      const input = forumNight(n, 2001 + n);
      const t = timeResolution(input, rules, n >= 5000 ? 1 : 5, n >= 5000 ? 0 : 1_000);
      log(`night: 001 ${rules.method}, ${n} actions: ${t.medianMs} ms (${t.runs} runs)`);
      points.push({
        actions: n,
        players: input.players.length,
        ms: t.medianMs,
        runs: t.runs,
        deaths: t.deaths,
        refused: t.refused,
        events: t.events,
      });
    }
    const growth: Record<string, number> = {};
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1];
      const b = points[i];
      if (a === undefined || b === undefined) continue;
      growth[`${a.actions}to${b.actions}`] = exponent(a.actions, a.ms, b.actions, b.ms);
    }
    const first = points[0];
    const last = points[points.length - 1];
    // n log n between the same two sizes, as an exponent: the most the target allows.
    const nLogN =
      first !== undefined && last !== undefined
        ? exponent(first.actions, first.actions * Math.log(first.actions), last.actions, last.actions * Math.log(last.actions))
        : null;
    const tail = points.length >= 2 ? points.slice(-2) : [];
    const [p1, p2] = tail;
    const tailExponent = p1 !== undefined && p2 !== undefined ? exponent(p1.actions, p1.ms, p2.actions, p2.ms) : null;
    const tailNLogN =
      p1 !== undefined && p2 !== undefined
        ? exponent(p1.actions, p1.actions * Math.log(p1.actions), p2.actions, p2.actions * Math.log(p2.actions))
        : null;
    result[name] = {
      points,
      oneNightOf500Ms: points.find((p) => p.actions === 500)?.ms ?? null,
      growthExponent: growth,
      overallExponent: first !== undefined && last !== undefined ? exponent(first.actions, first.ms, last.actions, last.ms) : null,
      nLogNExponent: nLogN,
      target: 'time grows no faster than n log n',
      // Judged on the largest step, where fixed costs no longer hide the growth; 0.1 of slack for timer noise.
      targetMet: tailExponent !== null && tailNLogN !== null ? tailExponent <= tailNLogN + 0.1 : null,
    };
  }
  return result;
}
