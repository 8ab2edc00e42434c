/**
 * A shared game's access list: a Yjs document of its own, which only the
 * game's creator connects to (the server lets no one else in), so a co-host
 * never sees the other co-hosts' hashes and cannot give himself rights.
 * It holds SHA-256 hashes of secrets, never the secrets.
 *
 * `owner` is the creator's hash: the server writes it when the first
 * connection to an empty access list arrives (the game id is random, so the
 * creator is the first). `hosts` maps a co-host's hash to his name and right;
 * revoking sets `revoked`, which the server reads to disconnect him at once.
 */
import type * as Y from 'yjs';
import type { ShareRight } from './invite';

export interface CoHost {
  readonly hash: string;
  /** The name the creator gave the co-host (his forum account, usually). */
  readonly name: string;
  readonly right: ShareRight;
  readonly invitedAt: number;
  readonly revoked: boolean;
}

export type Access = 'owner' | ShareRight;

function hostsOf(doc: Y.Doc): Y.Map<CoHost> {
  return doc.getMap<CoHost>('hosts');
}

export function accessOwner(doc: Y.Doc): string | null {
  const owner = doc.getMap<string>('owner').get('hash');
  return typeof owner === 'string' ? owner : null;
}

/** Makes `hash` the owner of an access list that has none; false when it has another owner. */
export function claimAccess(doc: Y.Doc, hash: string): boolean {
  const owner = accessOwner(doc);
  if (owner === null) doc.getMap<string>('owner').set('hash', hash);
  return owner === null || owner === hash;
}

/** What the holder of `hash` may do with the game: null when nothing (unknown or revoked). */
export function accessOf(doc: Y.Doc, hash: string): Access | null {
  if (accessOwner(doc) === hash) return 'owner';
  const host = hostsOf(doc).get(hash);
  return host === undefined || host.revoked ? null : host.right;
}

export function addCoHost(doc: Y.Doc, host: Omit<CoHost, 'revoked'>): void {
  hostsOf(doc).set(host.hash, { ...host, revoked: false });
}

/** Revokes a co-host; false when there is none with that hash. */
export function revokeCoHost(doc: Y.Doc, hash: string): boolean {
  const host = hostsOf(doc).get(hash);
  if (host === undefined) return false;
  hostsOf(doc).set(hash, { ...host, revoked: true });
  return true;
}

/** The co-hosts in the order they were invited. */
export function listCoHosts(doc: Y.Doc): CoHost[] {
  return [...hostsOf(doc).values()].sort((a, b) => a.invitedAt - b.invitedAt || a.hash.localeCompare(b.hash));
}
