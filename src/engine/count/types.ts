/**
 * What counting a thread gives: plain data with codes, never words. The
 * extension's views and the CLI put words on it (the view layer's catalogs).
 */
import type { PostNumbering } from '../../model/post';
import type { StatedRule } from '../setup/stated-rules';
import type { Dialect } from '../announce/render';
import type { Ballot, BreachInput, BreachState, Death } from '../breaches/detect';
import type { Breach, BreachReason, BreachRules } from '../breaches/types';
import type { GameEvent, PhaseRef } from '../game/types';
import type { VoteReader } from '../votes/cache';
import type { Phase, PhasePosition, PhaseSetup, composePhases } from '../phases';
import type { ForumPost } from '../types';
import type { VoteCandidate } from '../votes/extract';
import type { readPlayerList } from '../setup/player-list';
import type { NicknameVote } from '../names/nicknames';
import type { PostLanguage, Ruleset } from '../rules/types';
import type { AccountLinks } from '../names/link';
import type { PlayerListProblem } from '../setup/player-list';
import type { Roster } from '../types';
import type { DayOutcome, DayTally, TallyNote, VoteTotal } from '../voting/types';
import type { HuntApprovalCount } from '../voting/hunt-approvals';
import type { VoteGrammar, VoteRules } from '../votes/rules';
import type { TallyState, VoteReason, VoteTally, VoteTarget } from '../votes/tally';

/** A game the host set up (or a game file, or a corpus archive): what the count takes from it. */
export interface CountGame {
  readonly roster: Roster;
  readonly ruleset: Ruleset;
  /** How the phases are set, or the phases themselves where they are known (an archive's day ends). */
  readonly phases: PhaseSetup | { readonly known: readonly Phase[] };
  /** The game's event log: its deaths (in the phase they happened), its setup and its recorded votes. */
  readonly events?: readonly GameEvent[];
  /** Deaths known besides the log's (a game file's, an archive's). Absent with no log: read from the host's posts and lynches. */
  readonly deaths?: readonly Death[];
  /**
   * 004 L150: when each day's vote opened, by the host's hand (epoch ms, keyed by the day's number): his override of
   * the announcement read from the thread (and of the clock's assumed time where none is read).
   */
  readonly voteOpenedAt?: Readonly<Record<string, number>>;
  /** Posts where the host reset the vote count. */
  readonly resets?: readonly number[];
  /** Vote weight per slot (a doublevoter 2). */
  readonly weights?: Readonly<Record<string, number>>;
  /** 000: each slot's family, and the form's ballots (the thread holds no votes). */
  readonly families?: Readonly<Record<string, string>>;
  readonly ballots?: readonly Ballot[];
  /** Absent: the ruleset's own (`references.breachRules`), else the forum template's. */
  readonly breachRules?: BreachRules;
  /** What else the breach checks read. */
  readonly breachInput?: Pick<BreachInput, 'previousVersions' | 'excusedFromVoting' | 'now' | 'gameOverAtPost'>;
}

export interface CountThreadOptions {
  /** Absent: the opening post's player list and `preset`'s rules, phases from the host's posts. */
  readonly game?: CountGame;
  /** The rules a thread with no game is counted by. @default the forum template (seed 001) */
  readonly preset?: Ruleset;
  /** The breach rules of a thread with no game. @default the preset's own (`references.breachRules`), else seed 001's */
  readonly breachRules?: BreachRules;
  /** Count as of this post number (inclusive). Absent: as of the latest post. */
  readonly asOfPost?: number;
  /** The host's vote grammar (Settings), laid over the ruleset's. */
  readonly voteGrammar?: Partial<VoteGrammar>;
  /** The markup of the vote count post. @default 'bbcode' */
  readonly dialect?: Dialect;
  /** The language of the vote count post (the game's post language). @default the ruleset's (`defaultPostLanguage`) */
  readonly language?: PostLanguage;
  /** How the thread's forum prints post numbers, for the post numbers the vote count post names (SMF's "Reply #25" is post #25). @default `plainNumbering` */
  readonly numbering?: PostNumbering;
  /** Whether to look for breaches (the replay does not need them). @default true */
  readonly breaches?: boolean;
  /**
   * Reads a post's vote lines under a grammar: a long-lived cache's `read`
   * (`createExtractionCache`), so a post already read is not read again.
   * Absent: each count reads every post once.
   */
  readonly readVotes?: VoteReader;
  /** Whether posters on no slot are linked to slots (`findAccountLinks`) before counting. @default true */
  readonly accountLinks?: boolean;
  /**
   * Whether the result holds every post's verdict and the vote count post. `false` (for a caller that reads only the
   * days, like the corpus replay) leaves `verdicts` empty and `voteCountPost` null, and saves composing them; the days,
   * `current` and the rest are the same. A counter's memory (`memo`) then forgets its kept verdicts, so the next count
   * with them makes them all again. @default true
   */
  readonly postOutput?: boolean;
  /**
   * The caller's clock (UTC epoch ms), for the time rules of a day still running (004: absent voters forced at 22:00,
   * L150). The times judged are the posts' own; a day that ended is judged as of its last post. Absent: the latest
   * post's time.
   */
  readonly now?: number;
  /** A thread counter's memory between counts of the same thread (`createThreadCounter` passes it; nothing else should). */
  readonly memo?: CountMemo;
}

/**
 * What a thread counter (`createThreadCounter`) remembers between two counts
 * of a thread: where its posts first differ from the last count's, each day's
 * tally state from that count, and where this count keeps its own.
 */
export interface CountMemo {
  /** The first post number whose post is new, changed or gone since the last count (Infinity: none). */
  readonly firstChanged: number;
  readonly previous: ReadonlyMap<string, TallyState>;
  readonly next: Map<string, TallyState>;
  /** The breach checks' state from the last count, keyed by everything they read but the posts; and this count's. */
  readonly previousBreaches: ReadonlyMap<string, BreachState>;
  readonly nextBreaches: Map<string, BreachState>;
  /** The thread's posts in post order, one per number (the counter's own order; the posts counted are these). */
  readonly sorted?: readonly ForumPost[];
  /** A post's vote lines under a grammar, from the counter's memory (read once per post and content). */
  readonly readerFor?: (grammar: VoteGrammar) => (post: ForumPost) => readonly VoteCandidate[];
  /** What the whole-thread steps kept from the last count of the same setup; each step updates its own. */
  readonly stages?: CountStages;
}

/**
 * The whole-thread steps of a count as a counter keeps them between counts of
 * one setup, each with the last post it has read (`through`): kept up to the
 * first changed post and carried on from there.
 */
export interface CountStages {
  /** Each author (as written) with the numbers of its posts, in post order: what the player list's cross-check and the account links count. */
  postsByAuthor?: Map<string, number[]>;
  /** Every poster's account, by its normal form (the player list reads names against them). */
  posters?: { through: number; names: Map<string, string> };
  /** The opening post's player list, read against those posters. */
  playerList?: { opening: number; postersKey: string; list: ReturnType<typeof readPlayerList> };
  /** The hosts' posts, in post order. */
  hostPosts?: { hostsKey: string; posts: readonly ForumPost[] };
  /** The phases the setup and the hosts' posts make. */
  phases?: { key: string; hostPosts: readonly ForumPost[]; result: ReturnType<typeof composePhases> };
  /** The same phases as the last count (identical content, the same objects), so what points at them stays valid. */
  phaseList?: { key: string; phases: readonly Phase[] };
  /** Where each post falls among those phases, by its place in post order. */
  positions?: { phases: readonly Phase[]; list: PhasePosition[] };
  /** The deaths the hosts' posts announce. */
  deaths?: { key: string; phases: readonly Phase[]; hostPosts: readonly ForumPost[]; deaths: readonly Death[] };
  /** The players' votes the nicknames are learnt from. */
  nicknameVotes?: { key: string; votes: readonly NicknameVote[] };
  /** What was read in each post, with the breaches' marks (as JSON, by post) it was made with. */
  verdicts?: {
    key: string;
    days: readonly { readonly start: number; readonly weights: string }[];
    phases: readonly Phase[];
    marks: ReadonlyMap<number, string>;
    verdicts: readonly PostVerdict[];
  };
}

/** Why a thread could not be counted. */
export type CountProblem =
  /** No post has been read. */
  | { readonly code: 'count/no-posts' }
  /** No game, and no player list in the opening post. */
  | { readonly code: 'count/no-player-list'; readonly post: number }
  /** The game names no host: no post can start a phase or announce a death, so the thread is not counted until the host names one. */
  | { readonly code: 'count/no-host' }
  /** The phases could not be set (a bad clock or time zone). */
  | { readonly code: 'count/phases'; readonly detail: string }
  /** No day has started yet. */
  | { readonly code: 'count/no-day' };

/** A wagon in any voting system: the target, its total and who is on it. */
export interface CountWagon {
  readonly target: VoteTarget;
  readonly total: number;
  /** Votes it needs (majority), null where the system has no threshold. */
  readonly needed: number | null;
  /** L-n, null where the system has no threshold. */
  readonly lMinus: number | null;
  /** Voters in the order they joined; `counted` is what the vote counted for after the system's corrections. */
  readonly votes: readonly { readonly slotId: string; readonly post: number | null; readonly weight: number; readonly counted: number }[];
}

/** One day's count in the ruleset's own voting system. */
export interface CountTally {
  readonly system: 'majority' | 'family-court' | 'weighted-plurality';
  /** Votes a wagon needs; null under plurality and family court. */
  readonly threshold: number | null;
  /** Slot ids alive at the end of the count. */
  readonly alive: readonly string[];
  readonly wagons: readonly CountWagon[];
  /** 000: the families' totals and the families sent to court. */
  readonly families?: readonly VoteTotal[];
  readonly court?: readonly string[];
  readonly notVoting: readonly string[];
  readonly hammer: { readonly target: VoteTarget; readonly post: number } | null;
  readonly lock: { readonly target: VoteTarget; readonly post: number } | null;
  /** The day's result, or in-progress while it runs. */
  readonly outcome: DayOutcome | { readonly kind: 'in-progress' };
  /** The post-by-post reading of the thread's votes (null where votes are not posted: 000). */
  readonly byPost: VoteTally | null;
  /** The voting system's own tally (family court, weighted plurality); null for majority, counted by posts. */
  readonly systemTally: DayTally | null;
  /**
   * 004 L164: the witch hunt's approvals read from the day's posts (each approval's `at` is its post number), where the
   * rules read approvals from the thread; judged by the posts' times when they are known.
   */
  readonly huntApprovals?: HuntApprovalCount;
  /** What the day's roles did to the count (a role's vote weight, a stolen vote, an Unlynchable, a pardon); absent: nothing. */
  readonly notes?: readonly TallyNote[];
  /** The day's vote weights where roles changed them (slot id → weight; absent: every vote weighs 1 or the host's weights). */
  readonly weights?: Readonly<Record<string, number>>;
}

/** One day of the thread. */
export interface CountedDay {
  readonly phase: Phase;
  /** The first post counted, and the last post of the day (null while it runs). */
  readonly startPost: number;
  readonly endPost: number | null;
  /** Slot ids alive when the day started. */
  readonly aliveAtStart: readonly string[];
  readonly tally: CountTally;
}

/** Something about a post besides its votes. */
export type PostMark =
  | { readonly kind: 'edited'; readonly by?: string }
  | { readonly kind: 'night-post' | 'dead-poster' | 'replaced' | 'non-player'; readonly breach: BreachReason }
  | { readonly kind: 'inactive'; readonly phase: PhaseRef; readonly counted: number; readonly required: number };

/** What the count read in one post. */
export interface PostVerdict {
  readonly post: number;
  readonly postId: string;
  readonly author: string;
  readonly phase: PhaseRef | null;
  readonly votes: readonly {
    readonly action: 'vote' | 'unvote';
    readonly text: string;
    /** The name as written ("Kirby" of "Vote: Kirby"; empty for an unvote without one). */
    readonly written: string;
    readonly counted: boolean;
    readonly target: VoteTarget | null;
    /** Why it was not counted (null when counted). */
    readonly reason: VoteReason | null;
    /** What a counted vote weighs, where a role makes it other than 1 (a Doublevoter's 2, a Voteless player's 0). */
    readonly weight?: number;
  }[];
  readonly marks: readonly PostMark[];
}

export interface ThreadCount {
  readonly ok: true;
  /** The roster counted with: the game's or the opening post's, with the applied account links in it. */
  readonly roster: Roster;
  /**
   * Posters on no slot linked to slots: the links applied to `roster`, those
   * held back for the host (with evidence and why), and accounts the roster
   * lists in several slots (see `findAccountLinks`).
   */
  readonly accountLinks: AccountLinks;
  readonly ruleset: Ruleset;
  /** The post-by-post vote rules the thread was read with (null: votes are not posted). */
  readonly voteRules: VoteRules | null;
  /** Where the roster came from: the game, or the player list of an opening post with what could not be read in it or does not fit the thread. */
  readonly rosterFrom:
    | { readonly kind: 'game' }
    | { readonly kind: 'player-list'; readonly post: number; readonly source: string; readonly problems: readonly PlayerListProblem[] };
  /**
   * Vote rules read from the opening post's words and applied (no game file only), each with its sentence,
   * so the panel can say "Rule read from the opening post: …". Empty with a game file.
   */
  readonly statedRules: readonly StatedRule[];
  /** Where the phases came from: the game's setup, the host's posts, or no day post yet (Day 1 from the post after the opening post). */
  readonly phasesFrom: { readonly kind: 'game' | 'host-posts' } | { readonly kind: 'day-one-assumed'; readonly from: number };
  /** Days and nights in order, with their boundaries. */
  readonly phases: readonly Phase[];
  readonly deaths: readonly Death[];
  readonly days: readonly CountedDay[];
  /** Posts with something to say, in thread order. */
  readonly verdicts: readonly PostVerdict[];
  readonly breaches: readonly Breach[];
  /** The count shown: the day the as-of post falls in, counted up to that post (null before any day). */
  readonly current: {
    readonly day: CountedDay;
    readonly tally: CountTally;
    /** The post the count is as of (the hammer's where no post was chosen and the day was hammered). */
    readonly asOfPost: number;
    /** The last post counted. */
    readonly countedUpTo: number;
    readonly chosen: boolean;
  } | null;
  readonly lastPost: number;
  /** The vote count post, in the thread's markup (null before any day). */
  readonly voteCountPost: { readonly dialect: Dialect; readonly text: string } | null;
}

export type CountThreadResult = ThreadCount | { readonly ok: false; readonly problem: CountProblem };
