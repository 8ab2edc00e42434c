/**
 * Putting the three ways together: clock, host posts (and deadline posts) and
 * hand-set marks become one list of phases in game order.
 */
import type { ForumPost } from '../types';
import { clockPhaseEvents, type ClockSchedule } from './clock';
import { phaseOrdinal } from './order';
import { defaultPhaseMarkers, manualPhaseEvents, postPhaseEvents, type KindWords, type ManualMark, type PhaseMarker } from './posts';
import type { Phase, PhaseBoundary, PhaseEvent, PhaseKind, PhaseProblem, PhaseSource } from './types';

/** How a game's phases are set. Every part is optional and they mix. */
export interface PhaseSetup {
  /** Whether the game starts with a day or a night. */
  readonly firstPhase: PhaseKind;
  /** A daily schedule in a time zone. */
  readonly clock?: ClockSchedule;
  /**
   * Patterns for the host's announcements. Absent: `defaultPhaseMarkers`; an empty list
   * turns reading the host's posts off.
   */
  readonly markers?: readonly PhaseMarker[];
  readonly kindWords?: KindWords;
  /** Marks set by hand on post numbers; they override everything else. */
  readonly marks?: readonly ManualMark[];
  /** The zone for deadline posts; defaults to the clock's zone. */
  readonly timeZone?: string;
}

export type PhasesResult =
  | { readonly ok: true; readonly phases: Phase[]; readonly events: PhaseEvent[] }
  | { readonly ok: false; readonly reason: PhaseProblem; readonly detail: string };

const strength: Readonly<Record<PhaseSource, number>> = { manual: 3, post: 2, deadline: 1, clock: 0 };

function pick(events: readonly PhaseEvent[], which: PhaseEvent['event']): PhaseEvent | undefined {
  let best: PhaseEvent | undefined;
  for (const e of events) {
    if (e.event !== which) continue;
    if (best === undefined || strength[e.source] > strength[best.source]) {
      best = e;
      continue;
    }
    if (strength[e.source] < strength[best.source]) continue;
    // Same source: the first start or vote opening stands; for ends the first closing
    // post stands, but a later deadline post replaces an earlier one (a host extending it).
    const eAt = e.fromPost ?? 0;
    const bestAt = best.fromPost ?? 0;
    if (e.source === 'deadline' ? eAt > bestAt : eAt < bestAt) best = e;
  }
  return best;
}

function after(boundary: PhaseBoundary): PhaseBoundary {
  return 'post' in boundary ? { post: boundary.post + 1 } : { at: boundary.at };
}

function before(boundary: PhaseBoundary): PhaseBoundary {
  return 'post' in boundary ? { post: boundary.post - 1 } : { at: boundary.at };
}

/**
 * The phases from a list of events: per phase, the strongest source decides each of
 * start, end and vote opening (manual > post > deadline > clock). A phase with no
 * start begins right after the previous phase's end (post 0 for the first); a phase
 * with no end ends just before the next phase's start, or is still running.
 */
export function phasesFromEvents(events: readonly PhaseEvent[], firstPhase: PhaseKind): Phase[] {
  const byKey = new Map<string, PhaseEvent[]>();
  for (const e of events) {
    const key = `${e.kind}:${e.number}`;
    const list = byKey.get(key) ?? [];
    list.push(e);
    byKey.set(key, list);
  }
  const keys = [...byKey.entries()]
    .map(([, list]) => list)
    .sort((a, b) => {
      const x = a[0];
      const y = b[0];
      return (
        (x === undefined ? 0 : phaseOrdinal(x.kind, x.number, firstPhase)) -
        (y === undefined ? 0 : phaseOrdinal(y.kind, y.number, firstPhase))
      );
    });
  const drafts = keys.map((list) => {
    const head = list[0];
    return {
      kind: head?.kind ?? firstPhase,
      number: head?.number ?? 1,
      start: pick(list, 'start')?.boundary,
      end: pick(list, 'end')?.boundary,
      voteOpens: pick(list, 'vote-opens')?.boundary,
    };
  });
  const phases: Phase[] = [];
  drafts.forEach((d, i) => {
    const previous = phases[i - 1];
    const start = d.start ?? (previous === undefined ? { post: 0 } : previous.end === null ? undefined : after(previous.end));
    if (start === undefined) return;
    const nextStart = drafts[i + 1]?.start;
    const end = d.end ?? (nextStart === undefined ? null : before(nextStart));
    phases.push({
      kind: d.kind,
      number: d.number,
      start,
      end,
      ...(d.voteOpens !== undefined && d.kind === 'day' ? { voteOpens: d.voteOpens } : {}),
    });
  });
  return phases;
}

/**
 * A game's phases from its setup and its posts (host posts are read for markers).
 *
 * @example
 * composePhases({ firstPhase: 'day', markers: defaultPhaseMarkers }, posts, ['Host'])
 */
export function composePhases(setup: PhaseSetup, posts: readonly ForumPost[], hosts: readonly string[]): PhasesResult {
  const events: PhaseEvent[] = [];
  if (setup.clock !== undefined) {
    const clock = clockPhaseEvents(setup.clock);
    if (!clock.ok) return clock;
    events.push(...clock.events);
  }
  const markers = setup.markers ?? defaultPhaseMarkers;
  if (markers.length > 0) {
    const timeZone = setup.timeZone ?? setup.clock?.timeZone;
    const fromPosts = postPhaseEvents(posts, {
      markers,
      hosts,
      firstPhase: setup.firstPhase,
      ...(timeZone === undefined ? {} : { timeZone }),
      ...(setup.kindWords === undefined ? {} : { kindWords: setup.kindWords }),
    });
    if (!fromPosts.ok) return fromPosts;
    events.push(...fromPosts.events);
  }
  events.push(...manualPhaseEvents(setup.marks ?? []));
  return { ok: true, phases: phasesFromEvents(events, setup.firstPhase), events };
}
