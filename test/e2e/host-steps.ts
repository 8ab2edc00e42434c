/**
 * Steps a host takes in the built extension, shared by the browser tests:
 * open the popup (or the dashboard), and track the demo thread from its page.
 */
import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../../scripts/browser/harness';
import { demoThread } from '../../scripts/forum-pages/demo-thread';
import { pageUrl } from '../../scripts/forum-pages/phpbb';

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
