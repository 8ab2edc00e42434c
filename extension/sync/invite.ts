/**
 * Invitations to a shared game, and the names its documents have on the sync
 * server. Pure: the worker, the pages and the server (server/) all use it.
 *
 * An invitation is `gavel-invite:` and the base64url of a small JSON object:
 * the server's address, the game id, the co-host's secret and right. The
 * secret is the only credential: the server keeps no accounts, it checks the
 * secret's SHA-256 against the game's access list (see access.ts). A secret
 * is never written into a post, an export or a log line: only its hash goes
 * into the access list, and `describeInvite` leaves it out.
 */

export type ShareRight = 'write' | 'read';

export interface Invite {
  /** The sync server, `ws://` or `wss://`. */
  readonly server: string;
  readonly gameId: string;
  readonly secret: string;
  readonly right: ShareRight;
  /** The game's title when the invitation was made, so the joining host knows what he joins. */
  readonly title: string;
}

export const invitePrefix = 'gavel-invite:';

/** The game's own document (the shared part of the game). */
export function gameDocumentName(gameId: string): string {
  return `gavel-game:${gameId}`;
}

/** The game's access list: only the game's creator connects to it. */
export function accessDocumentName(gameId: string): string {
  return `gavel-access:${gameId}`;
}

/** The game id and which of its documents a document name is, or null for a name Gavel does not use. */
export function parseDocumentName(name: string): { readonly kind: 'game' | 'access'; readonly gameId: string } | null {
  const match = /^gavel-(game|access):([A-Za-z0-9_-]{1,100})$/u.exec(name);
  if (match === null) return null;
  return { kind: match[1] === 'game' ? 'game' : 'access', gameId: match[2] ?? '' };
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/gu, '+').replace(/_/gu, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A new secret: 32 random bytes, base64url. */
export function newSecret(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** A secret's SHA-256 in hex: what the access list holds instead of the secret. */
export async function secretHash(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function isServerAddress(value: string): boolean {
  return /^wss?:\/\/[^\s/]+/u.test(value);
}

/** The invitation as the code a host pastes. */
export function encodeInvite(invite: Invite): string {
  const json = JSON.stringify({ v: 1, s: invite.server, g: invite.gameId, k: invite.secret, r: invite.right, t: invite.title });
  return invitePrefix + toBase64Url(new TextEncoder().encode(json));
}

/** Why a pasted invitation is refused. */
export class InviteError extends Error {}

/** Reads a pasted invitation (surrounding spaces and a line break in the paste are forgiven). */
export function decodeInvite(code: string): Invite {
  const trimmed = code.replace(/\s+/gu, '');
  if (!trimmed.startsWith(invitePrefix)) throw new InviteError('not a Gavel invitation (it starts with gavel-invite:)');
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(fromBase64Url(trimmed.slice(invitePrefix.length))));
  } catch {
    throw new InviteError('the invitation is cut or damaged: copy it again whole');
  }
  if (typeof value !== 'object' || value === null) throw new InviteError('the invitation is cut or damaged: copy it again whole');
  const o = value as Record<string, unknown>;
  const { s: server, g: gameId, k: secret, r: right, t: title } = o;
  if (o.v !== 1) throw new InviteError('the invitation comes from a newer Gavel');
  if (typeof server !== 'string' || !isServerAddress(server)) throw new InviteError('the invitation has no sync server address');
  if (typeof gameId !== 'string' || parseDocumentName(gameDocumentName(gameId)) === null)
    throw new InviteError('the invitation names no game');
  if (typeof secret !== 'string' || secret.length < 16) throw new InviteError('the invitation has no secret');
  if (right !== 'write' && right !== 'read') throw new InviteError('the invitation gives no right');
  return { server, gameId, secret, right, title: typeof title === 'string' ? title : '' };
}

/** An invitation in words for a log or a list: everything but the secret. */
export function describeInvite(invite: Invite): string {
  return `${invite.right === 'write' ? 'co-host' : 'read-only co-host'} of "${invite.title}" (${invite.gameId}) on ${invite.server}`;
}
