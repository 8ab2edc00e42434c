import type { GameEvent } from '../game/types';
import type { OpenQuestionHit } from '../rules/types';
import type { VoteReason } from '../votes/tally';

/** Why a vote did not count. */
export type VoteVoidReason =
  /** The voter is not a player of this game. */
  | 'vote/voter-unknown'
  /** Dead players do not vote. */
  | 'vote/voter-dead'
  /** A status stops the voter voting (injured, exiled, abroad, arrested, hindered…). */
  | 'vote/voter-cannot-vote'
  /** 000: the Sheriff jailed the voter or the voter's family. */
  | 'vote/voter-jailed'
  /** The target is not a player (or family) of this game. */
  | 'vote/target-unknown'
  /** The target is dead. */
  | 'vote/target-dead'
  /** 000: the Sheriff jailed the target (or its family): votes against it do not count. */
  | 'vote/target-jailed'
  /** The target cannot be voted against (004's Mayor, vertical of power). */
  | 'vote/target-immune'
  /** 000: the target is absent from the vote (injured). */
  | 'vote/target-absent'
  /** 000: a family vote for the voter's own family. */
  | 'vote/own-family'
  /** A vote for oneself where the ballot forbids it. */
  | 'vote/self-vote'
  /** 000: an individual vote for someone outside the voter's family. */
  | 'vote/outside-family'
  /** 001: the lynch was locked before this vote or unvote. */
  | 'vote/after-lock'
  /** Run-off or election: the target is not a candidate. */
  | 'vote/not-a-candidate'
  /** 004: run-off targets do not vote in their own run-off. */
  | 'vote/runoff-target'
  /** A later vote on the same ballot replaced this one (004: only where changes are allowed). */
  | 'vote/replaced'
  /** The voter gave more votes on this ballot than allowed (witch hunt: two). */
  | 'vote/too-many'
  /** An explicit no-vote. */
  | 'vote/abstain';

/** A vote that counted, with the weight it counted for after all corrections. */
export interface CountedVote {
  readonly voter: string;
  readonly ballot: string;
  readonly target: string;
  /** The voter's weight before corrections. */
  readonly weight: number;
  /** What it counted for after caps and barriers. */
  readonly counted: number;
  /** Log index (who voted first). */
  readonly at: number;
  /** 004 L97: a black Liar's hidden vote, counted but left out of the vote result post. */
  readonly hidden?: true;
}

export interface VoidedVote {
  readonly voter: string;
  readonly ballot: string;
  readonly target: string | null;
  /** Ours, or the post-by-post tally's (`src/engine/votes`) where it counted the day. */
  readonly reason: VoteVoidReason | VoteReason;
}

export interface VoteTotal {
  readonly target: string;
  readonly total: number;
}

/** The day's outcome. */
export type DayOutcome =
  | { readonly kind: 'lynch'; readonly slotIds: readonly string[] }
  | { readonly kind: 'no-lynch'; readonly reason: NoLynchReason }
  /** 004: a tie; a run-off among only these players is needed. */
  | { readonly kind: 'runoff'; readonly candidates: readonly string[] }
  /** 004 Day 1: the election's winner takes the title. */
  | { readonly kind: 'elected'; readonly slotId: string; readonly title: string }
  /** 004 Day 1: a tie in the first round; a second round among these. */
  | { readonly kind: 'election-runoff'; readonly candidates: readonly string[] };

/** Why nobody died. */
export type NoLynchReason =
  /** No one reached the majority. */
  | 'no-lynch/no-majority'
  /** Nobody voted (or no vote counted). */
  | 'no-lynch/no-votes'
  /** A tie with no rule that breaks it (001 plurality fallback). */
  | 'no-lynch/tie'
  /** 004: a strict run-off tie with 1–2 negatives alive. */
  | 'no-lynch/strict-tie-few-negatives'
  /** 000: the families in court had nobody (or nobody voted) to execute. */
  | 'no-lynch/court-empty'
  /** The No Lynch wagon won. */
  | 'no-lynch/voted-no-lynch'
  /** The 50% rule called the game during the day. */
  | 'no-lynch/game-called'
  /** 004 L30: the Priest forgave the player who would have died; a re-vote follows. */
  | 'no-lynch/forgiven'
  /** 004 L35: the Hero cancelled the lynch of a red. */
  | 'no-lynch/hero-saved'
  /** The majority was reached on a player who cannot be lynched (an Unlynchable): the day ends, nobody dies. */
  | 'no-lynch/unlynchable'
  /** A day move cancelled the lynch of its target (a Governor's pardon). */
  | 'no-lynch/cancelled';

/** One death the vote causes, with why. */
export interface VoteDeath {
  readonly slotId: string;
  readonly cause: string;
}

/** The full result of tallying one day's ballot. Plain JSON. */
export interface DayTally {
  readonly system: 'majority' | 'family-court' | 'weighted-plurality';
  readonly ballot: string;
  readonly totals: readonly VoteTotal[];
  /** 000: family vote totals. */
  readonly familyTotals?: readonly VoteTotal[];
  /** 000: the families sent to court. */
  readonly court?: readonly string[];
  /** 001: the majority needed, and whether the lynch locked. */
  readonly majority?: number;
  readonly locked?: string;
  readonly counted: readonly CountedVote[];
  readonly voided: readonly VoidedVote[];
  readonly outcome: DayOutcome;
  readonly deaths: readonly VoteDeath[];
  /** Further consequences to record (strikes, exile, lost titles). */
  readonly effects: readonly GameEvent[];
  /** Open questions of the seed rules this day ran into, and how the setting decided. */
  readonly openQuestions: readonly OpenQuestionHit[];
  /** Plain-language explanations of corrections applied (caps, barriers, overrides), in English. */
  readonly explanations: readonly string[];
  /** The same explanations as data, for the vote result post in its language (absent in tallies stored before them). */
  readonly notes?: readonly TallyNote[];
  /**
   * 004: another ballot follows the same day: the Priest's re-vote (`revote`, L30) or the extra vote after a lone
   * Faceless or Hero-saved lynch (`extra`, L156–L157). The day's deaths so far are recorded before it opens.
   */
  readonly followUp?: { readonly ballot: 'revote' | 'extra' };
}

/** What a tally explains, by code; each has a sentence per post language (`postPhrases`). */
export type TallyNoteCode =
  | 'exiled'
  | 'court-empty'
  | 'court-no-votes'
  | 'court-lone'
  | 'court-most-one'
  | 'court-most-many'
  | 'lawyer-alone'
  | 'lawyer-others-die'
  | 'lawyer-nobody-else'
  | 'lawyer-second'
  | 'revenge-absent'
  | 'auto-vote'
  | 'vote-capped'
  | 'barrier'
  | 'black-cap'
  | 'black-grey-cap'
  | 'all-reds'
  | 'everyone'
  | 'strict-tie-first-two'
  | 'strict-tie-both'
  | 'strict-tie-nobody'
  | 'title-lost'
  | 'red-tie'
  | 'grey-tie-weight'
  | 'grey-tie-first'
  | 'election-first-vote'
  | 'witch-hunt'
  | 'auto-vote-dead'
  | 'auto-vote-abstain'
  | 'auto-vote-inactive'
  | 'tie-settled'
  | 'weight-moved'
  | 'forgiven'
  | 'forgiven-revote'
  | 'hero-save'
  | 'hero-dies-with'
  | 'hero-grey'
  | 'heroic-suicide'
  | 'compromised'
  | 'self-compromised'
  | 'witness'
  | 'vote-bonus'
  | 'detonator'
  | 'detonator-crippled'
  | 'blast'
  | 'extra-vote'
  | 'hunt-tie-settled'
  | 'fired'
  /** 003: Kazuha's accompaniment took a vote off. */
  | 'accompanied'
  | 'support'
  | 'patron-bonus'
  | 'patron-cover'
  | 'zero-barrier'
  | 'immunity-open'
  | 'crowd-bonus'
  | 'crowd-cancelled'
  | 'corpse-bonus'
  | 'hosted-vote-lost'
  | 'proxy-vote'
  | 'bank'
  | 'bank-short'
  | 'hero-skip'
  | 'took-voter'
  | 'die-instead'
  | 'late-move'
  | 'vote-opening-read'
  | 'vote-opening-set'
  | 'vote-opening-assumed'
  | 'auto-vote-absent'
  | 'executed'
  | 'execution-refused'
  | 'bonus-waived'
  | 'runoff-bought'
  | 'runoff-bought-spent'
  | 'departed'
  /** 004 L125: the side a departing player reveals. */
  | 'side-revealed'
  | 'side-revealed-named'
  | 'side-unreported'
  | 'side-refused'
  /** 004: a death execution refused in the witch hunt (a setting). */
  | 'hunt-no-execution'
  /** 004 L70: the possessing Faceless votes 0. */
  | 'possessing-zero'
  /** A role's vote weight (a Doublevoter's 2, a Voteless player's 0). */
  | 'role-weight'
  /** A Politician took a player's vote for the day. */
  | 'vote-stolen'
  /** The majority reached an Unlynchable player: no lynch. */
  | 'unlynchable'
  /** A Governor cancelled the lynch of the player he pardoned. */
  | 'lynch-cancelled'
  /** A Doublevoter's vote said to be cast once counts one (`voting.grammar.singleVoteNotes`). */
  | 'single-vote';

/**
 * One explanation of a tally: its code and values (names as written, numbers;
 * `color` is red, black or grey and `title` a title id, both worded by the
 * post's language).
 */
export interface TallyNote {
  readonly code: TallyNoteCode;
  readonly values: Readonly<Record<string, string | number>>;
}
