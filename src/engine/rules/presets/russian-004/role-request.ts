/**
 * Seed 004's role request ("запрос на роль", L7, L8): the Detective's and the Investigator's day move naming a peaceful
 * role. The mechanics live in src/engine/night/roles-004-requests.ts (the answer) and src/engine/game/actions.ts (the
 * role named, one move a day).
 */
import { ability, role } from '../../defaults';
import type { LocalNames, OpenQuestion, RulesetRole } from '../../types';

/**
 * L7 "конкретную мирную роль": the roles of the preset that are no peaceful role (the sides' own roles, `factionRole`,
 * are left out anyway): the black roles a player holds alone and the werewolves (L48–L55, extended L131), the Faceless
 * (L59), the elite (L124–L129).
 */
const notPeaceful = [
  'mercenary',
  'ninja',
  'imitator',
  'joker',
  'poisoner',
  'executioner',
  'geisha',
  'werewolf',
  'faceless',
  'agent',
  'servant',
  'mason',
];

/** Abilities merged into the roles of the same id. */
export const roleRequestRoles: readonly RulesetRole[] = [
  // L7: "Также имеет право на альтернативный ход днем - запрос на роль … дополнительно может увидеть роли тех, кто
  // заходил к детективу ночью, аналогично эффекту политика".
  role('detective', 'Detective (Детектив)', [
    // L86 (black): "Имеет право подменить данные следователя - может заранее указать ведущему … результат запроса на
    // роль, что будет передан утром"; L77 (the Faceless): "Комиссар/Детектив - могут подменять информацию, как черные".
    ability('request-role', 'Role request (by day; no move that night)', 'day', {
      roleRequest: { seesVisitorRoles: true, forwardForgedBy: ['black', 'grey'], notPeaceful },
    }),
  ]),
  // L8: "Также имеет возможность совершать запрос на роль, как детектив, но без опознавания ночных посетителей. … Из
  // проверки чеков, запроса на роль и выстрела можно выбрать лишь одно действие за раз" (the shot: the request takes
  // the night's move; the verification: one of the two a day).
  role('investigator', 'Investigator (Следователь)', [
    ability('request-role', 'Role request (by day; no move that night)', 'day', {
      roleRequest: { alternativeTo: ['verify-check'], notPeaceful },
    }),
  ]),
];

/** Russian names (the seed's words). */
export const roleRequestNames: { readonly abilities: Readonly<Record<string, LocalNames>> } = {
  abilities: { 'request-role': { ru: 'Запрос на роль (днем; без хода этой ночью)' } },
};

/** Questions the seed leaves open here, with the answer Gavel takes. */
export const roleRequestOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'night.settings.requestBlockedSeesVisitors',
    question:
      'L7: "В случае запроса на роль - если роль детектива была заблочена … - информация не предоставляется; дополнительно может увидеть роли тех, кто заходил к детективу ночью": does a Detective whose role was blocked the night after his request still see his visitors\' roles? `no` (the default: a blocked role sees nothing) or `yes`. Reported when a blocked requester had visitors.',
  },
];
