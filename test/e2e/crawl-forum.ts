/**
 * For the browser tests of the crawl: a local forum that records every request
 * it is sent and can be made slow (so the worker is stopped mid-crawl), and
 * stopping the extension's service worker as the browser stops an idle one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { ExtensionBrowser, ForumRoutes, LocalForum } from '../../scripts/browser/harness';
import { demoRoutes } from '../../scripts/browser/demo-forum';
import type { DemoThread } from '../../scripts/forum-pages/phpbb';

export type SlowForum = LocalForum & {
  /** How long the answers to pages after the first (`start=` in the address) take. */
  slowMs: number;
};

/** A local forum serving `threads` (and `more` routes), recording every path asked for. */
export async function slowForum(threads: readonly DemoThread[], more: readonly ForumRoutes[] = []): Promise<SlowForum> {
  const served: string[] = [];
  const routes = [...threads.map((t) => demoRoutes(t)), ...more];
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

/**
 * Readies a stop of the extension's service worker, as the browser stops an
 * idle one: `stop()` then stops it at once (the DevTools session is already
 * open) and waits until DevTools reports it stopped; a message sent meanwhile
 * (a page asking again) may start it again right after. Call `stop` once.
 */
export async function workerStopper(browser: ExtensionBrowser): Promise<{ stop(): Promise<void> }> {
  const blank = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(blank);
  interface Version {
    readonly versionId: string;
    readonly scriptURL: string;
    readonly runningStatus: string;
  }
  const ours = (v: Version): boolean => v.scriptURL.startsWith(`chrome-extension://${browser.extensionId}/`);
  const seen: Version[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: Version[] }) => {
    seen.push(...event.versions.filter(ours));
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
  return {
    async stop() {
      const version = seen.at(-1);
      expect(version).toBeDefined();
      const from = seen.length;
      await cdp.send('ServiceWorker.stopWorker', { versionId: version?.versionId ?? '' });
      await expect.poll(() => seen.slice(from).some((v) => v.runningStatus === 'stopped'), { timeout: 10_000 }).toBe(true);
      await cdp.detach();
      await blank.close();
    },
  };
}

/** Stops the extension's service worker, as the browser does to an idle worker, and waits until it is gone. */
export async function stopWorker(browser: ExtensionBrowser): Promise<void> {
  await (await workerStopper(browser)).stop();
}

/** The page number a phpBB address asks for (`start=` over the thread's posts a page), or null for another address. */
export function phpbbPageOf(thread: DemoThread, path: string): number | null {
  const url = new URL(path, 'http://local');
  if (url.pathname !== '/viewtopic.php' || url.searchParams.get('t') !== String(thread.threadId)) return null;
  return Math.floor(Number(url.searchParams.get('start') ?? '0') / thread.perPage) + 1;
}
