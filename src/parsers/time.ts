/**
 * Forum times to UTC epoch ms. Machine-readable attributes are read by the adapters
 * directly; this module handles what is left: text dates in the board's time zone, the
 * zone hints pages carry ("All times are GMT -5"), and relative words ("Today",
 * "Yesterday", "5 minutes ago", "Сегодня", "Вчера") resolved against a given `now`.
 * Zone offsets come from `Intl.DateTimeFormat`; there is no date library.
 */

/** A board time zone: an IANA name (`Europe/Moscow`) or a fixed offset in minutes east of UTC. */
export type BoardZone = { readonly kind: 'iana'; readonly name: string } | { readonly kind: 'fixed'; readonly minutes: number };

export const utcZone: BoardZone = { kind: 'fixed', minutes: 0 };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(name: string): Intl.DateTimeFormat | undefined {
  let formatter = formatters.get(name);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: name,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return undefined;
    }
    formatters.set(name, formatter);
  }
  return formatter;
}

/** Reads a zone option: an IANA name, `UTC`, or a fixed offset (`+03:00`, `GMT-5`, `UTC+5:30`). Undefined if unusable. */
export function toBoardZone(spec: string | undefined): BoardZone | undefined {
  if (spec === undefined) return undefined;
  const trimmed = spec.trim();
  if (trimmed === '') return undefined;
  const fixed = /^(?:utc|gmt)?\s*([+\-−])\s*(\d{1,2})(?:[:.]?(\d{2}))?$/i.exec(trimmed);
  if (fixed !== null) {
    const sign = fixed[1] === '+' ? 1 : -1;
    return { kind: 'fixed', minutes: sign * (Number(fixed[2]) * 60 + Number(fixed[3] ?? '0')) };
  }
  if (/^(?:utc|gmt|z)$/i.test(trimmed)) return utcZone;
  return formatterFor(trimmed) === undefined ? undefined : { kind: 'iana', name: trimmed };
}

/** Minutes east of UTC that `zone` shows at the instant `utcMs`. */
export function zoneOffsetMinutes(zone: BoardZone, utcMs: number): number {
  if (zone.kind === 'fixed') return zone.minutes;
  const formatter = formatterFor(zone.name);
  if (formatter === undefined) return 0;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts['year'] ?? 1970,
    (parts['month'] ?? 1) - 1,
    parts['day'] ?? 1,
    parts['hour'] ?? 0,
    parts['minute'] ?? 0,
    parts['second'] ?? 0,
  );
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** A wall-clock time on a board. Month is 1-based. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** The UTC instant a wall-clock time in `zone` denotes (the earlier one in a DST overlap). */
export function wallClockToUtc(clock: WallClock, zone: BoardZone): number {
  const naive = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const first = naive - zoneOffsetMinutes(zone, naive) * 60_000;
  const second = naive - zoneOffsetMinutes(zone, first) * 60_000;
  return Math.min(first, second);
}

/** The wall-clock date (year, month, day) in `zone` at the instant `utcMs`. */
export function wallClockAt(utcMs: number, zone: BoardZone): WallClock {
  const shifted = new Date(utcMs + zoneOffsetMinutes(zone, utcMs) * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/**
 * Reads a page's own zone statement: phpBB/vBulletin footers "All times are GMT -5",
 * "All times are UTC - 5 hours [ DST ]", "All times are UTC-05:00". Undefined when absent.
 */
export function zoneFromFooter(text: string): BoardZone | undefined {
  const m =
    /all times are\s*(?:<[^>]*>)?\s*(?:utc|gmt)\s*(?:([+\-−])\s*(\d{1,2})(?:[:.](\d{1,2}))?(?:\s*hours?)?)?\s*(\[\s*dst\s*\])?/i.exec(text);
  if (m === null) return undefined;
  const sign = m[1] === undefined ? 1 : m[1] === '+' ? 1 : -1;
  let minutes =
    m[2] === undefined ? 0 : sign * (Number(m[2]) * 60 + (m[3] === undefined ? 0 : m[3].length === 1 ? Number(m[3]) * 6 : Number(m[3])));
  if (m[4] !== undefined) minutes += 60;
  return { kind: 'fixed', minutes };
}

const monthNames: ReadonlyArray<readonly [RegExp, number]> = [
  [/^jan/i, 1],
  [/^feb/i, 2],
  [/^mar/i, 3],
  [/^apr/i, 4],
  [/^may/i, 5],
  [/^jun/i, 6],
  [/^jul/i, 7],
  [/^aug/i, 8],
  [/^sep/i, 9],
  [/^oct/i, 10],
  [/^nov/i, 11],
  [/^dec/i, 12],
  // Russian month stems (nominative and genitive share them)
  [/^янв/i, 1],
  [/^фев/i, 2],
  [/^мар/i, 3],
  [/^апр/i, 4],
  [/^ма[йя]/i, 5],
  [/^июн/i, 6],
  [/^июл/i, 7],
  [/^авг/i, 8],
  [/^сен/i, 9],
  [/^окт/i, 10],
  [/^ноя/i, 11],
  [/^дек/i, 12],
];

function monthOf(word: string): number | undefined {
  for (const [pattern, month] of monthNames) if (pattern.test(word)) return month;
  return undefined;
}

/** Day-order for numeric dates like 03-02-2025: boards show m-d-Y by default (MyBB, vBulletin); d.m.Y with dots. */
export type NumericDateOrder = 'mdy' | 'dmy';

export interface TextDateOptions {
  readonly now: number;
  readonly zone: BoardZone;
  /** How to read `03-02-2025` / `03/02/2025`. @default 'mdy' */
  readonly order?: NumericDateOrder;
}

const relativeUnits: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:sec|second|сек)/i, 1_000],
  [/^(?:min|minute|мин)/i, 60_000],
  [/^(?:hour|hr|час)/i, 3_600_000],
  [/^(?:day|дн|день|дня)/i, 86_400_000],
  [/^(?:week|нед)/i, 604_800_000],
];

/**
 * A forum's text date as UTC epoch ms, or null when it is not a date. Handles absolute dates
 * (`Sun May 26, 2019 4:34 pm`, `2016-02-01, 02:21`, `03-02-2025, 06:00 PM`, `Mar 02, 2025, 06:41 PM`,
 * `28.11.2016, 19:50`, `November 28, 2016, 07:50:00 PM`) and relative ones (`Today at 7:50 PM`,
 * `Yesterday, 07:50 PM`, `Сегодня, 19:50`, `Вчера`, `5 minutes ago`, `Less than a minute ago`).
 */
export function parseTextDate(raw: string, options: TextDateOptions): number | null {
  const text = raw.replace(/[\s\u00a0]+/g, ' ').trim();
  if (text === '') return null;

  if (/^(?:less than a minute ago|just now|только что)$/i.test(text)) return options.now;
  // Runs are bounded and start at a run's start, so a long run of digits or letters costs linear time.
  const ago = /(?<!\d)(\d{1,9})\s*([a-zа-яё]{1,20})\.?\s*(?:ago|назад)/i.exec(text);
  if (ago !== null && ago[1] !== undefined && ago[2] !== undefined) {
    for (const [unit, ms] of relativeUnits) if (unit.test(ago[2])) return options.now - Number(ago[1]) * ms;
  }

  let hour = 0;
  let minute = 0;
  let second = 0;
  let rest = text;
  const time = /(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?(?![a-z])/i.exec(text);
  if (time !== null) {
    hour = Number(time[1]);
    minute = Number(time[2]);
    second = Number(time[3] ?? '0');
    const meridiem = time[4]?.toLowerCase();
    if (meridiem === 'p' && hour < 12) hour += 12;
    if (meridiem === 'a' && hour === 12) hour = 0;
    rest = text.slice(0, time.index) + ' ' + text.slice(time.index + time[0].length);
  }

  let date: { year: number; month: number; day: number } | undefined;
  const today = wallClockAt(options.now, options.zone);
  const dayShift = /\b(?:today)\b|сегодня/i.test(rest) ? 0 : /\b(?:yesterday)\b|вчера/i.test(rest) ? -1 : undefined;
  if (dayShift !== undefined) {
    const shifted = new Date(Date.UTC(today.year, today.month - 1, today.day + dayShift));
    date = { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
  }
  date ??= numericDate(rest, options.order ?? 'mdy') ?? namedMonthDate(rest);
  if (date === undefined) return null;
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > 31 || hour > 23 || minute > 59) return null;
  return wallClockToUtc({ ...date, hour, minute, second }, options.zone);
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length <= 2 ? 2000 + n : n;
}

function numericDate(text: string, order: NumericDateOrder): { year: number; month: number; day: number } | undefined {
  const iso = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  if (iso !== null) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const dotted = /(\d{1,2})\.(\d{1,2})\.(\d{2,4})/.exec(text);
  if (dotted?.[1] !== undefined && dotted[2] !== undefined && dotted[3] !== undefined) {
    return { year: fullYear(dotted[3]), month: Number(dotted[2]), day: Number(dotted[1]) };
  }
  const dashed = /(\d{1,2})[-/](\d{1,2})[-/](\d{2,4})/.exec(text);
  if (dashed?.[1] !== undefined && dashed[2] !== undefined && dashed[3] !== undefined) {
    const a = Number(dashed[1]);
    const b = Number(dashed[2]);
    return order === 'mdy' ? { year: fullYear(dashed[3]), month: a, day: b } : { year: fullYear(dashed[3]), month: b, day: a };
  }
  return undefined;
}

function namedMonthDate(text: string): { year: number; month: number; day: number } | undefined {
  // "May 26, 2019" / "Mar 02, 2025" / "November 28, 2016"
  // Month names are at most 12 letters and start a word (linear on a long run of letters).
  const monthFirst = /(?<![a-zа-яё])([a-zа-яё]{3,12})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})/i.exec(text);
  if (monthFirst?.[1] !== undefined) {
    const month = monthOf(monthFirst[1]);
    if (month !== undefined) return { year: Number(monthFirst[3]), month, day: Number(monthFirst[2]) };
  }
  // "26 May 2019" / "28 ноября 2016"
  const dayFirst = /(?<!\d)(\d{1,2})\s+([a-zа-яё]{3,12})\.?,?\s+(\d{4})/i.exec(text);
  if (dayFirst?.[2] !== undefined) {
    const month = monthOf(dayFirst[2]);
    if (month !== undefined) return { year: Number(dayFirst[3]), month, day: Number(dayFirst[1]) };
  }
  return undefined;
}

/** An ISO/RFC 3339 string or unix seconds/ms as UTC epoch ms; null when unreadable. Offset-less ISO is read in `zone`. */
export function parseMachineTime(value: string | undefined, zone: BoardZone = utcZone): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d{9,10}$/.test(trimmed)) return Number(trimmed) * 1000;
  if (/^\d{12,13}$/.test(trimmed)) return Number(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(trimmed);
  if (iso === null) return null;
  const clock: WallClock = {
    year: Number(iso[1]),
    month: Number(iso[2]),
    day: Number(iso[3]),
    hour: Number(iso[4]),
    minute: Number(iso[5]),
    second: Number(iso[6] ?? '0'),
  };
  const offset = iso[7];
  if (offset === undefined) return wallClockToUtc(clock, zone);
  if (offset.toUpperCase() === 'Z') return wallClockToUtc(clock, utcZone);
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset);
  const minutes = m === null ? 0 : (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return wallClockToUtc(clock, { kind: 'fixed', minutes });
}
