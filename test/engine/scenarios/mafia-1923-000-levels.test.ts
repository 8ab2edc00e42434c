/**
 * Seed 000's levels in a game script (`player … level=beginner`): played
 * through the scenario runner (the `gavel play` engine), the roster reaches
 * the setup check the host reads before the game starts, and an unknown level
 * is a clear error naming the ruleset's levels.
 */
import { describe, expect, it } from 'vitest';
import { parseGameScript, rulesets } from '../../../src/engine';
import { postNames } from '../../../src/engine/announce/phrases';
import { failedExpectations, playScript, playText } from './run-script';

const roster = [
  'ruleset mafia-1923-000',
  'seed 1',
  'player Al family=Capone faction=mafia role=mafia-member',
  'player Bo family=Capone faction=civilians role=doctor level=expert',
  'night 1',
];

describe('000 (L24): "Every player must sign up as one of three levels: Beginner, Standard, or Spectator"', () => {
  const played = playScript('mafia-1923-000-levels.game');

  it('a scripted game with levels reaches the setup check: every expectation of the script holds', () => {
    expect(failedExpectations(played)).toEqual([]);
    expect(played.expectations.length).toBeGreaterThanOrEqual(10);
  });

  it('"Beginners can only be Townspeople or Mafia Members and nothing else": a Beginner Doctor, and a Beginner Mafia Member with a second role, are reported', () => {
    const levelRole = played.setup.warnings.filter((w) => w.message.code === 'setup/level-role');
    expect(levelRole.map((w) => w.names)).toEqual([['Carla'], ['Ivo']]);
    // The level is named by the ruleset, in the report's words.
    expect(played.setupWarnings).toContain('Carla signed up as Beginner, which may not hold the role Doctor.');
    expect(played.setupWarnings).toContain('Ivo signed up as Beginner, which may not hold the role Thief.');
  });

  it('"Spectators don\'t affect the game at all": Sara is reported and does not count toward her family of 8', () => {
    expect(played.setupWarnings).toContain('Sara signed up as Spectator: that level only watches and is not a player.');
    expect(played.setup.warnings.map((w) => w.message.code)).toEqual(['setup/level-role', 'setup/level-role', 'setup/level-does-not-play']);
  });

  it("the setup check's open question (the Mafia's second roles) is among the game's open questions", () => {
    expect(played.openQuestions.map((q) => q.setting)).toContain('setup.mafiaSecondRoles');
  });

  it('the level is recorded with the player in the game log', () => {
    const setup = played.events.find((e) => e.type === 'game/setup');
    const levels = setup?.type === 'game/setup' ? setup.players.map((p) => [p.name, p.level]) : [];
    expect(levels).toContainEqual(['Carla', 'beginner']);
    expect(levels).toContainEqual(['Sara', 'spectator']);
    expect(levels).toContainEqual(['Fabio', undefined]);
  });

  it('an unknown level is an error naming the levels of the ruleset; nothing is played', () => {
    expect(() => playText(roster.join('\n'))).toThrow('player Bo: no level "expert" in mafia-1923-000 (beginner, standard, spectator)');
    const noLevels = ['ruleset forum-template-001', 'player Al faction=town role=vanilla level=beginner', 'day 1'].join('\n');
    expect(() => playText(noLevels)).toThrow('player Al: no level "beginner": forum-template-001 has no levels');
  });

  it('"level=" without a level, and a misspelt field, are parse errors naming the line', () => {
    const empty = parseGameScript(['ruleset mafia-1923-000', 'player Al faction=mafia role=mafia-member level=', 'night 1'].join('\n'));
    expect(empty.ok ? [] : empty.errors).toContainEqual({ line: 2, message: 'player Al: level= needs a level id' });
    const typo = parseGameScript(
      ['ruleset mafia-1923-000', 'player Al faction=mafia role=mafia-member levle=beginner', 'night 1'].join('\n'),
    );
    expect(typo.ok ? [] : typo.errors).toContainEqual({
      line: 2,
      message: 'unknown player field "levle" (faction, role, second, family, rank, level, target)',
    });
  });

  it('the level names are the seed\'s, with Russian names: "Beginner, Standard, or Spectator"', () => {
    const ruleset = rulesets['mafia-1923-000'];
    const en = postNames(ruleset, 'en');
    const ru = postNames(ruleset, 'ru');
    expect(['beginner', 'standard', 'spectator'].map((id) => en.level(id))).toEqual(['Beginner', 'Standard', 'Spectator']);
    expect(['beginner', 'standard', 'spectator'].map((id) => ru.level(id))).toEqual(['Новичок', 'Обычный игрок', 'Зритель']);
    // A ruleset saved before levels had names takes the preset's names; an unknown id shows as itself.
    const old = {
      ...ruleset,
      setup: { ...ruleset.setup, levels: { beginner: { roles: ['townsperson', 'mafia-member'], plays: true }, standard: { plays: true } } },
    };
    expect(postNames(old, 'ru').level('beginner')).toBe('Новичок');
    const renamed = { ...ruleset, setup: { ...ruleset.setup, levels: { novice: { name: 'Novice', plays: true } } } };
    expect(postNames(renamed, 'ru').level('novice')).toBe('Novice');
    expect(postNames(ruleset, 'ru').level('expert')).toBe('expert');
  });
});
