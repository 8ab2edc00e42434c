/**
 * Every message between the content script, the extension pages (popup and
 * dashboard) and the service worker. One entry per message type: its request,
 * its response and who may send it. The worker's handler table is typed as a
 * total record over these keys, so a message without a handler fails tsc.
 *
 * Payloads are plain JSON (no Map, Set, Date or class instances).
 */
import type {
  BreachReason,
  GameEvent,
  NightResolution,
  NightResult,
  PhaseRef,
  PhaseSetup,
  PlayerSetup,
  PresetRulesetId,
  Roster,
  Ruleset,
  Sanction,
  VoteGrammar,
  VoteReason,
} from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import type { SenderKind, SerializedError } from './errors';

export type { SenderKind } from './errors';

/** The thread facts a content script reports with a page. */
export interface ThreadRef {
  /** The forum's origin, e.g. `https://forum.mafiascum.net`. */
  readonly origin: string;
  /** The forum's own thread id. */
  readonly threadId: string;
  readonly title: string;
}

export interface PageReport {
  readonly thread: ThreadRef;
  readonly engine: string;
  readonly url: string;
  readonly pageNumber: number;
  readonly pageCount: number;
  /** A hash of the page's posts, so an unchanged page is not stored again. */
  readonly contentHash: string;
  readonly posts: readonly ForumPost[];
}

export interface ThreadSummary {
  readonly key: string;
  readonly origin: string;
  readonly threadId: string;
  readonly title: string;
  readonly engine: string;
  readonly postCount: number;
  readonly pagesSeen: number;
  readonly tracked: boolean;
}

/** The vote count as the panel shows it (names are the slots' current names). */
export interface VoteCountView {
  readonly day: number;
  readonly alive: number;
  /** Votes a wagon needs; null where the rules have no threshold (004's plurality: the most votes at the deadline decide). */
  readonly threshold: number | null;
  /** What reaching the threshold does, in words ("lynch", "eliminate"). */
  readonly thresholdLabel: string;
  /** The post number the count is as of. */
  readonly asOfPost: number;
  /** Whether the host picked the post the count is as of (false: the latest post). */
  readonly chosenAsOf: boolean;
  /** The latest post stored. */
  readonly lastPost: number;
  /** Wagons, biggest first; `lMinus` is L-n (null where the rules have no threshold). */
  readonly wagons: readonly {
    readonly target: string;
    readonly votes: number;
    readonly lMinus: number | null;
    readonly voters: readonly string[];
  }[];
  readonly notVoting: readonly string[];
  readonly hammer: { readonly target: string; readonly post: number } | null;
  /** Where the rules lock a wagon at the threshold: the wagon and the post that locked it. */
  readonly lock: { readonly target: string; readonly post: number } | null;
  /** Vote-like lines that were not counted, with the reason in words, latest last. */
  readonly notCounted: readonly {
    readonly post: number;
    readonly author: string;
    readonly text: string;
    readonly reason: string;
    /** The engine's reason, for words in the host's language. */ readonly code: VoteReason | null;
  }[];
  /** Where the roster came from, said to the host ("the player list in post #0"). */
  readonly rosterSource: string;
  /** How the phases were set, said to the host. */
  readonly phaseSource: string;
  /** What Gavel read in each post that has something to say (posts with nothing are left out). */
  readonly posts: readonly PostVerdictView[];
  readonly breaches: readonly BreachView[];
  /** The vote count post, ready to paste into the thread. */
  readonly voteCountPost: { readonly dialect: OutputDialect; readonly text: string };
}

/** Something about a post besides its votes, in words. */
export interface PostMarkView {
  readonly kind: 'night-post' | 'edited' | 'dead-poster' | 'replaced' | 'non-player' | 'inactive';
  readonly text: string;
}

/** What Gavel read in one post. */
export interface PostVerdictView {
  readonly post: number;
  readonly postId: string;
  readonly author: string;
  /** "Day 1", "Night 1"; null between phases or before the game. */
  readonly phase: string | null;
  /** Each vote or unvote line: counted for whom, or why not. */
  readonly votes: readonly {
    readonly action: 'vote' | 'unvote';
    readonly text: string;
    readonly counted: boolean;
    readonly target: string | null;
    readonly reason: string | null;
    /** The engine's reason for `reason`, for words in the host's language. */
    readonly code: VoteReason | null;
  }[];
  readonly marks: readonly PostMarkView[];
}

/** One breach of the rules, as the panel lists it. */
export interface BreachView {
  readonly id: string;
  readonly post: number | null;
  readonly postId: string | null;
  readonly permalink?: string;
  readonly player: string;
  readonly phase: string | null;
  /** The breach in a few words ("posted at night"). */
  readonly rule: string;
  /** The engine's reason and sanction behind `rule` and `sanction`, for words in the host's language. */
  readonly code: BreachReason;
  readonly sanctionCode: Sanction;
  /** The rule's own wording. */
  readonly ruleText: string;
  readonly sanction: string;
  readonly detail: string;
  /** The host pardoned it (a configured game's pardons): it no longer counts. */
  readonly pardoned?: { readonly note: string };
}

/** How the worker's crawl of a thread's unread pages stands. */
export interface CrawlStatus {
  readonly status: 'running' | 'done' | 'failed';
  /** Pages of the thread stored (read in a tab or fetched by the crawl). */
  readonly pagesDone: number;
  /** Pages of the thread as last seen (null: not known yet). */
  readonly pageCount: number | null;
  /** Page numbers still to fetch, in order. */
  readonly pending: readonly number[];
  /** Why the crawl stopped, in words a host can act on (status `failed`). */
  readonly error: string | null;
}

export type OutputDialect = 'bbcode' | 'markdown';

/** The language of Gavel's own pages: the browser's, or one the host picks. */
export type UiLanguage = 'auto' | 'en' | 'ru';

/** What the toolbar badge shows on a tracked thread's tab: the leading wagon ("4/5") or the time to the next deadline ("5h"). */
export type BadgeMode = 'votes' | 'deadline';

/** The vote grammar fields a host may change in Settings. */
export const voteGrammarSettingKeys = [
  'voteKeywords',
  'unvoteKeywords',
  'acceptAbbreviations',
  'colon',
  'noLynchWords',
  'noLynchAllowed',
  'unboldedUnvotes',
  'ownLine',
  'votesInSpoilers',
  'struckVote',
  'severalVotesInPost',
] as const satisfies readonly (keyof VoteGrammar)[];

/** Only what the host changed of the vote grammar; every other field is the rules' own. Applied to every thread counted. */
export type VoteGrammarSettings = Partial<Pick<VoteGrammar, (typeof voteGrammarSettingKeys)[number]>>;

export interface Settings {
  readonly outputDialect: OutputDialect;
  /** @default 'auto' */
  readonly language: UiLanguage;
  /** @default {} (the rules' own grammar) */
  readonly voteGrammar: VoteGrammarSettings;
  /** Minutes before a deadline to remind the host (0: at the deadline). @default [60] */
  readonly reminders: readonly number[];
  /** @default 'votes' */
  readonly badge: BadgeMode;
}

/** A game's next deadline, as the popup shows it. */
export interface DeadlineView {
  readonly phase: PhaseRef;
  /** "Day 2". */
  readonly label: string;
  /** UTC epoch ms. */
  readonly at: number;
  /** The game's clock schedule, or the host's deadline post. */
  readonly source: 'schedule' | 'host post';
  /** The IANA zone the game's times are written in. */
  readonly timeZone: string;
}

/** The ruleset a game is played by: the preset it comes from (null: the host's own) and all of its data. */
export interface GameRuleset {
  readonly presetId: PresetRulesetId | null;
  readonly data: Ruleset;
}

/**
 * A game as the host set it up, with its event log. The roster's `hosts` are
 * the hosts' account names. `events[0]` is always the `game/setup` event built
 * from `players`, so `deriveState(events)` gives the game's state as it stands.
 */
export interface GameRecord {
  readonly id: string;
  /** The thread the game is played in (`${origin}|${threadId}`), or null when not chosen yet. */
  readonly threadKey: string | null;
  readonly title: string;
  readonly ruleset: GameRuleset;
  readonly roster: Roster;
  /** Where the roster came from, in the host's words ("the player list in post #0", "pasted by the host"). */
  readonly rosterSource: string;
  /** Faction, role and family of every slot, in roster order. */
  readonly players: readonly PlayerSetup[];
  readonly phases: PhaseSetup;
  /** IANA zone name the game's times are read and written in. */
  readonly timeZone: string;
  readonly events: readonly GameEvent[];
  readonly dialect: OutputDialect;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** One line of the games list. */
export interface GameSummary {
  readonly id: string;
  readonly title: string;
  readonly threadKey: string | null;
  readonly rulesetName: string;
  readonly players: number;
  readonly alive: number;
  /** The phase in progress (from the event log), or null before the first phase starts. */
  readonly phase: PhaseRef | null;
  readonly updatedAt: number;
}

/** Where a new game's roster comes from. */
export type RosterInput = { readonly from: 'opening-post' } | { readonly from: 'text'; readonly text: string };

/** What the host changes in a game's setup; every field is optional. */
export interface GameSetupPatch {
  readonly title?: string;
  readonly threadKey?: string | null;
  /** A preset by id, or a ruleset of the host's own (checked like `gavel rulesets --check`). */
  readonly ruleset?: { readonly presetId: PresetRulesetId } | { readonly custom: unknown };
  readonly roster?: Roster;
  readonly players?: readonly PlayerSetup[];
  readonly phases?: PhaseSetup;
  readonly timeZone?: string;
  readonly dialect?: OutputDialect;
}

/** A host's entry in a game's event log. */
export type HostEvent =
  | { readonly kind: 'death'; readonly slotId: string; readonly cause: string }
  | { readonly kind: 'mod-kill'; readonly slotId: string; readonly reason: string }
  | { readonly kind: 'replacement'; readonly slotId: string; readonly name: string; readonly fromPost: number | null }
  | { readonly kind: 'phase-start'; readonly phase: PhaseRef };

/** A night action entered from a role PM. */
export interface NightActionEntry {
  readonly gameId: string;
  readonly night: number;
  /** The actor's slot id. */
  readonly actor: string;
  /** An ability id of the actor's role. */
  readonly ability: string;
  /** Slot (or family) ids. */
  readonly targets: readonly string[];
  /** When the role PM was sent (UTC ms), where the host gave it. */
  readonly pmAt: number | null;
  readonly enteredAt: number;
}

/** A night as resolved by the engine, and whether its deaths were put into the event log. */
export interface NightResolutionEntry {
  readonly gameId: string;
  readonly night: number;
  readonly resolution: NightResolution;
  readonly applied: boolean;
  readonly resolvedAt: number;
  /** The seed of the resolver's random choices: the same actions and seed give the same resolution. */
  readonly seed?: number;
}

/** A stored night action with its id (to take it back). */
export interface NightActionItem extends NightActionEntry {
  readonly id: number;
}

/** One night as the host works on it: the actions entered, who has sent nothing yet, the latest resolution. */
export interface NightView {
  readonly gameId: string;
  readonly night: number;
  readonly actions: readonly NightActionItem[];
  /** Living players with a night ability and no action entered this night (a faction's shared kill counts once). */
  readonly waiting: readonly { readonly slotId: string; readonly name: string; readonly abilities: readonly string[] }[];
  readonly resolution: NightResolutionEntry | null;
  /** Once the night is applied and the next day has begun: the posts it gave, to copy again. */
  readonly posts: NightPosts | null;
}

/** What an applied night gives the host to post: the day-start post and the private result messages. */
export interface NightPosts {
  readonly phase: PhaseRef;
  readonly dialect: OutputDialect;
  readonly dayStart: string;
  /** `text` is English; a night's result also comes as data, for the popup to write in the host's language. */
  readonly privateMessages: readonly { readonly to: string; readonly name: string; readonly text: string; readonly result?: NightResult }[];
}

/** What ending a day gives the host to post: the start of the night after it (null when the game ended with the day). */
export interface DayEndPosts {
  readonly day: number;
  readonly dialect: OutputDialect;
  readonly nightStart: string | null;
  /** The day's private messages to send (000: the Witness learns the roles of the day's dead). */
  readonly privateMessages: readonly { readonly to: string; readonly name: string; readonly text: string }[];
  /** Questions the seeds leave open that the day's win check ran into, with the game's setting ("the mafia (2) equals the rest (2)"). */
  readonly openQuestions: readonly OpenQuestionView[];
}

/** A question the seeds leave open that the game hit, and how the game's setting answered it. */
export interface OpenQuestionView {
  readonly setting: string;
  readonly chosen: string;
  readonly detail: string;
}

/** How a finished game ended, by the ruleset's win rule, with the post that announces it. */
export interface GameOutcomeView {
  readonly result: 'win' | 'draw';
  /** The phase after which the win check ended the game. */
  readonly after: PhaseRef;
  /** Winning sides (factions, or 000's families) by name. */
  readonly sides: readonly string[];
  /** The players who win, by name. */
  readonly winners: readonly string[];
  /** Why, in the host's words. */
  readonly detail: string;
  /** Questions the seeds leave open that the deciding win check ran into. */
  readonly openQuestions: readonly OpenQuestionView[];
  readonly dialect: OutputDialect;
  readonly post: string;
}

/** A breach the host forgave, with the host's note. */
export interface PardonEntry {
  readonly gameId: string;
  readonly breachId: string;
  readonly note: string;
  readonly pardonedAt: number;
}

/** One breach in a player's ledger: as the panel lists it, with its sanction and the host's pardon. */
export interface LedgerBreachView extends Omit<BreachView, 'pardoned'> {
  /** Whether the host pardoned it, with the note saying why (null: it counts). */
  readonly pardon: { readonly note: string; readonly pardonedAt: number } | null;
}

/** A player's standing under the ruleset's thresholds, pardoned breaches left out. */
export type BreachStanding = 'clear' | 'warned' | 'mod-kill-due' | 'exiled';

export interface PlayerLedgerView {
  /** The slot, or null for someone who is not in the game. */
  readonly slot: string | null;
  readonly name: string;
  readonly standing: BreachStanding;
  readonly warnings: number;
  readonly strikes: number;
  readonly breaches: readonly LedgerBreachView[];
}

/** A game's breach ledger (null `players` with a reason when the thread cannot be counted yet). */
export interface BreachLedgerView {
  readonly gameId: string;
  /** The ruleset whose breach rules and thresholds apply. */
  readonly rules: string;
  /** The thresholds in words ("3 warnings make a strike; 2 strikes: mod kill"). */
  readonly thresholds: string;
  readonly players: readonly PlayerLedgerView[];
  /** Why there is no ledger yet (no thread, nothing read), else null. */
  readonly reason: string | null;
  /** Pardons whose breach is no longer found (the thread or setup changed). */
  readonly unmatchedPardons: readonly { readonly breachId: string; readonly note: string }[];
}

export type PublishedPostKind = 'vote-count' | 'day-start' | 'night-start' | 'night-results' | 'role-pm' | 'game-end';

/** A post Gavel wrote for the host to publish. */
export interface PublishedPostEntry {
  readonly gameId: string;
  readonly kind: PublishedPostKind;
  /** The phase it was written for (null: before the game started, e.g. role PMs). */
  readonly phase: PhaseRef | null;
  readonly text: string;
  readonly dialect: OutputDialect;
  readonly publishedAt: number;
}

export interface Protocol {
  /** Liveness and version check. */
  'worker/ping': { request: Record<string, never>; response: { readonly pong: true; readonly version: string }; from: SenderKind };
  /** A content script read a thread page: store its posts (idempotent). */
  'thread/page-read': {
    request: PageReport;
    response: { readonly thread: ThreadSummary; readonly added: number; readonly unchanged: boolean };
    from: 'content';
  };
  /** Start tracking a thread as a game. */
  'thread/track': { request: { readonly origin: string; readonly threadId: string }; response: ThreadSummary; from: SenderKind };
  /** What Gavel knows of a thread (null: never seen). */
  'thread/get': { request: { readonly origin: string; readonly threadId: string }; response: ThreadSummary | null; from: SenderKind };
  /** The vote count of a thread from every post Gavel has stored, as of `asOfPost` when given (null count: why not, in `reason`; with a count, `reason` names damaged stored posts left out). */
  'thread/count': {
    request: { readonly origin: string; readonly threadId: string; readonly asOfPost?: number };
    response: { readonly count: VoteCountView | null; readonly reason: string | null };
    from: SenderKind;
  };
  /** How the crawl of a thread's unread pages stands (null: never crawled). */
  'thread/crawl-status': {
    request: { readonly origin: string; readonly threadId: string };
    response: CrawlStatus | null;
    from: SenderKind;
  };
  /** (Re)starts the crawl of a thread from the pages Gavel has stored (null: no page of it stored yet). */
  'thread/crawl': { request: { readonly origin: string; readonly threadId: string }; response: CrawlStatus | null; from: 'extension-page' };
  /** Every thread Gavel has seen. */
  'thread/list': { request: Record<string, never>; response: readonly ThreadSummary[]; from: 'extension-page' };
  'settings/get': { request: Record<string, never>; response: Settings; from: 'extension-page' };
  'settings/set': { request: Partial<Settings>; response: Settings; from: 'extension-page' };
  /** Gavel's words for the content script (only its `panel_*` and `badge_*` messages), in the language the settings and the browser give. */
  'ui/messages': {
    request: Record<string, never>;
    response: { readonly language: 'en' | 'ru'; readonly messages: Readonly<Record<string, string>> };
    from: SenderKind;
  };
  /** Run Gavel on another forum: the page asked for the origin's permission first; the worker registers the content script there. */
  'forums/enable': {
    request: { readonly origin: string };
    response: { readonly origin: string; readonly registered: boolean };
    from: 'extension-page';
  };
  /** Origins enabled by the host beyond the built-in forums. */
  'forums/list': { request: Record<string, never>; response: readonly string[]; from: 'extension-page' };
  /** Every game, most recently changed first. */
  'game/list': { request: Record<string, never>; response: readonly GameSummary[]; from: 'extension-page' };
  /** One game by id, or the game played in a thread. Null: none. Never for a content script: a game holds every role and faction. */
  'game/get': { request: { readonly id: string } | { readonly threadKey: string }; response: GameRecord | null; from: 'extension-page' };
  /** A new game, its roster read from the thread's opening post or from pasted text (one name per line). */
  'game/create': {
    request: {
      readonly threadKey: string | null;
      readonly title?: string;
      readonly presetId: PresetRulesetId;
      readonly roster: RosterInput;
    };
    response: GameRecord;
    from: 'extension-page';
  };
  /** Changes a game's setup: roster, aliases, roles, factions, ruleset, phases, time zone, hosts, title. */
  'game/update': { request: { readonly id: string; readonly patch: GameSetupPatch }; response: GameRecord; from: 'extension-page' };
  /** Appends a host event to the game's log, or takes the last one back. */
  'game/event': {
    request: { readonly id: string; readonly action: { readonly kind: 'append'; readonly event: HostEvent } | { readonly kind: 'undo' } };
    response: GameRecord;
    from: 'extension-page';
  };
  /** The game as a Gavel game file (JSON text) and a file name for it. */
  'game/export': {
    request: { readonly id: string };
    response: { readonly fileName: string; readonly json: string };
    from: 'extension-page';
  };
  /** Reads a Gavel game file; refused with the reason when it is not one, or when the game exists and `replace` is not set. */
  'game/import': { request: { readonly json: string; readonly replace: boolean }; response: GameRecord; from: 'extension-page' };
  /** Deletes a game with its actions, resolutions, pardons and published posts (its thread stays). */
  'game/delete': { request: { readonly id: string }; response: { readonly deleted: boolean }; from: 'extension-page' };
  /** A night's actions, who has not sent one, and its latest resolution. */
  'night/actions': { request: { readonly gameId: string; readonly night: number }; response: NightView; from: 'extension-page' };
  /** Enters an action from a role PM (refused with the reason when the actor cannot use it). */
  'night/add-action': {
    request: {
      readonly gameId: string;
      readonly night: number;
      readonly actor: string;
      readonly ability: string;
      readonly targets: readonly string[];
      readonly pmAt: number | null;
    };
    response: NightView;
    from: 'extension-page';
  };
  /** Takes an entered action back. */
  'night/remove-action': {
    request: { readonly gameId: string; readonly night: number; readonly id: number };
    response: NightView;
    from: 'extension-page';
  };
  /** Resolves the night with the ruleset's resolver; stored, not yet applied to the game. */
  'night/resolve': { request: { readonly gameId: string; readonly night: number }; response: NightResolutionEntry; from: 'extension-page' };
  /**
   * Applies the stored resolution: its events go into the event log, the ruleset's win check runs, and the
   * next day starts (with the posts to publish) or the game ends (posts null: see `game/outcome`).
   */
  'night/apply': {
    request: { readonly gameId: string; readonly night: number };
    response: { readonly game: GameRecord; readonly posts: NightPosts | null };
    from: 'extension-page';
  };
  /**
   * Ends the day in progress: the lynched player (null: nobody) dies, the day's result is recorded, and
   * the ruleset's win check runs; the night starts, or the game ends. Returns the posts to publish.
   */
  'day/end': {
    request: { readonly gameId: string; readonly day: number; readonly lynched: string | null };
    response: { readonly game: GameRecord; readonly posts: DayEndPosts };
    from: 'extension-page';
  };
  /** The posts an ended day gave (null: that day has not ended). */
  'day/posts': { request: { readonly gameId: string; readonly day: number }; response: DayEndPosts | null; from: 'extension-page' };
  /** How the game ended (null: it goes on). */
  'game/outcome': { request: { readonly gameId: string }; response: GameOutcomeView | null; from: 'extension-page' };
  /** The vote count of a game's thread with the game's roster, rules and deaths (null count: why not, in `reason`). */
  'game/count': {
    request: { readonly gameId: string };
    response: { readonly count: VoteCountView | null; readonly reason: string | null };
    from: 'extension-page';
  };
  /** Records a post Gavel wrote that the host copied to publish. */
  'post/published': { request: Omit<PublishedPostEntry, 'publishedAt'>; response: { readonly recorded: true }; from: 'extension-page' };
  /** The game's breach ledger: per player, each breach, pardoned or not, and the standing it leaves. */
  'breach/ledger': { request: { readonly gameId: string }; response: BreachLedgerView; from: 'extension-page' };
  /** Pardons a breach with the host's note (refused for an unknown breach or an empty note); returns the new ledger. */
  'breach/pardon': {
    request: { readonly gameId: string; readonly breachId: string; readonly note: string };
    response: BreachLedgerView;
    from: 'extension-page';
  };
  /** Takes a pardon back; returns the new ledger. */
  'breach/unpardon': {
    request: { readonly gameId: string; readonly breachId: string };
    response: BreachLedgerView;
    from: 'extension-page';
  };
  /** When the game's current (or next) phase ends, from its clock schedule or the host's deadline post (null: no deadline known). */
  'game/deadline': { request: { readonly gameId: string }; response: DeadlineView | null; from: 'extension-page' };
}

export type MessageType = keyof Protocol;
export type RequestOf<T extends MessageType> = Protocol[T]['request'];
export type ResponseOf<T extends MessageType> = Protocol[T]['response'];

/** The message types a content script may send (each of them is checked against the page's site: `content-requests.ts`). */
export type ContentMessage = { [T in MessageType]: 'content' extends SenderOf<T> ? T : never }[MessageType];

/** Whether `kind` may send `type`. */
export function maySend(type: MessageType, kind: SenderKind): boolean {
  return Object.hasOwn(allowedSenders[type], kind);
}

/** The envelope on the wire. */
export interface Envelope<T extends MessageType = MessageType> {
  readonly gavel: 1;
  readonly type: T;
  readonly payload: RequestOf<T>;
}

export type Reply<T extends MessageType = MessageType> =
  { readonly ok: true; readonly value: ResponseOf<T> } | { readonly ok: false; readonly error: SerializedError };

/** Who may send a message type: the `from` of its entry in `Protocol`. */
export type SenderOf<T extends MessageType> = Protocol[T]['from'];

/**
 * Who may send each message type, at run time: checked by the worker before
 * any handler runs. Its type is built from each entry's `from`, so the
 * compiler refuses a table that adds or leaves out a sender (an object literal
 * may have no key its type lacks, and must have every key it has).
 */
export const allowedSenders: { readonly [T in MessageType]: { readonly [K in SenderOf<T>]: true } } = {
  'worker/ping': { content: true, 'extension-page': true },
  'thread/page-read': { content: true },
  'thread/track': { content: true, 'extension-page': true },
  'thread/get': { content: true, 'extension-page': true },
  'thread/count': { content: true, 'extension-page': true },
  'thread/crawl-status': { content: true, 'extension-page': true },
  'thread/crawl': { 'extension-page': true },
  'thread/list': { 'extension-page': true },
  'settings/get': { 'extension-page': true },
  'settings/set': { 'extension-page': true },
  'ui/messages': { content: true, 'extension-page': true },
  'forums/enable': { 'extension-page': true },
  'forums/list': { 'extension-page': true },
  'game/list': { 'extension-page': true },
  'game/get': { 'extension-page': true },
  'game/create': { 'extension-page': true },
  'game/update': { 'extension-page': true },
  'game/event': { 'extension-page': true },
  'game/export': { 'extension-page': true },
  'game/import': { 'extension-page': true },
  'game/delete': { 'extension-page': true },
  'night/actions': { 'extension-page': true },
  'night/add-action': { 'extension-page': true },
  'night/remove-action': { 'extension-page': true },
  'night/resolve': { 'extension-page': true },
  'night/apply': { 'extension-page': true },
  'day/end': { 'extension-page': true },
  'day/posts': { 'extension-page': true },
  'game/outcome': { 'extension-page': true },
  'game/count': { 'extension-page': true },
  'post/published': { 'extension-page': true },
  'breach/ledger': { 'extension-page': true },
  'breach/pardon': { 'extension-page': true },
  'breach/unpardon': { 'extension-page': true },
  'game/deadline': { 'extension-page': true },
};

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { gavel?: unknown; type?: unknown };
  return v.gavel === 1 && typeof v.type === 'string' && Object.hasOwn(allowedSenders, v.type);
}

export function threadKey(origin: string, threadId: string): string {
  return `${origin}|${threadId}`;
}

/** The origin and thread id of a thread key (an origin never holds `|`). */
export function parseThreadKey(key: string): { readonly origin: string; readonly threadId: string } {
  const split = key.indexOf('|');
  return split < 0 ? { origin: key, threadId: '' } : { origin: key.slice(0, split), threadId: key.slice(split + 1) };
}
