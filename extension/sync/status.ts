/**
 * How a shared game's sync stands, as the worker tells the pages: the
 * connection, who else is connected, when it last synced, the co-hosts the
 * creator invited (never their secrets), and the notes of merged edits.
 */
import type { EngineMessage } from '../../src/engine/words';
import type { EventByline } from './game-doc';
import type { Presence } from './presence';
import type { ShareRight } from './invite';

/**
 * - connecting: the worker is opening the connection (or trying again after it was lost);
 * - connected: the server let this host in and the game is in step;
 * - offline: no connection (the server is away or the network is): the host keeps working, and the edits merge later;
 * - refused: the server does not know this host's secret (a wrong invitation);
 * - revoked: the server knew it, and the game's creator revoked it;
 * - ended: the game's creator stopped sharing it: this co-host's copy is a local game now.
 */
export type SyncState = 'connecting' | 'connected' | 'offline' | 'refused' | 'revoked' | 'ended';

export interface CoHostView {
  /** The hash of the co-host's secret: what Revoke names (the secret itself is never kept). */
  readonly id: string;
  readonly name: string;
  readonly right: ShareRight;
  readonly invitedAt: number;
  readonly revoked: boolean;
}

export interface SyncStatusView {
  readonly gameId: string;
  readonly server: string;
  /** This host's right in the game. */
  readonly right: 'owner' | ShareRight;
  /** The name this host shares under. */
  readonly hostName: string;
  readonly state: SyncState;
  readonly lastSyncedAt: number | null;
  /** The name of the creator who stopped sharing the game (state `ended`); null otherwise. */
  readonly endedBy: string | null;
  /** The other hosts connected now. */
  readonly connected: readonly Presence[];
  /** The co-hosts invited (the creator only, while connected; null otherwise). */
  readonly coHosts: readonly CoHostView[] | null;
  /** Edits of two hosts that met: what was kept and what was noted. */
  readonly conflicts: readonly EngineMessage[];
  /**
   * Who recorded each event of the game's log, and the conflict notes on it: one line per event of the game as the
   * shared document has it (the setup event's author null); empty while this Gavel has no connection to the document.
   */
  readonly bylines: readonly EventByline[];
  /** The game's `updatedAt` as this Gavel has it (a page showing an older one reads the game again). */
  readonly updatedAt: number | null;
}
