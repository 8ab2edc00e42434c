/**
 * One formatting layer for everything Gavel shows: phases, moments, lengths
 * of time, counts and the engine's messages, each in the host's language
 * through `Intl` and the catalogs. Components do not build dates or join
 * names themselves; they call these (and `NameList` for lists of names).
 */
import { fromLocalDateTime, toLocalDateTime } from '../../src/engine/phases/zone';
import { engineMessageKey, type EngineMessage, type WordArg, type WordPhase } from '../../src/engine/words';
import { describeError, errorWords } from './errors';
import type { MessageKey, Translator } from './i18n';

/** What a formatted text depends on besides the language. */
export interface FormatContext {
  readonly t: Translator;
  /** The game's time zone (IANA); the browser's own when absent. */
  readonly timeZone?: string | undefined;
  /** The ruleset's names for ids, in the reader's language; an id is shown as itself when absent. */
  readonly names?: RulesetWords | undefined;
}

/** The ruleset's names for its ids, in one language. */
export interface RulesetWords {
  role(id: string): string;
  /** An ability by id, by the role that holds it when `role` is given (two roles may hold abilities of one id). */
  ability(id: string, role?: string): string;
  status(id: string): string;
  faction(id: string): string;
  /** A level players sign up at (000's Beginner, Standard, Spectator); the id when absent. */
  level?(id: string): string;
}

/** "Day 2", "Night 1", or "Before the game" for no phase. */
export function phaseLabel(phase: WordPhase | null, t: Translator): string {
  if (phase === null) return t('common_before_game');
  return phase.kind === 'day' ? t('common_day', phase.number) : t('common_night', phase.number);
}

/** English dates are written day-first (26 Nov 2026), never month-first numbers a reader can misread. */
const localeOf = (t: Translator): string => (t.language === 'en' ? 'en-GB' : t.language);

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(t: Translator, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${t.language}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (made === undefined) {
    made = new Intl.DateTimeFormat(localeOf(t), { ...options, ...(timeZone === undefined ? {} : { timeZone }) });
    formats.set(key, made);
  }
  return made;
}

/** The ways a moment is shown. */
export type MomentStyle =
  /** "26 Nov 2026, 19:05" */
  | 'date-time'
  /** "26 Nov 2026" */
  | 'date'
  /** "19:05" */
  | 'time'
  /** "Thu 26 Nov, 19:05": a deadline or a post this week. */
  | 'weekday-time';

const momentOptions: Readonly<Record<MomentStyle, Intl.DateTimeFormatOptions>> = {
  'date-time': { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  'weekday-time': { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/** A moment (epoch ms) in the host's locale and the game's time zone. */
export function formatMoment(at: number, ctx: Pick<FormatContext, 't' | 'timeZone'>, style: MomentStyle = 'date-time'): string {
  if (!Number.isFinite(at)) return '';
  return formatter(ctx.t, ctx.timeZone, momentOptions[style]).format(at);
}

/** A length of time: "45 min", "5 h", "1 h 30 min" (and the same in Russian: "5 ч"). */
export function formatMinutes(minutes: number, t: Translator): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const unit = (value: number, u: 'hour' | 'minute'): string =>
    new Intl.NumberFormat(localeOf(t), { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  if (hours === 0) return unit(rest, 'minute');
  if (rest === 0) return unit(hours, 'hour');
  return `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/**
 * Items as one phrase ("Alice, Bob and Carol"; "Alice, Bob и Carol"), for a
 * sentence or a post. On a page, show names with `NameList` instead: a name
 * may itself hold a comma.
 */
export function formatList(items: readonly string[], t: Translator, type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(localeOf(t), { style: 'long', type }).format(items);
}

function argText(arg: WordArg, ctx: FormatContext): string {
  const { t, names } = ctx;
  switch (arg.kind) {
    case 'text':
      return arg.value;
    case 'number':
      return t.number(arg.value);
    case 'phase':
      return phaseLabel(arg.value, t);
    case 'names':
      return formatList(arg.value, t);
    case 'role':
      return names?.role(arg.value) ?? arg.value;
    case 'ability':
      return names?.ability(arg.value, arg.role) ?? arg.value;
    case 'status':
      return names?.status(arg.value) ?? arg.value;
    case 'faction':
      return names?.faction(arg.value) ?? arg.value;
    case 'level':
      return names?.level?.(arg.value) ?? arg.value;
    case 'time':
      return formatMoment(arg.value, ctx);
    case 'minutes':
      return formatMinutes(arg.value, t);
    case 'message':
      return sayMessage(arg.value, ctx);
  }
}

/**
 * An engine message in the host's language: the catalog's words for its code
 * with each argument written the language's way. A code the catalogs lack
 * shows as its key, so a gap is seen (and the catalog tests catch it).
 */
export function sayMessage(message: EngineMessage, ctx: FormatContext): string {
  const key = engineMessageKey(message.code);
  const args = message.args.map((a) => argText(a, ctx));
  if (message.count !== undefined) {
    // The catalog's counted forms are `<key>_one`… `<key>_other`; the translator picks one.
    return ctx.t.plural(key as Parameters<Translator['plural']>[0], message.count, ...args);
  }
  return ctx.t(key as MessageKey, ...args);
}

/**
 * An error for the host: what it says in the host's language when the worker
 * gave it words (`errorWords`), else its own text (`fallback`: the whole
 * chain, or only the innermost reason).
 */
export function sayError(error: unknown, ctx: FormatContext, fallback: (error: unknown) => string = describeError): string {
  const words = errorWords(error);
  return words === null ? fallback(error) : sayMessage(words, ctx);
}

/**
 * A moment as the host types it: "2026-11-26 21:00" on the game's clock.
 * Year first, 24-hour: the one written form no reader takes for another date
 * (a browser's own date picker writes "11/03" for 11 March in one locale and
 * 3 November in another).
 */
export function wallClockText(at: number, timeZone: string): string {
  const l = toLocalDateTime(at, timeZone);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${l.year}-${two(l.month)}-${two(l.day)} ${two(l.hour)}:${two(l.minute)}`;
}

/** What the host typed ("2026-11-26 21:00", or with a "T"), read on the game's clock; null when it is no such moment. */
export function parseWallClock(text: string, timeZone: string): number | null {
  const m = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{2}))?\s*$/.exec(text);
  if (m === null) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  // A day the month does not have (31 April) is refused, not moved on.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return fromLocalDateTime({ year, month, day, hour, minute }, timeZone);
}
