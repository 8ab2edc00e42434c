/**
 * Issue 18 part 2, the worker's side: the posts of a thread counted lately are
 * kept in memory (extension/storage/post-cache.ts), so a count with nothing
 * new reads no post from IndexedDB; the database's writes keep that copy what
 * IndexedDB holds (new pages, edits, deletions, aborted writes, a write while
 * the thread is being read), and the copy is bounded.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import type { ForumPost } from '../../src/model/post';
import type { PageReport } from '../../extension/shared/protocol';
import { getPosts, savePage } from '../../extension/storage/repository';
import { postCacheOf } from '../../extension/storage/post-cache';
import { countThread } from '../../extension/background/thread-count';
import { contentRequests } from '../../extension/shared/content-requests';

const freshDb = freshDatabases('gavel-post-cache');
const origin = 'https://forum.mafiascum.net';
const threadId = '4242';
const key = `${origin}|${threadId}`;

const players = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion'];
const opening: ForumPost = {
  id: 'p0',
  number: 0,
  author: 'Nobody Special',
  postedAt: Date.UTC(2026, 10, 20, 9, 0),
  body: [
    { type: 'text', text: 'Players:' },
    ...players.flatMap((name) => [{ type: 'break' as const }, { type: 'text' as const, text: name }]),
  ],
};
const post = (number: number, text: string, author = players[number % players.length] ?? 'Corvid'): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: Date.UTC(2026, 10, 20, 9, number),
  body: [{ type: 'text', text, bold: true }],
});
const page = (
  pageNumber: number,
  posts: readonly ForumPost[],
  hash = `h${pageNumber}-${posts.map((p) => p.id).join(',')}`,
): PageReport => ({
  thread: { origin, threadId, title: 'Mini 4242' },
  engine: 'phpbb',
  url: `${origin}/viewtopic.php?t=${threadId}&start=${(pageNumber - 1) * 3}`,
  pageNumber,
  pageCount: 9,
  contentHash: hash,
  posts,
});

describe('the worker posts cache', () => {
  it('reads a thread from IndexedDB once, then keeps it current through new pages, edits and deletions', async () => {
    const db = freshDb();
    const cache = postCacheOf(db);
    await savePage(db, page(1, [opening, post(1, 'Vote: Corvid'), post(2, 'Vote: Bluebell')]), 1000);
    expect(await cache.posts(origin, threadId)).toEqual(await getPosts(db, origin, threadId));
    expect(await cache.posts(origin, threadId)).toEqual(await getPosts(db, origin, threadId));
    expect(cache.stats().reads).toBe(1);
    expect(cache.stats().hits).toBe(1);

    // A new page, a page read again with an edited post, and a post deleted: applied, never read again.
    await savePage(db, page(2, [post(3, 'Vote: Dandelion'), post(4, 'Unvote')]), 2000);
    await savePage(db, page(1, [opening, post(1, 'Vote: Alpha_Wolf'), post(2, 'Vote: Bluebell')], 'edited'), 3000);
    await db.posts.delete([key, 'p4']);
    const now = await cache.posts(origin, threadId);
    expect(now).toEqual(await getPosts(db, origin, threadId));
    expect(now.map((r) => r.number)).toEqual([0, 1, 2, 3]);
    expect(now[1]?.post.body).toEqual([{ type: 'text', text: 'Vote: Alpha_Wolf', bold: true }]);
    expect(cache.stats().reads).toBe(1);
    // A post stored again unchanged keeps its object (the counter sees it as the same post without comparing).
    const before = now[2]?.post;
    await savePage(db, page(1, [opening, post(1, 'Vote: Alpha_Wolf'), post(2, 'Vote: Bluebell')], 'other hash'), 4000);
    expect((await cache.posts(origin, threadId))[2]?.post).toBe(before);
  });

  it('ignores a write that did not commit', async () => {
    const db = freshDb();
    const cache = postCacheOf(db);
    await savePage(db, page(1, [opening, post(1, 'Vote: Corvid')]), 1000);
    await cache.posts(origin, threadId);
    await expect(
      db.transaction('rw', db.posts, async () => {
        await db.posts.put({ threadKey: key, postId: 'p9', number: 9, post: post(9, 'Vote: Corvid'), storedAt: 2000 });
        throw new Error('the write fails after the put');
      }),
    ).rejects.toThrow('the write fails');
    expect(await cache.posts(origin, threadId)).toEqual(await getPosts(db, origin, threadId));
    expect((await cache.posts(origin, threadId)).map((r) => r.postId)).toEqual(['p0', 'p1']);
  });

  it('holds a page written while the thread was being read', async () => {
    const db = freshDb();
    const cache = postCacheOf(db);
    await savePage(db, page(1, [opening, post(1, 'Vote: Corvid')]), 1000);
    const [read] = await Promise.all([cache.posts(origin, threadId), savePage(db, page(2, [post(2, 'Vote: Bluebell')]), 2000)]);
    expect(read.length).toBeGreaterThanOrEqual(2);
    expect(await cache.posts(origin, threadId)).toEqual(await getPosts(db, origin, threadId));
    expect((await cache.posts(origin, threadId)).map((r) => r.number)).toEqual([0, 1, 2]);
  });

  it('keeps at most its bound of threads and posts, and lets go of a thread not viewed lately', async () => {
    const db = freshDb();
    let clock = 0;
    const cache = postCacheOf(db, { maxThreads: 2, maxPosts: 5, idleMs: 60_000, now: () => clock });
    const other = (id: string): PageReport => ({
      ...page(1, [opening, post(1, 'Vote: Corvid')]),
      thread: { origin, threadId: id, title: id },
    });
    for (const id of ['a', 'b', 'c']) await savePage(db, other(id), 1000);
    for (const id of ['a', 'b', 'c']) await cache.posts(origin, id);
    expect(cache.stats().threads).toBe(2);
    expect(cache.stats().evicted).toBe(1);
    // 'a' went first (viewed longest ago): asked again, it is read again.
    await cache.posts(origin, 'a');
    expect(cache.stats().reads).toBe(4);
    // Three threads of two posts are over five posts: two stay at most.
    expect(cache.stats().posts).toBeLessThanOrEqual(5);
    // Not viewed for longer than the idle time: let go, and read again when asked.
    clock += 61_000;
    await cache.posts(origin, 'c');
    expect(cache.stats().threads).toBe(1);
    expect(cache.stats().reads).toBe(5);
  });

  it('counts a thread with nothing new without reading its posts from IndexedDB again, and sees a new page', async () => {
    const db = freshDb();
    await savePage(db, page(1, [opening, post(1, 'Vote: Corvid'), post(2, 'Vote: Corvid')]), 1000);
    const first = await countThread(db, origin, threadId);
    const again = await countThread(db, origin, threadId);
    expect(again.result).toEqual(first.result);
    expect(postCacheOf(db).stats().reads).toBe(1);
    await savePage(db, page(2, [post(3, 'Vote: Bluebell'), post(5, 'Vote: Corvid', 'Dandelion')]), 2000);
    const grown = await countThread(db, origin, threadId);
    expect(postCacheOf(db).stats().reads).toBe(1);
    expect(grown.result.ok && grown.result.count.wagons.find((w) => w.target === 'Corvid')?.votes).toBe(3);
  });
});

describe('the count a page asks for', () => {
  it("carries what was read in the page's own posts only, the rest of the count unchanged", async () => {
    const db = freshDb();
    await savePage(db, page(1, [opening, post(1, 'Vote: Corvid'), post(2, 'Vote: Corvid')]), 1000);
    await savePage(db, page(2, [post(3, 'Vote: Bluebell'), post(4, 'Vote: Dandelion')]), 2000);
    const all = await countThread(db, origin, threadId);
    const shown = await countThread(db, origin, threadId, { postIds: ['p3', 'p4'] });
    if (!all.result.ok || !shown.result.ok) throw new Error('the thread should count');
    expect(all.result.count.posts.map((v) => v.postId)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(shown.result.count.posts).toEqual(all.result.count.posts.filter((v) => v.postId === 'p3' || v.postId === 'p4'));
    expect({ ...shown.result.count, posts: [] }).toEqual({ ...all.result.count, posts: [] });
  });

  it('refuses post ids that are not a short list of ids', () => {
    const ask = (postIds: unknown) => () => contentRequests['thread/count']({ origin, threadId, postIds }, 'thread/count');
    expect(ask(['p1', 'p2'])().request).toEqual({ origin, threadId, postIds: ['p1', 'p2'] });
    expect(ask('p1')).toThrow(/postIds/);
    expect(ask([1])).toThrow(/postIds/);
    expect(ask(Array.from({ length: 501 }, (_x, i) => `p${i}`))).toThrow(/postIds/);
  });
});
