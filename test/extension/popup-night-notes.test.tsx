/**
 * 004 L166–L170 in the popup, against the worker's real handlers: during a night the host records the night notes
 * players hand him («Ночные записки - это сообщения, которые любой игрок может передать ведущему после объявления
 * ночи»), may refuse one (L170), and the next morning's post shows them with no sender.
 */
import { describe, expect, it } from 'vitest';
import { allByTestId as all, byTestId as get, waitForWorker as waitFor } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import { getGame } from '../../extension/storage/games';
import { composePhaseStart, deriveState, findRuleset } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const names = ['Kolya', 'Lena', 'Max', 'Rita', 'Sam', 'Tom', 'Uma'];
const cast: Readonly<Record<string, { faction: string; role: string; secondRole?: string }>> = {
  Kolya: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Lena: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Max: { faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
  Rita: { faction: 'red', role: 'citizen' },
  Sam: { faction: 'red', role: 'citizen' },
  Tom: { faction: 'red', role: 'citizen' },
  Uma: { faction: 'red', role: 'citizen' },
};
const post = (number: number, author: string, text: string): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: null,
  body: [{ type: 'text', text }],
});

const freshDb = freshDatabases('gavel-popup-night-notes');
const popup = popupUnderTest();
const { click, choose, type } = popup;

async function mount() {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '8', title: 'Mafia 004' }, [post(0, 'Host', 'Day 1 begins')]), 1000);
  let clock = Date.UTC(2026, 10, 21, 12, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|8`,
    title: 'Mafia 004',
    presetId: 'russian-004',
    roster: { from: 'text', text: names.join('\n') },
  });
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...cast[p.name] })) },
  });
  const slot = (name: string): string => game.players.find((p) => p.name === name)?.slotId ?? name;
  const event = (e: Parameters<typeof call<'game/event'>>[1]['action']) => call('game/event', { id: game.id, action: e });
  await event({ kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } });
  await event({ kind: 'append', event: { kind: 'death', slotId: slot('Uma'), cause: 'lynched' } });
  await event({ kind: 'append', event: { kind: 'phase-start', phase: { kind: 'night', number: 1 } } });
  const { root } = await popup.open(workerConnector(call), game.id);
  await waitFor(() => get(root, 'night-notes'));
  return { root, call, database, gameId: game.id, slot, event };
}

describe('night notes (Ночные записки), L166–L170, in the popup', () => {
  it('L166: recorded from a living player, listed for the host with the sender, posted the next morning without him', async () => {
    const { root, database, gameId, slot } = await mount();
    const notes = get(root, 'night-notes');
    // L169 "Мертвый игрок не может писать записки": the lynched Uma is not offered.
    expect([...get<HTMLSelectElement>(notes, 'night-note-author').options].map((o) => o.text)).not.toContain('Uma');
    await choose(get(notes, 'night-note-author'), 'Rita');
    await type(get(notes, 'night-note-text'), 'Я комиссар, Коля черный');
    await click(get(notes, 'night-note-record'));
    await choose(get(notes, 'night-note-author'), 'Sam');
    await type(get(notes, 'night-note-text'), 'реклама');
    await click(get(notes, 'night-note-record'));
    await waitFor(() => expect(all(root, 'night-note')).toHaveLength(2));
    expect(all(root, 'night-note')[0]?.textContent).toContain('Rita:');
    // L170 "Ведущий не будет выставлять записку…": the host refuses Sam's.
    await click(get(all(root, 'night-note')[1] ?? root, 'night-note-refuse'));
    await waitFor(() => expect(all(root, 'night-note')[1]?.dataset['refused']).toBe('yes'));
    const events = (await getGame(database, gameId))?.events ?? [];
    expect(events.filter((e) => e.type === 'note/leave')).toEqual([
      { type: 'note/leave', author: slot('Rita'), text: 'Я комиссар, Коля черный' },
      { type: 'note/leave', author: slot('Sam'), text: 'реклама' },
    ]);
    // The morning: the kept note under the night's results, with no sender.
    const game = await getGame(database, gameId);
    const ruleset = findRuleset('russian-004');
    if (game === undefined || game === null || ruleset === undefined) throw new Error('no game');
    const morning = deriveState([...game.events, { type: 'phase/start', phase: { kind: 'day', number: 2 } }]);
    const opening = composePhaseStart(morning, ruleset, { kind: 'night', number: 1 }, 'bbcode', 'ru');
    expect(opening).toContain('Ночная записка: Я комиссар, Коля черный');
    expect(opening).not.toContain('реклама');
    expect(get(root, 'log-lines').textContent).toContain('Rita');
  });

  it('L169: the worker refuses a note from a dead player', async () => {
    const { slot, event } = await mount();
    await expect(event({ kind: 'append', event: { kind: 'night-note', author: slot('Uma'), text: 'из могилы' } })).rejects.toThrow(
      /note\/author-dead/,
    );
  });
});
