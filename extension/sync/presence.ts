/**
 * Who is connected to a shared game: each host's Gavel announces itself on the
 * provider's awareness (Yjs's presence channel, not stored), and reads the
 * others' announcements back. Only the name the host shares under, his right
 * and since when he is connected: nothing of the game.
 */
import type { ShareRight } from './invite';

/** The part of a Yjs awareness this uses (the provider's `awareness`). */
export interface PresenceAwareness {
  readonly clientID: number;
  setLocalStateField(field: string, value: unknown): void;
  getStates(): Map<number, Record<string, unknown>>;
}

export interface Presence {
  readonly name: string;
  readonly right: ShareRight | 'owner';
  /** When this host connected (his clock, epoch ms). */
  readonly since: number;
}

const field = 'gavel';

export function announcePresence(awareness: PresenceAwareness, presence: Presence): void {
  awareness.setLocalStateField(field, { name: presence.name, right: presence.right, since: presence.since });
}

function isPresence(value: unknown): value is Presence {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.name === 'string' &&
    (p.right === 'owner' || p.right === 'write' || p.right === 'read') &&
    typeof p.since === 'number' &&
    Number.isFinite(p.since)
  );
}

/** The other hosts connected now, by name (a co-host's damaged or foreign announcement is left out). */
export function connectedHosts(awareness: PresenceAwareness): Presence[] {
  const others: Presence[] = [];
  for (const [client, state] of awareness.getStates()) {
    const presence = state[field];
    if (client !== awareness.clientID && isPresence(presence))
      others.push({ name: presence.name, right: presence.right, since: presence.since });
  }
  return others.sort((a, b) => a.name.localeCompare(b.name) || a.since - b.since);
}
