/**
 * Seed 004's night details that were still missing (docs/rulesets.md "Not
 * built yet"): the hacked black's end-of-day choice of role and his second
 * game day (L22), the Witch's fixing of a swap (L46), the black or
 * Faceless Bodyguard's alibi (L71, L89) and the black Kamikaze's trap (L100). The mechanics live in
 * src/engine/night/roles-004-visits.ts (the alibi, the role block at night)
 * and src/engine/game/day-moves-004-kept-role.ts (the choice at the day's end).
 */
import { ability, role } from '../../defaults';
import type { DayMove, LocalNames, OpenQuestion, RulesetRole, StatusDef } from '../../types';

/** L22: the status the Hacker's night gives a hacked black, read by the choice at the end of the hacked day. */
const secondDay = 'hacked-one-role';

/** What the end-of-day moves here do, by ability id (merged into `phaseEnd.dayMoves`). */
export const nightDetailMoves: Readonly<Record<string, DayMove>> = {
  // L46: «Ведьма может в конце дня закрепить эффект от своей магии, потому ночью обратного обмена между соответствующими
  // игроками не будет»: the status that remembers the pair (hers, `by` the Witch) comes off, so the night does not swap back.
  'fix-swap': { kind: 'lift-given-status', status: 'witch-swapped' },
  // L22: «В конце дня взломанный черный выбирает роль, которую будет использовать в течение суток»: the other role stays
  // blocked for the second game day (the night and the day after this day's end).
  'keep-peaceful-role': { kind: 'keep-role', mark: secondDay, status: 'negative-role-hacked', phases: 3, unanswered: 'first-move' },
  'keep-negative-role': { kind: 'keep-role', mark: secondDay, status: 'peaceful-role-hacked', phases: 3 },
};

/** The hacked black's choice (L22), a day move of every negative role (a black holds his negative role as his second). */
const keepRoleChoices = [
  ability('keep-peaceful-role', 'Hacked: keep the peaceful role for the second game day (end of day)', 'day', { targets: 0 }),
  ability('keep-negative-role', 'Hacked: keep the negative role for the second game day (end of day)', 'day', { targets: 0 }),
];

/** The ruleset's roles with the hacked black's choice added to each negative role (`night.factionRole`). */
export function withKeptRoleChoice(roles: readonly RulesetRole[]): RulesetRole[] {
  return roles.map((r) =>
    r.night?.factionRole === true
      ? { ...r, abilities: [...r.abilities, ...keepRoleChoices.filter((c) => !r.abilities.some((a) => a.id === c.id))] }
      : r,
  );
}

/** Abilities merged into the roles of the same id. */
export const nightDetailRoles: readonly RulesetRole[] = [
  // L89 (black), L71 (Faceless): «Имеет право на алиби - если на настоящую цель совершили покушение, технически для всех
  // ролей считается, что телохранитель совершил свой ход в цель алиби»: the ward, then the alibi.
  role('bodyguard', 'Bodyguard (Телохранитель)', [
    ability('guard-alibi', 'Guard a player, with an alibi (a black or the Faceless holder)', 'night', {
      targets: 2,
      selfTargetLimit: 0,
      night: { effect: 'take-hits', step: 'bodyguard', status: 'guarded', notForFactions: ['red'] },
    }),
  ]),
  // L100: «может указать ведущему мирные роли с ночными ходами (кроме сидящих дома) в качестве потенциальных жертв» (the
  // move names roles; a black holder's, and not once the role came to him after it killed: «доступен только ход с самоубийством»).
  // L114: «имеет право выбрать мирные роли» is a right: the move sent with no role (`mayBeEmpty`) clears the list he keeps.
  role('kamikaze', 'Kamikaze (Камикадзе)', [
    ability('name-trap-roles', 'Name peaceful roles whose red holders die with him if they come (a black holder)', 'night', {
      targets: 1,
      night: {
        effect: 'trap-roles',
        step: 'trap',
        targetKind: 'role',
        mayBeEmpty: true,
        maxTargets: 12,
        unblockable: true,
        notForFactions: ['red', 'grey'],
        needsSpent: { below: { 'takes-attacker-lost': 1 } },
      },
    }),
  ]),
];

/** The statuses these details give. */
export const nightDetailStatuses: readonly StatusDef[] = [
  // L22: the second game day of a hacked black who kept his negative role: the peaceful role's moves are blocked, by night and by day.
  { id: 'peaceful-role-hacked', name: 'hacked: peaceful role blocked (second game day)', defaultPhases: 2, night: { blocksRole: 'role' } },
  // L22: … who kept his peaceful role: the negative role's moves are blocked.
  {
    id: 'negative-role-hacked',
    name: 'hacked: negative role blocked (second game day)',
    defaultPhases: 2,
    night: { blocksRole: 'secondRole' },
  },
];

/** The abilities the hacked status still lets a player use: his choice of role at the end of the hacked day (L22). */
export const hackedDayChoices: readonly string[] = keepRoleChoices.map((a) => a.id);

/** Questions the seed leaves open here, with the answer Gavel takes. */
export const nightDetailOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'phaseEnd.dayMoves.keep-peaceful-role.unanswered',
    question:
      'A black hacked the night before names no role to keep by the end of the hacked day (L22 gives him the choice and no default): Gavel keeps the role of the first move he sends that night, and the other stays blocked the day after too (`this-role` on a move keeps that move’s role instead).',
  },
];

/** Russian names (the seed's words). */
export const nightDetailNames: {
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  abilities: {
    'keep-peaceful-role': { ru: 'Взломан: оставить себе мирную роль на вторые сутки (в конце дня)' },
    'keep-negative-role': { ru: 'Взломан: оставить себе негативную роль на вторые сутки (в конце дня)' },
    'bodyguard/guard-alibi': { ru: 'Защитить игрока, с алиби' },
    'kamikaze/name-trap-roles': { ru: 'Указать мирные роли — потенциальные жертвы' },
  },
  statuses: {
    'peaceful-role-hacked': { ru: 'взломан: мирная роль заблокирована (вторые сутки)' },
    'negative-role-hacked': { ru: 'взломан: негативная роль заблокирована (вторые сутки)' },
  },
};
