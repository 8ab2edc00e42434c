/**
 * Seed 004's day rulings of the fourth day file: the side the Agent reveals
 * when he leaves (L125), death executions in the witch hunt (the seed is
 * silent: a setting), and the possessing Faceless's vote of 0 (L70). The tally
 * reads them through `voting.day.roleDay` (`src/engine/voting/day-004-lynch-2.ts`),
 * never by a role's name.
 */
import { ability, role } from '../../defaults';
import { sideWords004 } from './side-words';
import type { LocalNames, OpenQuestion, PluralityRoleDayRules, RulesetRole } from '../../types';

/** The Agent's day moves (the roles merge by id). */
export const dayRoles004d: readonly RulesetRole[] = [
  role('agent', 'Agent (Агент)', [
    // L125.9 "Агент может сам указать ведущему свою команду": the words are the side (red or black, or a faction).
    ability('choose-side', 'Tell the host his side (words: red or black)', 'day', { targets: 0, takesText: true }),
    // L125.10 "агент может указать ведущему любого игрока, не узнавая команды, но по итогу игры ему пойдет в зачет сторона этого игрока".
    ability('name-side', 'Name a player whose side becomes his', 'day'),
  ]),
];

/** The role rulings (`voting.day.roleDay`'s part these rulings add). */
export const roleDay004d: Pick<PluralityRoleDayRules, 'sideReport' | 'huntExecutions' | 'zeroVoteWhile'> = {
  // L125.7 "после чего для всех откроется его сторона".
  sideReport: { chooseAbility: 'choose-side', nameAbility: 'name-side', words: sideWords004 },
  // Not in the seed: executions stand in the witch hunt as at a lynch (the hunt is the day's lynch, L162).
  huntExecutions: 'allowed',
  // L70 "при этом голос безликого будет равен нулю" (the Faceless is the grey side).
  zeroVoteWhile: { statuses: ['possessing'], colors: ['grey'] },
};

/** The open questions these rulings settle with a setting. */
export const dayOpenQuestions004d: readonly OpenQuestion[] = [
  {
    setting: 'voting.day.roleDay.huntExecutions',
    question:
      'A Fanatic or Inquisitor killed in the witch hunt: does his death execution (L29, L36, L96 "в случае своего линчевания днем") stand? The seed is silent. Gavel: allowed, the hunt being the day’s lynch (L162 "залинчевать двух выбранных игроков"); `none` refuses it.',
  },
];

/** Their names as the seed writes them. */
export const dayNames004d: { readonly abilities: Readonly<Record<string, LocalNames>> } = {
  abilities: {
    'choose-side': { ru: 'Указать ведущему свою команду' },
    'name-side': { ru: 'Указать игрока, чья сторона пойдёт в зачёт' },
  },
};
