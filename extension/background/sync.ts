/**
 * Co-hosts in the worker (issue 20): one Hocuspocus provider per shared game,
 * on the game's y-dexie document, kept open while the worker runs.
 *
 * - A command that changes a shared game runs, then its change goes into the
 *   document (`pushLocalChange`); the provider sends it when connected, and
 *   the document keeps it in IndexedDB when not (the host works offline, and
 *   the edits merge when the connection is back).
 * - A co-host's change arriving from the server is written into the game's
 *   rows (`pullSharedGame`). Commands and pulls of one game run one at a time,
 *   so a pull never overwrites a change not yet in the document.
 * - A read-only co-host's commands that change the game are refused.
 * - The creator also holds the game's access list (a document only he may
 *   open on the server): invitations and revocations go there.
 *
 * MV3: Chrome 116+ keeps the worker alive while a WebSocket sends or receives
 * messages, and the provider's presence is renewed every 15 s, so an open
 * connection keeps the worker running. When the browser stops it anyway, the
 * alarm below (and every start of the worker) opens the connections again.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { engineMessage, word, type EngineMessage } from '../../src/engine/words';
import { GavelError } from '../shared/errors';
import type { Handlers, HandlerContext } from '../shared/messaging';
import type { MessageType } from '../shared/protocol';
import { deleteGame, getGame } from '../storage/games';
import type { GavelDatabase } from '../storage/schema';
import {
  forgetRefusedJoin,
  getSharedGame,
  joinSharedGame,
  listSharedGames,
  markEnded,
  markSynced,
  openSharedDoc,
  pullSharedGame,
  pushLocalChange,
  readSharedConflicts,
  releaseSharedDoc,
  shareCredentials,
  startSharing,
  stopSharing,
} from '../storage/shared-games';
import { addCoHost, listCoHosts, revokeCoHost } from '../sync/access';
import { endSharing, readSharedGame, sharingEnded } from '../sync/game-doc';
import { announcePresence, connectedHosts, type PresenceAwareness } from '../sync/presence';
import {
  accessDocumentName,
  decodeInvite,
  encodeInvite,
  gameDocumentName,
  InviteError,
  newSecret,
  secretHash,
  type ShareRight,
} from '../sync/invite';
import type { SyncState, SyncStatusView } from '../sync/status';

/** The alarm that opens the shared games' connections again after the browser stopped the worker. */
export const SYNC_ALARM = 'gavel-sync';

/** How long an invitation or a revocation waits for the server before it is refused. */
const SERVER_WAIT_MS = 15_000;

function refused(message: string, words: EngineMessage): GavelError<'sync/refused'> {
  return new GavelError('sync/refused', message, { words });
}

/** The commands that change a game, and where each names its game. */
export const gameChanges = {
  'game/update': 'id',
  'game/event': 'id',
  'night/add-action': 'gameId',
  'night/remove-action': 'gameId',
  'night/resolve': 'gameId',
  'night/apply': 'gameId',
  'day/end': 'gameId',
  'phases/catch-up-apply': 'gameId',
  'day/open-ballot': 'gameId',
  'day/cancel-move': 'gameId',
  'day/set-opening': 'gameId',
  'day/move': 'gameId',
  'breach/pardon': 'gameId',
  'breach/unpardon': 'gameId',
  'breach/pardon-many': 'gameId',
  'breach/rules': 'gameId',
} as const satisfies Partial<Record<MessageType, 'id' | 'gameId'>>;

type ChangeType = keyof typeof gameChanges;

interface AccessLink {
  readonly doc: Y.Doc;
  readonly socket: HocuspocusProviderWebsocket;
  readonly provider: HocuspocusProvider;
}

interface Link {
  readonly gameId: string;
  readonly doc: Y.Doc;
  readonly socket: HocuspocusProviderWebsocket;
  readonly provider: HocuspocusProvider;
  readonly access: AccessLink | null;
  state: SyncState;
  /** The server let this host in at least once since the link opened. */
  authenticated: boolean;
}

export interface SyncDeps {
  readonly db: () => GavelDatabase;
  readonly now: () => number;
  /** The WebSocket class (the worker's own; `ws` under Node). */
  readonly WebSocket?: unknown;
  /** Reconnection delays (ms): the provider's defaults when absent. */
  readonly delays?: { readonly min: number; readonly max: number };
  /** Told when a shared game's rows or its sync changed (the pages read it again). */
  readonly changed?: (gameId: string) => void;
}

export interface SyncManager {
  /** Opens the connection of every shared game that has none (on start, on the alarm); how many games are shared. */
  resume(): Promise<number>;
  /** The handlers of the sync messages. */
  handlers(): Pick<Handlers, SyncMessages>;
  /** Wraps the game-changing handlers: refused to a read-only co-host, pushed into the document after. */
  guard(handlers: Handlers): Handlers;
  /** Closes every connection (tests; the worker never does). */
  close(): Promise<void>;
}

type SyncMessages = 'sync/status' | 'sync/share' | 'sync/invite' | 'sync/revoke' | 'sync/join' | 'sync/stop';

export function createSyncManager(deps: SyncDeps): SyncManager {
  const links = new Map<string, Link>();
  /** Joins the server refused (their row is gone): what `sync/join` and the Join form report. */
  const refusedJoins = new Set<string>();
  const opening = new Map<string, Promise<Link | null>>();
  // One queue per game: its commands (with their push) and its pulls, in turn.
  const queues = new Map<string, Promise<unknown>>();
  const inTurn = <T>(gameId: string, work: () => Promise<T>): Promise<T> => {
    const before = queues.get(gameId) ?? Promise.resolve();
    const next = before.then(work, work);
    queues.set(
      gameId,
      next.catch(() => undefined),
    );
    return next;
  };
  const tell = (gameId: string): void => deps.changed?.(gameId);
  const log = (what: string) => (e: unknown) => console.error(`Gavel sync: ${what}:`, e);

  const socketFor = (server: string): HocuspocusProviderWebsocket =>
    new HocuspocusProviderWebsocket({
      url: server,
      ...(deps.WebSocket === undefined ? {} : { WebSocketPolyfill: deps.WebSocket }),
      ...(deps.delays === undefined ? {} : { delay: deps.delays.min, minDelay: deps.delays.min, maxDelay: deps.delays.max }),
    });

  const pull = (gameId: string): Promise<void> =>
    inTurn(gameId, async () => {
      const shared = await pullSharedGame(deps.db(), gameId);
      const link = links.get(gameId);
      if (shared !== null && link?.state === 'connected') await markSynced(deps.db(), gameId, deps.now());
      // The creator stopped sharing: this copy (as pulled just now) is a local game from here on.
      const ended = link === undefined ? null : sharingEnded(link.doc);
      const row = await getSharedGame(deps.db(), gameId);
      if (ended !== null && row !== null && row.right !== 'owner') {
        await markEnded(deps.db(), gameId, ended.by);
        disconnect(gameId);
      }
      tell(gameId);
    });

  const open = async (gameId: string): Promise<Link | null> => {
    const credentials = await shareCredentials(deps.db(), gameId);
    const row = await getSharedGame(deps.db(), gameId);
    // A co-host's copy whose creator ended the sharing is a local game: no connection.
    if (credentials === null || row === null || row.endedBy !== null) return null;
    const doc = await openSharedDoc(deps.db(), gameId);
    if (doc === null) return null;
    const socket = socketFor(credentials.server);
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: gameDocumentName(gameId),
      document: doc,
      token: credentials.secret,
    });
    let access: AccessLink | null = null;
    if (credentials.right === 'owner') {
      const accessDoc = new Y.Doc();
      const accessProvider = new HocuspocusProvider({
        websocketProvider: socket,
        name: accessDocumentName(gameId),
        document: accessDoc,
        token: credentials.secret,
        awareness: null,
      });
      access = { doc: accessDoc, socket, provider: accessProvider };
      accessDoc.on('update', () => tell(gameId));
    }
    const link: Link = { gameId, doc, socket, provider, access, state: 'connecting', authenticated: false };
    const since = deps.now();
    const setState = (state: SyncState): void => {
      if (link.state === state) return;
      link.state = state;
      tell(gameId);
    };
    socket.on('status', ({ status }: { status: string }) => {
      if (link.state === 'refused' || link.state === 'revoked') return;
      // Lost once, the host is offline until the game is in step again (the socket's attempts to reconnect included).
      if (status === 'disconnected') setState('offline');
      else if (link.state !== 'offline') setState(status === 'connected' && provider.isSynced ? 'connected' : 'connecting');
    });
    provider.on('authenticated', () => {
      link.authenticated = true;
    });
    provider.on('authenticationFailed', () => {
      // Known before (this link or an earlier sync): the creator revoked it. Never known: a wrong invitation.
      void getSharedGame(deps.db(), gameId)
        .then(async (row) => {
          const state = link.authenticated || (row?.lastSyncedAt ?? null) !== null ? 'revoked' : 'refused';
          setState(state);
          // The server will not let this secret in again: stop trying.
          socket.disconnect();
          // A join refused before it ever got the game leaves nothing behind (the next code for that game is used afresh).
          if (state === 'refused' && links.get(gameId) === link && (await inTurn(gameId, () => forgetRefusedJoin(deps.db(), gameId)))) {
            disconnect(gameId);
            refusedJoins.add(gameId);
            tell(gameId);
          }
        })
        .catch(log('refusal not recorded'));
    });
    provider.on('synced', () => {
      setState('connected');
      void inTurn(gameId, () => markSynced(deps.db(), gameId, deps.now()))
        .then(() => tell(gameId))
        .catch(log('sync time not recorded'));
    });
    provider.on('unsyncedChanges', ({ number }: { number: number }) => {
      if (number === 0 && link.state === 'connected')
        void inTurn(gameId, () => markSynced(deps.db(), gameId, deps.now()))
          .then(() => tell(gameId))
          .catch(log('sync time not recorded'));
    });
    provider.on('awarenessChange', () => tell(gameId));
    // The server closed this game's connection but not the socket (a co-host revoked, or given another right):
    // connect again at once, so the server says what this host may do now (revoked: refused).
    provider.on('close', () => {
      if (socket.status !== 'connected') return;
      const again = ({ status }: { status: string }): void => {
        if (status !== 'disconnected') return;
        socket.off('status', again);
        void socket.connect();
      };
      socket.on('status', again);
      socket.disconnect();
    });
    doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin === provider) void pull(gameId).catch(log(`the co-hosts' changes to ${gameId} were not written`));
    });
    if (provider.awareness !== null)
      announcePresence(provider.awareness as unknown as PresenceAwareness, {
        name: credentials.host.name,
        right: credentials.right,
        since,
      });
    links.set(gameId, link);
    if (access === null) provider.attach();
    else {
      // The creator's first connection claims the access list; the game's own document is let in by that list,
      // so it is opened once the list has let the creator in (both then share the socket, and reconnect together).
      const list = access.provider;
      const afterList = (): void => {
        list.off('authenticated', afterList);
        provider.attach();
      };
      list.on('authenticated', afterList);
      list.on('synced', () => tell(gameId));
      list.attach();
    }
    // What the document holds already (a game joined before, edits made offline) is in the rows from the start.
    await pull(gameId);
    return link;
  };

  const connect = (gameId: string): Promise<Link | null> => {
    const link = links.get(gameId);
    if (link !== undefined) return Promise.resolve(link);
    let pending = opening.get(gameId);
    if (pending === undefined) {
      pending = open(gameId).finally(() => opening.delete(gameId));
      opening.set(gameId, pending);
    }
    return pending;
  };

  const disconnect = (gameId: string): void => {
    const link = links.get(gameId);
    if (link === undefined) return;
    links.delete(gameId);
    link.access?.provider.destroy();
    link.provider.destroy();
    link.socket.destroy();
    releaseSharedDoc(link.doc);
  };

  const status = async (gameId: string): Promise<SyncStatusView | null> => {
    const row = await getSharedGame(deps.db(), gameId);
    if (row === null) return null;
    const link = await connect(gameId);
    const game = await getGame(deps.db(), gameId);
    const awareness = link?.provider.awareness ?? null;
    const access = link?.access ?? null;
    return {
      gameId,
      server: row.server,
      right: row.right,
      hostName: row.hostName,
      state: row.endedBy !== null ? 'ended' : (link?.state ?? 'offline'),
      lastSyncedAt: row.lastSyncedAt,
      endedBy: row.endedBy,
      connected: awareness === null || link?.state !== 'connected' ? [] : connectedHosts(awareness as unknown as PresenceAwareness),
      coHosts:
        access === null || !access.provider.isSynced
          ? null
          : listCoHosts(access.doc).map((h) => ({ id: h.hash, name: h.name, right: h.right, invitedAt: h.invitedAt, revoked: h.revoked })),
      conflicts: await readSharedConflicts(deps.db(), gameId),
      // An ended co-host copy is a local game: no authors (its link is closed).
      bylines: link === null || row.endedBy !== null ? [] : (readSharedGame(link.doc)?.bylines ?? []),
      updatedAt: game?.updatedAt ?? null,
    };
  };

  /** The creator's access list, synced with the server; refused when there is no connection. */
  const accessList = async (gameId: string): Promise<AccessLink> => {
    const link = await connect(gameId);
    if (link === null) throw refused('This game is not shared', engineMessage('sync/not-shared'));
    if (link.access === null) throw refused('Only the game’s creator invites or revokes co-hosts', engineMessage('sync/not-owner'));
    // Still connecting (the worker just woke, or sharing just began): give the connection a moment.
    const ready = (): boolean => link.access?.provider.isSynced === true && link.state === 'connected';
    const waitUntil = Date.now() + SERVER_WAIT_MS;
    while (!ready() && link.state === 'connecting' && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 100));
    if (!ready()) throw refused('Not connected to the sync server', engineMessage('sync/offline'));
    return link.access;
  };

  /** Resolves when a document's changes reached the server; refused after SERVER_WAIT_MS. */
  const sent = ({ provider }: { readonly provider: HocuspocusProvider }): Promise<void> =>
    new Promise((resolve, reject) => {
      const done = (): void => {
        if (provider.hasUnsyncedChanges) return;
        clearTimeout(timer);
        provider.off('unsyncedChanges', done);
        resolve();
      };
      const timer = setTimeout(() => {
        provider.off('unsyncedChanges', done);
        reject(refused('The sync server did not answer', engineMessage('sync/no-answer')));
      }, SERVER_WAIT_MS);
      provider.on('unsyncedChanges', done);
      done();
    });

  /** Resolves when the server let the host in (true), refused him (false), or did not answer in time (null: still trying). */
  const firstAnswer = (gameId: string, link: Link): Promise<boolean | null> =>
    new Promise((resolve) => {
      const waitUntil = Date.now() + SERVER_WAIT_MS;
      const check = (): void => {
        if (link.authenticated) resolve(true);
        else if (refusedJoins.has(gameId) || link.state === 'revoked') resolve(false);
        else if (Date.now() >= waitUntil) resolve(null);
        else setTimeout(check, 100);
      };
      check();
    });

  // A co-host's copy of a game whose creator ended the sharing is a local game: nothing guarded, nothing pushed.
  const rightOf = async (gameId: string): Promise<'owner' | ShareRight | null> => {
    const row = await getSharedGame(deps.db(), gameId);
    return row === null || row.endedBy !== null ? null : row.right;
  };

  return {
    async resume() {
      const shared = await listSharedGames(deps.db());
      for (const game of shared) await connect(game.gameId);
      return shared.length;
    },
    handlers: () => ({
      'sync/status': ({ gameId }) => status(gameId),
      'sync/share': async ({ gameId, server, hostName }) => {
        if (!/^wss?:\/\/[^\s/]+/u.test(server.trim()))
          throw refused('The sync server’s address is ws://… or wss://…', engineMessage('sync/no-server'));
        if (hostName.trim() === '') throw refused('Give the name the co-hosts know you by', engineMessage('sync/no-name'));
        await inTurn(gameId, () => startSharing(deps.db(), gameId, { server: server.trim(), hostName: hostName.trim() }, deps.now()));
        await connect(gameId);
        const view = await status(gameId);
        if (view === null) throw new Error(`the share of ${gameId} vanished`);
        return view;
      },
      'sync/invite': async ({ gameId, name, right }) => {
        if (name.trim() === '') throw refused('Give the co-host’s name', engineMessage('sync/no-cohost-name'));
        const access = await accessList(gameId);
        const row = await getSharedGame(deps.db(), gameId);
        const game = await getGame(deps.db(), gameId);
        if (row === null || game === null) throw refused('This game is not shared', engineMessage('sync/not-shared'));
        const secret = newSecret();
        addCoHost(access.doc, { hash: await secretHash(secret), name: name.trim(), right, invitedAt: deps.now() });
        await sent(access);
        tell(gameId);
        return { code: encodeInvite({ server: row.server, gameId, secret, right, title: game.title }) };
      },
      'sync/revoke': async ({ gameId, id }) => {
        const access = await accessList(gameId);
        if (!revokeCoHost(access.doc, id)) throw refused('No such co-host', engineMessage('sync/no-cohost'));
        await sent(access);
        const view = await status(gameId);
        if (view === null) throw new Error(`the share of ${gameId} vanished`);
        return view;
      },
      'sync/join': async ({ code, hostName }) => {
        let invite;
        try {
          invite = decodeInvite(code);
        } catch (e) {
          if (e instanceof InviteError) throw refused(e.message, engineMessage('sync/bad-invite'));
          throw e;
        }
        if (hostName.trim() === '') throw refused('Give the name the co-hosts know you by', engineMessage('sync/no-name'));
        const gameId = invite.gameId;
        try {
          await inTurn(gameId, () => joinSharedGame(deps.db(), invite, hostName.trim(), deps.now()));
        } catch (e) {
          if (e instanceof GavelError && e.code === 'game/exists')
            throw refused(e.message, engineMessage('sync/have-game', word.text(invite.title)));
          throw e;
        }
        // A link still open on an earlier join of this game (one that never got it) used the row just replaced.
        disconnect(gameId);
        refusedJoins.delete(gameId);
        const link = await connect(gameId);
        // The server's first answer: a refusal is said here (and the join left nothing behind); no answer yet: the
        // game arrives when the server lets the host in.
        if (link !== null && (await firstAnswer(gameId, link)) === false)
          throw refused('The sync server refused this invitation', engineMessage('sync/join-refused', word.text(invite.title)));
        return { gameId, title: invite.title };
      },
      'sync/stop': async ({ gameId, removeCopy }) => {
        const row = await getSharedGame(deps.db(), gameId);
        const link = links.get(gameId);
        if (row?.right === 'owner' && link !== undefined) {
          // The creator: the co-hosts are told through the document (their copies become local games), if the
          // server can be reached; the game stays here, local only, either way.
          const credentials = await shareCredentials(deps.db(), gameId);
          if (credentials !== null) endSharing(link.doc, credentials.host, deps.now());
          if (link.state === 'connected') await sent(link).catch(log(`the co-hosts of ${gameId} were not told that sharing ended`));
        }
        disconnect(gameId);
        const stopped = await inTurn(gameId, () => stopSharing(deps.db(), gameId));
        // A co-host leaving may take his copy away too (the creator's game is his own: it stays).
        if (removeCopy === true && row !== null && row.right !== 'owner') await inTurn(gameId, () => deleteGame(deps.db(), gameId));
        tell(gameId);
        return { stopped };
      },
    }),
    guard(handlers) {
      const out: Record<string, unknown> = { ...handlers };
      for (const [type, field] of Object.entries(gameChanges) as [ChangeType, 'id' | 'gameId'][]) {
        const inner = handlers[type] as (payload: unknown, context: HandlerContext) => Promise<unknown>;
        out[type] = async (payload: unknown, context: HandlerContext): Promise<unknown> => {
          const gameId = (payload as Record<string, unknown>)[field];
          if (typeof gameId !== 'string') return inner(payload, context);
          const right = await rightOf(gameId);
          if (right === null) return inner(payload, context);
          if (right === 'read')
            throw refused('This game is shared with you read-only: only its other hosts change it', engineMessage('sync/read-only'));
          return inTurn(gameId, async () => {
            const value = await inner(payload, context);
            await pushLocalChange(deps.db(), gameId, deps.now());
            return value;
          });
        };
      }
      // A shared game deleted here stops being shared here first (a co-host's change would bring it back otherwise).
      const remove = handlers['game/delete'];
      out['game/delete'] = async (payload: { readonly id: string }, context: HandlerContext): Promise<unknown> => {
        if ((await rightOf(payload.id)) !== null) {
          disconnect(payload.id);
          await inTurn(payload.id, () => stopSharing(deps.db(), payload.id));
        }
        return remove(payload, context);
      };
      return out as Handlers;
    },
    async close() {
      for (const gameId of [...links.keys()]) disconnect(gameId);
      await Promise.all([...queues.values()]);
    },
  };
}
