import type { Handlers } from '../../shared/messaging';
import { exportGame, gameFileName, importGame } from '../../storage/game-file';
import {
  appendHostEvent,
  createGame,
  deleteGame,
  getGame,
  getGameByThread,
  listGames,
  undoLastEvent,
  updateGame,
} from '../../storage/games';
import { getSettings } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';

type GameMessages = 'game/list' | 'game/get' | 'game/create' | 'game/update' | 'game/event' | 'game/export' | 'game/import' | 'game/delete';

/**
 * The game messages. `newId` names new games (a random UUID in the worker);
 * injected, like `now`, so tests are repeatable.
 */
export function gameHandlers(db: () => GavelDatabase, now: () => number, newId: () => string): Pick<Handlers, GameMessages> {
  return {
    'game/list': () => listGames(db()),
    // Extension pages only (the protocol's `from`): a game holds every player's role and faction.
    'game/get': (request) => ('threadKey' in request ? getGameByThread(db(), request.threadKey) : getGame(db(), request.id)),
    'game/create': async ({ threadKey, title, presetId, roster, hosts }) => {
      const { outputDialect } = await getSettings(db());
      return createGame(
        db(),
        {
          id: newId(),
          threadKey,
          presetId,
          roster,
          dialect: outputDialect,
          ...(title === undefined ? {} : { title }),
          ...(hosts === undefined ? {} : { hosts }),
        },
        now(),
      );
    },
    'game/update': ({ id, patch }) => updateGame(db(), id, patch, now()),
    'game/event': ({ id, action }) =>
      action.kind === 'undo' ? undoLastEvent(db(), id, now()) : appendHostEvent(db(), id, action.event, now()),
    'game/export': async ({ id }) => {
      const at = now();
      const file = await exportGame(db(), id, at);
      return { fileName: gameFileName(file.game, at), json: `${JSON.stringify(file, null, 2)}\n` };
    },
    'game/import': ({ json, replace }) => importGame(db(), json, { replace }),
    'game/delete': async ({ id }) => ({ deleted: await deleteGame(db(), id) }),
  };
}
