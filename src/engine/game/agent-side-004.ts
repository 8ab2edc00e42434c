/**
 * 004 L125.10 "Если выбранный игрок выбыл ночью, ведущий сообщит агенту его
 * команду": when a night ends, a player who named another's side
 * (`voting.day.roleDay.sideReport.nameAbility`) and is still in the game is
 * told that player's colour if he died that night. Called once from
 * `phaseEndEvents`.
 */
import type { Ruleset } from '../rules/types';
import { engineMessage, word, type EngineMessage } from '../words';
import { playerOf } from './derive';
import type { GameEvent, GameState, PhaseRef } from './types';

/** The private messages of a night's end: the named player's colour, to each holder whose named player died in it. */
export function namedSideMessages(state: GameState, ruleset: Ruleset, phase: PhaseRef, say: (m: EngineMessage) => string): GameEvent[] {
  if (phase.kind !== 'night' || ruleset.voting.kind !== 'weighted-plurality') return [];
  const roleDay = ruleset.voting.day?.roleDay;
  const report = roleDay?.sideReport;
  const departed = roleDay?.departure?.status;
  if (report === undefined) return [];
  const out: GameEvent[] = [];
  for (const holder of state.players) {
    if (!holder.alive || holder.statuses.some((s) => s.id === departed)) continue;
    const moves = [...(state.pastMoves ?? []), ...state.actions]
      .filter((m) => m.actor === holder.slot.id && (m.ability === report.nameAbility || m.ability === report.chooseAbility))
      .sort((a, b) => a.at - b.at);
    const last = moves.at(-1);
    if (last?.ability !== report.nameAbility) continue;
    const named = playerOf(state, last.targets[0] ?? '');
    if (named === undefined || named.alive || named.death?.phase?.kind !== 'night' || named.death.phase.number !== phase.number) continue;
    const color = ruleset.factions.find((f) => f.id === named.faction)?.color;
    const message =
      color === 'red'
        ? engineMessage('night-end/named-side-red', word.text(named.name))
        : color === 'black'
          ? engineMessage('night-end/named-side-black', word.text(named.name))
          : color === 'grey'
            ? engineMessage('night-end/named-side-grey', word.text(named.name))
            : undefined;
    if (message !== undefined) out.push({ type: 'message/send', to: holder.slot.id, text: say(message) });
  }
  return out;
}
