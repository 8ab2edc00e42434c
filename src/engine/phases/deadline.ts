/**
 * The next deadline of a game: when the phase running now (or, in the buffer
 * between phases, the phase about to start) ends, where that end is a moment
 * set by the clock schedule or by the host's deadline post. Also how a
 * countdown to it is written for the host and for the toolbar badge.
 */
import type { ForumPost } from '../types';
import { phasesFromEvents } from './compose';
import { phasesInTime } from './query';
import type { Phase, PhaseEvent, PhaseKind } from './types';
import { toLocalDateTime } from './zone';

export interface DeadlineInput {
  /** The game's phase events, as `composePhases` returns them. */
  readonly events: readonly PhaseEvent[];
  readonly firstPhase: PhaseKind;
  /** The thread's posts (number and time), so phases started by a host's post are placed in time. */
  readonly posts?: readonly Pick<ForumPost, 'number' | 'postedAt'>[];
  /** The game is over (its log says so): there is no deadline to come. */
  readonly over?: boolean;
}

export interface NextDeadline {
  readonly phase: { readonly kind: PhaseKind; readonly number: number };
  /** UTC epoch ms. */
  readonly at: number;
  /** Where the moment comes from: the game's clock schedule, or the host's deadline post. */
  readonly source: 'schedule' | 'host post';
  /** The host's post that set it (source `host post`). */
  readonly fromPost?: number;
}

function hasStarted(phase: Phase, now: number): boolean {
  // A start that is still a post boundary is a host's post already in the thread.
  return 'post' in phase.start || phase.start.at <= now;
}

function hasEnded(phase: Phase, now: number): boolean {
  if (phase.end === null) return false;
  return 'post' in phase.end || phase.end.at <= now;
}

/**
 * The next deadline after `now`: the end of the phase in progress, or of the
 * next phase when `now` falls between phases. Null when the game is over, the
 * schedule has run out, or the phase's end is not a known moment (a day that
 * runs until the host closes it).
 *
 * @example
 * nextDeadline({ events: composed.events, firstPhase: 'night', posts }, Date.UTC(2026, 2, 24, 12))
 * // { phase: { kind: 'day', number: 3 }, at: <19:00 Israel time>, source: 'schedule' }
 */
export function nextDeadline(input: DeadlineInput, now: number): NextDeadline | null {
  if (input.over === true) return null;
  const phases = phasesInTime(phasesFromEvents(input.events, input.firstPhase), input.posts ?? []);
  let current = -1;
  phases.forEach((phase, i) => {
    if (hasStarted(phase, now)) current = i;
  });
  const running = phases[current];
  const phase = running !== undefined && !hasEnded(running, now) ? running : phases[current + 1];
  if (phase === undefined || phase.end === null || 'post' in phase.end || phase.end.at <= now) return null;
  const at = phase.end.at;
  const ends = input.events.filter(
    (e) => e.event === 'end' && e.kind === phase.kind && e.number === phase.number && 'at' in e.boundary && e.boundary.at === at,
  );
  const fromHost = ends.find((e) => e.source === 'deadline');
  return {
    phase: { kind: phase.kind, number: phase.number },
    at,
    source: fromHost === undefined ? 'schedule' : 'host post',
    ...(fromHost?.fromPost === undefined ? {} : { fromPost: fromHost.fromPost }),
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The words of a spelled-out countdown: each unit follows its number after a space. */
export interface CountdownUnits {
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
  readonly lessThanMinute: string;
}

const longUnits: CountdownUnits = { day: 'd', hour: 'h', minute: 'min', lessThanMinute: 'less than a minute' };

/**
 * Time left, in whole units counted down (a part-minute is not rounded up):
 * "2d 3h", "3h 12m", "45m", "<1m". The long style spells it for a sentence:
 * "2 d 3 h", "3 h 12 min", "45 min", "less than a minute", with English units
 * or the ones given.
 */
export function formatCountdown(ms: number, style: 'short' | 'long' | CountdownUnits = 'short'): string {
  const units = style === 'short' ? null : style === 'long' ? longUnits : style;
  if (ms < MINUTE) return units === null ? '<1m' : units.lessThanMinute;
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const d = units === null ? 'd' : ` ${units.day}`;
  const h = units === null ? 'h' : ` ${units.hour}`;
  const m = units === null ? 'm' : ` ${units.minute}`;
  if (days > 0) return hours === 0 ? `${days}${d}` : `${days}${d} ${hours}${h}`;
  if (hours > 0) return minutes === 0 ? `${hours}${h}` : `${hours}${h} ${minutes}${m}`;
  return `${minutes}${m}`;
}

/**
 * Time left in at most four characters, for the toolbar badge: the largest
 * whole unit counted down ("2d", "5h", "45m"), "now" under a minute.
 */
export function badgeCountdown(ms: number, units: BadgeUnits = englishBadgeUnits): string {
  if (ms < MINUTE) return units.now;
  if (ms >= DAY) return units.days(Math.min(Math.floor(ms / DAY), 999));
  if (ms >= HOUR) return units.hours(Math.floor(ms / HOUR));
  return units.minutes(Math.floor(ms / MINUTE));
}

/** How a badge writes days, hours and minutes in a language ("5h", "5ч"). */
export interface BadgeUnits {
  readonly now: string;
  days(n: number): string;
  hours(n: number): string;
  minutes(n: number): string;
}

const englishBadgeUnits: BadgeUnits = { now: 'now', days: (n) => `${n}d`, hours: (n) => `${n}h`, minutes: (n) => `${n}m` };

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A moment as a host reads it on the game's clock: "Tue 24 Nov 19:00". */
export function deadlineClockText(at: number, timeZone: string): string {
  const local = toLocalDateTime(at, timeZone);
  const weekday = weekdays[new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay()] ?? '';
  const month = months[local.month - 1] ?? '';
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${weekday} ${local.day} ${month} ${pad(local.hour)}:${pad(local.minute)}`;
}

/** A moment's time of day on the game's clock: "19:00". */
export function deadlineTimeText(at: number, timeZone: string): string {
  const local = toLocalDateTime(at, timeZone);
  return `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
}
