/**
 * Reading a game's breach rules from JSON (a stored game, an imported game
 * file, the popup's edit): every section and field checked, so a file cannot
 * give the engine a rule it does not know how to apply.
 */
import { array, boolean, integer, nullable, object, oneOf, optional, string, type Reader } from '../json/read';
import type {
  BreachRule,
  BreachRules,
  DeadPostingRule,
  EditRule,
  ImproperVoteRule,
  InactivityRule,
  LedgerThresholds,
  NightPostingRule,
  Sanction,
  VoteGrammarRule,
  VoteTimingRule,
} from './types';

export const sanctions: readonly Sanction[] = [
  'none',
  'not-counted',
  'warning',
  'host-decides',
  'strike',
  'vote-against-self',
  'mod-kill',
  'exile',
];

/** The highest figure a breach rule takes (posts, characters, minutes, seconds, strikes). */
export const breachFigureMax = 100_000;

const text = string({ nonEmpty: false, maxLength: 2000 });
const figure = integer({ min: 0, max: breachFigureMax });
const sanction = oneOf<Sanction>(sanctions);
const common = { enabled: boolean, sanction, repeat: optional(sanction), text };

const basic = object<BreachRule>(common);

export const breachRulesReader: Reader<BreachRules> = object<BreachRules>({
  id: string({ maxLength: 200 }),
  source: text,
  nightPosting: object<NightPostingRule>({ ...common, closure: oneOf(['night', 'after-day-end', 'never']) }),
  edits: object<EditRule>({ ...common, scope: oneOf(['any', 'votes']), graceSeconds: figure }),
  inactivity: object<InactivityRule>({
    ...common,
    minPosts: figure,
    window: oneOf(['day', 'before-vote-opens']),
    lateMinutes: figure,
    minChars: figure,
    excludeVoteOnly: boolean,
    excludeQuoteOnly: boolean,
    postedWithoutWall: optional(sanction),
  }),
  deadPosting: object<DeadPostingRule>({
    ...common,
    lastWords: figure,
    lastWordsUntil: oneOf(['next-vote', 'phase-end']),
    lastWordsColors: array(string({ maxLength: 100 }), { max: 50 }),
  }),
  replacedPosting: basic,
  nonPlayerPosting: basic,
  voteTiming: object<VoteTimingRule>({ ...common, beforeOpen: boolean, afterEnd: boolean }),
  voteGrammar: object<VoteGrammarRule>({ ...common, reasons: array(string({ maxLength: 100 }), { max: 50 }) }),
  improperVotes: object<ImproperVoteRule>({ ...common, ownFamily: boolean, self: boolean, outsideFamily: boolean, missing: boolean }),
  thresholds: object<LedgerThresholds>({
    warningsPerStrike: nullable(figure),
    strikesToModKill: nullable(figure),
    strikesToExile: nullable(figure),
  }),
});
