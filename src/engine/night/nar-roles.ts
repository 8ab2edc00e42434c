/**
 * The forum standard's night mechanics (issue 19), named for what they do,
 * not for a role: a stand-in who dies in the target's place (`dies-instead`),
 * a night away (`commute`), hiding behind a player (`hide-behind`), a move
 * doubled or delayed to the next night (`double-action`, `delay-action`), a
 * day post controlled (`control-posts`), a role name learnt
 * (`learn-role-name`); and the modifiers' flags (macho, loyal/disloyal,
 * unseen, compulsive). The ordered resolver calls `narHooks` at a few points;
 * a ruleset without these effects and flags never reaches them.
 *
 * Natural Action Resolution's golden rule, "apply actions which modify other
 * actions before the actions they modify", settles the moves that change
 * other moves (bus drives, redirects, blocks, jails, delays) before the steps
 * run (`planChangers`), at any depth: A's block on B, who blocks C, who
 * redirects D, lands A's first. True loops are settled by NAR's list for
 * loops (bus, block, redirect…) or left to the fixed order (`changerLoop`).
 */
import { engineMessage, word } from '../words';
import type { Block, EffectFn, NightContext, WorkPlayer } from './context';
import type { AcceptedAction } from './intake';
import { nightResult } from './results';
import { say, usedOn } from './say';
import { settingValue } from './settings-words';
import type { NightAction, NightDeathCause, NightInput, NightReason, NightStatus } from './types';
import type { NightRules } from './rules';
import { statusActive } from './statuses';

/** This file's effect kinds (spread into `NightEffectKind`). */
export type NarEffectKind =
  /** Protect the target by taking the first kill on him: the stand-in dies instead (Bodyguard); `standInSurvives`, `standInKillsAttacker` (Elite Bodyguard). */
  | 'dies-instead'
  /** Leave home for the night: every other move aimed at the actor fails (Commuter). Applied before the first step. */
  | 'commute'
  /** Hide behind the target: moves aimed at the actor fail, and he dies if the target dies tonight (Hider). Applied before the first step. */
  | 'hide-behind'
  /** The target may use each of his abilities twice the next night: gives the ability's `status` (default `doubled`) for that night (Action Doubler). */
  | 'double-action'
  /** The target's moves tonight resolve the next night instead (Delayer): listed in `NightResolution.delayed`. */
  | 'delay-action'
  /** The actor writes the target's posts the next day (Ventriloquist): the ability's `status` (default `ventriloquized`) for the host; at night it is a visit. */
  | 'control-posts'
  /** Learn the target's role name (Follower). */
  | 'learn-role-name';

/** The status `double-action` gives when its ability names none. */
export const DOUBLED_STATUS = 'doubled';
/** The status `control-posts` gives when its ability names none. */
export const CONTROLLED_STATUS = 'ventriloquized';

interface StandIn {
  readonly by: string;
  readonly survives: boolean;
  readonly killsAttacker: boolean;
  readonly reasons: readonly NightReason[];
  used: boolean;
}

interface NarState {
  readonly standIns: Map<string, StandIn[]>;
  /** Players away tonight (commuting or hiding), with the player hidden behind. */
  readonly away: Map<string, { readonly by: AcceptedAction; readonly behind?: string }>;
  /** Players whose moves tonight wait for the next night, with the Delayer's reason. */
  readonly delayedBy: Map<string, NightReason>;
  readonly delayed: NightAction[];
}

const states = new WeakMap<NightContext, NarState>();

function state(ctx: NightContext): NarState {
  let s = states.get(ctx);
  if (s === undefined) {
    s = { standIns: new Map(), away: new Map(), delayedBy: new Map(), delayed: [] };
    states.set(ctx, s);
  }
  return s;
}

function giveStatus(ctx: NightContext, target: string, status: NightStatus, reason: NightReason): void {
  const p = ctx.player(target);
  if (p === undefined || !p.alive) return;
  p.statuses = [...p.statuses, status];
  ctx.emit({ type: 'status-applied', player: target, status, reasons: [reason] });
}

const diesInstead: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  if (target === undefined) return;
  const ability = action.accepted.ability;
  const list = state(ctx).standIns.get(target) ?? [];
  list.push({
    by: action.actor.slotId,
    survives: ability.standInSurvives === true,
    killsAttacker: ability.standInKillsAttacker === true,
    reasons: [usedOn(ctx, action, target)],
    used: false,
  });
  state(ctx).standIns.set(target, list);
};

/** Commutes and hides are applied before the first step (`narHooks.beforeSteps`); the move itself does nothing more. */
const applied: EffectFn = () => undefined;

const doubleAction: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  if (target === undefined) return;
  const id = action.accepted.ability.status ?? DOUBLED_STATUS;
  const reason = say(
    `${action.actor.name} doubled ${ctx.name(target)}'s moves: next night each of ${ctx.name(target)}'s abilities may be used twice`,
    engineMessage('night/nar-doubled', word.text(action.actor.name), word.text(ctx.name(target))),
    [usedOn(ctx, action, target)],
  );
  if (ctx.player(target)?.alive !== true) return;
  giveStatus(ctx, target, { id, sinceNight: ctx.night + 1, untilNight: ctx.night + 1, by: action.actor.slotId }, reason);
  // The target is told by PM, so he knows to send each move twice (the Doubler is not named).
  ctx.emit({ type: 'message', to: target, result: nightResult(target, 'actions-doubled', [], null), reasons: [reason] });
};

function delayReason(ctx: NightContext, a: AcceptedAction, target: string, because: readonly NightReason[]): NightReason {
  const actor = ctx.name(a.action.actor);
  return say(
    `${actor} delayed ${ctx.name(target)}: ${ctx.name(target)}'s moves tonight resolve next night`,
    engineMessage('night/nar-delayed', word.text(actor), word.text(ctx.name(target))),
    because,
  );
}

const delayAction: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  if (target === undefined || state(ctx).delayedBy.has(target)) return;
  state(ctx).delayedBy.set(target, delayReason(ctx, action.accepted, target, [usedOn(ctx, action, target)]));
};

const controlPosts: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  if (target === undefined) return;
  const id = action.accepted.ability.status ?? CONTROLLED_STATUS;
  giveStatus(
    ctx,
    target,
    { id, sinceNight: ctx.night, untilNight: ctx.night + 1, by: action.actor.slotId },
    say(
      `${action.actor.name} controls ${ctx.name(target)}'s posts tomorrow: the host posts for ${ctx.name(target)} what ${action.actor.name} sends`,
      engineMessage('night/nar-controls-posts', word.text(action.actor.name), word.text(ctx.name(target))),
      [usedOn(ctx, action, target)],
    ),
  );
};

const learnRoleName: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  const t = target === undefined ? undefined : ctx.player(target);
  if (t === undefined) return;
  ctx.emit({
    type: 'message',
    to: action.actor.slotId,
    result: nightResult(action.actor.slotId, 'roles-learnt', [t.slotId], [t.role]),
    reasons: [
      say(
        `${action.actor.name} followed ${t.name} and learns the role name`,
        engineMessage('night/nar-followed', word.text(action.actor.name), word.text(t.name)),
        action.reasons,
      ),
    ],
  });
};

/** The ordered behaviour of this file's effect kinds (spread into `orderedEffects`). */
export const narEffects: Readonly<Record<NarEffectKind, EffectFn>> = {
  'dies-instead': diesInstead,
  commute: applied,
  'hide-behind': applied,
  'double-action': doubleAction,
  'delay-action': delayAction,
  'control-posts': controlPosts,
  'learn-role-name': learnRoleName,
};

function hasPassive(ctx: NightContext, p: WorkPlayer, passive: 'macho'): boolean {
  return [ctx.role(p.role), ctx.role(p.secondRole)].some((r) => r?.passives?.includes(passive) === true);
}

/** How a move changes other moves tonight: it moves them (`swap`, `redirect`) or stops them (`stop`: block, jail, delay). */
type ChangerKind = 'swap' | 'redirect' | 'stop';

function changerKind(a: AcceptedAction): ChangerKind | undefined {
  switch (a.ability.effect) {
    case 'swap':
      return 'swap';
    case 'redirect':
      return 'redirect';
    case 'block':
    case 'jail':
    case 'delay-action':
      return 'stop';
    default:
      return undefined;
  }
}

/** NAR's list for loops (hide, bus, block, redirect…): the lower comes first. */
const loopRank: Readonly<Record<ChangerKind, number>> = { swap: 0, stop: 1, redirect: 2 };

/** One move that changes others, as the golden rule settles it before the steps run. */
interface Changer {
  readonly a: AcceptedAction;
  readonly kind: ChangerKind;
  settled: boolean;
  /** Settled: the stopper that stops it (a block, a jail, a delay), if one does. */
  stoppedBy?: Changer;
  /** Settled: it lands on nobody (the target is away, or out of a loyal move's reach). */
  missed?: boolean;
  /** Settled: where it lands, and the moves that carried it there. */
  targets: readonly string[];
  reasons: readonly NightReason[];
  /** Settled by NAR's list for loops, not because nothing could change it. */
  byLoop?: readonly Changer[];
}

/** Plans of the golden rule, per night: each changer's outcome, read when its step comes. */
const plans = new WeakMap<NightContext, Map<AcceptedAction, Changer>>();

/** Whether a stopper stops this move: a delay holds every move but another delay; a block or jail every blockable one. */
function stops(stopper: Changer, m: Changer): boolean {
  if (stopper.a.ability.effect === 'delay-action') return m.a.ability.effect !== 'delay-action';
  return m.a.ability.unblockable !== true;
}

const byActor = (x: Changer, y: Changer): number => {
  const kx = `${x.a.action.actor}|${x.a.ability.id}|${x.a.action.targets.join(',')}`;
  const ky = `${y.a.action.actor}|${y.a.ability.id}|${y.a.action.targets.join(',')}`;
  return kx < ky ? -1 : kx > ky ? 1 : 0;
};

/** Whether a Bus Driver's or Redirector's slot comes before another's (setting `competingChangers: 'slot-order'`). */
export const slotBefore = (x: string, y: string): boolean => x < y;

/** The drivers' or redirectors' slot order (stable for one player's several moves). */
const bySlotOrder = (x: Changer, y: Changer): number =>
  slotBefore(x.a.action.actor, y.a.action.actor) ? -1 : slotBefore(y.a.action.actor, x.a.action.actor) ? 1 : 0;

const live = (c: Changer): boolean => c.settled && c.stoppedBy === undefined && c.missed !== true;

/** Where a move's targets land, given the moves already settled (a redirect of its actor, then bus drives, as the steps apply them). */
function landing(ctx: NightContext, m: AcceptedAction, settled: readonly Changer[]): { targets: string[]; reasons: NightReason[] } {
  let targets = [...m.action.targets];
  const reasons: NightReason[] = [];
  if (m.ability.targets.kind !== 'player' || targets.length === 0) return { targets, reasons };
  // Two redirects of one player (setting `competingChangers`): as sent, the later one stands, as in the steps (each
  // replaces the one before); in slot order, the redirector first in slot order.
  const bySlot = ctx.rules.settings.competingChangers === 'slot-order';
  const mine = settled.filter((c) => c.kind === 'redirect' && live(c) && c.targets[0] === m.action.actor && c.a !== m);
  const redirect = bySlot ? [...mine].sort(bySlotOrder)[0] : mine[mine.length - 1];
  const to = redirect?.targets[1];
  if (redirect !== undefined && to !== undefined) {
    targets = [to, ...targets.slice(1)];
    reasons.push(
      say(
        `${ctx.name(redirect.a.action.actor)} redirected ${ctx.name(m.action.actor)}'s action onto ${ctx.name(to)}`,
        engineMessage(
          'night/redirected',
          word.text(ctx.name(redirect.a.action.actor)),
          word.text(ctx.name(m.action.actor)),
          word.text(ctx.name(to)),
        ),
      ),
    );
  }
  const moving = settled.filter(
    (c) => c.kind === 'swap' && live(c) && !(m.ability.effect === 'swap' && c.a.action.actor === m.action.actor),
  );
  const swaps = bySlot ? [...moving].sort(bySlotOrder) : moving;
  targets = targets.map((t) => {
    let at = t;
    for (const s of swaps) {
      const [x, y] = s.targets;
      if (x === undefined || y === undefined || (at !== x && at !== y)) continue;
      const other = at === x ? y : x;
      reasons.push(
        say(
          `${ctx.name(s.a.action.actor)} swapped ${ctx.name(at)} with ${ctx.name(other)}`,
          engineMessage('night/swapped', word.text(ctx.name(s.a.action.actor)), word.text(ctx.name(at)), word.text(ctx.name(other))),
        ),
      );
      at = other;
    }
    return at;
  });
  return { targets, reasons };
}

/**
 * The players each unsettled changer's targets might still land on (per target), when every unsettled
 * move that could carry them does: a bus drive naming a player a target might be, a redirect of its actor.
 */
function reaches(ctx: NightContext, all: readonly Changer[]): Map<Changer, Set<string>[]> {
  const settled = all.filter((c) => c.settled);
  const open = all.filter((c) => !c.settled);
  const reach = new Map(open.map((c) => [c, landing(ctx, c.a, settled).targets.map((t) => new Set([t]))]));
  for (let grew = true; grew;) {
    grew = false;
    for (const m of open) {
      const sets = reach.get(m) ?? [];
      if (m.a.ability.targets.kind !== 'player') continue;
      const add = (set: Set<string>, names: Iterable<string>): void => {
        for (const n of names)
          if (!set.has(n)) {
            set.add(n);
            grew = true;
          }
      };
      for (const n of open) {
        if (n === m) continue;
        const ns = reach.get(n) ?? [];
        if (n.kind === 'swap' && !(m.kind === 'swap' && n.a.action.actor === m.a.action.actor)) {
          const named = new Set(ns.flatMap((x) => [...x]));
          for (const set of sets) if ([...set].some((p) => named.has(p))) add(set, named);
        }
        const first = sets[0];
        if (n.kind === 'redirect' && first !== undefined && ns[0]?.has(m.a.action.actor) === true) add(first, ns[1] ?? []);
      }
    }
  }
  return reach;
}

/** Whether an unsettled move `n` might still change `m` (stop it or move its targets). */
function mightChange(n: Changer, m: Changer, reach: ReadonlyMap<Changer, readonly Set<string>[]>): boolean {
  const ns = reach.get(n) ?? [];
  const ms = reach.get(m) ?? [];
  switch (n.kind) {
    case 'stop':
      return ns[0]?.has(m.a.action.actor) === true && stops(n, m);
    case 'redirect':
      return m.a.ability.targets.kind === 'player' && ms.length > 0 && ns[0]?.has(m.a.action.actor) === true;
    case 'swap': {
      if (m.kind === 'swap' && n.a.action.actor === m.a.action.actor) return false;
      const named = new Set(ns.flatMap((x) => [...x]));
      return ms.some((set) => [...set].some((p) => named.has(p)));
    }
  }
}

/**
 * NAR's golden rule ("apply actions which modify other actions before the actions they modify") at any depth,
 * for the moves that change other moves: bus drives, redirects, blocks, jails and delays (setting
 * `blockOnChanger`: `golden-rule`). Each round settles every move that no unsettled move could still change
 * (so A's block on B, who blocks C, who redirects D, settles A first, then B, then C); a move is stopped by
 * a settled stopper landing on its actor, and lands where the settled moves carry it. When every unsettled
 * move could be changed by another, they form a true loop (setting `changerLoop`): `loop-list` settles the
 * first of them by NAR's list for loops (bus, then block, then redirect; ties by player), `fixed-order`
 * leaves them to the ruleset's order. The outcome does not depend on the order the moves were sent.
 */
function planChangers(ctx: NightContext, ordered: readonly AcceptedAction[]): void {
  const all: Changer[] = [];
  for (const a of ordered) {
    const kind = changerKind(a);
    if (kind !== undefined) all.push({ a, kind, settled: false, targets: a.action.targets, reasons: [] });
  }
  if (all.length === 0) return;
  // The question the setting answers: a block or jail aimed at a player who moves other moves.
  for (const b of [...all].sort(byActor)) {
    if (b.kind !== 'stop' || b.a.ability.effect === 'delay-action' || b.a.ability.unblockable === true) continue;
    const target = b.a.action.targets[0];
    if (target === undefined || !all.some((c) => c.kind !== 'stop' && c.a.action.actor === target)) continue;
    const blocker = ctx.name(b.a.action.actor);
    ctx.ambiguity({
      setting: 'blockOnChanger',
      value: 'golden-rule',
      text: `${blocker} blocked ${ctx.name(target)}, whose own move changes other moves: NAR's golden rule lets the block stop it, the fixed order lets the move go first.`,
      message: engineMessage(
        'night/ambiguity-block-on-changer',
        word.text(blocker),
        word.text(ctx.name(target)),
        word.message(settingValue('golden-rule')),
      ),
    });
    break;
  }
  const settle = (m: Changer, loop?: readonly Changer[]): void => {
    const settled = all.filter((c) => c.settled);
    const stopper = settled
      .filter((c) => c.kind === 'stop' && live(c) && c.targets[0] === m.a.action.actor && stops(c, m))
      .sort(byActor)[0];
    m.settled = true;
    if (loop !== undefined) m.byLoop = loop;
    if (stopper !== undefined) {
      m.stoppedBy = stopper;
      return;
    }
    const { targets, reasons } = landing(ctx, m.a, settled);
    m.targets = targets;
    m.reasons = reasons;
    const actor = ctx.player(m.a.action.actor);
    if (actor !== undefined && narHooks.unreachable(ctx, actor, m.a, targets) !== undefined) m.missed = true;
  };
  for (;;) {
    const open = all.filter((c) => !c.settled);
    if (open.length === 0) break;
    const reach = reaches(ctx, all);
    const ready = open.filter((m) => !open.some((n) => n !== m && mightChange(n, m, reach)));
    if (ready.length > 0) {
      for (const m of ready) settle(m);
      continue;
    }
    // A true loop: every move left could be changed by another one left.
    const setting = ctx.rules.settings.changerLoop;
    const names = open.map((c) => `${ctx.name(c.a.action.actor)}'s ${c.a.ability.id}`);
    ctx.ambiguity({
      setting: 'changerLoop',
      value: setting,
      text: `${names.join(', ')} change one another (a loop): NAR's list for loops (bus, block, redirect…) settles them one by one, the fixed order leaves them to the ruleset's order.`,
      message: engineMessage(
        'night/ambiguity-changer-loop',
        word.names(open.map((c) => ctx.name(c.a.action.actor))),
        word.message(settingValue(setting)),
      ),
    });
    if (setting !== 'loop-list') break;
    const first = [...open].sort((x, y) => loopRank[x.kind] - loopRank[y.kind] || byActor(x, y))[0];
    if (first === undefined) break;
    settle(first, open);
  }
  const plan = new Map<AcceptedAction, Changer>();
  for (const c of all) if (c.settled) plan.set(c.a, c);
  plans.set(ctx, plan);
  // Every stopper that lands stops its target's moves from the first step: blocks and jails as blocks, delays as holds.
  for (const c of [...all].sort(byActor)) {
    const target = c.targets[0];
    if (c.kind !== 'stop' || !live(c) || target === undefined) continue;
    const actor = ctx.player(c.a.action.actor);
    if (actor === undefined) continue;
    const moving = all.some((x) => x !== c && x.a.action.actor === target);
    const reasons: NightReason[] = [
      usedOn(ctx, { accepted: c.a, actor, targets: c.targets, reasons: c.reasons }, target),
      ...(moving ? [goldenReason(ctx, c)] : []),
    ];
    if (c.a.ability.effect === 'delay-action') {
      if (!state(ctx).delayedBy.has(target)) state(ctx).delayedBy.set(target, delayReason(ctx, c.a, target, reasons));
      continue;
    }
    const early: Block = { by: c.a.action.actor, spares: c.a.ability.spares, reasons };
    ctx.blocks.set(target, [...(ctx.blocks.get(target) ?? []), early]);
  }
}

/** Why a stopper on a Bus Driver or Redirector landed before his move: nothing could change it, or NAR's list for loops. */
function goldenReason(ctx: NightContext, c: Changer): NightReason {
  const actor = ctx.name(c.a.action.actor);
  const target = ctx.name(c.targets[0] ?? '');
  if (c.byLoop !== undefined)
    return say(
      `${actor}'s ${c.a.ability.id} and the moves of ${c.byLoop.map((x) => ctx.name(x.a.action.actor)).join(', ')} change one another: NAR's list for loops (bus, block, redirect) settles ${actor}'s ${c.a.ability.id} first`,
      engineMessage(
        'night/nar-loop-settled',
        word.text(actor),
        word.ability(c.a.ability.id, c.a.role.id),
        word.names(c.byLoop.map((x) => ctx.name(x.a.action.actor))),
      ),
    );
  return say(
    `${actor}'s ${c.a.ability.id} on ${target} is changed by no other move, so it resolves before the moves it changes (NAR's golden rule)`,
    engineMessage('night/nar-block-first', word.text(actor), word.ability(c.a.ability.id, c.a.role.id), word.text(target)),
  );
}

/**
 * The open question `competingChangers`, reported when a night meets it: two bus drives (by different drivers)
 * that name the same player, or two redirects of one player onto different players.
 */
function competingChangers(ctx: NightContext, ordered: readonly AcceptedAction[]): void {
  const swaps = ordered.filter((a) => a.ability.effect === 'swap');
  const redirects = ordered.filter((a) => a.ability.effect === 'redirect');
  let pair: readonly [AcceptedAction, AcceptedAction] | undefined;
  for (const [i, x] of swaps.entries())
    for (const y of swaps.slice(i + 1))
      if (pair === undefined && x.action.actor !== y.action.actor && x.action.targets.some((t) => y.action.targets.includes(t)))
        pair = [x, y];
  for (const [i, x] of redirects.entries())
    for (const y of redirects.slice(i + 1))
      if (
        pair === undefined &&
        x.action.actor !== y.action.actor &&
        x.action.targets[0] === y.action.targets[0] &&
        x.action.targets[1] !== y.action.targets[1]
      )
        pair = [x, y];
  if (pair === undefined) return;
  const setting = ctx.rules.settings.competingChangers;
  const names = pair.map((a) => ctx.name(a.action.actor)).sort();
  ctx.ambiguity({
    setting: 'competingChangers',
    value: setting,
    text: `${names.join(' and ')} move the same player's moves tonight: in the order sent (the later redirect stands, the swaps apply as sent) or in their slot order (a result no sending order changes).`,
    message: engineMessage('night/ambiguity-competing-changers', word.names(names), word.message(settingValue(setting))),
  });
}

/** Where the ordered resolver asks this file (ordered.ts). */
export const narHooks = {
  /** Before the first step: commuters and hiders leave home; under the golden rule the moves that change other moves are settled (`planChangers`). */
  beforeSteps(ctx: NightContext, ordered: readonly AcceptedAction[]): void {
    for (const a of ordered) {
      if (a.ability.effect !== 'commute' && a.ability.effect !== 'hide-behind') continue;
      const behind = a.ability.effect === 'hide-behind' ? a.action.targets[0] : undefined;
      state(ctx).away.set(a.action.actor, { by: a, ...(behind === undefined ? {} : { behind }) });
    }
    competingChangers(ctx, ordered);
    // The golden rule at any depth, where the ruleset follows it; a fixed order (the seeds') answers the question itself.
    if (ctx.rules.settings.blockOnChanger === 'golden-rule') planChangers(ctx, ordered);
    // A delayed Commuter or Hider stays home tonight: his commute or hide is held for the next night with his other moves.
    for (const actor of state(ctx).delayedBy.keys()) state(ctx).away.delete(actor);
  },

  /**
   * Where a move that changes others lands, as the golden rule settled it before the steps (undefined: the
   * ruleset's order places it, as every other move).
   */
  planned(ctx: NightContext, a: AcceptedAction): { targets: string[]; reasons: NightReason[] } | undefined {
    const c = plans.get(ctx)?.get(a);
    if (c === undefined || c.stoppedBy !== undefined) return undefined;
    return { targets: [...c.targets], reasons: [...c.reasons] };
  },

  /** A macho player: no protection reaches him. */
  unprotectable(ctx: NightContext, victimId: string): boolean {
    const victim = ctx.player(victimId);
    return victim !== undefined && hasPassive(ctx, victim, 'macho');
  },

  /**
   * A kill no other protection stopped: a stand-in takes it (the first unused
   * one on the victim; each takes one kill). He dies instead unless he
   * survives it, and kills the attacker where his role says so.
   */
  standIn(ctx: NightContext, victimId: string, attackers: readonly string[], cause: NightDeathCause): NightReason | undefined {
    if (cause !== 'kill' && cause !== 'faction-kill') return undefined;
    if (narHooks.unprotectable(ctx, victimId)) return undefined;
    const guard = state(ctx)
      .standIns.get(victimId)
      ?.find((g) => !g.used && ctx.player(g.by)?.alive === true);
    if (guard === undefined) return undefined;
    guard.used = true;
    ctx.savedBy.add(guard.by);
    const victim = ctx.name(victimId);
    const reason = say(
      `${ctx.name(guard.by)} stood in for ${victim} and took the kill`,
      engineMessage('night/nar-stood-in', word.text(ctx.name(guard.by)), word.text(victim)),
      guard.reasons,
    );
    if (!guard.survives) ctx.attack(guard.by, attackers, cause, [reason]);
    const attacker = attackers[0];
    if (guard.killsAttacker && attacker !== undefined && attacker !== guard.by)
      ctx.attack(attacker, [guard.by], 'kill', [
        say(
          `${ctx.name(guard.by)} stood in for ${victim} and killed the attacker, ${ctx.name(attacker)}`,
          engineMessage('night/nar-stand-in-kills', word.text(ctx.name(guard.by)), word.text(victim), word.text(ctx.name(attacker))),
          [reason],
        ),
      ]);
    return reason;
  },

  /** A move that fails on its final target: the target is away (commuting, hiding), or out of a loyal/disloyal move's reach. */
  unreachable(ctx: NightContext, actor: WorkPlayer, a: AcceptedAction, targets: readonly string[]): NightReason | undefined {
    for (const t of targets) {
      if (t === actor.slotId) continue;
      const away = state(ctx).away.get(t);
      // A delay changes the commute or hide itself, so (golden rule) it reaches him before he leaves.
      if (away !== undefined && away.by !== a && a.ability.effect !== 'delay-action') {
        const behind = away.behind;
        return behind === undefined
          ? say(
              `${ctx.name(t)} was away for the night (${away.by.role.name}): ${actor.name}'s ${a.ability.id} found nobody`,
              engineMessage('night/nar-away', word.text(ctx.name(t)), word.text(actor.name), word.ability(a.ability.id, a.role.id)),
            )
          : say(
              `${ctx.name(t)} hid behind ${ctx.name(behind)}: ${actor.name}'s ${a.ability.id} found nobody`,
              engineMessage(
                'night/nar-hidden',
                word.text(ctx.name(t)),
                word.text(ctx.name(behind)),
                word.text(actor.name),
                word.ability(a.ability.id, a.role.id),
              ),
            );
      }
      const side = a.ability.targetsFaction;
      const target = ctx.player(t);
      if (side === undefined || target === undefined) continue;
      if (side === 'own' && target.faction !== actor.faction)
        return say(
          `${actor.name}'s ${a.ability.id} is loyal: it works only on his own faction, and ${target.name} is not of it`,
          engineMessage('night/nar-loyal', word.text(actor.name), word.ability(a.ability.id, a.role.id), word.text(target.name)),
        );
      if (side === 'other' && target.faction === actor.faction)
        return say(
          `${actor.name}'s ${a.ability.id} is disloyal: it works only on another faction, and ${target.name} is of his own`,
          engineMessage('night/nar-disloyal', word.text(actor.name), word.ability(a.ability.id, a.role.id), word.text(target.name)),
        );
    }
    return undefined;
  },

  /** A move of a delayed player: held for the next night (`NightResolution.delayed`); the reason, if it is held. */
  held(ctx: NightContext, a: AcceptedAction): NightReason | undefined {
    const reason = state(ctx).delayedBy.get(a.action.actor);
    if (reason === undefined || a.ability.effect === 'delay-action') return undefined;
    state(ctx).delayed.push({ ...a.action, delayedFrom: ctx.night });
    return reason;
  },

  /** Whether Trackers, Watchers and Followers see the move's visit. */
  seen(a: AcceptedAction): boolean {
    return a.ability.unseen !== true;
  },

  /** A player died: whoever hid behind him tonight dies with him. */
  afterDeath(ctx: NightContext, victim: WorkPlayer, attackers: readonly string[]): void {
    for (const [hider, away] of state(ctx).away) {
      if (away.behind !== victim.slotId || ctx.player(hider)?.alive !== true) continue;
      ctx.attack(
        hider,
        attackers,
        'kill',
        [
          say(
            `${ctx.name(hider)} hid behind ${victim.name}, who died: the hider dies too`,
            engineMessage('night/nar-hider-dies', word.text(ctx.name(hider)), word.text(victim.name)),
          ),
        ],
        { unstoppable: true },
      );
    }
  },

  /** Moves held for the next night, when any were. */
  delayed(ctx: NightContext): { readonly delayed?: readonly NightAction[] } {
    const list = states.get(ctx)?.delayed ?? [];
    return list.length === 0 ? {} : { delayed: list };
  },

  /**
   * Host notes: a living player with a compulsive ability who sent no move
   * with it (nor had one refused) breached the rule "must act every night";
   * the host settles it (a forced move or a breach).
   */
  compulsiveNotes(
    input: NightInput,
    rules: NightRules,
    findRole: (
      id: string | undefined,
    ) => { readonly abilities: readonly { readonly id: string; readonly compulsive?: boolean; readonly phase: string }[] } | undefined,
  ): NightReason[] {
    const notes: NightReason[] = [];
    for (const p of input.players) {
      if (!p.alive) continue;
      for (const role of [findRole(p.role), findRole(p.secondRole)]) {
        for (const ab of role?.abilities ?? []) {
          if (ab.compulsive !== true || ab.phase !== 'night') continue;
          if ((p.usesLeft?.[ab.id] ?? 1) <= 0) continue;
          if (input.actions.some((x) => x.actor === p.slotId && x.ability === ab.id)) continue;
          notes.push(
            say(
              `${p.name} is compulsive and sent no ${ab.id} tonight (${rules.name}): a breach; the host names the target or applies the penalty`,
              engineMessage('night/report-compulsive-idle', word.text(p.name), word.ability(ab.id)),
            ),
          );
        }
      }
    }
    return notes;
  },
};

/** Whether the actor may send each ability twice tonight: an Action Doubler's status from last night. */
export function actsTwice(input: NightInput, rules: NightRules, actor: string): boolean {
  const ids = new Set(
    rules.roles.flatMap((r) => r.abilities.filter((a) => a.effect === 'double-action').map((a) => a.status ?? DOUBLED_STATUS)),
  );
  if (ids.size === 0) return false;
  const p = input.players.find((x) => x.slotId === actor);
  return p?.statuses?.some((s) => ids.has(s.id) && statusActive(s, input.night) && (s.sinceNight ?? input.night) === input.night) === true;
}
