/**
 * Issue 18: what a thread counter reads of the posts it already counted. A count
 * with nothing new, and a new page of a long thread of several days, must not
 * go over the whole thread again (the count then grows with the thread: each
 * ended day's tally stepped over its posts, the breach checks over every post
 * up to where they resumed, the inactivity marks searched the thread from its
 * end, the order of the posts was checked post by post). The posts are proxies
 * that count every property read, so a pass over them shows whatever its cost.
 */
import { describe, expect, it } from 'vitest';
import { countThread, createThreadCounter, type ForumPost } from '../../../src/engine';
import { multiDayPosts } from '../../../scripts/bench/count';

/** The posts, each counting the reads of its properties while `counting.on`. */
function watched(posts: readonly ForumPost[]): { posts: ForumPost[]; reads: () => number; counting: { on: boolean } } {
  let reads = 0;
  const counting = { on: false };
  const wrapped = posts.map(
    (p) =>
      new Proxy(p, {
        get(target, key, receiver) {
          if (counting.on) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
  );
  return { posts: wrapped, reads: () => reads, counting };
}

describe('the thread counter reads only what is new', () => {
  it('reads no post when nothing is new (the same posts in a new array)', () => {
    const { posts, reads, counting } = watched(multiDayPosts(3_000, 500));
    const counter = createThreadCounter();
    const first = counter.count(posts);
    counting.on = true;
    const again = counter.count([...posts]);
    expect(again).toBe(first);
    expect(reads()).toBe(0);
  });

  it('reads the earlier posts of a long thread of several days only by searches when a page is added', () => {
    // 12 days of 500 posts with a host's day and night posts, two players who never post (inactivity findings on every
    // ended day), the breach checks on; a page of 100 posts that ends no day.
    const thread = multiDayPosts(6_200, 500);
    const old = watched(thread.slice(0, 6_100));
    const counter = createThreadCounter();
    counter.count(old.posts);
    old.counting.on = true;
    const grown = [...old.posts, ...thread.slice(6_100)];
    const result = counter.count(grown);
    // A pass over the 6,100 earlier posts reads at least 6,100 properties; binary searches per day read a few hundred.
    expect(old.reads()).toBeLessThan(1_500);
    expect(result.ok && result.breaches.some((b) => b.reason === 'activity/too-few-posts')).toBe(true);
    old.counting.on = false;
    expect(result).toEqual(countThread(grown));
  });

  it('on the page where the host ends a day, and the next where he starts one, reads no post of the days that had ended before', () => {
    // 12 days of 500 posts; a page of 100 posts that holds the host's "Night 12 begins." (post 5,999), then one that
    // holds "Day 13 begins.". The phases change on both pages: Day 12 is judged now (its posts are read), but the
    // breach checks keep the findings of Days 1 to 11, and the posts' places and verdicts before the change stay.
    const thread = multiDayPosts(6_100, 500);
    // The posts of Days 1 to 11 and their nights are watched (Day 12 starts at post 5,500).
    const old = watched(thread.slice(0, 5_500));
    const counter = createThreadCounter();
    counter.count([...old.posts, ...thread.slice(5_500, 5_900)]);
    const ending = [...old.posts, ...thread.slice(5_500, 6_000)];
    old.counting.on = true;
    const ended = counter.count(ending);
    old.counting.on = false;
    expect(ended.ok && ended.phases.some((p) => p.kind === 'night' && p.number === 12)).toBe(true);
    // Two silent players, inactive on every day from Day 2 to Day 12: Day 12's findings are new on this page.
    expect(ended.ok && ended.breaches.filter((b) => b.reason === 'activity/too-few-posts').length).toBe(22);
    // Judging every ended day again reads each of its posts' bodies: over 5,000 posts, tens of thousands of properties.
    expect(old.reads()).toBeLessThan(1_500);
    expect(ended).toEqual(countThread(ending));
    const starting = [...ending, ...thread.slice(6_000, 6_100)];
    const before = old.reads();
    old.counting.on = true;
    const started = counter.count(starting);
    old.counting.on = false;
    expect(started.ok && started.phases.some((p) => p.kind === 'day' && p.number === 13)).toBe(true);
    expect(old.reads() - before).toBeLessThan(1_500);
    expect(started).toEqual(countThread(starting));
  });
});
