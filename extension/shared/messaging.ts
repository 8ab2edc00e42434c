/**
 * Typed request/response messaging over the runtime port. `send` is used by the
 * content script and the extension pages; `createMessageHandler` builds the
 * worker's listener from a handler table that must cover every message type.
 * Failures travel as serialized errors and are rethrown on the sending side
 * with their code and cause chain intact.
 */
import { deserializeError, GavelError, serializeError } from './errors';
import { findNonJson } from './plain-json';
import {
  allowedSenders,
  isEnvelope,
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
  readonly url?: string | undefined;
  readonly tab?: { readonly id?: number | undefined } | undefined;
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

/**
 * The worker's message listener. Unknown envelopes are ignored (undefined), so
 * other listeners and other extensions' messages are not answered.
 */
export function createMessageHandler(
  handlers: Handlers,
  runtime: { readonly extensionId: string; readonly extensionOrigin: string; readonly checkPlainJson?: boolean },
): (message: unknown, sender: SenderInfo) => Promise<Reply> | undefined {
  return (message, sender) => {
    if (!isEnvelope(message)) return undefined;
    const kind = classifySender(sender, runtime.extensionId, runtime.extensionOrigin);
    const type = message.type;
    if (kind === null || !allowedSenders[type].includes(kind)) {
      return Promise.resolve({
        ok: false,
        error: serializeError(new GavelError('message/forbidden-sender', `"${type}" may not be sent from ${kind ?? 'an unknown sender'}`)),
      });
    }
    const handler = handlers[type] as (payload: unknown, context: HandlerContext) => Promise<unknown>;
    return Promise.resolve()
      .then(() => handler(message.payload, { sender, senderKind: kind }))
      .then((value): Reply => {
        if (runtime.checkPlainJson === true) {
          const bad = findNonJson(value);
          if (bad !== null) throw new GavelError('message/not-plain-json', `reply to "${type}": ${bad}`);
        }
        return { ok: true, value: value as ResponseOf<typeof type> };
      })
      .catch((error: unknown): Reply => ({
        ok: false,
        error: serializeError(new GavelError('message/handler-failed', `"${type}" failed`, { cause: error })),
      }));
  };
}

/** Sends one typed request and returns the typed response, or throws the remote error. */
export async function sendRequest<T extends MessageType>(
  transport: (envelope: Envelope<T>) => Promise<unknown>,
  type: T,
  payload: RequestOf<T>,
): Promise<ResponseOf<T>> {
  const bad = findNonJson(payload);
  if (bad !== null) throw new GavelError('message/not-plain-json', `request "${type}": ${bad}`);
  const reply = (await transport({ gavel: 1, type, payload })) as Reply<T> | undefined;
  if (reply === undefined || reply === null || typeof reply !== 'object') {
    throw new GavelError('message/no-reply', `"${type}" got no reply: is the Gavel worker running?`);
  }
  if (reply.ok) return reply.value;
  throw deserializeError(reply.error);
}
