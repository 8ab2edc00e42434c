import { findRole } from '../night/intake';
import { mayBorrow } from '../night/roles-004-copies';
import { nightStatusRules } from './night-bridge';
import { rulesetNightRules } from '../rules/sections';
import type { Ruleset } from '../rules/types';
import { offItsDay, usableAfterDeath } from './day-moves-004';
import { factionLeader } from './phase-end';
import { playerOf, roleAbilities } from './derive';
import type { GameState } from './types';

/** Why an ability use is refused. */
export type ActionRejection =
  /** The actor is not in the game. */
  | 'action/actor-unknown'
  /** Dead players cannot act. */
  | 'action/actor-dead'
  /** A status (injured, arrested, suspended, blocked…) stops the actor acting. */
  | 'action/actor-blocked'
  /** The actor's roles have no such ability. */
  | 'action/no-such-ability'
  /** Used at the wrong time (a night ability by day); 000: does not use up a charge. */
  | 'action/wrong-phase'
  /** 004 L36: a move taken only at the end of one day (the Fanatic's favourite, day 1), sent on another. */
  | 'action/wrong-day'
  /** The ability's uses per game (or per phase: 003's one pill per phase) are spent. */
  | 'action/uses-exhausted'
  /** The actor may not target themselves (again). */
  | 'action/self-target-limit'
  /** The actor may not target their own family (again) (000's Sheriff). */
  | 'action/own-family-limit'
  /** A target is not a player or family of this game. */
  | 'action/target-unknown';

export type ActionCheck = { readonly ok: true } | { readonly ok: false; readonly reason: ActionRejection };

/**
 * Whether `actor` may use `ability` on `targets` now, by the ruleset's ability
 * limits and the actor's statuses. Refused uses are not recorded, so they never
 * count against a limit.
 */
export function checkAction(state: GameState, ruleset: Ruleset, actor: string, ability: string, targets: readonly string[]): ActionCheck {
  const player = playerOf(state, actor);
  if (player === undefined) return { ok: false, reason: 'action/actor-unknown' };
  const phase = state.phase?.kind;
  const nightRules = rulesetNightRules(ruleset);
  const def = roleAbilities(player, ruleset).find((a) => a.id === ability);
  // 004 (L40–L42, L47): a move of a role the player does not hold (a copy, an undead's move) is judged by the night's intake.
  if (
    (def === undefined || !player.alive) &&
    phase === 'night' &&
    nightRules !== undefined &&
    mayBorrow(nightRules, nightStatusRules(ruleset), player)
  )
    return { ok: true };
  // 004 (L18): a dead Phantom possesses a player at the end of the day of his death.
  if (!player.alive && !(phase === 'day' && usableAfterDeath(ruleset, ability))) return { ok: false, reason: 'action/actor-dead' };
  if (def === undefined) return { ok: false, reason: 'action/no-such-ability' };
  // What the ability does at night, by the night rules: a status may still let it act (003 injured: the BO's night kill).
  const effect =
    phase !== 'night' || nightRules === undefined
      ? undefined
      : [findRole(nightRules, player.role), findRole(nightRules, player.secondRole)]
          .flatMap((r) => r?.abilities ?? [])
          .find((a) => a.id === ability)?.effect;
  const meanings = nightStatusRules(ruleset);
  // 003: "a BO Leader who is arrested keeps the right to give out orders and the suitcase".
  const leads =
    player.rank !== undefined || player.leader === true ? factionLeader(state, player.faction, (p) => p.alive)?.slot.id === actor : false;
  const blocking = player.statuses.some((s) => {
    const status = ruleset.statuses.find((d) => d.id === s.id);
    const night = meanings.find((m) => m.id === s.id)?.night;
    if (leads && (night?.leaderActsWith ?? []).includes(effect ?? ability)) return false;
    return status?.blocksActions === true && !(effect !== undefined && (night?.actsWith ?? []).includes(effect));
  });
  if (blocking) return { ok: false, reason: 'action/actor-blocked' };
  const timingOk = def.timing === 'day-or-night' || def.timing === 'passive' || def.timing === phase;
  if (!timingOk) return { ok: false, reason: 'action/wrong-phase' };
  if (offItsDay(ruleset, ability, state.phase)) return { ok: false, reason: 'action/wrong-day' };
  if (def.usesPerGame !== undefined && (player.uses[ability] ?? 0) >= def.usesPerGame)
    return { ok: false, reason: 'action/uses-exhausted' };
  if (def.usesPerPhase !== undefined && state.actions.filter((a) => a.actor === actor && a.ability === ability).length >= def.usesPerPhase)
    return { ok: false, reason: 'action/uses-exhausted' };
  if (targets.includes(actor) && def.selfTargetLimit !== undefined && (player.selfUses[ability] ?? 0) >= def.selfTargetLimit) {
    return { ok: false, reason: 'action/self-target-limit' };
  }
  if (
    def.ownFamilyLimit !== undefined &&
    player.family !== undefined &&
    targets.includes(player.family) &&
    (player.ownFamilyUses?.[ability] ?? 0) >= def.ownFamilyLimit
  )
    return { ok: false, reason: 'action/own-family-limit' };
  for (const target of targets) {
    if (playerOf(state, target) === undefined && !state.families.includes(target)) return { ok: false, reason: 'action/target-unknown' };
  }
  return { ok: true };
}
