/**
 * Gavel's sync server for co-hosts: Hocuspocus (the Yjs WebSocket backend)
 * with its SQLite extension, and an authentication hook that checks a game's
 * secrets. It keeps no accounts and needs no set-up: a game's creator claims
 * the game's access list on his first connection (game ids are random), and
 * from then on the list decides who may read or write the game.
 *
 * What it stores: the games' Yjs documents (the shared part of each game, see
 * extension/sync/game-doc.ts) and their access lists (hashes of secrets, the
 * co-hosts' names and rights), in one SQLite file. It logs no token, secret
 * or game content.
 */
import { Server, type Document, type Hocuspocus } from '@hocuspocus/server';
import { SQLite } from '@hocuspocus/extension-sqlite';
import { accessOf, claimAccess, type Access } from '../extension/sync/access';
import { accessDocumentName, gameDocumentName, parseDocumentName, secretHash } from '../extension/sync/invite';

export interface SyncServerOptions {
  /** 0: any free port (tests). */
  readonly port: number;
  /** The SQLite file ("" or ":memory:" keep nothing after a stop). */
  readonly database: string;
  /** The address to listen on (default 127.0.0.1: put a TLS reverse proxy in front to serve others). */
  readonly address?: string;
  /** Print a line for every connection refused or cut (never its token). */
  readonly log?: (line: string) => void;
}

/** What a connection was let in with: kept in its context to check it again when the access list changes. */
interface GavelContext {
  readonly gameId: string;
  readonly hash: string;
  readonly access: Access;
}

/**
 * The SQLite extension, with its table made before the server listens: the
 * extension starts creating it without waiting, so a connection right after
 * the start could find no table. Its file is closed on stop once every write
 * is done.
 */
class GavelSQLite extends SQLite {
  private created: Promise<void> = Promise.resolve();

  override onConfigure(): Promise<void> {
    this.created = (async () => {
      await super.onConfigure();
      await new Promise<void>((resolve, reject) => {
        this.db?.exec(this.configuration.schema, (error) => (error === null ? resolve() : reject(error)));
      });
    })();
    return this.created;
  }

  /** The server's `listen()` waits for this: no connection comes before the table is there. */
  override async onListen(): Promise<void> {
    await this.created;
    await super.onListen();
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      if (this.db === undefined) resolve();
      else this.db.close(() => resolve());
    });
  }
}

class Refused extends Error {
  readonly reason = 'permission-denied';
}

export interface SyncServer {
  readonly port: number;
  readonly server: Server;
  stop(): Promise<void>;
}

/** Cuts every connection to the game whose access changed (revoked, or given another right): a revoked co-host stops at once. */
function enforce(gameDoc: Document | undefined, accessDoc: Document, log: (line: string) => void): void {
  if (gameDoc === undefined) return;
  for (const connection of gameDoc.getConnections()) {
    const context = connection.context as Partial<GavelContext> | undefined;
    if (context?.hash === undefined) continue;
    const now = accessOf(accessDoc, context.hash);
    if (now !== context.access) {
      log(`game ${context.gameId}: a co-host's access changed (${context.access} -> ${now ?? 'none'}), disconnected`);
      connection.close();
    }
  }
}

type DirectConnection = Awaited<ReturnType<Hocuspocus['openDirectConnection']>>;

export async function startSyncServer(options: SyncServerOptions): Promise<SyncServer> {
  const log = options.log ?? ((): void => undefined);
  // Every access list the server has read stays open until it stops: a list opened and let go for each connection
  // would be unloaded and read back from the file while the creator's latest change to it was still being written.
  const accessLists = new Map<string, Promise<DirectConnection>>();
  const accessList = (instance: Hocuspocus, gameId: string): Promise<DirectConnection> => {
    let list = accessLists.get(gameId);
    if (list === undefined) {
      list = instance.openDirectConnection(accessDocumentName(gameId), { gavelServer: true });
      accessLists.set(gameId, list);
    }
    return list;
  };
  const storage = new GavelSQLite({ database: options.database });
  const server = new Server({
    port: options.port,
    address: options.address ?? '127.0.0.1',
    quiet: true,
    stopOnSignals: false,
    extensions: [storage],
    async onAuthenticate({ documentName, token, instance, connectionConfig }): Promise<GavelContext> {
      const name = parseDocumentName(documentName);
      if (name === null || token === '') throw new Refused('not a Gavel document');
      const hash = await secretHash(token);
      const access = await accessList(instance, name.gameId);
      let right: Access | null = null;
      if (name.kind === 'access') {
        // The creator alone: the first to come to an empty list is the creator.
        let claimed = false;
        await access.transact((doc) => {
          claimed = claimAccess(doc, hash);
        });
        right = claimed ? 'owner' : null;
      } else if (access.document !== null) {
        right = accessOf(access.document, hash);
      }
      if (right === null) {
        log(`game ${name.gameId}: a connection with an unknown or revoked secret was refused`);
        throw new Refused('unknown or revoked secret');
      }
      if (right === 'read') connectionConfig.readOnly = true;
      return { gameId: name.gameId, hash, access: right };
    },
    async onChange({ documentName, document, instance }): Promise<void> {
      const name = parseDocumentName(documentName);
      if (name?.kind !== 'access') return;
      enforce(instance.documents.get(gameDocumentName(name.gameId)), document, log);
    },
  });
  await server.listen();
  return {
    port: server.address.port,
    server,
    stop: async () => {
      for (const list of accessLists.values()) await (await list).disconnect();
      accessLists.clear();
      // Hocuspocus closes each document's connection, not the sockets under them: a client would stay on a socket
      // to a stopped server (in this process) and never know. Cut them, as a stopped process would.
      for (const socket of server.webSocketServer.clients) socket.terminate();
      await server.destroy();
      await storage.close();
    },
  };
}
