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
  checkAction,
  createRng,
  dayKillEvents,
  currentBallot,
  deriveState,
  endDay,
  endedPhasePosts,
  eventsToAppend,
  huntApprovals,
  huntRefusal,
  morningExaminationEvents,
  playerOf,
  pluralityBallots,
  refuseUnlessInProgress,
  roleAbilities,
  settleBallot,
  type DayTally,
  type FlowOptions,
  type FlowRefusal,
  type GameEvent,
  type GameState,
  type PhaseRef,
  type RequestForgery,
  slaveDayMoveTold,
  takesText,
} from '../../../src/engine';
import { countedMessage, engineMessage, word } from '../../../src/engine/words';
import { GavelError } from '../../shared/errors';
import { catalogWording } from '../../shared/engine-wording';
import { postLanguageOf } from '../../shared/post-language';
import type { Handlers } from '../../shared/messaging';
import {
  parseThreadKey,
  type DayBallotView,
  type DayEndPosts,
  type FollowUpBallot,
  type GameOutcomeView,
  type HuntApprovalsView,
  type GameRecord,
} from '../../shared/protocol';
import { appendEvents, getGame } from '../../storage/games';
import { catchUpPlan, countThread } from '../thread-count';
import type { GavelDatabase } from '../../storage/schema';
import { rejectionMessages, rejections } from './night';

type DayMessages =
  | 'day/end'
  | 'day/posts'
  | 'game/outcome'
  | 'phases/catch-up'
  | 'phases/catch-up-apply'
  | 'day/ballot'
  | 'day/open-ballot'
  | 'day/move'
  | 'day/cancel-move'
  | 'day/set-opening';

async function mustGame(db: GavelDatabase, id: string): Promise<GameRecord> {
  const game = await getGame(db, id);
  if (game === null) throw new GavelError('game/not-found', `There is no game "${id}": it may have been deleted`);
  return game;
}

const same = (a: PhaseRef | null | undefined, b: PhaseRef): boolean =>
  a !== null && a !== undefined && a.kind === b.kind && a.number === b.number;

/** How the engine's game flow writes this game's posts and orders its phases. */
export function flowOptionsOf(game: GameRecord): FlowOptions {
  // What the game rules tell players (004's end-of-day moves) is worded by the catalogs, in the posts' language.
  return {
    dialect: game.dialect,
    firstPhase: game.phases.firstPhase,
    language: postLanguageOf(game),
    wording: catalogWording(game.ruleset.data, game.timeZone),
  };
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

/** The game's state, refused unless `day` is the day in progress. */
function dayState(game: GameRecord, day: number): GameState {
  const state = deriveState(game.events);
  const refused = refuseUnlessInProgress(state, { kind: 'day', number: day });
  if (refused !== null) throw flowError(refused, 'day', 'start the day in the event log first');
  return state;
}

/** What the game's count of its thread says of the day: its tally, the thread's latest stored post, the hunt's approvals. */
interface DayCount {
  /** The day's tally (null: no thread, no count, or a post-by-post count only). */
  readonly tally: DayTally | null;
  readonly lastPost?: number;
  /** 004 L164: the witch hunt's approvals read from the day's posts (null: none read, no thread or no count). */
  readonly huntApprovals: HuntApprovalsView | null;
}

/**
 * The day as the game's count of its thread decides it, judged by the posts' times and, for a day still running, the
 * worker's clock `now` (004's day clock, L150, L156, L164).
 */
async function threadCount(db: GavelDatabase, game: GameRecord, now: number): Promise<DayCount> {
  if (game.threadKey === null) return { tally: null, huntApprovals: null };
  const { origin, threadId } = parseThreadKey(game.threadKey);
  const { result } = await countThread(db, origin, threadId, { game, asGame: true, now });
  if (!result.ok) return { tally: null, huntApprovals: null };
  return {
    tally: result.tally ?? null,
    huntApprovals: result.huntApprovals ?? null,
    ...(result.count === null ? {} : { lastPost: result.count.lastPost }),
  };
}

/** The PMs the day's tally sends players (004 L73, L98: the Hero's), to send while the day runs. */
function askedOf(state: GameState, tally: DayTally | null): DayBallotView['asked'] {
  return (tally?.effects ?? []).flatMap((e) =>
    e.type === 'message/send' && e.to !== null
      ? [{ to: e.to, name: playerOf(state, e.to)?.name ?? e.to, text: e.text, ...(e.message === undefined ? {} : { message: e.message }) }]
      : [],
  );
}

/** A ballot opened now: the votes posted so far in the thread belong to the ballots before it. */
const afterPostOf = (lastPost: number | undefined): { readonly afterPost?: number } =>
  lastPost === undefined ? {} : { afterPost: lastPost };

/** The ballot the tally says follows the one decided now, with its candidates (null: none). */
function followUpOf(tally: DayTally | null): { readonly ballot: FollowUpBallot; readonly candidates: readonly string[] } | null {
  if (tally === null) return null;
  if (tally.followUp !== undefined) return { ballot: tally.followUp.ballot, candidates: [] };
  const outcome = tally.outcome;
  if (outcome.kind === 'runoff' || outcome.kind === 'election-runoff') return { ballot: outcome.kind, candidates: outcome.candidates };
  return null;
}

/**
 * Whether the host may call 004's witch hunt now, the approvals it needs, and those read from the thread (null: the
 * rules have no hunt). The host's own word stays the override: he may call the hunt on approvals Gavel could not read.
 */
function huntOffer(state: GameState, game: GameRecord, read: HuntApprovalsView | null): DayBallotView['hunt'] {
  const ruleset = game.ruleset.data;
  const voting = ruleset.voting;
  if (voting.kind !== 'weighted-plurality') return null;
  const approvals = huntApprovals(state, ruleset, voting);
  if (approvals === null) return null;
  const percent = Math.round((voting.day?.huntApprovalShare ?? 1) * 100);
  return { needed: approvals.needed, percent, refused: huntRefusal(state, voting), approvals: read };
}

/** A day move's targets: one to the ability's number (a Liar names up to two, a Witness up to four), each a player of the game. */
function checkMoveTargets(
  game: GameRecord,
  state: GameState,
  actor: string,
  ability: string,
  targets: readonly string[],
  text: string | undefined,
): void {
  const player = playerOf(state, actor);
  const def = player === undefined ? undefined : roleAbilities(player, game.ruleset.data).find((a) => a.id === ability);
  const most = def?.targets ?? 1;
  const name = playerOf(state, actor)?.name ?? actor;
  // Words go only on a move that hands them on (004 L34: the Drug dealer's amount; L125.9: the Agent's side).
  if (text !== undefined && !takesText(def)) {
    throw new GavelError('day/bad-move', `${def?.name ?? ability} takes no words`, {
      words: engineMessage('day/move-no-words', word.ability(ability)),
    });
  }
  // A move that names no player and hands on words says what it means in them, and must have them; one that takes no
  // words is a choice in its own right (004 L41: the Collector's "no role active"; L22: the hacked black's kept role).
  if (most === 0) {
    if (targets.length === 0 && (!takesText(def) || (text !== undefined && text.trim() !== ''))) return;
    throw new GavelError('day/bad-move', `${name}: ${def?.name ?? ability} names no player and needs the player's words`, {
      words: engineMessage('day/move-needs-words', word.text(name), word.ability(ability)),
    });
  }
  // L47: the Wizard's choice of an absent role (`<role>/<his ability of the passive uses-absent-roles>`) names no player.
  const own = ability.includes('/') ? ability.split('/', 2)[1] : undefined;
  const declares =
    player !== undefined &&
    roleAbilities(player, game.ruleset.data).some(
      (a) => a.id === own && a.night !== undefined && 'passive' in a.night && a.night.passive === 'uses-absent-roles',
    );
  if (declares && targets.length === 0) return;
  if (targets.length >= 1 && targets.length <= most && new Set(targets).size === targets.length) return;
  throw new GavelError('day/bad-move', `${def?.name ?? ability} takes 1 to ${most} different targets, not ${targets.length}`, {
    words: countedMessage('day/move-target-count', most, word.ability(ability), word.number(targets.length)),
  });
}

/**
 * 004 L86, L77: a substituted answer goes only with a role request whose holder's colour may substitute it
 * (`roleRequest.forwardForgedBy`), and names players of the game.
 */
function checkForgery(game: GameRecord, state: GameState, actor: string, ability: string, forged: RequestForgery): void {
  const player = playerOf(state, actor);
  const def = player === undefined ? undefined : roleAbilities(player, game.ruleset.data).find((a) => a.id === ability);
  const colour = game.ruleset.data.factions.find((f) => f.id === player?.faction)?.color;
  const may = colour === 'black' || colour === 'grey' ? def?.roleRequest?.forwardForgedBy?.includes(colour) === true : false;
  if (!may)
    throw new GavelError('day/bad-move', `${player?.name ?? actor}'s ${def?.name ?? ability} may not carry a substituted answer`, {
      words: engineMessage('day/move-no-forgery', word.text(player?.name ?? actor), word.ability(ability)),
    });
  const named = [...forged.nights, ...(forged.when ?? [])].flatMap((n) => n.places);
  if (named.some((id) => playerOf(state, id) === undefined))
    throw new GavelError('day/bad-move', 'a substituted answer names someone who is not a player of this game', {
      words: engineMessage('day/move-forgery-unknown-player'),
    });
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
    'day/ballot': async ({ gameId, day }) => {
      const game = await mustGame(db(), gameId);
      const state = dayState(game, day);
      const voting = game.ruleset.data.voting;
      const { tally, huntApprovals: read } = await threadCount(db(), game, now());
      const followUp = followUpOf(tally);
      return {
        gameId,
        day,
        ballot: tally?.ballot ?? (voting.kind === 'weighted-plurality' ? currentBallot(state, voting) : 'lynch'),
        seen: game.events.length,
        followUp: followUp === null ? null : { ...followUp, notes: tally?.notes ?? [] },
        hunt: huntOffer(state, game, read),
        asked: askedOf(state, tally),
      };
    },
    // The host opens the ballot the day's tally calls, or the witch hunt: `ballot/open` in the log, as `gavel play` does.
    'day/open-ballot': async ({ gameId, day, ballot, seen, override }) => {
      const game = await mustGame(db(), gameId);
      if (game.events.length !== seen)
        throw new GavelError('game/changed', 'The game changed in another window: look at it again before going on');
      const state = dayState(game, day);
      const base = { ballot, dialect: game.dialect };
      if (ballot === 'hunt') {
        const hunt = huntOffer(state, game, null);
        if (hunt === null || hunt.refused !== null)
          throw new GavelError('day/no-ballot', `No witch hunt can be called now (${hunt?.refused ?? 'no hunt in these rules'})`, {
            words: engineMessage('day/hunt-refused'),
          });
        const { lastPost } = await threadCount(db(), game, now());
        // L164: the host's tick for approvals read elsewhere is recorded with whose word it was, so it survives a reload.
        const approvedBy = override === true ? (game.roster.hosts[0] ?? 'host') : undefined;
        const open: GameEvent = {
          type: 'ballot/open',
          ballot: pluralityBallots.hunt,
          ...afterPostOf(lastPost),
          ...(approvedBy === undefined ? {} : { approvedBy }),
        };
        const applied = await appendEvents(db(), gameId, seen, [open], now());
        return { ...base, game: applied, resultPost: null };
      }
      const { tally, lastPost } = await threadCount(db(), game, now());
      const followUp = followUpOf(tally);
      if (tally === null || followUp?.ballot !== ballot)
        throw new GavelError(
          'day/no-ballot',
          `The day's count does not call for ${ballot} now (${followUp?.ballot ?? 'nothing follows'})`,
          {
            words: engineMessage('day/ballot-not-called'),
          },
        );
      if (ballot === 'runoff' || ballot === 'election-runoff') {
        const open: GameEvent = { type: 'ballot/open', ballot, candidates: followUp.candidates, ...afterPostOf(lastPost) };
        return { ...base, game: await appendEvents(db(), gameId, seen, [open], now()), resultPost: null };
      }
      // The Priest's re-vote and the extra vote: the settled ballot's lynch or effects are recorded, then the new ballot opens.
      const settled = settleBallot(game.events, game.ruleset.data, day, flowOptionsOf(game), tally, lastPost);
      if (!settled.ok) throw flowError(settled, 'day');
      const applied = await appendEvents(db(), gameId, seen, settled.events, now());
      return { ...base, game: applied, resultPost: settled.resultPost };
    },
    // A day move from a player's PM or post: recorded as `action/use` when the engine allows it, else refused with why.
    'day/move': async ({ gameId, day, actor, ability, targets, at, text, requestForged }) => {
      const game = await mustGame(db(), gameId);
      const state = dayState(game, day);
      const name = playerOf(state, actor)?.name ?? actor;
      const check = checkAction(state, game.ruleset.data, actor, ability, targets);
      if (!check.ok) {
        const message =
          check.reason === 'action/wrong-phase'
            ? engineMessage('day/move-wrong-phase', word.text(name))
            : rejectionMessages[check.reason](name);
        throw new GavelError('day/bad-move', `${name} ${rejections[check.reason]}`, { words: message });
      }
      const words = text?.trim();
      checkMoveTargets(game, state, actor, ability, targets, words === '' ? undefined : words);
      if (requestForged !== undefined) checkForgery(game, state, actor, ability, requestForged);
      // L113: the move keeps when it reached the host, so a before-vote move that came late is skipped by the count.
      const recorded = now();
      const use: GameEvent = {
        type: 'action/use',
        actor,
        ability,
        targets: [...targets],
        at: at ?? recorded,
        ...(words === undefined || words === '' ? {} : { text: words }),
        ...(requestForged === undefined ? {} : { requestForged }),
      };
      // 004 L112: a black Forensic's examination is told at once, in the morning he makes it.
      const examined = morningExaminationEvents(state, game.ruleset.data, { actor, ability, targets: [...targets], at: at ?? recorded });
      // L27: a slave's master is told of the move at once, to approve, change or forbid it.
      const told = [
        ...examined,
        ...slaveDayMoveTold(state, game.ruleset.data, { actor, ability, targets }),
        // A day-only kill (the forum standard's Day Vigilante) kills at once.
        ...dayKillEvents(state, game.ruleset.data, { actor, ability, targets }),
      ];
      return appendEvents(db(), gameId, game.events.length, [use, ...told], recorded);
    },
    // One move of the day taken back on its own, refused to the player or entered by mistake; the log keeps both events.
    'day/cancel-move': async ({ gameId, day, at, refused }) => {
      const game = await mustGame(db(), gameId);
      const state = dayState(game, day);
      if (!state.actions.some((a) => a.at === at))
        throw new GavelError('day/bad-move', 'That move is not one of the day’s recorded moves', {
          words: engineMessage('day/no-such-move'),
        });
      const cancel: GameEvent = { type: 'action/cancel', at, ...(refused ? { refused: true } : {}) };
      return appendEvents(db(), gameId, game.events.length, [cancel], now());
    },
    // L150: the host's own time for the vote's opening, for the day in progress; the count reads it from the log.
    'day/set-opening': async ({ gameId, day, at }) => {
      const game = await mustGame(db(), gameId);
      dayState(game, day);
      if (!Number.isSafeInteger(at) || at < 0)
        throw new GavelError('day/bad-move', `Not a time: ${at}`, { words: engineMessage('day/bad-opening-time') });
      return appendEvents(db(), gameId, game.events.length, [{ type: 'vote/opening-set', day, at }], now());
    },
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
