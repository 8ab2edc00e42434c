/**
 * A doublevoter who casts one vote and says so is counted once (issue 15, part 3). Safe because the
 * note only ever lowers a vote's weight to one: for anyone whose vote weighs one it changes nothing,
 * and the notes read are ones that speak of the poster's own vote, never of a wagon.
 */
import { describe, expect, it } from 'vitest';
import { defaultVoteGrammar, extractVotes, mafiascumVoteRules, type VoteGrammar } from '../../../src/engine';
import { scenario } from './dsl';
import { toBody } from './dsl';

const singles = (text: string, grammar: Partial<VoteGrammar> = {}): boolean[] =>
  extractVotes({ body: toBody(text) }, { grammar: { ...defaultVoteGrammar, ...grammar } }).map((c) => c.single === true);

describe('a note that the vote is cast once', () => {
  it.each([
    '[b]Vote: Mute[/b] (single vote)',
    '[b]Vote: Mute (one vote)[/b]',
    '[b]Vote: Mute[/b] - one vote only',
    '[b]Vote: Mute[/b] / using one of my votes for now',
    '[b]Vote: Mute[/b] / Not using my double vote yet.',
    '[b]Vote: Mute[/b], casting just one vote',
  ])('marks %s', (text) => {
    expect(singles(text)).toEqual([true]);
  });

  it.each([
    '[b]Vote: Mute[/b] he is only one vote away from a lynch',
    '[b]Vote: Mute[/b] not a single vote on him yet?',
    '[b]Vote: Mute[/b]',
    '[b]Vote: Mute[/b] / Later, about another player: / (single vote)',
    'I use one vote a day. / [b]Vote: Mute[/b]',
  ])('does not mark %s', (text) => {
    expect(singles(text)).toEqual([false]);
  });

  it('reads the note in any case, on the line after the vote, and for each vote of a line it stands on', () => {
    // Each line is tested once per post and only when it holds "vot" (extract.ts: notesSingleVote).
    expect(singles('[b]Vote: Mute[/b] / (ONE VOTE)')).toEqual([true]);
    expect(singles('[b]Vote: Mute[/b] and [b]Vote: Bob[/b] SINGLE VOTE ONLY')).toEqual([true, true]);
    expect(singles('[b]Vote: Mute[/b] / [b]Vote: Bob[/b] / [b]Vote: Ann[/b] (single vote)')).toEqual([false, true, true]);
  });

  it('marks nothing where the host does not read such notes', () => {
    expect(singles('[b]Vote: Mute[/b] (single vote)', { singleVoteNotes: false })).toEqual([false]);
  });
});

describe("a doublevoter's single vote in the count", () => {
  const five = 'players: alice, bob, carol, dave, erin';

  it('weighs one, so the wagon is not hammered', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      dave: [b]Vote: bob[/b] (single vote)`,
      { rules: mafiascumVoteRules, weights: { dave: 2 } },
    );
    expect(s.hammer).toBeNull();
    expect(s.tally.wagons[0]?.total).toBe(2);
  });

  it('weighs two without the note', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      dave: [b]Vote: bob[/b]`,
      { rules: mafiascumVoteRules, weights: { dave: 2 } },
    );
    expect(s.hammer).toEqual({ post: 2, target: 'bob' });
  });

  it('changes nothing for a voter of weight one or less', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b] (single vote)
      carol: [b]Vote: bob[/b] (single vote)`,
      { rules: mafiascumVoteRules, weights: { carol: 0 } },
    );
    expect(s.tally.wagons[0]?.total).toBe(1);
  });
});
