/**
 * Phases by clock: a fixed daily schedule in a named time zone, such as seed
 * 000's "Nighttime is 9pm-7am, and daytime is 9am-7pm … in Israel time", with
 * the buffers between left as gaps.
 */
import type { PhaseEvent, PhaseKind, PhaseProblem } from './types';
import { addDays, fromLocalDateTime, isKnownTimeZone } from './zone';

/** A time of day, `HH:MM` in 24-hour form. */
export type ClockTime = string;

/** The hours of one kind of phase. An end at or before the start means the next calendar day. */
export interface PhaseHours {
  readonly start: ClockTime;
  readonly end: ClockTime;
  /** Days only: when the vote opens (seed 004: 21:00). Absent: the vote is open all day. */
  readonly voteOpens?: ClockTime;
}

/** A daily schedule, laid out from the game's first phase. */
export interface ClockSchedule {
  /** IANA zone name, e.g. `Asia/Jerusalem`, `Europe/Moscow`. */
  readonly timeZone: string;
  /** The local calendar date (`YYYY-MM-DD`) on which the first phase starts. */
  readonly firstDate: string;
  readonly firstPhase: PhaseKind;
  readonly day: PhaseHours;
  readonly night: PhaseHours;
  /** How many phases to lay out (days and nights together). */
  readonly phases: number;
  /** The number of the first day and the first night. @default 1 */
  readonly firstNumber?: number;
}

export type ClockResult =
  { readonly ok: true; readonly events: PhaseEvent[] } | { readonly ok: false; readonly reason: PhaseProblem; readonly detail: string };

/** Minutes after midnight of `HH:MM`, or null when malformed. */
export function parseClockTime(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (m === null) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** `YYYY-MM-DD` as numbers, or null when malformed. */
export function parseDate(text: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (m === null) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const round = addDays(date, 0);
  if (round.year !== date.year || round.month !== date.month || round.day !== date.day) return null;
  return date;
}

/**
 * The phase events of a clock schedule: each phase starts at its local start
 * time and ends at its local end time (the next calendar day when the end is
 * not after the start), in the zone's own offset at that moment, so a phase
 * across a daylight-saving change is an hour shorter or longer in real time.
 * The next phase starts at its first local start time not before the previous end.
 *
 * @example
 * clockPhaseEvents({ timeZone: 'Asia/Jerusalem', firstDate: '2026-03-21', firstPhase: 'night',
 *   day: { start: '09:00', end: '19:00' }, night: { start: '21:00', end: '07:00' }, phases: 10 })
 */
export function clockPhaseEvents(schedule: ClockSchedule): ClockResult {
  if (!isKnownTimeZone(schedule.timeZone))
    return { ok: false, reason: 'phases/unknown-time-zone', detail: `unknown time zone "${schedule.timeZone}"` };
  const first = parseDate(schedule.firstDate);
  if (first === null) return { ok: false, reason: 'phases/bad-date', detail: `"${schedule.firstDate}" is not a date (YYYY-MM-DD)` };
  const hours: Record<PhaseKind, { start: number; end: number; voteOpens: number | null }> = {
    day: { start: 0, end: 0, voteOpens: null },
    night: { start: 0, end: 0, voteOpens: null },
  };
  for (const kind of ['day', 'night'] as const) {
    const given = schedule[kind];
    const start = parseClockTime(given.start);
    const end = parseClockTime(given.end);
    const voteOpens = given.voteOpens === undefined ? null : parseClockTime(given.voteOpens);
    if (start === null || end === null || (given.voteOpens !== undefined && voteOpens === null)) {
      return { ok: false, reason: 'phases/bad-clock-time', detail: `${kind} hours must be HH:MM (got ${JSON.stringify(given)})` };
    }
    hours[kind] = { start, end, voteOpens };
  }
  const firstNumber = schedule.firstNumber ?? 1;
  const counts: Record<PhaseKind, number> = { day: firstNumber, night: firstNumber };
  const events: PhaseEvent[] = [];
  let kind: PhaseKind = schedule.firstPhase;
  let date = first;
  let previousEnd: number | null = null;
  const at = (d: { year: number; month: number; day: number }, minutes: number): number =>
    fromLocalDateTime({ ...d, hour: Math.floor(minutes / 60), minute: minutes % 60 }, schedule.timeZone);
  for (let i = 0; i < schedule.phases; i++) {
    const h = hours[kind];
    if (previousEnd !== null && h.start < previousEnd) date = addDays(date, 1);
    const endDate = h.end <= h.start ? addDays(date, 1) : date;
    const number = counts[kind];
    events.push({ kind, number, event: 'start', boundary: { at: at(date, h.start) }, source: 'clock' });
    if (h.voteOpens !== null) {
      const openDate = h.voteOpens < h.start ? addDays(date, 1) : date;
      events.push({ kind, number, event: 'vote-opens', boundary: { at: at(openDate, h.voteOpens) }, source: 'clock' });
    }
    events.push({ kind, number, event: 'end', boundary: { at: at(endDate, h.end) }, source: 'clock' });
    counts[kind] = number + 1;
    date = endDate;
    previousEnd = h.end;
    kind = kind === 'day' ? 'night' : 'day';
  }
  return { ok: true, events };
}
