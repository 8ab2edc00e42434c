/**
 * Seed 004's lynch outcomes of the third day file (voting.day.roleDay's
 * executions, bonusWaiver, departure and the vote bank's run-off setting),
 * tallied from event logs: each test quotes the seed line it implements
 * (../shared/seeds/004_f6d88bc78ab5cdbd.txt).
 */
import { describe, expect, it } from 'vitest';
import { deriveState, rulesets, tallyDay, type GameEvent, type Ruleset } from '../../../src/engine';
import { day, night, setup, vote } from './helpers';

const ruleset = rulesets['russian-004'];

const roster = setup([
  { name: 'r1', faction: 'red', role: 'citizen' },
  { name: 'r2', faction: 'red', role: 'citizen' },
  { name: 'r3', faction: 'red', role: 'citizen' },
  { name: 'r4', faction: 'red', role: 'citizen' },
  { name: 'r5', faction: 'red', role: 'citizen' },
  { name: 'terror', faction: 'red', role: 'terrorist' },
  { name: 'dealer', faction: 'red', role: 'drug-dealer' },
  { name: 'law', faction: 'red', role: 'lawyer' },
  { name: 'fan', faction: 'red', role: 'fanatic' },
  { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'b2', faction: 'mafia', role: 'lawyer', secondRole: 'mafia' },
  { name: 'binq', faction: 'mafia', role: 'inquisitor', secondRole: 'mafia' },
  { name: 'm1', faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
]);

const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });
const status = (slotId: string, id: string, extra: { value?: number; by?: string } = {}): GameEvent => ({
  type: 'status/add',
  slotId,
  status: id,
  ...extra,
});
const killedBy = (slotId: string, by: string): GameEvent => ({ type: 'player/die', slotId, cause: 'night-kill', by });

const log = (...events: GameEvent[]): GameEvent[] => [roster, day(1), day(2), ...events];
const tally = (events: readonly GameEvent[], rules: Ruleset = ruleset): ReturnType<typeof tallyDay> =>
  tallyDay(deriveState(log(...events)), rules);
const total = (t: ReturnType<typeof tallyDay>, id: string): number => t.totals.find((x) => x.target === id)?.total ?? 0;
const codes = (t: ReturnType<typeof tallyDay>): string[] => (t.notes ?? []).map((n) => n.code);

/** The ruleset with the vote bank's run-off setting changed. */
function withRunoffPurchase(value: 'kept' | 'spent'): Ruleset {
  const voting = ruleset.voting;
  const roleDay = voting.kind === 'weighted-plurality' ? voting.day?.roleDay : undefined;
  if (voting.kind !== 'weighted-plurality' || voting.day === undefined || roleDay?.voteBank === undefined)
    throw new Error('004 has a vote bank');
  return {
    ...ruleset,
    voting: { ...voting, day: { ...voting.day, roleDay: { ...roleDay, voteBank: { ...roleDay.voteBank, runoffPurchase: value } } } },
  };
}

describe('004 day: the death executions (L29, L36, L96, L113)', () => {
  it('L113 "Взрыв террориста не мешает предсмертным ходам на голосовании": the black Inquisitor blown up executes a player', () => {
    const t = tally([
      killedBy('m1', 'binq'),
      use('terror', 'detonate', 'binq'),
      vote('r1', 'b1'),
      vote('r2', 'b1'),
      use('binq', 'execute', 'r3'),
    ]);
    expect(t.deaths.map((d) => d.slotId).sort()).toEqual(['binq', 'r3', 'terror']);
    expect(codes(t)).toContain('executed');
    expect(t.explanations).toContain('the Inquisitor binq uses his death execution on r3, who counts as lynched with him');
  });

  it('L159 "Ни одна роль не может выбрать его целью для хода ночью или днем": the Mayor is no execution victim', () => {
    const t = tally([
      { type: 'title/grant', slotId: 'r3', title: 'mayor' },
      killedBy('r4', 'fan'),
      vote('r1', 'fan'),
      vote('r2', 'fan'),
      use('fan', 'execute', 'r3'),
    ]);
    expect(t.deaths.map((d) => d.slotId)).toEqual(['fan']);
    expect(codes(t)).toContain('execution-refused');
  });

  it('L36 "Если фанатик убил своего по команде": a black he killed is no kill of his own team', () => {
    const t = tally([killedBy('b1', 'fan'), vote('r1', 'fan'), vote('r2', 'fan'), use('fan', 'execute', 'r3')]);
    expect(t.deaths.map((d) => d.slotId)).toEqual(['fan']);
    // An execution sent by a player who is not lynched does nothing.
    const alive = tally([killedBy('r4', 'fan'), vote('r1', 'b2'), use('fan', 'execute', 'r3')]);
    expect(alive.deaths.map((d) => d.slotId)).toEqual(['b2']);
  });
});

describe('004 day: the Lawyer (L95)', () => {
  it('"Против всех успешно прочеканных игроков голос будет увеличен на единицу": the black Lawyer, also against a player he checked red', () => {
    const t = tally([status('r1', 'lawyer-checked-red'), vote('b2', 'r1'), vote('law', 'r1')]);
    // b2 (black Lawyer) 1 + 1; law (red Lawyer) has no bonus against a red check.
    expect(total(t, 'r1')).toBe(3);
  });

  it('"Имеет право в момент хода лжеца запросить у ведущего отмену бонуса к голосу": the black Lawyer’s only; a red Lawyer’s request changes nothing', () => {
    const black = tally([status('r1', 'lawyer-checked-black'), vote('b2', 'r1'), use('b2', 'waive-vote-bonus')]);
    expect(total(black, 'r1')).toBe(1);
    expect(black.explanations).toContain('b2 called off the bonus to his vote');
    const red = tally([status('b1', 'lawyer-checked-black'), vote('law', 'b1'), use('law', 'waive-vote-bonus')]);
    expect(total(red, 'b1')).toBe(2);
    expect(codes(red)).not.toContain('bonus-waived');
  });
});

describe('004 day: the Drug dealer’s purchase and the run-off (L34)', () => {
  const firstBallot = [
    status('dealer', 'vote-bank', { value: 2 }),
    vote('dealer', 'b1', 'lynch', 3),
    vote('r1', 'm1'),
    vote('r2', 'm1'),
    vote('r3', 'm1'),
    { type: 'ballot/open', ballot: 'runoff', candidates: ['b1', 'm1'] } as GameEvent,
    vote('dealer', 'b1', 'runoff'),
    vote('r4', 'm1', 'runoff'),
    vote('r5', 'm1', 'runoff'),
  ];

  it('"Голоса используются по методу запаса": bought for the vote, they count in its run-off (the setting `kept`), and the bank pays once', () => {
    const first = tally(firstBallot.slice(0, 5));
    expect(first.outcome).toEqual({ kind: 'runoff', candidates: ['b1', 'm1'] });
    const t = tally(firstBallot);
    expect(total(t, 'b1')).toBe(3);
    expect(t.deaths.map((d) => d.slotId)).toEqual(['b1']);
    expect(t.openQuestions.map((q) => q.setting)).toContain('voting.day.roleDay.voteBank.runoffPurchase');
    expect(t.effects).toContainEqual({ type: 'status/add', slotId: 'dealer', status: 'vote-bank', value: 0 });
  });

  it('the setting `spent`: the run-off has his own vote only, and the bank still pays for the first ballot', () => {
    const t = tally(firstBallot, withRunoffPurchase('spent'));
    expect(total(t, 'b1')).toBe(1);
    expect(t.deaths.map((d) => d.slotId)).toEqual(['m1']);
    expect(t.effects).toContainEqual({ type: 'status/add', slotId: 'dealer', status: 'vote-bank', value: 0 });
    expect(codes(t)).toContain('runoff-bought-spent');
  });
});

describe('004 day: the Drug dealer’s bank after a ballot settled the same day (L34)', () => {
  it('"Голоса используются по методу запаса": the night’s doses are in the bank the first ballot wrote; the next ballot does not earn them again', () => {
    const doses = [status('r1', 'drugged', { by: 'dealer' }), status('r2', 'drugged', { by: 'dealer' })];
    const before = [roster, day(1), night(1), ...doses, day(2)];
    // Unspent: the first ballot's two votes are in the bank, and he buys one of them.
    const fresh = tallyDay(deriveState([...before, vote('dealer', 'b1', 'lynch', 2)]), ruleset);
    expect(total(fresh, 'b1')).toBe(2);
    // The first ballot (settled before the extra vote) wrote the bank: 0 left; the doses are not counted twice.
    const spent = tallyDay(
      deriveState([
        ...before,
        status('dealer', 'vote-bank', { value: 0 }),
        { type: 'ballot/open', ballot: 'extra' },
        vote('dealer', 'b1', 'extra', 2),
      ]),
      ruleset,
    );
    expect(total(spent, 'b1')).toBe(1);
    expect(codes(spent)).toContain('bank-short');
  });
});

describe('004 day: the Agent (L125)', () => {
  const agentRoster = setup([
    { name: 'r1', faction: 'red', role: 'citizen' },
    { name: 'r2', faction: 'red', role: 'citizen' },
    { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
    { name: 'agent', faction: 'elite', role: 'agent' },
  ]);
  const result = (n: number): GameEvent => ({ type: 'day/result', phase: { kind: 'day', number: n }, lynched: [], noVictimRunoff: false });

  it('"к концу третьего игрового дня, то есть после итога второго голосования": not after the first vote, not before a run-off', () => {
    const second = tallyDay(deriveState([agentRoster, day(1), day(2), result(2), day(3), vote('r1', 'b1')]), ruleset);
    expect(second.effects).toContainEqual({ type: 'status/add', slotId: 'agent', status: 'departed' });
    const first = tallyDay(deriveState([agentRoster, day(1), day(2), vote('r1', 'b1')]), ruleset);
    expect(first.effects.some((e) => e.type === 'status/add' && e.status === 'departed')).toBe(false);
    const tied = tallyDay(deriveState([agentRoster, day(1), day(2), result(2), day(3), vote('r1', 'b1'), vote('r2', 'r1')]), ruleset);
    expect(tied.outcome.kind).toBe('runoff');
    expect(tied.effects.some((e) => e.type === 'status/add' && e.status === 'departed')).toBe(false);
  });
});
