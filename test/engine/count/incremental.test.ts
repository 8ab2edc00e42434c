/**
 * Issue 18 part 2: a thread counter (count/incremental.ts) resumes each
 * day's tally and the breach checks from the first changed post and reuses
 * vote lines already read; whatever it does, its answer must be the one a
 * full recount gives. Random threads, grown page by page, with posts edited,
 * removed and read again from storage (new objects), under random setups.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countThread,
  createThreadCounter,
  mafiascumRuleset,
  rulesets,
  type BodyNode,
  type CountGame,
  type CountThreadOptions,
  type ForumPost,
} from '../../../src/engine';

const players = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve', 'Frank', 'Gina'] as const;
const host = 'Host';

const text = (t: string, bold = false): BodyNode => ({ type: 'text', text: t, ...(bold ? { bold: true } : {}) });
const br: BodyNode = { type: 'break' };

/** What one post says: talk, a vote (bold or not), an unvote, a vote in a quote, or a host's phase and death posts. */
const playerLine = fc.oneof(
  fc.constantFrom(...players).map((p) => [text(`Vote: ${p}`, true)]),
  fc.constantFrom(...players).map((p) => [text(`vote ${p.toLowerCase()}`)]),
  fc.constant([text('Unvote', true)]),
  fc.constant([text('Vote: No Lynch', true)]),
  fc.constantFrom(...players).map((p): BodyNode[] => [{ type: 'quote', author: p, children: [text(`Vote: ${p}`, true)] }]),
  fc.constant([text('I am reading back the last page and nothing adds up.')]),
);
const hostLine = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map((n) => [text(`Night ${n} begins.`)]),
  fc.integer({ min: 2, max: 4 }).map((n) => [text(`Day ${n} begins.`)]),
  fc.constantFrom(...players).map((p) => [text(`${p} was killed in the night.`)]),
  fc.constantFrom(...players).map((p) => [text(`${p} has been lynched!`)]),
  fc.constant([text('Please remember to post your reads.')]),
);

interface Draft {
  readonly author: string;
  readonly body: readonly BodyNode[];
  readonly edited: boolean;
}

const draftArb: fc.Arbitrary<Draft> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ author: fc.constantFrom(...players), body: playerLine, edited: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ author: fc.constant(host), body: hostLine, edited: fc.constant(false) }) },
  { weight: 1, arbitrary: fc.record({ author: fc.constant('Lurker'), body: playerLine, edited: fc.constant(false) }) },
);

const opening: ForumPost = {
  id: 'p0',
  number: 0,
  author: host,
  postedAt: Date.UTC(2026, 10, 20, 9, 0),
  body: [text('Players:'), ...players.flatMap((p) => [br, text(p)]), br, br, text('Day 1 begins.')],
};

function postOf(d: Draft, number: number): ForumPost {
  return {
    id: `p${number}`,
    number,
    author: d.author,
    postedAt: Date.UTC(2026, 10, 20, 9, number),
    ...(d.edited ? { edited: { at: Date.UTC(2026, 10, 20, 9, number + 3) } } : {}),
    body: d.body,
  };
}

/** A step in the thread's life: a new page, an edit of a post already read, a post taken down, or the whole thread read again from storage. */
type Step =
  | { readonly kind: 'page'; readonly posts: readonly Draft[] }
  | { readonly kind: 'edit'; readonly at: number; readonly post: Draft }
  | { readonly kind: 'remove'; readonly at: number }
  | { readonly kind: 'reload' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.array(draftArb, { minLength: 1, maxLength: 12 }).map((posts): Step => ({ kind: 'page', posts })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), post: draftArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' } as const) },
);

const roster = {
  hosts: [host],
  slots: players.map((p, i) => ({ id: `s${String(i + 1)}`, accounts: [{ name: p }] })),
};
const gameOf = (ruleset: keyof typeof rulesets): CountGame => ({ roster, ruleset: rulesets[ruleset], phases: { firstPhase: 'day' } });
const setupArb: fc.Arbitrary<CountThreadOptions> = fc.oneof(
  fc.constant({}),
  fc.constant({ preset: mafiascumRuleset }),
  fc.constant({ game: gameOf('forum-template-001') }),
  fc.constant({ game: gameOf('russian-004') }),
  fc.constant({ game: gameOf('detective-conan-003'), breaches: false }),
  fc.constant({ voteGrammar: { unboldedUnvotes: true, ownLine: true } }),
);

function apply(posts: ForumPost[], step: Step, next: { n: number }): ForumPost[] {
  switch (step.kind) {
    case 'page':
      return [...posts, ...step.posts.map((d) => postOf(d, next.n++))];
    case 'edit': {
      if (posts.length < 2) return posts;
      const i = 1 + (step.at % (posts.length - 1));
      const old = posts[i];
      if (old === undefined) return posts;
      return posts.map((p, j) => (j === i ? { ...postOf(step.post, old.number), edited: { at: Date.UTC(2026, 10, 21) } } : p));
    }
    case 'remove': {
      if (posts.length < 2) return posts;
      const i = 1 + (step.at % (posts.length - 1));
      return posts.filter((_p, j) => j !== i);
    }
    case 'reload':
      return posts.map((p) => structuredClone(p));
  }
}

describe('a thread counter', () => {
  it('always gives what a full recount gives, through appends, edits, removals and reloads', () => {
    fc.assert(
      fc.property(
        fc.array(draftArb, { maxLength: 20 }),
        fc.array(stepArb, { minLength: 1, maxLength: 8 }),
        setupArb,
        fc.option(fc.nat({ max: 60 }), { nil: undefined }),
        (start, steps, setup, asOf) => {
          const counter = createThreadCounter();
          const next = { n: 1 };
          let posts: ForumPost[] = [opening, ...start.map((d) => postOf(d, next.n++))];
          const options: CountThreadOptions = asOf === undefined ? setup : { ...setup, asOfPost: asOf };
          expect(counter.count(posts, options)).toEqual(countThread(posts, options));
          for (const step of steps) {
            posts = apply(posts, step, next);
            expect(counter.count(posts, options)).toEqual(countThread(posts, options));
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 300_000);

  it('carries on from the first changed post instead of reading the thread again', () => {
    const counter = createThreadCounter();
    const next = { n: 1 };
    const drafts = (k: number, from: number): Draft[] =>
      Array.from({ length: k }, (_x, i) => ({
        author: players[(from + i) % players.length] ?? 'Alice',
        body: [text(i % 4 === 0 ? `Vote: ${players[(from + i + 2) % players.length] ?? 'Bob'}` : 'Thinking.', i % 4 === 0)],
        edited: false,
      }));
    let posts: ForumPost[] = [opening, ...drafts(200, 0).map((d) => postOf(d, next.n++))];
    counter.count(posts);
    const first = counter.stats().postsRead;
    expect(first).toBeGreaterThanOrEqual(200);
    posts = [...posts, ...drafts(25, 200).map((d) => postOf(d, next.n++))];
    const grown = counter.count(posts);
    // Only the new page's posts were read; the answer is the full recount's.
    expect(counter.stats().postsRead).toBe(first + 25);
    expect(grown).toEqual(countThread(posts));
    // Nothing changed: the last answer itself.
    expect(counter.count([...posts])).toBe(grown);
    expect(counter.stats().reused).toBe(1);
    // Another setup: counted afresh.
    counter.count(posts, { game: gameOf('forum-template-001') });
    expect(counter.stats().fresh).toBe(2);
  });
});
