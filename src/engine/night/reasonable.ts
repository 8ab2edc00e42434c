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
import type { NightPassiveKind } from './roles';
import type { AmbiguityHit, NightEvent, NightInput, NightPlayer, NightResolution, NightReason, RefusedAction } from './types';
import { unreachableStatus } from './statuses';
import { settingValue } from './settings-words';
import { messageOf } from './say';
import { engineMessage, word, type EngineMessage } from '../words';
import { narHooks, CONTROLLED_STATUS, DOUBLED_STATUS } from './nar-roles';
import { nightReport, type Landing } from './results-report';
import { rarAway, rarCatalogueEffects, rarRefusalMessage, rarRefusedEffects, rarRefusedKinds } from './rar-catalogue';

/**
 * The effect kinds Reasonable Action Resolution knows: those it breaks into
 * components, and the catalogue's few it refuses at night with a reason
 * (`rarRefusedEffects`: a ruleset may hold the role, its PM is refused).
 */
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
  // The forum standard's catalogue (issue 19), broken into the same components (rar-catalogue.ts).
  ...rarCatalogueEffects,
  ...rarRefusedKinds,
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

/** How a question is asked: only whether the visit happened, or the kill without a vest or without stand-ins. */
interface EvalOpts {
  /** Only whether the visit happened (blocks, redirections), not what it did at the target. */
  readonly visitOnly?: boolean;
  readonly withoutVest?: boolean;
  /** The kill as it would be without Bodyguards: whether a stand-in takes it. */
  readonly withoutGuards?: boolean;
  /** The visit even where its target is away (for the report: the move reached him and found nobody). */
  readonly reachAnyway?: boolean;
}

interface Eval {
  readonly holds: boolean;
  readonly reason: NightReason;
}

/**
 * An answer whose tree of reasons is built when first read, then kept. Most answers only decide another
 * answer's `holds` (a block on a blocker, a rival mover, whether a visit happened): building every
 * evaluation's texts and messages up front was most of what a big night allocated (issue 18). The tree read
 * is the one the eager code built, object for object, so a resolution's JSON is unchanged.
 */
class Answer implements Eval {
  private built: NightReason | undefined;
  private build: (() => NightReason) | undefined;
  constructor(
    readonly holds: boolean,
    build: () => NightReason,
  ) {
    this.build = build;
  }
  get reason(): NightReason {
    if (this.built === undefined) {
      const build = this.build;
      if (build === undefined) throw new Error('an answer without its reasons');
      this.built = build();
      // What the reasons were built from (the answers under it) is no longer needed.
      this.build = undefined;
    }
    return this.built;
  }
}

/** One reason under an answer: another answer's, or one built from it (or from nothing) when the tree is read. */
type Part = Eval | (() => NightReason);
const reasonOf = (part: Part): NightReason => (typeof part === 'function' ? part() : part.reason);

/**
 * The actions already in a chain of reasons (rule 4), the latest first. Each question below extends the list
 * it was given by one action, so the questions of a chain share it rather than each copying a set.
 */
interface Chain {
  readonly id: string;
  readonly rest: Chain | undefined;
}
const extend = (chain: Chain | undefined, id: string): Chain => ({ id, rest: chain });
const inChainOf = (chain: Chain | undefined, id: string): boolean => {
  for (let c = chain; c !== undefined; c = c.rest) if (c.id === id) return true;
  return false;
};

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
  'dies-instead': 'guarded',
  'hide-behind': 'hid behind',
  'learn-role-name': 'followed',
  'tell-alignment': 'befriended',
  'double-action': 'doubled',
  'control-posts': 'spoke through',
  recruit: 'tried to recruit',
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
    const refusedWhy = rarRefusedEffects[a.ability.effect];
    if (refusedWhy !== undefined) {
      refused.push({
        action: a.action,
        reason: 'night/unsupported-by-resolver',
        text: refusedWhy,
        message: rarRefusalMessage(a.ability.id),
      });
      continue;
    }
    if (!reasonableEffects.includes(a.ability.effect)) {
      refused.push({
        action: a.action,
        reason: 'night/unsupported-by-resolver',
        text: `Reasonable Action Resolution has no components for "${a.ability.effect}"`,
        message: engineMessage('night/refused-no-components', word.ability(a.ability.id, a.role.id)),
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
    // Commuting and hiding are passive-like: 001, "Passive abilities cannot be … redirected".
    if (rarAway.includes(inst.act.effect)) return false;
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
  const none: readonly Mover[] = [];
  const moversAt = (inst: Inst, pos: string): readonly Mover[] => {
    const swaps = swapsAt.get(pos) ?? none;
    const redirects = redirectsOf.get(inst.act.actor) ?? none;
    // Most effects meet no mover: asked for every evaluation, that answer allocates nothing.
    if (swaps.length === 0 && redirects.length === 0) return none;
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
  const unmoved: readonly never[] = [];
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
    // An unmoved effect's path is empty: one shared list, not two per instance.
    for (const t of targets) expand({ act, original: t, pos: t, path: unmoved, from: unmoved });
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
  const guardsByPos = index(['dies-instead']);
  const killsByPos = index(['kill', 'faction-kill']);
  /** The kills that end at the player, in instance order. */
  const killsAt = (player: string): readonly Inst[] => killsByPos.get(player) ?? [];
  const guardsAt = (player: string): readonly Inst[] => guardsByPos.get(player) ?? [];
  const hasPassive = (player: string, passive: NightPassiveKind): boolean => {
    const p = players.get(player);
    return p !== undefined && [findRole(rules, p.role), findRole(rules, p.secondRole)].some((r) => r?.passives?.includes(passive) === true);
  };
  // Commuters and Hiders: away for the night (passive-like, so no block or move changes it).
  const away = new Map<string, Act>();
  for (const act of acts) if (rarAway.includes(act.effect)) away.set(act.actor, act);
  /** Why the effect fails at its final target: he is away, or a loyal/disloyal move found the wrong side. */
  const thwart = (inst: Inst, visitOnly: boolean): NightReason | undefined => {
    const gone = away.get(inst.pos);
    const ability = inst.act.accepted.ability.id;
    if (gone !== undefined && gone !== inst.act && inst.act.actor !== inst.pos) {
      const behind = gone.effect === 'hide-behind' ? gone.accepted.action.targets[0] : undefined;
      return behind === undefined
        ? {
            text: `${name(inst.pos)} was away for the night (${gone.accepted.role.name}): ${name(inst.act.actor)}'s ${ability} found nobody`,
            message: engineMessage('night/nar-away', word.text(name(inst.pos)), word.text(name(inst.act.actor)), word.ability(ability)),
          }
        : {
            text: `${name(inst.pos)} hid behind ${name(behind)}: ${name(inst.act.actor)}'s ${ability} found nobody`,
            message: engineMessage(
              'night/nar-hidden',
              word.text(name(inst.pos)),
              word.text(name(behind)),
              word.text(name(inst.act.actor)),
              word.ability(ability),
            ),
          };
    }
    const side = inst.act.accepted.ability.targetsFaction;
    if (visitOnly || side === undefined || inst.pos === inst.act.actor) return undefined;
    const actor = players.get(inst.act.actor);
    const target = players.get(inst.pos);
    if (actor === undefined || target === undefined) return undefined;
    if (side === 'own' && target.faction !== actor.faction)
      return {
        text: `${actor.name}'s ${ability} is loyal: it works only on his own faction, and ${target.name} is not of it`,
        message: engineMessage('night/nar-loyal', word.text(actor.name), word.ability(ability), word.text(target.name)),
      };
    if (side === 'other' && target.faction === actor.faction)
      return {
        text: `${actor.name}'s ${ability} is disloyal: it works only on another faction, and ${target.name} is of his own`,
        message: engineMessage('night/nar-disloyal', word.text(actor.name), word.ability(ability), word.text(target.name)),
      };
    return undefined;
  };
  const standsIn = (reason: NightReason, guard: Inst): NightReason => ({
    ...reason,
    text: `${reason.text} (${name(guard.act.actor)} stands in for ${name(guard.pos)})`,
    message: engineMessage(
      'night/rar-stands-in',
      word.message(messageOf(reason)),
      word.text(name(guard.act.actor)),
      word.text(name(guard.pos)),
    ),
  });
  const blocksAt = (player: string): readonly Inst[] => blocksByPos.get(player) ?? [];
  const protectsAt = (player: string): readonly Inst[] => protectsByPos.get(player) ?? [];
  /** Kills each vest stopped tonight (top-level answers only). */
  const vestUsed = new Map<string, number>();
  const vestHolders = new Map<string, number>();
  /** Kills the player's vest can still stop: 0 without one; a vest with no stated allowance never wears out (the forum standard's Bulletproof). */
  const vestLeft = (player: string): number => {
    const known = vestHolders.get(player);
    if (known !== undefined) return known;
    const left = wearsVest(player);
    vestHolders.set(player, left);
    return left;
  };
  const hasVest = (player: string): boolean => vestLeft(player) > 0;
  const wearsVest = (player: string): number => {
    const p = players.get(player);
    if (p === undefined) return 0;
    let total = 0;
    for (const r of [findRole(rules, p.role), findRole(rules, p.secondRole)]) {
      if (r?.passives?.includes('vest') !== true) continue;
      const uses = r.passiveUses?.vest;
      if (uses === undefined) return Number.POSITIVE_INFINITY;
      total += uses;
    }
    return Math.max(0, total - (p.spent?.vest ?? 0));
  };

  // Blocks on an actor, evaluated with `chain`: the answers, in the blocks' order, and whether one holds.
  const notBlocked: { readonly blocked: boolean; readonly answers: readonly Eval[] } = { blocked: false, answers: [] };
  const blockedBy = (actor: string, chain: Chain, stance: Stance): { readonly blocked: boolean; readonly answers: readonly Eval[] } => {
    const blocks = blocksAt(actor);
    if (blocks.length === 0) return notBlocked;
    const answers: Eval[] = [];
    let blocked = false;
    for (const b of blocks) {
      const e = evalInst(b, chain, stance);
      answers.push(e);
      if (e.holds) blocked = true;
    }
    return { blocked, answers };
  };

  /** 001: "Passive abilities cannot be … roleblocked"; the unstoppable modifier and the Commuter's and Hider's data say the same. */
  const unblockable = (act: Act): boolean => act.accepted.ability.unblockable === true;

  /** "Bus swapped the shot effect from Ann onto Bo", in English and as a message. */
  const moverText = (m: Mover, inst: Inst, pos: string): string =>
    `${name(m.act.actor)} ${m.kind === 'swap' ? 'swapped' : 'redirected'} the ${verbs[inst.act.effect] ?? inst.act.effect} effect from ${name(pos)} onto ${name(dest(m, pos))}`;
  const moverMessage = (m: Mover, inst: Inst, pos: string): EngineMessage => {
    const moveArgs = [
      word.text(name(m.act.actor)),
      word.message(effectNoun(inst.act.effect)),
      word.text(name(pos)),
      word.text(name(dest(m, pos))),
    ];
    return m.kind === 'swap' ? engineMessage('night/rar-swap-moves', ...moveArgs) : engineMessage('night/rar-redirect-moves', ...moveArgs);
  };

  const evalMover = (m: Mover, inst: Inst, pos: string, chain: Chain | undefined, stance: Stance): Eval => {
    if (inChainOf(chain, m.act.id))
      return new Answer(false, () => ({
        text: `${moverText(m, inst, pos)}: this action is already in the chain, so it has no effect (rule 4)`,
        message: inChain(moverMessage(m, inst, pos)),
        stance,
      }));
    const c2 = extend(chain, m.act.id);
    const because: Part[] = [];
    const { blocked, answers } = unblockable(m.act) ? notBlocked : blockedBy(m.act.actor, c2, flip(stance));
    because.push(...answers);
    let holds = !blocked;
    for (const other of moversAt(inst, pos)) {
      if (other === m || inChainOf(c2, other.act.id)) continue;
      const rival = unblockable(other.act) ? notBlocked : blockedBy(other.act.actor, extend(c2, other.act.id), stance);
      if (!rival.blocked) {
        holds = false;
        because.push(() => ({
          text: `an effect already redirected elsewhere cannot be redirected: ${name(other.act.actor)} also moves it from ${name(pos)} to ${name(dest(other, pos))}`,
          message: engineMessage(
            'night/rar-moved-elsewhere',
            word.text(name(other.act.actor)),
            word.text(name(pos)),
            word.text(name(dest(other, pos))),
          ),
          stance: flip(stance),
        }));
      }
    }
    return new Answer(holds, () => ({
      text: moverText(m, inst, pos),
      message: moverMessage(m, inst, pos),
      stance,
      because: because.map(reasonOf),
    }));
  };

  /**
   * The kills a vest stops (001: a "one shot BP Vest"): the first kills of
   * the night on its wearer, in the order the actions were sent, that nothing
   * else stops, as many as it has uses left (every one for a vest without a
   * limit). Later kills on the same player that night go through.
   */
  const vestCatch = new Map<string, ReadonlySet<Inst>>();
  const vestCatches = (inst: Inst): boolean => {
    if (!hasVest(inst.pos)) return false;
    let caught = vestCatch.get(inst.pos);
    if (caught === undefined) {
      const kills = killsAt(inst.pos)
        .filter((k) => k.act.accepted.ability.unstoppable !== true)
        .sort((x, y) => compareActions(x.act.accepted.action, y.act.accepted.action));
      caught = new Set(kills.filter((k) => evalInst(k, undefined, 'for', { withoutVest: true }).holds).slice(0, vestLeft(inst.pos)));
      vestCatch.set(inst.pos, caught);
    }
    return caught.has(inst);
  };

  /** The question "does this effect happen?", asked inside `chain` (none: a top-level question). */
  const evalInst = (inst: Inst, chain: Chain | undefined, stance: Stance, opts: EvalOpts = {}): Eval => {
    const visitOnly = opts.visitOnly === true;
    if (inChainOf(chain, inst.act.id))
      return new Answer(false, () => ({
        text: `${describe(inst)}: this action is already in the chain, so it has no effect (rule 4)`,
        message: inChain(describeMessage(inst)),
        stance,
      }));
    let c2 = extend(chain, inst.act.id);
    const because: Part[] = [];
    let holds = true;
    const blocks = unblockable(inst.act) ? notBlocked : blockedBy(inst.act.actor, c2, flip(stance));
    for (const e of blocks.answers) because.push(() => roleblocking(e.reason, inst.act.actor));
    if (blocks.blocked) holds = false;
    inst.path.forEach((m, i) => {
      const e = evalMover(m, { ...inst, path: inst.path.slice(0, i) }, inst.from[i] ?? inst.original, c2, stance);
      because.push(e);
      if (!e.holds) holds = false;
      c2 = extend(c2, m.act.id);
    });
    if (inst.act.effect !== 'swap' && inst.act.effect !== 'redirect') {
      for (const m of moversAt(inst, inst.pos)) {
        const e = evalMover(m, inst, inst.pos, c2, flip(stance));
        because.push(e);
        if (e.holds) holds = false;
      }
    }
    const thwarted = opts.reachAnyway === true ? undefined : thwart(inst, visitOnly);
    if (thwarted !== undefined) {
      const against: NightReason = { ...thwarted, stance: flip(stance) };
      because.push(() => against);
      holds = false;
    }
    if (!visitOnly && (inst.act.effect === 'kill' || inst.act.effect === 'faction-kill')) {
      // A Strongman's kill goes through every protection; no protection reaches a macho player (his vest still works).
      const strong = inst.act.accepted.ability.unstoppable === true;
      const macho = hasPassive(inst.pos, 'macho');
      const guards = opts.withoutGuards === true ? [] : guardsAt(inst.pos);
      const shields = guards.length === 0 ? protectsAt(inst.pos) : [...protectsAt(inst.pos), ...guards];
      if (shields.length > 0 && (strong || macho)) {
        const through: NightReason = strong
          ? {
              text: `${name(inst.act.actor)}'s kill is unstoppable (strongman): no protection stops it`,
              message: engineMessage('night/rar-strongman', word.text(name(inst.act.actor))),
              stance,
            }
          : {
              text: `${name(inst.pos)} is macho: no protection reaches him`,
              message: engineMessage('night/rar-macho', word.text(name(inst.pos))),
              stance,
            };
        because.push(() => through);
      } else
        for (const p of shields) {
          const e = evalInst(p, c2, flip(stance));
          because.push(() => (p.act.effect === 'dies-instead' ? standsIn(e.reason, p) : preventsKills(e.reason)));
          if (e.holds) {
            holds = false;
            break;
          }
        }
      if (opts.withoutVest !== true && holds && vestCatches(inst)) {
        // Only a kill that nothing else stopped uses the vest up.
        if (chain === undefined) vestUsed.set(inst.pos, (vestUsed.get(inst.pos) ?? 0) + 1);
        const vest: NightReason =
          vestLeft(inst.pos) === Number.POSITIVE_INFINITY
            ? {
                text: `${name(inst.pos)}'s bulletproof vest stopped the kill`,
                message: engineMessage('night/vest-held', word.text(name(inst.pos))),
                stance: flip(stance),
              }
            : {
                text: `${name(inst.pos)}'s one-shot bulletproof vest stops the kill (passive: cannot be blocked)`,
                message: engineMessage('night/rar-vest', word.text(name(inst.pos))),
                stance: flip(stance),
              };
        because.push(() => vest);
        holds = false;
      }
    }
    return new Answer(holds, () => ({ text: describe(inst), message: describeMessage(inst), stance, because: because.map(reasonOf) }));
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
    const e = evalInst(inst, undefined, 'for');
    asked.set(inst, e);
    return e;
  };
  /** Whether the visit happened (blocks and moves only), and why. */
  const visit = (inst: Inst): Eval => evalInst(inst, undefined, 'for', { visitOnly: true });
  // Every visit is asked whether it happened; its reasons are read only for a moved action's landing (the
  // same answer asked again), so only the answer is kept, not the tree of questions under it.
  const visits = new Map<Inst, boolean>();
  const visited = (inst: Inst): boolean => {
    const known = visits.get(inst);
    if (known !== undefined) return known;
    const holds = visit(inst).holds;
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
      const visit = evalInst(inst, undefined, 'for', { visitOnly: true });
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
        const e = evalInst(p, extend(undefined, inst.act.id), 'against');
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
  // Rule 3: a stand-in dies when a kill would have killed the guarded player and the guard stands (Bodyguard);
  // the Elite Bodyguard lives and his return shot is the same trigger on the attacker.
  for (const g of insts) {
    if (g.act.effect !== 'dies-instead' || hasPassive(g.pos, 'macho')) continue;
    const guard = ask(g);
    if (!guard.holds) continue;
    const ability = g.act.accepted.ability;
    for (const k of insts) {
      if (k.pos !== g.pos || (k.act.effect !== 'kill' && k.act.effect !== 'faction-kill')) continue;
      if (k.act.accepted.ability.unstoppable === true || k.act.actor === g.act.actor) continue;
      const would = evalInst(k, undefined, 'for', { withoutGuards: true });
      if (!would.holds) continue;
      const [guardName, victimName, attacker] = [name(g.act.actor), name(g.pos), k.act.actor];
      const took: NightReason = {
        text: `${guardName} stood in for ${victimName} and took the kill`,
        message: engineMessage('night/nar-stood-in', word.text(guardName), word.text(victimName)),
        stance: 'for',
        because: [would.reason, guard.reason],
      };
      if (ability.standInSurvives !== true) note(g.act.actor, { holds: true, reason: took }, attacker);
      if (ability.standInKillsAttacker !== true) continue;
      const because: NightReason[] = [took];
      let holds = true;
      for (const p of protectsAt(attacker)) {
        const e = evalInst(p, extend(undefined, g.act.id), 'against');
        because.push(preventsKills(e.reason));
        if (e.holds) holds = false;
      }
      note(
        attacker,
        {
          holds,
          reason: {
            text: `${guardName} stood in for ${victimName} and killed the attacker, ${name(attacker)}`,
            message: engineMessage('night/nar-stand-in-kills', word.text(guardName), word.text(victimName), word.text(name(attacker))),
            stance: 'for',
            because,
          },
        },
        g.act.actor,
      );
    }
  }
  // A Hider dies with the player he hid behind.
  for (const act of acts) {
    const behind = act.effect === 'hide-behind' ? act.accepted.action.targets[0] : undefined;
    const d = behind === undefined ? undefined : deaths.get(behind);
    if (behind === undefined || d === undefined || behind === act.actor) continue;
    note(
      act.actor,
      {
        holds: true,
        reason: {
          text: `${name(act.actor)} hid behind ${name(behind)}, who died: the hider dies too`,
          message: engineMessage('night/nar-hider-dies', word.text(name(act.actor)), word.text(name(behind))),
          stance: 'for',
          because: d.reasons,
        },
      },
      d.killers[0] ?? act.actor,
    );
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
    // NAR's ruling "a protection stops one kill" (protectionStops: one-kill) is not RAR's: 001's protection prevents kills.
    const kills = killsAt(victim).filter((k) => visited(k));
    if (rules.settings.protectionStops === 'one-kill' && kills.length >= 2 && protectsAt(victim).some((p) => ask(p).holds))
      ambiguities.push({
        setting: 'protectionStops',
        value: 'every-kill',
        text: `${name(victim)} survived ${kills.length} kills behind one protection: under Reasonable Action Resolution a protection prevents every kill on its target (001); the ruleset's "a protection stops one kill" is Natural Action Resolution's ruling and is not read`,
        message: engineMessage('night/ambiguity-rar-protection-stops', word.text(name(victim)), word.number(kills.length)),
      });
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
    if ((vestUsed.get(victim) ?? 0) > 0 && vestLeft(victim) !== Number.POSITIVE_INFINITY)
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
    if (unblockable(act)) continue;
    const b = blockedBy(act.actor, extend(undefined, act.id), 'against');
    // The first block that holds (the same questions as `b`'s, in the same order).
    const by = blocksAt(act.actor)[b.answers.findIndex((e) => e.holds)];
    if (b.blocked && by !== undefined) {
      events.push({
        type: 'blocked',
        player: act.actor,
        ability: act.accepted.ability.id,
        role: act.accepted.role.id,
        by: by.act.actor,
        reasons: [
          {
            text: `${name(act.actor)}'s ${act.accepted.ability.id} was roleblocked`,
            message: engineMessage(
              'night/rar-was-roleblocked',
              word.text(name(act.actor)),
              word.ability(act.accepted.ability.id, act.accepted.role.id),
            ),
            because: b.answers.map((e) => e.reason),
          },
        ],
      });
    }
  }

  /** Ninja and untrackable moves: Trackers and Watchers do not see the visit. */
  const seen = (v: Inst): boolean => v.act.accepted.ability.unseen !== true;

  /** The catalogue's results (rar-catalogue.ts): a Follower's role name, a Friendly Neighbor's PM, a double, a ventriloquism, a recruit. */
  const catalogueResult = (inst: Inst, actor: NightPlayer, died: ReadonlyMap<string, readonly NightReason[]>): boolean => {
    const kind = inst.act.effect;
    if (
      kind !== 'learn-role-name' &&
      kind !== 'tell-alignment' &&
      kind !== 'double-action' &&
      kind !== 'control-posts' &&
      kind !== 'recruit'
    )
      return false;
    const e = ask(inst);
    const t = players.get(inst.pos);
    if (!e.holds || t === undefined) return true;
    const ability = inst.act.accepted.ability;
    if (kind === 'learn-role-name')
      events.push({
        type: 'message',
        to: actor.slotId,
        result: nightResult(actor.slotId, 'roles-learnt', [t.slotId], [t.role]),
        reasons: [
          {
            text: `${actor.name} followed ${t.name} and learns the role name`,
            message: engineMessage('night/nar-followed', word.text(actor.name), word.text(t.name)),
            because: [e.reason],
          },
        ],
      });
    if (kind === 'tell-alignment')
      events.push({
        type: 'message',
        to: t.slotId,
        result: nightResult(t.slotId, 'neighbor-alignment', [actor.slotId], rules.guiltyFactions.includes(actor.faction)),
        reasons: [
          {
            text: `${actor.name} told ${t.name} his alignment`,
            message: engineMessage('night/told-alignment', word.text(actor.name), word.text(t.name)),
            because: [e.reason],
          },
        ],
      });
    if (kind === 'double-action' && t.alive)
      events.push({
        type: 'status-applied',
        player: t.slotId,
        status: { id: ability.status ?? DOUBLED_STATUS, sinceNight: input.night + 1, untilNight: input.night + 1, by: actor.slotId },
        reasons: [
          {
            text: `${actor.name} doubled ${t.name}'s moves: next night each of ${t.name}'s abilities may be used twice`,
            message: engineMessage('night/nar-doubled', word.text(actor.name), word.text(t.name)),
            because: [e.reason],
          },
        ],
      });
    if (kind === 'control-posts' && t.alive)
      events.push({
        type: 'status-applied',
        player: t.slotId,
        status: { id: ability.status ?? CONTROLLED_STATUS, sinceNight: input.night, untilNight: input.night + 1, by: actor.slotId },
        reasons: [
          {
            text: `${actor.name} controls ${t.name}'s posts tomorrow: the host posts for ${t.name} what ${actor.name} sends`,
            message: engineMessage('night/nar-controls-posts', word.text(actor.name), word.text(t.name)),
            because: [e.reason],
          },
        ],
      });
    if (kind === 'recruit' && t.alive && t.faction !== actor.faction) recruit(e, actor, t, died);
    return true;
  };

  /**
   * A recruit that reached its target: every reason the target dies tonight is a reason against it (001: "specifying
   * that it does not work on players who die that night"), and so are a protection that stands, a scum faction and a
   * recruit-immune role.
   */
  const recruit = (e: Eval, actor: NightPlayer, t: NightPlayer, died: ReadonlyMap<string, readonly NightReason[]>): void => {
    const against: NightReason[] = [];
    if (hasPassive(t.slotId, 'recruit-immune'))
      against.push({
        text: `${t.name} cannot be recruited (his role is recruit-immune)`,
        message: engineMessage('night/recruit-immune', word.text(t.name)),
      });
    if (rules.guiltyFactions.includes(t.faction))
      against.push({
        text: `${t.name} plays for a guilty faction, which a recruit cannot turn`,
        message: engineMessage('night/recruit-scum', word.text(t.name), word.faction(t.faction)),
      });
    const guard = [...protectsAt(t.slotId), ...guardsAt(t.slotId)].map((p) => [p, ask(p)] as const).find(([, pe]) => pe.holds);
    if (guard !== undefined)
      against.push({
        text: `${t.name} was protected tonight by ${name(guard[0].act.actor)}, which stops a recruit`,
        message: engineMessage('night/recruit-protected', word.text(t.name), word.text(name(guard[0].act.actor))),
        because: [guard[1].reason],
      });
    const death = died.get(t.slotId);
    if (death !== undefined)
      against.push({
        text: `${t.name} dies tonight, and a recruit does not work on a player who dies that night (001)`,
        message: engineMessage('night/rar-recruit-dies', word.text(t.name)),
        because: death,
      });
    if (against.length > 0) {
      events.push({
        type: 'message',
        to: actor.slotId,
        result: nightResult(actor.slotId, 'recruit-result', [t.slotId], false),
        reasons: [e.reason, ...against.map((r) => ({ ...r, stance: 'against' as const }))],
      });
      return;
    }
    const reason: NightReason = {
      text: `${actor.name} recruited ${t.name} into ${actor.faction}`,
      message: engineMessage('night/recruited', word.text(actor.name), word.text(t.name), word.faction(actor.faction)),
      because: [e.reason],
    };
    events.push({ type: 'faction-changed', player: t.slotId, from: t.faction, to: actor.faction, reasons: [reason] });
    events.push({
      type: 'message',
      to: t.slotId,
      result: nightResult(t.slotId, 'recruited', [actor.slotId], actor.faction),
      reasons: [reason],
    });
    events.push({
      type: 'message',
      to: actor.slotId,
      result: nightResult(actor.slotId, 'recruit-result', [t.slotId], true),
      reasons: [reason],
    });
  };

  // Who went where, for trackers (by the visitor) and watchers (by the place).
  const byVisitor = new Map<string, Inst[]>();
  const byPlace = new Map<string, Inst[]>();
  for (const v of insts) {
    push(byVisitor, v.act.actor, v);
    push(byPlace, v.pos, v);
  }
  const died = new Map(events.flatMap((e) => (e.type === 'death' ? [[e.player, e.reasons] as const] : [])));
  for (const inst of insts) {
    const actor = players.get(inst.act.actor);
    if (actor === undefined) continue;
    if (catalogueResult(inst, actor, died)) continue;
    if (inst.act.effect === 'investigate') {
      const e = ask(inst);
      if (!e.holds) continue;
      const t = players.get(inst.pos);
      if (t === undefined) continue;
      // The Miller shows as scum, the Godfather as town (their passives: untouched by blocks and moves, 001).
      const guilty =
        hasPassive(t.slotId, 'appears-guilty') || (rules.guiltyFactions.includes(t.faction) && !hasPassive(t.slotId, 'appears-innocent'));
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
        const went = (byVisitor.get(inst.pos) ?? []).filter((v) => v.pos !== inst.pos && seen(v) && visited(v)).map((v) => v.pos);
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
              .filter((v) => v.act.actor !== inst.pos && v.act.actor !== actor.slotId && seen(v) && visited(v))
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
    (!chained &&
      insts.some(
        // Only the swaps at its position and the redirects of its actor can move an effect (see `moves`).
        (i) =>
          i.path.length === 1 &&
          [...(swapsAt.get(i.pos) ?? []), ...(redirectsOf.get(i.act.actor) ?? [])].some((m) => m !== i.path[0] && moves(m, i, i.pos)),
      ))
  ) {
    ambiguities.push({
      setting: 'chainedSwaps',
      value: rules.settings.chainedSwaps,
      text: 'An effect moved by one redirection met a second one; 001 does not spell out where it ends.',
      message: engineMessage('night/ambiguity-chained-swaps', word.message(settingValue(rules.settings.chainedSwaps))),
    });
  }

  // The host's report, as under the ordered resolvers: where each action landed (after swaps and redirections) or what stopped it.
  const sent = [...acts].sort((x, y) => compareActions(x.accepted.action, y.accepted.action));
  const landings: Landing[] = [];
  const instsOf = new Map<Act, Inst[]>();
  for (const i of insts) {
    const list = instsOf.get(i.act);
    if (list === undefined) instsOf.set(i.act, [i]);
    else list.push(i);
  }
  const blockedActs = new Set(events.flatMap((e) => (e.type === 'blocked' ? [`${e.player}:${e.ability}`] : [])));
  for (const act of sent) {
    const targets = act.accepted.action.targets;
    if (act.effect === 'swap' || act.effect === 'redirect' || targets.length === 0) {
      if (!blockedActs.has(`${act.actor}:${act.accepted.ability.id}`)) landings.push({ accepted: act.accepted, targets, reasons: [] });
      continue;
    }
    const reached = (instsOf.get(act) ?? []).filter((i) =>
      away.has(i.pos) ? evalInst(i, undefined, 'for', { visitOnly: true, reachAnyway: true }).holds : visited(i),
    );
    const stopped = reached.map((i) => thwart(i, false)).find((r) => r !== undefined);
    if (stopped !== undefined) {
      events.push({
        type: 'nullified',
        player: act.actor,
        ability: act.accepted.ability.id,
        role: act.accepted.role.id,
        cause: 'thwarted',
        reasons: [stopped],
      });
      continue;
    }
    if (reached.length === 0) continue;
    landings.push({
      accepted: act.accepted,
      targets: reached.map((i) => i.pos),
      reasons: reached.filter((i) => i.path.length > 0).map((i) => visit(i).reason),
    });
  }
  const report = nightReport({ input, ordered: sent.map((a) => a.accepted), events, landings, name });
  if (rules.settings.newKillSenderTold === 'yes') events.push(...report.messages);

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
    // A compulsive player who sent nothing is a line of the host's report, as under the ordered resolvers.
    report: [...report.lines, ...narHooks.compulsiveNotes(input, rules, (id) => findRole(rules, id))],
  };
}
