/**
 * The browser may stop Gavel's service worker at any moment. A host who
 * clicks "Track" loses nothing to that: stopped 0, 20 or 60 ms after the
 * click, the thread is tracked, the panel shows no error, and every page of the
 * game is read; stopped again and again while the crawl runs, every page is
 * still read, and no page stored before a stop is fetched again after it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, type ExtensionBrowser } from '../../scripts/browser/harness';
import { panelText } from '../../scripts/browser/demo-forum';
import { longThread } from '../../scripts/forum-pages/long-thread';
import { pageUrl, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { phpbbPageOf, slowForum, workerStopper, type SlowForum } from './crawl-forum';
import { askWorker } from './host-steps';

const stopsAfterMs = [0, 20, 60] as const;
const afterClick: readonly DemoThread[] = stopsAfterMs.map((ms, i) => ({
  ...longThread,
  threadId: 89_100 + i,
  title: `Mini 24${i}0: Stopped after ${ms} ms`,
}));
const againAndAgain: DemoThread = { ...longThread, threadId: 89_200, title: 'Mini 2499: Stopped again and again' };
const origin = `https://${longThread.forumHost}`;

let forum: SlowForum;
let browser: ExtensionBrowser;
let dashboard: Page;

beforeAll(async () => {
  forum = await slowForum([...afterClick, againAndAgain]);
  browser = await launchWithExtension({ forum, forumHosts: [longThread.forumHost] });
  dashboard = await browser.openExtensionPage('extension/popup/index.html');
});

afterAll(async () => {
  await browser?.close();
  await forum?.close();
});

const storedOf = async (thread: DemoThread): Promise<{ postCount: number; pagesSeen: number; tracked: boolean } | null> =>
  (await askWorker(dashboard, 'thread/get', { origin, threadId: String(thread.threadId) })).value as {
    postCount: number;
    pagesSeen: number;
    tracked: boolean;
  } | null;

const statusOf = async (thread: DemoThread): Promise<unknown> =>
  (await askWorker(dashboard, 'thread/crawl-status', { origin, threadId: String(thread.threadId) })).value;

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** The pages of `thread` the forum was asked for from request number `from` on (up to `to`). */
function pagesAskedFrom(thread: DemoThread, from: number, to?: number): number[] {
  return forum
    .served()
    .slice(from, to)
    .map((path) => phpbbPageOf(thread, path))
    .filter((n): n is number => n !== null);
}

/** Opens page 1 of `thread` and waits for the Track button (the content script has stored the page). */
async function openFirstPage(thread: DemoThread): Promise<Page> {
  const tab = await browser.context.newPage();
  await tab.goto(pageUrl(thread, 1));
  await tab.getByTestId('gavel-track').waitFor({ timeout: 15_000 });
  return tab;
}

/** The whole game is stored, and its crawl done. */
async function crawlDone(thread: DemoThread): Promise<void> {
  await expect.poll(() => storedOf(thread), { timeout: 40_000 }).toMatchObject({ postCount: 24, pagesSeen: 4, tracked: true });
  await expect
    .poll(() => statusOf(thread), { timeout: 20_000 })
    .toEqual({ status: 'done', pagesDone: 4, pageCount: 4, pending: [], error: null });
}

/** The tab the host clicked in shows the tracked game's panel with no error, and counts the whole game when opened again. */
async function panelShowsGame(tab: Page): Promise<void> {
  await tab.getByTestId('gavel-panel').waitFor({ timeout: 20_000 });
  const alerts = (): Promise<number> => tab.getByTestId('gavel-panel').locator('[role="alert"]').count();
  expect(await tab.getByTestId('gavel-track').count(), await panelText(tab)).toBe(0);
  expect(await alerts(), await panelText(tab)).toBe(0);
  await tab.reload();
  await expect.poll(() => panelText(tab), { timeout: 20_000 }).toMatch(/24 posts stored from 4 pages/);
  expect(await alerts(), await panelText(tab)).toBe(0);
}

describe('the worker stopped right after the host clicks Track, in Chromium', () => {
  it.each(afterClick.map((thread, i) => ({ thread, ms: stopsAfterMs[i] ?? 0 })))(
    'stopped $ms ms after the click: the thread is tracked, the panel shows no error, and every page is read',
    async ({ thread, ms }) => {
      forum.slowMs = 0;
      const tab = await openFirstPage(thread);
      const stopper = await workerStopper(browser);
      await tab.getByTestId('gavel-track').click();
      if (ms > 0) await pause(ms); // when the fault is injected, not a limit on how long anything takes
      await stopper.stop();
      await crawlDone(thread);
      await panelShowsGame(tab);
      await tab.close();
    },
  );
});

describe('the worker stopped again and again while the crawl runs, in Chromium', () => {
  it('reads every page, and never again a page it had stored before a stop', async () => {
    forum.slowMs = 800;
    const tab = await openFirstPage(againAndAgain);
    const first = await workerStopper(browser);
    await tab.getByTestId('gavel-track').click();
    await first.stop();
    // Page 1 was stored by the tab; the track (sent again if the stop came first) reads it once more for its next link.
    const stops: Array<{ at: number; stored: number }> = [];
    // Each time another page is stored, the browser stops the worker again (each question wakes it).
    for (const pages of [2, 3]) {
      await expect.poll(async () => (await storedOf(againAndAgain))?.pagesSeen, { timeout: 30_000 }).toBeGreaterThanOrEqual(pages);
      const stopper = await workerStopper(browser);
      await stopper.stop();
      const at = forum.served().length;
      const stored = (await storedOf(againAndAgain))?.pagesSeen ?? 0; // the pages are read in order: 1…stored
      if (stored < 4) stops.push({ at, stored });
    }
    await crawlDone(againAndAgain);
    const end = forum.served().length;
    await panelShowsGame(tab);
    // After each stop during the crawl, the woken worker went on from the crawl's row: none of the pages stored before it again.
    expect(stops.length).toBeGreaterThan(0);
    for (const { at, stored } of stops) expect(pagesAskedFrom(againAndAgain, at, end).filter((n) => n <= stored)).toEqual([]);
    console.log(`stops (requests so far, pages stored): ${stops.map((s) => `${s.at}/${s.stored}`).join(' ')}`);
    await tab.close();
  });
});
