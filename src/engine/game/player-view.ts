import type { Ruleset } from '../rules/types';
import { revealOf } from '../announce/compose';
import { playerOf } from './derive';
import type { GameState, PhaseRef } from './types';

/** What one player may see of another. */
export interface SeenPlayer {
  readonly slotId: string;
  readonly name: string;
  readonly alive: boolean;
  readonly family?: string;
  readonly titles: readonly string[];
  /** Public statuses only. */
  readonly statuses: readonly string[];
  /** What was revealed at death (per the ruleset), if dead. */
  readonly revealed?: string;
  /** Set for teammates of a faction whose members know each other. */
  readonly teammate?: { readonly faction: string; readonly role: string };
}

/** One player's view of the game: their own role and messages, and only the public view of others. */
export interface PlayerView {
  readonly slotId: string;
  readonly phase: PhaseRef | null;
  readonly me: {
    readonly name: string;
    readonly role: string;
    readonly secondRole?: string;
    readonly faction: string;
    readonly family?: string;
    readonly alive: boolean;
    readonly statuses: readonly string[];
    readonly titles: readonly string[];
    readonly will?: string;
    readonly inbox: readonly { readonly phase: PhaseRef | null; readonly text: string }[];
  };
  readonly players: readonly SeenPlayer[];
  readonly publicMessages: readonly { readonly phase: PhaseRef | null; readonly text: string }[];
  readonly history: GameState['history'];
}

/**
 * Projects the host's full state onto what one player may know: their own
 * role, statuses and private messages; of everyone else, only public facts
 * (alive or dead, public statuses, titles, what death revealed), plus
 * teammates where the faction's members know each other. Returns null for a
 * slot that is not in the game.
 */
export function playerView(state: GameState, slotId: string, ruleset: Ruleset): PlayerView | null {
  const me = playerOf(state, slotId);
  if (me === undefined) return null;
  const publicStatus = (id: string): boolean => ruleset.statuses.find((s) => s.id === id)?.public === true;
  const myFaction = ruleset.factions.find((f) => f.id === me.faction);
  return {
    slotId,
    phase: state.phase,
    me: {
      name: me.name,
      role: me.role,
      ...(me.secondRole === undefined ? {} : { secondRole: me.secondRole }),
      faction: me.faction,
      ...(me.family === undefined ? {} : { family: me.family }),
      alive: me.alive,
      statuses: me.statuses.map((s) => s.id),
      titles: me.titles,
      ...(me.will === undefined ? {} : { will: me.will }),
      inbox: me.inbox,
    },
    players: state.players
      .filter((p) => p.slot.id !== slotId)
      .map((p): SeenPlayer => {
        const reveal = p.alive ? '' : revealOf(p, ruleset);
        const team = myFaction?.knowsMembers === true && p.faction === me.faction;
        return {
          slotId: p.slot.id,
          name: p.name,
          alive: p.alive,
          ...(p.family === undefined ? {} : { family: p.family }),
          titles: p.titles,
          statuses: p.statuses.map((s) => s.id).filter(publicStatus),
          ...(p.alive || reveal === '' ? {} : { revealed: reveal }),
          ...(team ? { teammate: { faction: p.faction, role: p.role } } : {}),
        };
      }),
    publicMessages: state.publicMessages,
    history: state.history,
  };
}
