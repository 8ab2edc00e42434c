/**
 * Vote rules as data: the grammar a vote must follow and how the day's count
 * is decided. Games differ only in these values, never in code.
 *
 * The defaults follow the forum rule template (seed 001, rules 6 to 8): bold
 * `Vote: X` / `Unvote`, colon optional, any case; `V:` and `UV` are not votes;
 * a majority of the living, floor(alive / 2) + 1; a lock once a wagon at the
 * threshold gets one more vote; the 50% rule. Where the seed leaves a question
 * open (see docs/votes.md) the setting says which answer is the default and the
 * tally reports every time a game hits the question.
 */

/** How a vote must be written. */
export interface VoteGrammar {
  /**
   * Words that start a vote, compared ignoring case unless `caseSensitive`.
   * @default ['vote']
   */
  readonly voteKeywords: readonly string[];
  /**
   * Words that withdraw a vote; spaces and hyphens inside them are optional ("Un vote", "un-vote").
   * @default ['unvote']
   */
  readonly unvoteKeywords: readonly string[];
  /**
   * Short forms players use that the rules reject (seed 001: "V or v: Dredd (Incorrect)").
   * Kept with the reason `'vote/abbreviated'` unless `acceptAbbreviations`.
   * @default ['v'] for votes, ['uv'] for unvotes
   */
  readonly abbreviatedVoteKeywords: readonly string[];
  readonly abbreviatedUnvoteKeywords: readonly string[];
  /** @default false */
  readonly acceptAbbreviations: boolean;
  /**
   * Whether the colon after the keyword is required (`Vote: X`) or optional (`Vote X`).
   * @default 'optional'
   */
  readonly colon: 'optional' | 'required';
  /** @default false */
  readonly caseSensitive: boolean;
  /**
   * A keyword with two neighbouring letters swapped ("vtoe", "voet", "unovte", "unvtoe") is read as the
   * keyword, as hosts read it. Only keywords of four letters or more, only one swap, and the usual checks
   * (bold, position in the run) still apply.
   * @default true
   */
  readonly keywordTypos: boolean;
  /**
   * Whether a keyword may follow other bold text in its run ("FoS: X, Vote: Y", "Cross fingers, vote X",
   * "Hammer vote X", "Hammer. Vote: X"), where a host reads it as the poster's action:
   * - the text before it in the run (the lead) has at most three words, none an appeal to others
   *   ("guys", "please", "let's", "with");
   * - and the keyword has its colon ("Final vote: X", "By the way. Vote: X"), or follows a separator or
   *   sentence break (`, ; : . ! ? - / | )`: "Cross fingers, vote X"), or the lead is `leadWords` only
   *   ("Hammer vote X");
   * - and what follows it, up to the end of the run or the next action, reads as a name: at most three words
   *   after `targetFillers`, not starting with a verb, a pronoun or "count" ("my vote is on Bob", "vote him",
   *   "Official Vote Count"), with no appeal ("vote X with me", "vote X please", "vote X instead").
   * A keyword joined to the word before it ("vig-vote", "self-vote") is never an action. So a bold sentence
   * ("I will not vote for Bob today", "Why did you vote X yesterday?", a long paragraph ending "Vote X.") is
   * never a vote. The word lists are English; in other languages only the length and position rules apply.
   * When false the first keyword must lead its run.
   * @default true
   */
  readonly keywordAfterLead: boolean;
  /**
   * Words that may stand alone before a keyword without a colon or separator ("Hammer vote X").
   * Compared ignoring case. Used only with `keywordAfterLead`.
   * @default ['hammer', 'hammering', 'and', 'also']
   */
  readonly leadWords: readonly string[];
  /**
   * Words between a vote keyword and the name that a host skips: "vote for X", "vote to hammer: X",
   * "vote to No Lynch". Longest first, whole words only, and only when a name follows. A dash or colon
   * there ("vote - X") is always skipped.
   * @default ['to hammer', 'to lynch', 'to eliminate', 'to execute', 'for', 'to']
   */
  readonly targetFillers: readonly string[];
  /**
   * Targets that mean "nobody dies today". Compared ignoring case, spaces and punctuation.
   * @default ['no lynch', 'no elimination', 'no execution', 'nl', 'pass', 'sleep']
   */
  readonly noLynchWords: readonly string[];
  /**
   * Whether a vote for No Lynch counts; when false it is kept with `'vote/no-lynch-not-allowed'`.
   * @default true
   */
  readonly noLynchAllowed: boolean;
  /**
   * Whether an unvote in plain (not bold) text counts. Seed 001 rule 6: it does not.
   * @default false
   */
  readonly unboldedUnvotes: boolean;
  /**
   * Whether a vote must stand on a line of its own (no other text on its line).
   * @default false
   */
  readonly ownLine: boolean;
  /**
   * Whether a vote must start its line: nothing before it on the line, other text may follow ("a vote must
   * start a new line"). Refused as `vote/not-own-line`.
   * @default false
   */
  readonly lineStart: boolean;
  /**
   * Seed 004: during the vote, a player's name in green font is a vote. Off outside such games.
   * @default false
   */
  readonly greenFontVotes: boolean;
  /**
   * Seed 004's open question: a vote written as an inflected name ("Бориса" for Борис). `match-and-report`
   * counts it for the player and reports ambiguity `names/inflected-name` each time; `refuse` does not count it.
   * @default 'match-and-report'
   */
  readonly inflectedNames: 'match-and-report' | 'refuse';
  /**
   * What a struck-through bold vote means. The seeds do not say
   * (ambiguity `grammar/struck-vote`): by default it is nothing.
   * @default 'nothing'
   */
  readonly struckVote: 'nothing' | 'unvote';
  /**
   * Whether a vote inside a spoiler counts (ambiguity `grammar/vote-in-spoiler`).
   * @default false
   */
  readonly votesInSpoilers: boolean;
  /**
   * A vote whose line (or the line after it) says it is cast once ("(single vote)", "one vote only", "using
   * one vote", "not using my double vote") weighs at most one: a doublevoter may cast a single vote and
   * hosts count it once. Votes of weight one or less are unchanged.
   * @default true
   */
  readonly singleVoteNotes: boolean;
  /**
   * Which of several votes in one post stands.
   * @default 'last'
   */
  readonly severalVotesInPost: 'last' | 'first';
  /**
   * A forum vote tag without a keyword inside (`[vote]Name[/vote]`) is a vote for that name.
   * @default true
   */
  readonly bareNameInVoteTag: boolean;
  /**
   * A vote run showing literal forum tags (`vote elusive[\b]`, `Unvote, vote HC[b][/quote`) has broken
   * markup. Hosts have refused such votes; 'read' counts them anyway.
   * @default 'refuse'
   */
  readonly brokenMarkup: 'refuse' | 'read';
}

/** How many votes a wagon needs. */
export type VoteThreshold =
  /** floor(alive / 2) + 1: more than half of the living (seed 001 rule 7). */
  | { readonly kind: 'majority' }
  /** ceil(alive / 2): half of the living, rounded up. */
  | { readonly kind: 'half' }
  /** No threshold: at the end of the day the single largest wagon is lynched; a tie lynches nobody. */
  | { readonly kind: 'plurality' }
  /** A number the host fixes. */
  | { readonly kind: 'fixed'; readonly votes: number };

/**
 * When the 50% rule calls the game (seed 001 rule 8). The rule's two
 * sentences disagree at parity (ambiguity `001/fifty-percent-parity`):
 * "the mafia outnumber the town" calls it only above parity, "the town can't
 * get enough votes in to cause a lynch" calls it at parity too.
 */
export type FiftyPercentRule = 'off' | 'town-cannot-reach-threshold' | 'mafia-outnumber-town';

export interface VoteRules {
  readonly grammar: VoteGrammar;
  readonly threshold: VoteThreshold;
  /**
   * The No Lynch wagon needs one vote less than the threshold.
   * @default false
   */
  readonly noLynchOneLess: boolean;
  /**
   * The day ends the moment a wagon reaches the threshold (mafiascum practice). When false
   * the day runs to its deadline and the wagon at the threshold then is lynched.
   * @default false (seed 001: a lock, lynched at the end of the day)
   */
  readonly hammerEndsDay: boolean;
  /**
   * Seed 001 rule 7: once a wagon at the threshold gets one more vote it is locked and its voters cannot unvote.
   * @default true
   */
  readonly lock: boolean;
  /** @default 'town-cannot-reach-threshold' */
  readonly fiftyPercentRule: FiftyPercentRule;
  /**
   * A vote while already voting replaces the old vote (usual forum practice) or is void until an unvote
   * (ambiguity `001/vote-without-unvote`).
   * @default 'replaces'
   */
  readonly voteWithoutUnvote: 'replaces' | 'void';
  /** @default true */
  readonly selfVoteAllowed: boolean;
  /**
   * Whether a replacement takes over the replaced player's standing vote. The brief of issue #4 voids it.
   * @default false
   */
  readonly replacementKeepsVote: boolean;
  /**
   * Whether a vote on a slot survives that slot being replaced.
   * @default false
   */
  readonly votesOnReplacedSlotStand: boolean;
  /**
   * Vote weight per slot id; absent slots weigh 1. A doublevoter weighs 2, a mason in seed 004 0,
   * a negative voter -1.
   * @default {}
   */
  readonly weights: Readonly<Record<string, number>>;
  /**
   * An author on no slot whose name differs from one slot account only by case, punctuation or a
   * trailing number (a renamed forum account) posts for that slot. A count also links other posters
   * on no slot to slots where it is unambiguous (`findAccountLinks`); off, those links are only suggested.
   * @default true
   */
  readonly renamedAccounts: boolean;
  /**
   * A loosely matched name (abbreviation, typo…) that fits a living and a dead player equally: refuse it
   * as ambiguous, or read it as the living player (votes can only go to the living). Exact names of dead
   * players are never moved to the living either way. Each use is reported as `names/ambiguous-living-preferred`.
   * @default 'refuse'
   */
  readonly ambiguousLooseNames: 'refuse' | 'prefer-living';
}

export const defaultVoteGrammar: VoteGrammar = {
  voteKeywords: ['vote'],
  unvoteKeywords: ['unvote'],
  abbreviatedVoteKeywords: ['v'],
  abbreviatedUnvoteKeywords: ['uv'],
  acceptAbbreviations: false,
  colon: 'optional',
  caseSensitive: false,
  keywordTypos: true,
  keywordAfterLead: true,
  leadWords: ['hammer', 'hammering', 'and', 'also'],
  targetFillers: ['to hammer', 'to lynch', 'to eliminate', 'to execute', 'for', 'to'],
  noLynchWords: ['no lynch', 'no elimination', 'no execution', 'nl', 'pass', 'sleep'],
  noLynchAllowed: true,
  unboldedUnvotes: false,
  ownLine: false,
  lineStart: false,
  greenFontVotes: false,
  inflectedNames: 'match-and-report',
  struckVote: 'nothing',
  votesInSpoilers: false,
  singleVoteNotes: true,
  severalVotesInPost: 'last',
  bareNameInVoteTag: true,
  brokenMarkup: 'refuse',
};

/** Seed 001, the forum rule template. */
export const defaultVoteRules: VoteRules = {
  grammar: defaultVoteGrammar,
  threshold: { kind: 'majority' },
  noLynchOneLess: false,
  hammerEndsDay: false,
  lock: true,
  fiftyPercentRule: 'town-cannot-reach-threshold',
  voteWithoutUnvote: 'replaces',
  selfVoteAllowed: true,
  replacementKeepsVote: false,
  votesOnReplacedSlotStand: false,
  weights: {},
  renamedAccounts: true,
  ambiguousLooseNames: 'refuse',
};

/**
 * Mafiascum Mini/Normal games: majority, the hammer ends the day at once (so
 * there is no lock), the game is ended by its host rather than by a 50% rule,
 * a replacement takes the slot with its vote, and a loosely written name that
 * fits a living and a dead player is read as the living one.
 */
export const mafiascumVoteRules: VoteRules = {
  ...defaultVoteRules,
  hammerEndsDay: true,
  lock: false,
  fiftyPercentRule: 'off',
  replacementKeepsVote: true,
  votesOnReplacedSlotStand: true,
  ambiguousLooseNames: 'prefer-living',
};

/** The number of votes a wagon needs with `alive` living slots, or null under plurality. */
export function thresholdFor(threshold: VoteThreshold, alive: number): number | null {
  switch (threshold.kind) {
    case 'majority':
      return Math.floor(alive / 2) + 1;
    case 'half':
      return Math.ceil(alive / 2);
    case 'plurality':
      return null;
    case 'fixed':
      return threshold.votes;
  }
}
