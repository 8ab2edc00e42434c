/**
 * A real sync server and provider clients for the sync tests: the server on a
 * free port with its SQLite file in a temporary folder, clients as Node
 * programs (Y.Doc + HocuspocusProvider over `ws`). Every wait is on an event
 * (a document update, the provider's status): no sleep decides a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { HocuspocusProvider, HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider';
import { startSyncServer, type SyncServer } from '../../server/gavel-server';

export interface Client {
  readonly doc: Y.Doc;
  readonly provider: HocuspocusProvider;
  readonly socket: HocuspocusProviderWebsocket;
  /** Resolves when the server accepted the secret and the first sync is done; rejects when the secret is refused. */
  readonly ready: Promise<void>;
  /** Lines the server sent when it refused the secret (in order). */
  readonly refusals: string[];
  /** Resolves when the server cuts the game's connection (the next time after the call). */
  closed(): Promise<void>;
  /** Connects again, and resolves when the server refuses the secret. */
  refusedAgain(): Promise<void>;
  /** Takes the client off the network (its document stays and keeps its changes); resolves once the socket is closed. */
  goOffline(): Promise<void>;
  /** Back on the network: resolves after the sync that follows. */
  goOnline(): Promise<void>;
  destroy(): void;
}

/** A temporary folder for SQLite files, removed after the file's tests. */
export function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'gavel-sync-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const running: SyncServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  for (const s of running.splice(0)) await s.stop();
});

export async function startServer(database: string, log?: (line: string) => void): Promise<SyncServer> {
  const server = await startSyncServer({ port: 0, database, ...(log === undefined ? {} : { log }) });
  running.push(server);
  return server;
}

/** Stops a server the test started (to start another on the same file). */
export async function stopServer(server: SyncServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.stop();
}

/** The next time an emitter of the provider fires `event`. */
function once(emitter: HocuspocusProvider | HocuspocusProviderWebsocket, event: string): Promise<void> {
  return new Promise((resolve) => {
    const fire = (): void => {
      emitter.off(event, fire);
      resolve();
    };
    emitter.on(event, fire);
  });
}

/** Closes the socket; resolves once it is closed (connecting again before that would be a no-op). */
function offline(socket: HocuspocusProviderWebsocket): Promise<void> {
  if (socket.status === WebSocketStatus.Disconnected) return Promise.resolve();
  const closed = new Promise<void>((resolve) => {
    const check = ({ status }: { status: string }): void => {
      if (status !== 'disconnected') return;
      socket.off('status', check);
      resolve();
    };
    socket.on('status', check);
  });
  socket.disconnect();
  return closed;
}

export function connect(server: SyncServer, name: string, token: string, doc: Y.Doc = new Y.Doc()): Client {
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://127.0.0.1:${server.port}`,
    WebSocketPolyfill: WebSocket,
    delay: 50,
    minDelay: 50,
    maxDelay: 500,
  });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name, document: doc, token });
  const refusals: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    provider.on('synced', () => resolve());
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
      refusals.push(reason);
      reject(new Error(`refused: ${reason}`));
    });
  });
  ready.catch(() => undefined);
  provider.attach();
  const client: Client = {
    doc,
    provider,
    socket,
    ready,
    refusals,
    closed: () => once(provider, 'close'),
    refusedAgain: async () => {
      await offline(socket);
      const refused = once(provider, 'authenticationFailed');
      void socket.connect();
      await refused;
    },
    goOffline: () => offline(socket),
    goOnline: () =>
      new Promise<void>((resolve) => {
        void once(provider, 'synced').then(resolve);
        void socket.connect();
      }),
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
  clients.push(client);
  return client;
}

/** Resolves when `check` holds, checking again on every update of the documents. */
export function until(docs: readonly Y.Doc[], check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) {
      resolve();
      return;
    }
    const onUpdate = (): void => {
      if (!check()) return;
      for (const d of docs) d.off('update', onUpdate);
      resolve();
    };
    for (const d of docs) d.on('update', onUpdate);
  });
}
