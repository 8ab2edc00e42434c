/**
 * 004 L74, the Faceless holding the Kamikaze: what his night deaths add to or
 * take from his score (`phaseEnd.faceCutLynch`), read from the state by
 * `facelessTallies`:
 *
 * - «если киллер умер от атаки по безликому камикадзе, будучи одной из жертв
 *   со срезанным лицом, он пойдет в зачет у безликого»: a killer who died of
 *   his revenge (`revenge`, by him) while carrying his face cut counts as a
 *   victim (`victimPoints`, as a lynched victim, L64.2);
 * - «Всегда может специально самоубиться с кем-либо - безликий умрет с ничьей,
 *   заблокировав игроку роль и цвет и обнулив ранее набранные жертвы»: a
 *   Faceless who died by his own move at night keeps no victims.
 */
import type { Ruleset } from '../rules/types';
import type { GameState, PlayerState } from './types';

/** The Faceless's score in wins, with what his night deaths do to `lynchScore` (the lynches' score). */
export function facelessNightScore(state: GameState, ruleset: Ruleset, faceless: PlayerState, lynchScore: number): number {
  const cut = ruleset.phaseEnd?.faceCutLynch;
  if (cut === undefined) return lynchScore;
  const me = faceless.slot.id;
  if (faceless.death?.phase?.kind === 'night' && faceless.death.by === me) return 0;
  const taken = state.players.filter(
    (x) => !x.alive && x.death?.cause === 'revenge' && x.death.by === me && x.statuses.some((s) => s.id === cut.status && s.by === me),
  );
  return lynchScore + taken.length * cut.victimPoints;
}
