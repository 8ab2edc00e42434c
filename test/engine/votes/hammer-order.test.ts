/**
 * With `hammerEndsDay`, the votes of one post apply in the order written and the first that brings a
 * wagon to its threshold ends the day there (issue 15): a host reads the hammer where it is written,
 * not the post's last vote.
 */
import { describe, expect, it } from 'vitest';
import { defaultVoteRules, mafiascumVoteRules } from '../../../src/engine';
import { refusals, scenario } from './dsl';

const five = 'players: alice, bob, carol, dave, erin';

describe('a post whose first vote is the hammer', () => {
  it("lynches the first vote's target and refuses the rest of the post as after the day", () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      carol: [b]Vote: bob[/b]
      dave: [b]Vote: bob[/b] / on second thought / [b]Unvote, Vote: erin[/b]`,
      { rules: mafiascumVoteRules },
    );
    expect(s.hammer).toEqual({ post: 3, target: 'bob' });
    expect(s.outcome).toBe('bob');
    expect(s.wagons).toEqual({ bob: ['alice', 'carol', 'dave'] });
    expect(refusals(s)).toEqual(['dave: vote/after-day-end', 'dave: vote/after-day-end']);
  });

  it('takes the hammer even when the post ends with the voter off the wagon', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      carol: [b]Vote: bob[/b]
      dave: [b]Vote: bob[/b] [b]Unvote[/b]`,
      { rules: mafiascumVoteRules },
    );
    expect(s.hammer).toEqual({ post: 3, target: 'bob' });
    expect(s.outcome).toBe('bob');
  });

  it('reads a post whose votes reach no threshold as before: the last vote stands', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      dave: [b]Vote: bob[/b] / [b]Unvote, Vote: erin[/b]`,
      { rules: mafiascumVoteRules },
    );
    expect(s.hammer).toBeNull();
    expect(s.wagons).toEqual({ bob: ['alice'], erin: ['dave'] });
    expect(refusals(s)).toEqual([]);
  });

  it('ends the day at a later vote of the post when that one is the hammer', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: erin[/b]
      carol: [b]Vote: erin[/b]
      dave: [b]Vote: bob[/b] / [b]Unvote, Vote: erin[/b]`,
      { rules: mafiascumVoteRules },
    );
    expect(s.hammer).toEqual({ post: 3, target: 'erin' });
    expect(s.outcome).toBe('erin');
  });

  it("counts a doublevoter's weight at the vote that carries it", () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      dave: [b]Vote: bob[/b] / [b]Vote: erin[/b]`,
      { rules: mafiascumVoteRules, weights: { dave: 2 } },
    );
    expect(s.hammer).toEqual({ post: 2, target: 'bob' });
    expect(s.outcome).toBe('bob');
  });

  it('leaves the lock rules (the day runs to its deadline) reading the post as a whole', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      carol: [b]Vote: bob[/b]
      dave: [b]Vote: bob[/b] / [b]Unvote, Vote: erin[/b]
      deadline`,
      { rules: defaultVoteRules },
    );
    expect(s.hammer).toBeNull();
    expect(s.wagons).toEqual({ bob: ['alice', 'carol'], erin: ['dave'] });
    expect(s.outcome).toBe('no majority');
  });
});
