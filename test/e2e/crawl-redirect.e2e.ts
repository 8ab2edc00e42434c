/**
 * A forum page cannot steer the crawler off the thread's site. Page 1 of each
 * game links to its next page through an address on the forum that answers
 * with a redirect (HTTP 302): in one game to page 2 on the same forum, which
 * the worker follows, in the other to a second local server, which must never
 * be asked anything (it records every request it gets). The worker fetches
 * with `redirect: 'manual'` and learns each target from
 * `webRequest.onBeforeRedirect` before asking for it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, startLocalForum, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { demoRoutes } from '../../scripts/browser/demo-forum';
import { longThread } from '../../scripts/forum-pages/long-thread';
import { pageUrl, renderPage, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { askWorker } from './host-steps';

const sameSite: DemoThread = { ...longThread, threadId: 88_001, title: 'Mini 2301: Redirect Mafia' };
const offSite: DemoThread = { ...longThread, threadId: 88_002, title: 'Mini 2302: Elsewhere Mafia' };
const origin = `https://${longThread.forumHost}`;
const hop = (thread: DemoThread): string => `${origin}/go.php?t=${thread.threadId}`;

/** Page 1 of `thread`, its links to page 2 (the next link among them) pointing at the forum's redirecting address. */
function pageOneLinkingThrough(thread: DemoThread): string {
  const next = new URL(pageUrl(thread, 2));
  const to = hop(thread).replaceAll('&', '&amp;');
  return renderPage(thread, 1)
    .replaceAll(next.href.replaceAll('&', '&amp;'), to)
    .replaceAll(`.${next.pathname}${next.search}`.replaceAll('&', '&amp;'), to);
}

/** A server on another origin that answers everything and records every request. */
async function collector(): Promise<{ origin: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '/');
    res.writeHead(200, { 'content-type': 'text/html' }).end(renderPage(offSite, 2));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

let forum: LocalForum;
let elsewhere: Awaited<ReturnType<typeof collector>>;
let browser: ExtensionBrowser;
let dashboard: Page;
/** Every request for a redirecting address, as the browser made it. */
const hopsAsked: string[] = [];

beforeAll(async () => {
  elsewhere = await collector();
  const threads = [sameSite, offSite];
  forum = await startLocalForum((path) => {
    for (const thread of threads) {
      if (path === `/viewtopic.php?t=${thread.threadId}`) return pageOneLinkingThrough(thread);
      const page = demoRoutes(thread)(path);
      if (page !== null) return page;
    }
    return null;
  });
  browser = await launchWithExtension({ forum, forumHosts: [longThread.forumHost] });
  // The forum's redirects: answered by the browser's own network layer as a 302, so the browser decides whether to follow.
  await browser.context.route(`${origin}/go.php*`, async (route) => {
    const url = new URL(route.request().url());
    hopsAsked.push(url.href);
    const target =
      url.searchParams.get('t') === String(sameSite.threadId) ? pageUrl(sameSite, 2) : `${elsewhere.origin}/collect?from=gavel`;
    await route.fulfill({ status: 302, headers: { location: target, 'content-type': 'text/plain' }, body: '' });
  });
  dashboard = await browser.openExtensionPage('extension/popup/index.html');
});

afterAll(async () => {
  await browser?.close();
  await forum?.close();
  await elsewhere?.close();
});

interface Status {
  status: string;
  pagesDone: number;
  pageCount: number | null;
  pending: number[];
  error: string | null;
}

const statusOf = async (thread: DemoThread): Promise<Status | null> =>
  (await askWorker(dashboard, 'thread/crawl-status', { origin, threadId: String(thread.threadId) })).value as Status | null;

/** The host opens page 1 (the content script stores it) and tracks the game from the dashboard. */
async function openAndTrack(thread: DemoThread): Promise<void> {
  const tab = await browser.context.newPage();
  await tab.goto(pageUrl(thread, 1));
  await expect
    .poll(async () => (await askWorker(dashboard, 'thread/get', { origin, threadId: String(thread.threadId) })).value, { timeout: 15_000 })
    .toMatchObject({ pagesSeen: 1 });
  await tab.close();
  expect((await askWorker(dashboard, 'thread/track', { origin, threadId: String(thread.threadId) })).ok).toBe(true);
}

describe('redirects met by the crawl, in Chromium', () => {
  it('follows a redirect to a page on the same forum, and reads the whole game', async () => {
    await openAndTrack(sameSite);
    await expect
      .poll(() => statusOf(sameSite), { timeout: 30_000 })
      .toEqual({ status: 'done', pagesDone: 4, pageCount: 4, pending: [], error: null });
    expect(hopsAsked).toContain(hop(sameSite));
    expect(forum.served()).toContain(`/viewtopic.php?t=${sameSite.threadId}&start=6`);
  });

  it('never reaches another origin that a redirect points at, and says which address went where', async () => {
    await openAndTrack(offSite);
    await expect.poll(async () => (await statusOf(offSite))?.status, { timeout: 30_000 }).toBe('failed');
    // The other origin was never asked: not by the worker, not by the browser following the redirect for it.
    expect(elsewhere.hits).toEqual([]);
    const status = await statusOf(offSite);
    expect(hopsAsked).toContain(hop(offSite));
    expect(status?.error).toContain(hop(offSite));
    expect(status?.error).toContain(`${elsewhere.origin}/collect?from=gavel`);
    expect(status?.error).toContain(`not on the thread's own site (${origin})`);
  });
});
