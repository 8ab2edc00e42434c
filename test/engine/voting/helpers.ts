/** Builds small games as event logs for voting and win tests. */
import type { GameEvent, PhaseRef, PlayerSetup } from '../../../src/engine';

export function setup(
  players: readonly (Omit<PlayerSetup, 'slotId'> & { readonly slotId?: string })[],
  families?: readonly string[],
): GameEvent {
  return {
    type: 'game/setup',
    players: players.map((p) => ({ ...p, slotId: p.slotId ?? p.name })),
    ...(families === undefined ? {} : { families }),
  };
}

export function day(number: number): GameEvent {
  const phase: PhaseRef = { kind: 'day', number };
  return { type: 'phase/start', phase };
}

export function night(number: number): GameEvent {
  return { type: 'phase/start', phase: { kind: 'night', number } };
}

export function vote(voter: string, target: string | null, ballot = 'lynch', weight?: number): GameEvent {
  return { type: 'vote/cast', voter, ballot, target, ...(weight === undefined ? {} : { weight }) };
}

export const die = (slotId: string, cause = 'night kill'): GameEvent => ({ type: 'player/die', slotId, cause });
