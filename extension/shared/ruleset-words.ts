/**
 * The names a ruleset gives its roles, abilities, statuses and factions, and
 * its own name, for `sayMessage` and the pages: by id, in the host's language
 * (the engine's `postNames`: the ruleset's `names` in that language, else the
 * same preset's for a game stored before rulesets had them, else the
 * ruleset's own name, else the id).
 */
import { postNames } from '../../src/engine/announce/phrases';
import type { LocalNames, Ruleset } from '../../src/engine/rules/types';
import type { RulesetWords } from './format';
import type { Language } from './i18n';

export function rulesetWords(ruleset: Ruleset, language: Language): RulesetWords {
  const names = postNames(ruleset, language);
  return { role: names.role, ability: names.ability, status: names.status, faction: names.faction, level: names.level };
}

/** The ruleset's own name in the host's language ("Форумный шаблон…"). */
export function rulesetTitle(ruleset: Ruleset, language: Language): string {
  return postNames(ruleset, language).ruleset();
}

/** The ruleset's own name in the host's language where it gives one ("Форумный шаблон (…)"), else as written. */
export function rulesetName(ruleset: { readonly name: string; readonly names?: LocalNames | undefined }, language: Language): string {
  return ruleset.names?.[language] ?? ruleset.name;
}
