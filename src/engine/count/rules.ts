/**
 * Which vote rules a ruleset uses, read from its voting section: one place,
 * so the panel, `gavel breaches` and `gavel replay` never choose by a game's
 * id. The forum template's vote rules (src/engine/votes) are the base; a
 * majority section's lock and new-vote setting, then its `count` and
 * `grammar` fields are laid over them.
 */
import { breachRulesFor } from '../breaches/rules';
import type { BreachRules } from '../breaches/types';
import { findRuleset } from '../rules/registry';
import { forumTemplate } from '../rules/presets/forum-template-001';
import { mafia1923 } from '../rules/presets/mafia-1923-000';
import { detectiveConan } from '../rules/presets/detective-conan-003';
import { russian004 } from '../rules/presets/russian-004';
import { rulesetSections } from '../rules/sections';
import type { Ruleset, VotingSystem } from '../rules/types';
import { defaultVoteRules, mafiascumVoteRules, type VoteGrammar, type VoteRules } from '../votes/rules';

/**
 * The post-by-post vote rules of a ruleset, or null where players do not vote
 * in the thread (000's form). `grammar` is the host's own grammar (Settings),
 * laid over last; `weights` are the game's vote weights per slot.
 *
 * @example voteRulesOf(rulesets['russian-004']).grammar.greenFontVotes // true
 */
export function voteRulesOf(
  ruleset: { readonly voting: VotingSystem },
  extra: { readonly grammar?: Partial<VoteGrammar>; readonly weights?: Readonly<Record<string, number>> } = {},
): VoteRules | null {
  const voting = ruleset.voting;
  if (voting.votesInThread === false) return null;
  const fromMajority: Partial<VoteRules> =
    voting.kind === 'majority' ? { lock: voting.lock, voteWithoutUnvote: voting.newVoteReplaces ? 'replaces' : 'void' } : {};
  return {
    ...defaultVoteRules,
    ...fromMajority,
    ...voting.count,
    grammar: { ...defaultVoteRules.grammar, ...voting.grammar, ...extra.grammar },
    weights: { ...defaultVoteRules.weights, ...extra.weights },
  };
}

/**
 * Mafiascum Mini/Normal games, as the corpus replay and `gavel breaches
 * mafiascum` count them: the forum template's roles, a majority whose hammer
 * ends the day at once (so no lock), no 50% rule, a replacement takes the slot
 * with its vote, and a loosely written name that fits a living and a dead
 * player is read as the living one.
 */
export const mafiascumRuleset: Ruleset = {
  ...forumTemplate,
  id: 'mafiascum',
  name: 'Mafiascum Mini/Normal',
  source: 'mafiascum.net practice (../shared/corpus/mafiascum)',
  voting: {
    kind: 'majority',
    ballot: 'lynch',
    majorityOf: 'living',
    lock: mafiascumVoteRules.lock,
    newVoteReplaces: true,
    withoutMajority: 'no-lynch',
    // The post-by-post settings are those the votes engineer measured on the corpus (`mafiascumVoteRules`).
    count: {
      hammerEndsDay: mafiascumVoteRules.hammerEndsDay,
      fiftyPercentRule: mafiascumVoteRules.fiftyPercentRule,
      replacementKeepsVote: mafiascumVoteRules.replacementKeepsVote,
      votesOnReplacedSlotStand: mafiascumVoteRules.votesOnReplacedSlotStand,
      ambiguousLooseNames: mafiascumVoteRules.ambiguousLooseNames,
    },
  },
  references: {},
};

/** The rulesets behind the breach-rule names `gavel breaches` accepts. */
const byBreachRules: Readonly<Record<string, Ruleset>> = {
  '000': mafia1923,
  '001': forumTemplate,
  '003': detectiveConan,
  '004': russian004,
  mafiascum: mafiascumRuleset,
};

/**
 * The ruleset and breach rules a name refers to: a ruleset id
 * (`russian-004`) or a breach-rule name (`004`, `mafiascum`). Undefined for
 * an unknown name.
 */
export function countRulesFor(name: string): { readonly ruleset: Ruleset; readonly breachRules: BreachRules } | undefined {
  const ruleset = findRuleset(name) ?? byBreachRules[name.trim().toLowerCase()];
  if (ruleset === undefined) return undefined;
  const breachRules = rulesetSections(ruleset).breachRules ?? breachRulesFor(name) ?? breachRulesFor('001');
  return breachRules === undefined ? undefined : { ruleset, breachRules };
}
