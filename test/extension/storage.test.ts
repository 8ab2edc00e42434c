import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import type { ForumPost } from '../../src/model/post';
import type { PageReport } from '../../extension/shared/protocol';
import { getPosts, getSettings, getThread, listThreads, savePage, setSettings, trackThread } from '../../extension/storage/repository';
import { openDatabase } from '../../extension/storage/schema';

const freshDb = freshDatabases('gavel-test');

const post = (id: string, number: number, author: string): ForumPost => ({
  id,
  number,
  author,
  postedAt: Date.UTC(2026, 0, 1, 12, number),
  body: [{ type: 'text', text: `post ${number}`, bold: true }],
});

const report = (pageNumber: number, posts: ForumPost[], hash = `h${pageNumber}-${posts.length}`): PageReport => ({
  thread: { origin: 'https://forum.mafiascum.net', threadId: '90210', title: 'Mini 2187' },
  engine: 'phpbb',
  url: `https://forum.mafiascum.net/viewtopic.php?t=90210&start=${(pageNumber - 1) * 2}`,
  pageNumber,
  pageCount: 2,
  contentHash: hash,
  posts,
});

describe('storage: pages and posts', () => {
  it('stores a page once: reading it again adds nothing', async () => {
    const db = freshDb();
    const first = await savePage(db, report(1, [post('a', 0, 'host'), post('b', 1, 'alice')]), 1000);
    expect(first).toMatchObject({ added: 2, unchanged: false, thread: { postCount: 2, pagesSeen: 1, title: 'Mini 2187' } });
    const again = await savePage(db, report(1, [post('a', 0, 'host'), post('b', 1, 'alice')]), 2000);
    expect(again).toMatchObject({ added: 0, unchanged: true, thread: { postCount: 2 } });
  });

  it('keeps the post and page counts without counting the thread again, and counts a thread stored before counts were kept', async () => {
    const db = freshDb();
    await savePage(db, report(1, [post('a', 0, 'host'), post('b', 1, 'alice')]), 1000);
    expect(await db.threadStats.get('https://forum.mafiascum.net|90210')).toEqual({
      threadKey: 'https://forum.mafiascum.net|90210',
      postCount: 2,
      pagesSeen: 1,
    });
    // As if the thread had been stored before the counts were kept.
    await db.threadStats.clear();
    expect(await getThread(db, 'https://forum.mafiascum.net', '90210')).toMatchObject({ postCount: 2, pagesSeen: 1 });
    const second = await savePage(db, report(2, [post('b', 1, 'alice'), post('c', 2, 'bob'), post('d', 3, 'carol')]), 2000);
    expect(second.thread).toMatchObject({ postCount: 4, pagesSeen: 2 });
    // Page 2 read again after an edit: the same posts, a new hash; nothing is counted twice.
    const again = await savePage(db, report(2, [post('b', 1, 'alice'), post('c', 2, 'bob'), post('d', 3, 'carol')], 'edited'), 3000);
    expect(again.thread).toMatchObject({ postCount: 4, pagesSeen: 2 });
    expect(await db.posts.count()).toBe(4);
  });

  it('keeps one copy of a post that moves to another page', async () => {
    const db = freshDb();
    await savePage(db, report(1, [post('a', 0, 'host'), post('b', 1, 'alice')]), 1000);
    // A post was deleted before page 2 was read, so post b now opens page 2.
    const second = await savePage(db, report(2, [post('b', 1, 'alice'), post('c', 2, 'bob')]), 2000);
    expect(second.added).toBe(1);
    const posts = await getPosts(db, 'https://forum.mafiascum.net', '90210');
    expect(posts.map((p) => p.postId)).toEqual(['a', 'b', 'c']);
  });

  it('keeps everything when two tabs store the same pages at once', async () => {
    const db = freshDb();
    const pages = [report(1, [post('a', 0, 'host'), post('b', 1, 'alice')]), report(2, [post('c', 2, 'bob'), post('d', 3, 'carol')])];
    await Promise.all([...pages, ...pages].map((r, i) => savePage(db, r, 1000 + i)));
    const posts = await getPosts(db, 'https://forum.mafiascum.net', '90210');
    expect(posts.map((p) => p.number)).toEqual([0, 1, 2, 3]);
  });

  it('is still there after the database is closed and opened again', async () => {
    const db = freshDb();
    await savePage(db, report(1, [post('a', 0, 'host')]), 1000);
    await trackThread(db, 'https://forum.mafiascum.net', '90210', 1500);
    await setSettings(db, { outputDialect: 'markdown' });
    db.close();
    const reopened = openDatabase(db.name);
    expect(await getThread(reopened, 'https://forum.mafiascum.net', '90210')).toMatchObject({ tracked: true, postCount: 1 });
    expect((await getSettings(reopened)).outputDialect).toBe('markdown');
    expect(await listThreads(reopened)).toHaveLength(1);
    reopened.close();
  });

  it('refuses an unknown output dialect and keeps the old one', async () => {
    const db = freshDb();
    await expect(setSettings(db, { outputDialect: 'html' as never })).rejects.toThrow(/unknown output dialect "html"/);
    expect((await getSettings(db)).outputDialect).toBe('bbcode');
  });
});
