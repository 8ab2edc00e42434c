import { describe, expect, expectTypeOf, it } from 'vitest';
import { GavelError, RemoteError, serializeError } from '../../extension/shared/errors';
import { classifySender, createMessageHandler, sendRequest, type Handlers } from '../../extension/shared/messaging';
import { allowedSenders, type Envelope, type MessageType, type ResponseOf } from '../../extension/shared/protocol';

const extensionId = 'abcdefghijklmnopabcdefghijklmnop';
const extensionOrigin = `chrome-extension://${extensionId}/`;
const popup = { id: extensionId, url: `${extensionOrigin}extension/popup/index.html` };
const content = { id: extensionId, url: 'https://forum.mafiascum.net/viewtopic.php?t=1', tab: { id: 3 } };
const stranger = { id: 'someotherextensionidxxxxxxxxxxxx', url: 'https://evil.example/', tab: { id: 4 } };

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const unused = () => Promise.reject(new Error('not used in this test'));
  return {
    'worker/ping': () => Promise.resolve({ pong: true, version: '9.9.9' }),
    'thread/page-read': unused,
    'thread/track': unused,
    'thread/get': () => Promise.resolve(null),
    'thread/count': unused,
    'thread/roster': unused,
    'thread/list': () => Promise.resolve([]),
    'thread/crawl-status': unused,
    'thread/crawl': unused,
    'settings/get': () => Promise.resolve({ outputDialect: 'bbcode', language: 'auto', voteGrammar: {}, reminders: [60], badge: 'votes' }),
    'settings/set': unused,
    'ui/messages': unused,
    'forums/enable': unused,
    'forums/list': () => Promise.resolve([]),
    'game/list': unused,
    'game/get': unused,
    'game/create': unused,
    'game/update': unused,
    'game/event': unused,
    'game/export': unused,
    'game/import': unused,
    'game/delete': unused,
    'night/actions': unused,
    'night/add-action': unused,
    'night/remove-action': unused,
    'night/resolve': unused,
    'night/apply': unused,
    'day/end': unused,
    'day/posts': unused,
    'game/outcome': unused,
    'phases/catch-up': unused,
    'phases/catch-up-apply': unused,
    'day/ballot': unused,
    'day/open-ballot': unused,
    'day/move': unused,
    'day/cancel-move': unused,
    'day/set-opening': unused,
    'game/count': unused,
    'post/published': unused,
    'breach/ledger': unused,
    'breach/pardon': unused,
    'breach/unpardon': unused,
    'breach/pardon-many': unused,
    'breach/rules': unused,
    'game/deadline': unused,
    'sync/status': unused,
    'sync/share': unused,
    'sync/invite': unused,
    'sync/revoke': unused,
    'sync/join': unused,
    'sync/stop': unused,
    ...overrides,
  };
}

const envelope = <T extends MessageType>(type: T, payload: Envelope<T>['payload']): Envelope<T> => ({ gavel: 1, type, payload });

describe('the worker message handler', () => {
  it('answers a ping from a content script and from the popup', async () => {
    const handle = createMessageHandler(handlers(), { extensionId, extensionOrigin });
    await expect(handle(envelope('worker/ping', {}), content)).resolves.toEqual({ ok: true, value: { pong: true, version: '9.9.9' } });
    await expect(handle(envelope('worker/ping', {}), popup)).resolves.toEqual({ ok: true, value: { pong: true, version: '9.9.9' } });
  });

  it('ignores messages that are not Gavel envelopes, so other listeners can answer them', () => {
    const handle = createMessageHandler(handlers(), { extensionId, extensionOrigin });
    expect(handle({ hello: 'world' }, popup)).toBeUndefined();
    expect(handle({ gavel: 1, type: 'no/such-type', payload: {} }, popup)).toBeUndefined();
    expect(handle('ping', popup)).toBeUndefined();
  });

  it('refuses a message type from a sender that may not send it', async () => {
    const handle = createMessageHandler(handlers(), { extensionId, extensionOrigin });
    const reply = await handle(envelope('settings/get', {}), content);
    expect(reply).toMatchObject({ ok: false, error: { code: 'message/forbidden-sender' } });
  });

  it('refuses every message from another extension or a web page', async () => {
    const handle = createMessageHandler(handlers(), { extensionId, extensionOrigin });
    for (const type of Object.keys(allowedSenders) as MessageType[]) {
      const reply = await handle({ gavel: 1, type, payload: {} }, stranger);
      expect(reply).toMatchObject({ ok: false, error: { code: 'message/forbidden-sender' } });
    }
  });

  it('keeps a handler error and its cause across the hop', async () => {
    const failing = handlers({
      'thread/get': () => Promise.reject(new GavelError('game/not-found', 'the disk is full', { cause: new Error('QuotaExceededError') })),
    });
    const handle = createMessageHandler(failing, { extensionId, extensionOrigin });
    const transport = (e: unknown) => handle(e, popup) ?? Promise.resolve(undefined);
    const error = await sendRequest(transport, 'thread/get', { origin: 'https://x.example', threadId: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    const remote = error as RemoteError;
    expect(remote.code).toBe('message/handler-failed');
    expect(remote.cause).toBeInstanceOf(RemoteError);
    expect((remote.cause as RemoteError).code).toBe('game/not-found');
    expect((remote.cause as RemoteError).message).toBe('the disk is full');
    expect(((remote.cause as RemoteError).cause as Error).message).toBe('QuotaExceededError');
  });

  it('refuses to reply with data that is not plain JSON when checking is on', async () => {
    const bad = handlers({ 'thread/list': () => Promise.resolve([{ when: new Date(0) }] as never) });
    const handle = createMessageHandler(bad, { extensionId, extensionOrigin, checkPlainJson: true });
    const reply = await handle(envelope('thread/list', {}), popup);
    expect(reply).toMatchObject({
      ok: false,
      error: { cause: { code: 'message/not-plain-json', message: expect.stringContaining('$[0].when is a Date') } },
    });
  });

  it('says clearly when nothing answered', async () => {
    await expect(sendRequest(() => Promise.resolve(undefined), 'worker/ping', {})).rejects.toThrow(/no reply: is the Gavel worker running/);
  });

  it("builds the allow-list from each message's `from`: the table cannot add or leave out a sender", () => {
    expect(allowedSenders['game/get']).toEqual({ 'extension-page': true });
    expect(allowedSenders['thread/count']).toEqual({ content: true, 'extension-page': true });
    const extra: (typeof allowedSenders)['game/get'] = {
      'extension-page': true,
      // @ts-expect-error: game/get's `from` leaves content scripts out
      content: true,
    };
    // @ts-expect-error: thread/count's `from` names content scripts too
    const missing: (typeof allowedSenders)['thread/count'] = { 'extension-page': true };
    expect([extra, missing]).toHaveLength(2);
  });

  it('types requests and responses by message type', () => {
    expectTypeOf<ResponseOf<'worker/ping'>>().toEqualTypeOf<{ readonly pong: true; readonly version: string }>();
    // Never called: the point is that it does not compile.
    const misuse = () =>
      // @ts-expect-error: a message type that does not exist
      sendRequest(() => Promise.resolve(undefined), 'worker/pong', {});
    expect(typeof misuse).toBe('function');
  });
});

describe('classifySender', () => {
  it('tells our pages, our content scripts and strangers apart', () => {
    expect(classifySender(popup, extensionId, extensionOrigin)).toBe('extension-page');
    expect(classifySender({ ...popup, tab: { id: 1 } }, extensionId, extensionOrigin)).toBe('extension-page');
    expect(classifySender(content, extensionId, extensionOrigin)).toBe('content');
    expect(classifySender(stranger, extensionId, extensionOrigin)).toBeNull();
    expect(classifySender({ id: extensionId }, extensionId, extensionOrigin)).toBeNull();
  });
});

describe('serializeError', () => {
  it('turns anything thrown into data', () => {
    expect(serializeError('plain string')).toEqual({ name: 'Error', message: 'plain string' });
    expect(serializeError({ odd: 1 })).toEqual({ name: 'Error', message: '{"odd":1}' });
  });
});
