/**
 * The Vengeful (the forum standard, issue 19): when the day lynches him, he
 * kills one of the players who voted for him. The host records his pick as a
 * day move (`action/use` of an ability whose vote effect is `lynch-revenge`)
 * once the lynch is decided, before the day ends; the move is refused when the
 * named player's vote is not on him (`checkAction`), and at the day's end it
 * kills only if he was lynched and the target still votes for him. A pick
 * recorded on a day he is not lynched does nothing.
 */
import type { Ruleset } from '../rules/types';
import type { EngineMessage } from '../words';
import { engineMessage, word } from '../words';
import { playerOf, roleAbilities } from './derive';
import type { GameEvent, GameState, PhaseRef, PlayerState } from './types';

/** Whether the ability of the player's roles is a Vengeful's revenge on a voter. */
export function isLynchRevenge(player: PlayerState, ruleset: Ruleset, ability: string): boolean {
  return roleAbilities(player, ruleset).some((a) => a.id === ability && a.vote?.kind === 'lynch-revenge');
}

/** Whose vote the voter has on now (the last vote not withdrawn), on any ballot of the phase. */
export function currentVote(state: GameState, voter: string): string | null {
  let current: string | null = null;
  for (const v of state.voteLog) {
    if (v.voter !== voter) continue;
    current = v.withdraw === true ? null : v.target;
  }
  return current;
}

/** The deaths the day's Vengeful moves cause at its end, with the thread told who took whom. */
export function vengefulEvents(state: GameState, ruleset: Ruleset, phase: PhaseRef, say: (m: EngineMessage) => string): GameEvent[] {
  if (phase.kind !== 'day') return [];
  const lynched = new Set(state.history.filter((h) => h.phase.kind === 'day' && h.phase.number === phase.number).flatMap((h) => h.lynched));
  const events: GameEvent[] = [];
  const taken = new Set<string>();
  for (const use of state.actions) {
    const actor = playerOf(state, use.actor);
    if (actor === undefined || !lynched.has(actor.slot.id) || !isLynchRevenge(actor, ruleset, use.ability)) continue;
    // One revenge per lynched Vengeful: his last pick stands.
    if (state.actions.some((u) => u.at > use.at && u.actor === use.actor && u.ability === use.ability)) continue;
    const target = playerOf(state, use.targets[0] ?? '');
    if (target === undefined || !target.alive || taken.has(target.slot.id)) continue;
    if (currentVote(state, target.slot.id) !== actor.slot.id) continue;
    taken.add(target.slot.id);
    events.push({ type: 'player/die', slotId: target.slot.id, cause: 'revenge', by: actor.slot.id });
    const message = engineMessage('day-end/vengeful', word.text(actor.name), word.text(target.name));
    events.push({ type: 'message/send', to: null, text: say(message), message });
  }
  return events;
}
