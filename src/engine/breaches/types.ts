/**
 * Breach types: what a rule breach is, the rules that define breaches as data
 * (one `BreachRules` object per ruleset), and the per-player ledger.
 */
import type { NightClosure } from '../phases/query';
import type { PhaseKind } from '../phases/types';
import type { EngineMessage } from '../words';

/** The rule a breach breaks. */
export type BreachReason =
  /** Posted while the thread is closed for the night (seed 001 rule 2). */
  | 'post/at-night'
  /** Edited a post (seed 001 rule 3), or edited a vote where only votes are frozen (seed 004 L150). */
  | 'post/edited'
  /** A dead player posted (seed 001 rule 5), beyond any last words the rules grant (seed 004 L137). */
  | 'post/dead-player'
  /** Posted for a slot after a replacement took it over. */
  | 'post/replaced-out'
  /** Posted without holding a slot (not a player, or not yet a player at that post). */
  | 'post/non-player'
  /** Fewer contributive posts in a day than the rules require (seed 001 rule 13). */
  | 'activity/too-few-posts'
  /** No wall before the vote opened (seed 004 L136). */
  | 'activity/no-wall-before-vote'
  /** A vote posted before the host opened the vote (seed 004 L150). */
  | 'vote/before-open'
  /** A vote posted after the day ended. */
  | 'vote/after-day-end'
  /** A vote written against the rules' grammar (seed 001 rule 6: not bold, `V:`/`UV`). */
  | 'vote/grammar'
  /** A family vote for one's own family (seed 000). */
  | 'vote/own-family'
  /** An individual vote for oneself (seed 000). */
  | 'vote/self'
  /** An individual vote for someone outside one's own family (seed 000). */
  | 'vote/outside-family'
  /** No vote cast on a day the player had to vote (seed 000). */
  | 'vote/missing';

/**
 * What the rules say happens.
 * - `none`: recorded only;
 * - `not-counted`: the vote or post does not count (no mark against the player);
 * - `warning`: a warning;
 * - `host-decides`: the rules leave the sanction to the host (counted as a warning until pardoned);
 * - `strike`: counts toward the ruleset's strike thresholds (seed 000: two improper votes exile);
 * - `vote-against-self`: the player's vote goes against themself (seed 004 L136);
 * - `mod-kill`: the player is removed by the host;
 * - `exile`: seed 000's exile (cannot win, counts as not living).
 */
export type Sanction = 'none' | 'not-counted' | 'warning' | 'host-decides' | 'strike' | 'vote-against-self' | 'mod-kill' | 'exile';

/** One breach kind's switch and sanction. */
export interface BreachRule {
  /** Whether this kind is a breach under the ruleset at all. */
  readonly enabled: boolean;
  /** The sanction for the first occurrence. */
  readonly sanction: Sanction;
  /** The sanction from the second occurrence on (seed 001: repeated night posts). Absent: same as the first. */
  readonly repeat?: Sanction;
  /** The rule's own wording, or where it comes from, for the host. */
  readonly text: string;
}

export interface NightPostingRule extends BreachRule {
  /** When the thread counts as closed. */
  readonly closure: NightClosure;
}

export interface EditRule extends BreachRule {
  /**
   * - `any`: every edit is a breach (seed 001: "for any reason");
   * - `votes`: only an edit that changes a vote, or may have (no earlier version known);
   */
  readonly scope: 'any' | 'votes';
  /** Edits within this many seconds of posting are let stand (a forum's grace period). @default 0 */
  readonly graceSeconds: number;
}

export interface InactivityRule extends BreachRule {
  /** Contributive posts a living player needs per day. 0 turns the check off. */
  readonly minPosts: number;
  /** Count posts over the whole day, or only those before the vote opens (seed 004's wall). */
  readonly window: 'day' | 'before-vote-opens';
  /** Posts in the last this many minutes before the vote opens do not count (seed 004: 15). @default 0 */
  readonly lateMinutes: number;
  /**
   * The sanction for a player who posted in the window but wrote no post that counts (seed 004 L136: "posted, no
   * wall" keeps him from the vote, `not-counted`; only a player inactive all day gets the rule's own sanction, the
   * auto-vote against himself). Absent: the rule's own sanction either way.
   */
  readonly postedWithoutWall?: Sanction;
  /** A post counts only with at least this many characters of the player's own words. */
  readonly minChars: number;
  /** Leave votes out of the post's own words (a post that is only a vote does not count). */
  readonly excludeVoteOnly: boolean;
  /** Leave quotations out of the post's own words (a post that only quotes does not count). */
  readonly excludeQuoteOnly: boolean;
}

export interface DeadPostingRule extends BreachRule {
  /** Posts a dead player may make as last words (seed 004: one). */
  readonly lastWords: number;
  /**
   * Until when last words are allowed:
   * - `next-vote`: after a night death until the vote opens in the day that announces it;
   *   after a day death until the next day starts (seed 004 L137);
   * - `phase-end`: after a night death until the end of the day that announces it; after a
   *   day death until the next day starts.
   */
  readonly lastWordsUntil: 'next-vote' | 'phase-end';
  /** Font colours last words must be written in (seed 004: blue). Empty: any post. */
  readonly lastWordsColors: readonly string[];
}

export interface VoteTimingRule extends BreachRule {
  /** Votes before the day's vote opens are breaches (seed 004). */
  readonly beforeOpen: boolean;
  /** Votes outside any day (after the day ended, at night) are breaches. */
  readonly afterEnd: boolean;
}

export interface VoteGrammarRule extends BreachRule {
  /** Which of the vote extraction's reasons are grammar breaches (e.g. `vote/not-bold`, `vote/abbreviated`). */
  readonly reasons: readonly string[];
}

export interface ImproperVoteRule extends BreachRule {
  readonly ownFamily: boolean;
  readonly self: boolean;
  /** The individual vote must be for someone in one's own family (seed 000). */
  readonly outsideFamily: boolean;
  readonly missing: boolean;
}

/** Thresholds that turn marks into a status. Null: not used. */
export interface LedgerThresholds {
  /** Warnings (and host-decides breaches) that make one strike. */
  readonly warningsPerStrike: number | null;
  /** Strikes that make a mod-kill due. */
  readonly strikesToModKill: number | null;
  /** Strikes that exile (seed 000: two). */
  readonly strikesToExile: number | null;
}

/** A ruleset's breach rules, as data. */
export interface BreachRules {
  readonly id: string;
  readonly source: string;
  readonly nightPosting: NightPostingRule;
  readonly edits: EditRule;
  readonly inactivity: InactivityRule;
  readonly deadPosting: DeadPostingRule;
  readonly replacedPosting: BreachRule;
  readonly nonPlayerPosting: BreachRule;
  readonly voteTiming: VoteTimingRule;
  readonly voteGrammar: VoteGrammarRule;
  readonly improperVotes: ImproperVoteRule;
  readonly thresholds: LedgerThresholds;
}

/** The post a breach is about. */
export interface BreachPost {
  readonly number: number;
  readonly id: string;
  readonly permalink?: string;
  readonly author: string;
  readonly postedAt: number | null;
}

/** One breach with its evidence. */
export interface Breach {
  /** Stable id (`<reason>@<post id>` or `<reason>@<slot>/<phase>`), used to pardon it. */
  readonly id: string;
  readonly reason: BreachReason;
  /** The slot, or null for a non-player. */
  readonly slot: string | null;
  /** The account that posted (or the slot's holder for day-level breaches). */
  readonly account: string;
  /** The post, where the breach is one post; null for day-level breaches (inactivity, missing votes). */
  readonly post: BreachPost | null;
  readonly phase: { readonly kind: PhaseKind; readonly number: number } | null;
  /** Which occurrence of this reason for this player (1 = first). */
  readonly occurrence: number;
  readonly sanction: Sanction;
  /** The rule's wording (the ruleset's own, in English: for the command line's report). */
  readonly rule: string;
  /** What was found, in English (the command line's report); readers word `findings` instead. */
  readonly detail: string;
  /** What was found, as messages (whole sentences) a reader words in its language. */
  readonly findings: readonly EngineMessage[];
  /** The rule applied, with its figures (minimum posts and characters, what is left out), as messages. */
  readonly terms: readonly EngineMessage[];
  /** For edits: when, by whom, and whether a vote changed (`unknown` when no earlier version is known). */
  readonly edit?: { readonly at: number | null; readonly by?: string; readonly voteChanged: 'yes' | 'no' | 'unknown' };
  /** For day-level activity breaches: the posts that counted, and how many were needed. */
  readonly activity?: { readonly counted: readonly number[]; readonly required: number };
}

/** The host lets a breach go: it stays in the ledger, marked, with a note. */
export interface Pardon {
  readonly breachId: string;
  readonly note: string;
}

export interface LedgerEntry extends Breach {
  readonly pardoned: boolean;
  readonly pardonNote?: string;
}

/** A player's standing. */
export type PlayerStatus = 'clear' | 'warned' | 'mod-kill-due' | 'exiled';

export interface PlayerLedger {
  /** The slot, or null for someone not in the game. */
  readonly slot: string | null;
  /** The slot's current holder, or the account name. */
  readonly name: string;
  readonly entries: readonly LedgerEntry[];
  readonly warnings: number;
  readonly strikes: number;
  readonly status: PlayerStatus;
}

export interface BreachLedger {
  readonly rules: string;
  readonly players: readonly PlayerLedger[];
  /** Pardons naming no breach found (a typo, or a breach that went away). */
  readonly unmatchedPardons: readonly string[];
}
