/**
 * Seed 004's day rulings that are not the count itself (digest §2.2–2.8):
 * who may not be voted against, the weights that move with lynches, role
 * barriers, the day actions the tally reads (the Priest's forgiveness, the
 * Hero's save, the Liar's scandal, the Witness's names, the Terrorist's
 * detonator), the hunt's approvals and the titles' immunity at night. All of
 * it is read from `voting.day` (`PluralityDayRules`), never from a role's name.
 */
import { factionOf, hasStatusFlag, playerOf } from '../game/derive';
import type { GameState, PlayerState, RecordedAction } from '../game/types';
import type { PluralityDayRules, Ruleset, WeightShift, WeightedPluralityVoting } from '../rules/types';
import { dayProtections } from './day-004-roles';
import { isVoteImmune } from './eligibility';

/** The ballot on which players approve a witch hunt (L164: approvals in green font). */
export const huntApprovalBallot = 'hunt-approval';

type Color = 'red' | 'black' | 'grey' | 'none';

export function colorOf(player: PlayerState, ruleset: Ruleset): Color {
  return factionOf(player, ruleset)?.color ?? 'none';
}

export function isElite(player: PlayerState, ruleset: Ruleset): boolean {
  return factionOf(player, ruleset)?.elite === true;
}

const rolesOf = (player: PlayerState): readonly string[] => [player.role, ...(player.secondRole === undefined ? [] : [player.secondRole])];

/** Whether the player holds the role (as the peaceful role or the one laid over it). */
export function holds(player: PlayerState, role: string): boolean {
  return rolesOf(player).includes(role);
}

/**
 * No one may vote against the player today: a status or title says so, his
 * role is immune (L127 Mason), or he holds the title the vertical of power
 * falls back to while nobody else is under it (L160 "мэру засчитывается
 * автоматический ход в секретаршу").
 */
export function isVoteImmuneToday(state: GameState, player: PlayerState, ruleset: Ruleset, rules: WeightedPluralityVoting): boolean {
  if (isVoteImmune(player, ruleset)) return true;
  const day = rules.day;
  if (day === undefined) return false;
  if (day.immuneRoles.some((r) => holds(player, r))) return true;
  // L28 legal protection, L132 shadow vertical, as they stand after L13's priority (the Priest's forgiveness is no immunity to vote).
  if (
    dayProtections(state, ruleset, rules).some(
      (p) => p.stands && p.action.ability !== day.forgiveAbility && p.action.targets[0] === player.slot.id,
    )
  )
    return true;
  const vertical = day.verticalDefault;
  if (vertical !== undefined && player.titles.includes(vertical.title)) {
    const inOffice = state.players.some((p) => p.alive && p.titles.includes(vertical.whileTitle));
    const someoneUnder = state.players.some((p) => p.alive && p.statuses.some((s) => s.id === vertical.status));
    if (inOffice && !someoneUnder) return true;
  }
  return false;
}

/**
 * Whether a title keeps the player from being chosen by a role's move (L159:
 * "Ни одна роль не может выбрать его целью для хода ночью или днем"; L161: the
 * Secretary is no target for killers, checks and the face cut). `effect` is the
 * night effect kind of the move (`faction-kill`, `investigate`…). The night
 * resolver reads this to refuse such a move.
 */
export function isNightImmune(player: PlayerState, ruleset: Ruleset, effect: string): boolean {
  return player.titles.some((t) => {
    const def = ruleset.titles.find((d) => d.id === t);
    return def?.nightImmune === true || def?.immuneToEffects?.includes(effect) === true;
  });
}

/**
 * The latest use of `ability` today by a living player who may act, if any;
 * `after` keeps only uses recorded after that log index (a move made for one
 * ballot does not carry into the next: L32 "эффект от предыдущего хода будет отменен").
 */
export function dayAction(state: GameState, ruleset: Ruleset, ability: string | undefined, after = -1): RecordedAction | undefined {
  if (ability === undefined) return undefined;
  const uses = state.actions.filter((a) => {
    if (a.ability !== ability || a.at <= after) return false;
    const actor = playerOf(state, a.actor);
    return actor !== undefined && actor.alive && !hasStatusFlag(actor, ruleset, 'blocksActions');
  });
  return uses[uses.length - 1];
}

/** Every use of `ability` today by a living player who may act, one per actor (the latest); `after` as in `dayAction`. */
export function dayActions(state: GameState, ruleset: Ruleset, ability: string | undefined, after = -1): RecordedAction[] {
  if (ability === undefined) return [];
  const latest = new Map<string, RecordedAction>();
  for (const a of state.actions) {
    if (a.ability !== ability || a.at <= after) continue;
    const actor = playerOf(state, a.actor);
    if (actor === undefined || !actor.alive || hasStatusFlag(actor, ruleset, 'blocksActions')) continue;
    latest.set(a.actor, a);
  }
  return [...latest.values()];
}

/** The weight shift of the player's role, if his weight moves with lynches. */
export function weightShiftOf(player: PlayerState, day: PluralityDayRules | undefined): WeightShift | undefined {
  return day?.weightShifts.find((w) => holds(player, w.role));
}

/** The player's base weight: a moved weight (status), else the shift's start, else the role's weight, else 1. */
export function baseWeightOf(player: PlayerState, rules: WeightedPluralityVoting): number {
  const day = rules.day;
  if (day?.weightStatus !== undefined) {
    const moved = player.statuses.find((s) => s.id === day.weightStatus)?.value;
    if (moved !== undefined) return moved;
  }
  const shift = weightShiftOf(player, day);
  if (shift !== undefined) return shift.start;
  for (const role of rolesOf(player)) {
    const w = rules.roleWeights[role];
    if (w !== undefined) return w;
  }
  return 1;
}

/** Reds lynched so far in the game (L30: the Priest's barrier falls by one for each). */
export function redsLynched(state: GameState, ruleset: Ruleset): number {
  return state.history.reduce(
    (n, d) =>
      n +
      d.lynched.filter((id) => {
        const p = playerOf(state, id);
        return p !== undefined && colorOf(p, ruleset) === 'red';
      }).length,
    0,
  );
}

/** The barrier the player's role gives him today (L35 Hero 1; L30 Priest 3, −1 per lynched red), or 0. */
export function roleBarrierOf(state: GameState, player: PlayerState, ruleset: Ruleset, day: PluralityDayRules | undefined): number {
  if (day === undefined) return 0;
  let best = 0;
  for (const b of day.roleBarriers) {
    if (!holds(player, b.role)) continue;
    best = Math.max(best, b.start + b.perRedLynch * redsLynched(state, ruleset));
  }
  return best;
}

/** The ceiling a status puts on the player's vote (L34 drugged: 1), or undefined. */
export function voteCapOf(player: PlayerState, day: PluralityDayRules | undefined): number | undefined {
  if (day === undefined) return undefined;
  const caps = player.statuses.map((s) => day.voteCaps[s.id]).filter((c): c is number => c !== undefined);
  return caps.length === 0 ? undefined : Math.min(...caps);
}

/**
 * Living red and black players (elite seats excluded): the corrections' R and
 * B. `can-vote` counts only those admitted to today's vote (the open question
 * of who is "active").
 */
export function activeColorCounts(
  state: GameState,
  ruleset: Ruleset,
  mode: 'alive' | 'can-vote',
): { readonly red: number; readonly black: number; readonly grey: number } {
  const active = state.players.filter(
    (p) => p.alive && !isElite(p, ruleset) && (mode === 'alive' || !hasStatusFlag(p, ruleset, 'blocksVoting')),
  );
  return {
    red: active.filter((p) => colorOf(p, ruleset) === 'red').length,
    black: active.filter((p) => colorOf(p, ruleset) === 'black').length,
    grey: active.filter((p) => colorOf(p, ruleset) === 'grey').length,
  };
}
