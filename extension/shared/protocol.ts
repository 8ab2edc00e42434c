/**
 * Every message between the content script, the extension pages (popup and
 * dashboard) and the service worker. One entry per message type: its request,
 * its response and who may send it. The worker's handler table is typed as a
 * total record over these keys, so a message without a handler fails tsc.
 *
 * Payloads are plain JSON (no Map, Set, Date or class instances).
 */
import type { ForumPost } from '../../src/model/post';
import type { SerializedError } from './errors';

/** Who sent a message, as the worker sees it. */
export type SenderKind = 'content' | 'extension-page';

/** The thread facts a content script reports with a page. */
export interface ThreadRef {
  /** The forum's origin, e.g. `https://forum.mafiascum.net`. */
  readonly origin: string;
  /** The forum's own thread id. */
  readonly threadId: string;
  readonly title: string;
}

export interface PageReport {
  readonly thread: ThreadRef;
  readonly engine: string;
  readonly url: string;
  readonly pageNumber: number;
  readonly pageCount: number;
  /** A hash of the page's posts, so an unchanged page is not stored again. */
  readonly contentHash: string;
  readonly posts: readonly ForumPost[];
}

export interface ThreadSummary {
  readonly key: string;
  readonly origin: string;
  readonly threadId: string;
  readonly title: string;
  readonly engine: string;
  readonly postCount: number;
  readonly pagesSeen: number;
  readonly tracked: boolean;
}

/** The vote count as the panel shows it (names are the slots' current names). */
export interface VoteCountView {
  readonly day: number;
  readonly alive: number;
  readonly threshold: number;
  /** What reaching the threshold does, in words ("lynch", "eliminate"). */
  readonly thresholdLabel: string;
  /** The post number the count is as of. */
  readonly asOfPost: number;
  /** Wagons, biggest first. */
  readonly wagons: readonly { readonly target: string; readonly votes: number; readonly voters: readonly string[] }[];
  readonly notVoting: readonly string[];
  readonly hammer: { readonly target: string; readonly post: number } | null;
  /** Vote-like lines that were not counted, with the reason in words, latest last. */
  readonly notCounted: readonly { readonly post: number; readonly author: string; readonly text: string; readonly reason: string }[];
  /** Where the roster came from, said to the host ("the player list in post #0"). */
  readonly rosterSource: string;
}

export type OutputDialect = 'bbcode' | 'markdown';

export interface Settings {
  readonly outputDialect: OutputDialect;
}

export interface Protocol {
  /** Liveness and version check. */
  'worker/ping': { request: Record<string, never>; response: { readonly pong: true; readonly version: string }; from: SenderKind };
  /** A content script read a thread page: store its posts (idempotent). */
  'thread/page-read': { request: PageReport; response: { readonly thread: ThreadSummary; readonly added: number; readonly unchanged: boolean }; from: 'content' };
  /** Start tracking a thread as a game. */
  'thread/track': { request: { readonly origin: string; readonly threadId: string }; response: ThreadSummary; from: SenderKind };
  /** What Gavel knows of a thread (null: never seen). */
  'thread/get': { request: { readonly origin: string; readonly threadId: string }; response: ThreadSummary | null; from: SenderKind };
  /** The vote count of a thread from every post Gavel has stored (null count: why not, in `reason`). */
  'thread/count': { request: { readonly origin: string; readonly threadId: string }; response: { readonly count: VoteCountView | null; readonly reason: string | null }; from: SenderKind };
  /** Every thread Gavel has seen. */
  'thread/list': { request: Record<string, never>; response: readonly ThreadSummary[]; from: 'extension-page' };
  'settings/get': { request: Record<string, never>; response: Settings; from: 'extension-page' };
  'settings/set': { request: Partial<Settings>; response: Settings; from: 'extension-page' };
  /** Run Gavel on another forum: the page asked for the origin's permission first; the worker registers the content script there. */
  'forums/enable': { request: { readonly origin: string }; response: { readonly origin: string; readonly registered: boolean }; from: 'extension-page' };
  /** Origins enabled by the host beyond the built-in forums. */
  'forums/list': { request: Record<string, never>; response: readonly string[]; from: 'extension-page' };
}

export type MessageType = keyof Protocol;
export type RequestOf<T extends MessageType> = Protocol[T]['request'];
export type ResponseOf<T extends MessageType> = Protocol[T]['response'];

/** The envelope on the wire. */
export interface Envelope<T extends MessageType = MessageType> {
  readonly gavel: 1;
  readonly type: T;
  readonly payload: RequestOf<T>;
}

export type Reply<T extends MessageType = MessageType> =
  | { readonly ok: true; readonly value: ResponseOf<T> }
  | { readonly ok: false; readonly error: SerializedError };

/** Who may send each message type: checked by the worker before any handler runs. */
export const allowedSenders: { readonly [T in MessageType]: readonly SenderKind[] } = {
  'worker/ping': ['content', 'extension-page'],
  'thread/page-read': ['content'],
  'thread/track': ['content', 'extension-page'],
  'thread/get': ['content', 'extension-page'],
  'thread/count': ['content', 'extension-page'],
  'thread/list': ['extension-page'],
  'settings/get': ['extension-page'],
  'settings/set': ['extension-page'],
  'forums/enable': ['extension-page'],
  'forums/list': ['extension-page'],
};

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { gavel?: unknown; type?: unknown };
  return v.gavel === 1 && typeof v.type === 'string' && Object.hasOwn(allowedSenders, v.type);
}

export function threadKey(origin: string, threadId: string): string {
  return `${origin}|${threadId}`;
}
