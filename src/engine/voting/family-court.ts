import { hasStatusFlag, playerOf } from '../game/derive';
import type { GameEvent, GameState, PlayerState, RecordedVote } from '../game/types';
import type { FamilyCourtVoting, OpenQuestionHit, Ruleset } from '../rules/types';
import { sortTotals, voterVoid } from './eligibility';
import type { CountedVote, DayTally, VoidedVote, VoteDeath, VoteTotal, VoteVoidReason } from './types';
import { tallyNotes } from './notes';

/** The ballots of a family-court day. */
export const familyCourtBallots = {
  family: 'family',
  individual: 'individual',
  familyExtra: 'family-extra',
  individualExtra: 'individual-extra',
  familyNegative: 'family-negative',
  individualNegative: 'individual-negative',
} as const;

const improper: readonly VoteVoidReason[] = ['vote/own-family', 'vote/self-vote', 'vote/outside-family'];

/** The last vote of each voter on each ballot (earlier ones were changed). */
function lastVotes(votes: readonly RecordedVote[]): RecordedVote[] {
  const last = new Map<string, RecordedVote>();
  for (const v of votes) last.set(`${v.voter}\u0000${v.ballot}`, v);
  return [...last.values()].sort((a, b) => a.at - b.at);
}

/**
 * Tallies a family-court day (000 "Daytime"): every living player casts a
 * family vote (not their own family) and an individual vote (someone else in
 * their own family; not needed when alone). The `courtSize` families with
 * the most votes go to court (all tied families too; an empty family still
 * takes a place), and each one's most-voted member dies (all tied die).
 * Councilor extra votes and Pacifist negative votes are not bound by the
 * rules; the Sheriff's jail voids votes by and against the jailed player and
 * family; the Lawyer's client survives and the family's second-most-voted dies
 * instead (nobody if the client is alone); an Armed Robber killed by the court
 * kills the player he voted for. A day with an improper or missing vote is a
 * strike (one per day at most); `strikesToExile` strikes exile.
 */
export function tallyFamilyCourt(state: GameState, ruleset: Ruleset, rules: FamilyCourtVoting): DayTally {
  const voided: VoidedVote[] = [];
  const counted: CountedVote[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  const notes = tallyNotes();
  const effects: GameEvent[] = [];
  const strikes = new Map<string, string[]>();
  const addStrike = (slotId: string, reason: string): void => {
    strikes.set(slotId, [...(strikes.get(slotId) ?? []), reason]);
  };

  const jailedPlayers = new Set<string>();
  const jailedFamilies = new Set<string>();
  let defended: string | undefined;
  for (const action of state.actions) {
    if (action.ability === rules.jailAbility) {
      const [player, family] = action.targets;
      if (player !== undefined) jailedPlayers.add(player);
      if (family !== undefined) jailedFamilies.add(family);
    }
    if (action.ability === rules.defendAbility) defended = action.targets[0];
  }
  const isJailed = (p: PlayerState): boolean => jailedPlayers.has(p.slot.id) || (p.family !== undefined && jailedFamilies.has(p.family));
  const isAbsent = (p: PlayerState): boolean => isJailed(p) || hasStatusFlag(p, ruleset, 'blocksVoting');
  const livingOf = (family: string): PlayerState[] => state.players.filter((p) => p.alive && p.family === family);

  const familyTotals = new Map<string, number>(state.families.map((f) => [f, 0]));
  const familyVoted = new Set<string>();
  const individualTotals = new Map<string, number>();
  const firstAt = new Map<string, number>();

  for (const vote of lastVotes(state.votes)) {
    const voider = (reason: VoteVoidReason): void => {
      voided.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, reason });
    };
    const voter = playerOf(state, vote.voter);
    const voterReason = voterVoid(state, ruleset, vote.voter);
    if (voter === undefined || voterReason !== null) {
      voider(voterReason ?? 'vote/voter-unknown');
      continue;
    }
    if (isJailed(voter)) {
      voider('vote/voter-jailed');
      continue;
    }
    if (vote.target === null) {
      voider('vote/abstain');
      continue;
    }
    const isFamilyBallot =
      vote.ballot === familyCourtBallots.family ||
      vote.ballot === familyCourtBallots.familyExtra ||
      vote.ballot === familyCourtBallots.familyNegative;
    const unbound = vote.ballot !== familyCourtBallots.family && vote.ballot !== familyCourtBallots.individual;
    const roles = [voter.role, voter.secondRole];
    if (vote.ballot === familyCourtBallots.familyExtra || vote.ballot === familyCourtBallots.individualExtra) {
      if (!rules.extraVoteRoles.some((r) => roles.includes(r))) {
        voider('vote/too-many');
        continue;
      }
    }
    if (vote.ballot === familyCourtBallots.familyNegative || vote.ballot === familyCourtBallots.individualNegative) {
      if (!rules.negativeVoteRoles.some((r) => roles.includes(r))) {
        voider('vote/too-many');
        continue;
      }
    }
    const weight = vote.ballot === familyCourtBallots.familyNegative || vote.ballot === familyCourtBallots.individualNegative ? -1 : 1;
    let reason: VoteVoidReason | null = null;
    if (isFamilyBallot) {
      if (!state.families.includes(vote.target)) reason = 'vote/target-unknown';
      else if (!unbound && vote.target === voter.family) reason = 'vote/own-family';
      else if (jailedFamilies.has(vote.target)) reason = 'vote/target-jailed';
    } else {
      const target = playerOf(state, vote.target);
      if (target === undefined) reason = 'vote/target-unknown';
      else if (!target.alive) reason = 'vote/target-dead';
      else if (!unbound && target.slot.id === voter.slot.id) reason = 'vote/self-vote';
      else if (!unbound && target.family !== voter.family) reason = 'vote/outside-family';
      else if (isJailed(target)) reason = 'vote/target-jailed';
      else if (hasStatusFlag(target, ruleset, 'blocksVoting')) {
        openQuestions.push({
          setting: 'voting.votesAgainstAbsentCount',
          chosen: String(rules.votesAgainstAbsentCount),
          detail: `a vote against ${target.name}, who is absent from the vote`,
        });
        if (!rules.votesAgainstAbsentCount) reason = 'vote/target-absent';
      }
    }
    if (reason !== null && improper.includes(reason)) {
      addStrike(voter.slot.id, `improper ${isFamilyBallot ? 'family' : 'individual'} vote`);
      openQuestions.push({
        setting: 'voting.improperVotesTallied',
        chosen: String(rules.improperVotesTallied),
        detail: `${voter.name}'s improper vote (${reason})`,
      });
      if (rules.improperVotesTallied) reason = null;
    }
    if (reason !== null) {
      voider(reason);
      continue;
    }
    const totals = isFamilyBallot ? familyTotals : individualTotals;
    totals.set(vote.target, (totals.get(vote.target) ?? 0) + weight);
    if (isFamilyBallot) familyVoted.add(vote.target);
    if (!firstAt.has(vote.target)) firstAt.set(vote.target, vote.at);
    counted.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, weight, counted: weight, at: vote.at });
  }

  // Missing votes: every player present must cast both (the individual one only with someone to vote for).
  for (const p of state.players) {
    if (voterVoid(state, ruleset, p.slot.id) !== null || isJailed(p)) continue;
    const cast = (ballot: string): boolean => state.votes.some((v) => v.voter === p.slot.id && v.ballot === ballot && v.target !== null);
    if (!cast(familyCourtBallots.family)) addStrike(p.slot.id, 'no family vote');
    const alone = p.family === undefined || livingOf(p.family).length <= 1;
    if (!alone && !cast(familyCourtBallots.individual)) addStrike(p.slot.id, 'no individual vote');
  }
  // One strike per day at most: "improperly voted twice during the game or did not vote twice" counts days.
  for (const [slotId, reasons] of strikes) {
    const player = playerOf(state, slotId);
    if (player === undefined) continue;
    const reason = `${state.phase === null ? '' : `Day ${state.phase.number}: `}${reasons.join(', ')}`;
    effects.push({ type: 'strike/add', slotId, reason });
    const total = player.strikes.length + 1;
    if (player.strikes.length < rules.strikesToExile && total >= rules.strikesToExile) {
      effects.push({ type: 'status/add', slotId, status: 'exiled' });
      notes.add('exiled', { name: player.name, reasons: [...player.strikes, reason].join('; ') });
    }
  }

  // Families to court.
  const ranked = sortTotals(
    [...familyTotals].filter(([f]) => rules.unvotedFamiliesGoToCourt || familyVoted.has(f)).map(([target, total]) => ({ target, total })),
  );
  const court = ranked.filter((f) => ranked.filter((o) => o.total > f.total).length < rules.courtSize).map((f) => f.target);
  if (!rules.unvotedFamiliesGoToCourt && court.length < rules.courtSize && familyTotals.size > court.length) {
    openQuestions.push({
      setting: 'voting.unvotedFamiliesGoToCourt',
      chosen: 'false',
      detail: `only ${court.length} families received votes`,
    });
  }

  const deaths: VoteDeath[] = [];
  for (const family of court) {
    const members = livingOf(family);
    if (members.length === 0) {
      notes.add('court-empty', { family });
      continue;
    }
    const scores = members.map((m) => ({ slotId: m.slot.id, total: individualTotals.get(m.slot.id) ?? 0 }));
    const topScore = Math.max(...scores.map((s) => s.total));
    // "The player within each of these families with the most votes is killed", even at 0 votes: a lone
    // member always has the most. Every member tied with no vote against them is an open question.
    const allTied = scores.every((s) => s.total === topScore);
    if (topScore <= 0 && members.length > 1 && allTied) {
      const setting = rules.courtTieWithoutVotes ?? 'nobody';
      openQuestions.push({
        setting: 'voting.courtTieWithoutVotes',
        chosen: setting,
        detail: `${family} is in court and all ${members.length} of its living members have ${topScore} votes`,
      });
      if (setting === 'nobody') {
        notes.add('court-no-votes', { family });
        continue;
      }
    }
    let dying = scores.filter((s) => s.total === topScore).map((s) => s.slotId);
    if (topScore <= 0) {
      const names = dying.map((id) => playerOf(state, id)?.name ?? id).join(', ');
      notes.add(members.length === 1 ? 'court-lone' : dying.length === 1 ? 'court-most-one' : 'court-most-many', {
        names,
        family,
        n: topScore,
      });
    }
    if (defended !== undefined && dying.includes(defended)) {
      const client = playerOf(state, defended)?.name ?? defended;
      if (members.length === 1) {
        notes.add('lawyer-alone', { client, family });
        dying = [];
      } else if (dying.length > 1 && rules.defendedInTie === 'others-die') {
        openQuestions.push({
          setting: 'voting.defendedInTie',
          chosen: 'others-die',
          detail: `the Lawyer defends ${client}, tied for most votes`,
        });
        dying = dying.filter((d) => d !== defended);
        notes.add('lawyer-others-die', { client });
      } else {
        if (dying.length > 1)
          openQuestions.push({
            setting: 'voting.defendedInTie',
            chosen: 'second-most',
            detail: `the Lawyer defends ${client}, tied for most votes`,
          });
        const rest = scores.filter((s) => s.total < topScore && s.total > 0);
        const second = Math.max(...rest.map((s) => s.total));
        dying = rest.filter((s) => s.total === second).map((s) => s.slotId);
        notes.add(dying.length === 0 ? 'lawyer-nobody-else' : 'lawyer-second', { client, family });
      }
    }
    for (const slotId of dying) deaths.push({ slotId, cause: `court (${family})` });
  }

  // Revenge of those killed by the court.
  for (const death of [...deaths]) {
    const dead = playerOf(state, death.slotId);
    if (dead === undefined || ![dead.role, dead.secondRole].some((r) => r !== undefined && rules.revengeRoles.includes(r))) continue;
    const own = lastVotes(state.votes).find((v) => v.voter === dead.slot.id && v.ballot === familyCourtBallots.individual);
    const target = own?.target === null || own === undefined ? undefined : playerOf(state, own.target);
    if (target === undefined || !target.alive) continue;
    if (isAbsent(target)) {
      notes.add('revenge-absent', { dead: dead.name, target: target.name });
      continue;
    }
    if (deaths.some((d) => d.slotId === target.slot.id)) continue;
    deaths.push({ slotId: target.slot.id, cause: `revenge of ${dead.name}` });
  }

  const totals: VoteTotal[] = sortTotals(
    [...individualTotals].map(([target, total]) => ({ target, total })),
    firstAt,
  );
  const familyList: VoteTotal[] = sortTotals(
    [...familyTotals].map(([target, total]) => ({ target, total })),
    firstAt,
  );
  return {
    system: 'family-court',
    ballot: familyCourtBallots.family,
    totals,
    familyTotals: familyList,
    court,
    counted,
    voided,
    outcome:
      deaths.length === 0 ? { kind: 'no-lynch', reason: 'no-lynch/court-empty' } : { kind: 'lynch', slotIds: deaths.map((d) => d.slotId) },
    deaths,
    effects,
    openQuestions,
    explanations: notes.explanations,
    notes: notes.notes,
  };
}
