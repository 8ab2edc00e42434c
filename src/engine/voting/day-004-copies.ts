/**
 * A copy's weight and barrier in the day tally (seed 004 L40, the Actor; L47, the Wizard "как актер"): "Если
 * скопировал судью или священника, то голос или барьер будет на треть слабее базового" (the factor, for
 * `factorRoles` only: a copied Hero's single barrier, L35, stays whole), and "Если скопировал роль, играет за нее с
 * нуля" against the Priest's barrier that falls "за каждого залинчованного красного игрока, даже если священник не
 * голосовал за него" (L30): the setting `borrowedWeights.barrierLynches`, reported when the two readings differ.
 */
import type { GameState, PlayerState } from '../game/types';
import type { OpenQuestionHit, PluralityDayRules, PluralityRoleDayRules, Ruleset } from '../rules/types';
import { holds, redsLynched } from './day-004';

type Borrowed = NonNullable<PluralityRoleDayRules['borrowedWeights']>;

/** The factor a copy of `role` weighs or bars with (L40): the rules' factor for `factorRoles` (all roles when absent), else 1. */
export function copyFactor(borrowed: Borrowed | undefined, role: string): number {
  if (borrowed === undefined) return 1;
  return borrowed.factorRoles === undefined || borrowed.factorRoles.includes(role) ? borrowed.factor : 1;
}

/**
 * The barrier `player` has today through his copy of `source`'s role (0 when the role gives none), and the open
 * question it met: a barrier that falls with red lynches, with reds lynched already.
 */
export function copiedBarrier(
  state: GameState,
  ruleset: Ruleset,
  day: PluralityDayRules | undefined,
  player: PlayerState,
  source: PlayerState,
): { readonly barrier: number; readonly hits: readonly OpenQuestionHit[] } {
  const borrowed = day?.roleDay?.borrowedWeights;
  const setting = borrowed?.barrierLynches ?? 'from-scratch';
  let best = 0;
  const hits: OpenQuestionHit[] = [];
  for (const b of day?.roleBarriers ?? []) {
    if (!holds(source, b.role)) continue;
    const lynched = b.perRedLynch === 0 ? 0 : redsLynched(state, ruleset);
    const start = setting === 'counted' ? b.start + b.perRedLynch * lynched : b.start;
    best = Math.max(best, Math.round(Math.max(0, start) * copyFactor(borrowed, b.role) * 100) / 100);
    if (lynched > 0)
      hits.push({
        setting: 'voting.day.roleDay.borrowedWeights.barrierLynches',
        chosen: setting,
        detail: `${player.name} plays a copy of ${b.role}: ${lynched} red(s) lynched so far`,
      });
  }
  return { barrier: best, hits };
}
