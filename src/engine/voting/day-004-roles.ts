/**
 * Seed 004's role rulings on the vote read from `voting.day.roleDay` (digest
 * §2.3–2.4): the protections that stand after the mutual immunity priority
 * (L13) and the shadow vertical (L132), the Politician's support limit
 * (L132), the Drug dealer's bank (L34), the Phantom's and Necromancer's
 * bonuses (L18, L42), a copy's weaker Judge or Priest (L40), and the day's
 * clock (L150, L164): late before-vote moves and forced votes.
 */
import { copySourceToday } from '../night/roles-004-copies';
import type { GameState, PlayerState, RecordedAction } from '../game/types';
import type { DayClockRules, LynchCounter, PluralityRoleDayRules, Ruleset, WeightedPluralityVoting } from '../rules/types';
import { fromLocalDateTime } from '../phases/zone';
import { parseClockTime, parseDate } from '../phases/clock';
import { dayActions, holds } from './day-004';
import type { TallyNoteCode } from './types';
import type { VoteOpeningSource } from './vote-opening';
import { tallyWeightedPlurality } from './weighted-plurality';

export function roleDayOf(rules: WeightedPluralityVoting): PluralityRoleDayRules | undefined {
  return rules.day?.roleDay;
}

/** A protection move of the day that stands, or was dropped by the mutual immunity priority (L13). */
export interface Protection {
  readonly action: RecordedAction;
  readonly stands: boolean;
  /** Dropped because it would have closed a ring of mutual immunity (L13). */
  readonly ring?: true;
}

/**
 * The day's protection moves (legal protection, shadow vertical, the Priest's
 * forgiveness), in the priority of `mutualImmunityOrder` (L13 "политик >
 * адвокат > священник"): a move whose user is already protected, through a
 * chain of standing moves, by its own target is dropped ("один из них все
 * равно останется открытым"). The shadow vertical stands only while the
 * title's holder is in office (L132 "Теневая вертикаль доступна лишь до тех
 * пор, пока мэр удерживает пост"); nobody protects himself.
 */
export function dayProtections(state: GameState, ruleset: Ruleset, rules: WeightedPluralityVoting): Protection[] {
  const day = rules.day;
  if (day === undefined) return [];
  const roleDay = day.roleDay;
  const whileTitle = roleDay?.protectWhileTitle;
  const inOffice = (title: string): boolean => state.players.some((p) => p.alive && p.titles.includes(title));
  const abilities = [
    ...(roleDay?.mutualImmunityOrder ?? []),
    ...day.protectAbilities,
    ...(whileTitle?.abilities ?? []),
    ...(day.forgiveAbility === undefined ? [] : [day.forgiveAbility]),
  ].filter((a, i, all) => all.indexOf(a) === i);
  const out: Protection[] = [];
  // Who protects whom among the standing moves: user -> the players he protects.
  const protectedBy = new Map<string, string[]>();
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (from === to) return true;
    if (seen.has(from)) return false;
    seen.add(from);
    return (protectedBy.get(from) ?? []).some((next) => reaches(next, to, seen));
  };
  for (const ability of abilities) {
    for (const action of dayActions(state, ruleset, ability)) {
      const target = action.targets[0];
      if (target === undefined || target === action.actor) continue;
      if (whileTitle?.abilities.includes(ability) === true && !inOffice(whileTitle.title)) {
        out.push({ action, stands: false });
        continue;
      }
      // The user is already covered by a chain that starts at his own target: the ring would close.
      const ring = (roleDay?.mutualImmunityOrder.includes(ability) ?? false) && reaches(target, action.actor);
      out.push(ring ? { action, stands: false, ring: true } : { action, stands: true });
      if (!ring) protectedBy.set(action.actor, [...(protectedBy.get(action.actor) ?? []), target]);
    }
  }
  return out;
}

/** The value a lynch counter stands at for the player (its status, else its start). */
export function counterValue(player: PlayerState, counter: LynchCounter): number {
  return player.statuses.find((s) => s.id === counter.status)?.value ?? counter.start;
}

/**
 * L34: the votes in the dealer's bank today: what he kept, plus what today's doses earned (none for himself). A dose
 * given before the bank was last written is in it already (a ballot settled earlier the same day: the run-off's, the
 * re-vote's, the extra vote's first ballot).
 */
export function voteBankOf(state: GameState, dealer: PlayerState, bank: NonNullable<PluralityRoleDayRules['voteBank']>): number {
  const written = dealer.statuses.find((s) => s.id === bank.bankStatus);
  const kept = written?.value ?? 0;
  let earned = 0;
  for (const p of state.players) {
    if (p.slot.id === dealer.slot.id) continue;
    for (const s of p.statuses) {
      if (s.id !== bank.dosedStatus || (s.by !== undefined && s.by !== dealer.slot.id)) continue;
      if (written !== undefined && s.since < written.since) continue;
      earned += bank.earnPerDose[Math.max(1, s.value ?? 1) - 1] ?? 0;
    }
  }
  return kept + earned;
}

/** L18: active players under the effect (the status), the holder excepted. */
export function crowdOf(state: GameState, holder: PlayerState, status: string): number {
  return state.players.filter((p) => p.slot.id !== holder.slot.id && p.statuses.some((s) => s.id === status)).length;
}

/** L42: the holder's corpses whose peaceful role the undead cannot use. */
export function unusableCorpses(state: GameState, holder: PlayerState, corpse: NonNullable<PluralityRoleDayRules['corpseBonus']>): number {
  return state.players.filter(
    (p) =>
      !p.alive &&
      p.statuses.some((s) => s.id === corpse.status && (s.by === undefined || s.by === holder.slot.id)) &&
      !corpse.usableRoles.includes(p.role),
  ).length;
}

/**
 * L40: the player whose role the holder plays today through a copy (`with` of a borrowing status, or the copy made
 * the day before), if any; L47: a stand-in holding the Wizard's absent role declared today.
 */
export function borrowedFrom(state: GameState, player: PlayerState, roleDay: PluralityRoleDayRules | undefined): PlayerState | undefined {
  const borrowed = roleDay?.borrowedWeights;
  return borrowed === undefined ? undefined : copySourceToday(state, player, borrowed);
}

/** Whether the player holds one of the roles. */
export const holdsAny = (player: PlayerState, roles: readonly string[]): boolean => roles.some((r) => holds(player, r));

// ---------------------------------------------------------------- the clock

/**
 * The time a tally is told (time is an argument of the engine): when the vote
 * opened, the moment of counting, and when each logged event was made (the
 * posts' and messages' times, by the event's index in the log; unknown =
 * undefined, taken as on time).
 */
export interface DayClockInput {
  readonly voteOpensAt: number;
  readonly now: number;
  readonly timeOf: (eventIndex: number) => number | undefined;
  /** L150: how the opening is known (the host's announcement, his set time, or the clock's time assumed), for the count's notes. */
  readonly opening?: { readonly source: VoteOpeningSource; readonly post?: number };
}

const MINUTE = 60_000;

/** The moment the vote opens on a local date (`YYYY-MM-DD`) by the clock's zone and time (L150: 21:00 Moscow); null when malformed. */
export function voteOpensOn(date: string, clock: DayClockRules): number | null {
  const d = parseDate(date);
  const minutes = parseClockTime(clock.voteOpens);
  if (d === null || minutes === null) return null;
  return fromLocalDateTime({ ...d, hour: Math.floor(minutes / 60), minute: minutes % 60 }, clock.timeZone);
}

/** The count's note on how the day's vote opening is known (L150): read from the host's post, set by him, or assumed. */
export function openingNote(
  opening: NonNullable<DayClockInput['opening']>,
  clock: DayClockRules,
): [TallyNoteCode, Readonly<Record<string, string | number>>] {
  if (opening.source === 'read') return ['vote-opening-read', { post: opening.post ?? '?' }];
  if (opening.source === 'set') return ['vote-opening-set', {}];
  return ['vote-opening-assumed', { time: clock.voteOpens, zone: clock.timeZone }];
}

/** The deadlines of a day whose vote opens at `voteOpensAt` (epoch ms). */
export function dayDeadlines(
  voteOpensAt: number,
  clock: DayClockRules,
): { readonly beforeVoteMoves: number; readonly huntApprovals: number; readonly forcedVotes: number } {
  return {
    beforeVoteMoves: voteOpensAt,
    huntApprovals: voteOpensAt + clock.huntApprovalMinutes * MINUTE,
    forcedVotes: voteOpensAt + clock.forcedVoteAfterMinutes * MINUTE,
  };
}

/** Whether a recorded before-vote move came after the vote opened (L113 "Если не успевают, автоматически засчитывается пропуск хода"). */
export function isLateMove(action: RecordedAction, clock: DayClockRules, input: DayClockInput): boolean {
  if (!clock.beforeVoteAbilities.includes(action.ability)) return false;
  const at = input.timeOf(action.at);
  return at !== undefined && at > input.voteOpensAt;
}

/** The state with the day's late before-vote moves taken out, and those moves. */
export function withoutLateMoves(
  state: GameState,
  clock: DayClockRules | undefined,
  input: DayClockInput | undefined,
): { readonly state: GameState; readonly late: readonly RecordedAction[] } {
  if (clock === undefined || input === undefined) return { state, late: [] };
  const late = state.actions.filter((a) => isLateMove(a, clock, input));
  if (late.length === 0) return { state, late };
  return { state: { ...state, actions: state.actions.filter((a) => !late.includes(a)) }, late };
}

/**
 * L161 "Мэр должен выбрать на должность секретарши одного из игроков, кто кидал в него голос на выборах … нельзя назначить
 * секретаршей игрока, который не поддержал мэра на них, но можно взять того, кто поменял голос в пользу мэра": while the
 * election's deciding ballot is open and elects a Mayor, the players whose standing vote went to him (the second round's
 * when there is one). Null when no election elects anyone now.
 */
export function secretaryChoices(state: GameState, ruleset: Ruleset, rules: WeightedPluralityVoting): readonly string[] | null {
  const tally = tallyWeightedPlurality(state, ruleset, rules);
  if (tally.outcome.kind !== 'elected') return null;
  const mayor = tally.outcome.slotId;
  return tally.counted.filter((c) => c.target === mayor && c.voter !== mayor).map((c) => c.voter);
}
