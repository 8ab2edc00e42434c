/**
 * What one hostile post costs: what counting costs per kilobyte of an
 * ordinary thread, against what one 60 KB post built to make a vote reader
 * backtrack ("vote Elm vote Elm …" in one bold run, and its relatives) adds
 * to a count per kilobyte; and what such a post adds to a thread's count the
 * first time and on every count after, through the worker's extraction cache.
 *
 * Target: a hostile post counts at most twice as slowly per kilobyte as an
 * ordinary thread, and a second count of an unchanged thread reads no post again.
 */
import { countThread, createExtractionCache, type BodyNode, type ForumPost, type VoteReader } from '../../src/engine';
import { benchForumPosts } from './threads';
import { median, msSince, round, type Log } from './util';

const SIZE = 60 * 1024;

const fill = (unit: string): string => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

/** Hostile posts: each one bold run built from a vote keyword that is not at an action position. */
const hostile: Readonly<Record<string, string>> = {
  'vote Elm repeated': fill('vote Elm '),
  'votevote…': fill('vote'),
  'unvote, vote: repeated': fill('unvote, vote: '),
  'vote: without targets': fill('vote: '),
  'VOTE:VOTE: run together': fill('VOTE:'),
};

/** The kilobytes of text in some posts. */
function textKb(posts: readonly ForumPost[]): number {
  let chars = 0;
  const walk = (nodes: readonly BodyNode[]): void => {
    for (const n of nodes) {
      if (n.type === 'text') chars += n.text.length;
      else if (n.type !== 'break') walk(n.children);
    }
  };
  for (const p of posts) walk(p.body);
  return chars / 1024;
}

/**
 * Milliseconds of a count, median of `runs` after as many warm-up counts (the worker counts warm),
 * through `readVotes` where given (the worker's extraction cache) or reading every post afresh.
 */
function countMs(posts: readonly ForumPost[], runs: number, readVotes?: VoteReader): number {
  const options = readVotes === undefined ? {} : { readVotes };
  for (let i = 0; i < runs; i++) countThread(posts, options);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    countThread(posts, options);
    times.push(msSince(start));
  }
  return median(times);
}

export function benchHostile(options: { readonly runs: number; readonly ordinaryPosts: number; readonly threadPosts: number }, log: Log) {
  // What counting costs per kilobyte of an ordinary thread's text, as the worker counts it (through its cache).
  const ordinaryThread = benchForumPosts(options.ordinaryPosts);
  const ordinary = countMs(ordinaryThread, options.runs, createExtractionCache().read) / textKb(ordinaryThread);
  log(
    `hostile: an ordinary thread (${ordinaryThread.length} posts, ${round(textKb(ordinaryThread))} KB) counts at ${round(ordinary, 4)} ms/KB`,
  );
  // What one hostile post adds to a count, per kilobyte: a thread of the opening post and that post, less the opening post alone.
  const opening = ordinaryThread.slice(0, 1);
  const base = countMs(opening, options.runs);
  const patterns = Object.entries(hostile).map(([name, text]) => {
    const post: ForumPost = {
      id: 'hostile',
      number: 1,
      author: ordinaryThread[1]?.author ?? 'someone',
      postedAt: null,
      body: [{ type: 'text', text, bold: true }],
    };
    // Read afresh: what its first count costs. Through the worker's cache: what every count after costs.
    const firstPerKb = Math.max(0, countMs([...opening, post], options.runs) - base) / (SIZE / 1024);
    const perKb = Math.max(0, countMs([...opening, post], options.runs, createExtractionCache().read) - base) / (SIZE / 1024);
    log(
      `hostile: ${name}: ${round(perKb, 4)} ms/KB a count (×${round(perKb / ordinary, 2)} an ordinary thread); read afresh ${round(firstPerKb, 4)} ms/KB (×${round(firstPerKb / ordinary, 2)})`,
    );
    return {
      name,
      msPerKb: round(perKb, 4),
      timesOrdinary: round(perKb / ordinary, 2),
      msPerKbReadAfresh: round(firstPerKb, 4),
      timesOrdinaryReadAfresh: round(firstPerKb / ordinary, 2),
    };
  });
  const worst = Math.max(...patterns.map((p) => p.timesOrdinary));

  // A thread with one hostile post in it: the first count reads it, the next ones (the cache's) do not.
  const posts: ForumPost[] = benchForumPosts(options.threadPosts);
  const hostilePost: ForumPost = {
    id: 'hostile',
    number: posts.length,
    author: posts[1]?.author ?? 'someone',
    postedAt: null,
    body: [{ type: 'text', text: fill('vote Elm '), bold: true }],
  };
  const thread = [...posts, hostilePost];
  const time = (run: () => void): number => {
    const start = process.hrtime.bigint();
    run();
    return msSince(start);
  };
  countThread(thread);
  const uncached = median([0, 1, 2].map(() => time(() => countThread(thread))));
  const cache = createExtractionCache();
  const firstCount = time(() => countThread(thread, { readVotes: cache.read }));
  const missesAfterFirst = cache.stats().misses;
  // Each later count gets the posts afresh, as the worker does from storage.
  const copies = [0, 1, 2].map(() => structuredClone(thread));
  const nextCount = median(copies.map((copy) => time(() => countThread(copy, { readVotes: cache.read }))));
  const readAgain = cache.stats().misses - missesAfterFirst;
  log(
    `hostile: count of ${thread.length} posts with one hostile post: ${round(uncached)} ms without the cache, ${round(firstCount)} ms first, ${round(nextCount)} ms after (${readAgain} posts read again)`,
  );
  return {
    postKb: SIZE / 1024,
    ordinaryThreadMsPerKb: round(ordinary, 4),
    patterns,
    worstTimesOrdinary: worst,
    count: {
      posts: thread.length,
      msWithoutCache: round(uncached),
      msFirstWithCache: round(firstCount),
      msLaterWithCache: round(nextCount),
      postsReadAgain: readAgain,
    },
    target:
      'a hostile post counts (as the worker counts, through its cache) at most ×2 as slowly per KB as an ordinary thread; no post read again on a second count',
    met: worst <= 2 && readAgain === 0,
  };
}
