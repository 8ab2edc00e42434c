/**
 * Catching up with a thread: a host who sets Gavel up in the middle of a game
 * has a game log that is behind the thread. This reads the host's phase posts
 * for the phase the thread is on, and for each phase between the game's and
 * the thread's: which post ended it, the day's hammer, and who died according
 * to the host's posts. Where the posts leave a fact open (a death line naming
 * two players, a day whose lynch no post names and no hammer decided, a
 * hammer and a host post that name different players) it asks instead of
 * guessing. Nothing is recorded here: the host confirms or corrects each
 * phase, and `catchUpEvents` turns the answers into the log's events.
 *
 * The win check does not run on the phases caught up: the thread's own phase
 * posts show the game went on past them.
 */
import { defaultDeathWords } from '../breaches/announced';
import type { GameEvent, GameState, PhaseRef } from '../game/types';
import { bodyText, type PostNumbering } from '../../model/post';
import type { ForumPost, Roster } from '../types';
import { composePhases, type PhaseSetup } from './compose';
import { phaseAtOrdinal, phaseOrdinal } from './order';
import { phaseOfPost } from './query';
import type { Phase, PhaseEvent, PhaseKind } from './types';

/** A host's post Gavel read, with the line that matters (the host's own words, quotes left out). */
export interface CatchUpPost {
  readonly post: number;
  readonly author: string;
  readonly line: string;
}

/** Who a day's lynch was, as the thread shows it, or the question the host answers. */
export type CatchUpLynch =
  /** Known: a host's post names it (or says nobody was lynched), or the day's hammer decided it. `slotId` null: nobody. */
  | { readonly kind: 'known'; readonly slotId: string | null; readonly from: 'host-post' | 'hammer'; readonly post: number | null }
  /**
   * Asked: `disagree` a host's post and the hammer name different players; `several` the host's
   * posts name more than one lynch; `unnamed` no post names it and no hammer decided the day.
   * `candidates` are the players the thread points at (may be empty).
   */
  | { readonly kind: 'ask'; readonly reason: 'disagree' | 'several' | 'unnamed'; readonly candidates: readonly string[] };

/** One phase to close (or, the last, the phase the thread is on) with what the thread says of it. */
export interface CatchUpStep {
  readonly phase: PhaseRef;
  /** False for the phase the thread is on: it is started, not ended. */
  readonly ends: boolean;
  /** The post that ended it (the host's "Day 1 is over", or the next phase's start), a clock moment, or null when no post did. */
  readonly endedBy: CatchUpPost | { readonly at: number } | null;
  /** Days: the post where the wagon reached the threshold, its author and its target (null target: no lynch). */
  readonly hammer: { readonly post: number; readonly author: string; readonly target: string | null } | null;
  /** Days that end: the lynch. Null for nights and for the phase the thread is on. */
  readonly lynch: CatchUpLynch | null;
  /** Deaths a host's post announces in this phase (the lynch left out), each with its post. */
  readonly deaths: readonly (CatchUpPost & { readonly slotId: string })[];
  /** Death lines that name more than one player: the host says who died. */
  readonly questions: readonly (CatchUpPost & { readonly candidates: readonly string[] })[];
}

/** What Gavel read of a thread that is ahead of its game. */
export interface CatchUpPlan {
  /** The game's phase (null: it has not started in Gavel). */
  readonly from: PhaseRef | null;
  /** The phase the thread is on. */
  readonly to: PhaseRef;
  /** The host's post that started it; null when only an end showed it (the day ended and nothing started the night yet); a moment for a clock. */
  readonly startedBy: CatchUpPost | { readonly at: number } | null;
  /** The phases from the game's to the thread's, in order; the last is `to` itself. */
  readonly steps: readonly CatchUpStep[];
  /** How many events the game's log held: the answers apply to that log only. */
  readonly seen: number;
  /** How the thread's forum prints post numbers. */
  readonly numbering?: PostNumbering;
}

export interface CatchUpInput {
  readonly posts: readonly ForumPost[];
  /** The game's roster (its hosts' posts are read). */
  readonly roster: Roster;
  /** How the game's phases are set. */
  readonly setup: PhaseSetup;
  /** The game's state from its log. */
  readonly state: GameState;
  /** Each day's hammer as the thread's count found it: day number to its post and target slot (null: a No Lynch hammer). */
  readonly hammers: ReadonlyMap<number, { readonly post: number; readonly target: string | null }>;
  /** The moment now, for phases set by a clock (null: clock phases are not placed). */
  readonly now: number | null;
  readonly numbering?: PostNumbering;
  /** Patterns for "X was killed" (regular expression source, ignoring case). @default defaultDeathWords */
  readonly deathWords?: readonly string[];
}

/** A lynch in words: the day's end by vote, not a kill. */
const lynchWords = /(?:lynch|execut|hanged|линч|казн)/iu;
/** A host saying the day ended with nobody lynched. */
const noLynchWords =
  /(?:\bno\s+(?:one|body)\s+(?:was|has\s+been)\s+lynched|\bnobody\s+(?:was|has\s+been)\s+lynched|\bno[-\s]lynch\b|(?<!\p{L})никого\s+не\s+линч\p{L}*|(?<!\p{L})никто\s+не\s+(?:был\s+)?линч\p{L}*|(?<!\p{L})без\s+линча)/iu;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

const excerpt = (line: string): string => {
  const flat = line.replace(/\s+/gu, ' ').trim();
  return flat.length <= 160 ? flat : `${flat.slice(0, 159)}…`;
};

/** The latest phase the thread's phase events have started, and the post or moment that started it. */
function threadPhase(
  events: readonly PhaseEvent[],
  firstPhase: PhaseKind,
  now: number | null,
): { readonly phase: PhaseRef; readonly start: PhaseEvent | null } | null {
  const happened = events.filter((e) => e.event !== 'vote-opens' && ('post' in e.boundary || (now !== null && e.boundary.at <= now)));
  if (happened.length === 0) return null;
  const ordOf = (e: PhaseEvent): number => phaseOrdinal(e.kind, e.number, firstPhase);
  const starts = happened.filter((e) => e.event === 'start');
  const ends = happened.filter((e) => e.event === 'end');
  const lastStart = Math.max(-1, ...starts.map(ordOf));
  const lastEnd = Math.max(-1, ...ends.map(ordOf));
  if (lastEnd >= lastStart) {
    // The last thing the thread shows is an end: the next phase is on, though no post started it.
    return { phase: phaseAtOrdinal(lastEnd + 1, firstPhase), start: null };
  }
  const start = starts.filter((e) => ordOf(e) === lastStart).sort((a, b) => (a.fromPost ?? 0) - (b.fromPost ?? 0))[0] ?? null;
  return { phase: phaseAtOrdinal(lastStart, firstPhase), start };
}

/**
 * What the thread says of the phases its game has not recorded, or null when
 * the game is not behind the thread (or the thread has no phase post).
 *
 * @example inferCatchUp({ posts, roster, setup: game.phases, state, hammers, now }) // { to: Day 2, steps: [Day 1, Night 1, Day 2] }
 */
export function inferCatchUp(input: CatchUpInput): CatchUpPlan | null {
  const { posts, roster, setup, state } = input;
  const firstPhase = setup.firstPhase;
  const sorted = [...posts].sort((a, b) => a.number - b.number);
  const composed = composePhases(setup, sorted, roster.hosts);
  if (!composed.ok) return null;
  const reached = threadPhase(composed.events, firstPhase, input.now);
  if (reached === null) return null;
  const to = reached.phase;
  const ord = (p: { readonly kind: PhaseKind; readonly number: number }): number => phaseOrdinal(p.kind, p.number, firstPhase);
  const fromOrd = state.phase === null ? -1 : ord(state.phase);
  const toOrd = ord(to);
  if (toOrd <= fromOrd) return null;
  const byNumber = new Map(sorted.map((p) => [p.number, p]));
  const postRef = (number: number, line?: string): CatchUpPost => {
    const post = byNumber.get(number);
    const text =
      line ??
      (post === undefined
        ? ''
        : (bodyText(post.body, { skipQuotes: true })
            .split('\n')
            .find((l) => l.trim() !== '') ?? ''));
    return { post: number, author: post?.author ?? '', line: excerpt(text) };
  };
  const boundaryRef = (e: PhaseEvent | undefined): CatchUpPost | { readonly at: number } | null => {
    if (e === undefined) return null;
    if ('at' in e.boundary) return { at: e.boundary.at };
    return postRef(e.boundary.post, markerLine(byNumber.get(e.boundary.post), e));
  };
  const eventOf = (phase: PhaseRef, which: PhaseEvent['event']): PhaseEvent | undefined =>
    composed.events
      .filter((e) => e.kind === phase.kind && e.number === phase.number && e.event === which && e.source !== 'clock')
      .sort((a, b) => (a.fromPost ?? 0) - (b.fromPost ?? 0))[0] ??
    composed.events.find((e) => e.kind === phase.kind && e.number === phase.number && e.event === which);

  // Who the host's posts say died, phase by phase, among the players the game still has alive.
  const hosts = new Set(roster.hosts.map((h) => h.trim().toLowerCase()));
  const deathWords = (input.deathWords ?? defaultDeathWords).map((w) => new RegExp(w, 'iu'));
  const alive = new Set(state.players.filter((p) => p.alive).map((p) => p.slot.id));
  const names = roster.slots.map((slot) => ({
    slot: slot.id,
    patterns: slot.accounts.map((a) => new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(a.name)}(?![\\p{L}\\p{N}_])`, 'iu')),
  }));
  interface Read {
    readonly ord: number;
    readonly post: number;
    readonly author: string;
    readonly line: string;
    readonly slots: readonly string[];
    readonly lynch: boolean;
  }
  const lines: Read[] = [];
  const noLynch = new Map<number, number>();
  const named = new Set<string>();
  const phaseOfDeath = (post: ForumPost): Phase | null => {
    const position = phaseOfPost(composed.phases, post);
    if (position.in === 'phase') {
      const startsHere = 'post' in position.phase.start && position.phase.start.post === post.number;
      return startsHere ? (composed.phases[composed.phases.indexOf(position.phase) - 1] ?? position.phase) : position.phase;
    }
    return position.in === 'gap' ? position.previous : null;
  };
  for (const post of sorted) {
    if (!hosts.has(post.author.trim().toLowerCase())) continue;
    const phase = phaseOfDeath(post);
    if (phase === null) continue;
    const at = ord(phase);
    if (at < Math.max(fromOrd, 0) || at > toOrd) continue;
    for (const { line, slots: inLine } of sentences(bodyText(post.body, { skipQuotes: true }), names)) {
      if (noLynchWords.test(line) && phase.kind === 'day' && !noLynch.has(at)) {
        noLynch.set(at, post.number);
        continue;
      }
      if (!deathWords.some((w) => w.test(line))) continue;
      const slots = inLine.filter((slot) => alive.has(slot) && !named.has(slot));
      if (slots.length === 0) continue;
      for (const s of slots) named.add(s);
      lines.push({ ord: at, post: post.number, author: post.author, line: excerpt(line), slots, lynch: lynchWords.test(line) });
    }
  }

  const steps: CatchUpStep[] = [];
  for (let o = Math.max(fromOrd, 0); o <= toOrd; o++) {
    const phase = phaseAtOrdinal(o, firstPhase);
    const ends = o < toOrd;
    const here = lines.filter((l) => l.ord === o);
    const single = here.filter((l) => l.slots.length === 1);
    const questions = here
      .filter((l) => l.slots.length > 1)
      .map((l) => ({ post: l.post, author: l.author, line: l.line, candidates: l.slots }));
    const endedBy = ends ? (boundaryRef(eventOf(phase, 'end')) ?? boundaryRef(eventOf(phaseAtOrdinal(o + 1, firstPhase), 'start'))) : null;
    const counted = phase.kind === 'day' ? input.hammers.get(phase.number) : undefined;
    const hammer =
      counted === undefined ? null : { post: counted.post, author: byNumber.get(counted.post)?.author ?? '', target: counted.target };
    let lynch: CatchUpLynch | null = null;
    let lynchLine: Read | undefined;
    if (phase.kind === 'day' && ends) {
      const lynches = single.filter((l) => l.lynch);
      const hammered = hammer?.target;
      if (lynches.length > 1) {
        lynch = { kind: 'ask', reason: 'several', candidates: lynches.map((l) => l.slots[0] ?? '') };
      } else if (lynches[0] !== undefined) {
        lynchLine = lynches[0];
        const slotId = lynchLine.slots[0] ?? null;
        lynch =
          hammered !== undefined && hammered !== slotId
            ? { kind: 'ask', reason: 'disagree', candidates: [slotId ?? '', ...(hammered === null ? [] : [hammered])] }
            : { kind: 'known', slotId, from: 'host-post', post: lynchLine.post };
      } else if (noLynch.has(o)) {
        lynch =
          hammered !== undefined && hammered !== null
            ? { kind: 'ask', reason: 'disagree', candidates: [hammered] }
            : { kind: 'known', slotId: null, from: 'host-post', post: noLynch.get(o) ?? null };
      } else if (hammered !== undefined && hammer !== null) {
        // The hammer decided the day; a host's plain "X has died" that day names the same player.
        lynchLine = single.find((l) => l.slots[0] === hammered);
        lynch = {
          kind: 'known',
          slotId: hammered,
          from: lynchLine === undefined ? 'hammer' : 'host-post',
          post: lynchLine?.post ?? hammer.post,
        };
      } else {
        lynch = { kind: 'ask', reason: 'unnamed', candidates: single.map((l) => l.slots[0] ?? '') };
      }
    }
    const deaths = single
      .filter((l) => l !== lynchLine && !(lynch?.kind === 'known' && lynch.slotId === l.slots[0]))
      .filter((l) => !(lynch?.kind === 'ask' && lynch.candidates.includes(l.slots[0] ?? '')))
      .map((l) => ({ post: l.post, author: l.author, line: l.line, slotId: l.slots[0] ?? '' }));
    steps.push({ phase, ends, endedBy, hammer: phase.kind === 'day' ? hammer : null, lynch, deaths, questions });
  }
  return {
    from: state.phase,
    to,
    startedBy: reached.start === null ? null : boundaryRef(reached.start),
    steps,
    seen: state.eventCount,
    ...(input.numbering === undefined ? {} : { numbering: input.numbering }),
  };
}

/**
 * A post's sentences with the slots each names. Names are found first, so a
 * name holding a full stop ("Mister Two Words, Esq.") does not end a sentence.
 */
function sentences(
  text: string,
  names: readonly { readonly slot: string; readonly patterns: readonly RegExp[] }[],
): { readonly line: string; readonly slots: readonly string[] }[] {
  const out: { line: string; slots: string[] }[] = [];
  for (const raw of text.split('\n')) {
    // Each name's place in the line, the longest match first where names overlap.
    const found: { start: number; end: number; slot: string }[] = [];
    for (const n of names)
      for (const p of n.patterns)
        for (const m of raw.matchAll(new RegExp(p.source, 'giu'))) found.push({ start: m.index, end: m.index + m[0].length, slot: n.slot });
    found.sort((a, b) => a.start - b.start || b.end - a.end);
    const kept: typeof found = [];
    for (const f of found) if (kept.every((k) => f.start >= k.end || f.end <= k.start)) kept.push(f);
    let start = 0;
    const cut = (end: number): void => {
      const line = raw.slice(start, end).trim();
      if (line !== '') out.push({ line, slots: [...new Set(kept.filter((k) => k.start >= start && k.end <= end).map((k) => k.slot))] });
      start = end;
    };
    for (const m of raw.matchAll(/[.!?]+\s+/gu)) {
      const end = m.index + m[0].length;
      if (!kept.some((k) => m.index >= k.start && m.index < k.end)) cut(end);
    }
    cut(raw.length);
  }
  return out;
}

/** The line of a host's post that holds its phase marker ("Day 1 is over."), else its first line. */
function markerLine(post: ForumPost | undefined, event: PhaseEvent): string {
  if (post === undefined) return '';
  const lines = bodyText(post.body, { skipQuotes: true })
    .split(/\n/u)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const kindWord = new RegExp(
    event.kind === 'day' ? `(?:day|день|дня)\\s*${event.number}(?!\\d)` : `(?:night|ночь|ночи)\\s*${event.number}(?!\\d)`,
    'iu',
  );
  return lines.find((l) => kindWord.test(l)) ?? lines[0] ?? '';
}

/** The host's answer for one phase of the plan. */
export interface CatchUpAnswer {
  readonly phase: PhaseRef;
  /** Days that end: who was lynched (null: nobody). */
  readonly lynched?: string | null;
  /** Everyone else who died in the phase. */
  readonly deaths: readonly string[];
}

export type CatchUpEvents =
  | { readonly ok: true; readonly events: readonly GameEvent[] }
  | {
      readonly ok: false;
      /** `catch-up/stale` the game moved since; `catch-up/phases` the answers do not cover the phases in order; `catch-up/no-lynch-answer` a day's lynch is missing; `catch-up/no-such-slot`; `catch-up/dies-twice`. */
      readonly code: 'catch-up/stale' | 'catch-up/phases' | 'catch-up/no-lynch-answer' | 'catch-up/no-such-slot' | 'catch-up/dies-twice';
      readonly detail: string;
    };

/**
 * The log's events for the host's answers: the first phase's start (a game
 * that had not started), then per phase its deaths, a day's result and the
 * next phase's start, up to the start of the phase the thread is on and the
 * deaths in it. Each death is recorded once; a lynched player who is dead
 * already (the host recorded it) is named in the day's result only.
 */
export function catchUpEvents(state: GameState, firstPhase: PhaseKind, to: PhaseRef, answers: readonly CatchUpAnswer[]): CatchUpEvents {
  const ord = (p: PhaseRef): number => phaseOrdinal(p.kind, p.number, firstPhase);
  if (state.ended !== undefined) return { ok: false, code: 'catch-up/stale', detail: 'the game is over' };
  const fromOrd = state.phase === null ? -1 : ord(state.phase);
  const toOrd = ord(to);
  if (toOrd <= fromOrd) return { ok: false, code: 'catch-up/stale', detail: 'the game is not behind that phase' };
  const expected = toOrd - Math.max(fromOrd, 0) + 1;
  if (answers.length !== expected || answers.some((a, i) => ord(a.phase) !== Math.max(fromOrd, 0) + i))
    return { ok: false, code: 'catch-up/phases', detail: `expected one answer per phase from the game's to the thread's (${expected})` };
  const slots = new Map(state.players.map((p) => [p.slot.id, p.alive]));
  const events: GameEvent[] = [];
  if (state.phase === null) events.push({ type: 'phase/start', phase: phaseAtOrdinal(0, firstPhase) });
  const die = (slotId: string, cause: string): CatchUpEvents | null => {
    const living = slots.get(slotId);
    if (living === undefined) return { ok: false, code: 'catch-up/no-such-slot', detail: slotId };
    if (!living) return { ok: false, code: 'catch-up/dies-twice', detail: slotId };
    slots.set(slotId, false);
    events.push({ type: 'player/die', slotId, cause });
    return null;
  };
  for (const answer of answers) {
    const { phase } = answer;
    const ends = ord(phase) < toOrd;
    for (const slotId of answer.deaths) {
      const refused = die(slotId, phase.kind === 'day' ? 'killed' : 'killed at night');
      if (refused !== null) return refused;
    }
    if (!ends) continue;
    if (phase.kind === 'day') {
      if (answer.lynched === undefined) return { ok: false, code: 'catch-up/no-lynch-answer', detail: `Day ${phase.number}` };
      const lynched = answer.lynched;
      if (lynched !== null) {
        if (!slots.has(lynched)) return { ok: false, code: 'catch-up/no-such-slot', detail: lynched };
        if (slots.get(lynched) === true) {
          const refused = die(lynched, 'lynched');
          if (refused !== null) return refused;
        }
      }
      events.push({ type: 'day/result', phase, lynched: lynched === null ? [] : [lynched], noVictimRunoff: false });
    }
    events.push({ type: 'phase/start', phase: phaseAtOrdinal(ord(phase) + 1, firstPhase) });
  }
  return { ok: true, events };
}
