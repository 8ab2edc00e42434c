/**
 * Seed 003's crimes list (L20–L39) as the arrests read it: an attack the
 * Doctor stopped is still a crime (L22), and being in the Black Organization
 * is not (L39). The list's other entries (L23–L37: Bribe, Frame, Disguise…)
 * are only names in the seed: it never says what they do.
 */
import { describe, expect, it } from 'vitest';
import { failedExpectations, playText } from './run-script';

const game = (...lines: string[]): string =>
  [
    'ruleset detective-conan-003',
    'seed 3',
    'player Gin    faction=bo   role=bo-member rank=1',
    'player Vodka  faction=bo   role=bo-member rank=2',
    'player Megure faction=town role=police',
    'player Heiji  faction=town role=doctor',
    'player Ran    faction=town role=townsfolk',
    'player Ayumi  faction=town role=townsfolk',
    'player Kogoro faction=town role=townsfolk',
    ...lines,
  ].join('\n');

describe('003 crimes (L20–L39)', () => {
  it('L22 "Attacking (attacks are considered failed attempts at killing due to Protect or Heal)": a healed victim, and the attacker is arrested', () => {
    const played = playText(
      game(
        'night 1',
        '  Gin uses night-kill Ran',
        '  Heiji uses heal Ran',
        '  resolve night',
        '  expect alive Ran',
        'day 1',
        'night 2',
        '  Megure uses arrest Gin',
        '  resolve night',
        'day 2',
        '  expect status Gin arrested',
        '  expect status Megure not suspended',
      ),
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('L39 "Being in the BO is not a crime. So you can\'t arrest Conia for being Gin.": arresting a BO member who committed none suspends the police', () => {
    const played = playText(
      game(
        'night 1',
        '  Gin uses night-kill Ran',
        '  Megure uses arrest Vodka',
        '  resolve night',
        'day 1',
        '  expect status Vodka not arrested',
        '  expect status Megure suspended',
      ),
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});
