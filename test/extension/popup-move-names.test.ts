/**
 * The popup's names of moves that name a role (004 L47, the Wizard: "может взять на выбор любую отсутствующую мирную
 * роль"): a move of an absent role, `commissar/check`, reads with its role; a role declared with his own ability,
 * `kamikaze/absent-role`, reads as that ability and the role.
 */
import { describe, expect, it } from 'vitest';
import { describeLog } from '../../extension/popup/components/event-log';
import { moveName } from '../../extension/popup/move-name';
import { translatorFor } from '../../extension/shared/catalogs';
import { rulesetWords } from '../../extension/shared/ruleset-words';
import { rulesets, type GameEvent } from '../../src/engine';

const ruleset = rulesets['russian-004'];

describe('move names with a role (004 L47)', () => {
  it('a role’s move reads "Role: move", a declaration "move: Role", a plain move its name', () => {
    const en = rulesetWords(ruleset, 'en');
    expect(moveName(en, ruleset, 'commissar/check')).toBe('Commissar: Colour check');
    expect(moveName(en, ruleset, 'kamikaze/absent-role')).toBe('Use a peaceful role absent from the game (three a game): Kamikaze');
    expect(moveName(en, ruleset, 'heal')).toBe(en.ability('heal'));
    const ru = rulesetWords(ruleset, 'ru');
    expect(moveName(ru, ruleset, 'commissar/check')).toBe(`${ru.role('commissar')}: ${ru.ability('check')}`);
  });

  it('the event log shows a recorded commissar/check with its role', () => {
    const events: GameEvent[] = [
      {
        type: 'game/setup',
        players: [
          { slotId: 's1', name: 'Sam', faction: 'red', role: 'wizard' },
          { slotId: 's2', name: 'Max', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
        ],
      },
      { type: 'phase/start', phase: { kind: 'night', number: 1 } },
      { type: 'action/use', actor: 's1', ability: 'commissar/check', targets: ['s2'] },
    ];
    expect(describeLog(events, translatorFor('en'), ruleset).at(-1)?.text).toBe('Sam: Commissar: Colour check → Max');
    const ru = rulesetWords(ruleset, 'ru');
    expect(describeLog(events, translatorFor('ru'), ruleset).at(-1)?.text).toBe(
      `Sam: ${ru.role('commissar')}: ${ru.ability('check')} → Max`,
    );
  });
});
