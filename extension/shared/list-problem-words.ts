/**
 * What the host should check in a player list read from an opening post, in
 * the host's language: for the new-game form's roster preview and the
 * thread's panel (whose words the worker sends under `popup_list_problem_`).
 */
import type { PlayerListProblem } from '../../src/engine';
import type { Translator } from './i18n';

export function listProblemText(problem: PlayerListProblem, t: Translator): string {
  switch (problem.code) {
    case 'player-list/unreadable':
      return t('popup_list_problem_unreadable', problem.line);
    case 'player-list/sentence':
      return t('popup_list_problem_sentence', problem.line);
    case 'player-list/duplicate':
      return t('popup_list_problem_duplicate', problem.name, problem.line);
    case 'player-list/dead-no-phase':
      return t('popup_list_problem_dead_no_phase', problem.name, problem.line);
    case 'player-list/never-posts':
      return t('popup_list_problem_never_posts', problem.name);
    case 'player-list/not-listed':
      return t.plural('popup_list_problem_not_listed', problem.posts, problem.name);
  }
}
