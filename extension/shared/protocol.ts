/**
 * Every message between the content script, the extension pages (popup and
 * dashboard) and the service worker. One entry per message type: its request,
 * its response and who may send it (`from`, which also builds the run-time
 * allow-list below). The worker's handler table is typed as a total record
 * over these keys, so a message without a handler fails tsc.
 *
 * The protocol's second version is split by domain: this file holds the wire
 * (requests, envelopes, who may send what); the views the worker answers with
 * are in `views.ts`; the settings in `settings.ts`; the rows the database
 * stores are owned by `storage/schema.ts`. Those are re-exported here, so
 * code that speaks the protocol imports its types from one place.
 *
 * Payloads are plain JSON (no Map, Set, Date or class instances).
 */
import type { CrawlParse } from '../background/crawl';
import type {
  BreachRules,
  CatchUpAnswer,
  CatchUpPlan,
  ForgedResult,
  ListedSlot,
  LookAlike,
  PhaseRef,
  PhaseSetup,
  PlayerListProblem,
  PlayerSetup,
  PostLanguage,
  PresetRulesetId,
  Roster,
} from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import type { RequestForgery } from '../../src/engine';
import type { GameRecord, NightResolutionEntry, PublishedPostEntry } from '../storage/schema';
import type { SenderKind, SerializedError } from './errors';
import type { OutputDialect, Settings } from './settings';
import type { ShareRight } from '../sync/invite';
import type { SyncStatusView } from '../sync/status';
import type {
  BallotOpened,
  BreachLedgerView,
  CrawlStatus,
  DayBallotView,
  DayEndPosts,
  FollowUpBallot,
  DeadlineView,
  GameOutcomeView,
  GameSummary,
  NightPosts,
  NightView,
  ThreadSummary,
  VoteCountView,
} from './views';

export type { SenderKind } from './errors';
export type * from './views';
export type { CoHostView, SyncState, SyncStatusView } from '../sync/status';
export type { ShareRight } from '../sync/invite';
export type { BadgeMode, OutputDialect, Settings, UiLanguage, VoteGrammarSettings } from './settings';
export { voteGrammarSettingKeys } from './settings';
export type {
  GameRecord,
  GameRuleset,
  NightActionEntry,
  NightResolutionEntry,
  PardonEntry,
  PublishedPostEntry,
  PublishedPostKind,
} from '../storage/schema';

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

/**
 * The roster a stored thread's opening post gives, as the new-game form shows
 * it before the game is created: the slots, the hosts (the post's author and
 * the co-hosts it names) and what the host should check.
 */
export interface RosterPreview {
  /** The opening post's number and author; null when no post of the thread is stored. */
  readonly post: number | null;
  readonly author: string | null;
  /** The opening post's author, then the co-hosts it names. */
  readonly hosts: readonly string[];
  /** The list's slots (null: the opening post has no player list). */
  readonly slots: readonly ListedSlot[] | null;
  /** Lines not read, names left out, and what the thread contradicts. */
  readonly problems: readonly PlayerListProblem[];
  /** Listed names that look like another listed name, or like an unlisted poster's (a typo in the list). */
  readonly lookAlike: readonly LookAlike[];
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
  /** The language of the game's posts. */
  readonly postLanguage?: PostLanguage;
}

/** A host's entry in a game's event log. */
export type HostEvent =
  | { readonly kind: 'death'; readonly slotId: string; readonly cause: string }
  | { readonly kind: 'mod-kill'; readonly slotId: string; readonly reason: string }
  | { readonly kind: 'replacement'; readonly slotId: string; readonly name: string; readonly fromPost: number | null }
  | { readonly kind: 'phase-start'; readonly phase: PhaseRef }
  /** 004 L41: the host's choice of the role a Collector gets when several players he named die in one night. */
  | { readonly kind: 'collect-choice'; readonly collector: string; readonly victim: string }
  /** 004 L166: a night note a player handed the host (posted with no sender under the next morning's results). */
  | { readonly kind: 'night-note'; readonly author: string; readonly text: string }
  /** 004 L170: the host will not post the note logged at event `at`. */
  | { readonly kind: 'night-note-refused'; readonly at: number };

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
  /**
   * The vote count of a thread from every post Gavel has stored, as of `asOfPost` when given (null count: why not, in `reason`; with a count, `reason` names damaged stored posts left out).
   * `postIds`: the posts the asker shows (a page's); what Gavel read in each post (`count.posts`) comes back for those only. Absent: for every post.
   */
  'thread/count': {
    request: { readonly origin: string; readonly threadId: string; readonly asOfPost?: number; readonly postIds?: readonly string[] };
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
  /** The roster the opening post of a stored thread gives, with its hosts and problems (for the new-game form). */
  'thread/roster': { request: { readonly threadKey: string }; response: RosterPreview; from: 'extension-page' };
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
      /** The host accounts; absent: the thread's opening-post author and the co-hosts it names. */
      readonly hosts?: readonly string[];
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
      /** The words the move hands to its target (004 Maid, L45); refused on a move that takes none. */
      readonly text?: string;
      /** What the Investigator is handed instead of the move's result (004 L85, L86, L77); refused on a move that may not carry one. */
      readonly forged?: ForgedResult;
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
  /** What the game's thread says of the phases the game has not recorded: the phase it is on, each past phase's end, hammer and deaths (null: not behind). */
  'phases/catch-up': { request: { readonly gameId: string }; response: CatchUpPlan | null; from: 'extension-page' };
  /** Records the host's confirmed catch-up: each past phase's deaths and end, up to the thread's phase (refused when the log changed since `seen`). */
  'phases/catch-up-apply': {
    request: { readonly gameId: string; readonly seen: number; readonly to: PhaseRef; readonly answers: readonly CatchUpAnswer[] };
    response: GameRecord;
    from: 'extension-page';
  };
  /** The ballots of the day in progress: the one decided now, the one its tally says follows, the witch hunt's approvals. */
  'day/ballot': { request: { readonly gameId: string; readonly day: number }; response: DayBallotView; from: 'extension-page' };
  /**
   * Opens a ballot of the day in progress (`ballot/open` in the log, as `gavel play` does): the follow-up the tally
   * calls (its lynch or effects recorded first), or the witch hunt the host calls. Refused when the game changed since `seen`.
   */
  'day/open-ballot': {
    request: {
      readonly gameId: string;
      readonly day: number;
      readonly ballot: FollowUpBallot | 'hunt';
      readonly seen: number;
      /** 004 L164: the host ticked that approvals read elsewhere suffice (recorded in the log as `approvedBy`). */
      readonly override?: boolean;
    };
    response: BallotOpened;
    from: 'extension-page';
  };
  /**
   * Takes back one recorded move of the day in progress (`action/cancel`), the `action/use` event at log index `at`:
   * refused to the player (004 L125.9) or entered by mistake.
   */
  'day/cancel-move': {
    request: { readonly gameId: string; readonly day: number; readonly at: number; readonly refused: boolean };
    response: GameRecord;
    from: 'extension-page';
  };
  /** 004 L150: the host sets when the day's vote opened (`vote/opening-set`, epoch ms), over the announcement read. */
  'day/set-opening': {
    request: { readonly gameId: string; readonly day: number; readonly at: number };
    response: GameRecord;
    from: 'extension-page';
  };
  /** Records a day move (`action/use`) of the day in progress; refused with the engine's reason when the player cannot make it. */
  'day/move': {
    request: {
      readonly gameId: string;
      readonly day: number;
      readonly actor: string;
      readonly ability: string;
      readonly targets: readonly string[];
      /** When the move reached the host (the PM's or post's time, epoch ms); absent: the worker's clock when it is recorded. */
      readonly at?: number;
      /** The player's words, for a move that takes them (`takesText`: the Drug dealer's amount, the Agent's side). */
      readonly text?: string;
      /** 004 L86, L77: a black or Faceless Detective's substitution of his role request's answer for the Investigator. */
      readonly requestForged?: RequestForgery;
    };
    response: GameRecord;
    from: 'extension-page';
  };
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
  /** Pardons several breaches with one note (all found, or none pardoned); returns the new ledger. */
  'breach/pardon-many': {
    request: { readonly gameId: string; readonly breachIds: readonly string[]; readonly note: string };
    response: BreachLedgerView;
    from: 'extension-page';
  };
  /** Sets the game's breach rules (null: back to its ruleset's); returns the ledger under them. */
  'breach/rules': {
    request: { readonly gameId: string; readonly rules: BreachRules | null };
    response: BreachLedgerView;
    from: 'extension-page';
  };
  /** When the game's current (or next) phase ends, from its clock schedule or the host's deadline post (null: no deadline known). */
  'game/deadline': { request: { readonly gameId: string }; response: DeadlineView | null; from: 'extension-page' };
  /** How a game's sync with its co-hosts stands (null: the game is not shared). Issue 20. */
  'sync/status': { request: { readonly gameId: string }; response: SyncStatusView | null; from: 'extension-page' };
  /** Turns sharing on for a game: the host becomes its creator on `server` and the worker connects it. */
  'sync/share': {
    request: { readonly gameId: string; readonly server: string; readonly hostName: string };
    response: SyncStatusView;
    from: 'extension-page';
  };
  /** The creator invites a co-host: the invitation code (it carries the co-host's secret: shown once, never stored). */
  'sync/invite': {
    request: { readonly gameId: string; readonly name: string; readonly right: ShareRight };
    response: { readonly code: string };
    from: 'extension-page';
  };
  /** The creator revokes a co-host (`id`: the co-host's id in `coHosts`); the server disconnects him at once. */
  'sync/revoke': { request: { readonly gameId: string; readonly id: string }; response: SyncStatusView; from: 'extension-page' };
  /** Joins a shared game with a pasted invitation code; the game arrives with the first sync. */
  'sync/join': {
    request: { readonly code: string; readonly hostName: string };
    response: { readonly gameId: string; readonly title: string };
    from: 'extension-page';
  };
  /**
   * Stops sharing a game on this Gavel. The creator: the co-hosts are told, the game stays here, local only.
   * A co-host leaves: his copy stays as a local game, or is removed with `removeCopy`.
   */
  'sync/stop': {
    request: { readonly gameId: string; readonly removeCopy?: boolean };
    response: { readonly stopped: boolean };
    from: 'extension-page';
  };
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
  'thread/roster': { 'extension-page': true },
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
  'phases/catch-up': { 'extension-page': true },
  'phases/catch-up-apply': { 'extension-page': true },
  'day/ballot': { 'extension-page': true },
  'day/open-ballot': { 'extension-page': true },
  'day/move': { 'extension-page': true },
  'day/cancel-move': { 'extension-page': true },
  'day/set-opening': { 'extension-page': true },
  'game/count': { 'extension-page': true },
  'post/published': { 'extension-page': true },
  'breach/ledger': { 'extension-page': true },
  'breach/pardon': { 'extension-page': true },
  'breach/unpardon': { 'extension-page': true },
  'breach/pardon-many': { 'extension-page': true },
  'breach/rules': { 'extension-page': true },
  'game/deadline': { 'extension-page': true },
  'sync/status': { 'extension-page': true },
  'sync/share': { 'extension-page': true },
  'sync/invite': { 'extension-page': true },
  'sync/revoke': { 'extension-page': true },
  'sync/join': { 'extension-page': true },
  'sync/stop': { 'extension-page': true },
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

// ---------------------------------------------------------------------------
// The offscreen document: Chromium's service worker has no DOMParser, so the worker sends it the pages it fetches.

/** The messages the worker sends the offscreen document; only the extension's own worker may send them. */
export interface OffscreenProtocol {
  /** Parses a fetched thread page (HTML, or a Discourse topic's JSON) with the same adapters the content script uses. */
  'offscreen/parse': {
    request: { readonly html: string; readonly url: string; readonly now: number };
    response: CrawlParse;
    from: 'worker';
  };
}

export type OffscreenMessageType = keyof OffscreenProtocol;

/** The envelope to the offscreen document: `to` keeps it apart from the worker's own messages, which it never answers. */
export interface OffscreenEnvelope<T extends OffscreenMessageType = OffscreenMessageType> {
  readonly gavel: 1;
  readonly to: 'offscreen';
  readonly type: T;
  readonly payload: OffscreenProtocol[T]['request'];
}

export type OffscreenReply<T extends OffscreenMessageType = OffscreenMessageType> =
  { readonly ok: true; readonly value: OffscreenProtocol[T]['response'] } | { readonly ok: false; readonly error: SerializedError };

const offscreenTypes: { readonly [T in OffscreenMessageType]: true } = { 'offscreen/parse': true };

export function isOffscreenEnvelope(value: unknown): value is OffscreenEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { gavel?: unknown; to?: unknown; type?: unknown };
  return v.gavel === 1 && v.to === 'offscreen' && typeof v.type === 'string' && Object.hasOwn(offscreenTypes, v.type);
}

// ---------------------------------------------------------------------------
// Worker events: what the worker tells the forum tabs of a thread, unasked (instead of the tabs polling).

/** The port a content script opens to hear about its thread (`runtime.connect({ name })`). */
export const THREAD_EVENTS_PORT = 'gavel/thread-events';

/** What a content script sends on that port: the thread it shows (only a thread of its own site is accepted). */
export interface ThreadWatchEnvelope {
  readonly gavel: 1;
  readonly type: 'thread/watch';
  readonly payload: { readonly origin: string; readonly threadId: string };
}

export function isThreadWatch(value: unknown): value is ThreadWatchEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { gavel?: unknown; type?: unknown };
  return v.gavel === 1 && v.type === 'thread/watch';
}

/** The events the worker sends on the ports of the content scripts watching a thread. */
export interface WorkerEvents {
  /**
   * The thread's stored posts changed (a page read in another tab, a page the crawl fetched) or its crawl
   * moved on: `crawl` is how the crawl stands (null: never crawled). The panel counts again when told.
   */
  'thread/changed': {
    readonly origin: string;
    readonly threadId: string;
    readonly cause: 'page-read' | 'crawl';
    readonly crawl: CrawlStatus | null;
  };
  /**
   * The host changed a setting (the language among them), from any page: every open extension page and
   * forum tab reads the settings (or its words) again at once. It carries nothing: the receiver asks the worker.
   */
  'settings/changed': Record<string, never>;
}

export type WorkerEventType = keyof WorkerEvents;

export interface WorkerEventEnvelope<T extends WorkerEventType = WorkerEventType> {
  readonly gavel: 1;
  readonly event: T;
  readonly payload: WorkerEvents[T];
}

const eventTypes: { readonly [T in WorkerEventType]: true } = { 'thread/changed': true, 'settings/changed': true };

export function isWorkerEvent(value: unknown): value is WorkerEventEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { gavel?: unknown; event?: unknown; payload?: unknown };
  return v.gavel === 1 && typeof v.event === 'string' && Object.hasOwn(eventTypes, v.event) && typeof v.payload === 'object';
}
