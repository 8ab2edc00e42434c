/**
 * Seed 004's Pimp changing his slave's purchase of votes (../shared/seeds/004_f6d88bc78ab5cdbd.txt L27 with L34): the
 * Drug dealer tells the host how many votes he buys; the Pimp, who must "либо подтвердить его, либо изменить, либо
 * запретить" every day move of his slave, may change that amount by an order carrying his own.
 */
import { describe, expect, it } from 'vitest';
import type { PlayResult } from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'player Rita   faction=red    role=drug-dealer',
  'player Pia    faction=red    role=pimp',
  ...['Anna', 'Boris', 'Vera', 'Egor', 'Zhenya'].map((n) => `player ${n} faction=red role=citizen`),
  'player Kolya  faction=mafia  role=citizen second=mafia',
  'player Lena   faction=mafia  role=citizen second=mafia',
  'player Misha  faction=maniac role=citizen second=maniac',
];
/** Day 1 Pia takes Rita; night 1 Rita drugs two players (two votes in her bank); day 2 as given, then the vote. */
const game = (...day2: string[]): PlayResult =>
  playText(
    [
      ...roster,
      'day 1',
      '  Pia uses enslave Rita',
      'night 1',
      '  Rita uses drug Anna Boris',
      '  resolve night',
      'day 2',
      ...day2,
      '  Rita votes Kolya; Vera votes Kolya',
      '  Egor votes Misha; Zhenya votes Misha',
    ].join('\n'),
  );

describe('L27 with L34: the Pimp changes the amount his slave buys', () => {
  it('"должен либо подтвердить его, либо изменить, либо запретить" with "Перед голосованием наркодилер указывает ведущему сколько голосов желает закупить": the order’s amount replaces hers', () => {
    const played = game('  Rita uses buy-votes: 2', '  Pia uses order-slave-day Rita: 0,5', '  expect total Kolya 2.5');
    expect(failedExpectations(played)).toEqual([]);
    // Her own amount, unchanged, buys both votes of the bank.
    expect(failedExpectations(game('  Rita uses buy-votes: 2', '  expect total Kolya 4'))).toEqual([]);
  });

  it('"Если раб не делает ход, сутенер может назначить его за него": a purchase she did not make is made for her', () => {
    expect(failedExpectations(game('  Pia uses order-slave-day Rita: 1', '  expect total Kolya 3'))).toEqual([]);
  });

  it('the amount is still paid from her bank: more than it holds buys what it holds', () => {
    expect(failedExpectations(game('  Rita uses buy-votes: 1', '  Pia uses order-slave-day Rita: 5', '  expect total Kolya 4'))).toEqual(
      [],
    );
  });

  it('an order naming her alone, with no words, still forbids the purchase', () => {
    expect(failedExpectations(game('  Rita uses buy-votes: 2', '  Pia uses order-slave-day Rita', '  expect total Kolya 2'))).toEqual([]);
  });
});
