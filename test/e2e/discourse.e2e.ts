/**
 * A Discourse game topic, tracked from its page in Chromium. The page a host
 * opens is Discourse's app (its posts are drawn by script), so Gavel's worker
 * reads the topic from its JSON, `/t/{id}.json?page=N`, 20 posts a page: a
 * 45-post game is three pages. The forum is installed in a subfolder of a
 * site whose thread pages Gavel runs on by itself, and it asks Gavel to slow
 * down once (HTTP 429 with Retry-After). Every post a player wrote is stored
 * once; the deleted post and the "closed this topic" line are not.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { panelText } from '../../scripts/browser/demo-forum';
import { gameTopic, jsonPageCount, jsonPageUrl, topicAppPage, topicJsonPage, topicPageUrl } from '../parsers/discourse-topic';
import { askWorker, type WorkerReply } from './host-steps';

const host = 'www.mafiauniverse.com';
const root = `https://${host}/forums/threads`;
// 45 posts, each player voting in turn (see gameTopic): carol_x deleted her last vote, post 44 (a switch to
// dmitri), so her vote stays on alice (post 39); post 45 is the forum's "closed this topic" line.
const topic = gameTopic(root, 45, {
  44: { username: 'carol_x', cooked: '<p>Changed my mind. <strong>Vote: dmitri</strong></p>', deletedAt: '2026-11-21T01:20:00.000Z' },
  45: { username: 'system', cooked: '', postType: 3, actionCode: 'closed.enabled' },
});
/** What a player gets: the deleted post is not in the stream, so 44 entries on 3 pages, 43 of them posts a player wrote. */
const playerPosts = 43;
const pages = jsonPageCount(topic);

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** The forum: the topic's app page, its JSON pages (the second answers 429 the first time), nothing else. */
async function discourseForum(): Promise<LocalForum> {
  const served: string[] = [];
  const busyOnce = new Set([pathOf(jsonPageUrl(topic, 2))]);
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    served.push(path);
    if (path === pathOf(topicPageUrl(topic))) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(topicAppPage(topic));
      return;
    }
    for (let n = 1; n <= pages; n++) {
      if (path !== pathOf(jsonPageUrl(topic, n))) continue;
      if (busyOnce.delete(path)) {
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
          .end(
            '{"errors":["You’ve performed this action too many times. Please wait a few seconds before trying again."],"error_type":"rate_limit"}',
          );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(topicJsonPage(topic, n));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served: () => served,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

let forum: LocalForum;
let browser: ExtensionBrowser;
let dashboard: Page;

beforeAll(async () => {
  forum = await discourseForum();
  browser = await launchWithExtension({ forum, forumHosts: [host] });
  dashboard = await browser.openExtensionPage('extension/popup/index.html');
});

afterAll(async () => {
  await browser?.close();
  await forum?.close();
});

const ask = (type: string, payload: unknown): Promise<WorkerReply> => askWorker(dashboard, type, payload);

const threadRef = { origin: `https://${host}`, threadId: String(topic.id) };

describe('a Discourse game topic', () => {
  it('is read from its JSON, page by page, after the host tracks it from the topic page: each post once, the count from all of them', async () => {
    const page = await browser.context.newPage();
    await page.goto(topicPageUrl(topic));
    const track = page.getByTestId('gavel-track');
    await track.waitFor({ timeout: 15_000 });
    await track.click();

    await expect
      .poll(async () => (await ask('thread/crawl-status', threadRef)).value, { timeout: 30_000 })
      .toEqual({ status: 'done', pagesDone: pages, pageCount: pages, pending: [], error: null });
    expect((await ask('thread/get', threadRef)).value).toMatchObject({ engine: 'discourse', postCount: playerPosts, pagesSeen: pages });

    // The app page once (the host's visit); each JSON page once, and page 2 once more after the forum's "too many requests".
    const served = forum.served();
    const times = (url: string): number => served.filter((p) => p === pathOf(url)).length;
    expect(times(topicPageUrl(topic))).toBe(1);
    expect([1, 2, 3].map((n) => times(jsonPageUrl(topic, n)))).toEqual([1, 2, 1]);
    expect(served.filter((p) => p.includes('posts.json'))).toEqual([]);

    // The panel on the topic page counts from every stored post.
    await expect.poll(() => panelText(page), { timeout: 20_000 }).toMatch(new RegExp(`${playerPosts} posts stored from ${pages} pages`));
    // Each player's last vote, post 43 the last counted: one vote on each, and none from the deleted post.
    await expect.poll(() => panelText(page), { timeout: 20_000 }).toContain('as of post #43');
    const text = await panelText(page);
    expect(text).toMatch(/Day 1 · 5 alive · 3 to lynch/);
    expect(text).toContain('as of post #43');
    expect(text).toMatch(/dmitri 1 \(L-2\)\s*alice\n/);
    expect(text).toMatch(/alice 1 \(L-2\)\s*carol_x\n/);
    expect(text).toMatch(/erin 1 \(L-2\)\s*bob_smith\n/);
    console.log(`Discourse topic: ${playerPosts} posts from ${pages} JSON pages; requests: ${served.join(' ')}`);

    // Opened again: the worker reads the last page again for new replies, and still has each post once.
    await page.reload();
    await expect.poll(() => forum.served().filter((p) => p === pathOf(jsonPageUrl(topic, pages))).length, { timeout: 30_000 }).toBe(2);
    await expect
      .poll(async () => (await ask('thread/crawl-status', threadRef)).value, { timeout: 30_000 })
      .toMatchObject({ status: 'done', error: null });
    await expect.poll(() => panelText(page), { timeout: 20_000 }).toMatch(new RegExp(`${playerPosts} posts stored from ${pages} pages`));
    expect((await ask('thread/get', threadRef)).value).toMatchObject({ postCount: playerPosts, pagesSeen: pages });
    await page.close();
  });
});
