/**
 * Seed 004's black Kamikaze keeps his list of peaceful roles (../shared/seeds/004_f6d88bc78ab5cdbd.txt L100, L114):
 * the seed does not say whether a list stands on later nights, so the setting `trapListKept` answers (default: it
 * stands until he names a new one) and a night that reads a kept list reports the question.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, rulesets, withNight, type NightAction, type NightPlayer, type PastMove } from '../../../src/engine';
import { act, deaths, messagesTo, night, nightRulesFor, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const russian = rulesets['russian-004'];
const statusRules = statusRulesOf('russian-004');
const kept = (value: 'yes' | 'no') => nightRulesFor(withNight(russian, { settings: { ...russian.night?.settings, trapListKept: value } }));
const resolve = (players: NightPlayer[], actions: NightAction[], n: number, rules = rulesRussian) =>
  resolveNight({ ...night(players, actions, n), statusRules }, rules, createRng(4));

const listed = (night: number, ...roles: string[]): PastMove => ({ night, day: false, ability: 'name-trap-roles', targets: roles });
/** The Kamikaze's move sent with no role (L114 «имеет право выбрать»: the right, used to clear the list). */
const cleared = (night: number): PastMove => listed(night);
const k = (...past: PastMove[]): NightPlayer => player('K', 'citizen', 'mafia', { secondRole: 'kamikaze', pastMoves: past });
const table = (kamikaze: NightPlayer): NightPlayer[] => [
  kamikaze,
  player('X', 'citizen', 'maniac', { secondRole: 'maniac' }),
  player('C', 'commissar', 'red'),
  player('D', 'doctor', 'red'),
  player('R', 'citizen', 'red'),
];
const questions = (r: ReturnType<typeof resolve>) => r.ambiguities.filter((a) => a.setting === 'trapListKept').map((a) => a.value);

describe('L100: the black Kamikaze’s list stands on later nights (setting `trapListKept`)', () => {
  it('"может указать ведущему мирные роли с ночными ходами … в качестве потенциальных жертв": a list named on night 1 still takes the Commissar on night 3', () => {
    const r = resolve(table(k(listed(1, 'commissar'))), [act('C', 'check', ['K'])], 3);
    expect(deaths(r)).toEqual(['C', 'K']);
    expect(questions(r)).toEqual(['yes']);
  });

  it('with `trapListKept` = no, a list holds only the night it is sent', () => {
    const r = resolve(table(k(listed(1, 'commissar'))), [act('C', 'check', ['K'])], 3, kept('no'));
    expect(deaths(r)).toEqual([]);
    expect(questions(r)).toEqual(['no']);
  });

  it('the last list named replaces the one before, and a list sent tonight raises no question', () => {
    const later = resolve(table(k(listed(1, 'commissar'), listed(2, 'doctor'))), [act('C', 'check', ['K'])], 3);
    expect(deaths(later)).toEqual([]);
    const healed = resolve(table(k(listed(1, 'commissar'), listed(2, 'doctor'))), [act('D', 'heal', ['K'])], 3);
    expect(deaths(healed)).toEqual(['D', 'K']);
    const tonight = resolve(table(k(listed(1, 'commissar'))), [act('K', 'name-trap-roles', ['doctor']), act('C', 'check', ['K'])], 3);
    expect(deaths(tonight)).toEqual([]);
    expect(questions(tonight)).toEqual([]);
  });

  it('a Kamikaze who never named a list reaches no question', () => {
    const r = resolve(table(k()), [act('C', 'check', ['K'])], 3);
    expect(deaths(r)).toEqual([]);
    expect(questions(r)).toEqual([]);
  });

  it('a played game: named on night 1, the list takes the Commissar who checks him on night 2', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'seed 4',
        'player Kira faction=red role=commissar',
        'player Anna faction=red role=doctor',
        ...['Boris', 'Olga', 'Ivan', 'Gleb', 'Dima'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=kamikaze',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        'night 1',
        '  Lena uses name-trap-roles commissar',
        '  resolve night',
        '  expect alive Lena',
        'day 2',
        'night 2',
        '  Kira uses check Lena',
        '  resolve night',
        '  expect dead Kira',
        '  expect dead Lena',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const reported = played.phases.flatMap((p) => p.night?.ambiguities.map((a) => `${p.phase.kind} ${p.phase.number}: ${a.setting}`) ?? []);
    expect(reported).toContain('night 2: trapListKept');
  });
});

describe('L100, L114: the black Kamikaze clears his kept list with an empty move', () => {
  const refusedOf = (r: ReturnType<typeof resolve>) => r.refused.map((x) => `${x.action.actor} ${x.action.ability}: ${x.reason}`);

  it('"Черный камикадзе имеет право выбрать мирные роли…": an empty move tonight is accepted, no role dies with him, and his PM says the list is cleared', () => {
    const r = resolve(table(k(listed(1, 'commissar'))), [act('K', 'name-trap-roles', []), act('C', 'check', ['K'])], 3);
    expect(refusedOf(r)).toEqual([]);
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'K')).toContainEqual(told('trap-list-cleared', [], null));
    // The list was cleared tonight: no kept list is read, so the open question does not arise.
    expect(questions(r)).toEqual([]);
  });

  it('the cleared list stays cleared on the nights after, until he names a new one', () => {
    const after = resolve(table(k(listed(1, 'commissar'), cleared(2))), [act('C', 'check', ['K'])], 3);
    expect(deaths(after)).toEqual([]);
    expect(questions(after)).toEqual([]);
    expect(messagesTo(after, 'K')).not.toContainEqual(told('trap-list-cleared', [], null));
    // A new list after the empty move stands again.
    const renamed = resolve(table(k(listed(1, 'commissar'), cleared(2), listed(3, 'doctor'))), [act('D', 'heal', ['K'])], 4);
    expect(deaths(renamed)).toEqual(['D', 'K']);
    expect(questions(renamed)).toEqual(['yes']);
  });

  it('only a move the ruleset lets be sent empty (`mayBeEmpty`) may name nothing: an empty check is refused', () => {
    const r = resolve(table(k()), [act('C', 'check', [])], 3);
    expect(refusedOf(r)).toEqual(['C check: night/wrong-target-count']);
  });

  it('a played game: named on night 1, cleared on night 2, the Commissar who checks him on night 3 lives', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'seed 4',
        'player Kira faction=red role=commissar',
        'player Anna faction=red role=doctor',
        ...['Boris', 'Olga', 'Ivan', 'Gleb', 'Dima'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=kamikaze',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        'night 1',
        '  Lena uses name-trap-roles commissar',
        '  resolve night',
        'day 2',
        'night 2',
        '  Lena uses name-trap-roles',
        '  resolve night',
        'day 3',
        'night 3',
        '  Kira uses check Lena',
        '  resolve night',
        '  expect alive Kira',
        '  expect alive Lena',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const n2 = played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 2)?.night;
    expect(n2 === undefined ? [] : messagesTo(n2, 'Lena')).toContainEqual(told('trap-list-cleared', [], null));
    const reported = played.phases.flatMap((p) => p.night?.ambiguities.map((a) => `${p.phase.kind} ${p.phase.number}: ${a.setting}`) ?? []);
    expect(reported).not.toContain('night 3: trapListKept');
  });
});
