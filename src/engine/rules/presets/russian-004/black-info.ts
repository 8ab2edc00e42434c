/**
 * Seed 004's Detective modes beyond tracking (L7), and the open question of the black Detective's both roles (L86).
 * The mechanics live in src/engine/night/roles-004-forged.ts; the track's own fields (negative role first, the black
 * and Faceless variants, L7, L85, L86, L77) are on the preset's Detective and Commissar.
 */
import { ability, role } from '../../defaults';
import type { LocalNames, OpenQuestion, RulesetRole } from '../../types';

/** Abilities merged into the roles of the same id. */
export const blackInfoRoles: readonly RulesetRole[] = [
  role('detective', 'Detective (Детектив)', [
    // L7: "Имеет право прочекать не ходы у выбранного игрока, а именно его мирную роль - детектив узнает ее утром без
    // информации о ходах" (instead of tracking: one move a night). L86: a black holder's shows both roles.
    ability('check-role', 'Check the peaceful role', 'night', {
      selfTargetLimit: 0,
      night: { effect: 'learn-peaceful-role', step: 'check', alternativeTo: ['track'], bothRolesFor: ['black'] },
    }),
  ]),
  // L8: "Имеет возможность самостоятельно проверять ранее полученные от комиссара чеки": the end-of-day verification of
  // L15 (phaseEnd.checkVerification reads the checks passed on to him too); its status takes his night move ("Из
  // проверки чеков, запроса на роль и выстрела можно выбрать лишь одно действие за раз").
  role('investigator', 'Investigator (Следователь)', [
    ability('verify-check', 'Send a check for verification (end of day; no move that night)', 'day'),
  ]),
];

/** Russian names (the seed's words). */
export const blackInfoNames: { readonly abilities: Readonly<Record<string, LocalNames>> } = {
  abilities: { 'check-role': { ru: 'Проверка мирной роли' } },
};

/** Questions the seed leaves open here, with the answer Gavel takes. */
export const blackInfoOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'night.settings.blackDetectiveBothRoles',
    question:
      'L86: a black Detective "чекает за раз мирную и негативную роль, но следователю передает стандартный результат"; of his L7 modes, does it concern the track (the moves of both roles, where the standard track follows the negative role\'s), the role check (both roles), or both? `both` (the default), `track` or `role-check`. The Investigator gets the standard result in every case. The night reports it when a black Detective\'s result differs from the standard one.',
  },
  {
    setting: 'night.settings.forgerAlsoToldTruth',
    question:
      'L17 "Если совершается подмена информации у целевого игрока или роли, то меняющий ее игрок сам получает утром такой же результат": a black or the Faceless\'s Commissar or Detective who substitutes what the Investigator is handed (L85, L86, L77) is told the forged result himself; does he still learn the real one beside it? `no` (the default, the line\'s words: the forged one alone, and no L85 "false black" that would tell the truth) or `yes` (the real one too, his alone). The night reports it when it makes a substitution.',
  },
];
