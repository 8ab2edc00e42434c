/**
 * The worker's events to the forum tabs: when a thread's stored posts change
 * (a page read in one tab, a page the crawl fetched) or its crawl moves on,
 * the content scripts watching that thread are told over their port, and
 * count again; they do not poll.
 *
 * A content script watches a thread by opening a port (`THREAD_EVENTS_PORT`)
 * and naming the thread; it may watch only a thread of the site the browser
 * says it runs on, checked as its requests are. The ports are the only thing
 * kept, and they close when the browser stops the worker: the content script
 * then opens a new one (at once while a crawl it shows runs, else when its
 * tab is looked at again) and asks how things stand.
 */
import { GavelError, serializeError } from '../../shared/errors';
import { contentRequests } from '../../shared/content-requests';
import { classifySender, senderOriginOf, type SenderInfo } from '../../shared/messaging';
import {
  isThreadWatch,
  THREAD_EVENTS_PORT,
  threadKey,
  type CrawlStatus,
  type WorkerEventEnvelope,
  type WorkerEvents,
} from '../../shared/protocol';

/** The part of a runtime.Port the worker uses. */
export interface EventPort {
  readonly name: string;
  readonly sender?: SenderInfo | undefined;
  postMessage(message: unknown): void;
  disconnect(): void;
  readonly onMessage: { addListener(listener: (message: unknown) => void): void };
  readonly onDisconnect: { addListener(listener: () => void): void };
}

export interface ThreadEvents {
  /** A port a content script opened (`runtime.onConnect`). */
  connect(port: EventPort): void;
  /** Tells the ports watching the thread (all but the tab `except`, which caused it) that the thread changed. */
  threadChanged(
    origin: string,
    threadId: string,
    cause: WorkerEvents['thread/changed']['cause'],
    crawl: CrawlStatus | null,
    except?: number,
  ): void;
}

export function createThreadEvents(runtime: { readonly extensionId: string; readonly extensionOrigin: string }): ThreadEvents {
  const watching = new Map<string, Set<EventPort>>();
  const forget = (port: EventPort): void => {
    for (const [key, ports] of watching) {
      ports.delete(port);
      if (ports.size === 0) watching.delete(key);
    }
  };
  return {
    connect(port) {
      if (port.name !== THREAD_EVENTS_PORT) return;
      const sender = port.sender ?? {};
      if (classifySender(sender, runtime.extensionId, runtime.extensionOrigin) !== 'content') {
        port.disconnect();
        return;
      }
      port.onDisconnect.addListener(() => forget(port));
      port.onMessage.addListener((message) => {
        if (!isThreadWatch(message)) return;
        try {
          // The same check as a `thread/get` request: the thread's fields, and its site the sender's.
          const { request, origins } = contentRequests['thread/get'](message.payload, 'thread/get');
          const senderOrigin = senderOriginOf(sender);
          const foreign = origins.find((o) => o !== senderOrigin);
          if (foreign !== undefined) {
            throw new GavelError(
              'message/foreign-origin',
              `a content script on ${senderOrigin ?? 'a page with no web origin'} may not watch ${foreign}`,
              {
                details: { type: 'thread/watch', senderOrigin, requested: foreign },
              },
            );
          }
          forget(port);
          const key = threadKey(request.origin, request.threadId);
          watching.set(key, (watching.get(key) ?? new Set()).add(port));
        } catch (error) {
          port.postMessage({ gavel: 1, refused: serializeError(error) });
          port.disconnect();
          forget(port);
        }
      });
    },
    threadChanged(origin, threadId, cause, crawl, except) {
      const event: WorkerEventEnvelope<'thread/changed'> = {
        gavel: 1,
        event: 'thread/changed',
        payload: { origin, threadId, cause, crawl },
      };
      for (const port of watching.get(threadKey(origin, threadId)) ?? []) {
        if (except !== undefined && port.sender?.tab?.id === except) continue;
        try {
          port.postMessage(event);
        } catch {
          forget(port); // closed meanwhile
        }
      }
    },
  };
}
