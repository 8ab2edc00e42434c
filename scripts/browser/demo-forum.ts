/** Serving a generated phpBB thread from the local forum, and reading Gavel's panel back. */
import type { Page } from 'playwright-core';
import type { ForumRoutes } from './harness';
import { pageCount, renderPage, type DemoThread } from '../forum-pages/phpbb';

/** Answers `/viewtopic.php?t=<id>[&start=N]` with the page that holds post N. */
export function demoRoutes(thread: DemoThread): ForumRoutes {
  return (pathAndQuery) => {
    const url = new URL(pathAndQuery, 'http://local');
    if (url.pathname !== '/viewtopic.php' || url.searchParams.get('t') !== String(thread.threadId)) return null;
    const start = Number(url.searchParams.get('start') ?? '0');
    if (!Number.isInteger(start) || start < 0) return null;
    const page = Math.floor(start / thread.perPage) + 1;
    return page > pageCount(thread) ? null : renderPage(thread, page);
  };
}

/** The text of Gavel's panel as a reader sees it (inside its shadow root). */
export async function panelText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const host = document.getElementById('gavel-extension-root');
    const root = host?.shadowRoot;
    if (root === null || root === undefined) return '';
    const panel = root.querySelector('[data-testid="gavel-panel"]');
    return panel instanceof HTMLElement ? panel.innerText : '';
  });
}
