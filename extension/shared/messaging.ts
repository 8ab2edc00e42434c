/**
 * Typed request/response messaging over the runtime port. `send` is used by the
 * content script and the extension pages; `createMessageHandler` builds the
 * worker's listener from a handler table that must cover every message type.
 * Failures travel as serialized errors and are rethrown on the sending side
 * with their code and cause chain intact.
 */
import { deserializeError, GavelError, serializeError, type SerializedError } from './errors';
import { findNonJson } from './plain-json';
import { contentRequests } from './content-requests';
import {
  isEnvelope,
  isOffscreenEnvelope,
  maySend,
  type OffscreenEnvelope,
  type OffscreenMessageType,
  type OffscreenProtocol,
  type OffscreenReply,
  type ContentMessage,
  type Envelope,
  type MessageType,
  type Reply,
  type RequestOf,
  type ResponseOf,
  type SenderKind,
} from './protocol';

/** What the worker knows about who sent a message (a subset of runtime.MessageSender). */
export interface SenderInfo {
  readonly id?: string | undefined;
  /** The frame's address. */
  readonly url?: string | undefined;
  /** The frame's origin as the browser saw it (Chromium; Firefox leaves it out). */
  readonly origin?: string | undefined;
  readonly tab?: { readonly id?: number | undefined; readonly url?: string | undefined } | undefined;
}

export interface HandlerContext {
  readonly sender: SenderInfo;
  readonly senderKind: SenderKind;
}

export type Handlers = {
  readonly [T in MessageType]: (payload: RequestOf<T>, context: HandlerContext) => Promise<ResponseOf<T>>;
};

/** Classifies a sender: our own pages, a content script in a tab of ours, or a stranger (null). */
export function classifySender(sender: SenderInfo, extensionId: string, extensionOrigin: string): SenderKind | null {
  if (sender.id !== extensionId) return null;
  if (sender.url !== undefined && sender.url.startsWith(extensionOrigin)) return 'extension-page';
  if (sender.tab !== undefined) return 'content';
  return null;
}

function webOrigin(address: string | undefined): string | null {
  if (address === undefined) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The web site a content script runs on, from the browser's own record of the
 * sender (never from the message): Chromium's `sender.origin`, else the
 * origin of `sender.url` (Firefox), else of the tab's address. Null when none
 * is a web origin (then the sender may ask about no site at all).
 */
export function senderOriginOf(sender: SenderInfo): string | null {
  if (sender.origin !== undefined) {
    const fromRecord = webOrigin(sender.origin);
    // An opaque origin ("null") or one that is not a web page's: no site.
    return fromRecord === sender.origin ? fromRecord : null;
  }
  return webOrigin(sender.url) ?? webOrigin(sender.tab?.url);
}

function refusal(error: GavelError): Promise<Reply> {
  return Promise.resolve({ ok: false, error: serializeError(error) });
}

/**
 * The worker's message listener. Unknown envelopes are ignored (undefined), so
 * other listeners and other extensions' messages are not answered. A message
 * from a sender its type's `from` leaves out is refused; a content script's
 * request is checked field by field (`content-requests.ts`) and refused when
 * it names a site other than the one the browser says the script runs on.
 */
export function createMessageHandler(
  handlers: Handlers,
  runtime: { readonly extensionId: string; readonly extensionOrigin: string; readonly checkPlainJson?: boolean },
): (message: unknown, sender: SenderInfo) => Promise<Reply> | undefined {
  return (message, sender) => {
    if (!isEnvelope(message)) return undefined;
    const kind = classifySender(sender, runtime.extensionId, runtime.extensionOrigin);
    const type = message.type;
    if (kind === null || !maySend(type, kind)) {
      return refusal(
        new GavelError('message/forbidden-sender', `"${type}" may not be sent from ${kind ?? 'an unknown sender'}`, {
          details: { type, sender: kind },
        }),
      );
    }
    let payload: unknown = message.payload;
    if (kind === 'content') {
      const senderOrigin = senderOriginOf(sender);
      try {
        const checked = contentRequests[type as ContentMessage](payload, type as never);
        const foreign = checked.origins.find((o) => o !== senderOrigin);
        if (foreign !== undefined) {
          return refusal(
            new GavelError(
              'message/foreign-origin',
              `"${type}" refused: a content script on ${senderOrigin ?? 'a page with no web origin'} asked about ${foreign}`,
              { details: { type, senderOrigin, requested: foreign } },
            ),
          );
        }
        payload = checked.request;
      } catch (error) {
        if (error instanceof GavelError) return refusal(error);
        throw error;
      }
    }
    const handler = handlers[type] as (payload: unknown, context: HandlerContext) => Promise<unknown>;
    return Promise.resolve()
      .then(() => handler(payload, { sender, senderKind: kind }))
      .then((value): Reply => {
        if (runtime.checkPlainJson === true) {
          const bad = findNonJson(value);
          if (bad !== null)
            throw new GavelError('message/not-plain-json', `reply to "${type}": ${bad}`, { details: { type, problem: bad } });
        }
        return { ok: true, value: value as ResponseOf<typeof type> };
      })
      .catch((error: unknown): Reply => ({
        ok: false,
        error: serializeError(new GavelError('message/handler-failed', `"${type}" failed`, { details: { type }, cause: error })),
      }));
  };
}

/** Sends one envelope and returns the reply's value, or throws the remote error. */
async function exchange<R>(
  transport: (envelope: never) => Promise<unknown>,
  envelope: { readonly type: string; readonly payload: unknown },
  to: string,
): Promise<R> {
  const { type, payload } = envelope;
  const bad = findNonJson(payload);
  if (bad !== null) throw new GavelError('message/not-plain-json', `request "${type}": ${bad}`, { details: { type, problem: bad } });
  const reply = (await transport(envelope as never)) as { ok: true; value: R } | { ok: false; error: SerializedError } | undefined;
  if (reply === undefined || reply === null || typeof reply !== 'object') {
    throw new GavelError('message/no-reply', `"${type}" got no reply: is ${to} running?`, { details: { type } });
  }
  if (reply.ok) return reply.value;
  throw deserializeError(reply.error);
}

/** Sends one typed request to the worker and returns the typed response, or throws the remote error. */
export function sendRequest<T extends MessageType>(
  transport: (envelope: Envelope<T>) => Promise<unknown>,
  type: T,
  payload: RequestOf<T>,
): Promise<ResponseOf<T>> {
  const envelope: Envelope<T> = { gavel: 1, type, payload };
  return exchange(transport, envelope, 'the Gavel worker');
}

/** Sends one typed request to the offscreen document (from the worker). */
export function sendOffscreenRequest<T extends OffscreenMessageType>(
  transport: (envelope: OffscreenEnvelope<T>) => Promise<unknown>,
  type: T,
  payload: OffscreenProtocol[T]['request'],
): Promise<OffscreenProtocol[T]['response']> {
  const envelope: OffscreenEnvelope<T> = { gavel: 1, to: 'offscreen', type, payload };
  return exchange(transport, envelope, "Gavel's offscreen document");
}

export type OffscreenHandlers = {
  readonly [T in OffscreenMessageType]: (payload: OffscreenProtocol[T]['request']) => Promise<OffscreenProtocol[T]['response']>;
};

/**
 * The offscreen document's listener: it answers offscreen envelopes from the
 * extension's own worker (our extension, at an extension address, in no tab:
 * never a content script; the extension's pages pass too, and may ask the
 * worker for more anyway), refuses them from anyone else, and ignores every
 * other message.
 */
export function createOffscreenHandler(
  handlers: OffscreenHandlers,
  runtime: { readonly extensionId: string; readonly extensionOrigin: string },
): (message: unknown, sender: SenderInfo) => Promise<OffscreenReply> | undefined {
  return (message, sender) => {
    if (!isOffscreenEnvelope(message)) return undefined;
    const type = message.type;
    const fromWorker =
      sender.id === runtime.extensionId && sender.tab === undefined && sender.url?.startsWith(runtime.extensionOrigin) === true;
    if (!fromWorker) {
      const kind = classifySender(sender, runtime.extensionId, runtime.extensionOrigin);
      return Promise.resolve({
        ok: false,
        error: serializeError(
          new GavelError('message/forbidden-sender', `"${type}" may be sent by the Gavel worker only`, { details: { type, sender: kind } }),
        ),
      });
    }
    return Promise.resolve()
      .then(() => handlers[type](message.payload))
      .then(
        (value): OffscreenReply => ({ ok: true, value }),
        (error: unknown): OffscreenReply => ({
          ok: false,
          error: serializeError(new GavelError('message/handler-failed', `"${type}" failed`, { details: { type }, cause: error })),
        }),
      );
  };
}
