/**
 * Wall-clock times in a named IANA zone, without a date library: offsets come
 * from `Intl.DateTimeFormat` with `timeZone`, so daylight-saving changes are
 * whatever the runtime's zone data says.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const known = formatters.get(timeZone);
  if (known !== undefined) return known;
  const made = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  formatters.set(timeZone, made);
  return made;
}

/** Whether the runtime knows the zone name (`Asia/Jerusalem`, `Europe/Moscow`, `UTC`). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A local calendar date and time of day. */
export interface LocalDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

/** The local wall-clock reading of a moment in a zone (seconds dropped). */
export function toLocalDateTime(at: number, timeZone: string): LocalDateTime {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 'NaN');
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** The zone's offset from UTC at a moment, in ms (Jerusalem in summer: +3 h). */
export function zoneOffsetAt(at: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 'NaN');
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

/**
 * The moment a local wall-clock time happens in a zone.
 * - A time that happens twice (clocks going back) is its first occurrence.
 * - A time that never happens (clocks going forward) is read with the offset
 *   before the change, which lands as far after the gap as it was into it
 *   (02:30 on a Berlin spring-forward night is 03:30 summer time).
 */
export function fromLocalDateTime(local: LocalDateTime, timeZone: string): number {
  const naive = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const dayMs = 86_400_000;
  const before = zoneOffsetAt(naive - dayMs, timeZone);
  const after = zoneOffsetAt(naive + dayMs, timeZone);
  const valid = [before, after].map((offset) => naive - offset).filter((t) => zoneOffsetAt(t, timeZone) === naive - t);
  if (valid.length === 0) return naive - before;
  return Math.min(...valid);
}

/** The calendar date `days` after a local date (days may be negative). */
export function addDays(
  date: { readonly year: number; readonly month: number; readonly day: number },
  days: number,
): { year: number; month: number; day: number } {
  const ms = Date.UTC(date.year, date.month - 1, date.day + days);
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
