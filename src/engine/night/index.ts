/** Night resolution: role-PM actions in, explained outcomes out (issue #7). */
export type * from './types';
export { resolveNight } from './resolve';
export { collectActions, describeRefusal, refusalMessage, type AcceptedAction, type Intake } from './intake';
export { settingValue } from './settings-words';
export { isEngineMessage, messageOf } from './say';
export { formatResolution, formatReason } from './explain';
export {
  isNightResult,
  nightFactCodes,
  nightResult,
  nightResultKeys,
  nightResultMessage,
  nightResultNames,
  nightResultWords,
  renderNightMessage,
  renderNightResult,
  type MorningWord,
  type NightFactCode,
  type NightFactValues,
  type NightLanguage,
  type NightResult,
  type NightResultKey,
  type NightResultMessage,
  type NightResultNames,
  type NightResultOf,
} from './results';
export {
  byHandAbilities,
  nightAbilityOf,
  nightRoleOf,
  type NightAbilityDef,
  type NightEffectKind,
  type NightPassiveKind,
  type NightRoleDef,
  type NightTargetSpec,
} from './roles';
export {
  defaultNightSettings,
  nightRulesOf,
  nightSettingValues,
  withNight,
  type FactionKillCount,
  type NightRules,
  type NightSection,
  type NightSettings,
} from './rules';
