/**
 * Two tabs of the same thread reading it at the same moment (a host with the
 * game open twice, or a restored session) must leave one copy of every post:
 * the worker is the single writer and each page is stored in one transaction.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, startLocalForum, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { demoRoutes, panelText } from '../../scripts/browser/demo-forum';
import { pageUrl, type DemoPost, type DemoThread } from '../../scripts/forum-pages/phpbb';

const players = ['Aster', 'Birch', 'Cedar', 'Dahlia', 'Elm', 'Fern', 'Gorse'];
const host = 'Mod Marigold';

/** A two-page Day 1: the host's opening post with the player list, then 39 posts of chatter and votes. */
function twoPageThread(): DemoThread {
  const posts: DemoPost[] = [];
  const start = Date.UTC(2026, 10, 22, 12, 0);
  const add = (author: string, bbcode: string): void => {
    const n = posts.length;
    posts.push({
      id: 700_000 + n,
      author,
      userId: author === host ? 2 : 40 + players.indexOf(author),
      time: new Date(start + n * 7 * 60_000).toISOString().replace('.000Z', '+00:00'),
      bbcode,
    });
  };
  add(host, `[b]Day 1 of Two Tabs Mafia[/b]\n\nPlayers:\n${players.join('\n')}\n\nWith 7 alive, it takes 4 to lynch.`);
  for (let i = 1; i < 40; i++) {
    const author = players[i % players.length] ?? 'Aster';
    const target = players[(i * 3) % players.length] ?? 'Birch';
    add(author, i % 5 === 0 ? `Post ${i}: changing my mind. [b]Vote: ${target}[/b]` : `Post ${i}: still reading, nothing to add yet.`);
  }
  return { forumHost: 'forum.mafiascum.net', threadId: 4242, title: 'Mini 2200: Two Tabs Mafia', perPage: 20, posts };
}

const thread = twoPageThread();
const origin = `https://${thread.forumHost}`;

let forum: LocalForum;
let browser: ExtensionBrowser;

beforeAll(async () => {
  forum = await startLocalForum(demoRoutes(thread));
  browser = await launchWithExtension({ forum, forumHosts: [thread.forumHost] });
});

afterAll(async () => {
  await browser?.close();
  await forum?.close();
});

/** Asks the worker, from an extension page, what it has stored for the thread. */
async function stored(): Promise<{ thread: { postCount: number; pagesSeen: number } | null; threads: number }> {
  const page = await browser.openExtensionPage('extension/popup/index.html');
  try {
    return await page.evaluate(
      async ({ origin, threadId }) => {
        const runtime = (
          globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; value: unknown }> } } }
        ).chrome.runtime;
        const got = await runtime.sendMessage({ gavel: 1, type: 'thread/get', payload: { origin, threadId } });
        const list = await runtime.sendMessage({ gavel: 1, type: 'thread/list', payload: {} });
        const threads = (list.value as { key: string }[]).filter((t) => t.key === `${origin}|${threadId}`).length;
        return { thread: got.value as { postCount: number; pagesSeen: number } | null, threads };
      },
      { origin, threadId: String(thread.threadId) },
    );
  } finally {
    await page.close();
  }
}

/** The worker has stored a tab's page once the tab offers to track the thread (or shows the tracked panel). */
async function pageStored(tab: Page): Promise<void> {
  await tab.locator('[data-testid="gavel-track"], [data-testid="gavel-panel"]').first().waitFor({ state: 'attached', timeout: 20_000 });
}

/** Opens every URL in its own tab at the same moment and waits until each tab's page is stored. */
async function openAtOnce(urls: readonly string[]): Promise<Page[]> {
  const tabs = await Promise.all(urls.map(() => browser.context.newPage()));
  await Promise.all(tabs.map((tab, i) => tab.goto(urls[i] ?? '')));
  for (const tab of tabs) await pageStored(tab);
  return tabs;
}

async function postsOnForum(urls: readonly string[]): Promise<number> {
  const tab = await browser.context.newPage();
  let total = 0;
  for (const url of urls) {
    await tab.goto(url);
    total += await tab.locator('div.post').count();
  }
  await tab.close();
  return total;
}

describe('two tabs reading the same thread at once', () => {
  const page1 = pageUrl(thread, 1);
  const page2 = pageUrl(thread, 2);

  it('stores one copy of every post', async () => {
    // Two tabs on page 1 at once, then both go to page 2 at once.
    const tabs = await openAtOnce([page1, page1]);
    await Promise.all(tabs.map((tab) => tab.goto(page2)));
    for (const tab of tabs) await pageStored(tab);

    const real = await postsOnForum([page1, page2]);
    expect(real).toBe(40);
    const { thread: summary, threads } = await stored();
    expect(threads).toBe(1);
    expect(summary).toMatchObject({ postCount: real, pagesSeen: 2 });
    for (const tab of tabs) await tab.close();
  });

  it('still has one copy when four tabs read both pages again at the same moment', async () => {
    const tabs = await openAtOnce([page1, page2, page1, page2]);
    const { thread: summary, threads } = await stored();
    expect(threads).toBe(1);
    expect(summary).toMatchObject({ postCount: 40, pagesSeen: 2 });
    for (const tab of tabs) await tab.close();
  });

  it('still has one copy when the host tracks the game (Gavel reads the other page itself) while two more tabs open it', async () => {
    const first = await browser.context.newPage();
    await first.goto(page1);
    await first.getByTestId('gavel-track').click();
    const others = await openAtOnce([page2, page1]);
    await expect.poll(() => panelText(first), { timeout: 30_000 }).toMatch(/40 posts stored from 2 pages/);
    const { thread: summary, threads } = await stored();
    expect(threads).toBe(1);
    expect(summary).toMatchObject({ postCount: 40, pagesSeen: 2 });
    for (const tab of [first, ...others]) await tab.close();
  });
});
