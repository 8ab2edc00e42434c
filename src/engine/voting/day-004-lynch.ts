/**
 * Seed 004's lynch outcomes beyond the count, read from `voting.day.roleDay`:
 * the death executions of a lynched Fanatic or Inquisitor (L29, L36, L96),
 * the Lawyer calling off his vote bonus (L95), the votes the Drug dealer
 * bought for the first ballot, in its run-off (L34), and the Agent leaving
 * after the second vote (L125). The tally (`weighted-plurality.ts`) calls
 * these; none names a role.
 */
import { playerOf } from '../game/derive';
import type { GameEvent, GameState, PlayerState } from '../game/types';
import type { LynchExecution, OpenQuestionHit, PluralityRoleDayRules, Ruleset, WeightedPluralityVoting } from '../rules/types';
import { baseWeightOf, colorOf, dayActions, holds, isNightImmune } from './day-004';
import type { TallyNotes } from './notes';
import type { DayOutcome, VoteDeath } from './types';

/** A death execution that stands: the lynched `user` takes `victim` along. */
export interface Execution {
  readonly user: string;
  readonly victim: string;
}

/** The execution rule of a lynched holder's role (the first that fits his roles and colour), if any. */
function executionOf(player: PlayerState, ruleset: Ruleset, roleDay: PluralityRoleDayRules | undefined): LynchExecution | undefined {
  return roleDay?.executions?.find(
    (e) => e.roles.some((r) => holds(player, r)) && (e.colors === undefined || e.colors.includes(colorOf(player, ruleset))),
  );
}

/**
 * Whom the holder may execute if lynched today: `any` living player, the
 * players his right names (L29: the blacks whose check he verified on an
 * earlier day), or nobody (no right).
 */
export function executionVictims(state: GameState, ruleset: Ruleset, holder: PlayerState, rule: LynchExecution): 'any' | readonly string[] {
  if (rule.unlessStatus !== undefined && holder.statuses.some((s) => s.id === rule.unlessStatus)) return [];
  if (rule.killed !== undefined) {
    const { colors, ownTeam } = rule.killed;
    const killed = state.players.some(
      (p) =>
        !p.alive &&
        p.death?.by === holder.slot.id &&
        p.slot.id !== holder.slot.id &&
        (colors === undefined || colors.includes(colorOf(p, ruleset))) &&
        (ownTeam !== true || p.faction === holder.faction),
    );
    if (!killed) return [];
  }
  const verified = rule.verified;
  if (verified === undefined) return 'any';
  const today = state.phase?.number ?? 0;
  return [
    ...new Set(
      (state.pastMoves ?? [])
        .filter((m) => m.actor === holder.slot.id && m.ability === verified.ability && m.phase.kind === 'day' && m.phase.number < today)
        .flatMap((m) => m.targets.slice(0, 1)),
    ),
  ].filter((id) => {
    const p = playerOf(state, id);
    return p !== undefined && p.alive && verified.colors.includes(colorOf(p, ruleset));
  });
}

/**
 * L29, L36, L96: each lynched holder with the right names one player after the
 * last vote ("предсмертная казнь"); the named player counts as lynched with
 * him. A named player who is dead, already dying, the holder himself, out of
 * the right's reach (L29: only the verified black) or untouchable by any role
 * (L159: the Mayor) is no execution. `after` is the log index the ballot
 * opened at (a move sent for an earlier ballot does not count).
 */
export function lynchExecutions(
  state: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  deaths: readonly VoteDeath[],
  after: number,
  notes: TallyNotes,
): { readonly deaths: VoteDeath[]; readonly executed: readonly Execution[] } {
  const roleDay = rules.day?.roleDay;
  const out = [...deaths];
  const executed: Execution[] = [];
  if (roleDay?.executions === undefined) return { deaths: out, executed };
  const abilities = [...new Set(roleDay.executions.map((e) => e.ability))];
  for (const d of deaths) {
    const holder = playerOf(state, d.slotId);
    if (holder === undefined) continue;
    const rule = executionOf(holder, ruleset, roleDay);
    const use = abilities
      .flatMap((a) => dayActions(state, ruleset, a, after))
      .filter((a) => a.actor === holder.slot.id)
      .sort((a, b) => a.at - b.at)
      .at(-1);
    const target = use?.targets[0];
    if (use === undefined || target === undefined) continue;
    const victim = playerOf(state, target);
    const victims = rule === undefined || rule.ability !== use.ability ? [] : executionVictims(state, ruleset, holder, rule);
    const allowed =
      victim !== undefined &&
      victim.alive &&
      victim.slot.id !== holder.slot.id &&
      !out.some((x) => x.slotId === victim.slot.id) &&
      !isNightImmune(victim, ruleset, 'execute') &&
      (victims === 'any' || victims.includes(victim.slot.id));
    if (!allowed) {
      notes.add('execution-refused', { name: holder.name, target: victim?.name ?? target });
      continue;
    }
    out.push({ slotId: victim.slot.id, cause: 'lynch' });
    executed.push({ user: holder.slot.id, victim: victim.slot.id });
    const role = rule?.roles.find((r) => holds(holder, r)) ?? holder.role;
    notes.add('executed', { name: holder.name, role, target: victim.name });
  }
  return { deaths: out, executed };
}

/** L95: whether the voter called off his vote bonus for this ballot (a holder of the waiver's colours, after `after`). */
export function waivesBonus(
  state: GameState,
  ruleset: Ruleset,
  rules: WeightedPluralityVoting,
  voter: PlayerState,
  after: number,
): boolean {
  const waiver = rules.day?.roleDay?.bonusWaiver;
  if (waiver === undefined || !waiver.colors.includes(colorOf(voter, ruleset))) return false;
  return dayActions(state, ruleset, waiver.ability, after).some((a) => a.actor === voter.slot.id);
}

/**
 * L34: the votes the dealer bought for the day's first ballot (his vote's
 * stated weight above his own, as far as the bank held, in its steps), read in
 * its run-off; undefined when the bank has no run-off setting or he bought none.
 */
export function firstBallotPurchase(
  state: GameState,
  rules: WeightedPluralityVoting,
  dealer: PlayerState,
  inBank: number,
  firstBallot: string,
): number | undefined {
  const bank = rules.day?.roleDay?.voteBank;
  if (bank?.runoffPurchase === undefined) return undefined;
  const first = state.votes.find((v) => v.ballot === firstBallot && v.voter === dealer.slot.id);
  if (first?.weight === undefined) return undefined;
  const asked = Math.max(0, first.weight - baseWeightOf(dealer, rules));
  const bought = bank.step > 0 ? Math.floor(Math.min(asked, inBank) / bank.step) * bank.step : Math.min(asked, inBank);
  return bought > 0 ? bought : undefined;
}

/** The ballot a run-off opened at `openedAt` settles: the latest other ballot opened before it (the extra vote), else the lynch. */
export function ballotBefore(state: GameState, openedAt: number): string {
  const before = state.openBallots.filter((b) => b.ballot !== 'runoff' && (b.at ?? -1) < openedAt);
  return before.at(-1)?.ballot ?? 'lynch';
}

/** The open-question hit of a run-off purchase (L34). */
export function runoffPurchaseHit(rules: WeightedPluralityVoting, dealer: PlayerState, bought: number): OpenQuestionHit {
  return {
    setting: 'voting.day.roleDay.voteBank.runoffPurchase',
    chosen: rules.day?.roleDay?.voteBank?.runoffPurchase ?? 'kept',
    detail: `${dealer.name} bought ${bought} votes for the first ballot`,
  };
}

/**
 * L125: the roles that leave the game after the result of the game's
 * `afterVotes`-th lynch vote (the election not counted): at that result, or
 * at a later one once they no longer hold a keeping title. `outcome` and
 * `effects` are the ballot's: a run-off or a further ballot the same day is
 * no result yet, and a title revoked by this ballot keeps nobody.
 */
export function departures(
  state: GameState,
  rules: WeightedPluralityVoting,
  outcome: DayOutcome,
  followUp: boolean,
  deaths: readonly VoteDeath[],
  effects: readonly GameEvent[],
  notes: TallyNotes,
): GameEvent[] {
  const departure = rules.day?.roleDay?.departure;
  const today = state.phase;
  if (departure === undefined || today?.kind !== 'day' || outcome.kind === 'runoff' || followUp) return [];
  const votedDays = new Set(
    state.history
      .filter((d) => d.phase.kind === 'day' && d.phase.number !== today.number && d.phase.number !== rules.electionDay)
      .filter((d) => d.ballot !== 'election' && d.ballot !== 'election-runoff')
      .map((d) => d.phase.number),
  );
  if (today.number === rules.electionDay || votedDays.size + 1 < departure.afterVotes) return [];
  const out: GameEvent[] = [];
  for (const p of state.players) {
    if (!p.alive || deaths.some((d) => d.slotId === p.slot.id) || !departure.roles.some((r) => holds(p, r))) continue;
    if (p.statuses.some((s) => s.id === departure.status)) continue;
    const revoked = (title: string): boolean =>
      effects.some((e) => e.type === 'title/revoke' && e.slotId === p.slot.id && e.title === title);
    if (departure.keptBy.some((t) => p.titles.includes(t) && !revoked(t))) continue;
    out.push({ type: 'status/add', slotId: p.slot.id, status: departure.status });
    const role = departure.roles.find((r) => holds(p, r)) ?? p.role;
    notes.add('departed', { name: p.name, role });
  }
  return out;
}
