/**
 * Storage in Chromium, through the extension as it is used: a forum tab's
 * content-script world sends `thread/page-read` reports (pages of 200 posts
 * by default, 25 with --storage-page-size 25) one after another, as a crawl
 * of a long thread would, and the worker stores them in IndexedDB. The time
 * per page at the start and at the end of the ingest shows how the cost of a
 * page grows with the posts already stored. Then the browser is closed and started
 * again on the same profile, so the worker, the database and the caches are
 * cold, and the popup is opened: the time until its thread list shows the
 * 50,000-post thread, then the `thread/count` round trip (every stored post
 * read back and counted) from that freshly opened popup page.
 *
 * The popup shows a thread's post count, not its vote count, so the vote
 * count is measured as the message round trip and named so.
 *
 * The popup is waited on for the words it really shows for the thread
 * ("50,000 posts on 250 pages"), made by the popup's own translator
 * (`createTranslator`, with its `Intl` number formatting) in English and in
 * Russian, whichever the browser's language gives. The wait has no fixed
 * limit: it goes on while the thread list changes, and gives up only when
 * the list has shown the same text for `stallMs`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createTranslator, type Catalog } from '../../extension/shared/i18n';
import { threadKey, type Envelope, type PageReport, type Reply } from '../../extension/shared/protocol';
import { demoRoutes } from '../browser/demo-forum';
import { pageUrl } from '../forum-pages/phpbb';
import { contentWorld } from './content-world';
import { benchForumPosts, benchThread } from './threads';
import { median, msSince, round, secondsSince, type Log } from './util';

const origin = 'https://forum.mafiascum.net';
const repoRoot = join(import.meta.dirname, '..', '..');
/** How long the popup's thread list may stay unchanged before the wait gives up. */
const stallMs = 30_000;

/** What the popup's thread list says of a thread of `posts` posts on `pages` pages, in each language it speaks. */
export function threadListWords(posts: number, pages: number): string[] {
  const catalog = (language: string): Catalog =>
    JSON.parse(readFileSync(join(repoRoot, '_locales', language, 'messages.json'), 'utf8')) as Catalog;
  const english = catalog('en');
  return (['en', 'ru'] as const).map((language) => {
    const t = createTranslator(language, language === 'en' ? english : catalog(language), english);
    // As extension/popup/components/thread-list.tsx words it.
    return t.plural('popup_thread_posts', posts, t.plural('popup_thread_pages', pages));
  });
}
const threadId = '91500';

function reports(total: number, perPage: number): PageReport[] {
  const posts = benchForumPosts(total);
  const pages = Math.ceil(posts.length / perPage);
  return Array.from({ length: pages }, (_, i) => ({
    thread: { origin, threadId, title: 'Large 500: Fifty Thousand Posts Mafia' },
    engine: 'phpbb',
    url: `${origin}/viewtopic.php?t=${threadId}${i === 0 ? '' : `&start=${i * perPage}`}`,
    pageNumber: i + 1,
    pageCount: pages,
    contentHash: `bench-${total}-${i + 1}`,
    posts: posts.slice(i * perPage, (i + 1) * perPage),
  }));
}

async function request<T>(page: Page, envelope: Envelope): Promise<T> {
  const reply = (await page.evaluate(
    (e) => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage(e),
    envelope,
  )) as Reply;
  if (!reply.ok) throw new Error(`${envelope.type}: ${reply.error.message}`);
  return reply.value as T;
}

export async function benchStorage(
  options: { readonly posts: number; readonly perPage: number },
  log: Log,
): Promise<Record<string, unknown>> {
  const { launchWithExtension, startLocalForum } = await import('../browser/harness');
  const tabThread = benchThread(25, 25);
  const forum = await startLocalForum(demoRoutes(tabThread));
  const { perPage } = options;
  const all = reports(options.posts, perPage);
  const payloadMB = all.reduce((n, r) => n + JSON.stringify(r).length, 0) / 1e6;
  let browser = await launchWithExtension({ forum, forumHosts: [tabThread.forumHost] });
  const profileDir = browser.profileDir;
  try {
    // Ingest from a forum tab's content-script world.
    const tab = await browser.context.newPage();
    await tab.goto(pageUrl(tabThread, 1));
    await tab.locator('#gavel-extension-root').waitFor({ state: 'attached', timeout: 15_000 });
    const world = await contentWorld(tab, browser.extensionId);
    const pageMs: number[] = [];
    const start = process.hrtime.bigint();
    let stored = 0;
    for (const [i, report] of all.entries()) {
      const envelope: Envelope<'thread/page-read'> = { gavel: 1, type: 'thread/page-read', payload: report };
      const t = process.hrtime.bigint();
      const reply = await world.evaluate<Reply<'thread/page-read'>>(`chrome.runtime.sendMessage(${JSON.stringify(envelope)})`);
      pageMs.push(msSince(t));
      if (!reply.ok) throw new Error(`thread/page-read refused on page ${report.pageNumber}: ${reply.error.message}`);
      stored = reply.value.thread.postCount;
      if ((i + 1) % Math.max(1, Math.round(all.length / 5)) === 0)
        log(`storage: ${stored} posts stored, ${round(secondsSince(start), 1)} s`);
    }
    const ingestSeconds = secondsSince(start);
    await world.close();
    log(`storage: ingested ${stored} posts in ${round(ingestSeconds, 1)} s`);
    if (stored !== options.posts) throw new Error(`storage: the worker reports ${stored} posts stored, not ${options.posts}`);

    // Cold start: a new browser on the same profile.
    await browser.close({ keepProfile: true });
    browser = await launchWithExtension({ forum, forumHosts: [tabThread.forumHost], profileDir });
    const popup = await browser.context.newPage();
    await popup.setViewportSize({ width: 400, height: 560 });
    const shownIn = threadListWords(options.posts, all.length);
    const shown = shownIn[0] ?? '';
    await popup.goto(`chrome-extension://${browser.extensionId}/extension/popup/index.html`, { waitUntil: 'commit' });
    // Waits while the list changes; each round ends when the words show or the list has not changed for stallMs.
    let popupListMs: number | null = null;
    let lastText = '';
    while (popupListMs === null) {
      const handle = await popup
        .waitForFunction(
          ({ words, before }) => {
            const text = document.querySelector('[data-testid="thread-list"]')?.textContent ?? '';
            if (words.some((w) => text.includes(w))) return { at: performance.now(), text };
            return text !== before ? { at: null, text } : false;
          },
          { words: shownIn, before: lastText },
          { polling: 'raf', timeout: stallMs },
        )
        .catch(async (error: unknown) => {
          const text = await popup.evaluate(() => document.querySelector('[data-testid="thread-list"]')?.textContent ?? null);
          throw new Error(
            `the popup's thread list did not show "${shownIn.join('" or "')}" and stayed unchanged for ${stallMs / 1000} s; it shows: ${JSON.stringify(text)} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
          );
        });
      const seen = (await handle.jsonValue()) as { at: number | null; text: string };
      if (seen.at !== null) popupListMs = seen.at;
      else lastText = seen.text;
    }
    log(`storage: cold popup shows the thread ("${shown}") after ${round(popupListMs, 1)} ms`);

    const countOnce = async (): Promise<{ ms: number; wagons: number; asOfPost: number | null; reason: string | null }> => {
      const t = process.hrtime.bigint();
      const value = await request<{ count: { wagons: readonly unknown[]; asOfPost: number } | null; reason: string | null }>(popup, {
        gavel: 1,
        type: 'thread/count',
        payload: { origin, threadId },
      });
      return { ms: msSince(t), wagons: value.count?.wagons.length ?? 0, asOfPost: value.count?.asOfPost ?? null, reason: value.reason };
    };
    const first = await countOnce();
    const again = [await countOnce(), await countOnce(), await countOnce()];
    log(`storage: thread/count ${round(first.ms, 1)} ms first, ${round(median(again.map((a) => a.ms)), 1)} ms after`);
    if (first.reason !== null) log(`storage: the count came with a note: ${first.reason}`);
    const threads = await request<readonly { key: string; postCount: number }[]>(popup, { gavel: 1, type: 'thread/list', payload: {} });

    const edge = Math.max(1, Math.min(100, Math.floor(all.length / 10)));
    const firstPages = median(pageMs.slice(0, edge));
    const lastPages = median(pageMs.slice(-edge));
    return {
      posts: stored,
      pages: all.length,
      postsPerPage: perPage,
      payloadMB: round(payloadMB, 1),
      ingestSeconds: round(ingestSeconds, 1),
      ingestPostsPerSecond: Math.round(stored / ingestSeconds),
      pagesPerEdgeSample: edge,
      msPerPageFirstPagesMedian: round(firstPages, 1),
      msPerPageLastPagesMedian: round(lastPages, 1),
      threadsInDatabase: threads.length,
      storedPostCountFromWorker: threads.find((t) => t.key === threadKey(origin, threadId))?.postCount ?? null,
      coldPopupThreadListMs: round(popupListMs, 1),
      coldPopupShows: `the thread with "${shown}" in its thread list, as the popup words it (the popup shows post counts, not vote counts)`,
      voteCountRoundTripFirstMs: round(first.ms, 1),
      voteCountRoundTripWarmMs: round(median(again.map((a) => a.ms)), 1),
      voteCountWagons: first.wagons,
      voteCountAsOfPost: first.asOfPost,
      voteCountFigure:
        'thread/count sent from the freshly opened popup page after a browser restart: the worker reads every stored post and tallies them',
    };
  } finally {
    await browser.close();
    await forum.close();
    // The harness leaves a profile it was given; this one is the bench's own.
    rmSync(profileDir, { recursive: true, force: true });
  }
}
