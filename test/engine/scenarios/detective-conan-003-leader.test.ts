/**
 * Seed 003 (../shared/seeds/003_d8be940afb53daf2.txt, line 56): "As BO
 * Leadership is unrelated to the role itself, a BO Leader who is arrested
 * keeps the right to give out orders and the suitcase. A true criminal
 * mastermind is not held back by bars!"
 */
import { describe, expect, it } from 'vitest';
import { deriveState, type PlayResult } from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset detective-conan-003',
  'seed 303',
  'player Gin     faction=bo   role=bo-member rank=1',
  'player Vodka   faction=bo   role=bo-member rank=2',
  'player Chianti faction=bo   role=bo-member rank=3',
  'player Conan   faction=town role=detective',
  'player Megure  faction=town role=police',
  'player Ran     faction=town role=townsfolk',
  'player Ayumi   faction=town role=townsfolk',
  'player Heiji   faction=town role=doctor',
  'player Kogoro  faction=town role=townsfolk',
  'player Akai    faction=town role=townsfolk',
];

const play = (lines: readonly string[]): PlayResult => {
  const played = playText([...roster, ...lines].join('\n'));
  expect(failedExpectations(played)).toEqual([]);
  return played;
};

describe('003: an arrested Black Organization leader (L56)', () => {
  it('"keeps the right to give out orders": his night kill order stands and a free member carries it out', () => {
    const played = play([
      'night 1',
      '  status Gin +arrested',
      '  Gin uses night-kill Ran',
      '  resolve night',
      '  expect dead Ran',
      '  expect status Gin arrested',
    ]);
    expect(played.phases[0]?.rejected).toEqual([]);
  });

  it('his order outranks a lower member’s, as a free leader’s does ("No one can overwrite the Leader\'s kill order")', () => {
    play([
      'night 1',
      '  status Gin +arrested',
      '  Vodka uses night-kill Ayumi',
      '  Gin uses night-kill Ran',
      '  resolve night',
      '  expect dead Ran',
      '  expect alive Ayumi',
    ]);
  });

  it('"… and the suitcase": the arrested leader hands out the Black Suitcase by day', () => {
    const played = play(['night 1', '  status Gin +arrested', 'day 1', '  Gin uses suitcase Vodka', '  expect status Vodka suitcase']);
    expect(played.phases[1]?.rejected).toEqual([]);
    expect(
      deriveState(played.events)
        .players.find((p) => p.name === 'Gin')
        ?.statuses.some((s) => s.id === 'suitcase'),
    ).toBe(false);
  });

  it('an arrested member who does not lead still cannot act', () => {
    const played = play(['night 1', '  status Vodka +arrested', '  Vodka uses night-kill Ran', '  resolve night', '  expect alive Ran']);
    expect(played.phases[0]?.rejected.map((r) => r.reason)).toEqual(['action/actor-blocked']);
  });
});
