/**
 * Messages bound to their sender, in the built extension: the host tracks a
 * game on forum B (Mafia Universe, vBulletin 4) and sets it up; then code
 * running in Gavel's own content script on forum A (mafiascum, phpBB) asks the
 * worker about forum B's thread and game. Every request is refused with its
 * typed error, and forum B's thread, posts, count and crawl are as the host
 * left them: a forum page can read, write or crawl nothing of another forum.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, startLocalForum, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { contentWorld, type ContentWorld } from '../../scripts/bench/content-world';
import { demoRoutes } from '../../scripts/browser/demo-forum';
import { pageUrl } from '../../scripts/forum-pages/phpbb';
import { gameThread } from '../../scripts/forum-pages/test-game';
import { renderVbulletinPage, vbulletinPageCount, vbulletinPageUrl, vbulletinPath } from '../../scripts/forum-pages/vbulletin';
import { askWorker } from './host-steps';

const threadA = gameThread('forum.mafiascum.net', 7101, 'Oakwood Mafia');
const threadB = gameThread('www.mafiauniverse.com', 55501, 'Greenwood Mafia');
const originA = 'https://forum.mafiascum.net';
const originB = 'https://www.mafiauniverse.com';
const keyB = `${originB}|${threadB.threadId}`;

function routes(pathAndQuery: string): string | null {
  const a = demoRoutes(threadA)(pathAndQuery);
  if (a !== null) return a;
  const path = new URL(pathAndQuery, 'http://local').pathname;
  for (let n = 1; n <= vbulletinPageCount(threadB); n++) if (path === vbulletinPath(threadB, n)) return renderVbulletinPage(threadB, n);
  return null;
}

interface Reply {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: { readonly code?: string; readonly message: string; readonly details?: Record<string, unknown> };
}

let forum: LocalForum;
let browser: ExtensionBrowser;
let popup: Page;
let attacker: ContentWorld;
/** Forum B as the host left it, before the content script on A tried anything. */
let before: { readonly thread: unknown; readonly count: unknown; readonly crawl: unknown; readonly served: number };

/** Sends a Gavel message from the content script's world on forum A's page. */
function fromA(type: string, payload: unknown): Promise<Reply> {
  return attacker.evaluate<Reply>(`chrome.runtime.sendMessage(${JSON.stringify({ gavel: 1, type, payload })})`);
}

async function forumB(): Promise<{ thread: unknown; count: unknown; crawl: unknown }> {
  const ref = { origin: originB, threadId: String(threadB.threadId) };
  const [thread, count, crawl] = await Promise.all([
    askWorker(popup, 'thread/get', ref),
    askWorker(popup, 'thread/count', ref),
    askWorker(popup, 'thread/crawl-status', ref),
  ]);
  return { thread: thread.value, count: count.value, crawl: crawl.value };
}

beforeAll(async () => {
  forum = await startLocalForum(routes);
  browser = await launchWithExtension({ forum, forumHosts: ['forum.mafiascum.net', 'www.mafiauniverse.com'] });
  // The host tracks forum B's game, lets the crawl read its pages, and sets the game up.
  const pageB = await browser.context.newPage();
  await pageB.goto(vbulletinPageUrl(threadB, 1));
  await pageB.getByTestId('gavel-track').click({ timeout: 15_000 });
  await pageB.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
  popup = await browser.openExtensionPage('extension/popup/index.html');
  // The crawl of B's other pages ends before anything is compared.
  for (let status: string | undefined; status !== 'done'; await new Promise((ok) => setTimeout(ok, 200))) {
    const reply = await askWorker(popup, 'thread/crawl-status', { origin: originB, threadId: String(threadB.threadId) });
    status = (reply.value as { status?: string } | null)?.status;
    if (status === 'failed') throw new Error(`the crawl of forum B failed: ${JSON.stringify(reply.value)}`);
  }
  const created = await askWorker(popup, 'game/create', {
    threadKey: keyB,
    presetId: 'forum-template-001',
    roster: { from: 'opening-post' },
  });
  expect(created.ok).toBe(true);
  // Forum A's page, with Gavel's content script in it.
  const pageA = await browser.context.newPage();
  await pageA.goto(pageUrl(threadA, 1));
  await pageA.getByTestId('gavel-track').waitFor({ timeout: 15_000 });
  attacker = await contentWorld(pageA, browser.extensionId);
  before = { ...(await forumB()), served: forum.served().length };
}, 90_000);

afterAll(async () => {
  await attacker?.close();
  await browser?.close();
  await forum?.close();
});

describe("a content script on forum A and forum B's game", () => {
  it('reaches the worker as a content script (its own forum answers)', async () => {
    const own = await fromA('thread/get', { origin: originA, threadId: String(threadA.threadId) });
    expect(own).toMatchObject({ ok: true });
  });

  it("cannot read forum B's thread, count or crawl", async () => {
    const ref = { origin: originB, threadId: String(threadB.threadId) };
    for (const type of ['thread/get', 'thread/count', 'thread/crawl-status']) {
      const reply = await fromA(type, ref);
      expect(reply.ok, type).toBe(false);
      expect(reply.error?.code).toBe('message/foreign-origin');
      expect(reply.error?.details).toEqual({ type, senderOrigin: originA, requested: originB });
    }
  });

  it("cannot read forum B's game (every player's role and faction), nor any game", async () => {
    for (const payload of [{ threadKey: keyB }, { threadKey: `${originA}|${threadA.threadId}` }]) {
      const reply = await fromA('game/get', payload);
      expect(reply.ok).toBe(false);
      expect(reply.error?.code).toBe('message/forbidden-sender');
    }
    const list = await fromA('game/list', {});
    expect(list.error?.code).toBe('message/forbidden-sender');
  });

  it("cannot store forged posts into forum B's thread", async () => {
    const forged = (thread: { origin: string; threadId: string }, url: string) => ({
      thread: { ...thread, title: 'Greenwood Mafia' },
      engine: 'vbulletin4',
      url,
      pageNumber: 9,
      pageCount: 9,
      contentHash: 'forged',
      posts: [1, 2, 3, 4, 5].map((n) => ({
        id: `forged-${n}`,
        number: 900 + n,
        author: ['Ash', 'Birch', 'Cedar', 'Dogwood', 'Elm'][n - 1],
        postedAt: null,
        body: [{ type: 'text', text: 'vote Gorse', bold: true }],
      })),
    });
    const asB = await fromA(
      'thread/page-read',
      forged({ origin: originB, threadId: String(threadB.threadId) }, `${originB}/forums/threads/55501/page9`),
    );
    expect(asB.error?.code).toBe('message/foreign-origin');
    // Its own site as the thread, B's address as the page: refused, naming the field.
    const mixed = await fromA('thread/page-read', forged({ origin: originA, threadId: 'x' }, `${originB}/forums/threads/55501/page9`));
    expect(mixed.error?.code).toBe('message/invalid-request');
    expect(mixed.error?.details).toMatchObject({ field: 'url' });
    expect(await forumB()).toEqual({ thread: before.thread, count: before.count, crawl: before.crawl });
  });

  it('cannot track, or start a crawl of, any thread of forum B with the user session', async () => {
    const tracked = await fromA('thread/track', { origin: originB, threadId: '424242' });
    expect(tracked.error?.code).toBe('message/foreign-origin');
    const crawl = await fromA('thread/crawl', { origin: originB, threadId: String(threadB.threadId) });
    expect(crawl.error?.code).toBe('message/forbidden-sender');
    expect((await askWorker(popup, 'thread/get', { origin: originB, threadId: '424242' })).value).toBeNull();
    // Nothing more was fetched from the forums than forum A's page itself loading.
    expect(
      forum
        .served()
        .slice(before.served)
        .filter((path) => path.includes('424242') || path.includes('/forums/')),
    ).toEqual([]);
    expect(await forumB()).toEqual({ thread: before.thread, count: before.count, crawl: before.crawl });
  });

  it("cannot watch forum B's thread for its events", async () => {
    const heard = await attacker.evaluate<unknown[]>(`new Promise((done) => {
      const heard = [];
      const port = chrome.runtime.connect({ name: 'gavel/thread-events' });
      port.onMessage.addListener((m) => heard.push(m));
      port.onDisconnect.addListener(() => done(heard));
      port.postMessage({ gavel: 1, type: 'thread/watch', payload: { origin: '${originB}', threadId: '${threadB.threadId}' } });
    })`);
    expect(heard).toMatchObject([{ refused: { code: 'message/foreign-origin', details: { senderOrigin: originA, requested: originB } } }]);
  });
});
