/**
 * The last roles of the forum standard's catalogue (issue 19), laid over the
 * `forum-standard` ruleset by `withMoreRoles`:
 *
 * - Cult Recruiter: each night recruits the target into the cult (`recruit`,
 *   src/engine/night/nar-more.ts). The usual forum reading: the recruit fails
 *   on scum (the mafia, a Serial Killer), on a player protected that night, and
 *   on a recruit-immune role. The cult is a third faction that wins by parity
 *   of its own (`win.ownParity`, src/engine/win/own-parity.ts).
 * - Friendly Neighbor: each night tells the target by PM that he is town
 *   (`tell-alignment`: his true alignment).
 * - Neighbor: the Neighbors know each other and share a night chat
 *   (`knowsHolders`, src/engine/setup/role-groups.ts: the setup PMs name the
 *   others, and the host is told to open the chat); the Masons likewise.
 * - Vengeful: when lynched, kills one of the players who voted for him (a day
 *   move the host records before the day ends, `lynch-revenge`,
 *   src/engine/game/vengeful.ts; refused on a player not voting for him).
 */
import { ability, role } from '../../defaults';
import type { FactionDef, OpenQuestion, Ruleset, RulesetAbility, RulesetRole } from '../../types';

const named = (a: RulesetAbility, ru: string): RulesetAbility => ({ ...a, names: { ru } });
const withRu = (r: RulesetRole, ru: string): RulesetRole => ({ ...r, names: { ru } });

/** The cult: a third faction whose members know each other and win by their own parity. */
export const cultFaction: FactionDef = { id: 'cult', name: 'Cult', names: { ru: 'Культ' }, kind: 'third-party', knowsMembers: true };

export const moreRoles: readonly RulesetRole[] = [
  withRu(
    role(
      'cult-recruiter',
      'Cult Recruiter',
      [named(ability('recruit', 'Recruit', 'night', { selfTargetLimit: 0, night: { effect: 'recruit', step: 'kill' } }), 'Вербовка')],
      'Each night recruits the target into the cult; fails on scum, on a protected player and on a recruit-immune one.',
    ),
    'Вербовщик культа',
  ),
  withRu(role('cultist', 'Cultist', [], 'A member of the cult with no night action.', { plain: true }), 'Сектант'),
  withRu(
    role(
      'friendly-neighbor',
      'Friendly Neighbor',
      [
        named(
          ability('befriend', 'Befriend', 'night', { selfTargetLimit: 0, night: { effect: 'tell-alignment', step: 'investigate' } }),
          'Представиться соседу',
        ),
      ],
      'Each night tells the target by PM that he is town.',
    ),
    'Дружелюбный сосед',
  ),
  withRu(
    {
      ...role('neighbor', 'Neighbor', [], 'Knows the other Neighbors and talks with them at night in their chat.', { plain: true }),
      knowsHolders: true,
    },
    'Сосед',
  ),
  withRu(
    role(
      'vengeful',
      'Vengeful',
      [named(ability('vengeance', 'Vengeance', 'day', { selfTargetLimit: 0, vote: { kind: 'lynch-revenge' } }), 'Месть')],
      'When lynched, kills one of the players who voted for him.',
    ),
    'Мститель',
  ),
  withRu(
    role(
      'recruit-immune',
      'Recruit-immune Townie',
      [named(ability('unrecruitable', 'Cannot be recruited', 'passive', { night: { passive: 'recruit-immune' } }), 'Невербуемость')],
      'A townie whom no Cult Recruiter can recruit.',
    ),
    'Мирный житель, не поддающийся вербовке',
  ),
];

/** The forum-standard ruleset with these roles, the cult and its parity, and the Masons knowing each other. */
export function withMoreRoles(ruleset: Ruleset): Ruleset {
  const win =
    ruleset.win.kind === 'parity' ? { ...ruleset.win, ownParity: [cultFaction.id], ownParityBesideScum: 'majority' as const } : ruleset.win;
  const guilty =
    ruleset.night === undefined ? undefined : { ...ruleset.night, guiltyFactions: [...ruleset.night.guiltyFactions, cultFaction.id] };
  return {
    ...ruleset,
    ...(guilty === undefined ? {} : { night: guilty }),
    factions: [...ruleset.factions, cultFaction],
    roles: [...ruleset.roles.map((r) => (r.id === 'mason' ? { ...r, knowsHolders: true } : r)), ...moreRoles],
    win,
    openQuestions: [...ruleset.openQuestions, ...moreOpenQuestions],
  };
}

/** The question the cult leaves to the community, with the preset's answer. */
export const moreOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'win.ownParityBesideScum',
    question:
      'The cult (or the mafia) equals the rest of the living while another scum side lives: does it win at parity (parity), or does it need more than half of the living, as the others could still be lynched or kill (majority, the default)?',
  },
];
