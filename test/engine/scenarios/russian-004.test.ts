import { describe, expect, it } from 'vitest';
import { failedExpectations, playScript, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'player R1 faction=red role=citizen',
  'player R2 faction=red role=doctor',
  'player R3 faction=red role=commissar',
  'player R4 faction=red role=blocker',
  'player B1 faction=mafia role=citizen second=mafia',
  'player B2 faction=mafia role=citizen second=mafia',
  'player B3 faction=maniac role=citizen second=maniac',
];

describe('seed 004, the Russian rules: election, weighted votes, run-offs, witch hunt', () => {
  const result = playScript('russian-004.game');

  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBeGreaterThanOrEqual(20);
    expect(failedExpectations(result)).toEqual([]);
  });

  it('plays six days and five nights; the reds win when all blacks and the Faceless are out', () => {
    expect(result.phases).toHaveLength(11);
    expect(result.end?.reason).toBe('win/reds-cleared');
    expect(result.end?.winningSides).toEqual(['red']);
  });

  it('publishes the Doctor, Blocker and Commissar results of a resolved night, and the victim', () => {
    const day2 = result.phases[2]?.openingPost ?? '';
    // 004's posts are Russian (the game's post language), with the seed's role names.
    expect(day2).toContain('[b]Ilya[/b] выбывает из игры (ночное убийство). Мирный житель');
    // Anna healed Boris, who was not attacked; Boris blocked Misha, who did nothing; Vera's check went through.
    expect(day2).toContain('Доктор: не попал');
    expect(day2).toContain('Блокер: не попал');
    expect(day2).toContain('Комиссар: чек прошел');
  });

  it('Day 1 elects a mayor and lynches nobody', () => {
    expect(result.phases[0]?.deaths).toEqual([]);
    expect(result.phases[0]?.tallies.map((t) => t.outcome.kind)).toEqual(['election-runoff', 'elected']);
  });

  it('a tie goes to a run-off among only the tied; its strict tie kills both with more than two negatives alive', () => {
    const played = playText(
      [
        ...roster,
        'player B4 faction=mafia role=citizen second=werewolf',
        'player R5 faction=red role=citizen',
        'day 1',
        'night 1',
        'day 2',
        '  R1 votes B1; R2 votes B1; R3 votes B2; R4 votes B2; R5 votes R1',
        '  B1 votes R2; B2 votes R3; B3 votes R4; B4 votes R5',
        '  expect runoff B1 B2',
        '  runoff',
        '  R1 votes B1; R2 votes B2; R3 votes B1; R4 votes B2',
        '  expect lynched B1 B2',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('with one or two negatives alive, a strict run-off tie kills nobody', () => {
    const played = playText(
      [
        ...roster,
        'player B4 faction=mafia role=citizen second=werewolf',
        'player R5 faction=red role=citizen',
        'day 1',
        'night 1',
        '  kill B3: night kill',
        '  kill B4: night kill',
        'day 2',
        '  R1 votes B1; R2 votes B1; R3 votes B2; R4 votes B2; R5 votes R1',
        '  B1 votes R2; B2 votes R3',
        '  runoff',
        '  R1 votes B1; R2 votes B2; R3 votes B1; R4 votes B2',
        '  expect no-lynch',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(played.phases.at(-1)?.tallies.at(-1)?.outcome).toEqual({ kind: 'no-lynch', reason: 'no-lynch/strict-tie-few-negatives' });
  });
});
