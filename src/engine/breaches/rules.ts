/**
 * The four seed rule systems' breach rules. The rulesets folds these into its
 * presets; a game file may override any field.
 */
import type { BreachRules } from './types';

const off = { enabled: false, sanction: 'none', text: 'not a rule of this ruleset' } as const;

/**
 * Seed 001, the forum rule template (Gorny's): closed thread at night, no
 * edits, a minimum of contributive posts per day, the dead stay silent, bold
 * `Vote:` / `Unvote:` written in full.
 */
export const breachRules001: BreachRules = {
  id: '001',
  source: 'seed 001, forum rule template',
  nightPosting: {
    enabled: true,
    closure: 'after-day-end',
    sanction: 'host-decides',
    repeat: 'mod-kill',
    text: "Rule 2: do not post during the night phase; a night post can result in a mod kill at the host's call, repeated night posts will.",
  },
  edits: {
    enabled: true,
    scope: 'any',
    graceSeconds: 0,
    sanction: 'mod-kill',
    text: 'Rule 3: editing a post you made in game, for any reason, will result in a mod kill.',
  },
  inactivity: {
    enabled: true,
    // The template leaves the number blank ("at least___actual contributive posts"); 3 is our default, set per game.
    minPosts: 3,
    window: 'day',
    lateMinutes: 0,
    minChars: 40,
    excludeVoteOnly: true,
    excludeQuoteOnly: true,
    sanction: 'mod-kill',
    text: 'Rule 13: inactive players (fewer than the required contributive posts per day phase) get mod killed; posting just to meet the requirement does not count.',
  },
  deadPosting: {
    enabled: true,
    lastWords: 0,
    lastWordsUntil: 'phase-end',
    lastWordsColors: [],
    sanction: 'host-decides',
    text: 'Rule 5: dead people make no posts; a dead player who posts can be barred from playing and possibly banned.',
  },
  replacedPosting: {
    enabled: true,
    sanction: 'host-decides',
    text: "A replaced player no longer plays; posts for the slot are the replacement's.",
  },
  nonPlayerPosting: { enabled: true, sanction: 'host-decides', text: 'Only players and the host post in the game thread.' },
  voteTiming: { enabled: true, beforeOpen: false, afterEnd: true, sanction: 'not-counted', text: 'Votes count during the day phase only.' },
  voteGrammar: {
    enabled: true,
    reasons: ['vote/not-bold', 'vote/abbreviated'],
    sanction: 'not-counted',
    text: 'Rule 6: votes and unvotes must be bolded and written in full (Vote:, Unvote:); V: and UV: are incorrect.',
  },
  improperVotes: { ...off, ownFamily: false, self: false, outsideFamily: false, missing: false },
  thresholds: { warningsPerStrike: null, strikesToModKill: null, strikesToExile: null },
};

/**
 * Seed 000, "mafia 1923": votes are cast on a form, not in a thread, so there
 * are no posting breaches; the improper votes are the rule, and two exile.
 * Whether one improper plus one missed vote exiles is an open question: here
 * both are strikes and any two exile.
 */
export const breachRules000: BreachRules = {
  id: '000',
  source: 'seed 000, mafia 1923',
  nightPosting: { ...off, closure: 'never' },
  edits: { ...off, scope: 'any', graceSeconds: 0 },
  inactivity: { ...off, minPosts: 0, window: 'day', lateMinutes: 0, minChars: 0, excludeVoteOnly: false, excludeQuoteOnly: false },
  // "Dead players are encouraged to continue participating in the game."
  deadPosting: { ...off, lastWords: 0, lastWordsUntil: 'phase-end', lastWordsColors: [] },
  replacedPosting: off,
  nonPlayerPosting: off,
  voteTiming: {
    enabled: true,
    beforeOpen: false,
    afterEnd: true,
    sanction: 'not-counted',
    text: 'Votes are cast during the daytime (9am-7pm Israel time).',
  },
  voteGrammar: { ...off, reasons: [] },
  improperVotes: {
    enabled: true,
    ownFamily: true,
    self: true,
    outsideFamily: true,
    missing: true,
    sanction: 'strike',
    text: 'Daytime: no family vote for your own family, no individual vote for yourself, the individual vote within your family; not voting is improper too. Two improper votes exile.',
  },
  thresholds: { warningsPerStrike: null, strikesToModKill: null, strikesToExile: 2 },
};

/**
 * Seed 003, Detective Conan: the fragment forbids the dead to influence the
 * game and says nothing of night posting, edits or activity.
 */
export const breachRules003: BreachRules = {
  id: '003',
  source: 'seed 003, Detective Conan',
  nightPosting: { ...off, closure: 'never' },
  edits: { ...off, scope: 'any', graceSeconds: 0 },
  inactivity: { ...off, minPosts: 0, window: 'day', lateMinutes: 0, minChars: 0, excludeVoteOnly: false, excludeQuoteOnly: false },
  deadPosting: {
    enabled: true,
    lastWords: 0,
    lastWordsUntil: 'phase-end',
    lastWordsColors: [],
    sanction: 'host-decides',
    text: 'Dead players may not give any information concerning the game to others or influence the game in any other way.',
  },
  replacedPosting: { enabled: true, sanction: 'host-decides', text: 'A replaced player no longer plays.' },
  nonPlayerPosting: { enabled: true, sanction: 'host-decides', text: 'Only players and the GM post in the game thread.' },
  voteTiming: {
    enabled: true,
    beforeOpen: false,
    afterEnd: true,
    sanction: 'not-counted',
    text: 'Everyone can vote during the Day Phase.',
  },
  voteGrammar: { ...off, reasons: [] },
  improperVotes: { ...off, ownFamily: false, self: false, outsideFamily: false, missing: false },
  thresholds: { warningsPerStrike: null, strikesToModKill: null, strikesToExile: null },
};

/**
 * Seed 004, the Russian rules: the thread stays open at night (L148), a wall
 * is required before the 21:00 vote or the player votes against himself
 * (L136), votes count only after the host opens the vote and cannot be changed
 * (L150), the dead get one last word in blue (L137), meddling non-players are
 * banned (L144).
 */
export const breachRules004: BreachRules = {
  id: '004',
  source: 'seed 004, Russian rules (see docs/seed-004-digest.md)',
  nightPosting: { ...off, closure: 'never', text: 'L148: the thread is not closed at night unless the host decides so.' },
  edits: {
    enabled: true,
    scope: 'votes',
    graceSeconds: 0,
    sanction: 'not-counted',
    text: 'L150: a vote cannot be changed; the first vote stands (L142 also forbids messages edited in different parts of the game).',
  },
  inactivity: {
    enabled: true,
    minPosts: 1,
    window: 'before-vote-opens',
    lateMinutes: 15,
    minChars: 200,
    excludeVoteOnly: true,
    excludeQuoteOnly: true,
    sanction: 'vote-against-self',
    postedWithoutWall: 'not-counted',
    text: 'L136: at least one wall (opinions on other players) each day before the 21:00 vote; walls in the last 15 minutes may be rejected; a player without one is not admitted to the vote, and one inactive all day before 21:00 gets an auto-vote against himself.',
  },
  deadPosting: {
    enabled: true,
    lastWords: 1,
    lastWordsUntil: 'next-vote',
    lastWordsColors: ['blue', '#0000ff', '#00f', 'rgb(0,0,255)', 'navy', '#000080', 'rgb(0,0,128)'],
    sanction: 'host-decides',
    text: 'L137: the dead may post one last word in blue (after a night death before the vote starts, after a day death before the morning results); other posting: any punishment up to a technical loss or ban.',
  },
  replacedPosting: { enabled: true, sanction: 'host-decides', text: 'A replaced player no longer plays.' },
  nonPlayerPosting: { enabled: true, sanction: 'host-decides', text: 'L144: meddling in the game by non-players is punished with a ban.' },
  voteTiming: {
    enabled: true,
    beforeOpen: true,
    afterEnd: true,
    sanction: 'not-counted',
    text: 'L150: only votes posted after the host announces the start of the vote count; the vote ends with the day.',
  },
  voteGrammar: { ...off, reasons: [] },
  improperVotes: { ...off, ownFamily: false, self: false, outsideFamily: false, missing: false },
  thresholds: { warningsPerStrike: null, strikesToModKill: null, strikesToExile: null },
};

/**
 * Mafiascum.net Mini/Normal practice, for replaying its games: threads stay
 * open at night and edits are the site's business, activity is handled by
 * prods over time rather than a per-day count; the dead, replaced players and
 * outsiders do not post in a running game.
 */
export const breachRulesMafiascum: BreachRules = {
  id: 'mafiascum',
  source: 'mafiascum.net Mini/Normal games',
  nightPosting: { ...off, closure: 'never', text: 'mafiascum game threads stay open at night' },
  edits: { ...off, scope: 'any', graceSeconds: 0, text: 'edits are not a game rule on mafiascum' },
  inactivity: { ...off, minPosts: 0, window: 'day', lateMinutes: 0, minChars: 0, excludeVoteOnly: false, excludeQuoteOnly: false },
  // Hosts in the corpus let a single post right after the flip stand ("Bah", "win it for me").
  deadPosting: {
    enabled: true,
    lastWords: 1,
    lastWordsUntil: 'phase-end',
    lastWordsColors: [],
    sanction: 'host-decides',
    text: 'Dead players do not post in the game thread while the game runs, beyond one reaction to their death.',
  },
  replacedPosting: { enabled: true, sanction: 'host-decides', text: 'A replaced player no longer posts in the game thread.' },
  nonPlayerPosting: { enabled: true, sanction: 'host-decides', text: 'Only players and the moderators post in a running game thread.' },
  voteTiming: { enabled: true, beforeOpen: false, afterEnd: true, sanction: 'not-counted', text: 'Votes count during the day.' },
  voteGrammar: { ...off, reasons: [] },
  improperVotes: { ...off, ownFamily: false, self: false, outsideFamily: false, missing: false },
  thresholds: { warningsPerStrike: null, strikesToModKill: null, strikesToExile: null },
};

/**
 * A thread no game is set up for: no rule is judged, since Gavel does not know
 * the game's rules yet. What every game shares is shown: edits the forum
 * marks, listed with no sanction. The votes are the count's, not a breach.
 */
export const breachRulesUnjudged: BreachRules = {
  id: 'none',
  source: 'no game set up: nothing is judged',
  nightPosting: { ...off, closure: 'never' },
  edits: { enabled: true, scope: 'any', graceSeconds: 0, sanction: 'none', text: 'Edits the forum shows, not judged against any rules.' },
  inactivity: { ...off, minPosts: 0, window: 'day', lateMinutes: 0, minChars: 0, excludeVoteOnly: false, excludeQuoteOnly: false },
  deadPosting: { ...off, lastWords: 0, lastWordsUntil: 'phase-end', lastWordsColors: [] },
  replacedPosting: off,
  nonPlayerPosting: off,
  voteTiming: { ...off, beforeOpen: false, afterEnd: false },
  voteGrammar: { ...off, reasons: [] },
  improperVotes: { ...off, ownFamily: false, self: false, outsideFamily: false, missing: false },
  thresholds: { warningsPerStrike: null, strikesToModKill: null, strikesToExile: null },
};

/** The seed breach rules by id. */
export const breachRulesPresets: Readonly<Record<'000' | '001' | '003' | '004', BreachRules>> = {
  '000': breachRules000,
  '001': breachRules001,
  '003': breachRules003,
  '004': breachRules004,
};

/**
 * The breach rules a name refers to: a seed id (`001`), the constant's name as the
 * rulesets' `references.breachRules` gives it (`breachRules001`), or `mafiascum`.
 */
export function breachRulesFor(name: string): BreachRules | undefined {
  const key = name
    .trim()
    .replace(/^breachRules/u, '')
    .toLowerCase();
  if (key === 'mafiascum') return breachRulesMafiascum;
  return key === '000' || key === '001' || key === '003' || key === '004' ? breachRulesPresets[key] : undefined;
}
