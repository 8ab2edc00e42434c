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
 * actions before the actions they modify", also settles a roleblock on a Bus
 * Driver or Redirector (`earlyBlocks`): the block stops the move unless the
 * move changes the block itself; such a loop is settled by NAR's list for
 * loops (Hide, Bus, Block, Redirect…): a bus drive outranks the block, the
 * block outranks a redirect.
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
  giveStatus(
    ctx,
    target,
    { id, sinceNight: ctx.night + 1, untilNight: ctx.night + 1, by: action.actor.slotId },
    say(
      `${action.actor.name} doubled ${ctx.name(target)}'s moves: next night each of ${ctx.name(target)}'s abilities may be used twice`,
      engineMessage('night/nar-doubled', word.text(action.actor.name), word.text(ctx.name(target))),
      [usedOn(ctx, action, target)],
    ),
  );
};

const delayAction: EffectFn = (ctx, action) => {
  const target = action.targets[0];
  if (target === undefined) return;
  state(ctx).delayedBy.set(
    target,
    say(
      `${action.actor.name} delayed ${ctx.name(target)}: ${ctx.name(target)}'s moves tonight resolve next night`,
      engineMessage('night/nar-delayed', word.text(action.actor.name), word.text(ctx.name(target))),
      [usedOn(ctx, action, target)],
    ),
  );
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

const changes = (a: AcceptedAction): boolean => a.ability.effect === 'swap' || a.ability.effect === 'redirect';
const blocks = (a: AcceptedAction): boolean => a.ability.effect === 'block' || a.ability.effect === 'jail';

/** Whether a changer moves a block: a swap naming the block's target, or a redirect of the blocker. */
function moves(changer: AcceptedAction, block: AcceptedAction): boolean {
  const target = block.action.targets[0];
  if (changer.ability.effect === 'swap') return target !== undefined && changer.action.targets.includes(target);
  return changer.action.targets[0] === block.action.actor;
}

/**
 * A roleblock or jail on a player whose own move is a bus drive or a
 * redirection (NAR's golden rule; setting `blockOnChanger`). Under
 * `golden-rule` a block no other move changes lands before the changer's
 * move and stops it; where the changer's move would change the block itself
 * (a loop), NAR's list for loops decides: a bus drive outranks a block, a
 * block outranks a redirect. A block some third player moves or blocks is
 * left to the fixed order.
 */
function earlyBlocks(ctx: NightContext, ordered: readonly AcceptedAction[]): void {
  const changers = ordered.filter(changes);
  if (changers.length === 0) return;
  for (const b of ordered.filter(blocks)) {
    const target = b.action.targets[0];
    const own = changers.filter((c) => c.action.actor === target);
    if (target === undefined || own.length === 0 || b.ability.unblockable === true) continue;
    const setting = ctx.rules.settings.blockOnChanger;
    // A fixed order (the seeds' rulesets) answers the question itself: the move placed first goes first.
    if (setting !== 'golden-rule') continue;
    const blocker = ctx.name(b.action.actor);
    ctx.ambiguity({
      setting: 'blockOnChanger',
      value: setting,
      text: `${blocker} blocked ${ctx.name(target)}, whose own move changes other moves: NAR's golden rule lets the block stop it, the fixed order lets the move go first.`,
      message: engineMessage(
        'night/ambiguity-block-on-changer',
        word.text(blocker),
        word.text(ctx.name(target)),
        word.message(settingValue(setting)),
      ),
    });
    const thirdParty = changers.some((c) => c.action.actor !== target && moves(c, b));
    const blockerBlocked = ordered.some((x) => x !== b && blocks(x) && x.action.targets[0] === b.action.actor);
    if (thirdParty || blockerBlocked) continue;
    const loop = own.filter((c) => moves(c, b));
    const bus = loop.find((c) => c.ability.effect === 'swap');
    if (bus !== undefined) {
      ctx.ambiguity({
        setting: 'blockOnChanger.loop',
        value: 'bus-first',
        text: `${ctx.name(target)}'s bus drive moves ${blocker}'s block, and the block would stop the bus drive: in NAR's list for loops a bus drive comes before a block.`,
        message: engineMessage('night/nar-loop-bus-first', word.text(ctx.name(target)), word.text(blocker)),
      });
      continue;
    }
    const reasons: NightReason[] = [
      say(
        loop.length > 0
          ? `${ctx.name(target)}'s redirect would move ${blocker}'s block, and the block stops the redirect: in NAR's list for loops a block comes before a redirect`
          : `${blocker}'s ${b.ability.id} on ${ctx.name(target)} is changed by no other move, so it resolves before the moves it changes (NAR's golden rule)`,
        loop.length > 0
          ? engineMessage('night/nar-loop-block-first', word.text(ctx.name(target)), word.text(blocker))
          : engineMessage('night/nar-block-first', word.text(blocker), word.ability(b.ability.id), word.text(ctx.name(target))),
      ),
    ];
    const early: Block = { by: b.action.actor, spares: b.ability.spares, reasons };
    ctx.blocks.set(target, [...(ctx.blocks.get(target) ?? []), early]);
  }
}

/** Where the ordered resolver asks this file (ordered.ts). */
export const narHooks = {
  /** Before the first step: commuters and hiders leave home; blocks on bus drivers and redirectors may land first. */
  beforeSteps(ctx: NightContext, ordered: readonly AcceptedAction[]): void {
    for (const a of ordered) {
      if (a.ability.effect !== 'commute' && a.ability.effect !== 'hide-behind') continue;
      const behind = a.ability.effect === 'hide-behind' ? a.action.targets[0] : undefined;
      state(ctx).away.set(a.action.actor, { by: a, ...(behind === undefined ? {} : { behind }) });
    }
    earlyBlocks(ctx, ordered);
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
      if (away !== undefined && away.by !== a) {
        const behind = away.behind;
        return behind === undefined
          ? say(
              `${ctx.name(t)} was away for the night (${away.by.role.name}): ${actor.name}'s ${a.ability.id} found nobody`,
              engineMessage('night/nar-away', word.text(ctx.name(t)), word.text(actor.name), word.ability(a.ability.id)),
            )
          : say(
              `${ctx.name(t)} hid behind ${ctx.name(behind)}: ${actor.name}'s ${a.ability.id} found nobody`,
              engineMessage(
                'night/nar-hidden',
                word.text(ctx.name(t)),
                word.text(ctx.name(behind)),
                word.text(actor.name),
                word.ability(a.ability.id),
              ),
            );
      }
      const side = a.ability.targetsFaction;
      const target = ctx.player(t);
      if (side === undefined || target === undefined) continue;
      if (side === 'own' && target.faction !== actor.faction)
        return say(
          `${actor.name}'s ${a.ability.id} is loyal: it works only on his own faction, and ${target.name} is not of it`,
          engineMessage('night/nar-loyal', word.text(actor.name), word.ability(a.ability.id), word.text(target.name)),
        );
      if (side === 'other' && target.faction === actor.faction)
        return say(
          `${actor.name}'s ${a.ability.id} is disloyal: it works only on another faction, and ${target.name} is of his own`,
          engineMessage('night/nar-disloyal', word.text(actor.name), word.ability(a.ability.id), word.text(target.name)),
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
