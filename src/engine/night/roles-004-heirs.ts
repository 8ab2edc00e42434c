/**
 * 004 L9, the Active citizen after a lynch: «Однако, если одна из мирных ролей выбыла из игры, тут же принимает ее на
 * себя … занимает первое свободное место после соответствующего линчевания или ночи. Если умер негатив, все равно
 * забирает себе его мирную роль. Если за раз погибли несколько игроков, ведущий даст одну из их ролей, но в приоритете
 * будут роли красных игроков … Если умер покалеченный игрок, активный житель не получит его роль».
 *
 * A death at night is inherited as it happens (ordered.ts `afterDeath`). A player lynched by day leaves his role
 * before the night: this step, run before the intake, gives it to a living holder of the passive `inherit-role`, so he
 * plays it that night. It runs after the Collector's (L41, §8: the Collector who named the lynched player comes first).
 */
import { anyRoleHasPassive, findRole } from './intake';
import { heirDrawn } from './ordered';
import type { Rng } from '../rng';
import { nightResult } from './results';
import type { NightRules } from './rules';
import { say } from './say';
import { crippledTonight, mechanicStatusId } from './statuses';
import type { NightEvent, NightInput, NightPlayer } from './types';
import { engineMessage, word } from '../words';

/** Whether the player holds a role with the passive `inherit-role` (the Active citizen). */
function inherits(rules: NightRules, p: NightPlayer): boolean {
  return [p.role, p.secondRole].some((id) => id !== undefined && findRole(rules, id)?.passives?.includes('inherit-role') === true);
}

/** The Active citizen takes the role of a player lynched the day before (L9). */
export function prepareInheritance(given: NightInput, rules: NightRules, rng: Rng): { input: NightInput; events: NightEvent[] } {
  const lynched = given.dayBefore?.lynched ?? [];
  if (lynched.length === 0 || !anyRoleHasPassive(rules, 'inherit-role')) return { input: given, events: [] };
  const collected = mechanicStatusId(given, 'in-collection');
  const red = (p: NightPlayer): boolean => !rules.guiltyFactions.includes(p.faction) && rules.greyFactions?.includes(p.faction) !== true;
  const left = lynched
    .map((id) => given.players.find((p) => p.slotId === id))
    .filter((p): p is NightPlayer => {
      if (p === undefined || p.alive) return false;
      const role = findRole(rules, p.role);
      if (role === undefined || role.plain === true || role.passives?.includes('inherit-role') === true) return false;
      return !crippledTonight(given, p.statuses, given.night) && !(p.statuses ?? []).some((s) => s.id === collected);
    });
  // "в приоритете будут роли красных игроков"; otherwise in the order of the lynch.
  const order = [...left.filter(red), ...left.filter((p) => !red(p))];
  const players = [...given.players];
  const events: NightEvent[] = [];
  for (const victim of order) {
    // "В расширенном формате два активных жителя, поэтому порядок получения роли определяется рандомом".
    const candidates = players.flatMap((p, i) => (p.alive && p.slotId !== victim.slotId && inherits(rules, p) ? [i] : []));
    const at = candidates.length > 1 ? candidates[rng.int(candidates.length)] : candidates[0];
    const heir = at === undefined ? undefined : players[at];
    if (at === undefined || heir === undefined) break;
    players[at] = { ...heir, role: victim.role };
    const lynchedBefore = say(
      `${victim.name} was lynched the day before (004 L9)`,
      engineMessage('night/lynched-day-before', word.text(victim.name)),
    );
    const because = candidates.length > 1 ? heirDrawn(candidates.length, heir.name, lynchedBefore) : lynchedBefore;
    events.push({
      type: 'role-changed',
      player: heir.slotId,
      slot: 'role',
      from: heir.role,
      to: victim.role,
      reasons: [
        say(
          'the Active Citizen inherits the peaceful role of a departed player (004)',
          engineMessage('night/inherits-role', word.text(heir.name), word.role(heir.role), word.role(victim.role)),
          [because],
        ),
      ],
    });
    events.push({
      type: 'message',
      to: heir.slotId,
      result: nightResult(heir.slotId, 'role-inherited', [victim.slotId], victim.role),
      reasons: [because],
    });
  }
  return events.length === 0 ? { input: given, events } : { input: { ...given, players }, events };
}
