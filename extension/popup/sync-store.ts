/**
 * The co-hosts part of the popup's store (issue 20): how the open game's sync
 * stands, sharing it, inviting and revoking co-hosts, and joining a game a
 * co-host shared. Created inside `createPopupStore`.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import type { Translator } from '../shared/i18n';
import type { ShareRight, SyncStatusView } from '../shared/protocol';
import type { Connector } from './connector';
import { createWork } from './work';

export interface SyncStore {
  /** The open game's sync (null: not shared, or not read yet). */
  readonly status: ReadonlySignal<SyncStatusView | null>;
  /** The last invitation code made (shown once: it is the co-host's key). */
  readonly code: ReadonlySignal<string | null>;
  /** The title of the game just joined (until the next join). */
  readonly joined: ReadonlySignal<string | null>;
  /** How the sync of the game just joined stands (refused: a wrong code). */
  readonly joinedState: ReadonlySignal<SyncStatusView['state'] | null>;
  /** Reads the joined game's sync again. */
  checkJoined(): Promise<void>;
  readonly problem: ReadonlySignal<string | null>;
  readonly busy: ReadonlySignal<boolean>;
  /** Reads the game's sync again (the component asks while the game is open). */
  load(gameId: string): Promise<SyncStatusView | null>;
  share(gameId: string, server: string, hostName: string): Promise<boolean>;
  invite(gameId: string, name: string, right: ShareRight): Promise<boolean>;
  revoke(gameId: string, id: string): Promise<boolean>;
  join(code: string, hostName: string): Promise<boolean>;
  /**
   * Stops sharing the game on this Gavel: the creator stops it for everyone (the co-hosts are told); a co-host
   * leaves, keeping his copy as a local game or removing it (`removeCopy`).
   */
  stop(gameId: string, removeCopy: boolean): Promise<boolean>;
  /** Forgets the open game's sync and the code (another game opened). */
  reset(): void;
}

export function createSyncStore(connector: Connector, t: ReadonlySignal<Translator>): SyncStore {
  const status = signal<SyncStatusView | null>(null);
  const code = signal<string | null>(null);
  const joined = signal<string | null>(null);
  const joinedId = signal<string | null>(null);
  const joinedState = signal<SyncStatusView['state'] | null>(null);
  const { busy, problem, run } = createWork(t);
  return {
    status,
    code,
    joined,
    joinedState,
    problem,
    busy,
    async load(gameId) {
      const found = await connector.request('sync/status', { gameId });
      status.value = found;
      return found;
    },
    share: (gameId, server, hostName) =>
      run(async () => {
        status.value = await connector.request('sync/share', { gameId, server, hostName });
      }),
    invite: (gameId, name, right) =>
      run(async () => {
        code.value = (await connector.request('sync/invite', { gameId, name, right })).code;
        status.value = await connector.request('sync/status', { gameId });
      }),
    revoke: (gameId, id) =>
      run(async () => {
        status.value = await connector.request('sync/revoke', { gameId, id });
      }),
    join: (text, hostName) =>
      run(async () => {
        joined.value = null;
        joinedState.value = null;
        const game = await connector.request('sync/join', { code: text, hostName });
        joinedId.value = game.gameId;
        joined.value = game.title;
      }),
    stop: (gameId, removeCopy) =>
      run(async () => {
        await connector.request('sync/stop', { gameId, removeCopy });
        status.value = null;
        code.value = null;
      }),
    async checkJoined() {
      if (joinedId.value === null) return;
      // No share any more for a game joined and not arrived: the server refused the code (the worker forgot the join).
      joinedState.value = (await connector.request('sync/status', { gameId: joinedId.value }))?.state ?? 'refused';
    },
    reset() {
      status.value = null;
      code.value = null;
      problem.value = null;
    },
  };
}
