import { describe, expect, it } from 'vitest';
import { deriveState, rulesets, tallyDay, type GameEvent } from '../../../src/engine';
import { day, setup, vote } from './helpers';

const ruleset = rulesets['russian-004'];

/** Five reds (r1 the Judge), three blacks, the grey Faceless. */
const roster = setup([
  { name: 'r1', faction: 'red', role: 'judge' },
  { name: 'r2', faction: 'red', role: 'doctor' },
  { name: 'r3', faction: 'red', role: 'commissar' },
  { name: 'r4', faction: 'red', role: 'blocker' },
  { name: 'r5', faction: 'red', role: 'citizen' },
  { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'b2', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'b3', faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
  { name: 'g', faction: 'grey', role: 'faceless' },
]);

const afterRedLynch: GameEvent[] = [
  { type: 'player/die', slotId: 'r5', cause: 'lynch' },
  { type: 'day/result', phase: { kind: 'day', number: 2 }, lynched: ['r5'], noVictimRunoff: false, ballot: 'lynch' },
];

function tally(...events: GameEvent[]): ReturnType<typeof tallyDay> {
  return tallyDay(deriveState([roster, day(1), day(2), ...events]), ruleset);
}
const total = (t: ReturnType<typeof tallyDay>, id: string): number => t.totals.find((x) => x.target === id)?.total ?? 0;

describe('weighted plurality (004 digest §2)', () => {
  it('Day 1 is the mayor election: plurality, no self-votes, the winner takes the title', () => {
    const t = tallyDay(
      deriveState([
        roster,
        day(1),
        vote('r1', 'r2', 'election'),
        vote('r3', 'r2', 'election'),
        vote('r2', 'r3', 'election'),
        vote('r4', 'r4', 'election'),
      ]),
      ruleset,
    );
    expect(t.outcome).toEqual({ kind: 'elected', slotId: 'r2', title: 'mayor' });
    expect(t.effects).toEqual([{ type: 'title/grant', slotId: 'r2', title: 'mayor' }]);
    expect(t.voided.map((v) => v.reason)).toEqual(['vote/self-vote']);
  });

  it('an election second round that ties again goes to the candidate who got the first vote', () => {
    const state = deriveState([
      roster,
      day(1),
      { type: 'ballot/open', ballot: 'election-runoff', candidates: ['r2', 'r3'] },
      vote('r4', 'r3', 'election-runoff'),
      vote('r1', 'r2', 'election-runoff'),
    ]);
    expect(tallyDay(state, ruleset).outcome).toEqual({ kind: 'elected', slotId: 'r3', title: 'mayor' });
  });

  it('the highest total weight dies, with no majority needed; the Judge weighs 6, capped by the red correction', () => {
    // R = 5, B = 3: the red correction caps any red vote at max(R - 1, B) = 4.
    const t = tally(vote('r1', 'b1'), vote('b1', 'r2'), vote('b2', 'r2'), vote('g', 'r2'));
    expect(t.counted[0]).toMatchObject({ voter: 'r1', weight: 6, counted: 4 });
    expect(total(t, 'b1')).toBe(4);
    expect(total(t, 'r2')).toBe(3);
    expect(t.deaths).toEqual([{ slotId: 'b1', cause: 'lynch' }]);
  });

  it('votes cannot be changed: the first vote stands', () => {
    const t = tally(vote('r2', 'b1'), vote('r2', 'b2'));
    expect(total(t, 'b1')).toBe(1);
    expect(t.voided).toContainEqual({ voter: 'r2', ballot: 'lynch', target: 'b2', reason: 'vote/replaced' });
  });

  it('red correction: no red vote above max(R - 1, B)', () => {
    // R = 4 after r5 dies, B = 3: the cap is 3.
    const t = tally(...afterRedLynch, vote('r1', 'b1'));
    expect(t.counted[0]).toMatchObject({ weight: 6, counted: 3 });
  });

  it('black correction: black votes into one player capped at max(R - 1, B), only after a red lynch', () => {
    const before = tally(vote('b1', 'r2', 'lynch', 4), vote('b2', 'r2', 'lynch', 4));
    expect(total(before, 'r2')).toBe(8);
    const after = tally(...afterRedLynch, vote('b1', 'r2', 'lynch', 4), vote('b2', 'r2', 'lynch', 4));
    expect(total(after, 'r2')).toBe(3);
  });

  it('grey correction: grey and black votes into one player capped at max(R, B)', () => {
    const t = tally(vote('b1', 'r2', 'lynch', 3), vote('b2', 'r2', 'lynch', 3), vote('g', 'r2', 'lynch', 2));
    // R = 5, B = 3: max(R, B) = 5.
    expect(total(t, 'r2')).toBe(5);
  });

  it('a barrier caps each vote at 1 and is taken off black votes first', () => {
    const t = tally(
      { type: 'status/add', slotId: 'r3', status: 'barrier', value: 2 },
      vote('r4', 'r3'),
      vote('b1', 'r3'),
      vote('b2', 'r3'),
      vote('r2', 'r3'),
    );
    expect(total(t, 'r3')).toBe(2);
    const blacks = t.counted.filter((c) => c.voter.startsWith('b'));
    expect(blacks.every((c) => c.counted === 0)).toBe(true);
  });

  it('a vote against the Mayor or a vertical-protected player counts against the voter', () => {
    const t = tally(
      { type: 'title/grant', slotId: 'r2', title: 'mayor' },
      { type: 'status/add', slotId: 'r3', status: 'vertical' },
      vote('b1', 'r2'),
      vote('b2', 'r3'),
    );
    expect(total(t, 'b1')).toBe(1);
    expect(total(t, 'b2')).toBe(1);
  });

  it('all living reds voting one black: he dies whatever the weights', () => {
    const t = tally(
      { type: 'status/add', slotId: 'b3', status: 'barrier', value: 3 },
      vote('r1', 'b3'),
      vote('r2', 'b3'),
      vote('r3', 'b3'),
      vote('r4', 'b3'),
      vote('r5', 'b3'),
      vote('b1', 'r1', 'lynch', 9),
      vote('b2', 'r1', 'lynch', 9),
    );
    expect(t.deaths).toEqual([{ slotId: 'b3', cause: 'lynch (all reds voted)' }]);
  });

  it('a tie calls a run-off among only the tied players', () => {
    const t = tally(vote('r2', 'b1'), vote('r3', 'b2'));
    expect(t.outcome).toEqual({ kind: 'runoff', candidates: ['b1', 'b2'] });
  });

  it('a 3-way strict run-off tie with more than two negatives: the first two to receive votes die', () => {
    const t = tally(
      { type: 'ballot/open', ballot: 'runoff', candidates: ['r2', 'r3', 'r4'] },
      vote('r1', 'r3', 'runoff', 1),
      vote('b1', 'r4', 'runoff'),
      vote('b2', 'r2', 'runoff'),
    );
    expect(t.deaths.map((d) => d.slotId)).toEqual(['r3', 'r4']);
  });

  it('a red lynch costs the Mayor the post', () => {
    const t = tally({ type: 'title/grant', slotId: 'r1', title: 'mayor' }, vote('b1', 'r2'));
    expect(t.effects).toContainEqual({ type: 'title/revoke', slotId: 'r1', title: 'mayor' });
  });

  it('witch hunt: two votes each to different players; the two most voted die', () => {
    const t = tally(
      { type: 'ballot/open', ballot: 'hunt' },
      vote('r1', 'b1', 'hunt'),
      vote('r1', 'b1', 'hunt'),
      vote('r1', 'b2', 'hunt'),
      vote('r1', 'b3', 'hunt'),
      vote('r2', 'b2', 'hunt'),
      vote('r2', 'b1', 'hunt'),
      vote('b1', 'r2', 'hunt'),
    );
    expect(t.deaths.map((d) => d.slotId)).toEqual(['b1', 'b2']);
    expect(t.voided.map((v) => v.reason)).toEqual(['vote/too-many', 'vote/too-many']);
  });
});
