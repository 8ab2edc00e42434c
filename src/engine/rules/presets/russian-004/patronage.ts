/**
 * Seed 004's Politician in office (L132): as the Mayor or his Secretary he
 * takes a player under his patronage for the night at the end of each day.
 * The protégé is hidden from colour checks as the Politician is, and the
 * Politician learns the roles of all who visited him. The day move is
 * `phaseEnd.dayMoves.patronage` (src/engine/game/day-moves-004.ts), the night
 * part is the status's meaning (src/engine/night/roles-004-checks.ts).
 */
import { ability, role } from '../../defaults';
import type { DayMove, LocalNames, RulesetRole, StatusDef } from '../../types';

/** The status a protégé carries, `with` the Politician, for the night after the day it is given. */
const protege = 'protege';

/** What the end-of-day move does (merged into `phaseEnd.dayMoves`). */
export const patronageMoves: Readonly<Record<string, DayMove>> = {
  // L132: "Если стал мэром или его секретаршей, то может в конце каждого дня брать на ночь под свое покровительство
  // любого игрока": one player a day, for the night after; a new day's choice replaces the last.
  patronage: {
    kind: 'partner-status',
    status: protege,
    holder: 'targets',
    maxTargets: 1,
    phases: 2,
    replaces: true,
    whileTitles: ['mayor', 'secretary'],
  },
};

/** The ability, merged into the Politician's role. */
export const patronageRoles: readonly RulesetRole[] = [
  role('politician', 'Politician (Политик)', [
    ability('patronage', 'Take a player under patronage for the night (as Mayor or Secretary, end of day)', 'day', { selfTargetLimit: 0 }),
  ]),
];

/** The protégé's status. */
export const patronageStatuses: readonly StatusDef[] = [
  // L132: "Фактически этот игрок временно приравнивается к политику, поэтому тоже получает защиту - цветные чеки не дадут по
  // нему информацию"; "политик увидит роли всех, кто заходил к нему ночью, даже если этого игрока убьют".
  {
    id: protege,
    name: 'under the Politician’s patronage',
    defaultPhases: 2,
    night: { hiddenFromChecks: true, visitorRolesToWith: true },
  },
];

/** Russian names (the seed's words). */
export const patronageNames: {
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  abilities: { patronage: { ru: 'Взять игрока на ночь под покровительство (мэр или секретарша, в конце дня)' } },
  statuses: { protege: { ru: 'под покровительством политика' } },
};
