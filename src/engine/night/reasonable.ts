/**
 * Reasonable Action Resolution (seed 001, Method 2). Nothing is checked for
 * "did the action succeed"; each end-of-night effect (a death, a result) is
 * asked for on its own:
 *   1. check effects, not actions;
 *   2. an effect happens if a reason for it is not counteracted by a reason
 *      that is not itself counteracted (and so on);
 *   3. a redirected or triggered effect needs both its parts;
 *   4. the same action never appears twice in one chain of reasons: where it
 *      would, it has no effect.
 * Every answer carries the tree of reasons that decided it.
 */
import { nightResult } from './results';
import type { AcceptedAction, Intake } from './intake';
import { compareActions, describeRefusal, findRole, refusalMessage } from './intake';
import type { NightEffectKind } from './roles';
import type { NightRules } from './rules';
import type { AmbiguityHit, NightEvent, NightInput, NightPlayer, NightResolution, NightReason, RefusedAction } from './types';
import { unreachableStatus } from './statuses';
import { settingValue } from './settings-words';
import { messageOf } from './say';
import { engineMessage, word, type EngineMessage } from '../words';

/** The effect kinds Reasonable Action Resolution can break into components. */
export const reasonableEffects: readonly NightEffectKind[] = [
  'kill',
  'faction-kill',
  'protect',
  'block',
  'jail',
  'swap',
  'redirect',
  'investigate',
  'track',
  'watch',
];

/** How many redirections Gavel follows for one effect, and how many effects in all, before it stops and says so. */
const maxRedirections = 3;
const maxInstances = 2000;

interface Act {
  readonly id: string;
  readonly accepted: AcceptedAction;
  readonly actor: string;
  readonly effect: NightEffectKind;
}

interface Mover {
  readonly act: Act;
  readonly kind: 'swap' | 'redirect';
  /** swap: one player; redirect: the player whose actions move. */
  readonly a: string;
  /** swap: the other player; redirect: the new target. */
  readonly b: string;
}

/** One targeted component of an action, after zero or more redirections. */
interface Inst {
  readonly act: Act;
  readonly original: string;
  readonly pos: string;
  readonly path: readonly Mover[];
  /** The position before each mover of the path. */
  readonly from: readonly string[];
}

interface Eval {
  readonly holds: boolean;
  readonly reason: NightReason;
}

type Stance = 'for' | 'against';
const flip = (s: Stance): Stance => (s === 'for' ? 'against' : 'for');

const verbs: Partial<Record<NightEffectKind, string>> = {
  kill: 'shot',
  'faction-kill': 'shot (faction kill)',
  protect: 'protected',
  block: 'roleblocked',
  jail: 'jailed',
  investigate: 'investigated',
  track: 'tracked',
  watch: 'watched',
  swap: 'swapped',
  redirect: 'redirected',
};

/** "Vig shot Gorny", as a message: one code per kind of effect. */
function effectMessage(kind: NightEffectKind, actor: string, target: string): EngineMessage {
  const [a, t] = [word.text(actor), word.text(target)];
  switch (kind) {
    case 'kill':
      return engineMessage('night/rar-shot', a, t);
    case 'faction-kill':
      return engineMessage('night/rar-faction-shot', a, t);
    case 'protect':
      return engineMessage('night/rar-protected', a, t);
    case 'block':
      return engineMessage('night/rar-roleblocked', a, t);
    case 'jail':
      return engineMessage('night/rar-jailed', a, t);
    case 'investigate':
      return engineMessage('night/rar-investigated', a, t);
    case 'track':
      return engineMessage('night/rar-tracked', a, t);
    case 'watch':
      return engineMessage('night/rar-watched', a, t);
    case 'swap':
      return engineMessage('night/rar-swapped', a, t);
    case 'redirect':
      return engineMessage('night/rar-redirected', a, t);
    default:
      return engineMessage('night/rar-acted', a, t);
  }
}

/** "the shot", "the protection": what a swap or a redirection moves. */
function effectNoun(kind: NightEffectKind): EngineMessage {
  switch (kind) {
    case 'kill':
    case 'faction-kill':
      return engineMessage('night/effect-shot');
    case 'protect':
      return engineMessage('night/effect-protection');
    case 'block':
      return engineMessage('night/effect-roleblock');
    case 'jail':
      return engineMessage('night/effect-jail');
    case 'investigate':
      return engineMessage('night/effect-investigation');
    case 'track':
      return engineMessage('night/effect-tracking');
    case 'watch':
      return engineMessage('night/effect-watch');
    default:
      return engineMessage('night/effect-action');
  }
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [item]);
  else list.push(item);
}

/**
 * 001's default rulings for a Reasonable Action Resolution game (L386): "A
 * player cannot self-target (except with abilities that only self-target, or
 * (as always) if the role PM explicitly says otherwise)". An ability that
 * only self-targets has `self: 'only'`; a role that explicitly allows it
 * states a number of self-targeted uses (`selfTargetLimit` of 1 or more).
 */
function selfTargetForbidden(a: AcceptedAction): boolean {
  const spec = a.ability.targets;
  if (spec.kind !== 'player' || spec.self === 'only' || a.ability.selfUses !== undefined) return false;
  return a.action.targets.includes(a.action.actor);
}

/** Resolves a night by Reasonable Action Resolution. */
export function resolveReasonable(input: NightInput, rules: NightRules, intake: Intake): NightResolution {
  const players = new Map<string, NightPlayer>(input.players.map((p) => [p.slotId, p]));
  const name = (id: string): string => players.get(id)?.name ?? id;
  const refused: RefusedAction[] = [...intake.refused];
  const ambiguities: AmbiguityHit[] = [];
  const events: NightEvent[] = [];

  const acts: Act[] = [];
  for (const a of intake.accepted) {
    if (!reasonableEffects.includes(a.ability.effect)) {
      refused.push({
        action: a.action,
        reason: 'night/unsupported-by-resolver',
        text: `Reasonable Action Resolution has no components for "${a.ability.effect}"`,
        message: engineMessage('night/refused-no-components', word.ability(a.ability.id)),
      });
      continue;
    }
    if (selfTargetForbidden(a)) {
      refused.push({
        action: a.action,
        reason: 'night/self-target',
        text: describeRefusal('night/self-target'),
        message: refusalMessage('night/self-target'),
      });
      continue;
    }
    acts.push({ id: `${a.action.actor}:${a.ability.id}`, accepted: a, actor: a.action.actor, effect: a.ability.effect });
  }

  const movers: Mover[] = [];
  for (const act of acts) {
    const [a, b] = act.accepted.action.targets;
    if (a === undefined || b === undefined) continue;
    if (act.effect === 'swap') movers.push({ act, kind: 'swap', a, b });
    if (act.effect === 'redirect') movers.push({ act, kind: 'redirect', a, b });
  }
  const chained = rules.settings.chainedSwaps === 'yes';

  const moves = (m: Mover, inst: Inst, pos: string): boolean => {
    if (inst.act === m.act || inst.act.effect === 'swap' || inst.act.effect === 'redirect') return false;
    if (m.kind === 'swap') return pos === m.a || pos === m.b;
    return inst.act.actor === m.a && inst.original === inst.act.accepted.action.targets[0];
  };
  const dest = (m: Mover, pos: string): string => (m.kind === 'redirect' ? m.b : pos === m.a ? m.b : m.a);
  // The movers that could move an effect, found by where it is (swaps) and whose it is (redirects)
  // rather than by trying every mover, in the movers' own order so every reason reads the same.
  const order = new Map(movers.map((m, i) => [m, i]));
  const swapsAt = new Map<string, Mover[]>();
  const redirectsOf = new Map<string, Mover[]>();
  for (const m of movers) {
    const keys = m.kind === 'swap' ? [...new Set([m.a, m.b])] : [m.a];
    const into = m.kind === 'swap' ? swapsAt : redirectsOf;
    for (const k of keys) push(into, k, m);
  }
  const moversAt = (inst: Inst, pos: string): Mover[] => {
    const swaps = swapsAt.get(pos) ?? [];
    const redirects = redirectsOf.get(inst.act.actor) ?? [];
    const candidates =
      redirects.length === 0
        ? swaps
        : swaps.length === 0
          ? redirects
          : [...swaps, ...redirects].sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0));
    return candidates.filter((m) => !inst.path.includes(m) && moves(m, inst, pos));
  };

  // Players a block could ever land on: blocks' own targets, closed under every mover
  // (a swap carries a block between its two players; a redirector sends a blocker's block to its new target).
  const blockable = new Set<string>();
  for (const act of acts)
    if (act.effect === 'block' || act.effect === 'jail') for (const t of act.accepted.action.targets) blockable.add(t);
  const blockers = new Set(acts.filter((a) => a.effect === 'block' || a.effect === 'jail').map((a) => a.actor));
  const redirectsBlocks = (m: Mover): boolean => m.kind === 'redirect' && blockers.has(m.a);
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of movers) {
      const reached = m.kind === 'swap' ? (blockable.has(m.a) || blockable.has(m.b) ? [m.a, m.b] : []) : redirectsBlocks(m) ? [m.b] : [];
      for (const r of reached) {
        if (blockable.has(r)) continue;
        blockable.add(r);
        grew = true;
      }
    }
  }

  // Every instance: each target of each action, and each redirection path of it (rule 4: no mover twice).
  // A mover can only carry an effect if every rival mover at that position could be blocked; where two
  // unblockable movers compete, neither moves it (001: both bus drivers block each other), so that path
  // is never a reason for anything and is not built. This keeps nights with many Bus Drivers fast.
  const insts: Inst[] = [];
  let truncated = false;
  const expand = (inst: Inst): void => {
    insts.push(inst);
    if (!chained && inst.path.length >= 1) return;
    if (inst.path.length >= maxRedirections || insts.length >= maxInstances) {
      if (moversAt(inst, inst.pos).length > 0) truncated = true;
      return;
    }
    const here = moversAt(inst, inst.pos);
    for (const m of here) {
      if (here.some((rival) => rival !== m && !blockable.has(rival.act.actor))) continue;
      expand({ act: inst.act, original: inst.original, pos: dest(m, inst.pos), path: [...inst.path, m], from: [...inst.from, inst.pos] });
    }
  };
  for (const act of acts) {
    const targets =
      act.effect === 'swap' || act.effect === 'redirect' ? act.accepted.action.targets.slice(0, 1) : act.accepted.action.targets;
    for (const t of targets) expand({ act, original: t, pos: t, path: [], from: [] });
  }

  const describe = (inst: Inst): string => {
    const via =
      inst.path.length === 0
        ? ''
        : `, moved ${inst.path.map((m, i) => `by ${name(m.act.actor)} from ${name(inst.from[i] ?? '')} to ${name(i + 1 < inst.from.length ? (inst.from[i + 1] ?? '') : inst.pos)}`).join(', then ')}`;
    return `${name(inst.act.actor)} ${verbs[inst.act.effect] ?? inst.act.effect} ${name(inst.original)}${via}`;
  };
  // The same as a message: the effect, then each move of it ("moved by X from A to B, then by Y from B to C").
  const describeMessage = (inst: Inst): EngineMessage => {
    const effect = effectMessage(inst.act.effect, name(inst.act.actor), name(inst.original));
    const moves = inst.path.map((m, i) =>
      engineMessage(
        'night/rar-move',
        word.text(name(m.act.actor)),
        word.text(name(inst.from[i] ?? '')),
        word.text(name(i + 1 < inst.from.length ? (inst.from[i + 1] ?? '') : inst.pos)),
      ),
    );
    const chain = moves.reduceRight<EngineMessage | null>(
      (rest, move) => (rest === null ? move : engineMessage('night/rar-move-then', word.message(move), word.message(rest))),
      null,
    );
    return chain === null ? effect : engineMessage('night/rar-moved', word.message(effect), word.message(chain));
  };
  const inChain = (message: EngineMessage): EngineMessage => engineMessage('night/rar-rule-4', word.message(message));
  const roleblocking = (reason: NightReason, actor: string): NightReason => ({
    ...reason,
    text: `${reason.text} (roleblocking ${name(actor)})`,
    message: engineMessage('night/rar-roleblocking', word.message(messageOf(reason)), word.text(name(actor))),
  });
  const preventsKills = (reason: NightReason): NightReason => ({
    ...reason,
    text: `${reason.text} (the protection prevents kills)`,
    message: engineMessage('night/rar-prevents-kills', word.message(messageOf(reason))),
  });
  const index = (kinds: readonly NightEffectKind[]): Map<string, Inst[]> => {
    const map = new Map<string, Inst[]>();
    for (const i of insts) {
      if (!kinds.includes(i.act.effect)) continue;
      const list = map.get(i.pos) ?? [];
      list.push(i);
      map.set(i.pos, list);
    }
    return map;
  };
  const blocksByPos = index(['block', 'jail']);
  const protectsByPos = index(['protect', 'jail']);
  const blocksAt = (player: string): readonly Inst[] => blocksByPos.get(player) ?? [];
  const protectsAt = (player: string): readonly Inst[] => protectsByPos.get(player) ?? [];
  const vestUsed = new Set<string>();
  const vestHolders = new Map<string, boolean>();
  const hasVest = (player: string): boolean => {
    const known = vestHolders.get(player);
    if (known !== undefined) return known;
    const has = wearsVest(player);
    vestHolders.set(player, has);
    return has;
  };
  const wearsVest = (player: string): boolean => {
    const p = players.get(player);
    if (p === undefined) return false;
    const roles = [findRole(rules, p.role), findRole(rules, p.secondRole)];
    const allowance = roles.reduce((n, r) => n + (r?.passiveUses?.vest ?? 0), 0);
    return roles.some((r) => r?.passives?.includes('vest') === true) && allowance - (p.spent?.vest ?? 0) > 0;
  };

  // Blocks on an actor, evaluated with `chain`; returns reasons and whether one holds.
  const blockedBy = (actor: string, chain: ReadonlySet<string>, stance: Stance): { blocked: boolean; reasons: NightReason[] } => {
    const reasons: NightReason[] = [];
    let blocked = false;
    for (const b of blocksAt(actor)) {
      const e = evalInst(b, chain, stance);
      reasons.push(e.reason);
      if (e.holds) blocked = true;
    }
    return { blocked, reasons };
  };

  const evalMover = (m: Mover, inst: Inst, pos: string, chain: ReadonlySet<string>, stance: Stance): Eval => {
    const text = `${name(m.act.actor)} ${m.kind === 'swap' ? 'swapped' : 'redirected'} the ${verbs[inst.act.effect] ?? inst.act.effect} effect from ${name(pos)} onto ${name(dest(m, pos))}`;
    const moveArgs = [
      word.text(name(m.act.actor)),
      word.message(effectNoun(inst.act.effect)),
      word.text(name(pos)),
      word.text(name(dest(m, pos))),
    ];
    const message =
      m.kind === 'swap' ? engineMessage('night/rar-swap-moves', ...moveArgs) : engineMessage('night/rar-redirect-moves', ...moveArgs);
    if (chain.has(m.act.id))
      return {
        holds: false,
        reason: { text: `${text}: this action is already in the chain, so it has no effect (rule 4)`, message: inChain(message), stance },
      };
    const c2 = new Set(chain).add(m.act.id);
    const because: NightReason[] = [];
    const { blocked, reasons } = blockedBy(m.act.actor, c2, flip(stance));
    because.push(...reasons);
    let holds = !blocked;
    for (const other of moversAt(inst, pos)) {
      if (other === m || c2.has(other.act.id)) continue;
      const rival = blockedBy(other.act.actor, new Set(c2).add(other.act.id), stance);
      if (!rival.blocked) {
        holds = false;
        because.push({
          text: `an effect already redirected elsewhere cannot be redirected: ${name(other.act.actor)} also moves it from ${name(pos)} to ${name(dest(other, pos))}`,
          message: engineMessage(
            'night/rar-moved-elsewhere',
            word.text(name(other.act.actor)),
            word.text(name(pos)),
            word.text(name(dest(other, pos))),
          ),
          stance: flip(stance),
        });
      }
    }
    return { holds, reason: { text, message, stance, because } };
  };

  /** With `visitOnly`, only whether the visit happened (blocks, redirections), not what it did at the target. */
  /**
   * The one kill a vest stops (001: a "one shot BP Vest"): the first kill of
   * the night on its wearer, in the order the actions were sent, that nothing
   * else stops. Later kills on the same player that night go through.
   */
  const vestCatch = new Map<string, Inst | null>();
  const vestCatches = (inst: Inst): boolean => {
    if (!hasVest(inst.pos)) return false;
    let caught = vestCatch.get(inst.pos);
    if (caught === undefined) {
      const kills = insts
        .filter((k) => k.pos === inst.pos && (k.act.effect === 'kill' || k.act.effect === 'faction-kill'))
        .filter((k) => k.act.accepted.ability.unstoppable !== true)
        .sort((x, y) => compareActions(x.act.accepted.action, y.act.accepted.action));
      caught = kills.find((k) => evalInst(k, new Set(), 'for', false, true).holds) ?? null;
      vestCatch.set(inst.pos, caught);
    }
    return caught === inst;
  };

  const evalInst = (inst: Inst, chain: ReadonlySet<string>, stance: Stance, visitOnly = false, withoutVest = false): Eval => {
    const text = describe(inst);
    const message = describeMessage(inst);
    if (chain.has(inst.act.id))
      return {
        holds: false,
        reason: { text: `${text}: this action is already in the chain, so it has no effect (rule 4)`, message: inChain(message), stance },
      };
    const c2 = new Set(chain).add(inst.act.id);
    const because: NightReason[] = [];
    let holds = true;
    const blocks = blockedBy(inst.act.actor, c2, flip(stance));
    because.push(...blocks.reasons.map((r) => roleblocking(r, inst.act.actor)));
    if (blocks.blocked) holds = false;
    inst.path.forEach((m, i) => {
      const e = evalMover(m, { ...inst, path: inst.path.slice(0, i) }, inst.from[i] ?? inst.original, c2, stance);
      because.push(e.reason);
      if (!e.holds) holds = false;
      c2.add(m.act.id);
    });
    if (inst.act.effect !== 'swap' && inst.act.effect !== 'redirect') {
      for (const m of moversAt(inst, inst.pos)) {
        const e = evalMover(m, inst, inst.pos, c2, flip(stance));
        because.push(e.reason);
        if (e.holds) holds = false;
      }
    }
    if (!visitOnly && (inst.act.effect === 'kill' || inst.act.effect === 'faction-kill')) {
      for (const p of protectsAt(inst.pos)) {
        const e = evalInst(p, c2, flip(stance));
        because.push(preventsKills(e.reason));
        if (e.holds) {
          holds = false;
          break;
        }
      }
      if (!withoutVest && holds && vestCatches(inst)) {
        // Only a kill that nothing else stopped uses the vest up.
        if (chain.size === 0) vestUsed.add(inst.pos);
        because.push({
          text: `${name(inst.pos)}'s one-shot bulletproof vest stops the kill (passive: cannot be blocked)`,
          message: engineMessage('night/rar-vest', word.text(name(inst.pos))),
          stance: flip(stance),
        });
        holds = false;
      }
    }
    return { holds, reason: { text, message, stance, because } };
  };

  const pgoRole = (slotId: string): string => {
    const p = players.get(slotId);
    if (p === undefined) return '';
    const second = findRole(rules, p.secondRole);
    return findRole(rules, p.role)?.passives?.includes('pgo') !== true && second?.passives?.includes('pgo') === true ? second.id : p.role;
  };
  const pgoHolders = new Set(
    input.players
      .filter((p) => [findRole(rules, p.role), findRole(rules, p.secondRole)].some((r) => r?.passives?.includes('pgo') === true))
      .map((p) => p.slotId),
  );

  // Rule 1: ask about each end-of-night effect.
  // Top-level questions start from an empty chain, so their answers can be kept.
  const asked = new Map<Inst, Eval>();
  const ask = (inst: Inst): Eval => {
    const known = asked.get(inst);
    if (known !== undefined) return known;
    const e = evalInst(inst, new Set(), 'for');
    asked.set(inst, e);
    return e;
  };
  const visits = new Map<Inst, boolean>();
  const visited = (inst: Inst): boolean => {
    const known = visits.get(inst);
    if (known !== undefined) return known;
    const holds = evalInst(inst, new Set(), 'for', true).holds;
    visits.set(inst, holds);
    return holds;
  };
  const deaths = new Map<string, { killers: string[]; reasons: NightReason[] }>();
  const attempts = new Map<string, NightReason[]>();
  const note = (victim: string, e: Eval, killer: string): void => {
    if (e.holds) {
      const d = deaths.get(victim) ?? { killers: [], reasons: [] };
      d.killers.push(killer);
      d.reasons.push(e.reason);
      deaths.set(victim, d);
    } else {
      const list = attempts.get(victim) ?? [];
      list.push(e.reason);
      attempts.set(victim, list);
    }
  };
  for (const inst of insts) {
    if (inst.act.effect === 'kill' || inst.act.effect === 'faction-kill') note(inst.pos, ask(inst), inst.act.actor);
    if (pgoHolders.has(inst.pos) && inst.act.actor !== inst.pos) {
      const visit = evalInst(inst, new Set(), 'for', true);
      const because: NightReason[] = [
        visit.reason,
        {
          text: `${name(inst.pos)} is a Paranoid Gun Owner (passive: armed every night)`,
          message: engineMessage('night/rar-pgo-armed', word.text(name(inst.pos)), word.role(pgoRole(inst.pos))),
          stance: 'for',
        },
      ];
      let holds = visit.holds;
      for (const p of protectsAt(inst.act.actor)) {
        const e = evalInst(p, new Set([inst.act.id]), 'against');
        because.push(preventsKills(e.reason));
        if (e.holds) holds = false;
      }
      note(
        inst.act.actor,
        {
          holds,
          reason: {
            text: `${name(inst.act.actor)} visited ${name(inst.pos)}, who shoots visitors`,
            message: engineMessage('night/rar-pgo-visit', word.text(name(inst.act.actor)), word.text(name(inst.pos))),
            stance: 'for',
            because,
          },
        },
        inst.pos,
      );
    }
  }
  for (const [victim, d] of [...deaths.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const p = players.get(victim);
    if (p === undefined || !p.alive) continue;
    const away = unreachableStatus(input, p.statuses);
    if (away !== undefined) {
      events.push({
        type: 'survived',
        player: victim,
        reasons: [
          {
            text: `${name(victim)} does not die: ${away} players cannot be killed (the ruleset's status "${away}")`,
            message: engineMessage('night/out-of-reach', word.text(name(victim)), word.status(away)),
            because: d.reasons,
          },
        ],
      });
      continue;
    }
    events.push({
      type: 'death',
      player: victim,
      cause: d.killers.some((k) => pgoHolders.has(k)) ? 'pgo' : 'kill',
      by: [...new Set(d.killers)].sort(),
      reasons: [{ text: `${name(victim)} dies`, message: engineMessage('night/died', word.text(name(victim))), because: d.reasons }],
    });
  }
  for (const [victim, reasons] of [...attempts.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (deaths.has(victim)) continue;
    events.push({
      type: 'survived',
      player: victim,
      reasons: [
        {
          text: `${name(victim)} does not die: every reason for it is counteracted`,
          message: engineMessage('night/rar-survives', word.text(name(victim))),
          because: reasons,
        },
      ],
    });
    if (vestUsed.has(victim))
      events.push({
        type: 'protection-spent',
        player: victim,
        protection: 'vest',
        reasons: [
          {
            text: `${name(victim)}'s one-shot vest stopped a kill and is used up`,
            message: engineMessage('night/vest-stopped', word.text(name(victim))),
          },
        ],
      });
  }

  for (const act of acts) {
    const b = blockedBy(act.actor, new Set([act.id]), 'against');
    const by = blocksAt(act.actor).find((x) => evalInst(x, new Set([act.id]), 'against').holds);
    if (b.blocked && by !== undefined) {
      events.push({
        type: 'blocked',
        player: act.actor,
        ability: act.accepted.ability.id,
        by: by.act.actor,
        reasons: [
          {
            text: `${name(act.actor)}'s ${act.accepted.ability.id} was roleblocked`,
            message: engineMessage('night/rar-was-roleblocked', word.text(name(act.actor)), word.ability(act.accepted.ability.id)),
            because: b.reasons,
          },
        ],
      });
    }
  }

  // Who went where, for trackers (by the visitor) and watchers (by the place).
  const byVisitor = new Map<string, Inst[]>();
  const byPlace = new Map<string, Inst[]>();
  for (const v of insts) {
    push(byVisitor, v.act.actor, v);
    push(byPlace, v.pos, v);
  }
  for (const inst of insts) {
    const actor = players.get(inst.act.actor);
    if (actor === undefined) continue;
    if (inst.act.effect === 'investigate') {
      const e = ask(inst);
      if (!e.holds) continue;
      const t = players.get(inst.pos);
      if (t === undefined) continue;
      const guilty = rules.guiltyFactions.includes(t.faction);
      const sanity = inst.act.accepted.ability.sanity ?? 'sane';
      const shown = sanity === 'sane' ? guilty : sanity === 'insane' ? !guilty : sanity === 'paranoid';
      events.push({
        type: 'message',
        to: actor.slotId,
        result: nightResult(actor.slotId, 'alignment-check', [t.slotId], shown),
        reasons: [e.reason],
      });
    }
    if (inst.act.effect === 'track' || inst.act.effect === 'watch') {
      const e = ask(inst);
      if (!e.holds) continue;
      if (inst.act.effect === 'track') {
        const went = (byVisitor.get(inst.pos) ?? []).filter((v) => v.pos !== inst.pos && visited(v)).map((v) => v.pos);
        const uniq = [...new Set(went)].sort();
        events.push({
          type: 'message',
          to: actor.slotId,
          result: nightResult(actor.slotId, 'target-visits', [inst.pos], uniq),
          reasons: [e.reason],
        });
      } else {
        const came = [
          ...new Set(
            (byPlace.get(inst.pos) ?? [])
              .filter((v) => v.act.actor !== inst.pos && v.act.actor !== actor.slotId && visited(v))
              .map((v) => v.act.actor),
          ),
        ].sort();
        events.push({
          type: 'message',
          to: actor.slotId,
          result: nightResult(actor.slotId, 'visited-by', [inst.pos], came),
          reasons: [e.reason],
        });
      }
    }
  }
  if (truncated) {
    ambiguities.push({
      setting: 'redirectionLimit',
      value: `${maxRedirections} moves per effect, ${maxInstances} effects`,
      text: 'This night has so many redirections that Gavel stopped following effects after the limit; check the swaps by hand.',
      message: engineMessage('night/ambiguity-redirection-limit', word.number(maxRedirections), word.number(maxInstances)),
    });
  }
  if (
    insts.some((i) => i.path.length >= 2) ||
    (!chained && insts.some((i) => i.path.length === 1 && movers.some((m) => m !== i.path[0] && moves(m, i, i.pos))))
  ) {
    ambiguities.push({
      setting: 'chainedSwaps',
      value: rules.settings.chainedSwaps,
      text: 'An effect moved by one redirection met a second one; 001 does not spell out where it ends.',
      message: engineMessage('night/ambiguity-chained-swaps', word.message(settingValue(rules.settings.chainedSwaps))),
    });
  }

  return {
    night: input.night,
    method: 'reasonable',
    events,
    accepted: acts.map((a) => a.accepted.action),
    refused: refused.sort((x, y) => compareActions(x.action, y.action)),
    ambiguities,
    reserveKills: {},
    conditions: acts
      .filter((a) => a.accepted.action.conditions !== undefined)
      .map((a) => ({ actor: a.actor, text: a.accepted.action.conditions ?? '' })),
  };
}
