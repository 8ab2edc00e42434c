/**
 * Phases by post: the host's own announcements ("Day 2 begins", "Night 1 has
 * started", "Voting is open", "Deadline: 2026-03-24 19:00") recognised by
 * configurable patterns, and marks a host sets by hand on a post number.
 */
import { bodyText } from '../../model/post';
import type { ForumPost } from '../types';
import type { PhaseEvent, PhaseKind, PhaseProblem } from './types';
import { nextPhaseOf, phaseOrdinal } from './order';
import { fromLocalDateTime, isKnownTimeZone } from './zone';

/**
 * A pattern for a host announcement: a regular expression (source text, matched
 * ignoring case against the host's own words, quotes left out). Named groups:
 * - `kind` (`day`/`night`, or a word listed in `kindWords`) and `number` (digits or
 *   `one`…`twelve`) name the phase; without them the marker applies to the phase in
 *   progress (`end`, `vote-opens`, `deadline`) or the next one (`start`);
 * - for `deadline`: `year`, `month`, `day`, `hour`, `minute`, read as wall-clock time in
 *   the game's zone; the latest deadline post for a phase wins (a host extending it).
 */
export interface PhaseMarker {
  readonly pattern: string;
  readonly event: 'start' | 'end' | 'vote-opens' | 'deadline';
  /** The kind when the pattern has no `kind` group. */
  readonly kind?: PhaseKind;
}

/** A phase event the host sets by hand at a post number. */
export interface ManualMark {
  readonly post: number;
  readonly kind: PhaseKind;
  readonly number: number;
  readonly event: 'start' | 'end' | 'vote-opens';
}

/** Words for the kinds, for patterns in other languages (lower case). */
export interface KindWords {
  readonly day: readonly string[];
  readonly night: readonly string[];
}

export const defaultKindWords: KindWords = { day: ['day', 'день', 'дня'], night: ['night', 'ночь', 'ночи'] };

/** The numbers hosts write out in a phase's name ("Day Two", "Night one"). */
export const numberWords: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

const numberPattern = '(?<number>\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';

/** Not a schedule: "Day 2 starts on Tuesday", "Day 1 ends at 19:00" announce the future, not the event. */
const notScheduled = '(?!\\s+(?:on|at|in|by|tomorrow|soon|next|when|after|before|around|shortly|once)\\b)';

/**
 * English (and a few Russian) announcements as hosts usually write them. `Day 2 begins`, `Night 1 has started`,
 * `Day 3 is over`, `Night 2 has ended`, `Voting is now open`, `Deadline: 2026-03-24 19:00`.
 * A start or end followed by when it will happen ("Day 2 starts on Tuesday at 09:00") is a
 * schedule, not the event, and is not read.
 */
export const defaultPhaseMarkers: readonly PhaseMarker[] = [
  {
    event: 'start',
    pattern: `\\b(?<kind>day|night)\\s+${numberPattern}\\s+(?:has\\s+|is\\s+)?(?:begins?|began|begun|starts?|started|is\\s+(?:now\\s+)?open)\\b${notScheduled}`,
  },
  {
    event: 'start',
    pattern: `\\b(?:it\\s+is\\s+now|welcome\\s+to|begin(?:ning)?|start\\s+of)\\s+(?<kind>day|night)\\s+${numberPattern}\\b`,
  },
  {
    event: 'end',
    pattern: `\\b(?<kind>day|night)\\s+${numberPattern}\\s+(?:has\\s+|is\\s+)?(?:ends?|ended|is\\s+over|over|closed)\\b${notScheduled}`,
  },
  { event: 'end', pattern: `\\bend\\s+of\\s+(?<kind>day|night)\\s+${numberPattern}\\b` },
  { event: 'vote-opens', pattern: '\\bvot(?:e|ing)\\s+(?:is\\s+)?(?:now\\s+)?open(?:s|ed)?\\b' },
  // Russian hosts (seed 004): "День 2 начался", "Ночь 1 наступила", "День 2 начинается" (Gavel's own posts), "День 2 окончен", "Голосование открыто".
  // JavaScript's \\b only knows Latin letters, so these use a letter lookbehind instead.
  {
    event: 'start',
    pattern: `(?<!\\p{L})(?<kind>день|ночь)\\s+(?<number>\\d+)\\s+(?:начался|началась|начинается|наступил[аи]?)(?!\\p{L})`,
  },
  {
    event: 'end',
    pattern: `(?<!\\p{L})(?<kind>день|ночь)\\s+(?<number>\\d+)\\s+(?:окончен[аоы]?|закончил(?:ся|ась)|заверш[её]н[аоы]?)(?!\\p{L})`,
  },
  { event: 'vote-opens', pattern: '(?<!\\p{L})голосование\\s+(?:начато|открыто|началось)(?!\\p{L})' },
  {
    event: 'deadline',
    pattern: '\\bdeadline\\b[^\\d\\n]{0,40}(?<year>\\d{4})-(?<month>\\d{1,2})-(?<day>\\d{1,2})[ T,]+(?<hour>\\d{1,2}):(?<minute>\\d{2})',
  },
];

export interface PostMarkerOptions {
  readonly markers: readonly PhaseMarker[];
  readonly hosts: readonly string[];
  readonly firstPhase: PhaseKind;
  /** Zone for deadline times; required for `deadline` markers to apply. */
  readonly timeZone?: string;
  readonly kindWords?: KindWords;
}

export type PostMarkerResult =
  { readonly ok: true; readonly events: PhaseEvent[] } | { readonly ok: false; readonly reason: PhaseProblem; readonly detail: string };

function kindOf(word: string | undefined, fallback: PhaseKind | undefined, words: KindWords): PhaseKind | undefined {
  if (word === undefined) return fallback;
  const w = word.toLowerCase();
  if (words.day.includes(w)) return 'day';
  if (words.night.includes(w)) return 'night';
  return fallback;
}

function numberOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text) ? Number(text) : numberWords[text.toLowerCase()];
  return n;
}

/**
 * The phase events in the host's posts, in thread order. Only host posts are read,
 * and only the host's own words (quotes left out). A marker without a phase number
 * applies to the phase in progress at that post as the events so far place it.
 */
export function postPhaseEvents(posts: readonly ForumPost[], options: PostMarkerOptions): PostMarkerResult {
  const compiled: { marker: PhaseMarker; re: RegExp }[] = [];
  for (const marker of options.markers) {
    try {
      compiled.push({ marker, re: new RegExp(marker.pattern, 'giu') });
    } catch {
      return { ok: false, reason: 'phases/bad-pattern', detail: `marker pattern is not a regular expression: ${marker.pattern}` };
    }
  }
  if (options.timeZone !== undefined && !isKnownTimeZone(options.timeZone)) {
    return { ok: false, reason: 'phases/unknown-time-zone', detail: `unknown time zone "${options.timeZone}"` };
  }
  const hosts = new Set(options.hosts.map((h) => h.trim().toLowerCase()));
  const words = options.kindWords ?? defaultKindWords;
  const sorted = [...posts].sort((a, b) => a.number - b.number);
  const events: PhaseEvent[] = [];
  let current: { kind: PhaseKind; number: number } | null = null;
  for (const post of sorted) {
    if (!hosts.has(post.author.trim().toLowerCase())) continue;
    const text = bodyText(post.body, { skipQuotes: true });
    const found: { index: number; marker: PhaseMarker; groups: Record<string, string | undefined> }[] = [];
    for (const { marker, re } of compiled) {
      for (const m of text.matchAll(re)) found.push({ index: m.index, marker, groups: m.groups ?? {} });
    }
    found.sort((a, b) => a.index - b.index);
    for (const { marker, groups } of found) {
      const kind = kindOf(groups['kind'], marker.kind, words);
      const number = numberOf(groups['number']);
      let target: { kind: PhaseKind; number: number } | null;
      if (kind !== undefined && number !== undefined) target = { kind, number };
      else if (marker.event === 'start') target = nextPhaseOf(current, options.firstPhase);
      else target = current;
      if (target === null) continue;
      // Phases move forward one at a time (a skipped night is tolerated): a mention of an
      // earlier or a far later phase ("Current phase: Night 2" in an edited opening post) is not an event.
      const ord = phaseOrdinal(target.kind, target.number, options.firstPhase);
      const cur = current === null ? null : phaseOrdinal(current.kind, current.number, options.firstPhase);
      if (marker.event === 'start' && (cur === null ? ord > 1 : ord <= cur || ord > cur + 2)) continue;
      if ((marker.event === 'end' || marker.event === 'vote-opens') && (cur === null ? ord > 1 : ord !== cur)) continue;
      if (marker.event === 'deadline' && cur !== null && ord < cur) continue;
      if (marker.event === 'deadline') {
        if (options.timeZone === undefined) continue;
        const parts = ['year', 'month', 'day', 'hour', 'minute'].map((g) => Number(groups[g]));
        if (parts.some((p) => !Number.isFinite(p))) continue;
        const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = parts;
        const at = fromLocalDateTime({ year, month, day, hour, minute }, options.timeZone);
        events.push({
          kind: target.kind,
          number: target.number,
          event: 'end',
          boundary: { at },
          source: 'deadline',
          fromPost: post.number,
        });
        continue;
      }
      if (marker.event === 'vote-opens' && target.kind !== 'day') continue;
      events.push({
        kind: target.kind,
        number: target.number,
        event: marker.event,
        boundary: { post: post.number },
        source: 'post',
        fromPost: post.number,
      });
      if (marker.event === 'start' || current === null) current = target;
    }
  }
  return { ok: true, events };
}

/** The events of marks a host set by hand. */
export function manualPhaseEvents(marks: readonly ManualMark[]): PhaseEvent[] {
  return marks.map((m) => ({
    kind: m.kind,
    number: m.number,
    event: m.event,
    boundary: { post: m.post },
    source: 'manual' as const,
    fromPost: m.post,
  }));
}
