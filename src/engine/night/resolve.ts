import type { Rng } from '../rng';
import { collectActions } from './intake';
import { resolveOrdered } from './ordered';
import { resolveReasonable } from './reasonable';
import type { NightRules } from './rules';
import type { NightInput, NightResolution } from './types';

/**
 * Resolves one night: intake (last valid action stands, refusals with
 * reasons, ranked faction orders), then the resolver the rules name.
 * Pure and deterministic: the same input, rules and seed give the same
 * resolution, whatever order the actions were listed in.
 *
 * @example
 * resolveNight(input, nightRulesOf(rulesets['mafia-1923-000']), createRng(42))
 */
export function resolveNight(input: NightInput, rules: NightRules, rng: Rng): NightResolution {
  const intake = collectActions(input, rules);
  return rules.method === 'reasonable' ? resolveReasonable(input, rules, intake) : resolveOrdered(input, rules, rng, intake);
}
