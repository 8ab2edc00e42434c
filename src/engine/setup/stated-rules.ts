/**
 * Per-game vote rules an opening post states in words, read where they are
 * simple and common: "votes must be on their own line" and a threshold of half
 * the living players. Pure: text in, overrides out, each with the sentence it
 * was read from so the host can see why the count follows it.
 *
 * Only plain English statements are read, one sentence at a time, and a
 * sentence that negates the rule ("votes do not need to be on their own line")
 * or speaks of something else ("the 50% rule", "when the mafia reach 50%") is
 * left alone: a rule that is not read leaves the ruleset's default in place,
 * which is always safer than a rule read wrongly.
 */
import type { BodyNode } from '../../model/post';
import { bodyText } from '../../model/post';
import type { VoteGrammar, VoteThreshold } from '../votes/rules';

/** One rule read from the opening post. */
export interface StatedRule {
  /**
   * - `own-line`: a vote must stand on a line of its own (grammar `ownLine`).
   * - `half-threshold`: a wagon needs half the living players, rounded up (threshold `half`).
   */
  readonly rule: 'own-line' | 'half-threshold';
  /** The sentence it was read from, as written (spaces collapsed). */
  readonly sentence: string;
}

export interface StatedRules {
  /** Grammar settings the opening post states. */
  readonly grammar: Partial<VoteGrammar>;
  /** The threshold the opening post states, when it states one that differs from a majority. */
  readonly threshold?: VoteThreshold;
  /** Every rule read, in the order the post states them. */
  readonly rules: readonly StatedRule[];
}

/** Longer "sentences" are a run-on paragraph or a list, not one rule: they are not read. */
const maxSentenceChars = 300;

/** The post's sentences: split at line breaks and at sentence ends; quotes of other posts are not the host's rules. */
function sentencesOf(body: readonly BodyNode[]): string[] {
  return bodyText(body, { skipQuotes: true })
    .split(/\n+|(?<=[.!?;])\s+/u)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '' && s.length <= maxSentenceChars);
}

/** A sentence that lifts the rule ("do not need to", "doesn't have to", "not required", "need not", "optional"). */
const lifted =
  /\b(?:(?:do|does|did|need|needs|is|are)(?:\s+not|n't)\s+(?:need\s+to|have\s+to|required|necessary|needed)|need\s+not|needn't|no\s+need|not\s+(?:required|necessary|needed|mandatory)|optional)\b/iu;

/** A line of its own, in the words hosts use. */
const ownLineWords =
  /\b(?:(?:its|their|his|her|your|an?) own line|line (?:of|on|to|by) (?:its|their|itself|themselves)(?: own)?|(?:a )?(?:new|separate|fresh|single) line|line by itself|start (?:of )?(?:a|the) line|beginning of (?:a|the) line)\b/iu;
/** The sentence makes it a requirement. */
const requirement =
  /\b(?:must|should|need to|needs to|has to|have to|required|are to|is to|only counts?|only be counted|will only count|put|(?:will not|won't|do not|don't|does not|doesn't) (?:be )?count|not (?:be )?counted|invalid|ignored)\b/iu;
const aboutVotes = /\bvot(?:e|es|ing)\b/iu;

/** Half of the living players, in the words hosts use. */
const halfWords = /\b(?:half (?:of )?(?:the )?(?:living|alive|remaining|players|those alive|the players)|50 ?%|50 percent|fifty percent)/iu;
/** What the threshold is for: a lynch, a hammer, an elimination, a majority. */
const thresholdTopic = /\b(?:lynch|hammer|eliminat|execut|majority|to (?:be )?(?:lynch|eliminat|execut|kill))/iu;
/** "More than half", "half + 1", "half rounded down plus one": a majority, not half. */
const moreThanHalf =
  /\b(?:more than|over|above|greater than|exceeds?|exceeding|beyond)\s+(?:half|50 ?%|fifty)|\bhalf\b[^.;]{0,30}(?:\+\s*1|plus (?:one|1)|and one)|\b50 ?%\s*(?:\+\s*1|plus (?:one|1))|rounded down/iu;
/** A threshold sentence that denies ("does not need half", "never at 50%"). */
const denied = /\b(?:not|never)\b|n't\b/iu;
/** The 50% rule and parity speak of the game's end, not the lynch threshold. */
const aboutGameEnd =
  /\b(?:mafia|scum|wolves|werewolves|parity|outnumber|50 ?% rule|fifty percent rule|game (?:ends|is over|is called|will end))\b/iu;

/**
 * The vote rules an opening post states, with the sentence each was read from.
 *
 * - "Votes must be on their own line", "a vote must start a new line", "each vote has to be on a separate
 *   line": grammar `ownLine: true`.
 * - "A lynch takes half the living players", "with an even number alive, 50% is enough to hammer":
 *   threshold `half` (half the living, rounded up: the same as a majority for odd counts). Not read from
 *   "more than half", "half + 1", "rounded down" (a majority), nor from the 50% rule or parity.
 *
 * @example readStatedRules(openingPost.body) // { grammar: { ownLine: true }, rules: [{ rule: 'own-line', sentence: '…' }] }
 */
export function readStatedRules(body: readonly BodyNode[]): StatedRules {
  const rules: StatedRule[] = [];
  const grammar: { ownLine?: boolean } = {};
  let threshold: VoteThreshold | undefined;
  for (const sentence of sentencesOf(body)) {
    if (grammar.ownLine === undefined && aboutVotes.test(sentence) && ownLineWords.test(sentence) && requirement.test(sentence)) {
      if (!lifted.test(sentence)) {
        grammar.ownLine = true;
        rules.push({ rule: 'own-line', sentence });
      }
      continue;
    }
    if (
      threshold === undefined &&
      halfWords.test(sentence) &&
      thresholdTopic.test(sentence) &&
      !moreThanHalf.test(sentence) &&
      !aboutGameEnd.test(sentence) &&
      !denied.test(sentence)
    ) {
      threshold = { kind: 'half' };
      rules.push({ rule: 'half-threshold', sentence });
    }
  }
  return { grammar, ...(threshold === undefined ? {} : { threshold }), rules };
}
