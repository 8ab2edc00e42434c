/**
 * Errors that keep their meaning across a message hop: an Error is not
 * structured-cloneable in extension messaging, so it travels as plain data and
 * is rebuilt on the other side with its name, message, code, details and cause
 * chain.
 *
 * Every code Gavel throws is listed in `ErrorDetailsByCode` with the data it
 * carries: a receiver reads the field a refusal names from `details`, never by
 * taking the message apart.
 */
import type { EngineMessage } from '../../src/engine/words';

/** Who sent a message, as the worker sees it (kept here so the errors that name a sender need nothing else). */
export type SenderKind = 'content' | 'extension-page';

/** What each error code carries besides its message (`undefined`: nothing yet, the message says it all). */
export interface ErrorDetailsByCode {
  /** The sender may not send this message type at all (`sender` null: not ours). */
  'message/forbidden-sender': { readonly type: string; readonly sender: SenderKind | null };
  /** A content script asked about a site other than the one it runs on. */
  'message/foreign-origin': { readonly type: string; readonly senderOrigin: string | null; readonly requested: string };
  /** A request's payload is not what its message type takes: `field` is its path (`posts[3].body`). */
  'message/invalid-request': { readonly type: string; readonly field: string; readonly problem: string };
  'message/not-plain-json': { readonly type: string; readonly problem: string };
  'message/handler-failed': { readonly type: string };
  'message/no-reply': { readonly type: string };
  /** The offscreen document could not parse a page. */
  'offscreen/failed': { readonly url: string };
  'settings/invalid': { readonly field: string; readonly problem: string };
  /** The worker would not start reading a thread's pages from that address. */
  'crawl/refused': undefined;
  'forums/bad-origin': undefined;
  'forums/no-permission': undefined;
  'game/not-found': undefined;
  'game/exists': undefined;
  'game/no-thread': undefined;
  'game/no-posts': undefined;
  'game/bad-roster': undefined;
  'game/no-player-list': undefined;
  'game/no-host': undefined;
  'game/bad-ruleset': undefined;
  'game/bad-setup': undefined;
  'game/bad-event': undefined;
  'game/changed': undefined;
  'game/nothing-to-undo': undefined;
  'game/unknown-preset': undefined;
  'game-file/not-json': undefined;
  'game-file/not-gavel': undefined;
  'game-file/newer': undefined;
  'game-file/malformed': undefined;
  'game-file/exists': undefined;
  /** The file is over the size Gavel reads. */
  'game-file/too-large': { readonly chars: number; readonly limit: number };
  /** The file's thread already has another game (one game per thread). */
  'game-file/thread-has-game': { readonly threadKey: string; readonly gameId: string; readonly title: string };
  'night/applied': undefined;
  /** A night action the game refuses: why, as a message the popup words in the host's language. */
  'night/bad-action': { readonly message: EngineMessage };
  'night/no-action': undefined;
  'night/not-resolved': undefined;
  'night/stale': undefined;
  'post/empty': undefined;
  'breach/no-note': undefined;
  'breach/not-pardoned': undefined;
  'breach/unknown': undefined;
  'breach/none-chosen': undefined;
  'breach/too-many': undefined;
  'breach/bad-rules': undefined;
  'day/game-over': undefined;
  'night/game-over': undefined;
  'day/not-today': undefined;
  'night/not-tonight': undefined;
  'day/bad-lynch': undefined;
  'night/bad-lynch': undefined;
  'day/no-resolver': undefined;
  'night/no-resolver': undefined;
  /** A day move the game refuses (its `words` say why in the host's language). */
  'day/bad-move': undefined;
  /** A ballot the day's count does not call for now (its `words` say which). */
  'day/no-ballot': undefined;
  /** A shared game's sync refused the host's request (read-only co-host, no connection, a bad invitation): `words` say why. */
  'sync/refused': undefined;
}

export type ErrorCode = keyof ErrorDetailsByCode;
export type ErrorDetails<C extends ErrorCode> = ErrorDetailsByCode[C];

/**
 * A code with details must be given them; a code without takes none. `words`
 * is what the error says as a message the pages word in the host's language
 * (the `message` stays English, for logs and the command line).
 */
type ErrorOptions<C extends ErrorCode> = ErrorDetailsByCode[C] extends undefined
  ? [options?: { readonly cause?: unknown; readonly words?: EngineMessage }]
  : [options: { readonly details: ErrorDetailsByCode[C]; readonly cause?: unknown; readonly words?: EngineMessage }];

export interface SerializedError {
  readonly name: string;
  readonly message: string;
  /** The code where the thrower gave one (`'storage/quota'`). */
  readonly code?: string;
  /** The code's structured details (plain JSON). */
  readonly details?: unknown;
  /** What it says, as a message for the host's language. */
  readonly words?: EngineMessage;
  readonly stack?: string;
  readonly cause?: SerializedError;
}

/** An error with a stable code; what handlers throw for expected failures. */
export class GavelError<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name: string = 'GavelError';
  readonly code: C;
  readonly details: ErrorDetailsByCode[C];
  readonly words: EngineMessage | undefined;
  constructor(code: C, message: string, ...[options]: ErrorOptions<C>) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = (options !== undefined && 'details' in options ? options.details : undefined) as ErrorDetailsByCode[C];
    this.words = options?.words;
  }
}

/** An error that came from the other side of a message hop. */
export class RemoteError extends Error {
  override readonly name: string;
  readonly code: string | undefined;
  readonly details: unknown;
  readonly words: EngineMessage | undefined;
  constructor(data: SerializedError) {
    super(data.message, data.cause === undefined ? undefined : { cause: new RemoteError(data.cause) });
    this.name = data.name;
    this.code = data.code;
    this.details = data.details;
    this.words = data.words;
    if (data.stack !== undefined) this.stack = data.stack;
  }
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (error instanceof Error) {
    const { code, cause, details, words } = error as { code?: unknown; cause?: unknown; details?: unknown; words?: EngineMessage };
    return {
      name: error.name,
      message: error.message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(details === undefined ? {} : { details }),
      ...(words === undefined ? {} : { words }),
      ...(error.stack === undefined ? {} : { stack: error.stack }),
      ...(cause === undefined || depth >= 5 ? {} : { cause: serializeError(cause, depth + 1) }),
    };
  }
  return { name: 'Error', message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)) };
}

export function deserializeError(data: SerializedError): RemoteError {
  return new RemoteError(data);
}

/**
 * The first error with `code` in an error's cause chain (a handler's refusal
 * arrives wrapped in `message/handler-failed`), with its message and details.
 * The details are typed by the code: the worker that set them is built from
 * this same file.
 */
export function findError<C extends ErrorCode>(
  error: unknown,
  code: C,
): { readonly message: string; readonly details: ErrorDetailsByCode[C] } | null {
  let current: unknown = error;
  for (let i = 0; i < 6 && current instanceof Error; i++) {
    const found = current as { code?: unknown; details?: unknown };
    if (found.code === code) return { message: current.message, details: found.details as ErrorDetailsByCode[C] };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * What an error says for the host (the first of its cause chain that carries
 * `words`), to be worded in the host's language; null when none does.
 */
export function errorWords(error: unknown): EngineMessage | null {
  let current: unknown = error;
  for (let i = 0; i < 6 && current instanceof Error; i++) {
    const words = (current as { words?: unknown }).words;
    if (isEngineMessage(words)) return words;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function isEngineMessage(value: unknown): value is EngineMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { code?: unknown; args?: unknown };
  return typeof v.code === 'string' && Array.isArray(v.args);
}

/** The message chain of an error and its causes, for logs and for the UI. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let i = 0; i < 6 && current !== undefined; i++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? (current as { cause?: unknown }).cause : undefined;
  }
  return parts.join(': ');
}
