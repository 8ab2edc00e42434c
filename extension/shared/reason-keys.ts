/**
 * The catalog keys for the engine's reasons and sanctions, so the panel, the
 * badges and the popup say them in the host's language. Total records: a new
 * reason without words fails tsc. The keys are `panel_*`, the ones the worker
 * sends the content script.
 */
import type { BreachReason, Sanction, VoteReason } from '../../src/engine';
import type { MessageKey, Translator } from './i18n';

export const voteReasonKey: { readonly [R in VoteReason]: MessageKey } = {
  'vote/not-bold': 'panel_reason_not_bold',
  'vote/in-quote': 'panel_reason_in_quote',
  'vote/in-spoiler': 'panel_reason_in_spoiler',
  'vote/abbreviated': 'panel_reason_abbreviated',
  'vote/struck': 'panel_reason_struck',
  'vote/no-colon': 'panel_reason_no_colon',
  'vote/not-own-line': 'panel_reason_not_own_line',
  'vote/no-target': 'panel_reason_no_target',
  'vote/no-lynch-not-allowed': 'panel_reason_no_lynch_not_allowed',
  'vote/not-first-in-post': 'panel_reason_not_first_in_post',
  'vote/broken-markup': 'panel_reason_broken_markup',
  'vote/ambiguous-name': 'panel_reason_ambiguous_name',
  'vote/several-players': 'panel_reason_several_players',
  'vote/no-such-player': 'panel_reason_no_such_player',
  'vote/target-dead': 'panel_reason_target_dead',
  'vote/voter-dead': 'panel_reason_voter_dead',
  'vote/voter-not-in-game': 'panel_reason_voter_not_in_game',
  'vote/voter-host': 'panel_reason_voter_host',
  'vote/voter-replaced': 'panel_reason_voter_replaced',
  'vote/after-lock': 'panel_reason_after_lock',
  'vote/after-day-end': 'panel_reason_after_day_end',
  'vote/during-night': 'panel_reason_during_night',
  'vote/game-called': 'panel_reason_game_called',
  'vote/before-vote-opens': 'panel_reason_before_vote_opens',
  'vote/self-vote': 'panel_reason_self_vote',
  'vote/already-voting': 'panel_reason_already_voting',
  'vote/spoken-for': 'panel_reason_spoken_for',
};

export const breachReasonKey: { readonly [R in BreachReason]: MessageKey } = {
  'post/at-night': 'panel_breach_at_night',
  'post/edited': 'panel_breach_edited',
  'post/dead-player': 'panel_breach_dead_player',
  'post/replaced-out': 'panel_breach_replaced_out',
  'post/non-player': 'panel_breach_non_player',
  'activity/too-few-posts': 'panel_breach_too_few_posts',
  'activity/no-wall-before-vote': 'panel_breach_no_wall',
  'vote/before-open': 'panel_breach_before_open',
  'vote/after-day-end': 'panel_breach_after_day_end',
  'vote/grammar': 'panel_breach_grammar',
  'vote/own-family': 'panel_breach_own_family',
  'vote/self': 'panel_breach_self',
  'vote/outside-family': 'panel_breach_outside_family',
  'vote/missing': 'panel_breach_missing',
};

export const sanctionKey: { readonly [S in Sanction]: MessageKey } = {
  none: 'panel_sanction_none',
  'not-counted': 'panel_sanction_not_counted',
  warning: 'panel_sanction_warning',
  'host-decides': 'panel_sanction_host_decides',
  strike: 'panel_sanction_strike',
  'vote-against-self': 'panel_sanction_vote_against_self',
  'mod-kill': 'panel_sanction_mod_kill',
  exile: 'panel_sanction_exile',
};

/** Why a vote was not counted, in the host's language (the worker's words when it gave no reason code). */
export function voteReasonWords(t: Translator, code: VoteReason | null | undefined, words: string): string {
  return code === null || code === undefined ? words : t(voteReasonKey[code]);
}
