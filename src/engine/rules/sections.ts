import { breachRulesPresets } from '../breaches/rules';
import type { BreachRules } from '../breaches/types';
import { nightRulesOf, type NightRules } from '../night/rules';
import { findRuleset } from './registry';
import type { Ruleset } from './types';

/**
 * The night rules of a ruleset: derived from its own `night` section and
 * roles. A ruleset saved before rulesets had a night section (a stored game)
 * falls back to the preset its `references.nightRules`, or its id, names.
 */
export function rulesetNightRules(ruleset: Ruleset): NightRules | undefined {
  if (ruleset.night !== undefined) return nightRulesOf(ruleset);
  const preset = findRuleset(ruleset.references?.nightRules ?? ruleset.id);
  return preset === undefined ? undefined : nightRulesOf(preset);
}

/** The other parts' rule sections a ruleset uses, resolved (undefined where it has none). */
export function rulesetSections(ruleset: Ruleset): { readonly breachRules?: BreachRules; readonly nightRules?: NightRules } {
  const breach = ruleset.references?.breachRules;
  const night = rulesetNightRules(ruleset);
  return {
    ...(breach === undefined ? {} : { breachRules: breachRulesPresets[breach] }),
    ...(night === undefined ? {} : { nightRules: night }),
  };
}
