import { describe, expect, it } from 'vitest';
import { deriveState, rulesets, tallyDay, type GameEvent, type Ruleset } from '../../../src/engine';
import { day, setup, vote } from './helpers';

const ruleset: Ruleset = rulesets['mafia-1923-000'];

/** Five families of three: A (a1 a2 a3) … E; the first of each is the Mafia Member. */
const roster = setup(
  ['A', 'B', 'C', 'D', 'E'].flatMap((f) =>
    [1, 2, 3].map((n) => ({
      name: `${f.toLowerCase()}${n}`,
      family: f,
      faction: n === 1 ? 'mafia' : 'civilians',
      role: n === 1 ? 'mafia-member' : 'townsperson',
    })),
  ),
  ['A', 'B', 'C', 'D', 'E', 'F'],
);

function tally(...events: GameEvent[]): ReturnType<typeof tallyDay> {
  return tallyDay(deriveState([roster, day(1), ...events]), ruleset);
}

const fam = (voter: string, family: string): GameEvent => vote(voter, family, 'family');
const ind = (voter: string, target: string): GameEvent => vote(voter, target, 'individual');

describe('family court (000 "Daytime")', () => {
  it('sends the three families with most votes to court and kills the most-voted member of each', () => {
    const t = tally(
      fam('a1', 'B'),
      fam('a2', 'B'),
      fam('a3', 'B'),
      fam('c1', 'B'),
      fam('b1', 'C'),
      fam('b2', 'C'),
      fam('b3', 'C'),
      fam('d1', 'A'),
      fam('d2', 'A'),
      fam('e1', 'D'),
      ind('b1', 'b2'),
      ind('b3', 'b2'),
      ind('b2', 'b1'),
      ind('c1', 'c3'),
      ind('c2', 'c3'),
      ind('a1', 'a2'),
    );
    expect(t.court).toEqual(['B', 'C', 'A']);
    expect(t.deaths.map((d) => d.slotId).sort()).toEqual(['a2', 'b2', 'c3']);
  });

  it('sends every family tied for the last court place, and kills every member tied for most votes', () => {
    const t = tally(
      fam('a1', 'B'),
      fam('a2', 'B'),
      fam('b1', 'C'),
      fam('b2', 'C'),
      fam('c1', 'A'),
      fam('c2', 'A'),
      fam('d1', 'E'),
      fam('d2', 'E'),
      ind('a1', 'a2'),
      ind('a2', 'a1'),
    );
    expect(t.court?.slice().sort()).toEqual(['A', 'B', 'C', 'E']);
    expect(t.deaths.map((d) => d.slotId).sort()).toEqual(['a1', 'a2']);
  });

  it('an empty family still takes a court place, and nobody dies from it', () => {
    const t = tally(fam('a1', 'F'), fam('a2', 'F'), fam('b1', 'F'), fam('b2', 'C'), fam('c1', 'B'), ind('c2', 'c3'), ind('b1', 'b3'));
    expect(t.court).toEqual(['F', 'B', 'C']);
    expect(t.deaths.map((d) => d.slotId).sort()).toEqual(['b3', 'c3']);
    expect(t.explanations.join(' ')).toContain('F goes to court with no living players');
  });

  it('improper votes (own family, self, outside the family) do not count and are strikes', () => {
    const t = tally(fam('a1', 'A'), ind('a2', 'a2'), ind('a3', 'b1'));
    expect(t.voided.map((v) => [v.voter, v.reason])).toEqual([
      ['a1', 'vote/own-family'],
      ['a2', 'vote/self-vote'],
      ['a3', 'vote/outside-family'],
    ]);
    expect(t.effects.filter((e) => e.type === 'strike/add' && e.slotId === 'a1').length).toBeGreaterThanOrEqual(1);
  });

  it('a day with improper or missing votes is one strike; the second such day exiles', () => {
    const first = tally(fam('a1', 'A'));
    expect(first.effects.filter((e) => e.type === 'strike/add' && e.slotId === 'a1')).toEqual([
      { type: 'strike/add', slotId: 'a1', reason: 'Day 1: improper family vote, no individual vote' },
    ]);
    expect(first.effects).not.toContainEqual({ type: 'status/add', slotId: 'a1', status: 'exiled' });
    const second = tallyDay(
      deriveState([roster, day(1), ...first.effects, { type: 'phase/start', phase: { kind: 'day', number: 2 } }]),
      ruleset,
    );
    expect(second.effects).toContainEqual({ type: 'status/add', slotId: 'a1', status: 'exiled' });
  });

  it('with "improperVotesTallied" the improper vote counts and the open question is reported', () => {
    const t = tallyDay(deriveState([roster, day(1), fam('a1', 'A')]), {
      ...ruleset,
      voting: { ...(ruleset.voting as Extract<Ruleset['voting'], { kind: 'family-court' }>), improperVotesTallied: true },
    });
    expect(t.familyTotals?.find((f) => f.target === 'A')?.total).toBe(1);
    expect(t.openQuestions.map((q) => q.setting)).toContain('voting.improperVotesTallied');
  });

  it('the Lawyer: the defended player survives and the second-most voted of the family dies', () => {
    const lawyerRoster = setup([
      { name: 'a1', family: 'A', faction: 'civilians', role: 'townsperson' },
      { name: 'a2', family: 'A', faction: 'civilians', role: 'townsperson' },
      { name: 'a3', family: 'A', faction: 'civilians', role: 'townsperson' },
      { name: 'law', family: 'B', faction: 'civilians', role: 'lawyer' },
      { name: 'b2', family: 'B', faction: 'civilians', role: 'townsperson' },
    ]);
    const state = deriveState([
      lawyerRoster,
      day(1),
      { type: 'action/use', actor: 'law', ability: 'defend', targets: ['a1'] },
      fam('law', 'A'),
      fam('b2', 'A'),
      ind('a2', 'a1'),
      ind('a3', 'a1'),
      ind('a1', 'a2'),
    ]);
    const t = tallyDay(state, ruleset);
    expect(t.deaths.map((d) => d.slotId)).toEqual(['a2']);
  });

  it('the Lawyer defending the only living player of a family: nobody dies from it', () => {
    const state = deriveState([
      setup([
        { name: 'solo', family: 'A', faction: 'civilians', role: 'townsperson' },
        { name: 'law', family: 'B', faction: 'civilians', role: 'lawyer' },
        { name: 'b2', family: 'B', faction: 'civilians', role: 'councilor' },
      ]),
      day(1),
      { type: 'action/use', actor: 'law', ability: 'defend', targets: ['solo'] },
      fam('law', 'A'),
      fam('b2', 'A'),
      vote('b2', 'solo', 'individual-extra'),
    ]);
    const t = tallyDay(state, ruleset);
    expect(t.deaths).toEqual([]);
  });

  it('the Sheriff: votes by and against the jailed player and family do not count', () => {
    const sheriffRoster = setup([
      { name: 'sh', family: 'A', faction: 'civilians', role: 'sheriff' },
      { name: 'a2', family: 'A', faction: 'civilians', role: 'townsperson' },
      { name: 'b1', family: 'B', faction: 'civilians', role: 'townsperson' },
      { name: 'b2', family: 'B', faction: 'civilians', role: 'townsperson' },
      { name: 'c1', family: 'C', faction: 'civilians', role: 'townsperson' },
      { name: 'c2', family: 'C', faction: 'civilians', role: 'townsperson' },
    ]);
    const state = deriveState([
      sheriffRoster,
      day(1),
      { type: 'action/use', actor: 'sh', ability: 'jail', targets: ['a2', 'B'] },
      fam('a2', 'C'),
      fam('b1', 'A'),
      fam('c1', 'B'),
      fam('sh', 'C'),
      ind('sh', 'a2'),
      ind('c2', 'c1'),
    ]);
    const t = tallyDay(state, ruleset);
    expect(t.voided.map((v) => [v.voter, v.reason])).toEqual([
      ['a2', 'vote/voter-jailed'],
      ['b1', 'vote/voter-jailed'],
      ['c1', 'vote/target-jailed'],
      ['sh', 'vote/target-jailed'],
    ]);
    expect(t.familyTotals?.find((f) => f.target === 'C')?.total).toBe(1);
  });

  it('Councilor extra votes and Pacifist negative votes are not bound by the rules', () => {
    const state = deriveState([
      setup([
        { name: 'co', family: 'A', faction: 'civilians', role: 'councilor' },
        { name: 'pa', family: 'A', faction: 'civilians', role: 'pacifist' },
        { name: 'b1', family: 'B', faction: 'civilians', role: 'townsperson' },
      ]),
      day(1),
      fam('co', 'B'),
      vote('co', 'A', 'family-extra'),
      vote('pa', 'A', 'family-negative'),
      vote('pa', 'pa', 'individual-negative'),
      vote('b1', 'A', 'family-extra'),
    ]);
    const t = tallyDay(state, ruleset);
    expect(t.familyTotals?.find((f) => f.target === 'A')?.total).toBe(0);
    expect(t.totals.find((x) => x.target === 'pa')?.total).toBe(-1);
    expect(t.voided).toContainEqual({ voter: 'b1', ballot: 'family-extra', target: 'A', reason: 'vote/too-many' });
  });

  it('the Armed Robber killed by the court kills the one he voted for, unless that player was absent', () => {
    const events = (injured: boolean): GameEvent[] => [
      setup([
        { name: 'rob', family: 'A', faction: 'civilians', role: 'armed-robber' },
        { name: 'a2', family: 'A', faction: 'mafia', role: 'mafia-member' },
        { name: 'a3', family: 'A', faction: 'civilians', role: 'townsperson' },
        { name: 'b1', family: 'B', faction: 'civilians', role: 'townsperson' },
      ]),
      day(1),
      ...(injured ? [{ type: 'status/add', slotId: 'a2', status: 'injured', phases: 1 } as const] : []),
      fam('b1', 'A'),
      ind('rob', 'a2'),
      ind('a3', 'rob'),
      ...(injured ? [] : [ind('a2', 'rob')]),
    ];
    expect(tallyDay(deriveState(events(false)), ruleset).deaths).toEqual([
      { slotId: 'rob', cause: 'court (A)' },
      { slotId: 'a2', cause: 'revenge of rob' },
    ]);
    expect(tallyDay(deriveState(events(true)), ruleset).deaths.map((d) => d.slotId)).toEqual(['rob']);
  });
});

describe('family court: the most votes, even with no votes at all (000 "Daytime")', () => {
  const die = (slotId: string): GameEvent => ({ type: 'player/die', slotId, cause: 'killed at night' });
  const courtOfOne = (r: Ruleset, ...events: GameEvent[]): ReturnType<typeof tallyDay> =>
    tallyDay(deriveState([roster, ...events, day(1), fam('b1', 'A'), fam('c1', 'A'), fam('d1', 'B')]), r);
  const oneFamily = (r: Ruleset): Ruleset => ({
    ...r,
    voting: r.voting.kind === 'family-court' ? { ...r.voting, courtSize: 1 } : r.voting,
  });

  it('the lone living member of a family in court is killed with 0 votes: "the player … with the most votes is killed"', () => {
    const t = courtOfOne(oneFamily(ruleset), die('a2'), die('a3'));
    expect(t.court).toEqual(['A']);
    expect(t.deaths.map((d) => d.slotId)).toEqual(['a1']);
    expect(t.explanations.join(' ')).toContain('a1 is the only living member of A');
    expect(t.openQuestions.map((q) => q.setting)).not.toContain('voting.courtTieWithoutVotes');
  });

  it('members all tied with no vote against them: nobody dies by default, and the open question is reported', () => {
    const t = courtOfOne(oneFamily(ruleset), die('a3'));
    expect(t.deaths).toEqual([]);
    expect(t.openQuestions).toContainEqual(expect.objectContaining({ setting: 'voting.courtTieWithoutVotes', chosen: 'nobody' }));
  });

  it('with courtTieWithoutVotes = all-die, "all tied players are killed by the court"', () => {
    const base = oneFamily(ruleset);
    const allDie: Ruleset = {
      ...base,
      voting: base.voting.kind === 'family-court' ? { ...base.voting, courtTieWithoutVotes: 'all-die' } : base.voting,
    };
    const t = courtOfOne(allDie, die('a3'));
    expect(t.deaths.map((d) => d.slotId).sort()).toEqual(['a1', 'a2']);
  });
});
