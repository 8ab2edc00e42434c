/**
 * Running code in the content script's own world of a forum tab, through the
 * Chrome DevTools Protocol: Playwright's `page.evaluate` runs in the page's
 * main world, where `chrome.runtime` does not reach the extension. In the
 * content script's isolated world it does, and the worker sees the sender as
 * a content script in a tab, as it sees Gavel's own content script.
 */
import type { CDPSession, Page } from 'playwright-core';

interface ContextDescription {
  readonly id: number;
  readonly origin: string;
  readonly name: string;
  readonly auxData?: { readonly isDefault?: boolean; readonly type?: string; readonly frameId?: string };
}

export interface ContentWorld {
  /** Evaluates an expression (awaiting a promise) in the content script's world and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export async function contentWorld(page: Page, extensionId: string, timeoutMs = 15_000): Promise<ContentWorld> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const contexts: ContextDescription[] = [];
  session.on('Runtime.executionContextCreated', (event: { context: ContextDescription }) => contexts.push(event.context));
  await session.send('Runtime.enable');
  const deadline = Date.now() + timeoutMs;
  let found: ContextDescription | undefined;
  while (found === undefined) {
    found = contexts.find((c) => c.auxData?.type === 'isolated' && c.origin === `chrome-extension://${extensionId}`);
    if (found !== undefined) break;
    if (Date.now() > deadline) throw new Error(`no content-script world of extension ${extensionId} in ${page.url()}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  const contextId = found.id;
  return {
    evaluate: async <T>(expression: string): Promise<T> => {
      const reply = (await session.send('Runtime.evaluate', { expression, contextId, awaitPromise: true, returnByValue: true })) as {
        result: { value?: unknown };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      };
      if (reply.exceptionDetails !== undefined)
        throw new Error(`in the content script's world: ${reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text}`);
      return reply.result.value as T;
    },
    close: () => session.detach(),
  };
}
