/**
 * The worker's events to the forum tabs, and the offscreen document's typed
 * request. A content script watches its thread over a port and hears when it
 * changes (no polling); it may watch only a thread of its own site. The
 * offscreen document answers the worker's `offscreen/parse` with a typed
 * reply, and never a content script.
 */
import { describe, expect, it } from 'vitest';
import { createThreadEvents, type EventPort } from '../../extension/background/handlers/events';
import { RemoteError } from '../../extension/shared/errors';
import {
  createMessageHandler,
  createOffscreenHandler,
  sendOffscreenRequest,
  type Handlers,
  type SenderInfo,
} from '../../extension/shared/messaging';
import { THREAD_EVENTS_PORT, type OffscreenProtocol } from '../../extension/shared/protocol';

const extensionId = 'gavelgavelgavelgavelgavelgavelga';
const extensionOrigin = `chrome-extension://${extensionId}/`;
const runtime = { extensionId, extensionOrigin };
const forumA = 'https://forum.mafiascum.net';
const forumB = 'https://www.mafiauniverse.com';
const onA = (tab: number): SenderInfo => ({ id: extensionId, origin: forumA, url: `${forumA}/viewtopic.php?t=1`, tab: { id: tab } });
const popup: SenderInfo = { id: extensionId, url: `${extensionOrigin}extension/popup/index.html` };
const worker: SenderInfo = { id: extensionId, url: `${extensionOrigin}service-worker-loader.js` };

interface FakePort extends EventPort {
  readonly heard: unknown[];
  readonly closed: () => boolean;
  say(message: unknown): void;
}

function port(sender: SenderInfo, name = THREAD_EVENTS_PORT): FakePort {
  const heard: unknown[] = [];
  const listeners: ((m: unknown) => void)[] = [];
  const onClose: (() => void)[] = [];
  let closed = false;
  return {
    name,
    sender,
    heard,
    closed: () => closed,
    postMessage: (m) => heard.push(m),
    disconnect: () => {
      closed = true;
      for (const l of onClose) l();
    },
    onMessage: { addListener: (l) => listeners.push(l) },
    onDisconnect: { addListener: (l) => onClose.push(l) },
    say: (m) => {
      for (const l of listeners) l(m);
    },
  };
}

const watch = (origin: string, threadId: string) => ({ gavel: 1, type: 'thread/watch', payload: { origin, threadId } });

describe('thread events', () => {
  it('reach the content scripts watching the thread, except the tab that caused them', () => {
    const events = createThreadEvents(runtime);
    const first = port(onA(1));
    const second = port(onA(2));
    const other = port(onA(3));
    for (const p of [first, second, other]) events.connect(p);
    first.say(watch(forumA, '1'));
    second.say(watch(forumA, '1'));
    other.say(watch(forumA, '2'));
    events.threadChanged(forumA, '1', 'page-read', null, 2);
    expect(first.heard).toEqual([
      { gavel: 1, event: 'thread/changed', payload: { origin: forumA, threadId: '1', cause: 'page-read', crawl: null } },
    ]);
    expect(second.heard).toEqual([]);
    expect(other.heard).toEqual([]);
    // A closed port is forgotten.
    first.disconnect();
    events.threadChanged(forumA, '1', 'crawl', null);
    expect(first.heard).toHaveLength(1);
    expect(second.heard).toHaveLength(1);
  });

  it("refuse a content script that would watch another site's thread, which then hears nothing of it", () => {
    const events = createThreadEvents(runtime);
    const spy = port(onA(1));
    events.connect(spy);
    spy.say(watch(forumB, '55501'));
    expect(spy.closed()).toBe(true);
    expect(spy.heard).toMatchObject([
      { refused: { code: 'message/foreign-origin', details: { senderOrigin: forumA, requested: forumB } } },
    ]);
    events.threadChanged(forumB, '55501', 'crawl', null);
    expect(spy.heard).toHaveLength(1);
  });

  it('are for content scripts only, on their own port name', () => {
    const events = createThreadEvents(runtime);
    const page = port(popup);
    events.connect(page);
    expect(page.closed()).toBe(true);
    const elsewhere = port(onA(1), 'someone-else');
    events.connect(elsewhere);
    elsewhere.say(watch(forumA, '1'));
    events.threadChanged(forumA, '1', 'crawl', null);
    expect(elsewhere.heard).toEqual([]);
  });
});

describe('the offscreen parse request', () => {
  const parsed: OffscreenProtocol['offscreen/parse']['response'] = { supported: false, reason: 'nothing known' };
  const handler = createOffscreenHandler(
    {
      'offscreen/parse': ({ html }) => (html === 'boom' ? Promise.reject(new Error('the page broke the parser')) : Promise.resolve(parsed)),
    },
    runtime,
  );
  const via = (sender: SenderInfo) => (envelope: unknown) => handler(envelope, sender) ?? Promise.resolve(undefined);

  it('is answered for the worker, typed', async () => {
    await expect(sendOffscreenRequest(via(worker), 'offscreen/parse', { html: '<p>', url: `${forumA}/x`, now: 1 })).resolves.toEqual(
      parsed,
    );
  });

  it('carries a failure back as a typed error with its cause', async () => {
    const error = (await sendOffscreenRequest(via(worker), 'offscreen/parse', { html: 'boom', url: `${forumA}/x`, now: 1 }).catch(
      (e: unknown) => e,
    )) as RemoteError;
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.code).toBe('message/handler-failed');
    expect((error.cause as Error).message).toBe('the page broke the parser');
  });

  it('is refused from a content script, and other messages are left alone', async () => {
    const reply = await handler({ gavel: 1, to: 'offscreen', type: 'offscreen/parse', payload: { html: '', url: '', now: 0 } }, onA(1));
    expect(reply).toMatchObject({ ok: false, error: { code: 'message/forbidden-sender', details: { sender: 'content' } } });
    expect(handler({ gavel: 1, type: 'worker/ping', payload: {} }, worker)).toBeUndefined();
  });

  it("is not answered by the worker's own listener", () => {
    const workerListener = createMessageHandler({} as Handlers, runtime);
    expect(workerListener({ gavel: 1, to: 'offscreen', type: 'offscreen/parse', payload: {} }, worker)).toBeUndefined();
  });
});
