/**
 * Where a count's roster and phases came from, as messages the pages word in
 * the host's language ("Состав: список игроков в сообщении #1…"), not the
 * worker's English.
 *
 * A game's record keeps where its roster came from as the text Gavel wrote
 * when it made the game: the engine's "the player list in post #N" or
 * "pasted by the host". `rosterSourceMessage` turns those two back into
 * their codes; any other text (a file from elsewhere) is shown as written.
 */
import { engineMessage, word, type EngineMessage } from '../../src/engine/words';

const playerListSource = /^the player list in post #(\d+)$/;

/** A stored roster source as a message. */
export function rosterSourceMessage(source: string): EngineMessage {
  const list = playerListSource.exec(source);
  if (list !== null) return engineMessage('roster/player-list', word.number(Number(list[1])));
  if (source === 'pasted by the host') return engineMessage('roster/pasted');
  return engineMessage('roster/as-written', word.text(source));
}

/** Whether a stored roster source says the host pasted the roster. */
export function rosterWasPasted(source: string): boolean {
  return source === 'pasted by the host';
}

/** "Roster: …. Phases: …." as one sentence of two messages. */
export function countSourcesMessage(roster: EngineMessage, phases: EngineMessage): EngineMessage {
  return engineMessage('count/sources', word.message(roster), word.message(phases));
}
