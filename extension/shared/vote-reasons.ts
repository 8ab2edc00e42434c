/**
 * Why a vote-like line was not counted, in the host's words. A total record
 * over the engine's reasons, so a new reason without words fails tsc.
 */
import type { VoteReason } from '../../src/engine';

export const voteReasonText: { readonly [R in VoteReason]: string } = {
  'vote/not-bold': 'not in bold',
  'vote/in-quote': 'inside a quote',
  'vote/in-spoiler': 'inside a spoiler',
  'vote/abbreviated': 'abbreviated keyword',
  'vote/struck': 'struck through',
  'vote/no-colon': 'no colon after "vote"',
  'vote/not-own-line': 'not on its own line',
  'vote/no-target': 'names nobody',
  'vote/no-lynch-not-allowed': 'No Lynch is not allowed',
  'vote/not-first-in-post': 'not the post\'s first vote',
  'vote/broken-markup': 'broken formatting',
  'vote/ambiguous-name': 'the name fits two players',
  'vote/no-such-player': 'no such player',
  'vote/target-dead': 'the player voted for is dead',
  'vote/voter-dead': 'the voter is dead',
  'vote/voter-not-in-game': 'the poster is not in the game',
  'vote/voter-host': 'the host does not vote',
  'vote/voter-replaced': 'the poster was replaced out',
  'vote/after-lock': 'the voter\'s wagon is locked',
  'vote/after-day-end': 'after the day ended',
  'vote/during-night': 'posted at night',
  'vote/game-called': 'after the game was called',
  'vote/self-vote': 'a vote for oneself',
  'vote/already-voting': 'a new vote without an unvote',
};
