/**
 * Issue 18, the day-end spike: the breach checks carry their kept state across a change of the phases or the
 * deaths (a day ended, one started, a boundary moved, a lynch read at the day's end, a death announced). Whatever
 * changed, the checks carried on from a kept state must find exactly what a fresh look finds: night posts, edits,
 * dead posters and their last words, replaced players, vote timing and grammar, and each ended day's inactivity.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  breachRules001,
  defaultVoteRules,
  extractVotes,
  findBreaches,
  type BodyNode,
  type BreachInput,
  type BreachRules,
  type BreachState,
  type Death,
  type ForumPost,
  type Phase,
  type PhaseBoundary,
  type Roster,
  type VotesOf,
} from '../../../src/engine';

const roster: Roster = {
  hosts: ['Host'],
  slots: [
    { id: 's1', accounts: [{ name: 'alice' }] },
    { id: 's2', accounts: [{ name: 'bob' }] },
    // Replaced mid-game: carol's posts from the replacement on are a replaced player's.
    { id: 's3', accounts: [{ name: 'carol' }, { name: 'dave', fromPost: 30 }] },
    { id: 's4', accounts: [{ name: 'erin' }] },
  ],
};
const authors = ['alice', 'bob', 'carol', 'dave', 'erin', 'Host', 'lurker'] as const;
const long = 'I have been reading the thread carefully and I think the quiet players deserve a closer look today.';

const bodyArb: fc.Arbitrary<BodyNode[]> = fc.oneof(
  fc.constant([{ type: 'text', text: long }] as BodyNode[]),
  fc.constant([{ type: 'text', text: 'ok' }] as BodyNode[]),
  fc.constantFrom('alice', 'bob', 'erin').map((t): BodyNode[] => [{ type: 'text', text: `Vote: ${t}`, bold: true }]),
  fc.constant([{ type: 'text', text: 'V: bob', bold: true }] as BodyNode[]),
  fc.constant([{ type: 'text', text: long, color: 'red' }] as BodyNode[]),
);

const postsArb = fc
  .array(fc.record({ author: fc.constantFrom(...authors), body: bodyArb, edited: fc.integer({ min: 0, max: 9 }) }), {
    minLength: 10,
    maxLength: 70,
  })
  .map((list) =>
    list.map((d, i): ForumPost => ({
      id: `p${String(i + 1)}`,
      number: i + 1,
      author: d.author,
      postedAt: Date.UTC(2026, 10, 1) + (i + 1) * 60_000,
      body: d.body,
      ...(d.edited === 0 ? { edited: { at: Date.UTC(2026, 10, 1) + (i + 1) * 60_000 + 5_000 } } : {}),
    })),
  );

/** Game-order phases from cut points: day and night in turn, the last one maybe still running. */
function phasesFrom(cuts: readonly number[], lastOpen: boolean, opens: readonly (number | null)[]): Phase[] {
  return cuts.map((start, i): Phase => {
    const next = cuts[i + 1];
    const end: PhaseBoundary | null = next === undefined ? (lastOpen ? null : { post: start + 8 }) : { post: next - 1 };
    const kind = i % 2 === 0 ? 'day' : 'night';
    const voteAt = opens[i];
    return {
      kind,
      number: Math.floor(i / 2) + 1,
      start: { post: start },
      end,
      ...(kind === 'day' && voteAt !== null && voteAt !== undefined ? { voteOpens: { post: start + voteAt } } : {}),
    };
  });
}

const phasesArb = fc
  .record({
    cuts: fc.uniqueArray(fc.integer({ min: 1, max: 70 }), { minLength: 1, maxLength: 8 }).map((a) => [...a].sort((x, y) => x - y)),
    lastOpen: fc.boolean(),
    opens: fc.array(fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 4 })), { maxLength: 8 }),
  })
  .map((r) => phasesFrom(r.cuts, r.lastOpen, r.opens));

/** What the host changes between two looks: a running phase ends (and the next starts), an end or a start moves, a phase is taken back. */
const changeArb = fc.oneof(
  fc.record({ kind: fc.constant('end-last' as const), at: fc.integer({ min: 0, max: 12 }), next: fc.boolean() }),
  fc.record({ kind: fc.constant('move-end' as const), index: fc.nat(7), by: fc.integer({ min: -8, max: 8 }) }),
  fc.record({ kind: fc.constant('move-start' as const), index: fc.nat(7), by: fc.integer({ min: -5, max: 5 }) }),
  fc.constant({ kind: 'drop-last' as const }),
  fc.constant({ kind: 'same' as const }),
);
type Change = typeof changeArb extends fc.Arbitrary<infer C> ? C : never;

function changed(list: readonly Phase[], change: Change): Phase[] {
  const copy = list.map((p) => ({ ...p }));
  const post = (b: PhaseBoundary | null | undefined): number => (b !== null && b !== undefined && 'post' in b ? b.post : 0);
  switch (change.kind) {
    case 'end-last': {
      const last = copy[copy.length - 1];
      if (last === undefined) return copy;
      const end = post(last.start) + change.at;
      copy[copy.length - 1] = { ...last, end: { post: end } };
      if (change.next) {
        const kind = last.kind === 'day' ? 'night' : 'day';
        copy.push({ kind, number: kind === 'day' ? last.number + 1 : last.number, start: { post: end + 1 }, end: null });
      }
      return copy;
    }
    case 'move-end': {
      const p = copy[change.index];
      if (p === undefined) return copy;
      copy[change.index] = { ...p, end: { post: Math.max(post(p.start), post(p.end) + change.by) } };
      return copy;
    }
    case 'move-start': {
      const p = copy[change.index];
      if (p === undefined) return copy;
      copy[change.index] = { ...p, start: { post: Math.max(1, post(p.start) + change.by) } };
      return copy;
    }
    case 'drop-last':
      return copy.slice(0, -1);
    case 'same':
      return copy;
  }
}

const deathArb: fc.Arbitrary<Death> = fc.record(
  {
    slot: fc.constantFrom('s1', 's2', 's3', 's4'),
    phase: fc.record({ kind: fc.constantFrom('day' as const, 'night' as const), number: fc.integer({ min: 1, max: 4 }) }),
    post: fc.integer({ min: 1, max: 70 }),
  },
  { requiredKeys: ['slot', 'phase'] },
);

const rulesArb: fc.Arbitrary<BreachRules> = fc
  .record({
    lastWords: fc.integer({ min: 0, max: 2 }),
    until: fc.constantFrom('phase-end' as const, 'next-vote' as const),
    colors: fc.boolean(),
    window: fc.constantFrom('day' as const, 'before-vote-opens' as const),
    minPosts: fc.integer({ min: 1, max: 2 }),
    beforeOpen: fc.boolean(),
    closure: fc.constantFrom('after-day-end' as const, 'night' as const),
  })
  .map((r): BreachRules => ({
    ...breachRules001,
    nightPosting: { ...breachRules001.nightPosting, closure: r.closure },
    deadPosting: {
      ...breachRules001.deadPosting,
      lastWords: r.lastWords,
      lastWordsUntil: r.until,
      lastWordsColors: r.colors ? ['red'] : [],
    },
    inactivity: { ...breachRules001.inactivity, window: r.window, minPosts: r.minPosts },
    voteTiming: { ...breachRules001.voteTiming, beforeOpen: r.beforeOpen },
  }));

const votesOf: VotesOf = (p) => extractVotes(p, defaultVoteRules);

describe('the breach checks carried across a change of the phases or the deaths', () => {
  it('find what a fresh look finds, whatever the host changed between the looks (random threads, phases, deaths and rules)', () => {
    fc.assert(
      fc.property(
        postsArb,
        phasesArb,
        fc.array(changeArb, { minLength: 1, maxLength: 3 }),
        fc.array(deathArb, { maxLength: 3 }),
        fc.array(deathArb, { maxLength: 2 }),
        fc.integer({ min: 0, max: 100 }),
        rulesArb,
        (posts, before, changes, deaths, moreDeaths, cutPercent, rules) => {
          const after = changes.reduce(changed, before);
          const cut = Math.max(1, Math.floor((posts.length * cutPercent) / 100));
          const earlier: BreachInput = { posts: posts.slice(0, cut), roster, phases: before, deaths, now: null };
          let kept: BreachState | undefined;
          findBreaches(earlier, rules, { votesOf, keepState: (s) => (kept = s) });
          const later: BreachInput = { posts, roster, phases: after, deaths: [...deaths, ...moreDeaths], now: null };
          const fresh = findBreaches(later, rules, { votesOf });
          expect(findBreaches(later, rules, { votesOf, ...(kept === undefined ? {} : { resume: kept }) })).toEqual(fresh);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('judge again only the day that ended, not the days that had ended before (posts counted as they are read)', () => {
    // Five days of 20 posts and their nights; erin never posts, so every ended day has an inactivity finding.
    const talk = (n: number, author: string): ForumPost => ({
      id: `p${String(n)}`,
      number: n,
      author,
      postedAt: Date.UTC(2026, 10, 1) + n * 60_000,
      body: [{ type: 'text', text: long }],
    });
    const posts = Array.from({ length: 130 }, (_, i) => talk(i + 1, (['alice', 'bob', 'carol'] as const)[i % 3] ?? 'alice'));
    const day = (n: number, start: number, end: number | null): Phase => ({
      kind: 'day',
      number: n,
      start: { post: start },
      end: end === null ? null : { post: end },
    });
    const night = (n: number, start: number, end: number | null): Phase => ({
      kind: 'night',
      number: n,
      start: { post: start },
      end: end === null ? null : { post: end },
    });
    // Days of posts 1–20, 26–45, 51–70, 76–95; Day 5 from 101 runs until the host ends it at post 120.
    const ended = [day(1, 1, 20), night(1, 21, 25), day(2, 26, 45), night(2, 46, 50), day(3, 51, 70), night(3, 71, 75), day(4, 76, 95)];
    const running = [...ended, night(4, 96, 100), day(5, 101, null)];
    const endedNow = [...ended, night(4, 96, 100), day(5, 101, 120), night(5, 121, null)];
    const rules = breachRules001;
    let kept: BreachState | undefined;
    findBreaches({ posts: posts.slice(0, 115), roster, phases: running, now: null }, rules, { votesOf, keepState: (s) => (kept = s) });
    const read = new Set<number>();
    const watched: VotesOf = (p) => {
      read.add(p.number);
      return votesOf(p);
    };
    const input: BreachInput = { posts, roster, phases: endedNow, now: null };
    const carried = findBreaches(input, rules, { votesOf: watched, ...(kept === undefined ? {} : { resume: kept }) });
    expect(carried).toEqual(findBreaches(input, rules, { votesOf }));
    expect(carried.filter((b) => b.reason === 'activity/too-few-posts' && b.slot === 's4').map((b) => b.phase?.number)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    // Day 5's posts are read (it is judged now), and the new posts; no post of Days 1 to 4.
    expect([...read].filter((n) => n < 101)).toEqual([]);
    expect([...read].some((n) => n >= 101 && n < 115)).toBe(true);
  });
});
