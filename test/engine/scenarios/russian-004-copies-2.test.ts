/**
 * Seed 004's borrowed roles, second file (shared/seeds/004 L40, the Actor; L41, the Collector; L47, the Wizard): what
 * the first file (russian-004-copies.test.ts) leaves open. The quoted lines are the seed's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  checkAction,
  collectActions,
  createRng,
  deriveState,
  resolveNight,
  rulesets,
  tallyDay,
  type DayTally,
  type GameEvent,
  type NightAction,
  type NightPlayer,
  type NightResolution,
  type Ruleset,
  type WeightedPluralityVoting,
} from '../../../src/engine';
import { act, deaths, night, player, rulesRussian, statusRulesOf } from '../night/helpers';
import { day, night as nightStart, setup, vote } from '../voting/helpers';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1): NightResolution =>
  resolveNight(night(players, actions, n, { statusRules }), rulesRussian, createRng(5));
const red = (id: string, role: string): NightPlayer => player(id, role, 'red');
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.action.ability}:${x.reason}`);

describe('Wizard (Волшебник), L47: a role declared at night goes through the night intake', () => {
  it('"Каждый раз, когда волшебник решает совершить ход, он может взять на выбор любую отсутствующую мирную роль": an Immortal declared at night', () => {
    const declaration = act('W', 'immortal/absent-role', []);
    const players = table(red('W', 'wizard'));
    // The intake keeps it as a declaration, not as an unknown move.
    const intake = collectActions(night(players, [declaration], 1, { statusRules }), rulesRussian);
    expect(intake.refused).toEqual([]);
    expect(intake.declared).toEqual([declaration]);
    const r = resolve(players, [declaration, act('M1', 'kill', ['W'])]);
    expect(refusals(r)).toEqual([]);
    expect(r.accepted).toContainEqual(declaration);
    // The declared Immortal's spare life takes the shot (L19 "1 раз неуязвим, если его атаковали").
    expect(deaths(r)).toEqual([]);
    // Undeclared, the Wizard dies.
    expect(deaths(resolve(players, [act('M1', 'kill', ['W'])]))).toEqual(['W']);
  });

  it('"Если указанная роль уже есть на игре, волшебник пропустит ход": a present role’s declaration is a skip', () => {
    const r = resolve(table(red('W', 'wizard'), red('I', 'immortal')), [act('W', 'immortal/absent-role', []), act('M1', 'kill', ['W'])]);
    expect(refusals(r)).toEqual(['W:immortal/absent-role:night/not-available']);
    expect(deaths(r)).toEqual(['W']);
  });

  it('"Нельзя использовать одну роль дважды и нельзя выбирать больше трех ролей за игру": over the limit the intake refuses it', () => {
    const used: NightPlayer = {
      ...red('W', 'wizard'),
      pastMoves: [
        { night: 1, day: true, ability: 'judge/absent-role', targets: [] },
        { night: 2, day: false, ability: 'lawyer/check', targets: ['M1'] },
      ],
    };
    // A role taken before.
    expect(refusals(resolve(table(used), [act('W', 'judge/absent-role', [])], 3))).toEqual(['W:judge/absent-role:night/borrow-limit']);
    // A third role is his; a fourth is not.
    expect(refusals(resolve(table(used), [act('W', 'immortal/absent-role', [])], 3))).toEqual([]);
    const three: NightPlayer = {
      ...used,
      pastMoves: [...(used.pastMoves ?? []), { night: 3, day: false, ability: 'doctor/heal', targets: ['R1'] }],
    };
    expect(refusals(resolve(table(three), [act('W', 'immortal/absent-role', [])], 4))).toEqual([
      'W:immortal/absent-role:night/borrow-limit',
    ]);
  });

  it('the same declaration made by day for this night and repeated at night is one use, not a role taken twice', () => {
    const w: NightPlayer = { ...red('W', 'wizard'), pastMoves: [{ night: 2, day: true, ability: 'immortal/absent-role', targets: [] }] };
    const r = resolve(table(w), [act('W', 'immortal/absent-role', []), act('M1', 'kill', ['W'])], 2);
    expect(refusals(r)).toEqual([]);
    expect(deaths(r)).toEqual([]);
  });

  it('a black role is none of his to take', () => {
    expect(refusals(resolve(table(red('W', 'wizard')), [act('W', 'mafia/absent-role', [])]))).toEqual([
      'W:mafia/absent-role:night/not-available',
    ]);
  });
});

// ---------------------------------------------------------------- by day

const ruleset = rulesets['russian-004'];
const roster = setup([
  { name: 'actor', faction: 'red', role: 'actor' },
  { name: 'pol', faction: 'red', role: 'politician' },
  { name: 'mayor', faction: 'red', role: 'citizen' },
  { name: 'hero', faction: 'red', role: 'hero' },
  { name: 'priest', faction: 'red', role: 'priest' },
  { name: 'judge', faction: 'red', role: 'judge' },
  { name: 'r1', faction: 'red', role: 'citizen' },
  { name: 'r2', faction: 'red', role: 'citizen' },
  { name: 'r3', faction: 'red', role: 'citizen' },
  { name: 'r4', faction: 'red', role: 'citizen' },
  { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'b2', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'b3', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
]);
const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });
/** Day 1, the Actor's copy at its end, night 1, then day 2 with the events given. */
const copiedDay = (of: string, ...events: GameEvent[]): GameEvent[] => [
  roster,
  day(1),
  use('actor', 'copy-role', of),
  nightStart(1),
  day(2),
  ...events,
];
const total = (t: DayTally, id: string): number => t.totals.find((x) => x.target === id)?.total ?? 0;
const questions = (t: DayTally): string[] => t.openQuestions.map((q) => `${q.setting}=${q.chosen}`);

describe('Actor (Актер), L40: a copy’s barrier and immunity in the day tally', () => {
  it('"Если скопировал судью или священника, то голос или барьер будет на треть слабее базового": a copied Hero’s single barrier stays whole', () => {
    // Three votes of 1 against the copied Hero: 3 − 1.
    const t = tallyDay(deriveState(copiedDay('hero', vote('r1', 'actor'), vote('r2', 'actor'), vote('r3', 'actor'))), ruleset);
    expect(total(t, 'actor')).toBe(2);
  });

  it('"Если скопировал роль, играет за нее с нуля": a copied Priest’s barrier starts whole after a red lynch (setting barrierLynches), and the tally reports the question', () => {
    // Day 1 lynches a red (r4): the Priest's own barrier is 2 now, the copy's 3 × 2/3 = 2 from scratch.
    const events = [
      roster,
      day(1),
      ...['r1', 'r2', 'r3', 'b1'].map((v) => vote(v, 'r4')),
      use('actor', 'copy-role', 'priest'),
      { type: 'player/die', slotId: 'r4', cause: 'lynch' } satisfies GameEvent,
      { type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: ['r4'], noVictimRunoff: false } satisfies GameEvent,
      nightStart(1),
      day(2),
      ...['r1', 'r2', 'r3', 'b1'].map((v) => vote(v, 'actor')),
    ];
    const t = tallyDay(deriveState(events), ruleset);
    expect(total(t, 'actor')).toBe(2);
    expect(questions(t)).toContain('voting.day.roleDay.borrowedWeights.barrierLynches=from-scratch');
    // Counted with the lynches: (3 − 1) × 2/3 ≈ 1.33.
    const counted = tallyDay(deriveState(events), withBorrowed({ barrierLynches: 'counted' }));
    expect(total(counted, 'actor')).toBeCloseTo(4 - 1.33, 2);
    expect(questions(counted)).toContain('voting.day.roleDay.borrowedWeights.barrierLynches=counted');
    // With no red lynched the two readings agree: no question.
    const none = tallyDay(deriveState(copiedDay('priest', vote('r1', 'actor'))), ruleset);
    expect(questions(none).filter((q) => q.includes('barrierLynches'))).toEqual([]);
  });

  it('L132 "Политик обладает нулевым голосовым барьером днем": so does his copy, whose lacking is the immunity only', () => {
    // The Judge's heavy vote falls to 2 against the copied Politician (L33 "above 3 only to 2"), the plain vote stays 1.
    const t = tallyDay(deriveState(copiedDay('pol', vote('judge', 'actor'), vote('r1', 'actor'))), ruleset);
    expect(total(t, 'actor')).toBe(3);
    expect(questions(t)).toContain('voting.day.roleDay.support.zeroBarrier=cap-each');
    // Against an Actor who copied a plain citizen, the Judge's vote counts whole.
    const plain = tallyDay(deriveState(copiedDay('r1', vote('judge', 'actor'), vote('r1', 'actor'))), ruleset);
    expect(total(plain, 'actor')).toBeGreaterThan(3);
  });

  it('L132 "Политик может использовать теневую вертикаль власти": a copied Politician’s shadow vertical protects while the Mayor holds office', () => {
    const mayor: GameEvent = { type: 'title/grant', slotId: 'mayor', title: 'mayor' };
    const events = copiedDay('pol', mayor, use('actor', 'shadow-vertical', 'r1'));
    expect(checkAction(deriveState(events.slice(0, -1)), ruleset, 'actor', 'shadow-vertical', ['r1'])).toEqual({ ok: true });
    const t = tallyDay(deriveState([...events, vote('b1', 'r1'), vote('b2', 'r1'), vote('b3', 'r2')]), ruleset);
    expect(total(t, 'r1')).toBe(0);
    // "Теневая вертикаль доступна лишь до тех пор, пока мэр удерживает пост": with no Mayor it protects nobody.
    const noMayor = tallyDay(
      deriveState([...copiedDay('pol', use('actor', 'shadow-vertical', 'r1')), vote('b1', 'r1'), vote('b2', 'r1')]),
      ruleset,
    );
    expect(total(noMayor, 'r1')).toBe(2);
  });
});

/** The 004 ruleset with its copy settings changed. */
function withBorrowed(
  change: Partial<NonNullable<NonNullable<NonNullable<WeightedPluralityVoting['day']>['roleDay']>['borrowedWeights']>>,
): Ruleset {
  const voting = ruleset.voting;
  const roleDay = voting.kind === 'weighted-plurality' ? voting.day?.roleDay : undefined;
  const borrowed = roleDay?.borrowedWeights;
  if (voting.kind !== 'weighted-plurality' || voting.day === undefined || roleDay === undefined || borrowed === undefined)
    throw new Error('004 has copies');
  return {
    ...ruleset,
    voting: { ...voting, day: { ...voting.day, roleDay: { ...roleDay, borrowedWeights: { ...borrowed, ...change } } } },
  };
}

describe('Actor (Актер), L40 "Если скопировал роль, играет за нее с нуля": a spare life is counted per copy', () => {
  const immortal = (id: string): NightPlayer => red(id, 'immortal');
  const actor = (copyOf: string, spent: Record<string, number> = {}): NightPlayer => ({
    ...player('A', 'actor', 'red', { statuses: [{ id: 'copied-role', with: copyOf }] }),
    spent,
  });
  const kill = [act('M1', 'kill', ['A'])];

  it('L19 "1 раз неуязвим": a life spent through an earlier copy of another Immortal leaves this copy its own', () => {
    const r = resolve(table(actor('I2', { 'spare-life@copy:I1': 1 }), dead(immortal('I1')), immortal('I2')), kill, 3);
    expect(deaths(r)).toEqual([]);
    expect(r.events.flatMap((e) => (e.type === 'protection-spent' ? [`${e.player}:${e.protection}`] : []))).toEqual([
      'A:spare-life@copy:I2',
    ]);
  });

  it('the copy’s one life, once spent, is gone for that copy (a copy the host left on him for another night)', () => {
    expect(deaths(resolve(table(actor('I2', { 'spare-life@copy:I2': 1 }), immortal('I2')), kill, 3))).toEqual(['A']);
  });

  it('a life the player spent as himself does not come off a copy’s', () => {
    // An Actor who once held a life of his own (spent: `spare-life`) and copies an Immortal now.
    expect(deaths(resolve(table(actor('I2', { 'spare-life': 1 }), immortal('I2')), kill, 3))).toEqual([]);
  });
});

describe('a played game: two copies of two Immortals, a life each (L40 "играет за нее с нуля", L19)', () => {
  it('the second copy’s life stands though the first copy’s was spent', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Ivan   faction=red    role=actor',
        'player Ira    faction=red    role=immortal',
        'player Igor   faction=red    role=immortal',
        'player Anna   faction=red    role=citizen',
        'player Boris  faction=red    role=citizen',
        'player Vera   faction=red    role=citizen',
        'player Gleb   faction=red    role=citizen',
        'player Kolya  faction=mafia  role=citizen second=mafia',
        'player Lena   faction=mafia  role=citizen second=mafia',
        'player Misha  faction=maniac role=citizen second=maniac',
        'day 1',
        '  Ivan uses copy-role Ira',
        'night 1',
        '  Kolya uses kill Ivan',
        '  resolve night',
        '  expect alive Ivan',
        'day 2',
        '  Ivan uses copy-role Igor',
        'night 2',
        '  Misha uses kill Ivan',
        '  resolve night',
        '  expect alive Ivan',
        'day 3',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const spent = played.events.flatMap((e) => (e.type === 'protection/spend' ? [e.protection] : []));
    expect(spent).toEqual(['spare-life@copy:Ira', 'spare-life@copy:Igor']);
  });
});

describe('Actor (Актер), L40 "может на день перехватить покидающую игру роль": the role taken over meets his next copy', () => {
  // The night gave him the departed Judge's role for a game day (the copy status `with` him, three phases: the night,
  // the day, the night after); at the end of each day he copies anew.
  const takenOver: GameEvent = { type: 'status/add', slotId: 'actor', status: 'copied-role', with: 'judge', phases: 3 };
  const judgeDead: GameEvent = { type: 'player/die', slotId: 'judge', cause: 'night-kill' };

  it('the day after the night he took it over he plays the role taken over, not the copy chosen the day before', () => {
    const events = [roster, day(1), use('actor', 'copy-role', 'hero'), nightStart(1), takenOver, judgeDead, day(2), vote('actor', 'b1')];
    // The Judge's weight, a third off (the copied Hero would give 1).
    expect(total(tallyDay(deriveState(events), ruleset), 'b1')).toBe(4);
  });

  it('"в конце каждого дня может скопировать": the copy he chooses at the end of that day is his for the next night and day', () => {
    const events = [
      roster,
      day(1),
      use('actor', 'copy-role', 'r1'),
      nightStart(1),
      takenOver,
      judgeDead,
      day(2),
      use('actor', 'copy-role', 'hero'),
      nightStart(2),
      day(3),
      ...['r1', 'r2', 'r3'].map((v) => vote(v, 'actor')),
      vote('actor', 'b1'),
    ];
    const t = tallyDay(deriveState(events), ruleset);
    // The Hero's single barrier (3 − 1), and his own single vote: the Judge's day is over.
    expect(total(t, 'actor')).toBe(2);
    expect(total(t, 'b1')).toBe(1);
    // A role taken over that the host left on him with no end: the copy chosen after it still comes first.
    const forever: GameEvent = { type: 'status/add', slotId: 'actor', status: 'copied-role', with: 'judge' };
    const lasting = events.map((e) => (e === takenOver ? forever : e));
    expect(total(tallyDay(deriveState(lasting), ruleset), 'b1')).toBe(1);
    // At night too the new copy comes first (a Hero has no night move; the Judge's role gives none either).
    const nightPlayer: NightPlayer = {
      ...player('A', 'actor', 'red', { statuses: [{ id: 'copied-role', with: 'C', sinceNight: 1 }] }),
      pastMoves: [{ night: 2, day: true, ability: 'copy-role', targets: ['D'] }],
    };
    const r = resolve(
      table(nightPlayer, dead(red('C', 'commissar')), red('D', 'doctor')),
      [act('A', 'check', ['M1']), act('A', 'heal', ['R1'])],
      2,
    );
    expect(refusals(r)).toEqual(['A:check:night/unknown-ability']);
  });
});
