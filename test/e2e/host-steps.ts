/**
 * Steps a host takes in the built extension, shared by the browser tests:
 * the demo forum with Gavel loaded in Chromium, the popup (or the dashboard),
 * and tracking the demo thread from its page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchWithExtension, startLocalForum, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { demoRoutes } from '../../scripts/browser/demo-forum';
import { demoThread } from '../../scripts/forum-pages/demo-thread';
import { pageUrl, type DemoThread } from '../../scripts/forum-pages/phpbb';

/**
 * A thread served on 127.0.0.1 as a phpBB forum and Chromium with the built
 * extension, started before the tests of the file (or the describe block it
 * is called in) and closed after them. The thread may grow as it is played:
 * the forum serves what it holds at each request.
 */
export function onForumThread(thread: DemoThread): { readonly browser: ExtensionBrowser } {
  let forum: LocalForum | undefined;
  let browser: ExtensionBrowser | undefined;
  beforeAll(async () => {
    forum = await startLocalForum(demoRoutes(thread));
    browser = await launchWithExtension({ forum, forumHosts: [thread.forumHost] });
  });
  afterAll(async () => {
    await browser?.close();
    await forum?.close();
  });
  return {
    get browser(): ExtensionBrowser {
      if (browser === undefined) throw new Error('The demo browser has not started: use it inside a test.');
      return browser;
    },
  };
}

/** The demo forum (its demo thread) and Chromium with the built extension, for a test file. */
export function onDemoForum(): { readonly browser: ExtensionBrowser } {
  return onForumThread(demoThread);
}

/** The popup at its real size, or the same app in a tab, once its games list is there. */
export async function openPopup(browser: ExtensionBrowser, view: 'popup' | 'dashboard' = 'popup'): Promise<Page> {
  const page = await browser.openExtensionPage(`extension/popup/index.html${view === 'dashboard' ? '?view=dashboard' : ''}`);
  if (view === 'popup') await page.setViewportSize({ width: 380, height: 600 });
  await page.getByTestId('popup-root').waitFor();
  await page.getByTestId('games-section').waitFor();
  return page;
}

/** Opens page 1 of the demo thread and clicks "Track this game with Gavel". */
export async function trackDemoThread(browser: ExtensionBrowser): Promise<Page> {
  const thread = await browser.context.newPage();
  await thread.goto(pageUrl(demoThread, 1));
  await thread.getByTestId('gavel-track').click({ timeout: 15_000 });
  await thread.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
  return thread;
}

/** What the worker answers a message (`value` when `ok`, else `error`). */
export interface WorkerReply {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: { readonly message: string };
}

/** Sends a message to the worker from an extension page, as the dashboard does. */
export function askWorker(page: Page, type: string, payload: unknown): Promise<WorkerReply> {
  return page.evaluate(
    ({ type, payload }) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<WorkerReply> } } }).chrome.runtime;
      return runtime.sendMessage({ gavel: 1, type, payload });
    },
    { type, payload },
  );
}
