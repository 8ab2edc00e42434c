/**
 * From a thread's stored posts to the vote count the panel shows. Until the
 * host sets up the game in the popup, Gavel counts Day 1 with the roster it
 * reads from the player list in the opening post and the forum template's
 * vote rules, and says so.
 */
import { currentName, defaultVoteRules, readPlayerList, tallyVotes, type Roster, type VoteRules, type VoteTarget } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import type { VoteCountView } from '../shared/protocol';
import { voteReasonText } from '../shared/vote-reasons';

export type CountResult = { readonly ok: true; readonly count: VoteCountView } | { readonly ok: false; readonly reason: string };

export function countFromPosts(posts: readonly ForumPost[], rules: VoteRules = defaultVoteRules): CountResult {
  const sorted = [...posts].sort((a, b) => a.number - b.number);
  const opening = sorted[0];
  if (opening === undefined) return { ok: false, reason: 'No post of this thread has been read yet.' };
  const list = readPlayerList(opening.body, opening.author, opening.number);
  if (list === null) {
    return { ok: false, reason: `No player list was found in the opening post (#${opening.number}): set the roster in Gavel's popup to count votes.` };
  }
  const roster: Roster = list.roster;
  const alive = roster.slots.map((s) => s.id);
  const tally = tallyVotes({ posts: sorted, roster, alive, rules, dayStartPost: opening.number + 1 });
  const nameOf = (slotId: string): string => {
    const slot = roster.slots.find((s) => s.id === slotId);
    return slot === undefined ? slotId : currentName(slot);
  };
  const targetName = (target: VoteTarget): string => (target.kind === 'no-lynch' ? 'No Lynch' : nameOf(target.slotId));
  const notCounted = tally.history
    .filter((r) => !r.counted)
    .map((r) => ({ post: r.post, author: r.author, text: r.text, reason: r.reason === undefined ? 'not counted' : voteReasonText[r.reason] }));
  const last = sorted[sorted.length - 1];
  return {
    ok: true,
    count: {
      day: 1,
      alive: tally.alive.length,
      threshold: tally.threshold ?? 0,
      thresholdLabel: 'lynch',
      asOfPost: tally.hammer?.post ?? last?.number ?? opening.number,
      wagons: tally.wagons.map((w) => ({ target: targetName(w.target), votes: w.total, voters: w.votes.map((v) => nameOf(v.slotId)) })),
      notVoting: tally.notVoting.map(nameOf),
      hammer: tally.hammer === null ? null : { target: targetName(tally.hammer.target), post: tally.hammer.post },
      notCounted,
      rosterSource: list.source,
    },
  };
}
