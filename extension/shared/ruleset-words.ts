/**
 * The names a ruleset gives its roles, abilities, statuses and factions, for
 * `sayMessage` and the pages: by id, in the host's language where the
 * ruleset names them in it, else the ruleset's own name, else the id.
 */
import type { LocalNames, Ruleset } from '../../src/engine/rules/types';
import type { RulesetWords } from './format';
import type { Language } from './i18n';

/** A name the ruleset gives, with its translations when the ruleset has them (`names: { ru: … }`). */
interface Named {
  readonly id: string;
  readonly name: string;
  readonly names?: Readonly<Partial<Record<string, string>>>;
}

function nameIn(item: Named | undefined, id: string, language: Language): string {
  if (item === undefined) return id;
  return item.names?.[language] ?? item.name;
}

export function rulesetWords(ruleset: Pick<Ruleset, 'roles' | 'statuses' | 'factions'>, language: Language): RulesetWords {
  const abilities = new Map<string, Named>();
  for (const role of ruleset.roles) for (const a of role.abilities) if (!abilities.has(a.id)) abilities.set(a.id, a);
  return {
    role: (id) =>
      nameIn(
        ruleset.roles.find((r) => r.id === id),
        id,
        language,
      ),
    ability: (id) => nameIn(abilities.get(id), id, language),
    status: (id) =>
      nameIn(
        ruleset.statuses.find((s) => s.id === id),
        id,
        language,
      ),
    faction: (id) =>
      nameIn(
        ruleset.factions.find((f) => f.id === id),
        id,
        language,
      ),
  };
}

/** The ruleset's own name in the host's language where it gives one ("Форумный шаблон (…)"), else as written. */
export function rulesetName(ruleset: { readonly name: string; readonly names?: LocalNames | undefined }, language: Language): string {
  return ruleset.names?.[language] ?? ruleset.name;
}
