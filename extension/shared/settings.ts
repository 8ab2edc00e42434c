/**
 * The host's settings as the pages and the worker share them, with the words
 * they are made of (the output dialect, the UI language, the badge's mode).
 * Stored one key a row (storage/schema.ts `SettingRow`) and checked field by
 * field on the way in (storage/repository.ts).
 */
import type { VoteGrammar } from '../../src/engine';

export type OutputDialect = 'bbcode' | 'markdown';

/** The language of Gavel's own pages: the browser's, or one the host picks. */
export type UiLanguage = 'auto' | 'en' | 'ru';

/** What the toolbar badge shows on a tracked thread's tab: the leading wagon ("4/5") or the time to the next deadline ("5h"). */
export type BadgeMode = 'votes' | 'deadline';

/** The vote grammar fields Settings shows as a word list, as a yes/no box, and as a choice. */
export const voteGrammarWordSettingKeys = [
  'voteKeywords',
  'unvoteKeywords',
  'noLynchWords',
] as const satisfies readonly (keyof VoteGrammar)[];
export const voteGrammarSwitchSettingKeys = [
  'acceptAbbreviations',
  'unboldedUnvotes',
  'noLynchAllowed',
  'ownLine',
  'lineStart',
  'votesInSpoilers',
  'keywordAfterLead',
  'keywordTypos',
  'singleVoteNotes',
] as const satisfies readonly (keyof VoteGrammar)[];
export const voteGrammarChoiceSettingKeys = ['colon', 'struckVote', 'severalVotesInPost'] as const satisfies readonly (keyof VoteGrammar)[];

/** The vote grammar fields a host may change in Settings. */
export const voteGrammarSettingKeys = [
  ...voteGrammarWordSettingKeys,
  ...voteGrammarSwitchSettingKeys,
  ...voteGrammarChoiceSettingKeys,
] as const satisfies readonly (keyof VoteGrammar)[];

/** Only what the host changed of the vote grammar; every other field is the rules' own. Applied to every thread counted. */
export type VoteGrammarSettings = Partial<Pick<VoteGrammar, (typeof voteGrammarSettingKeys)[number]>>;

export interface Settings {
  readonly outputDialect: OutputDialect;
  /** @default 'auto' */
  readonly language: UiLanguage;
  /** @default {} (the rules' own grammar) */
  readonly voteGrammar: VoteGrammarSettings;
  /** Minutes before a deadline to remind the host (0: at the deadline). @default [60] */
  readonly reminders: readonly number[];
  /** @default 'votes' */
  readonly badge: BadgeMode;
}
