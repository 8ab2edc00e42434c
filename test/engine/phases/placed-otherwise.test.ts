/**
 * `firstPostPlacedOtherwise` (issue 18, the day-end spike): when the host ends a day, starts one or moves a
 * boundary, a count keeps what it found for the posts before the first post the change can place otherwise. Below
 * that post, every question the checks ask of the phases must get the same answer under the old and the new list.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  firstPostPlacedOtherwise,
  isThreadClosed,
  isVotingOpen,
  phaseAt,
  type Phase,
  type PhaseBoundary,
  type PhasePosition,
} from '../../../src/engine/phases';

/** A position by index in its list (phase objects differ between two lists of the same phases). */
function at(list: readonly Phase[], position: PhasePosition): unknown {
  if (position.in === 'unknown') return 'unknown';
  if (position.in === 'phase')
    return { in: 'phase', index: list.indexOf(position.phase), kind: position.phase.kind, n: position.phase.number };
  return {
    in: 'gap',
    previous: position.previous === null ? -1 : list.indexOf(position.previous),
    next: position.next === null ? null : position.next.kind,
  };
}

/** Game-order phases from cut points: day and night in turn, each ending before the next starts or on its first post. */
function phasesFrom(cuts: readonly number[], lastOpen: boolean, overlap: readonly boolean[], opens: readonly (number | null)[]): Phase[] {
  return cuts.map((start, i): Phase => {
    const next = cuts[i + 1];
    const end: PhaseBoundary | null =
      next === undefined ? (lastOpen ? null : { post: start + 5 }) : { post: overlap[i] === true ? next : next - 1 };
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

const cutsArb = fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 8 }).map((a) => [...a].sort((x, y) => x - y));
const listArb = fc
  .record({
    cuts: cutsArb,
    lastOpen: fc.boolean(),
    overlap: fc.array(fc.boolean(), { maxLength: 8 }),
    opens: fc.array(fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 4 })), { maxLength: 8 }),
  })
  .map((r) => phasesFrom(r.cuts, r.lastOpen, r.overlap, r.opens));

/** The changes a host makes to a running game's phases. */
const changeArb = fc.oneof(
  // A running day or night ends (at a post), and perhaps the next phase starts.
  fc.record({ kind: fc.constant('end-last' as const), at: fc.integer({ min: 0, max: 10 }), next: fc.boolean() }),
  // A phase's end moves (a day ended earlier than before, or later).
  fc.record({ kind: fc.constant('move-end' as const), index: fc.nat(7), by: fc.integer({ min: -6, max: 6 }) }),
  // A phase's start moves (the host's phase post was another one).
  fc.record({ kind: fc.constant('move-start' as const), index: fc.nat(7), by: fc.integer({ min: -6, max: 6 }) }),
  // A day's vote opens elsewhere.
  fc.record({ kind: fc.constant('vote-opens' as const), index: fc.nat(7), at: fc.integer({ min: 0, max: 6 }) }),
  // The last phase is taken back.
  fc.constant({ kind: 'drop-last' as const }),
  // Nothing changes but the objects.
  fc.constant({ kind: 'copy' as const }),
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
      copy[change.index] = { ...p, start: { post: Math.max(0, post(p.start) + change.by) } };
      return copy;
    }
    case 'vote-opens': {
      const p = copy[change.index];
      if (p?.kind !== 'day') return copy;
      copy[change.index] = { ...p, voteOpens: { post: post(p.start) + change.at } };
      return copy;
    }
    case 'drop-last':
      return copy.slice(0, -1);
    case 'copy':
      return copy;
  }
}

describe('firstPostPlacedOtherwise', () => {
  it('below it, every post is placed alike, and the vote and the night closure read alike, under the old and the changed phases', () => {
    fc.assert(
      fc.property(listArb, fc.array(changeArb, { minLength: 1, maxLength: 3 }), (before, changes) => {
        const after = changes.reduce(changed, before);
        const cut = firstPostPlacedOtherwise(before, after);
        for (let n = 0; n < Math.min(cut, 100); n++) {
          const point = { number: n };
          expect(at(after, phaseAt(after, point))).toEqual(at(before, phaseAt(before, point)));
          expect(isVotingOpen(after, point)).toBe(isVotingOpen(before, point));
          for (const closure of ['night', 'after-day-end', 'never'] as const)
            expect(isThreadClosed(after, point, closure)).toBe(isThreadClosed(before, point, closure));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is after every post when nothing changed, and at the end post when a running day ends', () => {
    const day1: Phase = { kind: 'day', number: 1, start: { post: 1 }, end: { post: 40 } };
    const night1: Phase = { kind: 'night', number: 1, start: { post: 41 }, end: { post: 49 } };
    const running: Phase = { kind: 'day', number: 2, start: { post: 50 }, end: null };
    const before = [day1, night1, running];
    expect(
      firstPostPlacedOtherwise(
        before,
        before.map((p) => ({ ...p })),
      ),
    ).toBe(Infinity);
    // The host's "Night 2 begins." at post 90: Day 2 ends there; the posts of Day 1, Night 1 and Day 2 before it stay placed.
    const ended = [day1, night1, { ...running, end: { post: 90 } }, { kind: 'night', number: 2, start: { post: 90 }, end: null } as Phase];
    expect(firstPostPlacedOtherwise(before, ended)).toBe(90);
    // Day 1 ended earlier than the thread had it: from its new end on.
    expect(firstPostPlacedOtherwise(before, [{ ...day1, end: { post: 30 } }, night1, running])).toBe(30);
    // A boundary at a moment from the change on: not told.
    expect(firstPostPlacedOtherwise(before, [day1, night1, { ...running, end: { at: 1_000 } }])).toBe(-Infinity);
  });
});
