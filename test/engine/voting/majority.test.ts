import { describe, expect, it } from 'vitest';
import { deriveState, majorityOf, rulesets, tallyDay, type GameEvent, type Ruleset } from '../../../src/engine';
import { day, setup, vote } from './helpers';

const forum = rulesets['forum-template-001'];
const conan = rulesets['detective-conan-003'];
const five = setup(
  ['p1', 'p2', 'p3', 'p4', 'p5'].map((name, i) => ({ name, faction: i < 4 ? 'town' : 'mafia', role: i < 4 ? 'vanilla' : 'goon' })),
);
const run = (r: Ruleset, ...events: GameEvent[]): ReturnType<typeof tallyDay> => tallyDay(deriveState([five, day(1), ...events]), r);

describe('majority lynch (001 rule 7, 003)', () => {
  it('the majority is half the living plus one, rounded down', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12, 13].map(majorityOf)).toEqual([1, 2, 2, 3, 3, 4, 4, 7, 7]);
  });

  it('without a majority nobody is lynched', () => {
    expect(run(forum, vote('p1', 'p5'), vote('p2', 'p5'), vote('p5', 'p1')).outcome).toEqual({
      kind: 'no-lynch',
      reason: 'no-lynch/no-majority',
    });
  });

  it('an unvote before the lock takes the vote back', () => {
    const t = run(forum, vote('p1', 'p5'), vote('p2', 'p5'), vote('p3', 'p5'), { type: 'vote/withdraw', voter: 'p3', ballot: 'lynch' });
    expect(t.deaths).toEqual([]);
  });

  it('with "newVoteReplaces" off, a second vote without an unvote is void', () => {
    const strict: Ruleset = {
      ...forum,
      voting: { ...(forum.voting as Extract<Ruleset['voting'], { kind: 'majority' }>), newVoteReplaces: false },
    };
    const t = run(strict, vote('p1', 'p4'), vote('p1', 'p5'));
    expect(t.totals).toEqual([{ target: 'p4', total: 1 }]);
    // 001 is counted by the post-by-post tally of src/engine/votes, with its own reasons.
    expect(t.voided.map((v) => v.reason)).toEqual(['vote/already-voting']);
  });

  it('003 keeps the game model’s own count, which knows statuses; both agree on the same plain votes', () => {
    const events = [
      vote('p1', 'p5'),
      vote('p2', 'p5'),
      vote('p3', 'p5'),
      vote('p5', 'p1'),
      { type: 'vote/withdraw', voter: 'p3', ballot: 'lynch' } as const,
      vote('p4', 'p5'),
    ];
    const own: Ruleset = { ...forum, voting: { ...(forum.voting as Extract<Ruleset['voting'], { kind: 'majority' }>), postTally: false } };
    const byPosts = run(forum, ...events);
    const byModel = run(own, ...events);
    expect(byModel.totals).toEqual(byPosts.totals);
    expect(byModel.outcome).toEqual(byPosts.outcome);
    expect(byModel.outcome).toEqual({ kind: 'lynch', slotIds: ['p5'] });
  });

  it('003: arrested, abroad and hindered players cannot vote, and the majority counts only those who can', () => {
    const roster = setup([
      { name: 'c1', faction: 'town', role: 'townsfolk' },
      { name: 'c2', faction: 'town', role: 'townsfolk' },
      { name: 'c3', faction: 'town', role: 'townsfolk' },
      { name: 'c4', faction: 'town', role: 'traveler' },
      { name: 'c5', faction: 'town', role: 'townsfolk' },
      { name: 'g', faction: 'bo', role: 'bo-member' },
    ]);
    const t = tallyDay(
      deriveState([
        roster,
        day(1),
        { type: 'status/add', slotId: 'c3', status: 'arrested' },
        { type: 'status/add', slotId: 'c4', status: 'abroad' },
        { type: 'status/add', slotId: 'c5', status: 'hindered', phases: 1 },
        vote('c1', 'g'),
        vote('c2', 'g'),
        vote('c3', 'g'),
        vote('c4', 'g'),
        vote('c5', 'g'),
      ]),
      conan,
    );
    expect(t.majority).toBe(2);
    expect(t.voided.map((v) => v.voter)).toEqual(['c3', 'c4', 'c5']);
    expect(t.deaths).toEqual([{ slotId: 'g', cause: 'lynch' }]);
  });
});
