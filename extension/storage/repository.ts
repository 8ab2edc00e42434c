/**
 * Domain verbs over the database. Dexie types never leave extension/storage:
 * callers get plain data. Writes come from the service worker only (the single
 * writer); the extension pages read through the worker.
 */
import type { ForumPost } from '../../src/model/post';
import type { PageReport, Settings, ThreadSummary } from '../shared/protocol';
import { threadKey } from '../shared/protocol';
import type { GavelDatabase, ThreadRow } from './schema';

export const defaultSettings: Settings = { outputDialect: 'bbcode' };

/** A thread's stored post and page counts: from its stats row, or counted when it has none. */
async function countsOf(db: GavelDatabase, key: string): Promise<{ postCount: number; pagesSeen: number }> {
  const stats = await db.threadStats.get(key);
  if (stats !== undefined) return stats;
  const [postCount, pagesSeen] = await Promise.all([db.posts.where('threadKey').equals(key).count(), db.pages.where('threadKey').equals(key).count()]);
  return { postCount, pagesSeen };
}

async function summarize(db: GavelDatabase, row: ThreadRow): Promise<ThreadSummary> {
  const { postCount, pagesSeen } = await countsOf(db, row.key);
  return {
    key: row.key,
    origin: row.origin,
    threadId: row.threadId,
    title: row.title,
    engine: row.engine,
    postCount,
    pagesSeen,
    tracked: row.tracked === 1,
  };
}

/**
 * Stores a page's posts. Idempotent: a page whose content hash is unchanged is
 * skipped, and a post already stored (same thread, same post id) is replaced,
 * never duplicated, so re-reading a page or two tabs reading it at once leave
 * one copy of every post.
 */
export async function savePage(
  db: GavelDatabase,
  report: PageReport,
  now: number,
): Promise<{ thread: ThreadSummary; added: number; unchanged: boolean }> {
  const key = threadKey(report.thread.origin, report.thread.threadId);
  const result = await db.transaction('rw', [db.threads, db.pages, db.posts, db.threadStats], async () => {
    const existing = await db.threads.get(key);
    const row: ThreadRow = {
      key,
      origin: report.thread.origin,
      threadId: report.thread.threadId,
      title: report.thread.title || existing?.title || '',
      engine: report.engine,
      tracked: existing?.tracked ?? 0,
      firstSeenAt: existing?.firstSeenAt ?? now,
      updatedAt: now,
    };
    await db.threads.put(row);
    const page = await db.pages.get([key, report.pageNumber]);
    if (page !== undefined && page.contentHash === report.contentHash) return { row, added: 0, unchanged: true };
    const ids = report.posts.map((p) => [key, p.id] as [string, string]);
    const before = await db.posts.bulkGet(ids);
    const added = before.filter((p) => p === undefined).length;
    const counts = await countsOf(db, key);
    await db.posts.bulkPut(report.posts.map((post) => ({ threadKey: key, postId: post.id, number: post.number, post, storedAt: now })));
    await db.pages.put({ threadKey: key, pageNumber: report.pageNumber, url: report.url, contentHash: report.contentHash, readAt: now });
    await db.threadStats.put({ threadKey: key, postCount: counts.postCount + added, pagesSeen: counts.pagesSeen + (page === undefined ? 1 : 0) });
    return { row, added, unchanged: false };
  });
  return { thread: await summarize(db, result.row), added: result.added, unchanged: result.unchanged };
}

export async function getThread(db: GavelDatabase, origin: string, threadId: string): Promise<ThreadSummary | null> {
  const row = await db.threads.get(threadKey(origin, threadId));
  return row === undefined ? null : summarize(db, row);
}

export async function listThreads(db: GavelDatabase): Promise<ThreadSummary[]> {
  const rows = await db.threads.orderBy('updatedAt').reverse().toArray();
  return Promise.all(rows.map((row) => summarize(db, row)));
}

/** Marks a thread as a tracked game (creating its row if Gavel has not read it yet). */
export async function trackThread(db: GavelDatabase, origin: string, threadId: string, now: number): Promise<ThreadSummary> {
  const key = threadKey(origin, threadId);
  await db.transaction('rw', db.threads, async () => {
    const existing = await db.threads.get(key);
    await db.threads.put({
      key,
      origin,
      threadId,
      title: existing?.title ?? '',
      engine: existing?.engine ?? '',
      tracked: 1,
      firstSeenAt: existing?.firstSeenAt ?? now,
      updatedAt: now,
    });
  });
  const summary = await getThread(db, origin, threadId);
  if (summary === null) throw new Error(`thread ${key} vanished while being tracked`);
  return summary;
}

/** The posts of a thread in thread order. */
export async function getPosts(db: GavelDatabase, origin: string, threadId: string): Promise<PostRowPlain[]> {
  const rows = await db.posts
    .where('[threadKey+number]')
    .between([threadKey(origin, threadId), -Infinity], [threadKey(origin, threadId), Infinity])
    .toArray();
  return rows.map((r) => ({ postId: r.postId, number: r.number, post: r.post }));
}

export interface PostRowPlain {
  readonly postId: string;
  readonly number: number;
  readonly post: ForumPost;
}

function isDialect(value: unknown): value is Settings['outputDialect'] {
  return value === 'bbcode' || value === 'markdown';
}

export async function getSettings(db: GavelDatabase): Promise<Settings> {
  const dialect = await db.settings.get('outputDialect');
  return { outputDialect: isDialect(dialect?.value) ? dialect.value : defaultSettings.outputDialect };
}

export async function setSettings(db: GavelDatabase, patch: Partial<Settings>): Promise<Settings> {
  if (patch.outputDialect !== undefined) {
    if (!isDialect(patch.outputDialect)) throw new Error(`unknown output dialect "${String(patch.outputDialect)}"`);
    await db.settings.put({ key: 'outputDialect', value: patch.outputDialect });
  }
  return getSettings(db);
}

export async function addForum(db: GavelDatabase, origin: string, now: number): Promise<void> {
  await db.forums.put({ origin, enabledAt: now });
}

export async function listForums(db: GavelDatabase): Promise<string[]> {
  return (await db.forums.toArray()).map((f) => f.origin).sort();
}
