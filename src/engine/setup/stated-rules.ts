/**
 * Per-game vote rules an opening post states in words, read where they are
 * simple and common: "votes must be on their own line" (or start a new line) and a threshold of half
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
   * - `line-start`: a vote must start a (new) line, other text may follow it (grammar `lineStart`).
   * - `half-threshold`: a wagon needs half the living players, rounded up (threshold `half`).
   */
  readonly rule: 'own-line' | 'line-start' | 'half-threshold';
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
  /\b(?:(?:its|their|his|her|your|an?) own line|line (?:of|on|to|by) (?:its|their|itself|themselves)(?: own)?|(?:a )?separate line|line by itself)\b/iu;
/** The start of a (new) line: the vote opens its line, and text may follow it on the line. */
const lineStartWords = /\b(?:(?:a|the) (?:new|fresh) line|(?:start|beginning) of (?:a|the|its|their) (?:new )?line)\b/iu;
/** The sentence makes it a requirement. */
const requirement =
  /\b(?:must|should|need to|needs to|has to|have to|required|are to|is to|only counts?|only (?:be )?counted|will only count|(?:will not|won't|do not|don't|does not|doesn't) (?:be )?count|not (?:be )?counted|invalid|ignored)\b/iu;
const aboutVotes = /\bvot(?:e|es|ing)\b/iu;

/** Half of the living players, in the words hosts use. */
const halfWords = /\b(?:half (?:of )?(?:the )?(?:living|alive|remaining|players|those alive|the players)|50 ?%|50 percent|fifty percent)/iu;
/** What the threshold is for: a lynch, a hammer, an elimination, a majority. */
const thresholdTopic = /\b(?:lynch|hammer|eliminat|execut|majority|to (?:be )?(?:lynch|eliminat|execut|kill))/iu;
/** "More than half", "half + 1", "half rounded down plus one": a majority, not half. */
const moreThanHalf =
  /\b(?:more than|over|above|greater than|exceeds?|exceeding|beyond)\s+(?:half|50 ?%|fifty)|\b(?:half|50 ?%|fifty percent)[^.;]{0,40}?(?:\+\s*(?:1|one)|plus (?:one|1)|and one)|rounded down/iu;
/** The No Lynch wagon's own threshold ("if half the players vote No Lynch"): not the lynch threshold. */
const aboutNoLynch = /\bno[\s-]*(?:lynch|elimination|execution)\b/iu;
/** A threshold sentence that denies ("does not need half", "never at 50%"). */
const denied = /\b(?:not|never)\b|n't\b/iu;
/** The 50% rule and parity speak of the game's end, not the lynch threshold. */
const aboutGameEnd =
  /\b(?:mafia|scum|wolves|werewolves|parity|outnumber|50 ?% rule|fifty percent rule|game (?:ends|is over|is called|will end))\b/iu;

/**
 * The vote rules an opening post states, with the sentence each was read from.
 *
 * - "Votes must be on their own line", "each vote has to be on a separate line": grammar `ownLine: true`
 *   (nothing else on the vote's line).
 * - "A vote must start a new line", "votes must be at the beginning of a line": grammar `lineStart: true`
 *   (nothing before the vote on its line; text may follow). Where a sentence could be either, the
 *   lenient reading is taken.
 * - "A lynch takes half the living players", "with an even number alive, 50% is enough to hammer":
 *   threshold `half` (half the living, rounded up: the same as a majority for odd counts). Not read from
 *   "more than half", "half + 1", "50% of the living +1", "rounded down" (a majority), from the No Lynch
 *   wagon's own threshold, nor from the 50% rule or parity.
 * - A request ("please put your vote on its own line so I see it") is not a rule: only "must", "should",
 *   "has to", "required", "only counts", "will not count" and the like are read.
 *
 * @example readStatedRules(openingPost.body) // { grammar: { ownLine: true }, rules: [{ rule: 'own-line', sentence: '…' }] }
 */
export function readStatedRules(body: readonly BodyNode[]): StatedRules {
  const rules: StatedRule[] = [];
  const grammar: { ownLine?: boolean; lineStart?: boolean } = {};
  let threshold: VoteThreshold | undefined;
  for (const sentence of sentencesOf(body)) {
    if (grammar.ownLine === undefined && grammar.lineStart === undefined && aboutVotes.test(sentence) && requirement.test(sentence)) {
      const ownLine = ownLineWords.test(sentence);
      if (ownLine || lineStartWords.test(sentence)) {
        if (!lifted.test(sentence)) {
          if (ownLine) grammar.ownLine = true;
          else grammar.lineStart = true;
          rules.push({ rule: ownLine ? 'own-line' : 'line-start', sentence });
        }
        continue;
      }
    }
    if (
      threshold === undefined &&
      halfWords.test(sentence) &&
      thresholdTopic.test(sentence) &&
      !moreThanHalf.test(sentence) &&
      !aboutGameEnd.test(sentence) &&
      !aboutNoLynch.test(sentence) &&
      !denied.test(sentence)
    ) {
      threshold = { kind: 'half' };
      rules.push({ rule: 'half-threshold', sentence });
    }
  }
  return { grammar, ...(threshold === undefined ? {} : { threshold }), rules };
}
