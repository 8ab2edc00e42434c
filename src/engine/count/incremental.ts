/**
 * Counting one thread again and again (the worker counts a tracked thread on
 * every page view, badge update and crawl step): a counter remembers its last
 * count and does again only what the new posts can change.
 *
 * - Each post's vote lines are read once per post and content (the same post
 *   object, or a post of the same id and content), under each grammar.
 * - Each day's tally carries on from the state it reached in the last count,
 *   from the first post that is new or changed, when everything else it reads
 *   (roster with its account links, rules, the thread's nicknames, the living
 *   players, the day's events and bounds) is what it was.
 * - Nothing changed and nothing asked differently: the last result itself.
 * - The game's setup changed (roster, rules, phases, links, the host's
 *   settings: any option): everything is counted afresh.
 *
 * The answer is always the one `countThread` gives for the same posts and
 * options (test/engine/count/incremental.test.ts checks that on random
 * threads, appends and edits).
 */
import type { ForumPost } from '../types';
import { extractVotes, type VoteCandidate } from '../votes/extract';
import type { VoteReader } from '../votes/cache';
import type { VoteGrammar } from '../votes/rules';
import type { TallyState } from '../votes/tally';
import type { BreachState } from '../breaches/detect';
import { countThread, postOrder } from './count';
import type { CountStages, CountThreadOptions, CountThreadResult } from './types';

export interface ThreadCounter {
  /** The thread's count, exactly as `countThread(posts, options)` gives it. */
  readonly count: (posts: readonly ForumPost[], options?: CountThreadOptions) => CountThreadResult;
  /** How the counts were made since the counter was made. */
  readonly stats: () => CounterStats;
}

export interface CounterStats {
  /** Counts asked for. */
  readonly counts: number;
  /** Counts answered with the last result (nothing changed). */
  readonly reused: number;
  /** Counts made afresh because the setup (any option) changed, or the first. */
  readonly fresh: number;
  /** Posts whose vote lines were read (not found in the counter's memory). */
  readonly postsRead: number;
}

/** The fields of a post the count reads, as one string: two posts with the same one are counted the same. */
function contentOf(post: ForumPost): string {
  return JSON.stringify([post.id, post.number, post.author, post.authorId, post.postedAt, post.permalink, post.edited, post.body]);
}

/**
 * A counter for one thread at a time (counting another thread, or the same
 * one with other options, starts it afresh).
 *
 * @example const counter = createThreadCounter(); counter.count(posts, { game }); counter.count([...posts, ...nextPage], { game })
 */
export function createThreadCounter(): ThreadCounter {
  let setupKey: string | null = null;
  let asOfKey: number | undefined;
  let nowKey: number | undefined;
  let lastSorted: readonly ForumPost[] = [];
  let states: ReadonlyMap<string, TallyState> = new Map();
  let breachStates: ReadonlyMap<string, BreachState> = new Map();
  let stages: CountStages = {};
  let lastResult: CountThreadResult | null = null;
  const contents = new WeakMap<ForumPost, string>();
  const content = (post: ForumPost): string => {
    let known = contents.get(post);
    if (known === undefined) {
      known = contentOf(post);
      contents.set(post, known);
    }
    return known;
  };
  // Vote lines per grammar, per post object, then per content (a post read again from storage is a new object).
  const byGrammar = new Map<string, WeakMap<ForumPost, readonly VoteCandidate[]>>();
  const grammarKeys = new WeakMap<VoteGrammar, string>();
  let byContent = new Map<string, readonly VoteCandidate[]>();
  const readers = new WeakMap<VoteReader, number>();
  let nextReader = 0;
  let stats: CounterStats = { counts: 0, reused: 0, fresh: 0, postsRead: 0 };

  const readerOf =
    (inner: VoteReader) =>
    (grammar: VoteGrammar): ((post: ForumPost) => readonly VoteCandidate[]) => {
      let g = grammarKeys.get(grammar);
      if (g === undefined) {
        g = JSON.stringify(grammar);
        grammarKeys.set(grammar, g);
      }
      const key = g;
      let byObject = byGrammar.get(key);
      if (byObject === undefined) {
        byObject = new WeakMap();
        byGrammar.set(key, byObject);
      }
      const known = byObject;
      return (post) => {
        const seen = known.get(post);
        if (seen !== undefined) return seen;
        const contentKey = `${key}\u0000${content(post)}`;
        let votes = byContent.get(contentKey);
        if (votes === undefined) {
          votes = Object.freeze(inner(post, grammar));
          byContent.set(contentKey, votes);
          stats = { ...stats, postsRead: stats.postsRead + 1 };
        }
        known.set(post, votes);
        return votes;
      };
    };

  const count = (posts: readonly ForumPost[], options: CountThreadOptions = {}): CountThreadResult => {
    stats = { ...stats, counts: stats.counts + 1 };
    // The caller's clock is no part of the setup: what the posts read stays kept when only the time moved on.
    const { asOfPost, readVotes, memo: _ignored, now, ...setup } = options;
    // A caller's own reader is part of the setup: another reader may read differently.
    let readerId = -1;
    if (readVotes !== undefined) {
      const known = readers.get(readVotes);
      readerId = known ?? nextReader++;
      if (known === undefined) readers.set(readVotes, readerId);
    }
    const key = `${readerId}\u0000${JSON.stringify(setup)}`;
    // The posts in post order (as given, when they already are: a stored thread is). The posts that are the last
    // count's own objects, at the same places, were in order then: only the rest is checked.
    const same = samePrefix(lastSorted, posts);
    const sorted = inPostOrder(posts, same) ? posts : postOrder(posts);
    let firstChanged: number;
    if (key !== setupKey) {
      // A new setup: nothing kept applies (the vote lines stay: they depend only on the post and the grammar).
      setupKey = key;
      states = new Map();
      breachStates = new Map();
      stages = {};
      lastResult = null;
      lastSorted = [];
      firstChanged = Number.NEGATIVE_INFINITY;
      stats = { ...stats, fresh: stats.fresh + 1 };
    } else firstChanged = firstDifference(lastSorted, sorted, content, sorted === posts ? same : 0);
    if (firstChanged === Number.POSITIVE_INFINITY && lastResult !== null && asOfPost === asOfKey && now === nowKey) {
      stats = { ...stats, reused: stats.reused + 1 };
      lastSorted = sorted;
      return lastResult;
    }
    const next = new Map<string, TallyState>();
    const nextBreaches = new Map<string, BreachState>();
    const reader = readerOf(readVotes ?? ((post, grammar) => extractVotes(post, { grammar })));
    const result = countThread(sorted, {
      ...options,
      readVotes: (post, grammar) => reader(grammar)(post as ForumPost),
      memo: { firstChanged, previous: states, next, previousBreaches: breachStates, nextBreaches, sorted, readerFor: reader, stages },
    });
    states = next;
    breachStates = nextBreaches;
    lastSorted = sorted;
    lastResult = result;
    asOfKey = asOfPost;
    nowKey = now;
    // Vote lines of posts no longer in the thread are let go (a long-lived worker counts many threads over time).
    if (byContent.size > 4 * sorted.length + 10_000) byContent = new Map();
    return result;
  };
  return { count, stats: () => stats };
}

/**
 * How many posts at the start of `now` are the very objects of `before` at the same places. Comparing
 * references only (no property read): a thread the counter already holds is checked at the cost of a
 * pointer comparison per post, whatever the shapes of its post objects.
 */
function samePrefix(before: readonly ForumPost[], now: readonly ForumPost[]): number {
  const shared = Math.min(before.length, now.length);
  let i = 0;
  while (i < shared && before[i] === now[i]) i++;
  return i;
}

/** Whether posts are in post order with one post per number; the first `known` of them are known to be. */
function inPostOrder(posts: readonly ForumPost[], known = 0): boolean {
  for (let i = Math.max(1, known); i < posts.length; i++) if ((posts[i - 1]?.number ?? 0) >= (posts[i]?.number ?? 0)) return false;
  return true;
}

/**
 * The first post number at which two threads in post order differ: a post new,
 * changed (another content under the same number) or gone. Infinity: none.
 * The first `same` posts are known to be the same objects in both.
 */
function firstDifference(before: readonly ForumPost[], now: readonly ForumPost[], content: (p: ForumPost) => string, same = 0): number {
  const shared = Math.min(before.length, now.length);
  for (let i = same; i < shared; i++) {
    const a = before[i];
    const b = now[i];
    if (a === b || a === undefined || b === undefined) continue;
    if (a.number !== b.number) return Math.min(a.number, b.number);
    if (content(a) !== content(b)) return a.number;
  }
  const extra = before.length > shared ? before[shared] : now[shared];
  return extra?.number ?? Number.POSITIVE_INFINITY;
}
