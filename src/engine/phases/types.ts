/**
 * Phase types: a game's days and nights as plain data. A phase boundary is
 * either a post number (the host's "Day 2 begins" post) or a moment (UTC epoch
 * ms, from a clock schedule or a deadline), so the three ways of setting
 * phases can be mixed within one game.
 */

export type PhaseKind = 'day' | 'night';

/**
 * Where a phase starts or ends.
 * - `{ post: n }`: at post number n. A start includes post n; an end includes post n
 *   (the host's closing post is the last post of the phase it closes).
 * - `{ at: ms }`: at a moment (UTC epoch ms). A start includes the moment; an end excludes
 *   it, so a post made exactly at a 19:00 deadline is already after the day.
 */
export type PhaseBoundary = { readonly post: number } | { readonly at: number };

/** One day or night of the game. */
export interface Phase {
  readonly kind: PhaseKind;
  /** Day 1, Night 1…: numbered per kind. */
  readonly number: number;
  readonly start: PhaseBoundary;
  /** Null while the phase is still running with no end known. */
  readonly end: PhaseBoundary | null;
  /**
   * Days only, where the rules open the vote later than the day starts (seed 004:
   * the vote starts at 21:00 with the host's announcement). Absent: open all day.
   */
  readonly voteOpens?: PhaseBoundary;
}

/** A post or a moment to place among the phases. */
export interface PhasePoint {
  /** The post number, where the point is a post. */
  readonly number?: number;
  /** The moment (UTC epoch ms); null or absent where unknown. */
  readonly at?: number | null;
}

/** Where a point falls. */
export type PhasePosition =
  /** Inside a phase. */
  | { readonly in: 'phase'; readonly phase: Phase }
  /**
   * Between phases (the buffer between a day and a night), before the first phase
   * (`previous` null) or after the last one (`next` null).
   */
  | { readonly in: 'gap'; readonly previous: Phase | null; readonly next: Phase | null }
  /** A boundary is a moment and the post has no readable time (or the reverse). */
  | { readonly in: 'unknown' };

/** Why phases could not be built (returned, never thrown). */
export type PhaseProblem =
  /** The IANA time zone name is not known to this runtime. */
  | 'phases/unknown-time-zone'
  /** A clock time is not `HH:MM` (00:00–23:59). */
  | 'phases/bad-clock-time'
  /** A date is not `YYYY-MM-DD`. */
  | 'phases/bad-date'
  /** A marker pattern is not a valid regular expression. */
  | 'phases/bad-pattern';

/** Where a phase event came from; a stronger source overrides a weaker one (manual > post > deadline > clock). */
export type PhaseSource = 'manual' | 'post' | 'deadline' | 'clock';

/** One thing that happened to a phase: its start, its end, its vote opening. */
export interface PhaseEvent {
  readonly kind: PhaseKind;
  readonly number: number;
  readonly event: 'start' | 'end' | 'vote-opens';
  readonly boundary: PhaseBoundary;
  readonly source: PhaseSource;
  /** The host post the event was read from (post and deadline sources). */
  readonly fromPost?: number;
}
