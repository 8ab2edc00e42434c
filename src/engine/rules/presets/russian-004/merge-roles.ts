import type { RulesetRole } from '../../types';

/**
 * Roles from several files, one per id: a role defined twice (its night part in
 * one file, its day part in another) becomes one role with the abilities of both.
 * The first definition's name and summary stand; an ability id given twice keeps
 * the first.
 */
export function mergeRoles(...lists: readonly (readonly RulesetRole[])[]): RulesetRole[] {
  const byId = new Map<string, RulesetRole>();
  for (const role of lists.flat()) {
    const seen = byId.get(role.id);
    if (seen === undefined) {
      byId.set(role.id, role);
      continue;
    }
    const ids = new Set(seen.abilities.map((a) => a.id));
    byId.set(role.id, { ...role, ...seen, abilities: [...seen.abilities, ...role.abilities.filter((a) => !ids.has(a.id))] });
  }
  return [...byId.values()];
}
