/**
 * The language a game's posts are written in: the host's choice for the game,
 * else its ruleset's (Russian for 004, English for the others), so a game
 * stored or exported before the setting existed writes as its ruleset says.
 */
import { defaultPostLanguage, type PostLanguage } from '../../src/engine';
import type { GameRecord } from '../storage/schema';

export function postLanguageOf(game: Pick<GameRecord, 'postLanguage' | 'ruleset'>): PostLanguage {
  return game.postLanguage ?? defaultPostLanguage(game.ruleset.data);
}
