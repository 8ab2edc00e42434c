/**
 * Seed 004's extended format, what was left of it (../shared/seeds/004_f6d88bc78ab5cdbd.txt L52, L53, L115): the
 * Executioner answers for each of his two captives at the end of the day, the Poisoner is told by PM that he may name
 * two targets, and the player a shared dose spares learns of the attempt. Each test quotes its seed line.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, rulesets, type GameEvent, type NightInput, type NightPlayer } from '../../../src/engine';
import { act, messagesTo, night, nightRulesFor, player, statusRulesOf, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const rulesExtended = nightRulesFor(rulesets['russian-004-extended']);
const statusRules = statusRulesOf('russian-004-extended');
const resolve = (input: NightInput) => resolveNight({ ...input, statusRules }, rulesExtended, createRng(4));
const black = (slotId: string, faction: string, negative: string) => player(slotId, 'citizen', faction, { secondRole: negative });
const red = (slotId: string, role = 'citizen') => player(slotId, role, 'red');
const table: NightPlayer[] = [
  black('M1', 'mafia', 'mafia'),
  black('M2', 'mafia', 'mafia'),
  black('X', 'maniac', 'maniac'),
  black('P', 'werewolf', 'poisoner'),
  red('R1'),
  red('R2'),
  red('B', 'blocker'),
];

describe('L52 (extended): the Poisoner’s right and the spared player, by PM', () => {
  it('"отравитель может выбрать две цели за раз, если ему в предыдущую ночь сбили ход": he is told so by PM the morning after', () => {
    const r = resolve(night(table, [act('B', 'block', ['P']), act('P', 'poison', ['R1'])], 1));
    expect(messagesTo(r, 'P')).toContainEqual(told('more-targets-next-night', [], 'poisoner'));
    // A poisoning that went through opens nothing, and tells nothing.
    const clean = resolve(night(table, [act('P', 'poison', ['R1'])], 1));
    expect(messagesTo(clean, 'P').filter((m) => m.fact === 'more-targets-next-night')).toEqual([]);
  });

  it('"…или если от яда умер черный/безликий": told as well', () => {
    const dosed = table.map((p) => (p.slotId === 'M2' ? { ...p, statuses: [{ id: 'poisoned', sinceNight: 1, by: 'P' }] } : p));
    const r = resolve(night(dosed, [], 2));
    expect(messagesTo(r, 'P')).toContainEqual(told('more-targets-next-night', [], 'poisoner'));
  });

  it('"но в итоге умрет только одна из них": the spared one learns of the attempt (L115.4 "Если игрок был атакован, но по любой причине выжил, то он узнает утром о покушении")', () => {
    const dosed = table.map((p) =>
      p.slotId === 'R1'
        ? { ...p, statuses: [{ id: 'poisoned', sinceNight: 3, by: 'P', with: 'M1' }] }
        : p.slotId === 'M1'
          ? { ...p, statuses: [{ id: 'poisoned', sinceNight: 3, by: 'P' }] }
          : p,
    );
    const r = resolve(night(dosed, [], 4));
    expect(messagesTo(r, 'M1')).toEqual([told('poison-survived', [], null)]);
    // The one who dies is told nothing of it.
    expect(messagesTo(r, 'R1').filter((m) => m.fact === 'poison-survived')).toEqual([]);
  });
});

describe('L53 (extended): the Executioner’s answer for each of two captives', () => {
  const game = (...day2: string[]) =>
    playText(
      [
        'ruleset russian-004-extended',
        'seed 4',
        ...['Vera', 'Dima', 'Boris', 'Ilya', 'Oleg', 'Olga'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'player Egor faction=werewolf role=citizen second=executioner',
        'day 1',
        'night 1',
        '  Egor uses torture Vera Dima',
        '  resolve night',
        '  expect status Vera tortured',
        '  expect status Dima tortured',
        'day 2',
        ...day2,
      ].join('\n'),
    );
  const toldAtDayEnd = (events: readonly GameEvent[], to: string) =>
    events.flatMap((e) => (e.type === 'message/send' && e.to === to && e.message !== undefined ? [e.message.code] : []));

  it('"В расширенном формате разрешено выбирать по две цели" with "Если продолжает пытки, мирная роль жертвы … заблокируется до конца игры": one move tortures both to the end', () => {
    const played = game(
      '  Egor uses cripple Vera Dima',
      'night 2',
      '  expect status Vera role-destroyed',
      '  expect status Dima role-destroyed',
      '  expect status Vera not tortured',
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(toldAtDayEnd(played.events, 'Vera')).toContain('day-end/destroyed');
    expect(toldAtDayEnd(played.events, 'Dima')).toContain('day-end/destroyed');
    // Both were answered: the open question of an unanswered captive is not reached.
    expect(played.openQuestions.map((q) => q.setting)).not.toContain('phaseEnd.dayMoves.release.unanswered');
  });

  it('"Узнав роль и команду жертвы в конце дня, у экзекутора появится выбор - отпустить ее или подвергнуть еще более тяжелым пыткам": one released, the other tortured on', () => {
    const played = game(
      '  Egor uses release Vera',
      '  Egor uses cripple Dima',
      'night 2',
      '  expect status Vera not role-destroyed',
      '  expect status Vera no-moves-tonight',
      '  expect status Dima role-destroyed',
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(toldAtDayEnd(played.events, 'Vera')).toContain('day-end/released');
  });

  it('a later PM naming a captive replaces the earlier answer for him only', () => {
    const played = game(
      '  Egor uses cripple Vera Dima',
      '  Egor uses release Dima',
      'night 2',
      '  expect status Vera role-destroyed',
      '  expect status Dima not role-destroyed',
      '  expect status Dima no-moves-tonight',
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});
