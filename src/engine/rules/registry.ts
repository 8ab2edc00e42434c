import { detectiveConan } from './presets/detective-conan-003';
import { forumTemplate } from './presets/forum-template-001';
import { mafia1923 } from './presets/mafia-1923-000';
import { russian004 } from './presets/russian-004';
import type { Ruleset } from './types';

/** The preset ids. */
export type PresetRulesetId = 'forum-template-001' | 'mafia-1923-000' | 'detective-conan-003' | 'russian-004';

/** The four seed games as data, by id. */
export const rulesets: Readonly<Record<PresetRulesetId, Ruleset>> = {
  'forum-template-001': forumTemplate,
  'mafia-1923-000': mafia1923,
  'detective-conan-003': detectiveConan,
  'russian-004': russian004,
};

/** A preset by id, or undefined. */
export function findRuleset(id: string): Ruleset | undefined {
  return (Object.values(rulesets) as Ruleset[]).find((r) => r.id === id);
}
