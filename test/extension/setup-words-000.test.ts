/**
 * Seed 000's setup findings (families of 8 or 10 with 1 or 2 Mafia Members,
 * player levels, the Mafia's second roles), worded in both catalogs.
 */
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../extension/shared/catalogs';
import { sayMessage } from '../../extension/shared/format';
import { rulesetWords } from '../../extension/shared/ruleset-words';
import { checkSetup, rulesets, type PlayerSetup } from '../../src/engine';

const ruleset = rulesets['mafia-1923-000'];
const capone: PlayerSetup[] = Array.from({ length: 9 }, (_, i) => ({
  slotId: `c${i}`,
  name: `C${i}`,
  family: 'Capone',
  faction: i === 0 ? 'mafia' : 'civilians',
  role: i === 0 ? 'mafia-member' : i === 1 ? 'doctor' : 'townsperson',
  level: i === 1 ? 'beginner' : i === 8 ? 'spectator' : 'standard',
}));
const greco: PlayerSetup[] = Array.from({ length: 10 }, (_, i) => ({
  slotId: `g${i}`,
  name: `G${i}`,
  family: 'Greco',
  faction: i === 0 ? 'mafia' : 'civilians',
  role: i === 0 ? 'mafia-member' : 'townsperson',
}));

describe('000 setup findings in the host’s language', () => {
  const warnings = checkSetup([...capone, ...greco], { ...ruleset, setup: { ...ruleset.setup, mafiaSecondRoles: ['boss'] } }).warnings;
  const withSecond = checkSetup(
    [...capone.slice(0, 8), ...greco].map((p) => (p.name === 'G0' ? { ...p, secondRole: 'thief' } : p)),
    { ...ruleset, setup: { ...ruleset.setup, mafiaSecondRoles: ['boss'] } },
  ).warnings;
  const say = (language: 'en' | 'ru') =>
    [...warnings, ...withSecond].map((w) => sayMessage(w.message, { t: translatorFor(language), names: rulesetWords(ruleset, language) }));

  it('in English', () => {
    expect(say('en')).toEqual([
      'Family Greco has 1 Mafia Member; a family of 10 has 2.',
      'C1 signed up as Beginner, which may not hold the role Doctor.',
      'C8 signed up as Spectator: that level only watches and is not a player.',
      'Family Greco has 1 Mafia Member; a family of 10 has 2.',
      'C1 signed up as Beginner, which may not hold the role Doctor.',
      'G0 is a Mafia Member with Thief as a second role, which the rules do not allow for Mafia Members.',
    ]);
  });
  it('in Russian', () => {
    expect(say('ru')[0]).toBe('В семье Greco 1 член мафии, а в семье из 10 игроков их должно быть 2.');
    // The level by the ruleset's Russian name.
    expect(say('ru')[1]).toBe('Игрок C1 записался на уровень «Новичок», а на нём нельзя получить роль «Доктор».');
    expect(say('ru')[5]).toBe('Игрок G0 — член мафии со второй ролью «Вор», а правила не дают членам мафии такую роль.');
  });
});
