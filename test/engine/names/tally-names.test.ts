/**
 * How the day's tally uses the name rules: a vote naming two players is refused and flagged, liveness
 * never decides silently, a replacement not yet in the game makes no earlier vote ambiguous, and a
 * thread nickname is reported each time it is used.
 */
import { describe, expect, it } from 'vitest';
import { defaultVoteRules, mafiascumVoteRules, tallyVotes, type ForumPost, type Roster, type VoteRules } from '../../../src/engine';

const roster: Roster = {
  hosts: ['Host'],
  slots: [
    { id: 'kirby', accounts: [{ name: 'Kirby' }] },
    { id: 'elmo', accounts: [{ name: 'Elmo' }] },
    { id: 'mute', accounts: [{ name: 'Mute' }] },
    { id: 'mutant', accounts: [{ name: 'Mutant' }] },
    { id: 'zed', accounts: [{ name: 'Zed' }, { name: 'Kirsten', fromPost: 50 }] },
    { id: 'ann', accounts: [{ name: 'Annabel' }] },
  ],
};
const everyone = roster.slots.map((s) => s.id);

const vote = (number: number, author: string, target: string): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: null,
  body: [{ type: 'text', text: `Vote: ${target}`, bold: true }],
});

const tally = (
  posts: ForumPost[],
  options: { rules?: VoteRules; alive?: string[]; nicknames?: { nickname: string; slotId: string }[] } = {},
) =>
  tallyVotes({
    posts,
    roster,
    alive: options.alive ?? everyone,
    rules: options.rules ?? defaultVoteRules,
    dayStartPost: 1,
    ...(options.nicknames === undefined ? {} : { matchOptions: { nicknames: options.nicknames } }),
  });

describe('a vote naming two players', () => {
  it('is refused, flagged, and lists both players', () => {
    const t = tally([vote(2, 'Annabel', 'Kirby or Elmo'), vote(3, 'Zed', 'Борис или Elmo'), vote(4, 'Mute', 'Kirby/Elmo')]);
    const [first, , third] = t.history;
    expect(first).toMatchObject({ counted: false, reason: 'vote/several-players', candidates: ['kirby', 'elmo'] });
    expect(third).toMatchObject({ counted: false, reason: 'vote/several-players', candidates: ['kirby', 'elmo'] });
    expect(t.wagons.some((w) => w.target.kind === 'slot' && w.target.slotId === 'kirby')).toBe(false);
    expect(t.ambiguities.filter((a) => a.id === 'names/several-players').map((a) => a.post)).toEqual([2, 4]);
  });

  it('a player or No Lynch is two targets: refused and flagged, while a No Lynch vote and a name holding "or" still count', () => {
    const t = tally([vote(2, 'Annabel', 'Kirby or no lynch'), vote(3, 'Zed', 'No Lynch'), vote(4, 'Mute', 'Elmo, or nobody else')]);
    expect(t.history[0]).toMatchObject({ counted: false, reason: 'vote/several-players', candidates: ['kirby'] });
    expect(t.history[1]).toMatchObject({ counted: true, target: { kind: 'no-lynch' } });
    // "nobody else" is not one of the rules' No Lynch words: the vote is Elmo's.
    expect(t.history[2]).toMatchObject({ counted: true, target: { kind: 'slot', slotId: 'elmo' } });
  });

  it('one player written two ways is one vote', () => {
    const t = tally([vote(60, 'Annabel', 'Zed/Kirsten')]);
    expect(t.history[0]).toMatchObject({ counted: true, target: { kind: 'slot', slotId: 'zed' } });
  });
});

describe('liveness never decides silently', () => {
  it('by default a loose name that fits a living and a dead player is refused, every candidate listed', () => {
    const t = tally([vote(2, 'Annabel', 'mut')], { alive: everyone.filter((id) => id !== 'mute') });
    expect(t.history[0]).toMatchObject({ counted: false, reason: 'vote/ambiguous-name', candidates: ['mute', 'mutant'] });
  });

  it('where the ruleset prefers the living, the vote counts and the host is told, with the dead candidate kept', () => {
    const t = tally([vote(2, 'Annabel', 'mut')], { rules: mafiascumVoteRules, alive: everyone.filter((id) => id !== 'mute') });
    expect(t.history[0]).toMatchObject({ counted: true, target: { kind: 'slot', slotId: 'mutant' }, candidates: ['mute', 'mutant'] });
    expect(t.ambiguities).toEqual([{ id: 'names/ambiguous-living-preferred', post: 2 }]);
  });
});

describe('a replacement who joins later', () => {
  it('does not make an earlier vote ambiguous, and does once they are in the game', () => {
    const t = tally([vote(10, 'Annabel', 'kir'), vote(60, 'Elmo', 'kir')]);
    expect(t.history[0]).toMatchObject({ counted: true, target: { kind: 'slot', slotId: 'kirby' }, how: 'prefix' });
    expect(t.history[1]).toMatchObject({ counted: false, reason: 'vote/ambiguous-name', candidates: ['kirby', 'zed'] });
  });
});

describe('a thread nickname', () => {
  it('counts and is reported each time', () => {
    const t = tally([vote(2, 'Annabel', 'Ghost'), vote(3, 'Elmo', 'ghost')], { nicknames: [{ nickname: 'ghost', slotId: 'kirby' }] });
    expect(t.history.map((r) => r.how)).toEqual(['thread-nickname', 'thread-nickname']);
    expect(t.ambiguities).toEqual([
      { id: 'names/thread-nickname', post: 2 },
      { id: 'names/thread-nickname', post: 3 },
    ]);
  });
});
