/**
 * Day abilities that change a day's vote (003), read from the ruleset's
 * `dayAbilityTags`:
 * - accompaniment (Kazuha): one vote fewer against the player accompanied,
 *   unless the companion's own vote does not count ("In case Kazuha was
 *   succesfully APTXed and accompanied someone … the reduction of that 1 vote
 *   fails");
 * - Voice of Reason: "Lynch votes won't be shown in the case of Voice of
 *   Reason".
 */
import { playerOf, roleAbilities } from '../game/derive';
import type { GameState } from '../game/types';
import type { Ruleset } from '../rules/types';
import { voterVoid } from './eligibility';

/** Today's uses of abilities with the tag, by players who hold them. */
function usesToday(state: GameState, ruleset: Ruleset, tag: string | undefined): GameState['actions'] {
  if (tag === undefined) return [];
  return state.actions.filter((a) => {
    const actor = playerOf(state, a.actor);
    return actor !== undefined && roleAbilities(actor, ruleset).some((d) => d.id === a.ability && d.tags?.includes(tag) === true);
  });
}

/** Today's accompaniments that hold: each companion's latest choice, one vote off per companion. */
export function accompaniments(state: GameState, ruleset: Ruleset): readonly { readonly companion: string; readonly target: string }[] {
  if (state.phase?.kind !== 'day') return [];
  const latest = new Map<string, string>();
  for (const use of usesToday(state, ruleset, ruleset.dayAbilityTags?.accompany)) {
    const target = use.targets[0];
    if (target !== undefined && voterVoid(state, ruleset, use.actor) === null) latest.set(use.actor, target);
    else latest.delete(use.actor);
  }
  return [...latest].map(([companion, target]) => ({ companion, target }));
}

/** Whether today's votes stay out of the result post (a living player used Voice of Reason). */
export function votesHidden(state: GameState, ruleset: Ruleset): boolean {
  return usesToday(state, ruleset, ruleset.dayAbilityTags?.hideVotes).some((a) => playerOf(state, a.actor)?.alive === true);
}
