export * from './types';
export { findRuleset, rulesets, type PresetRulesetId } from './registry';
export { parseRuleset, type RulesetParse } from './validate';
export { ability, defaultTemplates, role } from './defaults';
