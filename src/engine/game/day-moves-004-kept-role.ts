/**
 * 004 L22: «В конце дня взломанный черный выбирает роль, которую будет
 * использовать в течение суток». A black hacked the night before (he carries
 * the move's `mark`) names, at the end of the hacked day, the role he keeps
 * for his second game day; the other one stays blocked by night and by day
 * (the move's `status`, whose `night.blocksRole` names the blocked role).
 * One who names none by the day's end is the open question
 * `phaseEnd.dayMoves.<move>.unanswered`: by default the night keeps the role
 * of his first move (src/engine/night/roles-004-visits.ts).
 */
import type { DayMove, OpenQuestionHit, Ruleset } from '../rules/types';
import type { GameEvent, GameState, PhaseRef } from './types';

type KeepRole = Extract<DayMove, { kind: 'keep-role' }>;

/** The night right before a day (as in day-moves-004.ts). */
function nightBefore(day: PhaseRef, firstPhase: 'day' | 'night'): PhaseRef {
  return { kind: 'night', number: firstPhase === 'day' ? day.number - 1 : day.number };
}

/** The statuses the choices made during `phase` give, and the open question of a choice not made. */
export function keptRoleEvents(
  state: GameState,
  ruleset: Ruleset,
  phase: PhaseRef,
): { readonly events: readonly GameEvent[]; readonly openQuestions: readonly OpenQuestionHit[] } {
  const moves = Object.entries(ruleset.phaseEnd?.dayMoves ?? {}).filter((e): e is [string, KeepRole] => e[1].kind === 'keep-role');
  if (phase.kind !== 'day' || moves.length === 0) return { events: [], openQuestions: [] };
  const events: GameEvent[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  const hackedNight = nightBefore(phase, ruleset.firstPhase);
  const marks = new Set(moves.map(([, m]) => m.mark));
  // Hacked the night before this day, a black (two roles), alive: he chooses now.
  const choosers = state.players.filter(
    (p) =>
      p.alive &&
      p.secondRole !== undefined &&
      p.statuses.some((s) => marks.has(s.id) && s.sincePhase?.kind === 'night' && s.sincePhase.number === hackedNight.number),
  );
  for (const p of choosers) {
    // The last choice he sent stands.
    const last = state.actions
      .filter((a) => a.actor === p.slot.id && moves.some(([id]) => id === a.ability))
      .sort((a, b) => a.at - b.at)
      .at(-1);
    const move = moves.find(([id]) => id === last?.ability)?.[1];
    if (move !== undefined) {
      const by = p.statuses.find((s) => s.id === move.mark)?.by;
      events.push({ type: 'status/add', slotId: p.slot.id, status: move.status, phases: move.phases, ...(by === undefined ? {} : { by }) });
      continue;
    }
    // The open question: a move marked `this-role` is taken for him; by default the night keeps the role of his first move.
    const [id, fallback] = moves.find(([, m]) => m.unanswered === 'this-role') ?? moves[0] ?? [];
    if (id === undefined || fallback === undefined) continue;
    const chosen = fallback.unanswered ?? 'first-move';
    openQuestions.push({
      setting: `phaseEnd.dayMoves.${id}.unanswered`,
      chosen,
      detail:
        chosen === 'first-move'
          ? `${p.name} was hacked as a black and named no role to keep by the end of the day: the night keeps the role of his first move (L22)`
          : `${p.name} was hacked as a black and named no role to keep by the end of the day: he keeps the role of ${id} (L22)`,
    });
    if (chosen === 'this-role') {
      const by = p.statuses.find((s) => s.id === fallback.mark)?.by;
      events.push({
        type: 'status/add',
        slotId: p.slot.id,
        status: fallback.status,
        phases: fallback.phases,
        ...(by === undefined ? {} : { by }),
      });
    }
  }
  return { events, openQuestions };
}
