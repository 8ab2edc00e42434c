/**
 * Seed 004's day rulings of the fifth day file: the black Hero (L98) and the Faceless's Hero (L73). The tally reads
 * them through `voting.day.roleDay` (`src/engine/voting/weighted-plurality.ts`, the Hero's save), never by a role's
 * name; the night reads the statuses they give by their mechanics.
 */
import { ability, role } from '../../defaults';
import type { PluralityRoleDayRules, RulesetRole, StatusDef } from '../../types';

/** The Hero's day move of the Faceless (the roles merge by id). */
export const dayRoles004e: readonly RulesetRole[] = [
  // L73: "Если линчуется сам, имеет право на героический суицид".
  // The Faceless's only (`holderColors`): a red or black Hero has no such move.
  role('hero', 'Hero (Герой)', [
    ability('heroic-suicide', 'Heroic suicide when lynched (the Faceless)', 'day', { targets: 0, holderColors: ['grey'] }),
  ]),
];

/** The role rulings (`voting.day.roleDay`'s part these rulings add). */
export const roleDay004e: Pick<PluralityRoleDayRules, 'blackSave' | 'greySavesAny' | 'greyToldLynchedTeam' | 'greySuicide'> = {
  // L98: "будет одинаково спасать как красных, так и черных игроков … Если спас именно красного игрока, то герой будет
  // чекаться красным, как оборотень, пока спасенный красный остается жив. Если оборотень с ролью героя спасает другого
  // черного, то потеряет свой красный цвет до конца игры. Черный герой и спасенный черный игрок не могут использовать
  // черные ходы киллеров в ближайшую ночь." Two phases: the rest of the day and the night after it.
  blackSave: { reddenedStatus: 'hero-reddened', bloodiedStatus: 'has-killed', noKillStatus: 'hero-no-kill', noKillPhases: 2 },
  // L73: "Герой - может спасти любого игрока, при этом ведущий назовет команду линчуемого".
  greySavesAny: true,
  // L73: "ведущий назовет команду линчуемого в тот момент, когда спросит безликого про ход героя" (saved or not).
  greyToldLynchedTeam: true,
  // L73: "покинет игру с ничьей, но потеряет все набранные жертвы".
  greySuicide: { roles: ['hero'], ability: 'heroic-suicide', status: 'heroic-suicide' },
};

/** The statuses these rulings give. */
export const dayStatuses004e: readonly StatusDef[] = [
  // L98: the black Hero who saved a red (`with` him) checks red while that red lives (the night's `reddened`).
  { id: 'hero-reddened', name: 'checks red while the red he saved lives', night: { mechanic: 'reddened' } },
  // L73: the Faceless lynched took the heroic suicide: a draw, no victims.
  { id: 'heroic-suicide', name: 'heroic suicide (a draw, no victims)', public: true },
  // L98: the black Hero and the black he saved: their negative role's moves are blocked the night after.
  {
    id: 'hero-no-kill',
    name: 'no black killer moves tonight (the Hero’s save)',
    defaultPhases: 2,
    // "черные ходы киллеров": the shot, the insurance and the contract kills, not a werewolf's other special moves.
    night: { blocksRole: 'secondRole', blockCause: 'hero-save', blocksEffects: ['faction-kill', 'kill', 'insure', 'contract-kill'] },
  },
];

/** Their names as the seed writes them. */
export const dayNames004e: {
  readonly abilities: Readonly<Record<string, { readonly ru: string }>>;
  readonly statuses: Readonly<Record<string, { readonly ru: string }>>;
} = {
  abilities: { 'heroic-suicide': { ru: 'Героический суицид' } },
  statuses: {
    'hero-reddened': { ru: 'чекается красным, пока спасенный красный жив' },
    'heroic-suicide': { ru: 'героический суицид (ничья, жертвы потеряны)' },
    'hero-no-kill': { ru: 'без черных ходов киллеров в ближайшую ночь' },
  },
};
