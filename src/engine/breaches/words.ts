/**
 * A breach rule in words, with its figures: what the rule a breach was found
 * under asks of a player, as engine messages (codes with arguments) that the
 * extension and the command line word in the reader's language. Each message
 * is one whole sentence; a rule is said in a few of them ("At least 3 posts
 * a day.", "A post counts only with 40 characters or more of the player's own
 * words.", "Votes and quotations are left out of a post's own words.").
 */
import { countedMessage, engineMessage, word, type EngineMessage } from '../words';
import type { BreachReason, BreachRules, LedgerThresholds } from './types';

/** How a vote extraction reason the grammar rule names is said as a requirement. */
function grammarTerm(reason: string): EngineMessage {
  switch (reason) {
    case 'vote/not-bold':
      return engineMessage('breach-rule/vote-bold');
    case 'vote/abbreviated':
      return engineMessage('breach-rule/vote-in-full');
    case 'vote/no-colon':
      return engineMessage('breach-rule/vote-colon');
    default:
      return engineMessage('breach-rule/vote-as-written');
  }
}

/** What the inactivity rule asks, with its figures. */
function activityTerms(rules: BreachRules): EngineMessage[] {
  const r = rules.inactivity;
  const out: EngineMessage[] = [
    r.window === 'before-vote-opens'
      ? countedMessage('breach-rule/min-posts-before-vote', r.minPosts)
      : countedMessage('breach-rule/min-posts-day', r.minPosts),
  ];
  if (r.minChars > 1) out.push(countedMessage('breach-rule/min-chars', r.minChars));
  if (r.window === 'before-vote-opens' && r.lateMinutes > 0) out.push(engineMessage('breach-rule/late-posts', word.minutes(r.lateMinutes)));
  if (r.excludeVoteOnly && r.excludeQuoteOnly) out.push(engineMessage('breach-rule/leave-out-votes-quotes'));
  else if (r.excludeVoteOnly) out.push(engineMessage('breach-rule/leave-out-votes'));
  else if (r.excludeQuoteOnly) out.push(engineMessage('breach-rule/leave-out-quotes'));
  return out;
}

/**
 * The rule behind a breach of `reason` under `rules`, in sentences with its
 * figures (minimum posts and characters, what is left out, last words…).
 *
 * @example ruleTerms(breachRules001, 'activity/too-few-posts') // min-posts-day (3), min-chars (40), leave-out-votes-quotes
 */
export function ruleTerms(rules: BreachRules, reason: BreachReason): EngineMessage[] {
  switch (reason) {
    case 'post/at-night':
      return [
        rules.nightPosting.closure === 'after-day-end'
          ? engineMessage('breach-rule/closed-after-day-end')
          : engineMessage('breach-rule/closed-at-night'),
      ];
    case 'post/edited': {
      const r = rules.edits;
      const out = [r.scope === 'any' ? engineMessage('breach-rule/edit-any') : engineMessage('breach-rule/edit-vote')];
      if (r.graceSeconds > 0) out.push(countedMessage('breach-rule/edit-grace', r.graceSeconds));
      return out;
    }
    case 'post/dead-player': {
      const r = rules.deadPosting;
      if (r.lastWords <= 0) return [engineMessage('breach-rule/dead-silent')];
      const out = [
        r.lastWordsUntil === 'next-vote'
          ? countedMessage('breach-rule/last-words-until-vote', r.lastWords)
          : countedMessage('breach-rule/last-words-until-phase-end', r.lastWords),
      ];
      const colour = r.lastWordsColors[0];
      if (colour !== undefined) out.push(engineMessage('breach-rule/last-words-colour', word.text(colour)));
      return out;
    }
    case 'post/replaced-out':
      return [engineMessage('breach-rule/replaced')];
    case 'post/non-player':
      return [engineMessage('breach-rule/non-player')];
    case 'activity/too-few-posts':
    case 'activity/no-wall-before-vote':
      return activityTerms(rules);
    case 'vote/before-open':
      return [engineMessage('breach-rule/vote-before-open')];
    case 'vote/after-day-end':
      return [engineMessage('breach-rule/vote-outside-day')];
    case 'vote/grammar': {
      const seen = new Set<string>();
      return rules.voteGrammar.reasons.map(grammarTerm).filter((m) => (seen.has(m.code) ? false : (seen.add(m.code), true)));
    }
    case 'vote/own-family':
      return [engineMessage('breach-rule/own-family')];
    case 'vote/self':
      return [engineMessage('breach-rule/self-vote')];
    case 'vote/outside-family':
      return [engineMessage('breach-rule/outside-family')];
    case 'vote/missing':
      return [engineMessage('breach-rule/must-vote')];
  }
}

/** The thresholds that turn marks into a standing, in sentences. */
export function thresholdTerms(t: LedgerThresholds): EngineMessage[] {
  const out: EngineMessage[] = [];
  if (t.warningsPerStrike !== null && t.warningsPerStrike > 0)
    out.push(countedMessage('breach-rule/warnings-per-strike', t.warningsPerStrike));
  if (t.strikesToModKill !== null && t.strikesToModKill > 0) out.push(countedMessage('breach-rule/strikes-mod-kill', t.strikesToModKill));
  if (t.strikesToExile !== null && t.strikesToExile > 0) out.push(countedMessage('breach-rule/strikes-exile', t.strikesToExile));
  return out.length === 0 ? [engineMessage('breach-rule/no-thresholds')] : out;
}
