/**
 * Questions about the phases at a post or a moment: which phase, is the vote
 * open, is the thread closed for the night, how long until the deadline.
 */
import type { ForumPost } from '../types';
import type { Phase, PhaseBoundary, PhasePoint, PhasePosition } from './types';

/** True / false, or null when the point cannot be compared with the boundary (a post with no time against a clock boundary). */
function atOrAfter(point: PhasePoint, boundary: PhaseBoundary): boolean | null {
  if ('post' in boundary) return point.number === undefined ? null : point.number >= boundary.post;
  return point.at === undefined || point.at === null ? null : point.at >= boundary.at;
}

function beforeEnd(point: PhasePoint, end: PhaseBoundary | null): boolean | null {
  if (end === null) return true;
  if ('post' in end) return point.number === undefined ? null : point.number <= end.post;
  return point.at === undefined || point.at === null ? null : point.at < end.at;
}

/** The point of a post: its number and its time. */
export function pointOfPost(post: Pick<ForumPost, 'number' | 'postedAt'>): PhasePoint {
  return { number: post.number, at: post.postedAt };
}

/**
 * Where a post or a moment falls among the phases (given in game order). Where
 * phases overlap on a host's closing-and-opening post, the later phase wins.
 */
export function phaseAt(phases: readonly Phase[], point: PhasePoint): PhasePosition {
  let unknown = false;
  for (let i = phases.length - 1; i >= 0; i--) {
    const phase = phases[i];
    if (phase === undefined) continue;
    const started = atOrAfter(point, phase.start);
    if (started === null) {
      unknown = true;
      continue;
    }
    if (!started) continue;
    const open = beforeEnd(point, phase.end);
    if (open === null) return { in: 'unknown' };
    if (open) return unknown ? { in: 'unknown' } : { in: 'phase', phase };
    return unknown ? { in: 'unknown' } : { in: 'gap', previous: phase, next: phases[i + 1] ?? null };
  }
  return unknown ? { in: 'unknown' } : { in: 'gap', previous: null, next: phases[0] ?? null };
}

/** Where a post falls among the phases. */
export function phaseOfPost(phases: readonly Phase[], post: Pick<ForumPost, 'number' | 'postedAt'>): PhasePosition {
  return phaseAt(phases, pointOfPost(post));
}

/**
 * `phaseOfPost` for many posts against the same phases (a count places every post of the thread again when a day
 * ends). Where every phase starts at a post, in game order, the phase a post falls in is found by a binary search
 * of the starts instead of a walk back through all the phases; otherwise (a start at a moment, or starts out of
 * order) each post is placed by `phaseOfPost` itself. Either way the answer is `phaseOfPost`'s.
 */
export function postPhaseLocator(phases: readonly Phase[]): (post: Pick<ForumPost, 'number' | 'postedAt'>) => PhasePosition {
  const starts: number[] = [];
  for (const phase of phases) {
    const last = starts[starts.length - 1];
    if (!('post' in phase.start) || (last !== undefined && phase.start.post < last)) return (post) => phaseOfPost(phases, post);
    starts.push(phase.start.post);
  }
  return (post) => {
    // The last phase started by this post: as `phaseAt`'s walk from the last phase back finds it (the later one wins a tie).
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((starts[mid] ?? Number.POSITIVE_INFINITY) <= post.number) lo = mid + 1;
      else hi = mid;
    }
    const i = lo - 1;
    const phase = phases[i];
    if (phase === undefined) return { in: 'gap', previous: null, next: phases[0] ?? null };
    const open = beforeEnd(pointOfPost(post), phase.end);
    if (open === null) return { in: 'unknown' };
    return open ? { in: 'phase', phase } : { in: 'gap', previous: phase, next: phases[i + 1] ?? null };
  };
}

function sameBoundary(a: PhaseBoundary | null | undefined, b: PhaseBoundary | null | undefined): boolean {
  if (a === undefined || a === null || b === undefined || b === null) return (a ?? null) === (b ?? null);
  return 'post' in a ? 'post' in b && a.post === b.post : 'at' in b && a.at === b.at;
}

/** Whether two phases are the same: kind, number and every boundary. */
export function samePhase(a: Phase, b: Phase): boolean {
  return (
    a.kind === b.kind &&
    a.number === b.number &&
    sameBoundary(a.start, b.start) &&
    sameBoundary(a.end, b.end) &&
    sameBoundary(a.voteOpens, b.voteOpens)
  );
}

/** The post numbers of a phase's boundaries; null when one of them is a moment. */
function postBounds(phase: Phase): number[] | null {
  const out: number[] = [];
  for (const b of [phase.start, phase.end, phase.voteOpens]) {
    if (b === undefined || b === null) continue;
    if (!('post' in b)) return null;
    out.push(b.post);
  }
  return out;
}

/**
 * The first post number from which a post may be placed otherwise among the phases `after` than among `before` (the
 * same game's phases before and after a change: the host ended a day, started one, moved a boundary). Every post
 * numbered below it is placed by `phaseAt` at the same index in both lists (in the same phase, or the same gap), and
 * compares the same with every boundary of the phase at any index in both: a check that reads the phases at such a
 * post answers the same under both lists. Where the first phase that differs differs only in its end (a running day
 * ended, an end moved), the posts of that phase up to both ends are such posts; otherwise the first post after the
 * phase before it; and no later phase of either list has a boundary below it. +Infinity: the lists are the same.
 * -Infinity: not told (a boundary from the first differing phase on is a moment, or the first phase changed).
 */
export function firstPostPlacedOtherwise(before: readonly Phase[], after: readonly Phase[]): number {
  if (before === after) return Number.POSITIVE_INFINITY;
  let k = 0;
  while (k < before.length && k < after.length && samePhase(before[k] as Phase, after[k] as Phase)) k++;
  if (k === before.length && k === after.length) return Number.POSITIVE_INFINITY;
  const a = before[k];
  const b = after[k];
  const postOf = (x: PhaseBoundary | null | undefined): number => (x === undefined || x === null || !('post' in x) ? Infinity : x.post);
  let cut = Number.POSITIVE_INFINITY;
  if (
    a !== undefined &&
    b !== undefined &&
    a.kind === b.kind &&
    a.number === b.number &&
    sameBoundary(a.start, b.start) &&
    sameBoundary(a.voteOpens, b.voteOpens)
  ) {
    // Only the end moved: a post before the nearer end is in the phase in both (the end post itself compares otherwise with it).
    if ((a.end !== null && !('post' in a.end)) || (b.end !== null && !('post' in b.end))) return Number.NEGATIVE_INFINITY;
    cut = Math.min(postOf(a.end), postOf(b.end));
  } else {
    if (k === 0) return Number.NEGATIVE_INFINITY;
    for (const phase of [a, b]) {
      if (phase === undefined) continue;
      const bounds = postBounds(phase);
      if (bounds === null) return Number.NEGATIVE_INFINITY;
      for (const n of bounds) cut = Math.min(cut, n);
    }
    // The gap after the phase before: its next phase is another one.
    const previousEnd = before[k - 1]?.end;
    if (previousEnd !== undefined && previousEnd !== null) {
      if (!('post' in previousEnd)) return Number.NEGATIVE_INFINITY;
      cut = Math.min(cut, previousEnd.post + 1);
    }
  }
  for (const list of [before, after])
    for (let i = k + 1; i < list.length; i++) {
      const bounds = postBounds(list[i] as Phase);
      if (bounds === null) return Number.NEGATIVE_INFINITY;
      for (const n of bounds) cut = Math.min(cut, n);
    }
  return cut;
}

/**
 * The phases with every post boundary turned into a moment using the posts' times,
 * for questions asked at a moment (`now`) about phases set by posts. A boundary
 * whose post has no known time stays a post boundary.
 */
export function phasesInTime(phases: readonly Phase[], posts: readonly Pick<ForumPost, 'number' | 'postedAt'>[]): Phase[] {
  const times = new Map<number, number>();
  for (const p of posts) if (p.postedAt !== null) times.set(p.number, p.postedAt);
  const startOf = (b: PhaseBoundary): PhaseBoundary => {
    if (!('post' in b)) return b;
    const t = times.get(b.post);
    return t === undefined ? b : { at: t };
  };
  // An end post is inside the phase; its moment plus one millisecond is the first moment after.
  const endOf = (b: PhaseBoundary): PhaseBoundary => {
    if (!('post' in b)) return b;
    const t = times.get(b.post);
    return t === undefined ? b : { at: t + 1 };
  };
  return phases.map((p) => ({
    kind: p.kind,
    number: p.number,
    start: startOf(p.start),
    end: p.end === null ? null : endOf(p.end),
    ...(p.voteOpens === undefined ? {} : { voteOpens: startOf(p.voteOpens) }),
  }));
}

/** Whether the point is inside a day with its vote open (after `voteOpens` where the day has one). Null when unknown. */
export function isVotingOpen(phases: readonly Phase[], point: PhasePoint): boolean | null {
  const position = phaseAt(phases, point);
  if (position.in === 'unknown') return null;
  if (position.in === 'gap' || position.phase.kind !== 'day') return false;
  if (position.phase.voteOpens === undefined) return true;
  return atOrAfter(point, position.phase.voteOpens);
}

/**
 * When the thread counts as closed for the night:
 * - `night`: only inside a night phase;
 * - `after-day-end`: from the end of a day until the next day starts, buffers included
 *   (seed 001: "any post made after the start of the night phase, regardless of if it is
 *   declared by the game mod");
 * - `never`: posting at night is allowed (seed 004, L148).
 */
export type NightClosure = 'night' | 'after-day-end' | 'never';

/** Whether the thread is closed for the night at the point. Null when unknown. */
export function isThreadClosed(phases: readonly Phase[], point: PhasePoint, closure: NightClosure): boolean | null {
  if (closure === 'never') return false;
  const position = phaseAt(phases, point);
  if (position.in === 'unknown') return null;
  if (position.in === 'phase') return position.phase.kind === 'night';
  if (closure === 'night') return false;
  // In a gap: closed when a day has ended before it and the game is not over.
  return position.previous !== null && position.next !== null && (position.previous.kind === 'day' || position.next.kind === 'day');
}

/** The phase running at `now` and the milliseconds left until its end, where its end is a moment. */
export function timeUntilDeadline(phases: readonly Phase[], now: number): { readonly phase: Phase; readonly ms: number } | null {
  const position = phaseAt(phases, { at: now });
  if (position.in !== 'phase') return null;
  const end = position.phase.end;
  if (end === null || 'post' in end) return null;
  return { phase: position.phase, ms: end.at - now };
}

/** Whether a phase is over at `now` (its end is a post already in the thread, or a moment before now). */
export function isPhaseOver(phase: Phase, now: number | null, lastPostNumber: number | null): boolean {
  if (phase.end === null) return false;
  if ('post' in phase.end) return lastPostNumber !== null && lastPostNumber >= phase.end.post;
  return now !== null && now >= phase.end.at;
}
