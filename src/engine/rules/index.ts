export * from './types';
export { findRuleset, rulesets, type PresetRulesetId } from './registry';
export { parseRuleset, withSettings, type RulesetParse } from './validate';
export { ability, defaultTemplates, role } from './defaults';
export { rulesetSections } from './sections';
