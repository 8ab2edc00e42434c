export * from './types';
export {
  findNightRuleset,
  findRuleset,
  forumStandardReasonable,
  forumTemplateReasonable,
  nightRuleNames,
  rulesets,
  type PresetRulesetId,
} from './registry';
export { parseRuleset, withSettings, type RulesetParse } from './validate';
export { ability, defaultTemplates, defaultTemplatesIn, defaultTemplatesRu, role, withNames, type PresetNames } from './defaults';
export { rulesetNightRules, rulesetSections } from './sections';
export { validateNight } from './validate-night';
export {
  choiceFor,
  readSetting,
  settingChoices,
  settingDefault,
  settingOptions,
  settingValueWords,
  writeSetting,
  writeSettings,
  type SettingChoice,
  type SettingKind,
  type SettingRead,
  type SettingValue,
  type SettingWrite,
} from './setting-choices';
