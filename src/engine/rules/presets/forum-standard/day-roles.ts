/**
 * The standard forum catalogue's day roles and roles with a win of their own
 * (issue 19), laid over the `forum-standard` ruleset by `withDayRoles`. The
 * count reads what they do from their abilities' `vote` effects
 * (src/engine/voting/role-votes.ts) and the win check from the roles' `win`
 * (src/engine/win/check.ts), never from a role's id:
 *
 * - Doublevoter: his vote counts 2 (`vote-weight` 2). A vote he says he casts
 *   once ("(single vote)") counts 1: `voting.grammar.singleVoteNotes`, on by
 *   default (the usual forum reading), an open question reported when reached.
 * - Voteless: his vote counts 0 (`vote-weight` 0); the count post says so.
 * - Politician: a day move that takes a player's vote for the day (`steal-vote`).
 * - Governor: once a game, a day move naming a player whose lynch he cancels (`cancel-lynch`).
 * - Unlynchable: the majority on him lynches nobody and the day ends (`unlynchable`).
 * - Ventriloquist (a night role, forum-standard/night-roles.ts): his day part is laid on here, on every role whose
 *   night move controls a player's posts (`control-posts`): a day move `speak-vote` naming whom that player votes
 *   for (`speak-for`). The host records it from the Ventriloquist's PM, posts it in the thread for the player, and
 *   the count takes it as the player's vote from then; the player's own votes do not count that day.
 * - Jester: wins if lynched; `win.lynchedWinEndsGame` says whether the game then
 *   ends (default: it goes on, and his win is listed at the end).
 * - Lyncher: wins if the player set against him at setup (`target=`) is lynched while he lives.
 * - Survivor: wins if alive when the game ends, whoever else wins.
 * - Serial Killer (the ruleset's own role): its faction plays alone
 *   (`win.soloKillers`): the town must kill him too, and he wins when left
 *   with at most one other player.
 */
import { ability, role } from '../../defaults';
import type { FactionDef, OpenQuestion, Ruleset, RulesetAbility, RulesetRole } from '../../types';

const named = (a: RulesetAbility, ru: string): RulesetAbility => ({ ...a, names: { ru } });
const withRu = (r: RulesetRole, ru: string): RulesetRole => ({ ...r, names: { ru } });

/** The factions of the roles that play for themselves. */
export const dayFactions: readonly FactionDef[] = [
  { id: 'jester', name: 'Jester', names: { ru: 'Шут' }, kind: 'third-party' },
  { id: 'lyncher', name: 'Lyncher', names: { ru: 'Подстрекатель' }, kind: 'third-party' },
  { id: 'survivor', name: 'Survivor', names: { ru: 'Выживший' }, kind: 'third-party' },
];

export const dayRoles: readonly RulesetRole[] = [
  withRu(
    role(
      'doublevoter',
      'Doublevoter',
      [named(ability('double-vote', 'Double vote', 'passive', { vote: { kind: 'vote-weight', weight: 2 } }), 'Двойной голос')],
      'His vote counts two; a vote he says he casts once counts one.',
    ),
    'Обладатель двойного голоса',
  ),
  withRu(
    role(
      'voteless',
      'Voteless',
      [named(ability('no-vote', 'No vote', 'passive', { vote: { kind: 'vote-weight', weight: 0 } }), 'Без права голоса')],
      'May post votes, but they count nothing.',
    ),
    'Лишённый права голоса',
  ),
  withRu(
    role(
      'politician',
      'Politician',
      [named(ability('steal-vote', 'Steal a vote', 'day', { selfTargetLimit: 0, vote: { kind: 'steal-vote' } }), 'Присвоение голоса')],
      'By day takes a player’s vote: for the rest of the day it counts 0, and his own vote carries it.',
    ),
    'Политик',
  ),
  withRu(
    role(
      'governor',
      'Governor',
      [named(ability('pardon', 'Pardon', 'day', { usesPerGame: 1, vote: { kind: 'cancel-lynch' } }), 'Помилование')],
      'Once a game, by day, pardons a player: if the day lynches him, the lynch is cancelled and nobody dies.',
    ),
    'Губернатор',
  ),
  withRu(
    role(
      'unlynchable',
      'Unlynchable',
      [named(ability('unlynchable', 'Cannot be lynched', 'passive', { vote: { kind: 'unlynchable' } }), 'Неприкасаемость')],
      'The majority on him lynches nobody, and the day ends.',
    ),
    'Неприкасаемый',
  ),
  withRu({ ...role('jester', 'Jester', [], 'Wins if lynched.', { plain: true }), win: { kind: 'lynched' } }, 'Шут'),
  withRu(
    {
      ...role('lyncher', 'Lyncher', [], 'Wins if the player named to him at setup is lynched while he lives.', { plain: true }),
      win: { kind: 'target-lynched' },
    },
    'Подстрекатель',
  ),
  withRu(
    { ...role('survivor', 'Survivor', [], 'Wins if alive when the game ends.', { plain: true }), win: { kind: 'survives' } },
    'Выживший',
  ),
];

/**
 * A role that controls a player's posts at night (the Ventriloquist) also votes for him by day: the day move
 * `speak-vote`, read by the count through the status the night gave (`speak-for`).
 */
function withSpokenVote(r: RulesetRole): RulesetRole {
  const night = r.abilities.find((a) => a.night !== undefined && 'effect' in a.night && a.night.effect === 'control-posts')?.night;
  if (night === undefined || !('effect' in night)) return r;
  const status = night.status ?? 'ventriloquized';
  const vote = named(ability('speak-vote', 'Vote for him', 'day', { vote: { kind: 'speak-for', status } }), 'Голосовать за него');
  return { ...r, abilities: [...r.abilities, vote] };
}

/** The questions these roles leave to the community, with the preset's answers. */
export const dayOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'voting.grammar.singleVoteNotes',
    question:
      'A Doublevoter posts one vote and says he casts it once ("(single vote)"): does it count one toward the majority (true, the default) or still two (false)?',
  },
  {
    setting: 'win.lynchedWinEndsGame',
    question: 'A Jester is lynched and wins: does the game go on (game-continues, the default) or end there (game-ends)?',
  },
];

/**
 * The forum-standard ruleset with the day roles, their factions and settings, the Serial Killer playing alone,
 * and the night report's NAR settings: results delivered to players killed that night (`deliverResultsToKilled`)
 * and the faction told its next kill sender (`newKillSenderTold`).
 */
export function withDayRoles(ruleset: Ruleset): Ruleset {
  const voting =
    ruleset.voting.kind === 'majority'
      ? { ...ruleset.voting, grammar: { ...ruleset.voting.grammar, singleVoteNotes: true } }
      : ruleset.voting;
  const win =
    ruleset.win.kind === 'parity'
      ? { ...ruleset.win, soloKillers: ['serial-killer'], lynchedWinEndsGame: 'game-continues' as const }
      : ruleset.win;
  // NAR: results reach players killed the same night; the mafia learns who sends its kill after its sender died.
  const night =
    ruleset.night === undefined
      ? undefined
      : {
          ...ruleset.night,
          settings: { ...ruleset.night.settings, deliverResultsToKilled: 'yes' as const, newKillSenderTold: 'yes' as const },
        };
  return {
    ...ruleset,
    ...(night === undefined ? {} : { night }),
    factions: [...ruleset.factions, ...dayFactions],
    roles: [...ruleset.roles.map(withSpokenVote), ...dayRoles],
    voting,
    win,
    openQuestions: [...ruleset.openQuestions, ...dayOpenQuestions],
  };
}
