/**
 * The thread crawl against a fake forum: pages are generated from a list of posts that can
 * grow while the crawl runs, so the tests can move posts to later pages mid-crawl.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../src/model/post';
import { crawlThread, type CrawlProgress, type ParseResult, type ThreadPage } from '../../src/parsers/index';

const perPage = 3;
const base = 'https://forum.example.org/thread?page=';

/** A fake forum thread: `posts` can grow; `render` gives a page's text as the forum would serve it now. */
function fakeForum(initial: number) {
  const posts: ForumPost[] = [];
  const add = (): void => {
    const n = posts.length + 1;
    posts.push({ id: `p${n}`, number: n, author: `user${n % 4}`, postedAt: n * 60_000, body: [{ type: 'text', text: `post ${n}` }] });
  };
  for (let i = 0; i < initial; i++) add();
  const pageCount = (): number => Math.max(1, Math.ceil(posts.length / perPage));
  const render = (page: number): string =>
    JSON.stringify({ page, count: pageCount(), posts: posts.slice((page - 1) * perPage, page * perPage) });
  const parse = (text: string | Document, url: string): ParseResult<ThreadPage> => {
    const data = JSON.parse(typeof text === 'string' ? text : '') as { page: number; count: number; posts: ForumPost[] };
    return {
      data: {
        engine: 'phpbb',
        threadId: 't',
        title: 'fake',
        currentPage: data.page,
        pageCount: data.count,
        nextPageUrl: data.page < data.count ? `${base}${data.page + 1}` : null,
        posts: data.posts,
      },
      issues: url.endsWith('=2') ? [] : [],
    };
  };
  return { posts, add, render, parse, pageOf: (url: string) => Number(new URL(url).searchParams.get('page')) };
}

describe('crawlThread', () => {
  it('reads every page in order and every post once, following next links', async () => {
    const forum = fakeForum(10);
    const fetched: string[] = [];
    const progress: CrawlProgress[] = [];
    const result = await crawlThread({
      firstPage: `${base}1`,
      fetchPage: async (url) => {
        fetched.push(url);
        return forum.render(forum.pageOf(url));
      },
      parse: forum.parse,
      onProgress: (p) => progress.push(p),
    });
    expect(result.posts.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(fetched).toEqual([`${base}1`, `${base}2`, `${base}3`, `${base}4`]);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4]);
    expect(result.pages.map((p) => p.url)).toEqual(fetched);
  });

  it('keeps at most `concurrency` fetches in flight when page URLs are known', async () => {
    const forum = fakeForum(30);
    let inFlight = 0;
    let maxInFlight = 0;
    const result = await crawlThread({
      firstPage: `${base}1`,
      pageUrl: (n) => `${base}${n}`,
      concurrency: 3,
      fetchPage: async (url) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5 + (forum.pageOf(url) % 3) * 3));
        inFlight--;
        return forum.render(forum.pageOf(url));
      },
      parse: forum.parse,
    });
    expect(maxInFlight).toBeLessThanOrEqual(3);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(result.posts.map((p) => p.number)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(result.pages.map((p) => p.url)).toEqual(Array.from({ length: 10 }, (_, i) => `${base}${i + 1}`));
  });

  it('skips pages whose content is unchanged since the last crawl and re-reads changed ones', async () => {
    const forum = fakeForum(8);
    const fetchPage = async (url: string) => forum.render(forum.pageOf(url));
    let parsed = 0;
    const parse = (text: string | Document, url: string) => {
      parsed++;
      return forum.parse(text, url);
    };
    const first = await crawlThread({ firstPage: `${base}1`, fetchPage, parse });
    expect(parsed).toBe(3);
    forum.add();
    parsed = 0;
    const second = await crawlThread({ firstPage: `${base}1`, fetchPage, parse, seen: first.seen });
    // pages 1 and 2 are unchanged; page 3 gained post 9
    expect(second.pages.map((p) => p.skipped)).toEqual([true, true, false]);
    expect(parsed).toBe(1);
    expect(second.posts.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(JSON.parse(JSON.stringify(second.seen))).toEqual(second.seen);
  });

  it('returns every post exactly once when posts are added while it runs (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        async (initial, additions, concurrency, knownUrls) => {
          const forum = fakeForum(initial);
          let call = 0;
          const result = await crawlThread({
            firstPage: `${base}1`,
            concurrency,
            ...(knownUrls ? { pageUrl: (n: number) => `${base}${n}` } : {}),
            fetchPage: async (url) => {
              // before each of the first fetches, some new replies arrive and push posts to later pages
              for (let i = 0; i < (additions[call] ?? 0); i++) forum.add();
              call++;
              await Promise.resolve();
              return forum.render(forum.pageOf(url));
            },
            parse: forum.parse,
          });
          const ids = result.posts.map((p) => p.id);
          expect(new Set(ids).size).toBe(ids.length);
          // every post, including those added meanwhile, is there in order
          expect(ids).toEqual(forum.posts.map((p) => p.id));
          const numbers = result.posts.map((p) => p.number);
          expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        },
      ),
      { numRuns: 60 },
    );
  });
});
