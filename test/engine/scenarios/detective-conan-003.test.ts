import { describe, expect, it } from 'vitest';
import { failedExpectations, playScript, playText } from './run-script';

describe('seed 003, Detective Conan: the Black Organization against the town', () => {
  const result = playScript('detective-conan-003.game');

  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBeGreaterThanOrEqual(15);
    expect(failedExpectations(result)).toEqual([]);
  });

  it('plays three nights and three days; the town wins once the BO is dead or arrested', () => {
    expect(result.phases).toHaveLength(6);
    expect(result.end?.reason).toBe('win/mafia-gone');
    expect(result.end?.winningSides).toEqual(['town']);
  });

  it('makes each vote public at the end of the day, and shows wills and roles of the dead', () => {
    const day1 = result.phases[1]?.resultPost ?? '';
    expect(day1).toContain('Conan → Vodka');
    const night3Opening = result.phases[5]?.openingPost ?? '';
    expect(night3Opening).toContain("Will: Tequila's file is on my desk.");
    expect(night3Opening).toContain('Police');
  });

  it('announces arrests but not suspensions', () => {
    const day2Opening = result.phases[3]?.openingPost ?? '';
    expect(day2Opening).toContain('Tequila is arrested.');
    expect(result.phases.map((p) => p.openingPost).join('\n')).not.toContain('suspended');
  });

  it('does not end while someone able to arrest is alive, and the BO wins once nobody can', () => {
    const bo = playScript('detective-conan-003-black-organization.game');
    expect(failedExpectations(bo)).toEqual([]);
    expect(bo.phases[1]?.win?.over).toBe(false);
    expect(bo.end?.reason).toBe('win/town-win-impossible');
  });

  it('the night-kill case: a night with the town one ahead, no police and nobody to stop the kill ends the game', () => {
    const played = playText(
      [
        'ruleset detective-conan-003',
        'player Gin faction=bo role=bo-member',
        'player Ran faction=town role=townsfolk',
        'player Kazuha faction=town role=townsfolk',
        'player Heiji faction=town role=townsfolk',
        'night 1',
        '  kill Heiji by Gin: shot',
        'day 1',
        '  Ran votes Gin',
        '  Gin votes Ran',
        '  expect no-lynch',
        '  expect winner bo',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(played.end?.reason).toBe('win/night-kill-case');
  });
});
