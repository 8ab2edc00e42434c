/**
 * 004's witch-hunt approvals (L162–L164): the approval grammar (a phrase of the
 * ruleset's data in the player's own emphasised text, like a vote) and the
 * count (living main players, once each, within the window by post time).
 */
import { describe, expect, it } from 'vitest';
import {
  dayClockInput,
  deriveState,
  huntApprovals,
  readHuntApprovals,
  rulesets,
  voteOpensAfter,
  voteOpensOn,
  type BodyNode,
  type GameEvent,
} from '../../../src/engine';
import { day, die, setup, vote } from './helpers';

const ruleset = rulesets['russian-004'];
if (ruleset.voting.kind !== 'weighted-plurality') throw new Error('004 votes by weighted plurality');
const voting = ruleset.voting;
const grammar = voting.day?.huntApproval;
const clock = voting.day?.clock;
if (grammar === undefined || clock === undefined) throw new Error('004 reads hunt approvals on its clock');

const post = (...body: BodyNode[]): { body: BodyNode[] } => ({ body });
const text = (t: string, marks: Omit<Extract<BodyNode, { type: 'text' }>, 'type' | 'text'> = {}): BodyNode => ({
  type: 'text',
  text: t,
  ...marks,
});
const read = (...body: BodyNode[]) => readHuntApprovals(post(...body), grammar, { greenFont: true });

describe('L164 "Одобрение должны дать … зеленым шрифтом": the approval grammar', () => {
  it('a green "Одобряю" is an approval; so are the English and bold forms the ruleset lists', () => {
    expect(read(text('Одобряю', { color: 'green' }))).toEqual([{ text: 'Одобряю', counted: true }]);
    expect(read(text('За охоту!', { color: '#008000' }))).toEqual([{ text: 'За охоту!', counted: true }]);
    expect(read(text('Одобрение охоты на ведьм', { bold: true }))).toEqual([{ text: 'Одобрение охоты на ведьм', counted: true }]);
    expect(read(text('I approve', { bold: true }))).toEqual([{ text: 'I approve', counted: true }]);
    expect(read(text('ОДОБРЯЮ ОХОТУ', { color: 'green' }))[0]?.counted).toBe(true);
  });

  it('plain, quoted, spoilered or struck approvals do not count, each with why', () => {
    expect(read(text('одобряю'))).toEqual([{ text: 'одобряю', counted: false, reason: 'approval/not-emphasised' }]);
    expect(read({ type: 'quote', children: [text('Одобряю', { color: 'green' })] })[0]?.reason).toBe('approval/in-quote');
    expect(read({ type: 'spoiler', children: [text('Одобряю', { color: 'green' })] })[0]?.reason).toBe('approval/in-spoiler');
    expect(read(text('Одобряю', { color: 'green', struck: true }))[0]?.reason).toBe('approval/struck');
  });

  it('the phrase inside a sentence is talk, not an approval; a green name is a vote, not an approval', () => {
    expect(read(text('Я не одобряю охоту сегодня', { color: 'green' }))).toEqual([]);
    expect(read(text('Одобряю', { bold: true }), text(' охоту, но позже'))).toEqual([{ text: 'Одобряю', counted: true }]);
    expect(read(text('Boris', { color: 'green' }))).toEqual([]);
  });

  it("green is an approval only where green is a vote; the phrases are data, not one site's words", () => {
    expect(readHuntApprovals(post(text('Одобряю', { color: 'green' })), grammar, { greenFont: false })[0]?.reason).toBe(
      'approval/not-emphasised',
    );
    expect(readHuntApprovals(post(text('Yes to hunt', { bold: true })), { phrases: ['yes to hunt'] }, { greenFont: false })).toEqual([
      { text: 'Yes to hunt', counted: true },
    ]);
  });
});

describe('L164: the approvals counted for the day', () => {
  const roster = setup([
    ...['r1', 'r2', 'r3', 'r4', 'r5'].map((name) => ({ name, faction: 'red', role: 'citizen' })),
    { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
    { name: 'agent', faction: 'elite', role: 'agent' },
  ]);
  const approve = (who: string): GameEvent => vote(who, who, 'hunt-approval');
  const opens = voteOpensOn('2016-11-29', clock);
  if (opens === null) throw new Error('date');
  const minutes = (n: number): number => opens + n * 60_000;

  it('"минимум 50% действующих основных игроков (без учета элитных ролей и фантомов)": the elite and the dead are no main players; once each', () => {
    const state = deriveState([roster, day(1), day(2), die('r5'), approve('r1'), approve('r1'), approve('agent'), approve('r5')]);
    const counted = huntApprovals(state, ruleset, voting);
    // Five main players alive (r1–r4, b1): three approvals needed.
    expect(counted?.needed).toBe(3);
    expect(counted?.approvals).toBe(1);
    expect(counted?.list.map((a) => [a.voter, a.reason ?? 'counted'])).toEqual([
      ['r1', 'counted'],
      ['r1', 'approval/repeated'],
      ['agent', 'approval/not-main'],
      ['r5', 'approval/not-main'],
    ]);
  });

  it('"ведущий во время начала голосования начнет сбор одобрений … На сбор одобрений выделяется 15 минут": by the post times', () => {
    const events = [roster, day(1), day(2), approve('r1'), approve('r2'), approve('r3'), approve('r2')];
    const state = deriveState(events);
    const when = [minutes(-10), minutes(5), minutes(16), minutes(14)];
    const firstVote = events.findIndex((e) => e.type === 'vote/cast');
    const input = { voteOpensAt: opens, now: minutes(20), timeOf: (i: number) => when[i - firstVote] };
    const counted = huntApprovals(state, ruleset, voting, input);
    expect(counted?.list.map((a) => a.reason ?? 'counted')).toEqual([
      'approval/too-early',
      'counted',
      'approval/too-late',
      'approval/repeated',
    ]);
    expect(counted?.approvals).toBe(1);
  });

  it("L150: the vote opens at the first 21:00 Moscow after the day starts (its morning post), whatever the host's clock", () => {
    // The night's results posted at 07:30 Moscow (04:30 UTC) on 29 November.
    expect(voteOpensAfter(Date.UTC(2016, 10, 29, 4, 30), clock)).toBe(Date.UTC(2016, 10, 29, 18, 0));
    // A day started after 21:00 votes the next evening.
    expect(voteOpensAfter(Date.UTC(2016, 10, 29, 18, 30), clock)).toBe(Date.UTC(2016, 10, 30, 18, 0));
    expect(dayClockInput(clock, { dayStart: null, now: 0, timeOf: () => undefined })).toBeUndefined();
    expect(dayClockInput(undefined, { dayStart: 0, now: 0, timeOf: () => undefined })).toBeUndefined();
  });
});
