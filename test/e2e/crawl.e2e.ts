/**
 * The worker reads a whole thread by itself: the host opens only page 1 of a
 * four-page game and tracks it, and the worker fetches pages 2–4 (parsing them
 * in its offscreen document) and stores every post. Then the same with the
 * service worker stopped by the browser in the middle of the crawl: it wakes,
 * goes on from the crawl's row in IndexedDB, and stores every post once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { demoRoutes } from '../../scripts/browser/demo-forum';
import { longThread } from '../../scripts/forum-pages/long-thread';
import { pageUrl, type DemoThread } from '../../scripts/forum-pages/phpbb';

const origin = `https://${longThread.forumHost}`;
// The second game is the same four pages under another thread id, crawled while the worker is stopped.
const secondThread: DemoThread = { ...longThread, threadId: longThread.threadId + 1, title: 'Mini 2204: Estuary Mafia II' };

/** A local forum whose answers to pages after the first take `slowMs`, so a stop lands mid-crawl. */
async function slowForum(threads: readonly DemoThread[]): Promise<LocalForum & { slowMs: number }> {
  const served: string[] = [];
  const routes = threads.map((t) => demoRoutes(t));
  const state = { slowMs: 0 };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    served.push(path);
    const html = routes.map((route) => route(path)).find((h) => h !== null) ?? null;
    const wait = path.includes('start=') ? state.slowMs : 0;
    setTimeout(() => {
      if (html === null) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }, wait);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    origin: `http://127.0.0.1:${port}`,
    served: () => served,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  });
}

let forum: Awaited<ReturnType<typeof slowForum>>;
let browser: ExtensionBrowser;
let dashboard: Page;

beforeAll(async () => {
  forum = await slowForum([longThread, secondThread]);
  browser = await launchWithExtension({ forum, forumHosts: [longThread.forumHost] });
  dashboard = await browser.openExtensionPage('extension/popup/index.html');
});

afterAll(async () => {
  await browser?.close();
  await forum?.close();
});

interface Reply {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: unknown;
}

/** Sends a message to the worker from an extension page, as the dashboard does. */
async function ask(type: string, payload: unknown): Promise<Reply> {
  return dashboard.evaluate(
    ({ type, payload }) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<Reply> } } }).chrome.runtime;
      return runtime.sendMessage({ gavel: 1, type, payload });
    },
    { type, payload },
  );
}

async function storedOf(thread: DemoThread): Promise<{ postCount: number; pagesSeen: number } | null> {
  const reply = await ask('thread/get', { origin, threadId: String(thread.threadId) });
  return reply.value as { postCount: number; pagesSeen: number } | null;
}

async function statusOf(thread: DemoThread): Promise<{ status: string; pagesDone: number; pageCount: number | null; error: string | null } | null> {
  const reply = await ask('thread/crawl-status', { origin, threadId: String(thread.threadId) });
  return reply.value as { status: string; pagesDone: number; pageCount: number | null; error: string | null } | null;
}

/** The host opens page 1 only, and the content script stores it. */
async function openFirstPage(thread: DemoThread): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(pageUrl(thread, 1));
  await expect.poll(() => storedOf(thread), { timeout: 15_000 }).toMatchObject({ pagesSeen: 1, postCount: 6 });
  return page;
}

function servedPagesOf(thread: DemoThread): string[] {
  return forum.served().filter((path) => path.includes(`t=${thread.threadId}`));
}

describe('the worker reads the whole thread', () => {
  it('stores every post of all four pages after the host opens page 1 and tracks the game', async () => {
    const page = await openFirstPage(longThread);
    const tracked = await ask('thread/track', { origin, threadId: String(longThread.threadId) });
    expect(tracked.ok).toBe(true);

    await expect.poll(() => storedOf(longThread), { timeout: 30_000 }).toMatchObject({ postCount: 24, pagesSeen: 4 });
    await expect.poll(() => statusOf(longThread), { timeout: 10_000 }).toEqual({ status: 'done', pagesDone: 4, pageCount: 4, pending: [], error: null });
    // Pages 2–4 were fetched once each (page 1 again only to find its next link).
    const served = servedPagesOf(longThread);
    for (const start of [6, 12, 18]) expect(served.filter((p) => p.endsWith(`start=${start}`))).toHaveLength(1);
    // The toolbar badge on the thread's tab shows the leading wagon: Wren at 3 of the 4 needed.
    // (The extension may not read the forum tab's address, so look at every tab's badge.)
    const badges = (): Promise<string[]> =>
      dashboard.evaluate(async () => {
        const chromeApi = (globalThis as unknown as {
          chrome: { tabs: { query(q: object): Promise<Array<{ id?: number }>> }; action: { getBadgeText(d: { tabId: number }): Promise<string> } };
        }).chrome;
        const tabs = await chromeApi.tabs.query({});
        return Promise.all(tabs.map((tab) => (tab.id === undefined ? '' : chromeApi.action.getBadgeText({ tabId: tab.id }))));
      });
    await expect.poll(badges, { timeout: 10_000 }).toContain('3/4');
    await page.close();
  });

  it('finishes the crawl after the browser stops the worker in the middle of it, with no post twice', async () => {
    forum.slowMs = 1500;
    const page = await openFirstPage(secondThread);
    expect((await ask('thread/track', { origin, threadId: String(secondThread.threadId) })).ok).toBe(true);
    // Page 2 is stored; page 3 is on its way (the forum is slow).
    await expect.poll(() => storedOf(secondThread), { timeout: 20_000 }).toMatchObject({ pagesSeen: 2 });
    expect(await statusOf(secondThread)).toMatchObject({ status: 'running' });

    // Stop the extension's service worker, as the browser does to an idle worker.
    const cdp = await browser.context.newCDPSession(page);
    const workerTargets = async (): Promise<string[]> => {
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ targetId: string; type: string; url: string }> };
      return targetInfos.filter((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${browser.extensionId}/`)).map((t) => t.targetId);
    };
    const [workerTarget] = await workerTargets();
    expect(workerTarget).toBeDefined();
    await cdp.send('Target.closeTarget', { targetId: workerTarget ?? '' });
    await expect.poll(workerTargets, { timeout: 10_000 }).toEqual([]);
    const atStop = forum.served().length;
    const storedAtStop = (await storedOf(secondThread))?.pagesSeen ?? 0; // this message wakes the worker again
    expect(storedAtStop).toBeLessThan(4);

    // The woken worker goes on from the crawl's row and stores the rest.
    await expect.poll(() => storedOf(secondThread), { timeout: 40_000 }).toMatchObject({ postCount: 24, pagesSeen: 4 });
    await expect.poll(() => statusOf(secondThread), { timeout: 10_000 }).toMatchObject({ status: 'done', pagesDone: 4, pageCount: 4, error: null });
    expect(forum.served().length).toBeGreaterThan(atStop);
    console.log(`second game: pages stored when the worker was stopped: ${storedAtStop}; requests: ${servedPagesOf(secondThread).join(' ')}`);
    await page.close();
  });
});
