import { playerOf } from '../game/derive';
import type { GameState } from '../game/types';
import type { MajorityVoting, OpenQuestionHit, Ruleset } from '../rules/types';
import { living, sortTotals, targetVoid, voterVoid } from './eligibility';
import { tallyMajorityByPosts } from './post-tally';
import { accompaniments } from './day-abilities';
import type { CountedVote, DayTally, TallyNote, VoidedVote, VoteTotal } from './types';

/**
 * The majority needed to lynch: half of the players counted, plus one, rounded
 * down (001 rule 7: "half of the remaining number of players + 1 rounded down").
 */
export function majorityOf(count: number): number {
  return Math.floor(count / 2) + 1;
}

/**
 * Tallies a majority lynch (001, 003) from the day's votes in the order they
 * were cast: a vote by or against someone who may not take part never counts;
 * with `lock`, a vote beyond the majority locks the lynch and later unvotes
 * and votes do not change it. This is the end-of-day result over recorded
 * vote events; the post-by-post tally over forum posts is `src/engine/votes`.
 */
export function tallyMajority(state: GameState, ruleset: Ruleset, rules: MajorityVoting): DayTally {
  if (rules.postTally === true) return tallyMajorityByPosts(state, ruleset, rules);
  const voided: VoidedVote[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  const current = new Map<string, { target: string; at: number }>();
  const counted =
    rules.majorityOf === 'living'
      ? living(state).length
      : living(state).filter((p) => voterVoid(state, ruleset, p.slot.id) === null).length;
  const majority = majorityOf(counted);
  let locked: string | undefined;

  const countFor = (target: string): number => [...current.values()].filter((v) => v.target === target).length;

  for (const vote of state.voteLog) {
    if (vote.ballot !== rules.ballot) continue;
    const voterReason = voterVoid(state, ruleset, vote.voter);
    if (voterReason !== null) {
      voided.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, reason: voterReason });
      continue;
    }
    if (locked !== undefined) {
      voided.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, reason: 'vote/after-lock' });
      continue;
    }
    if (vote.withdraw === true) {
      current.delete(vote.voter);
      continue;
    }
    if (vote.target === null) {
      current.delete(vote.voter);
      voided.push({ voter: vote.voter, ballot: vote.ballot, target: null, reason: 'vote/abstain' });
      continue;
    }
    // A target who dies after the vote was cast: the vote stood until then, and no longer counts at the end.
    const diedLater = (playerOf(state, vote.target)?.death?.at ?? -1) > vote.at;
    const targetReason = diedLater ? null : targetVoid(state, ruleset, vote.target);
    if (targetReason !== null) {
      voided.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, reason: targetReason });
      continue;
    }
    const previous = current.get(vote.voter);
    if (previous !== undefined) {
      openQuestions.push({
        setting: 'voting.newVoteReplaces',
        chosen: String(rules.newVoteReplaces),
        detail: `${vote.voter} voted again without an unvote`,
      });
      if (!rules.newVoteReplaces) {
        voided.push({ voter: vote.voter, ballot: vote.ballot, target: vote.target, reason: 'vote/replaced' });
        continue;
      }
    }
    current.set(vote.voter, { target: vote.target, at: vote.at });
    if (rules.lock && countFor(vote.target) > majority) locked = vote.target;
  }

  const byTarget = new Map<string, number>();
  const firstAt = new Map<string, number>();
  const countedVotes: CountedVote[] = [];
  for (const [voter, v] of current) {
    if (playerOf(state, v.target)?.alive === false) {
      voided.push({ voter, ballot: rules.ballot, target: v.target, reason: 'vote/target-dead' });
      continue;
    }
    byTarget.set(v.target, (byTarget.get(v.target) ?? 0) + 1);
    firstAt.set(v.target, Math.min(firstAt.get(v.target) ?? Infinity, v.at));
    countedVotes.push({ voter, ballot: rules.ballot, target: v.target, weight: 1, counted: 1, at: v.at });
  }
  // 003: an accompaniment takes one vote off its target; the result post says so when it changed a count.
  const notes: TallyNote[] = [];
  for (const { companion, target } of accompaniments(state, ruleset)) {
    const total = byTarget.get(target);
    if (total === undefined || total === 0) continue;
    byTarget.set(target, total - 1);
    const name = (id: string): string => playerOf(state, id)?.name ?? id;
    notes.push({ code: 'accompanied', values: { companion: name(companion), name: name(target) } });
  }
  countedVotes.sort((a, b) => a.at - b.at);
  const totals: VoteTotal[] = sortTotals(
    [...byTarget].map(([target, total]) => ({ target, total })),
    firstAt,
  );
  const top = totals[0];
  const base = {
    system: 'majority' as const,
    ballot: rules.ballot,
    totals,
    majority,
    counted: countedVotes,
    voided,
    effects: [],
    openQuestions,
    explanations: notes.map((n) => `${String(n.values['companion'])} accompanied ${String(n.values['name'])}: one vote fewer`),
    ...(notes.length === 0 ? {} : { notes }),
  };
  const lockedPart = locked === undefined ? {} : { locked };
  if (locked !== undefined) {
    return { ...base, ...lockedPart, outcome: { kind: 'lynch', slotIds: [locked] }, deaths: [{ slotId: locked, cause: 'lynch (locked)' }] };
  }
  if (top === undefined) return { ...base, outcome: { kind: 'no-lynch', reason: 'no-lynch/no-votes' }, deaths: [] };
  if (top.total >= majority) {
    return { ...base, outcome: { kind: 'lynch', slotIds: [top.target] }, deaths: [{ slotId: top.target, cause: 'lynch' }] };
  }
  if (rules.withoutMajority === 'plurality') {
    const tied = totals.filter((t) => t.total === top.total);
    if (tied.length === 1)
      return { ...base, outcome: { kind: 'lynch', slotIds: [top.target] }, deaths: [{ slotId: top.target, cause: 'lynch (plurality)' }] };
    return { ...base, outcome: { kind: 'no-lynch', reason: 'no-lynch/tie' }, deaths: [] };
  }
  return { ...base, outcome: { kind: 'no-lynch', reason: 'no-lynch/no-majority' }, deaths: [] };
}
