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

/**
 * A step in the thread's life: a new page, an edit of a post already read, a post taken down, a post
 * found late between two read ones (an earlier day's), the whole thread read again from storage, the
 * posts handed over out of order and twice, or the host changing the game's setup.
 */
type Step =
  | { readonly kind: 'page'; readonly posts: readonly Draft[] }
  | { readonly kind: 'edit'; readonly at: number; readonly post: Draft }
  | { readonly kind: 'remove'; readonly at: number }
  | { readonly kind: 'insert'; readonly at: number; readonly post: Draft }
  | { readonly kind: 'reload' }
  | { readonly kind: 'shuffle'; readonly seed: number }
  | { readonly kind: 'setup'; readonly setup: CountThreadOptions };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.array(draftArb, { minLength: 1, maxLength: 12 }).map((posts): Step => ({ kind: 'page', posts })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), post: draftArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' } as const) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), post: draftArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('shuffle' as const), seed: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('setup' as const), setup: fc.constant<CountThreadOptions>({}) }) },
);

const roster = {
  hosts: [host],
  slots: players.map((p, i) => ({ id: `s${String(i + 1)}`, accounts: [{ name: p }] })),
};
const gameOf = (ruleset: keyof typeof rulesets): CountGame => ({ roster, ruleset: rulesets[ruleset], phases: { firstPhase: 'day' } });
const setups: readonly CountThreadOptions[] = [
  {},
  { preset: mafiascumRuleset },
  { game: gameOf('forum-template-001') },
  { game: gameOf('russian-004') },
  { game: gameOf('detective-conan-003'), breaches: false },
  { voteGrammar: { unboldedUnvotes: true, ownLine: true } },
];
const setupArb: fc.Arbitrary<CountThreadOptions> = fc.constantFrom(...setups);

/** Post numbers go up by two, so a post found late fits between two read ones. */
function apply(posts: ForumPost[], step: Step, next: { n: number }): ForumPost[] {
  switch (step.kind) {
    case 'page':
      return [...posts, ...step.posts.map((d) => postOf(d, (next.n += 2)))];
    case 'insert': {
      const free = posts.flatMap((p, j) => {
        const after = posts[j + 1];
        return after !== undefined && after.number - p.number > 1 ? [p.number + 1] : [];
      });
      const number = free[step.at % Math.max(1, free.length)];
      if (number === undefined) return posts;
      return [...posts, postOf(step.post, number)].sort((a, b) => a.number - b.number);
    }
    case 'shuffle': {
      // The same posts in another order, one of them twice (the first of a number is the one counted).
      const out = [...posts];
      for (let i = out.length - 1; i > 0; i--) {
        const j = (step.seed * (i + 7)) % (i + 1);
        const a = out[i];
        const b = out[j];
        if (a !== undefined && b !== undefined) [out[i], out[j]] = [b, a];
      }
      return posts.length === 0 ? out : [...out, ...out.slice(0, 1)];
    }
    case 'setup':
      return posts;
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
  it('always gives what a full recount gives, through appends, edits of old posts, removals, late posts in earlier days, reloads, shuffles and setup changes', () => {
    fc.assert(
      fc.property(
        fc.array(draftArb, { maxLength: 20 }),
        fc.array(stepArb, { minLength: 1, maxLength: 8 }),
        setupArb,
        fc.option(fc.nat({ max: 60 }), { nil: undefined }),
        (start, steps, setup, asOf) => {
          const counter = createThreadCounter();
          const next = { n: 0 };
          let posts: ForumPost[] = [opening, ...start.map((d) => postOf(d, (next.n += 2)))];
          const asked = (s: CountThreadOptions): CountThreadOptions => (asOf === undefined ? s : { ...s, asOfPost: asOf });
          let current = setup;
          let options = asked(current);
          expect(counter.count(posts, options)).toEqual(countThread(posts, options));
          for (const [i, step] of steps.entries()) {
            posts = apply(posts, step, next);
            if (step.kind === 'setup') {
              // The host changes the game's setup: counted afresh, and still the full recount's answer.
              const fresh = counter.stats().fresh;
              current = setups[(setups.indexOf(current) + 1 + (i % (setups.length - 1))) % setups.length] ?? {};
              options = asked(current);
              expect(counter.count(posts, options)).toEqual(countThread(posts, options));
              expect(counter.stats().fresh).toBe(fresh + 1);
              continue;
            }
            expect(counter.count(posts, options)).toEqual(countThread(posts, options));
          }
        },
      ),
      { numRuns: 150 },
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

/**
 * A thread of several days and nights (the host's phase and death posts between them), with the forum
 * template's inactivity check on (seed 001, Rule 13: "at least___actual contributive posts" a day, 3 by
 * default): some players post too little each day, so every ended day has its inactivity findings.
 */
function multiDayThread(days: number, perDay: number): ForumPost[] {
  const posts: ForumPost[] = [opening];
  let n = 0;
  const add = (author: string, body: readonly BodyNode[]): void => {
    n += 1;
    posts.push({ id: `p${String(n)}`, number: n, author, postedAt: Date.UTC(2026, 10, 20, 9, n), body });
  };
  for (let day = 1; day <= days; day++) {
    if (day > 1) add(host, [text(`Day ${String(day)} begins.`)]);
    for (let i = 0; i < perDay; i++) {
      // Alice and Bob talk most, Carol, Dave and Eve less; Frank and Gina never (inactive every day).
      const author = players[i % 2 === 0 ? (i % 4 === 0 ? 0 : 1) : 2 + ((i + day) % 3)] ?? 'Alice';
      add(
        author,
        i % 9 === 0
          ? [text(`Vote: ${players[(i + day) % players.length] ?? 'Bob'}`, true)]
          : [text(`Day ${String(day)}: ${'I am reading back the last page and nothing adds up. '.repeat(2)}`)],
      );
    }
    add(host, [text(`Night ${String(day)} begins.`)]);
  }
  return posts;
}

/** The posts, each noting its number when its author or body is read while `watch.on`. */
function watched(posts: readonly ForumPost[], watch: { on: boolean; read: Set<number> }): ForumPost[] {
  return posts.map((p) => {
    const { author, body, ...rest } = p;
    return {
      ...rest,
      get author() {
        if (watch.on) watch.read.add(p.number);
        return author;
      },
      get body() {
        if (watch.on) watch.read.add(p.number);
        return body;
      },
    } as ForumPost;
  });
}

describe('a thread counter over several days with the inactivity check', () => {
  it("gives the full recount on every page, and reads no post of the pages before for a new page of players' posts", () => {
    const thread = multiDayThread(5, 150);
    // Every ended day has inactivity findings (Frank and Gina never post): the check is at work in this thread.
    const full = countThread(thread);
    expect(full.ok && full.breaches.filter((b) => b.reason === 'activity/too-few-posts').length).toBe(10);
    expect(full.ok && full.days.length).toBe(5);
    // Grown page by page (25 posts), through the last days' ends and into a sixth day.
    const watch = { on: false, read: new Set<number>() };
    const all = watched(multiDayThread(6, 150), watch);
    const counter = createThreadCounter();
    let shown = 50;
    counter.count(all.slice(0, shown));
    let checked = 0;
    let hostPage = true;
    while (shown < all.length) {
      const page = all.slice(shown, shown + 25);
      const posts = all.slice(0, shown + page.length);
      watch.read.clear();
      watch.on = true;
      const counted = counter.count(posts);
      watch.on = false;
      expect(counted).toEqual(countThread(posts));
      // A host's post may start or end a phase: the phases, and what is read against them, are made again (and the
      // day's tally once more on the next page). Otherwise only the new page and the opening post (its stated rules) are read.
      const byHost = page.some((p) => p.author === host);
      if (!byHost && !hostPage) {
        expect([...watch.read].filter((n) => n > 0 && n < shown)).toEqual([]);
        checked++;
      }
      hostPage = byHost;
      shown += page.length;
    }
    expect(checked).toBeGreaterThan(5);
  });
});

/**
 * Issue 18, the day-end spike: on the page where the host ends a day (or starts one), the phases change, and the
 * counter carries what it kept for the posts and days the change leaves as they were (the breach checks' findings
 * and judged days, the posts' places, the verdicts) instead of counting the thread again. A thread of four days
 * with kills, a replacement mid-day, and the host moving a phase post or ending a day earlier than the thread had it.
 */
describe('a thread counter at the pages where the phases change', () => {
  const replacedAt = 2 * 70;
  const rosterWithReplacement = {
    hosts: [host],
    slots: players.map((p, i) => ({
      id: `s${String(i + 1)}`,
      // Gina is replaced by Lurker in the middle of Day 2; Gina's posts after that are a replaced player's.
      accounts: p === 'Gina' ? [{ name: 'Gina' }, { name: 'Lurker', fromPost: replacedAt }] : [{ name: p }],
    })),
  };
  const games: readonly CountThreadOptions[] = [
    {},
    { game: { roster: rosterWithReplacement, ruleset: rulesets['forum-template-001'], phases: { firstPhase: 'day' } } },
    { preset: mafiascumRuleset },
  ];

  /**
   * Four days of 40 posts, post numbers going up by two (a post found late fits between two read ones). `oneClosingPost`:
   * the host ends each phase and opens the next in one post ("Day 2 is over. Night 2 begins."), so the two phases share it.
   */
  function fourDays(oneClosingPost = false): ForumPost[] {
    const posts: ForumPost[] = [opening];
    let n = 0;
    const add = (author: string, body: readonly BodyNode[]): void => {
      n += 2;
      posts.push({ id: `p${String(n)}`, number: n, author, postedAt: Date.UTC(2026, 10, 20, 9, n), body });
    };
    for (let day = 1; day <= 4; day++) {
      if (day > 1) {
        add(host, [text(`${players[day] ?? 'Carol'} was killed in the night.`)]);
        add(host, [text(`${oneClosingPost ? `Night ${String(day - 1)} is over. ` : ''}Day ${String(day)} begins.`)]);
      }
      for (let i = 0; i < 40; i++) {
        // Frank never posts; Gina posts on, also after she is replaced; Lurker takes her slot.
        const author = i % 11 === 5 ? 'Lurker' : (players[[0, 1, 2, 3, 4, 6][(i + day) % 6] ?? 0] ?? 'Alice');
        add(
          author,
          i % 7 === 0
            ? [text(`Vote: ${players[(i + day) % players.length] ?? 'Bob'}`, true)]
            : [text(`Day ${String(day)}: ${'I am reading back the last page and nothing adds up. '.repeat(2)}`)],
        );
      }
      add(host, [text(`${oneClosingPost ? `Day ${String(day)} is over. ` : ''}Night ${String(day)} begins.`)]);
    }
    return posts;
  }

  /** What the host does between two pages: nothing, ends the current day early (a late post), or moves an earlier phase post. */
  type Move =
    | { readonly kind: 'none' }
    | { readonly kind: 'end-early'; readonly back: number }
    | { readonly kind: 'move-phase'; readonly which: number; readonly by: number };
  const moveArb: fc.Arbitrary<Move> = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ kind: 'none' } as const) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('end-early' as const), back: fc.integer({ min: 1, max: 15 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('move-phase' as const), which: fc.nat(), by: fc.integer({ min: -6, max: 6 }) }) },
  );

  function moved(posts: readonly ForumPost[], move: Move): ForumPost[] {
    if (move.kind === 'none') return [...posts];
    const free = (n: number): boolean => n > 0 && !posts.some((p) => p.number === n);
    const plain = (p: ForumPost): ForumPost => ({
      ...p,
      body: [text('Please remember to post your reads.')],
      edited: { at: Date.UTC(2026, 10, 21) },
    });
    if (move.kind === 'end-early') {
      // The host's "Night N begins." found late, some posts before the last one shown: the running day ends earlier.
      const last = posts[posts.length - 1];
      const days = posts.filter((p) => p.author === host && bodyTextOf(p).includes('Day')).length + 1;
      const at = (last?.number ?? 0) - 2 * move.back + 1;
      if (!free(at)) return [...posts];
      return [
        ...posts,
        {
          id: `late${String(at)}`,
          number: at,
          author: host,
          postedAt: Date.UTC(2026, 10, 20, 9, at),
          body: [text(`Night ${String(days)} begins.`)],
        },
      ].sort((a, b) => a.number - b.number);
    }
    // A phase post of the host's moved: the old one edited to plain talk, the same words found late a few posts away.
    const phasePosts = posts.filter((p) => p.author === host && p.number > 0 && /begins\./u.test(bodyTextOf(p)));
    const target = phasePosts[move.which % Math.max(1, phasePosts.length)];
    if (target === undefined) return [...posts];
    const at = target.number + 2 * move.by + 1;
    if (!free(at) || at > (posts[posts.length - 1]?.number ?? 0)) return [...posts];
    return [...posts.map((p) => (p === target ? plain(p) : p)), { ...target, id: `moved${String(at)}`, number: at }].sort(
      (a, b) => a.number - b.number,
    );
  }

  function bodyTextOf(p: ForumPost): string {
    return p.body.map((b) => (b.type === 'text' ? b.text : '')).join('');
  }

  it('gives the full recount at every page, through day ends, day starts, a phase moved by the host, a day ended earlier and a replacement mid-day', () => {
    const threads = [fourDays(false), fourDays(true)];
    fc.assert(
      fc.property(
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 30 }), move: moveArb }), { minLength: 3, maxLength: 14 }),
        fc.constantFrom(...games),
        fc.constantFrom(0, 1),
        (pages, options, which) => {
          const thread = threads[which] ?? [];
          const counter = createThreadCounter();
          let shown = 1;
          let extra: ForumPost[] = [];
          for (const { size, move } of pages) {
            shown = Math.min(thread.length, shown + size);
            // The thread as read so far, with the host's late and edited posts of earlier moves kept.
            const base = thread.slice(0, shown).map((p) => extra.find((e) => e.id === p.id) ?? p);
            const lateOnes = extra.filter((e) => !thread.some((p) => p.id === e.id) && e.number <= (base[base.length - 1]?.number ?? 0));
            const posts = moved(
              [...base, ...lateOnes].sort((a, b) => a.number - b.number),
              move,
            );
            extra = posts.filter((p) => !thread.includes(p));
            expect(counter.count(posts, options)).toEqual(countThread(posts, options));
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 300_000);

  it('gives the full recount on every page that ends or starts a day, 2 posts a page, through the whole thread', () => {
    for (const [thread, options] of [false, true].flatMap((one) => games.map((g) => [fourDays(one), g] as const))) {
      const counter = createThreadCounter();
      let phaseChanges = 0;
      for (let shown = 2; shown <= thread.length; shown += 2) {
        const posts = thread.slice(0, shown);
        const page = posts.slice(-2);
        if (page.some((p) => p.author === host && /begins\./u.test(bodyTextOf(p)))) phaseChanges++;
        expect(counter.count(posts, options)).toEqual(countThread(posts, options));
      }
      expect(phaseChanges).toBe(7);
    }
  }, 300_000);
});

/**
 * Issue 18 (the replay's count): a caller that reads only the days (`cli/corpus/replay.ts`) counts with
 * `postOutput: false`, which composes neither the posts' verdicts nor the vote count post. Everything else
 * must be what the full count gives, also through a thread counter as the thread grows and changes.
 */
describe('a count without the post output', () => {
  it('is the full count with no verdicts and no vote count post, counted afresh or carried on', () => {
    fc.assert(
      fc.property(
        fc.array(draftArb, { maxLength: 20 }),
        fc.array(stepArb, { maxLength: 4 }),
        setupArb,
        fc.option(fc.nat({ max: 60 }), { nil: undefined }),
        (start, steps, setup, asOf) => {
          const next = { n: 0 };
          let posts: ForumPost[] = [opening, ...start.map((d) => postOf(d, (next.n += 2)))];
          const options: CountThreadOptions = asOf === undefined ? setup : { ...setup, asOfPost: asOf };
          const lean: CountThreadOptions = { ...options, postOutput: false };
          const counter = createThreadCounter();
          for (const step of [undefined, ...steps]) {
            if (step !== undefined) posts = apply(posts, step, next);
            const full = countThread(posts, options);
            const expected = full.ok ? { ...full, verdicts: [], voteCountPost: null } : full;
            expect(countThread(posts, lean)).toEqual(expected);
            expect(counter.count(posts, lean)).toEqual(expected);
          }
          // The same counter asked for the post output again gives the full count.
          expect(counter.count(posts, options)).toEqual(countThread(posts, options));
        },
      ),
      { numRuns: 100 },
    );
  }, 300_000);
});
