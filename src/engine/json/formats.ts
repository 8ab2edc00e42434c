/**
 * Readers for the engine's own data as programs save it (the extension's game
 * file, a game's event log): rosters, phase setups, phase references, player
 * setups, game events and forum posts, each exactly in the shape of its type.
 * Formats written by hand (the CLI's game file) read their friendlier
 * spellings and then build these types.
 */
import type { PhaseSetup } from '../phases/compose';
import type { ClockSchedule, PhaseHours } from '../phases/clock';
import type { KindWords, ManualMark, PhaseMarker } from '../phases/posts';
import type { GameEvent, PhaseRef, PlayerSetup } from '../game/types';
import type { RequestForgery } from '../night/types';
import type { Account, BodyNode, EditInfo, ForumPost, Roster, Slot } from '../types';
import type { VoteGrammar } from '../votes/rules';
import { isNightResult } from '../night/results';
import { isEngineMessage } from '../night/say';
import { patternProblem } from './pattern';
import {
  anyJson,
  array,
  boolean,
  byType,
  describeValue,
  fail,
  integer,
  INVALID,
  literal,
  map,
  nullable,
  number,
  object,
  oneOf,
  optional,
  pathOf,
  recursive,
  string,
  union,
  type Reader,
} from './read';

/**
 * The largest values the engine's saved data may hold (docs/phases-and-breaches.md):
 * well above any real game, low enough that nothing built from them runs long.
 */
export const dataLimits = {
  /** Slots of a roster, players of a setup. */
  players: 500,
  /** Accounts of one slot (replacements), aliases, hosts. */
  accountsPerSlot: 50,
  /** A post number. */
  postNumber: 10_000_000,
  /** A day or night number. */
  phaseNumber: 1000,
  /** Phases a clock schedule lays out (days and nights together). */
  clockPhases: 500,
  /** Marker patterns and hand-set marks. */
  phaseMarks: 1000,
  /** Events of one game's log. */
  events: 200_000,
  /** Nodes of one post body (or one quote's). */
  bodyNodes: 20_000,
  /** How deep quotes and spoilers nest. */
  bodyDepth: 20,
  /** A moment, epoch milliseconds (the largest a JavaScript date holds). */
  time: 8_640_000_000_000_000,
  /** Ids a list names (targets, lynched, winners…). */
  ids: 500,
  /** A vote's stated weight, either way. */
  weight: 100,
} as const;

/** A string that may be empty (texts as a program saved them). */
export const anyText: Reader<string> = string({ nonEmpty: false });
/** A non-empty id or name. */
export const idText: Reader<string> = string({ maxLength: 1000 });
/** The text a move hands on (004 Maid's substitution, L45): a PM's words, up to a long post's length. */
export const moveText: Reader<string> = string({ maxLength: 20_000 });
/** Epoch milliseconds. */
export const epochMs: Reader<number> = number({ min: -dataLimits.time, max: dataLimits.time });
export const postNumber: Reader<number> = integer({ min: 0, max: dataLimits.postNumber });
export const phaseNumber: Reader<number> = integer({ min: 0, max: dataLimits.phaseNumber });
export const phaseKind: Reader<'day' | 'night'> = oneOf(['day', 'night']);
const idList: Reader<string[]> = array(idText, { max: dataLimits.ids });
/** One side of a substitution (004 L85, L86, L77): a check's colour (whether black), or a track's places (player ids). */
const forgedValue: Reader<boolean | string[]> = byType<boolean | string[]>(
  { boolean, list: idList },
  'true, false or a list of player ids',
);
/**
 * What a move hands the Investigator instead of its result, when the real one is `when` (`action/use`'s `forged`);
 * 004 L86: a track's blackening (a side, null for none), when the real one is `blackeningWhen`.
 */
type ForgedShape = { value?: boolean | string[]; when?: boolean | string[]; blackening?: string | null; blackeningWhen?: string | null };
const forgedFields: Reader<ForgedShape> = object<ForgedShape>({
  value: optional(forgedValue),
  when: optional(forgedValue),
  blackening: optional(nullable(idText)),
  blackeningWhen: optional(nullable(idText)),
});
/** Something substituted, and a condition only beside what it conditions. */
export const forgedResult: Reader<ForgedShape> = (value, path, cx) => {
  const read = forgedFields(value, path, cx);
  if (read === INVALID) return INVALID;
  if (read.value === undefined && (read.when !== undefined || read.blackening === undefined))
    return fail(cx, pathOf(path, 'value'), 'missing: the substituted result (true, false or a list of player ids), or a blackening');
  if (read.blackening === undefined && read.blackeningWhen !== undefined)
    return fail(cx, pathOf(path, 'blackening'), 'missing: the substituted blackening (a side, or null) its condition is for');
  return read;
};

/** 004 L86: a role request's answer as the Detective substitutes it, night by night (`RequestForgery`). */
const nightPlaces: Reader<{ night: number; places: string[] }[]> = array(
  object<{ night: number; places: string[] }>({ night: integer({ min: 1, max: 1000 }), places: idList }),
  { max: 1000 },
);
const requestForgery: Reader<RequestForgery> = object<RequestForgery>({ nights: nightPlaces, when: optional(nightPlaces) });

export const phaseRefReader: Reader<PhaseRef> = object<PhaseRef>({ kind: phaseKind, number: phaseNumber });

export const accountReader: Reader<Account> = object<Account>({
  name: idText,
  userId: optional(idText),
  fromPost: optional(postNumber),
});

export const slotReader: Reader<Slot> = object<Slot>({
  id: idText,
  accounts: array(accountReader, { min: 1, max: dataLimits.accountsPerSlot }),
  aliases: optional(array(idText, { max: dataLimits.accountsPerSlot })),
});

export const rosterReader: Reader<Roster> = object<Roster>({
  slots: array(slotReader, { max: dataLimits.players }),
  hosts: array(idText, { max: dataLimits.accountsPerSlot }),
});

const hours: Reader<PhaseHours> = object<PhaseHours>({ start: idText, end: idText, voteOpens: optional(idText) });

export const clockReader: Reader<ClockSchedule> = object<ClockSchedule>({
  timeZone: idText,
  firstDate: idText,
  firstPhase: phaseKind,
  day: hours,
  night: hours,
  phases: integer({ min: 1, max: dataLimits.clockPhases }),
  firstNumber: optional(phaseNumber),
});

/** A marker's pattern: a regular expression that cannot take more than quadratic time on a post (see pattern.ts). */
const markerPattern: Reader<string> = map(string({ maxLength: 2000 }), (pattern, reject) => {
  const problem = patternProblem(pattern);
  return problem === undefined ? pattern : reject(problem);
});

export const phaseMarkerReader: Reader<PhaseMarker> = object<PhaseMarker>({
  pattern: markerPattern,
  event: oneOf(['start', 'end', 'vote-opens', 'deadline']),
  kind: optional(phaseKind),
});

export const manualMarkReader: Reader<ManualMark> = object<ManualMark>({
  post: postNumber,
  kind: phaseKind,
  number: phaseNumber,
  event: oneOf(['start', 'end', 'vote-opens']),
});

export const phaseSetupReader: Reader<PhaseSetup> = object<PhaseSetup>({
  firstPhase: phaseKind,
  clock: optional(clockReader),
  markers: optional(array(phaseMarkerReader, { max: dataLimits.phaseMarks })),
  kindWords: optional(object<KindWords>({ day: array(idText, { max: 50 }), night: array(idText, { max: 50 }) })),
  marks: optional(array(manualMarkReader, { max: dataLimits.phaseMarks })),
  timeZone: optional(idText),
});

export const playerSetupReader: Reader<PlayerSetup> = object<PlayerSetup>({
  slotId: idText,
  name: idText,
  faction: idText,
  role: idText,
  secondRole: optional(idText),
  family: optional(idText),
  rank: optional(integer({ min: 1, max: dataLimits.players })),
  leader: optional(boolean),
  level: optional(idText),
  target: optional(idText),
});

type EventOf<T extends GameEvent['type']> = Extract<GameEvent, { readonly type: T }>;

/** One reader per event type: a new event type does not compile until it has its reader here. */
const eventReaders: { readonly [T in GameEvent['type']]: Reader<EventOf<T>> } = {
  'game/setup': object<EventOf<'game/setup'>>({
    type: literal('game/setup'),
    players: array(playerSetupReader, { max: dataLimits.players }),
    families: optional(idList),
  }),
  'phase/start': object<EventOf<'phase/start'>>({ type: literal('phase/start'), phase: phaseRefReader }),
  'player/replace': object<EventOf<'player/replace'>>({ type: literal('player/replace'), slotId: idText, name: idText }),
  'vote/cast': object<EventOf<'vote/cast'>>({
    type: literal('vote/cast'),
    voter: idText,
    ballot: idText,
    target: nullable(idText),
    weight: optional(number({ min: -dataLimits.weight, max: dataLimits.weight })),
    advance: optional(literal(true)),
  }),
  'vote/withdraw': object<EventOf<'vote/withdraw'>>({ type: literal('vote/withdraw'), voter: idText, ballot: idText }),
  'action/use': object<EventOf<'action/use'>>({
    type: literal('action/use'),
    actor: idText,
    ability: idText,
    targets: idList,
    text: optional(moveText),
    forged: optional(forgedResult),
    at: optional(epochMs),
    requestForged: optional(requestForgery),
  }),
  'action/cancel': object<EventOf<'action/cancel'>>({
    type: literal('action/cancel'),
    at: integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    refused: optional(boolean),
  }),
  'vote/opening-set': object<EventOf<'vote/opening-set'>>({
    type: literal('vote/opening-set'),
    day: phaseNumber,
    at: integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  }),
  'action/refund': object<EventOf<'action/refund'>>({ type: literal('action/refund'), actor: idText, ability: idText, self: boolean }),
  'protection/spend': object<EventOf<'protection/spend'>>({ type: literal('protection/spend'), slotId: idText, protection: idText }),
  'kill/attempt': object<EventOf<'kill/attempt'>>({ type: literal('kill/attempt'), slotId: idText }),
  'leader/set': object<EventOf<'leader/set'>>({ type: literal('leader/set'), slotId: idText }),
  'night/carry': object<EventOf<'night/carry'>>({
    type: literal('night/carry'),
    faction: idText,
    reserveKills: integer({ min: 0, max: dataLimits.players }),
  }),
  'night/hold': object<EventOf<'night/hold'>>({
    type: literal('night/hold'),
    night: integer({ min: 0, max: dataLimits.phaseNumber }),
    actor: idText,
    ability: idText,
    targets: idList,
  }),
  'player/die': object<EventOf<'player/die'>>({ type: literal('player/die'), slotId: idText, cause: anyText, by: optional(idText) }),
  'player/revive': object<EventOf<'player/revive'>>({ type: literal('player/revive'), slotId: idText }),
  'status/add': object<EventOf<'status/add'>>({
    type: literal('status/add'),
    slotId: idText,
    status: idText,
    phases: optional(integer({ min: 1, max: dataLimits.phaseNumber })),
    value: optional(number({ min: -1_000_000, max: 1_000_000 })),
    with: optional(idText),
    by: optional(idText),
  }),
  'status/remove': object<EventOf<'status/remove'>>({ type: literal('status/remove'), slotId: idText, status: idText }),
  'title/grant': object<EventOf<'title/grant'>>({ type: literal('title/grant'), slotId: idText, title: idText }),
  'title/revoke': object<EventOf<'title/revoke'>>({ type: literal('title/revoke'), slotId: idText, title: idText }),
  'player/faction': object<EventOf<'player/faction'>>({ type: literal('player/faction'), slotId: idText, faction: idText }),
  'role/change': object<EventOf<'role/change'>>({
    type: literal('role/change'),
    slotId: idText,
    role: idText,
    secondRole: optional(nullable(idText)),
  }),
  'will/set': object<EventOf<'will/set'>>({ type: literal('will/set'), slotId: idText, text: anyText }),
  'note/leave': object<EventOf<'note/leave'>>({ type: literal('note/leave'), author: idText, text: anyText }),
  'note/refuse': object<EventOf<'note/refuse'>>({ type: literal('note/refuse'), at: integer({ min: 0, max: dataLimits.events }) }),
  'night/collect-choice': object<EventOf<'night/collect-choice'>>({
    type: literal('night/collect-choice'),
    collector: idText,
    victim: idText,
  }),
  'message/send': object<EventOf<'message/send'>>({
    type: literal('message/send'),
    to: nullable(idText),
    text: anyText,
    result: optional(map(anyJson, (value, reject) => (isNightResult(value) ? value : reject('not a night result this Gavel knows')))),
    // What the game rules said, as a message (an event stored before messages were data has only its text).
    message: optional(map(anyJson, (value, reject) => (isEngineMessage(value) ? value : reject('not a message this Gavel knows')))),
  }),
  'strike/add': object<EventOf<'strike/add'>>({ type: literal('strike/add'), slotId: idText, reason: anyText }),
  'day/result': object<EventOf<'day/result'>>({
    type: literal('day/result'),
    phase: phaseRefReader,
    lynched: idList,
    noVictimRunoff: boolean,
    ballot: optional(idText),
  }),
  'ballot/open': object<EventOf<'ballot/open'>>({
    type: literal('ballot/open'),
    ballot: idText,
    candidates: optional(idList),
    afterPost: optional(postNumber),
    approvedBy: optional(anyText),
  }),
  'game/end': object<EventOf<'game/end'>>({ type: literal('game/end'), winners: idList, reason: anyText }),
};

/** A game event, read by its `type`. */
export const gameEventReader: Reader<GameEvent> = union<GameEvent>('type', eventReaders, { expected: 'an event this Gavel knows' });

const bodyReader: Reader<BodyNode[]> = recursive(
  () =>
    array(
      union<BodyNode>('type', {
        text: object<Extract<BodyNode, { type: 'text' }>>({
          type: literal('text'),
          text: anyText,
          bold: optional(literal(true)),
          italic: optional(literal(true)),
          underline: optional(literal(true)),
          struck: optional(literal(true)),
          color: optional(anyText),
          voteTag: optional(literal(true)),
        }),
        break: object<Extract<BodyNode, { type: 'break' }>>({ type: literal('break') }),
        quote: object<Extract<BodyNode, { type: 'quote' }>>({
          type: literal('quote'),
          author: optional(anyText),
          postId: optional(anyText),
          children: bodyReader,
        }),
        spoiler: object<Extract<BodyNode, { type: 'spoiler' }>>({
          type: literal('spoiler'),
          title: optional(anyText),
          children: bodyReader,
        }),
      }),
      { max: dataLimits.bodyNodes },
    ),
  dataLimits.bodyDepth,
);

/** A post body: nodes, quotes and spoilers nested at most `dataLimits.bodyDepth` deep. */
export const postBodyReader: Reader<BodyNode[]> = bodyReader;

/** A forum post exactly as the parsers produce it. */
export const forumPostReader: Reader<ForumPost> = object<ForumPost>({
  id: idText,
  number: postNumber,
  author: anyText,
  authorId: optional(anyText),
  postedAt: nullable(epochMs),
  permalink: optional(anyText),
  edited: optional(
    object<EditInfo>({
      at: optional(epochMs),
      by: optional(anyText),
      count: optional(integer({ min: 0, max: 1_000_000 })),
      reason: optional(anyText),
    }),
  ),
  body: postBodyReader,
});

const keywords: Reader<string[]> = array(string({ maxLength: 200 }), { max: 100 });

/**
 * Changes to a vote grammar (docs/votes.md): any of its settings, each of its
 * own type; a setting the grammar does not have is refused with the nearest.
 */
export const voteGrammarChangesReader: Reader<Partial<VoteGrammar>> = object<Partial<VoteGrammar>>({
  voteKeywords: optional(keywords),
  unvoteKeywords: optional(keywords),
  abbreviatedVoteKeywords: optional(keywords),
  abbreviatedUnvoteKeywords: optional(keywords),
  acceptAbbreviations: optional(boolean),
  colon: optional(oneOf(['optional', 'required'])),
  caseSensitive: optional(boolean),
  keywordTypos: optional(boolean),
  keywordAfterLead: optional(boolean),
  leadWords: optional(keywords),
  targetFillers: optional(keywords),
  noLynchWords: optional(keywords),
  noLynchAllowed: optional(boolean),
  unboldedUnvotes: optional(boolean),
  ownLine: optional(boolean),
  lineStart: optional(boolean),
  greenFontVotes: optional(boolean),
  inflectedNames: optional(oneOf(['match-and-report', 'refuse'])),
  struckVote: optional(oneOf(['nothing', 'unvote'])),
  votesInSpoilers: optional(boolean),
  singleVoteNotes: optional(boolean),
  severalVotesInPost: optional(oneOf(['last', 'first'])),
  bareNameInVoteTag: optional(boolean),
  brokenMarkup: optional(oneOf(['refuse', 'read'])),
});

const momentWords = 'epoch milliseconds or an ISO date-time like "2026-03-24T19:00:00Z"';

/** A moment a host writes: epoch milliseconds, or an ISO date-time string. */
export const momentReader: Reader<number> = byType(
  {
    number: epochMs,
    string: map(string(), (text, reject) => {
      const t = Date.parse(text);
      return Number.isNaN(t) ? reject(`expected ${momentWords}, found ${describeValue(text)}`) : t;
    }),
  },
  momentWords,
);
