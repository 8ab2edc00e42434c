/** The order of phases in a game. */
import type { PhaseKind } from './types';

/** Position of a phase in game order, from 0 (N1 D1 N2… when the game starts at night, D1 N1 D2… when at day). */
export function phaseOrdinal(kind: PhaseKind, number: number, firstPhase: PhaseKind): number {
  return 2 * (number - 1) + (kind === firstPhase ? 0 : 1);
}

/** The phase at a position in game order. */
export function phaseAtOrdinal(ordinal: number, firstPhase: PhaseKind): { kind: PhaseKind; number: number } {
  const other: PhaseKind = firstPhase === 'day' ? 'night' : 'day';
  return { kind: ordinal % 2 === 0 ? firstPhase : other, number: Math.floor(ordinal / 2) + 1 };
}

/** Which phase follows `current`, given the kind the game starts with. */
export function nextPhaseOf(
  current: { readonly kind: PhaseKind; readonly number: number } | null,
  firstPhase: PhaseKind,
): { kind: PhaseKind; number: number } {
  if (current === null) return phaseAtOrdinal(0, firstPhase);
  return phaseAtOrdinal(phaseOrdinal(current.kind, current.number, firstPhase) + 1, firstPhase);
}
