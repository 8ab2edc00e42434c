/**
 * `postPhaseLocator` (issue 18: a count places every post again when a day ends, and a walk back through 40
 * phases for each of 50,000 posts was part of the spike) answers exactly what `phaseOfPost` answers, by a
 * binary search where every phase starts at a post in order, and by `phaseOfPost` itself otherwise.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { phaseOfPost, postPhaseLocator, type Phase, type PhaseBoundary } from '../../../src/engine/phases';

const boundary: fc.Arbitrary<PhaseBoundary> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 60 }).map((post): PhaseBoundary => ({ post })) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 60_000 }).map((at): PhaseBoundary => ({ at })) },
);

/** Phases as a host's posts make them: usually in order, sometimes overlapping, open at the end, or started at a moment. */
const phases: fc.Arbitrary<Phase[]> = fc
  .array(fc.record({ start: boundary, length: fc.integer({ min: -2, max: 15 }), open: fc.boolean(), atEnd: fc.boolean() }), {
    maxLength: 8,
  })
  .chain((specs) =>
    fc.boolean().map((sorted) => {
      const ordered = sorted
        ? [...specs].sort(
            (a, b) => ('post' in a.start ? a.start.post : a.start.at / 1000) - ('post' in b.start ? b.start.post : b.start.at / 1000),
          )
        : specs;
      return ordered.map((s, i): Phase => {
        const start = s.start;
        const end: PhaseBoundary | null =
          s.open && i === ordered.length - 1
            ? null
            : 'post' in start
              ? s.atEnd
                ? { at: (start.post + s.length) * 1000 }
                : { post: start.post + s.length }
              : { at: start.at + s.length * 1000 };
        return { kind: i % 2 === 0 ? 'day' : 'night', number: Math.floor(i / 2) + 1, start, end };
      });
    }),
  );

const post = fc.record({
  number: fc.integer({ min: -1, max: 70 }),
  postedAt: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 70_000 })),
});

describe('postPhaseLocator', () => {
  it('places every post as phaseOfPost does (post and moment boundaries, in and out of order, overlaps, open ends)', () => {
    fc.assert(
      fc.property(phases, fc.array(post, { maxLength: 30 }), (list, posts) => {
        const locate = postPhaseLocator(list);
        for (const p of posts) expect(locate(p)).toEqual(phaseOfPost(list, p));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the later phase the post where one phase ends and the next begins (the host closing and opening in one post)', () => {
    const day: Phase = { kind: 'day', number: 1, start: { post: 2 }, end: { post: 10 } };
    const night: Phase = { kind: 'night', number: 1, start: { post: 10 }, end: { post: 12 } };
    const locate = postPhaseLocator([day, night]);
    expect(locate({ number: 10, postedAt: null })).toEqual({ in: 'phase', phase: night });
    expect(locate({ number: 9, postedAt: null })).toEqual({ in: 'phase', phase: day });
    expect(locate({ number: 13, postedAt: null })).toEqual({ in: 'gap', previous: night, next: null });
    expect(locate({ number: 1, postedAt: null })).toEqual({ in: 'gap', previous: null, next: day });
  });
});
