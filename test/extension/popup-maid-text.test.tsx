/**
 * 004's Maid (L45) in the popup: «горничная указывает то, что ведущий
 * передаст целевому игроку». The night form asks for her words when the move
 * takes them (and only then), the worker stores them with the action and
 * refuses words on a move that hands on none, and the resolved night tells
 * the target her words instead of his own result.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import { listNightActions } from '../../extension/storage/games';
import type { ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const posts = (): ForumPost[] => [
  {
    id: '2000',
    number: 0,
    author: 'Host',
    postedAt: Date.UTC(2026, 10, 20, 9, 0),
    body: [{ type: 'text', text: 'Players: Masha, Vera, Kolya, Anna' }],
  },
];
const cast: Readonly<Record<string, { faction: string; role: string; secondRole?: string }>> = {
  Masha: { faction: 'red', role: 'maid' },
  Vera: { faction: 'red', role: 'commissar' },
  Kolya: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Anna: { faction: 'red', role: 'citizen' },
};

const freshDb = freshDatabases('gavel-popup-maid-text');
const popup = popupUnderTest();
const { click, choose, type } = popup;

async function mount() {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '45', title: 'Mafia 004' }, posts()), 1000);
  let clock = Date.UTC(2026, 10, 21, 23, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|45`,
    title: 'Mafia 004',
    presetId: 'russian-004',
    roster: { from: 'text', text: 'Masha\nVera\nKolya\nAnna' },
  });
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...cast[p.name] })) },
  });
  await call('game/event', {
    id: game.id,
    action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'night', number: 1 } } },
  });
  const { root } = await popup.open(workerConnector(call), game.id);
  await waitForWorker(() => get(root, 'night-action-form'));
  return { root, database, gameId: game.id, call };
}

const words = 'Ваш чек: Kolya — красный.';

describe('the Maid’s words in the popup (L45)', () => {
  it('are asked for with her substituting move only, stored with it, shown in the list, and told to the target', async () => {
    const { root, database, gameId } = await mount();
    // The Commissar's check takes no words: no field.
    await choose(get(root, 'night-actor'), 'Vera');
    expect(root.querySelector('[data-testid="night-text"]')).toBeNull();
    await choose(get(root, 'night-target-0'), 'Kolya');
    await click(get(root, 'night-add-action'));
    await waitForWorker(() => expect(root.querySelectorAll('[data-testid="night-action"]')).toHaveLength(1));

    await choose(get(root, 'night-actor'), 'Masha');
    await choose(get(root, 'night-ability'), 'Serve a player and replace what he is told');
    await choose(get(root, 'night-target-0'), 'Vera');
    await type(get<HTMLInputElement>(root, 'night-text'), words);
    await click(get(root, 'night-add-action'));
    await waitForWorker(() => expect(get(root, 'night-action-text').textContent).toBe(`with the words “${words}”`));
    const stored = await listNightActions(database, gameId, 1);
    expect(stored.find((a) => a.ability === 'serve-replace')).toMatchObject({ targets: ['slot-2'], text: words });

    await click(get(root, 'night-resolve'));
    const resolution = await waitForWorker(() => get(root, 'night-resolution'), 10_000);
    // «можно как заменить сообщение»: Vera is told the Maid's words, and her own check is not among her messages.
    expect(resolution.textContent).toContain(words);
  });

  it('refuses words on a move that hands on none, in the host’s words, and stores nothing', async () => {
    const { database, gameId, call } = await mount();
    await expect(
      call('night/add-action', { gameId, night: 1, actor: 'slot-2', ability: 'check', targets: ['slot-3'], pmAt: null, text: 'hello' }),
    ).rejects.toMatchObject({ code: 'night/bad-action' });
    expect(await listNightActions(database, gameId, 1)).toEqual([]);
  });
});
