import type { Rng } from '../rng';
import { collectActions } from './intake';
import { resolveOrdered } from './ordered';
import { resolveReasonable } from './reasonable';
import { hideKillersFromCopies } from './roles-004-copies';
import { afterCorpses, prepareCorpses } from './roles-004-corpses';
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
export function resolveNight(given: NightInput, rules: NightRules, rng: Rng): NightResolution {
  // 004 L42: the Necromancer's day choices (curse, swap) become statuses the night reads.
  const prepared = prepareCorpses(given, rules.borrowing ?? {});
  const input = prepared.input;
  const intake = collectActions(input, rules);
  const resolved = rules.method === 'reasonable' ? resolveReasonable(input, rules, intake) : resolveOrdered(input, rules, rng, intake);
  const r = prepared.events.length === 0 ? resolved : { ...resolved, events: [...prepared.events, ...resolved.events] };
  return afterCorpses(input, rules, rules.borrowing ?? {}, rng, hideKillersFromCopies(input, rules, r));
}
