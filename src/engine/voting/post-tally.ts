/**
 * 001's majority counted by the votes engineer's post-by-post tally
 * (`src/engine/votes`), so the game model does not keep a second count of
 * hammer, lock and vote grammar: each scripted vote becomes a bold
 * "Vote: name" post, each unvote a bold "Unvote" post, in log order.
 */
import type { ForumPost } from '../../model/post';
import type { GameState } from '../game/types';
import type { MajorityVoting, OpenQuestionHit, Ruleset } from '../rules/types';
import { defaultVoteRules, type VoteRules } from '../votes/rules';
import { tallyVotes } from '../votes/tally';
import { lynchAfterRoles, roleVotes, weightNotesOfVoters } from './role-votes';
import type { CountedVote, DayTally, TallyNote, VoidedVote, VoteTotal } from './types';
import { postPhrases } from '../announce/phrases';

const noLynch = 'no-lynch';

/** The post-by-post vote rules a ruleset's majority voting asks for: its lock, and whether a new vote replaces the old one. */
export function majorityVoteRules(voting: Pick<MajorityVoting, 'lock' | 'newVoteReplaces'>): VoteRules {
  return { ...defaultVoteRules, lock: voting.lock, voteWithoutUnvote: voting.newVoteReplaces ? 'replaces' : 'void' };
}

/** The day's votes as posts: post number = log index + 1. */
export function votesAsPosts(state: GameState, ballot: string): ForumPost[] {
  const name = (slotId: string): string => state.players.find((p) => p.slot.id === slotId)?.name ?? slotId;
  return state.voteLog
    .filter((v) => v.ballot === ballot)
    .map((v) => ({
      id: `e${v.at}`,
      number: v.at + 1,
      author: name(v.voter),
      postedAt: null,
      body: [
        {
          type: 'text' as const,
          text: v.withdraw === true || v.target === null ? 'Unvote' : `Vote: ${name(v.target)}`,
          bold: true as const,
        },
      ],
    }));
}

/** Counts a majority day with `src/engine/votes`' tally and returns it as the game model's DayTally. */
export function tallyMajorityByPosts(state: GameState, ruleset: Ruleset, rules: MajorityVoting): DayTally {
  const posts = votesAsPosts(state, rules.ballot);
  // Role weights (a Doublevoter's 2, a Voteless player's 0, a Politician's stolen vote), an Unlynchable, a Governor's pardon.
  const roles = roleVotes(state, ruleset);
  const tally = tallyVotes({
    posts,
    roster: { slots: state.players.map((p) => p.slot), hosts: [] },
    alive: state.players.filter((p) => p.alive).map((p) => p.slot.id),
    // The ruleset's hammer (forum-standard: reaching the majority ends the day at once), as the live count reads it.
    rules: {
      ...majorityVoteRules(rules),
      ...(rules.count?.hammerEndsDay === undefined ? {} : { hammerEndsDay: rules.count.hammerEndsDay }),
      weights: roles.baseWeights,
    },
    dayStartPost: 0,
    dayEndPost: state.eventCount + 1,
    // A theft counts from its place in the log: the votes before it were cast at the old weights.
    ...(roles.weightChanges.length === 0
      ? {}
      : { weightChanges: roles.weightChanges.map((c) => ({ slotId: c.slotId, weight: c.weight, from: { afterPost: c.at + 1 } })) }),
    // A Ventriloquist's votes for the player he speaks for count as that player's, from their place in the log.
    ...(roles.spokenFor.length === 0 ? {} : { spokenFor: roles.spokenFor.map((x) => x.slotId) }),
    ...(roles.spokenVotes.length === 0
      ? {}
      : { spokenVotes: roles.spokenVotes.map((v) => ({ voter: v.voter, target: v.target, by: v.by, at: { afterPost: v.at + 1 } })) }),
  });
  const key = (t: { readonly kind: 'slot'; readonly slotId: string } | { readonly kind: 'no-lynch' }): string =>
    t.kind === 'slot' ? t.slotId : noLynch;
  const totals: VoteTotal[] = tally.wagons.map((w) => ({ target: key(w.target), total: w.total }));
  const counted: CountedVote[] = tally.wagons
    .flatMap((w) =>
      w.votes.map((v) => ({
        voter: v.slotId,
        ballot: rules.ballot,
        target: key(w.target),
        weight: v.weight,
        counted: v.weight,
        at: v.post - 1,
      })),
    )
    .sort((a, b) => a.at - b.at);
  const voided: VoidedVote[] = tally.history
    .filter((r) => !r.counted && r.reason !== undefined && r.voterSlotId !== null)
    .map((r) => ({
      voter: r.voterSlotId ?? '',
      ballot: rules.ballot,
      target: r.target === null ? null : key(r.target),
      reason: r.reason ?? 'vote/no-such-player',
    }));
  const openQuestions: OpenQuestionHit[] = tally.ambiguities.map((a) => ({
    setting: `votes:${a.id}`,
    chosen: 'the vote rules’ default',
    detail: `vote event ${a.post - 1}`,
  }));
  const notes: TallyNote[] = weightNotesOfVoters(roles, new Set(counted.map((c) => c.voter)));
  const locked = tally.lock === null ? undefined : key(tally.lock.target);
  const base = {
    system: 'majority' as const,
    ballot: rules.ballot,
    totals,
    ...(tally.threshold === null ? {} : { majority: tally.threshold }),
    ...(locked === undefined ? {} : { locked }),
    counted,
    voided,
    effects: [],
    openQuestions,
    explanations: notes.map(englishNote),
    ...(notes.length === 0 ? {} : { notes }),
  };
  const o = tally.outcome;
  switch (o.kind) {
    case 'lynch': {
      const after = lynchAfterRoles(state, roles, o.slotId);
      if (!after.stands) {
        const all = [...notes, after.note];
        return {
          ...base,
          explanations: all.map(englishNote),
          notes: all,
          outcome: { kind: 'no-lynch', reason: after.reason },
          deaths: [],
        };
      }
      return {
        ...base,
        outcome: { kind: 'lynch', slotIds: [o.slotId] },
        deaths: [{ slotId: o.slotId, cause: locked === o.slotId ? 'lynch (locked)' : 'lynch' }],
      };
    }
    case 'no-lynch':
      return { ...base, outcome: { kind: 'no-lynch', reason: 'no-lynch/voted-no-lynch' }, deaths: [] };
    case 'tie':
      return { ...base, outcome: { kind: 'no-lynch', reason: 'no-lynch/tie' }, deaths: [] };
    case 'game-called':
      return { ...base, outcome: { kind: 'no-lynch', reason: 'no-lynch/game-called' }, deaths: [] };
    case 'no-majority':
    case 'in-progress':
      return {
        ...base,
        outcome: { kind: 'no-lynch', reason: counted.length === 0 ? 'no-lynch/no-votes' : 'no-lynch/no-majority' },
        deaths: [],
      };
  }
}

/** A note in the English result post's words, for the tally's plain explanations. */
function englishNote(note: TallyNote): string {
  return postPhrases.en.notes[note.code].replace(/\{(\w+)\}/g, (whole, key: string) => String(note.values[key] ?? whole));
}
