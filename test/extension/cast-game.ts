/**
 * A game set up as the popup tests need it: a thread page saved for it, the game created on that thread with a pasted
 * roster, the host named and each player given the faction and roles of `cast`, through the worker's own handlers on
 * a clock that moves a second per call. The tests then append the phases they need (`event`) and open the popup.
 */
import { onePageReport } from './thread-report';
import { gameWorker, workerCall, type WorkerCall } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import type { RequestOf } from '../../extension/shared/protocol';
import type { GavelDatabase } from '../../extension/storage/schema';
import type { PresetRulesetId } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';

export interface CastGame {
  readonly threadId: string;
  readonly presetId: PresetRulesetId;
  /** The roster, in order. */
  readonly names: readonly string[];
  /** Each player's faction and roles (a player left out keeps the ruleset's default). */
  readonly cast: Readonly<Record<string, { readonly faction: string; readonly role: string; readonly secondRole?: string }>>;
  readonly title?: string;
  /** The thread's posts (default: the host's opening post listing the roster). */
  readonly posts?: readonly ForumPost[];
  /** Where the worker's clock starts (epoch ms). */
  readonly clock?: number;
}

export const castOrigin = 'https://forum.example';

export async function castGame(database: GavelDatabase, setup: CastGame) {
  const title = setup.title ?? 'Mafia 004';
  const posts = setup.posts ?? [
    {
      id: '2000',
      number: 0,
      author: 'Host',
      postedAt: Date.UTC(2026, 10, 20, 9, 0),
      body: [{ type: 'text', text: setup.names.join(', ') }],
    },
  ];
  await savePage(database, onePageReport({ origin: castOrigin, threadId: setup.threadId, title }, [...posts]), 1000);
  let clock = setup.clock ?? Date.UTC(2026, 10, 21, 23, 0);
  const call: WorkerCall = workerCall(gameWorker(database, () => (clock += 1000)));
  const created = await call('game/create', {
    threadKey: `${castOrigin}|${setup.threadId}`,
    title,
    presetId: setup.presetId,
    roster: { from: 'text', text: setup.names.join('\n') },
  });
  const game = await call('game/update', {
    id: created.id,
    patch: {
      roster: { ...created.roster, hosts: ['Host'] },
      players: created.players.map((p) => ({ ...p, ...setup.cast[p.name] })),
    },
  });
  const slot = (name: string): string => game.players.find((p) => p.name === name)?.slotId ?? name;
  const event = (action: RequestOf<'game/event'>['action']) => call('game/event', { id: game.id, action });
  return { call, game, gameId: game.id, slot, event };
}
