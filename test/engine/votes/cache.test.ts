/**
 * The extraction cache: a post is read once per content, whatever it says, and
 * a count through the cache is the count without it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countThread,
  createExtractionCache,
  defaultVoteGrammar,
  extractVotes,
  rulesets,
  type BodyNode,
  type ForumPost,
  type VoteGrammar,
} from '../../../src/engine';
import { bodyOf, dayArb, namePool } from './arbitraries';

const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });
/** A post long enough to be cached: its words, then plain discussion. */
const long = (body: readonly BodyNode[]): BodyNode[] => [
  ...body,
  { type: 'break' },
  { type: 'text', text: 'Some thoughts on the day. '.repeat(80) },
];

function thread(bodies: BodyNode[][]): ForumPost[] {
  return bodies.map((body, number) => ({
    id: `p${number}`,
    number,
    author: number === 0 ? 'Host' : (namePool[number % 5] ?? 'alice'),
    postedAt: Date.UTC(2026, 10, 20, 9, number),
    body,
  }));
}

const opening: BodyNode[] = [
  { type: 'text', text: 'Players:' },
  ...namePool.slice(0, 5).flatMap((name): BodyNode[] => [{ type: 'break' }, { type: 'text', text: name }]),
];

/** The post any player can write to slow a count: one bold run of "vote Elm vote Elm …" (here about 60 KB). */
const hostile: BodyNode[] = [bold('vote Elm '.repeat(6_700))];

describe('the extraction cache', () => {
  it('answers exactly what a fresh read gives, for any post and grammar', () => {
    fc.assert(
      fc.property(dayArb, fc.boolean(), fc.boolean(), (day, acceptAbbreviations, greenFontVotes) => {
        const cache = createExtractionCache();
        const grammar: VoteGrammar = { ...defaultVoteGrammar, acceptAbbreviations, greenFontVotes };
        const posts = day.posts.flatMap((p) => [p, { ...p, id: `${p.id}-long`, body: long(p.body) }]);
        for (const post of posts) {
          const fresh = extractVotes(post, { grammar });
          expect(cache.read(post, grammar)).toEqual(fresh);
          expect(cache.read(post, grammar)).toEqual(fresh);
        }
        // Short posts are read afresh; each long one once.
        expect(cache.stats()).toEqual({ hits: day.posts.length, misses: day.posts.length });
      }),
      { numRuns: 100 },
    );
  });

  it('reads a short post afresh each time: hashing it would cost more than reading it', () => {
    const cache = createExtractionCache();
    const post = { id: 'p1', body: bodyOf({ kind: 'vote', target: 3 }, namePool) };
    expect(cache.read(post, defaultVoteGrammar)).toEqual(extractVotes(post, { grammar: defaultVoteGrammar }));
    expect(cache.read(post, defaultVoteGrammar)[0]).toMatchObject({ target: 'dave' });
    expect(cache.size()).toBe(0);
    expect(cache.stats()).toEqual({ hits: 0, misses: 0 });
  });

  it('tells bodies apart by their marks as well as their text (bold, struck, quoted)', () => {
    const cache = createExtractionCache();
    const text = 'Vote: alice';
    const bodies: BodyNode[][] = [
      long([bold(text)]),
      long([{ type: 'text', text }]),
      long([{ type: 'text', text, bold: true, struck: true }]),
      long([{ type: 'quote', children: [bold(text)] }]),
    ];
    const read = bodies.map((body) => cache.read({ id: 'p1', body }, defaultVoteGrammar)[0]);
    expect(read.map((c) => c?.reason ?? 'counted')).toEqual(['counted', 'vote/not-bold', 'vote/struck', 'vote/in-quote']);
    expect(cache.stats()).toEqual({ hits: 0, misses: 4 });
  });

  it('reads a post again when its body changes (an edit) or the grammar does, and not otherwise', () => {
    const cache = createExtractionCache();
    const post = { id: 'p7', body: long(bodyOf({ kind: 'vote', target: 1 }, namePool)) };
    expect(cache.read(post, defaultVoteGrammar)[0]).toMatchObject({ target: 'bob', counted: true });
    // The same content in a fresh object (a post read again from storage) is a hit.
    expect(cache.read(structuredClone(post), { ...defaultVoteGrammar })[0]).toMatchObject({ target: 'bob' });
    expect(cache.stats()).toEqual({ hits: 1, misses: 1 });
    // The player edits the vote: the same post id with a new body is read again.
    const edited = { id: 'p7', body: long(bodyOf({ kind: 'vote', target: 2 }, namePool)) };
    expect(cache.read(edited, defaultVoteGrammar)[0]).toMatchObject({ target: 'carol' });
    // The host requires a colon: the same body under another grammar is read again.
    const noColon = { id: 'p7', body: long([bold('vote carol')]) };
    expect(cache.read(noColon, defaultVoteGrammar)[0]).toMatchObject({ counted: true });
    expect(cache.read(noColon, { ...defaultVoteGrammar, colon: 'required' })[0]).toMatchObject({ counted: false, reason: 'vote/no-colon' });
    expect(cache.stats()).toEqual({ hits: 1, misses: 4 });
  });

  it('holds at most the entries it was given, dropping the oldest first', () => {
    const cache = createExtractionCache(3);
    const posts = [0, 1, 2, 3].map((i) => ({ id: `p${i}`, body: long([bold(`Vote: ${namePool[i] ?? 'alice'}`)]) }));
    for (const p of posts) cache.read(p, defaultVoteGrammar);
    expect(cache.size()).toBe(3);
    const [oldest, , , newest] = posts;
    if (oldest === undefined || newest === undefined) throw new Error('four posts');
    cache.read(newest, defaultVoteGrammar);
    expect(cache.stats()).toEqual({ hits: 1, misses: 4 });
    cache.read(oldest, defaultVoteGrammar);
    expect(cache.stats()).toEqual({ hits: 1, misses: 5 });
  });

  it('a thread with a hostile post is counted the same with the cache, and its posts are read once across counts', () => {
    const posts = thread([opening, long([bold('Vote: alice')]), hostile, long([bold('Vote: bob')]), long([bold('unvote, vote: alice')])]);
    const ruleset = rulesets['forum-template-001'];
    const plain = countThread(posts, { preset: ruleset });
    expect(plain.ok && plain.current?.tally.wagons.map((w) => w.total)).toEqual([2, 1]);
    const cache = createExtractionCache();
    const first = countThread(posts, { preset: ruleset, readVotes: cache.read });
    expect(first).toEqual(plain);
    const afterFirst = cache.stats();
    // The day's tally and the breach checks share one read of each post.
    expect(afterFirst.misses).toBeLessThanOrEqual(posts.length);
    expect(afterFirst.hits).toBe(0);
    // The second count (the next page view) reads nothing again: the hostile post cost once.
    const second = countThread(structuredClone(posts), { preset: ruleset, readVotes: cache.read });
    expect(second).toEqual(plain);
    expect(cache.stats().misses).toBe(afterFirst.misses);
    expect(cache.stats().hits).toBeGreaterThan(0);
  });

  it('a new post adds one read, not a read of the whole thread', () => {
    const bodies = [opening, long([bold('Vote: alice')]), long([bold('Vote: bob')]), hostile];
    const cache = createExtractionCache();
    countThread(thread(bodies), { readVotes: cache.read });
    const before = cache.stats().misses;
    countThread(thread([...bodies, long([bold('Vote: carol')])]), { readVotes: cache.read });
    expect(cache.stats().misses).toBe(before + 1);
  });
});
