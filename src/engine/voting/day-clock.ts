/**
 * The time a 004 day is judged by, built by its callers (time is an argument
 * of the engine, never read from the host's machine here): when the day's vote
 * opened, found from when the day started by the ruleset's clock (L150 "Выборы
 * или голосование начинаются в 21.00 по Москве"), the time each counted thing
 * was made (the posts' own times, or a script's `at` lines), and "now", the
 * moment of counting (the caller's).
 */
import { parseClockTime } from '../phases/clock';
import { addDays, fromLocalDateTime, toLocalDateTime } from '../phases/zone';
import type { DayClockRules } from '../rules/types';
import type { DayClockInput } from './day-004-roles';

/**
 * The first moment at or after `from` (epoch ms) when the clock's zone reads its vote time: a day that started in the
 * morning (the night's results, L165: 0.00–8.00) votes at 21:00 that evening. Null when the clock's time is malformed.
 *
 * @example voteOpensAfter(Date.UTC(2016, 10, 28, 5, 0), dayClock004) // 2016-11-28 18:00 UTC (21:00 Moscow)
 */
export function voteOpensAfter(from: number, clock: DayClockRules): number | null {
  const minutes = parseClockTime(clock.voteOpens);
  if (minutes === null || !Number.isFinite(from)) return null;
  const local = toLocalDateTime(from, clock.timeZone);
  const at = (date: { readonly year: number; readonly month: number; readonly day: number }): number =>
    fromLocalDateTime({ ...date, hour: Math.floor(minutes / 60), minute: minutes % 60 }, clock.timeZone);
  const same = at(local);
  return same >= from ? same : at(addDays(local, 1));
}

/** What a caller knows of a day's time: when it started, when each counted thing was made, and the moment of counting. */
export interface DayTimes {
  /** When the day started (its first post's or event's time); null when nothing of the day has a time. */
  readonly dayStart: number | null;
  /** The moment of counting: the caller's clock for a day still running, the day's last post for one that ended. */
  readonly now: number;
  /** The time of the vote, move or ballot opening at this place in the tally's order (a post number or a log index). */
  readonly timeOf: (at: number) => number | undefined;
}

/**
 * The clock a 004 tally is told (`DayClockInput`), or undefined where the rules have no day clock or nothing of the day
 * has a time (the tally then applies no time rule, as before).
 */
export function dayClockInput(clock: DayClockRules | undefined, times: DayTimes): DayClockInput | undefined {
  if (clock === undefined || times.dayStart === null) return undefined;
  const voteOpensAt = voteOpensAfter(times.dayStart, clock);
  if (voteOpensAt === null) return undefined;
  return { voteOpensAt, now: times.now, timeOf: times.timeOf };
}
