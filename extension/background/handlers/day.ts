/**
 * The end of a day and of the game: the host names who was lynched (or
 * nobody), the day's result goes into the event log, and the ruleset's win
 * check decides whether the night starts or the game is over, all by the
 * engine's game flow (`endDay`, the same `gavel play` runs). The posts an
 * ended day and an ended game give are composed from the log, so they can be
 * copied again after the popup was closed.
 */
import {
  catchUpEvents,
  createRng,
  deriveState,
  endDay,
  endedPhasePosts,
  eventsToAppend,
  type FlowOptions,
  type FlowRefusal,
  type PhaseRef,
} from '../../../src/engine';
import { GavelError } from '../../shared/errors';
import { postLanguageOf } from '../../shared/post-language';
import type { Handlers } from '../../shared/messaging';
import type { DayEndPosts, GameOutcomeView, GameRecord } from '../../shared/protocol';
import { appendEvents, getGame } from '../../storage/games';
import { catchUpPlan } from '../thread-count';
import type { GavelDatabase } from '../../storage/schema';

type DayMessages = 'day/end' | 'day/posts' | 'game/outcome' | 'phases/catch-up' | 'phases/catch-up-apply';

async function mustGame(db: GavelDatabase, id: string): Promise<GameRecord> {
  const game = await getGame(db, id);
  if (game === null) throw new GavelError('game/not-found', `There is no game "${id}": it may have been deleted`);
  return game;
}

const same = (a: PhaseRef | null | undefined, b: PhaseRef): boolean =>
  a !== null && a !== undefined && a.kind === b.kind && a.number === b.number;

/** How the engine's game flow writes this game's posts and orders its phases. */
export function flowOptionsOf(game: GameRecord): FlowOptions {
  return { dialect: game.dialect, firstPhase: game.phases.firstPhase, language: postLanguageOf(game) };
}

/**
 * A step of the game flow the engine refused, as the error the popup shows:
 * `scope` names the step (`day`, `night`) and `advice` what the host can do
 * when the phase asked for is not the one in progress.
 */
export function flowError(refusal: FlowRefusal, scope: 'day' | 'night', advice?: string): GavelError {
  switch (refusal.code) {
    case 'flow/game-over':
      return new GavelError(`${scope}/game-over`, `${refusal.text}: undo its end in the event log to go on`);
    case 'flow/not-in-progress':
      return new GavelError(
        scope === 'day' ? 'day/not-today' : 'night/not-tonight',
        advice === undefined ? refusal.text : `${refusal.text}: ${advice}`,
      );
    case 'flow/no-such-slot':
    case 'flow/dead-already':
      return new GavelError(`${scope}/bad-lynch`, refusal.text);
    case 'flow/no-night-rules':
      return new GavelError(`${scope}/no-resolver`, refusal.text);
  }
}

/** The posts of an ended day, composed again from the log by the engine's flow (null while the day has not ended). */
export function dayPosts(game: GameRecord, day: number): DayEndPosts | null {
  const phase: PhaseRef = { kind: 'day', number: day };
  if (!game.events.some((e) => e.type === 'day/result' && same(e.phase, phase))) return null;
  // The host's verdict makes no random choice in the day's private messages: the seed is a formality here.
  const ended = endedPhasePosts(game.events, game.ruleset.data, phase, { ...flowOptionsOf(game), nightResolved: false }, createRng(0));
  if (ended === null) return null;
  return {
    day,
    dialect: game.dialect,
    nightStart: ended.next?.openingPost ?? null,
    privateMessages: ended.privateMessages,
    // The win check as it ran when the day ended, for the open questions it met.
    openQuestions: ended.win.openQuestions,
  };
}

/**
 * How the game ended: the win check run again on the log as it stood when the
 * game ended, after the phase then in progress, and the post saying so.
 */
export function gameOutcome(game: GameRecord): GameOutcomeView | null {
  const endAt = game.events.findIndex((e) => e.type === 'game/end');
  if (endAt < 0) return null;
  const state = deriveState(game.events.slice(0, endAt));
  // The phase that ended it: no phase starts once the check has ended the game.
  const after = state.phase;
  if (after === null) return null;
  const ruleset = game.ruleset.data;
  const options = { ...flowOptionsOf(game), nightResolved: after.kind === 'night' };
  const ended = endedPhasePosts(game.events, ruleset, after, options, createRng(0));
  if (ended === null || ended.endPost === null || !ended.win.over) return null;
  const check = ended.win;
  const name = (id: string): string => state.players.find((p) => p.slot.id === id)?.name ?? id;
  return {
    result: check.result ?? 'win',
    after,
    sides: check.winningSides.map((s) => ruleset.factions.find((f) => f.id === s)?.name ?? s),
    sideIds: check.winningSides,
    reason: check.reason,
    winners: check.winners.map(name),
    detail: check.detail,
    openQuestions: check.openQuestions,
    dialect: game.dialect,
    post: ended.endPost,
  };
}

export function dayHandlers(db: () => GavelDatabase, now: () => number): Pick<Handlers, DayMessages> {
  return {
    'day/end': async ({ gameId, day, lynched }) => {
      const game = await mustGame(db(), gameId);
      // The host's verdict makes no random choice (only a tally's vote leaks do): the seed is a formality here.
      const ended = endDay(game.events, game.ruleset.data, day, { by: 'host', lynched }, flowOptionsOf(game), createRng(0));
      if (!ended.ok) throw flowError(ended, 'day');
      const applied = await appendEvents(db(), gameId, game.events.length, eventsToAppend(ended), now());
      const posts: DayEndPosts = {
        day,
        dialect: game.dialect,
        nightStart: ended.next?.openingPost ?? null,
        privateMessages: ended.privateMessages,
        openQuestions: ended.openQuestions,
      };
      return { game: applied, posts };
    },
    'day/posts': async ({ gameId, day }) => dayPosts(await mustGame(db(), gameId), day),
    'game/outcome': async ({ gameId }) => gameOutcome(await mustGame(db(), gameId)),
    // What the thread says of the phases the game has not recorded (a host who set Gavel up mid-game).
    'phases/catch-up': async ({ gameId }) => catchUpPlan(db(), await mustGame(db(), gameId), now()),
    // The host's confirmed answers become ordinary events: each is taken back by the event log's undo.
    'phases/catch-up-apply': async ({ gameId, seen, to, answers }) => {
      const game = await mustGame(db(), gameId);
      if (game.events.length !== seen)
        throw new GavelError('game/changed', 'The game changed in another window: look at it again before going on');
      const made = catchUpEvents(deriveState(game.events), game.phases.firstPhase, to, answers);
      if (!made.ok) throw new GavelError('game/bad-event', `The thread's phases could not be recorded (${made.code}): ${made.detail}`);
      return appendEvents(db(), gameId, seen, made.events, now());
    },
  };
}
