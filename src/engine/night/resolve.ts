import type { Rng } from '../rng';
import { collectActions, compareActions } from './intake';
import { resolveOrdered } from './ordered';
import { resolveReasonable } from './reasonable';
import { hideKillersFromCopies, kinMoveQuestions } from './roles-004-copies';
import { afterCorpses, prepareCollections, prepareCorpses, prepareSamples } from './roles-004-corpses';
import { prepareDayOrders, prepareSlaves } from './roles-004-slaves';
import { prepareInheritance } from './roles-004-heirs';
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
  // 004 L42, L27: the Necromancer's and the Pimp's day choices become statuses the night reads; the Pimp's orders apply.
  const corpses = prepareCorpses(prepareDayOrders(given, rules), rules.borrowing ?? {});
  const collections = prepareCollections(corpses.input, rules);
  // 004 L9: the Active citizen takes a role lynched the day before, after the Collector (L41).
  const heirs = prepareInheritance(collections.input, rules, rng);
  const slaves = prepareSlaves(prepareSamples(heirs.input, rules), rules);
  const input = slaves.input;
  const intake = collectActions(input, rules);
  const resolved = rules.method === 'reasonable' ? resolveReasonable(input, rules, intake) : resolveOrdered(input, rules, rng, intake);
  const before = [...corpses.events, ...collections.events, ...heirs.events, ...slaves.events];
  const early = [...collections.refused, ...slaves.refused];
  const declared = intake.declared ?? [];
  const r =
    before.length === 0 && early.length === 0 && slaves.accepted.length === 0 && declared.length === 0
      ? resolved
      : {
          ...resolved,
          events: [...before, ...resolved.events],
          accepted: [...resolved.accepted, ...slaves.accepted, ...declared],
          refused: [...resolved.refused, ...early].sort((x, y) => compareActions(x.action, y.action)),
        };
  return afterCorpses(input, rules, rules.borrowing ?? {}, rng, kinMoveQuestions(input, rules, hideKillersFromCopies(input, rules, r)));
}
