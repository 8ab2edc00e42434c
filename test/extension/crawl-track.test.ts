// The host's "track" survives the worker being stopped at any moment after it:
// the thread is tracked and its crawl planned in one transaction before
// anything is fetched, a woken worker goes on with the crawl, and the page
// sends the request again when the worker stopped before answering.
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { createCrawler, type CrawlDeps } from '../../extension/background/crawl';
import { threadHandlers } from '../../extension/background/handlers/thread';
import { hashPosts } from '../../extension/content/page-hash';
import { parseFetchedPage } from '../../extension/offscreen/parse-page';
import { GavelError } from '../../extension/shared/errors';
import type { HandlerContext } from '../../extension/shared/messaging';
import { attemptsWhenStopped, sendAgainIfStopped, workerStoppedBeforeReply } from '../../extension/shared/worker-retry';
import { getCrawl } from '../../extension/storage/crawls';
import { getPosts, getThread, savePage } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';
import { longThread } from '../../scripts/forum-pages/long-thread';
import { pageCount, pageUrl, renderPage } from '../../scripts/forum-pages/phpbb';

const freshDb = freshDatabases('gavel-crawl-track-test');
const origin = 'https://forum.mafiascum.net';
const threadId = String(longThread.threadId);
const key = `${origin}|${threadId}`;
const now = Date.UTC(2026, 10, 26, 12, 0);
const context = { senderKind: 'content', sender: {} } as unknown as HandlerContext;

/** The thread's pages as the forum serves them, and every address the crawl asked for. */
function forum() {
  const requested: string[] = [];
  const fetchPage = async (url: string): Promise<string> => {
    requested.push(url);
    await new Promise((done) => setTimeout(done, 1));
    for (let n = 1; n <= pageCount(longThread); n++) if (pageUrl(longThread, n) === url) return renderPage(longThread, n);
    throw new Error(`${url} answered HTTP 404`);
  };
  return { fetchPage, requested };
}

function deps(db: GavelDatabase, fetchPage: (url: string) => Promise<string>): CrawlDeps {
  return {
    db: () => db,
    fetchPage,
    parse: (html, url) => Promise.resolve(parseFetchedPage(html, url, now)),
    now: () => now,
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
    delayMs: 0,
  };
}

/** The content script stores the pages the host opened. */
async function hostOpens(db: GavelDatabase, pages: readonly number[]): Promise<void> {
  for (const n of pages) {
    const parsed = parseFetchedPage(renderPage(longThread, n), pageUrl(longThread, n), now);
    if (!parsed.supported) throw new Error(`page ${n} did not parse`);
    await savePage(
      db,
      {
        thread: { origin, threadId, title: longThread.title },
        engine: parsed.engine,
        url: pageUrl(longThread, n),
        pageNumber: n,
        pageCount: parsed.data.pageCount ?? n,
        contentHash: hashPosts(parsed.data.posts),
        posts: parsed.data.posts,
      },
      now,
    );
  }
}

describe('the worker stopped right after "track"', () => {
  it('has written the track and the crawl it asks for before anything else, and a woken worker reads only the missing pages', async () => {
    const db = freshDb();
    await hostOpens(db, [1, 2]);
    // Only the thread handler's write ran: the worker was stopped before it started the crawl.
    const summary = await threadHandlers(
      () => db,
      () => now,
    )['thread/track']({ origin, threadId }, context);
    expect(summary).toMatchObject({ tracked: true, pagesSeen: 2 });
    expect(await getCrawl(db, key)).toMatchObject({ status: 'running', pending: [], startUrl: pageUrl(longThread, 2) });

    // The browser wakes the worker (the alarm, a message, start-up): it goes on with every running crawl.
    const site = forum();
    const woken = createCrawler(deps(db, site.fetchPage));
    await woken.resume();
    await woken.idle(key);

    // Page 2 again (the last stored page, for its next link to the thread's present end), then 3 and 4; page 1 never.
    expect(site.requested).toEqual([2, 3, 4].map((n) => pageUrl(longThread, n)));
    expect(await getCrawl(db, key)).toMatchObject({ status: 'done', pageCount: 4, pending: [], error: null });
    expect(await getThread(db, origin, threadId)).toMatchObject({ tracked: true, postCount: 24, pagesSeen: 4 });
    const numbers = (await getPosts(db, origin, threadId)).map((p) => p.number);
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  it('leaves the thread untracked when the crawl could not be planned: the track is written whole or not at all', async () => {
    const db = freshDb();
    await hostOpens(db, [1]);
    db.crawls.hook('creating', () => {
      throw new Error('the worker was stopped');
    });
    await expect(
      threadHandlers(
        () => db,
        () => now,
      )['thread/track']({ origin, threadId }, context),
    ).rejects.toThrow();
    expect(await getThread(db, origin, threadId)).toMatchObject({ tracked: false });
  });

  it('tracks a thread with no page stored yet, planning no crawl', async () => {
    const db = freshDb();
    const summary = await threadHandlers(
      () => db,
      () => now,
    )['thread/track']({ origin, threadId }, context);
    expect(summary).toMatchObject({ tracked: true, pagesSeen: 0 });
    expect(await getCrawl(db, key)).toBeNull();
  });
});

describe('the page asks again when the worker stopped before answering', () => {
  const stopped = [
    new GavelError('message/no-reply', '"thread/track" got no reply: is the Gavel worker running?', { details: { type: 'thread/track' } }),
    new Error(
      'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
    ),
    new Error('The message port closed before a response was received.'),
    new Error('Could not establish connection. Receiving end does not exist.'),
  ];

  it.each(stopped.map((error) => ({ error, text: error.message })))('sends again after "$text"', async ({ error }) => {
    expect(workerStoppedBeforeReply(error)).toBe(true);
    let sent = 0;
    const reply = await sendAgainIfStopped(() => (++sent < 3 ? Promise.reject(error) : Promise.resolve('tracked')));
    expect(reply).toBe('tracked');
    expect(sent).toBe(3);
  });

  it('shows any other failure at once, without sending again', async () => {
    let sent = 0;
    const refused = new GavelError('message/handler-failed', '"thread/track" failed', { details: { type: 'thread/track' } });
    await expect(
      sendAgainIfStopped(() => {
        sent++;
        return Promise.reject(refused);
      }),
    ).rejects.toBe(refused);
    expect(sent).toBe(1);
  });

  it(`gives up after ${attemptsWhenStopped} sends and shows the last failure`, async () => {
    let sent = 0;
    await expect(
      sendAgainIfStopped(() => {
        sent++;
        return Promise.reject(stopped[0]);
      }),
    ).rejects.toBe(stopped[0]);
    expect(sent).toBe(attemptsWhenStopped);
  });
});
