/**
 * A kill made by day (the forum standard's day-only Vigilante, issue 19: "a Day Vigilante shoots in the thread"): a
 * day move whose ability is a night `kill` that the role's modifiers moved to the day kills its target as soon as
 * the host records it, as the Vigilante's post does in the thread. Nothing else of the night's resolution runs by
 * day (no protection, no block): the day has no such moves. A dead or unknown target is nobody to kill.
 */
import type { Ruleset } from '../rules/types';
import { playerOf, roleAbilities } from './derive';
import type { GameEvent, GameState } from './types';

/** The move as recorded: who, which ability, whom. */
export interface DayShot {
  readonly actor: string;
  readonly ability: string;
  readonly targets: readonly string[];
}

/** The deaths a day move brings at once (none for any move but a day kill). */
export function dayKillEvents(state: GameState, ruleset: Ruleset, move: DayShot): GameEvent[] {
  if (state.phase?.kind !== 'day') return [];
  const actor = playerOf(state, move.actor);
  const def = actor === undefined ? undefined : roleAbilities(actor, ruleset).find((a) => a.id === move.ability);
  const part = def?.night;
  if (def?.timing !== 'day' || part === undefined || !('effect' in part) || part.effect !== 'kill') return [];
  return move.targets.flatMap((target): GameEvent[] =>
    playerOf(state, target)?.alive === true ? [{ type: 'player/die', slotId: target, cause: 'killed', by: move.actor }] : [],
  );
}
