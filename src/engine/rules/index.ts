export * from './types';
export { findNightRuleset, findRuleset, forumTemplateReasonable, nightRuleNames, rulesets, type PresetRulesetId } from './registry';
export { parseRuleset, withSettings, type RulesetParse } from './validate';
export { ability, defaultTemplates, role } from './defaults';
export { rulesetNightRules, rulesetSections } from './sections';
export { validateNight } from './validate-night';
