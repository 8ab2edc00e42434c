/**
 * The game flow, written once: ending a day, resolving a night, applying it,
 * the win check and the start of the next phase. `playGame` (scripted games)
 * and the extension's worker (the popup's "End Day N", "Resolve" and "Apply")
 * both call these functions, so a scripted game and a game run from the popup
 * cannot go different ways.
 *
 * Every function is pure: it takes the event log as it stands, the ruleset
 * and its explicit inputs (the host's verdict, a resolution, a random source)
 * and returns the events to append and what the host sees (posts, private
 * messages, notes, the open questions the rules met, the win check). Nothing
 * is appended here: the caller stores the events.
 */
import { composeGameEnd, composePhaseStart, composePrivateMessages, composeVoteResult, type PrivateMessage } from '../announce/compose';
import { composeNightResults } from '../announce/night-results';
import { defaultPostLanguage, postNames, templatesIn } from '../announce/phrases';
import { renderPlain, type Dialect } from '../announce/render';
import type { NightRules } from '../night/rules';
import { defaultTemplatesIn } from '../rules/defaults';
import { rulesetNightRules } from '../rules/sections';
import { resolveNight as runResolver } from '../night/resolve';
import type { NightResolution } from '../night/types';
import { nextPhaseOf } from '../phases/order';
import type { Rng } from '../rng';
import type { OpenQuestionHit, PostLanguage, Ruleset } from '../rules/types';
import type { MessageWording } from '../words';
import { tallyDay } from '../voting/tally';
import type { DayClockInput } from '../voting/day-004-roles';
import type { DayTally } from '../voting/types';
import { checkWin, type WinCheck } from '../win/check';
import { dayDeathCause } from './death-causes';
import { applyEvent, deriveState, playerOf } from './derive';
import { fromNightResolution, toNightInput } from './night-bridge';
import { phaseEndEvents } from './phase-end';
import type { GameEvent, GameState, PhaseRef } from './types';

/** How the game's posts are written and which phase the game starts with. */
export interface FlowOptions {
  readonly dialect: Dialect;
  readonly firstPhase: 'day' | 'night';
  /** The language of the game's posts. @default the ruleset's (`defaultPostLanguage`: Russian for 004) */
  readonly language?: PostLanguage;
  /**
   * How the caller words an engine message in the posts' language (the extension's catalogs through
   * `sayMessage`): what the game rules tell players and the thread (004's end-of-day moves). Without it
   * such a message reads plainly, as its code and arguments (`plainMessage`).
   */
  readonly wording?: MessageWording;
}

/** The language a flow step writes its posts in. */
const languageOf = (ruleset: Ruleset, options: { readonly language?: PostLanguage }): PostLanguage =>
  options.language ?? defaultPostLanguage(ruleset);

/** Why a step of the flow cannot be taken now. */
export type FlowRefusalCode =
  /** The game has ended: nothing follows. */
  | 'flow/game-over'
  /** The phase asked for is not the one in progress. */
  | 'flow/not-in-progress'
  /** The host named a slot the game does not have. */
  | 'flow/no-such-slot'
  /** The host named a player who is dead already. */
  | 'flow/dead-already'
  /** The ruleset has no night rules, so its nights cannot be resolved. */
  | 'flow/no-night-rules';

export interface FlowRefusal {
  readonly ok: false;
  readonly code: FlowRefusalCode;
  /** In the host's words ("Day 2 is not in progress (it is Day 1)"). */
  readonly text: string;
}

/** How a day's result is decided. */
export type DayVerdict =
  /**
   * The ruleset's voting system counts the day's votes in the log (ties and run-offs as it says); with `clock`, the time
   * of counting and of each logged event (004: late before-vote moves are skipped, absent voters forced at the deadline).
   */
  | { readonly by: 'tally'; readonly clock?: DayClockInput }
  /** The host's own call from the thread's count: who was lynched, or nobody (null). */
  | { readonly by: 'host'; readonly lynched: string | null };

/** The phase that follows an ended one, if the game goes on. */
export interface NextPhase {
  readonly phase: PhaseRef;
  /** The event that starts it (append it after the ended phase's `events`). */
  readonly event: GameEvent;
  /** The public post that opens it: who died in the phase before, with what the ruleset reveals. */
  readonly openingPost: string;
}

/** What ending a phase gives: its events, the win check, and either the next phase or the end of the game. */
export interface PhaseEnd {
  readonly phase: PhaseRef;
  /** The events that close the phase, up to and including the game's end; the next phase's start is `next.event`. */
  readonly events: readonly GameEvent[];
  /** The ruleset's win check after the phase. */
  readonly win: WinCheck;
  /** The next phase (null when the win check ended the game). */
  readonly next: NextPhase | null;
  /** The post that ends the game: the deaths of this phase and the winner (null while the game goes on). */
  readonly endPost: string | null;
  /** The phase's private messages to send, one per recipient and text. */
  readonly privateMessages: readonly PrivateMessage[];
  /** Questions the seeds leave open that this step met, with how the ruleset answered them. */
  readonly openQuestions: readonly OpenQuestionHit[];
}

/** An ended day. */
export interface DayEnd extends PhaseEnd {
  /** The tally that decided the day (null when the host gave the verdict). */
  readonly tally: DayTally | null;
  /** The public vote-result post (only from a tally: the host's own count is posted from the thread). */
  readonly resultPost: string | null;
}

/** A resolved night's events in the log, before the night ends. */
export interface NightApplication {
  readonly events: readonly GameEvent[];
  /** What the resolution did besides deaths and statuses (blocks, survivals, refusals, open questions). */
  readonly notes: readonly string[];
}

/** A night applied and ended in one step (the popup's "Apply"). */
export interface NightApplied extends PhaseEnd {
  readonly resolution: NightResolution;
  readonly notes: readonly string[];
}

export type FlowStep<T> = ({ readonly ok: true } & T) | FlowRefusal;

const refuse = (code: FlowRefusalCode, text: string): FlowRefusal => ({ ok: false, code, text });

const phaseText = (phase: PhaseRef): string => `${phase.kind === 'day' ? 'Day' : 'Night'} ${phase.number}`;

/** Everything a phase's end appends to the log, the next phase's start included. */
export function eventsToAppend(end: PhaseEnd): GameEvent[] {
  return [...end.events, ...(end.next === null ? [] : [end.next.event])];
}

/** Refuses a step of `phase` unless the game goes on and `phase` is the phase in progress. */
export function refuseUnlessInProgress(state: GameState, phase: PhaseRef): FlowRefusal | null {
  if (state.ended !== undefined) return refuse('flow/game-over', 'The game is over');
  const current = state.phase;
  if (current === null || current.kind !== phase.kind || current.number !== phase.number) {
    const now = current === null ? 'the game has not started' : `it is ${phaseText(current)}`;
    return refuse('flow/not-in-progress', `${phaseText(phase)} is not in progress (${now})`);
  }
  return null;
}

/** The night rules of a ruleset (the one place they are looked up), or undefined when it has none. */
export function nightRulesFor(ruleset: Ruleset): NightRules | undefined {
  return rulesetNightRules(ruleset);
}

/**
 * The public notice a status's end gives (000: "Hana is no longer poisoned."),
 * when `event` takes a public status off a player who has it; null otherwise.
 * `state` is the state before the event.
 */
export function statusEndNotice(
  state: GameState,
  ruleset: Ruleset,
  event: GameEvent,
  language: PostLanguage = defaultPostLanguage(ruleset),
): GameEvent | null {
  if (event.type !== 'status/remove' || !ruleset.announcements.publicStatuses.includes(event.status)) return null;
  const player = playerOf(state, event.slotId);
  if (player?.statuses.some((s) => s.id === event.status) !== true) return null;
  // 000: "The only events that are announced publicly are deaths, poisonings, and being cured from poison": a status
  // that ends with its holder's death is not announced as ended.
  if (!player.alive) return null;
  // A ruleset's own templates without `statusEnd` take the language's default one.
  const template = templatesIn(ruleset, language).statusEnd ?? defaultTemplatesIn[language].statusEnd ?? '';
  const text = renderPlain(template, { name: player.name, status: postNames(ruleset, language).status(event.status) });
  return { type: 'message/send', to: null, text };
}

/** `events` applied to `state`, each followed by the notice it gives; returns the events with their notices and the state after. */
function settle(
  state: GameState,
  ruleset: Ruleset,
  events: readonly GameEvent[],
  language: PostLanguage,
): { events: GameEvent[]; state: GameState } {
  const out: GameEvent[] = [];
  let current = state;
  const add = (event: GameEvent): void => {
    current = applyEvent(current, event, current.eventCount);
    out.push(event);
  };
  // Players who die in this batch: their statuses end with them, unannounced (see statusEndNotice).
  const dying = new Set(events.flatMap((e) => (e.type === 'player/die' ? [e.slotId] : [])));
  for (const event of events) {
    const notice = event.type === 'status/remove' && dying.has(event.slotId) ? null : statusEndNotice(current, ruleset, event, language);
    add(event);
    if (notice !== null) add(notice);
  }
  return { events: out, state: current };
}

/**
 * Closes `phase` on `state` (whose events are `before`): the phase's private
 * messages, the win check and its own effects, then the game's end with its
 * post or the next phase with its opening post.
 */
function closePhase(
  atEnd: GameState,
  ruleset: Ruleset,
  phase: PhaseRef,
  phaseEvents: readonly GameEvent[],
  options: FlowOptions,
  rng: Rng,
  privateOptions: { readonly tally: DayTally | null; readonly nightResolved: boolean },
): PhaseEnd {
  const language = languageOf(ruleset, options);
  // What the ruleset applies at a phase's end (003 arrests, wills, leadership; 001 a lynched Hitman's successor).
  const ending = phaseEndEvents(atEnd, ruleset, phase, rng, language, options.wording);
  const endSettled = settle(atEnd, ruleset, ending.events, language);
  const state = endSettled.state;
  const before = [...phaseEvents, ...endSettled.events];
  const messages = composePrivateMessages(state, ruleset, phase, privateOptions.tally, rng, {
    nightResolved: privateOptions.nightResolved,
    language,
    ...(options.wording === undefined ? {} : { wording: options.wording }),
  });
  const win = checkWin(state, ruleset, phase);
  const settled = settle(state, ruleset, win.effects, language);
  const events = [...before, ...settled.events];
  const openQuestions = [...ending.openQuestions, ...messages.openQuestions, ...win.openQuestions];
  if (win.over) {
    const end: GameEvent = { type: 'game/end', winners: win.winners, reason: win.reason };
    const endState = applyEvent(settled.state, end, settled.state.eventCount);
    return {
      phase,
      events: [...events, end],
      win,
      next: null,
      endPost: composeGameEnd(win, endState, ruleset, phase, options.dialect, language, options.wording),
      privateMessages: messages.messages,
      openQuestions,
    };
  }
  const nextPhase = nextPhaseOf(phase, options.firstPhase);
  const start: GameEvent = { type: 'phase/start', phase: nextPhase };
  const started = applyEvent(settled.state, start, settled.state.eventCount);
  return {
    phase,
    events,
    win,
    next: {
      phase: nextPhase,
      event: start,
      openingPost: composePhaseStart(started, ruleset, phase, options.dialect, language, options.wording),
    },
    endPost: null,
    privateMessages: messages.messages,
    openQuestions,
  };
}

/**
 * Starts the game's first phase: its start event and its opening post (who is
 * alive; nobody has died yet).
 */
export function startGame(log: readonly GameEvent[], ruleset: Ruleset, options: FlowOptions): FlowStep<NextPhase> {
  const state = deriveState(log);
  if (state.ended !== undefined) return refuse('flow/game-over', 'The game is over');
  if (state.phase !== null) return refuse('flow/not-in-progress', `The game has started already (it is ${phaseText(state.phase)})`);
  const phase = nextPhaseOf(null, options.firstPhase);
  const event: GameEvent = { type: 'phase/start', phase };
  const started = applyEvent(state, event, state.eventCount);
  return { ok: true, phase, event, openingPost: composePhaseStart(started, ruleset, null, options.dialect, languageOf(ruleset, options)) };
}

/**
 * Ends `day`: records its result (the tally's lynch with its effects, or the
 * host's verdict), runs the ruleset's win check, and ends the game or starts
 * the next phase. The vote-result post comes with a tallied day.
 */
export function endDay(
  log: readonly GameEvent[],
  ruleset: Ruleset,
  day: number,
  verdict: DayVerdict,
  options: FlowOptions,
  rng: Rng,
): FlowStep<DayEnd> {
  const phase: PhaseRef = { kind: 'day', number: day };
  const state = deriveState(log);
  const refused = refuseUnlessInProgress(state, phase);
  if (refused !== null) return refused;
  let tally: DayTally | null = null;
  const result: GameEvent[] = [];
  if (verdict.by === 'tally') {
    tally = tallyDay(state, ruleset, verdict.clock);
    result.push(...tallyEvents(state, tally, phase));
  } else {
    if (verdict.lynched !== null) {
      const player = playerOf(state, verdict.lynched);
      if (player === undefined) return refuse('flow/no-such-slot', `There is no slot "${verdict.lynched}" in this game`);
      if (!player.alive) return refuse('flow/dead-already', `${player.name} is dead already`);
      result.push({ type: 'player/die', slotId: verdict.lynched, cause: 'lynched' });
    }
    result.push({ type: 'day/result', phase, lynched: verdict.lynched === null ? [] : [verdict.lynched], noVictimRunoff: false });
  }
  const language = languageOf(ruleset, options);
  const settled = settle(state, ruleset, result, language);
  const resultPost = tally === null ? null : composeVoteResult(tally, settled.state, ruleset, options.dialect, language);
  const closed = closePhase(settled.state, ruleset, phase, settled.events, options, rng, { tally, nightResolved: false });
  // What the day's end tells the thread goes with the vote result (004 L18, L53: "Ведущий сообщит в итоге голосования").
  const endWords = closed.events
    .slice(settled.events.length)
    .flatMap((e) =>
      e.type === 'message/send' && e.to === null
        ? [e.message === undefined ? e.text : (options.wording?.(e.message, language) ?? e.text)]
        : [],
    );
  return {
    ok: true,
    ...closed,
    openQuestions: [...(tally?.openQuestions ?? []), ...closed.openQuestions],
    tally,
    resultPost: resultPost === null || endWords.length === 0 ? resultPost : [resultPost, ...endWords].join('\n\n'),
  };
}

/** A tally's deaths, effects and the day's result, as events for the log. */
function tallyEvents(state: GameState, tally: DayTally, phase: PhaseRef): GameEvent[] {
  const result: GameEvent[] = [];
  for (const d of tally.deaths) {
    // The tally words a death in English; the log keeps its code, for each reader to word.
    const coded = dayDeathCause(d.cause, (name) => state.players.find((p) => p.name === name)?.slot.id);
    result.push({
      type: 'player/die',
      slotId: d.slotId,
      cause: coded?.cause ?? d.cause,
      ...(coded?.by === undefined ? {} : { by: coded.by }),
    });
  }
  result.push(...tally.effects);
  result.push({
    type: 'day/result',
    phase,
    lynched: tally.deaths.map((d) => d.slotId),
    noVictimRunoff: tally.outcome.kind === 'no-lynch' && tally.outcome.reason === 'no-lynch/strict-tie-few-negatives',
    ballot: tally.ballot,
  });
  return result;
}

/** A ballot of a day settled while the day goes on (004: before the Priest's re-vote or the extra vote). */
export interface BallotSettled {
  readonly tally: DayTally;
  /** The ballot's deaths, effects and result (the extra vote), then the next ballot's opening. */
  readonly events: readonly GameEvent[];
  /** The public vote-result post of the settled ballot. */
  readonly resultPost: string;
}

/**
 * Settles the ballot in progress of `day` when its tally says another ballot
 * follows the same day (004: the Priest's re-vote, L30; the extra vote after a
 * lone Faceless or Hero-saved lynch, L156–L157): records what it decided and
 * opens the next ballot. Refused (`flow/not-in-progress`) when no ballot follows.
 * `counted` is the ballot's tally when its votes are not in the log (the
 * popup's games count them from the thread); the log's own tally otherwise.
 */
export function settleBallot(
  log: readonly GameEvent[],
  ruleset: Ruleset,
  day: number,
  options: FlowOptions,
  /** The ballot's tally where the votes are not in the log (the extension counts them from the thread's posts). */
  counted?: DayTally,
  /** The thread's last post read when the ballot opens (see the `ballot/open` event). */
  afterPost?: number,
): FlowStep<BallotSettled> {
  const phase: PhaseRef = { kind: 'day', number: day };
  const state = deriveState(log);
  const refused = refuseUnlessInProgress(state, phase);
  if (refused !== null) return refused;
  const tally = counted ?? tallyDay(state, ruleset);
  const followUp = tally.followUp;
  if (followUp === undefined) return refuse('flow/not-in-progress', `No other vote follows on ${phaseText(phase)}`);
  const recorded = followUp.ballot === 'extra' ? tallyEvents(state, tally, phase) : [...tally.effects];
  const language = languageOf(ruleset, options);
  const settled = settle(
    state,
    ruleset,
    [...recorded, { type: 'ballot/open', ballot: followUp.ballot, ...(afterPost === undefined ? {} : { afterPost }) }],
    language,
  );
  const resultPost = composeVoteResult(tally, settled.state, ruleset, options.dialect, language);
  return { ok: true, tally, events: settled.events, resultPost };
}

/**
 * Resolves `night` with the ruleset's night rules, from the log with the
 * night's actions in it (in the order they were sent). Changes nothing: the
 * resolution is applied with `applyNightResolution` or `applyNight`.
 */
export function resolveGameNight(
  log: readonly GameEvent[],
  ruleset: Ruleset,
  night: number,
  rng: Rng,
  /** The game's language and wording: the Maid reads her target's end-of-day words as the posts word them (004 L45). */
  options: { readonly language?: PostLanguage; readonly wording?: MessageWording } = {},
): FlowStep<{ readonly resolution: NightResolution }> {
  const state = deriveState(log);
  const refused = refuseUnlessInProgress(state, { kind: 'night', number: night });
  if (refused !== null) return refused;
  const rules = nightRulesFor(ruleset);
  if (rules === undefined) return refuse('flow/no-night-rules', `There are no night rules for the ruleset "${ruleset.name}"`);
  const wording = options.wording;
  const language = languageOf(ruleset, options);
  const say = wording === undefined ? undefined : (m: Parameters<MessageWording>[0]): string => wording(m, language);
  return { ok: true, resolution: runResolver(toNightInput(state, rules, ruleset, say), rules, rng) };
}

/**
 * A resolution's events for the log (deaths, statuses, role changes, result
 * messages, refunded uses), the notices of public statuses it ended, and the
 * ruleset's public night results; the night goes on.
 */
export function applyNightResolution(
  log: readonly GameEvent[],
  ruleset: Ruleset,
  resolution: NightResolution,
  options: { readonly language?: PostLanguage } = {},
): NightApplication {
  const language = languageOf(ruleset, options);
  const state = deriveState(log);
  const { events, notes } = fromNightResolution(resolution, state, ruleset, nightRulesFor(ruleset));
  const results = composeNightResults(resolution, state, ruleset, language).map((text): GameEvent => ({
    type: 'message/send',
    to: null,
    text,
  }));
  return { events: settle(state, ruleset, [...events, ...results], language).events, notes };
}

/**
 * Ends `night` as it stands in the log (its outcome applied already, from a
 * resolution or stated by the host): its private messages, the win check, and
 * the next day or the end of the game. `nightResolved` says the night rules
 * told the night's results themselves.
 */
export function endNight(
  log: readonly GameEvent[],
  ruleset: Ruleset,
  night: number,
  options: FlowOptions & { readonly nightResolved: boolean },
  rng: Rng,
): FlowStep<PhaseEnd> {
  const phase: PhaseRef = { kind: 'night', number: night };
  const state = deriveState(log);
  const refused = refuseUnlessInProgress(state, phase);
  if (refused !== null) return refused;
  return { ok: true, ...closePhase(state, ruleset, phase, [], options, rng, { tally: null, nightResolved: options.nightResolved }) };
}

/**
 * Applies a resolution of `night` and ends the night: the resolution's
 * events, the win check, and the next day's start post or the game's end,
 * with every private result to send.
 */
export function applyNight(
  log: readonly GameEvent[],
  ruleset: Ruleset,
  night: number,
  resolution: NightResolution,
  options: FlowOptions,
  rng: Rng,
): FlowStep<NightApplied> {
  const refused = refuseUnlessInProgress(deriveState(log), { kind: 'night', number: night });
  if (refused !== null) return refused;
  const applied = applyNightResolution(log, ruleset, resolution, options);
  const ended = endNight([...log, ...applied.events], ruleset, night, { ...options, nightResolved: true }, rng);
  if (!ended.ok) return ended;
  const { ok: _ok, ...end } = ended;
  return { ok: true, ...end, events: [...applied.events, ...end.events], resolution, notes: applied.notes };
}

/** What an ended phase gave the host, composed again from the log (the popup was closed and opened again). */
export interface EndedPhasePosts {
  readonly phase: PhaseRef;
  /** The phase that followed, with its opening post (null when the game ended with this phase). */
  readonly next: { readonly phase: PhaseRef; readonly openingPost: string } | null;
  readonly privateMessages: readonly PrivateMessage[];
  /** The win check run again on the log as it stood when the phase ended (it is a pure function of it). */
  readonly win: WinCheck;
  /** The post that ended the game (null when the game went on). */
  readonly endPost: string | null;
}

/**
 * The posts `phase` gave when it ended, from the log: the same composers on
 * the same states as the step that ended it, so a post copied later is the
 * post shown then. Null while the phase has not ended. A day's vote leaks
 * (000's Court Secretary) are a random choice made once, so they are not
 * composed again; `nightResolved` says the night rules told the night's
 * results themselves.
 */
export function endedPhasePosts(
  log: readonly GameEvent[],
  ruleset: Ruleset,
  phase: PhaseRef,
  options: FlowOptions & { readonly nightResolved: boolean },
  rng: Rng,
): EndedPhasePosts | null {
  const same = (p: PhaseRef): boolean => p.kind === phase.kind && p.number === phase.number;
  const startAt = log.findIndex((e) => e.type === 'phase/start' && same(e.phase));
  if (startAt < 0) return null;
  const endAt = log.findIndex((e, i) => i > startAt && (e.type === 'phase/start' || e.type === 'game/end'));
  const end = log[endAt];
  if (end === undefined) return null;
  const closed = deriveState(log.slice(0, endAt));
  const win = checkWin(closed, ruleset, phase);
  const language = languageOf(ruleset, options);
  const { messages } = composePrivateMessages(closed, ruleset, phase, null, rng, {
    nightResolved: options.nightResolved,
    language,
    ...(options.wording === undefined ? {} : { wording: options.wording }),
  });
  if (end.type !== 'phase/start') {
    const endPost = composeGameEnd(win, closed, ruleset, phase, options.dialect, language, options.wording);
    return { phase, next: null, privateMessages: messages, win, endPost };
  }
  const started = applyEvent(closed, end, endAt);
  return {
    phase,
    next: { phase: end.phase, openingPost: composePhaseStart(started, ruleset, phase, options.dialect, language, options.wording) },
    privateMessages: messages,
    win,
    endPost: null,
  };
}
