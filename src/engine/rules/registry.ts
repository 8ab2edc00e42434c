import { withNight } from '../night/rules';
import { detectiveConan } from './presets/detective-conan-003';
import { forumStandard } from './presets/forum-standard';
import { forumStandardReasonable } from './presets/forum-standard-rar';
export { forumStandardReasonable };
import { forumTemplate } from './presets/forum-template-001';
import { mafia1923 } from './presets/mafia-1923-000';
import { russian004 } from './presets/russian-004';
import { russian004Extended } from './presets/russian-004-extended';
import type { Ruleset } from './types';

/** The preset ids. */
export type PresetRulesetId =
  | 'forum-template-001'
  | 'forum-template-001-rar'
  | 'mafia-1923-000'
  | 'detective-conan-003'
  | 'russian-004'
  | 'russian-004-extended'
  | 'forum-standard'
  | 'forum-standard-rar';

/** 001's Method 2: the forum template with its nights resolved by Reasonable Action Resolution. */
export const forumTemplateReasonable: Ruleset = {
  ...withNight(
    forumTemplate,
    { method: 'reasonable', assumedSteps: {} },
    'forum-template-001-rar',
    'Forum template, Reasonable Action Resolution (seed 001)',
  ),
  names: { ru: 'Форумный шаблон (разумное разрешение действий)' },
};

/** The four seed games as data (004 in its standard and extended formats), the forum standard (NAR), and both forum rulesets under Reasonable Action Resolution, by id. */
export const rulesets: Readonly<Record<PresetRulesetId, Ruleset>> = {
  'forum-template-001': forumTemplate,
  // 001's Method 2 and the forum standard under it: a host picks Reasonable Action Resolution as a preset of its own.
  'forum-template-001-rar': forumTemplateReasonable,
  'mafia-1923-000': mafia1923,
  'detective-conan-003': detectiveConan,
  'russian-004': russian004,
  'russian-004-extended': russian004Extended,
  'forum-standard': forumStandard,
  'forum-standard-rar': forumStandardReasonable,
};

/** A preset by id, or undefined. */
export function findRuleset(id: string): Ruleset | undefined {
  return (Object.values(rulesets) as Ruleset[]).find((r) => r.id === id);
}

/** The names a night scenario (`gavel resolve`) may give its rules by, besides the preset ids. */
export const nightRuleNames: Readonly<Record<string, Ruleset>> = {
  'forum-template-001-rar': forumTemplateReasonable,
  'forum-standard-rar': forumStandardReasonable,
  'mafia-1923': mafia1923,
  'forum-simple': forumTemplate,
  'forum-rar': forumTemplateReasonable,
  nar: forumStandard,
  conan: detectiveConan,
  russian: russian004,
};

/** The ruleset a night scenario names: a preset id, or one of `nightRuleNames`. */
export function findNightRuleset(name: string): Ruleset | undefined {
  return findRuleset(name) ?? nightRuleNames[name];
}
