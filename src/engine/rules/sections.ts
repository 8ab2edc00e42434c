import { breachRulesPresets } from '../breaches/rules';
import type { BreachRules } from '../breaches/types';
import { nightRulePresets, type NightRules } from '../night/rules';
import type { Ruleset } from './types';

/** The other parts' rule sections a ruleset names in `references`, resolved (undefined where it names none). */
export function rulesetSections(ruleset: Ruleset): { readonly breachRules?: BreachRules; readonly nightRules?: NightRules } {
  const breach = ruleset.references?.breachRules;
  const night = nightRulePresets[ruleset.references?.nightRules ?? ''];
  return {
    ...(breach === undefined ? {} : { breachRules: breachRulesPresets[breach] }),
    ...(night === undefined ? {} : { nightRules: night }),
  };
}
