/**
 * What the worker shows: the views it answers messages with (a thread's
 * summary and count, a game's line in the list, a night, a ledger, a crawl's
 * progress). Built from the stored rows (storage/schema.ts) for the panel, the
 * popup and the dashboard; plain JSON, never written to the database.
 */
import type {
  BreachReason,
  HuntRefusal,
  ApprovalVoidReason,
  BreachRules,
  LinkEvidence,
  LinkHeldBack,
  LocalNames,
  NightResult,
  PhaseRef,
  PlayerListProblem,
  Sanction,
  TallyNote,
  VoteReason,
  WinReason,
} from '../../src/engine';
import type { EngineMessage } from '../../src/engine/words';
import type { PostNumbering } from '../../src/model/post';
import type { GameRecord, NightActionEntry, NightResolutionEntry } from '../storage/schema';
import type { OutputDialect } from './settings';

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
  /**
   * Votes counted on Gavel's reading rather than on a name as written, each time, for the host to check:
   * the only living one of the players a loose name fits (`also` lists every other one), or a nickname
   * learnt from the thread.
   */
  readonly readAs: readonly {
    readonly post: number;
    readonly author: string;
    readonly text: string;
    readonly target: string;
    readonly why: 'living-preferred' | 'thread-nickname';
    readonly also: readonly string[];
  }[];
  /** Where the roster came from, said to the host ("the player list in post #0"). */
  readonly rosterSource: string;
  /** Read from the opening post: the lines it could not read and the names that do not fit the thread, in words (absent: none). */
  readonly rosterProblems?: readonly string[];
  /** The same problems as data, for the pages to word in the host's language (absent: none, or an older worker's view). */
  readonly rosterProblemCodes?: readonly PlayerListProblem[];
  /** How the phases were set, said to the host. */
  readonly phaseSource: string;
  /** Both sources as one message for the host's language ("Roster: …. Phases: …."); the strings above are English. */
  readonly sources?: EngineMessage;
  /**
   * Posters on no slot taken to be a slot's player: applied links first, then
   * the suggestions held back for the host (evidence and why as codes, for words
   * in the host's language; `slotId` for the popup's accept).
   */
  readonly accountLinks: readonly AccountLinkView[];
  /** Accounts the roster lists in several slots, and the slot their later posts count for. */
  readonly sharedAccounts: readonly SharedAccountView[];
  /** Vote rules read from the opening post's words and followed (no game set up), each the sentence it was read from. */
  readonly statedRules: readonly string[];
  /** What Gavel read in each post that has something to say (posts with nothing are left out). */
  readonly posts: readonly PostVerdictView[];
  readonly breaches: readonly BreachView[];
  /**
   * Whether the breaches are judged against a game's rules. False with no game set up: only what
   * every game shares is listed (edits the forum shows), with no sanction, until the host picks rules.
   */
  readonly judged: boolean;
  /** The game's time zone (IANA), for the moments breaches name; absent: the browser's. */
  readonly timeZone?: string;
  /** The vote count post, ready to paste into the thread. */
  readonly voteCountPost: { readonly dialect: OutputDialect; readonly text: string };
  /**
   * How the thread's forum prints post numbers. The post numbers in this view are Gavel's
   * (`ForumPost.number`, what a host picks a count "as of" by); the pages show each as
   * `shownPostNumber(n, numbering)`, the number the forum shows (SMF's "Reply #25" for 26).
   * Absent: the forum prints them as Gavel counts.
   */
  readonly numbering?: PostNumbering;
}

/** An account on no slot linked to a slot (applied) or proposed to the host (`heldBack` says why not applied). */
export interface AccountLinkView {
  readonly account: string;
  readonly slotId: string;
  /** The slot's current name. */
  readonly slot: string;
  readonly applied: boolean;
  readonly heldBack: LinkHeldBack | null;
  readonly evidence: readonly LinkEvidence[];
  readonly posts: number;
  readonly firstPost: number;
}

/** One account in several slots: each slot named by its holders ("Carol/Bezukhov"), and the one its posts count for from `from` (null: not known from the thread). */
export interface SharedAccountView {
  readonly account: string;
  readonly slots: readonly string[];
  readonly latest: string;
  readonly from: number | null;
}

/** Something about a post besides its votes, as data the badge row words in the host's language. */
export type PostMarkView =
  /** Edited; `by` when someone other than the author edited it. */
  | { readonly kind: 'edited'; readonly by: string | null }
  | { readonly kind: 'night-post' | 'dead-poster' | 'replaced' | 'non-player' }
  /** Shown on the player's first post after a day they were inactive in, with the rule's figures. */
  | {
      readonly kind: 'inactive';
      readonly phase: PhaseRef;
      readonly counted: number;
      readonly required: number;
      /** The characters of own words a post needs to count (0: any post). */
      readonly minChars: number;
    }
  /** The post that brought a wagon to the threshold. */
  | { readonly kind: 'hammer'; readonly target: string };

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
    /** The name as written in the vote ("Kirby"), to show beside the roster's name where they differ. */
    readonly written: string;
    readonly counted: boolean;
    readonly target: string | null;
    readonly reason: string | null;
    /** The engine's reason for `reason`, for words in the host's language. */
    readonly code: VoteReason | null;
    /** What a counted vote weighs where a role makes it other than 1 (a Doublevoter's 2, a Voteless player's 0). */
    readonly weight?: number;
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
  /** "Day 1" in English (the command line's words); pages word `phaseRef` in the host's language. */
  readonly phase: string | null;
  readonly phaseRef: PhaseRef | null;
  /** The breach in a few words ("posted at night"). */
  readonly rule: string;
  /** The engine's reason and sanction behind `rule` and `sanction`, for words in the host's language. */
  readonly code: BreachReason;
  readonly sanctionCode: Sanction;
  readonly sanction: string;
  /** What was found, as messages in the host's language (`sayMessage`). */
  readonly findings: readonly EngineMessage[];
  /** The rule applied, with its figures, as messages. */
  readonly terms: readonly EngineMessage[];
  /**
   * `findings` and `terms` in the host's language, worded by the worker for the thread's panel
   * (a forum page gets no catalogs). Absent where the page words them itself (the popup).
   */
  readonly words?: { readonly findings: readonly string[]; readonly terms: readonly string[] };
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
  /** The same as a message for the host's language (absent or null: only the English `error`). */
  readonly errorWords?: EngineMessage | null;
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

/** One line of the games list. */
export interface GameSummary {
  readonly id: string;
  readonly title: string;
  readonly threadKey: string | null;
  readonly rulesetName: string;
  /** The ruleset's name in other languages (`{ ru: '…' }`), for the list in the host's language. */
  readonly rulesetNames?: LocalNames;
  readonly players: number;
  readonly alive: number;
  /** The phase in progress (from the event log), or null before the first phase starts. */
  readonly phase: PhaseRef | null;
  readonly updatedAt: number;
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
  readonly privateMessages: readonly {
    readonly to: string;
    readonly name: string;
    readonly text: string;
    readonly result?: NightResult;
    readonly message?: EngineMessage;
  }[];
}

/** What ending a day gives the host to post: the start of the night after it (null when the game ended with the day). */
export interface DayEndPosts {
  readonly day: number;
  readonly dialect: OutputDialect;
  readonly nightStart: string | null;
  /**
   * The day's private messages to send (000: the Witness learns the roles of the day's dead; 004: what the end-of-day
   * moves tell). `message` is what the game rules said, for the popup to word in the posts' language.
   */
  readonly privateMessages: readonly {
    readonly to: string;
    readonly name: string;
    readonly text: string;
    readonly message?: EngineMessage;
  }[];
  /** Questions the seeds leave open that the day's win check ran into, with the game's setting ("the mafia (2) equals the rest (2)"). */
  readonly openQuestions: readonly OpenQuestionView[];
}

/** A ballot that follows the day's vote, as the day's tally calls it (004: a run-off, the Priest's re-vote, the extra vote). */
export type FollowUpBallot = 'runoff' | 'election-runoff' | 'revote' | 'extra';

/** Why the witch hunt cannot be called now (004, L162–L164). */
/** Why the witch hunt cannot be called now: the engine's reasons. */
export type { HuntRefusal };

/**
 * The ballots of the day in progress, as the game's count of its thread decides
 * them: the one being decided, the one its tally says follows (with the
 * tally's notes saying why, worded by the pages in the host's language), and
 * whether a witch hunt may be called, with the approvals it needs.
 */
export interface DayBallotView {
  readonly gameId: string;
  readonly day: number;
  /** The ballot the thread's votes are counted on now (`lynch`, `runoff`, `revote`, `extra`, `hunt`, `election`…). */
  readonly ballot: string;
  /** The log's length the view was read at: opening a ballot is refused when the game changed since. */
  readonly seen: number;
  /** The ballot that follows (null: none is due), its candidates (a run-off's; empty otherwise), and the tally's notes. */
  readonly followUp: {
    readonly ballot: FollowUpBallot;
    readonly candidates: readonly string[];
    readonly notes: readonly TallyNote[];
  } | null;
  /**
   * The witch hunt (null: the rules have none): the approvals it needs (`percent` of the active players), why it cannot
   * be called now, and the approvals read from the thread's posts (null: the game has no thread count, or its rules read none).
   */
  readonly hunt: {
    readonly needed: number;
    readonly percent: number;
    readonly refused: HuntRefusal | null;
    readonly approvals: HuntApprovalsView | null;
  } | null;
  /**
   * What the tally of the vote tells players by PM while the day runs, for the host to send (004 L73: the lynched
   * player's team, to the Faceless holding the Hero's move, when the host asks for the move; L98: the saved player's
   * team, to a black Hero who saved). `message` is what the rules said, for the popup to word in the posts' language.
   */
  readonly asked: readonly {
    readonly to: string;
    readonly name: string;
    readonly text: string;
    readonly message?: EngineMessage;
  }[];
}

/** 004 L164: the witch hunt's approvals read from the day's posts, judged by their times. */
export interface HuntApprovalsView {
  /** How many count (one per living main player, within the window). */
  readonly counted: number;
  /** Every approval read, in post order: the player's slot, the post (as the forum numbers it), and why it does not count. */
  readonly list: readonly {
    readonly slotId: string;
    readonly post: number;
    readonly counted: boolean;
    readonly reason: ApprovalVoidReason | null;
  }[];
}

/** What opening a follow-up ballot gives: the game, and the vote-result post of the ballot it settled (null: a run-off or a hunt). */
export interface BallotOpened {
  readonly game: GameRecord;
  readonly ballot: string;
  readonly dialect: OutputDialect;
  readonly resultPost: string | null;
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
  /** The same sides by id (a faction's id, or a 000 family's name), for the pages to name in the host's language. */
  readonly sideIds: readonly string[];
  /** Why the game ended, as a code the pages word in the host's language. */
  readonly reason: WinReason;
  /** The players who win, by name. */
  readonly winners: readonly string[];
  /** Why, in English (the pages word `reason` instead). */
  readonly detail: string;
  /** Questions the seeds leave open that the deciding win check ran into. */
  readonly openQuestions: readonly OpenQuestionView[];
  readonly dialect: OutputDialect;
  readonly post: string;
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
  /** The id of the breach rules that apply (the ruleset's preset's, or `custom` once the host changed them). */
  readonly rules: string;
  /** The thresholds as sentences ("3 warnings make a strike.", "2 strikes: mod kill."). */
  readonly thresholds: readonly EngineMessage[];
  /** The game's breach rules in force, as the host edits them. */
  readonly breachRules: BreachRules;
  /** The ruleset's own breach rules, what "back to the ruleset's rules" restores. */
  readonly presetRules: BreachRules;
  /** Whether the host changed the game's breach rules from the ruleset's. */
  readonly custom: boolean;
  /** The game's time zone, for the moments breaches name. */
  readonly timeZone: string;
  readonly players: readonly PlayerLedgerView[];
  /** Why there is no ledger yet (no thread, nothing read), else null. */
  readonly reason: string | null;
  /** Pardons whose breach is no longer found (the thread or setup changed). */
  readonly unmatchedPardons: readonly { readonly breachId: string; readonly note: string }[];
  /** How the thread's forum prints post numbers: a breach's post is shown as `shownPostNumber(post, numbering)`. Absent: as Gavel counts. */
  readonly numbering?: PostNumbering;
}
