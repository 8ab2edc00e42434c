/**
 * The options of a player picker: one per player, by slot id, under the
 * player's current name (the day's moves, the night's actions, the lynch, the
 * event log's and the catch-up's pickers all list players this way).
 */
import type { PlayerState } from '../../../src/engine';

export function PlayerOptions({ players }: { readonly players: readonly Pick<PlayerState, 'slot' | 'name'>[] }) {
  return (
    <>
      {players.map((p) => (
        <option key={p.slot.id} value={p.slot.id}>
          {p.name}
        </option>
      ))}
    </>
  );
}
