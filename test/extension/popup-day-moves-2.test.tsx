/**
 * A 004 day in the popup, against the worker's real handlers: one day move
 * taken back on its own, refused to the player (L125.9) or entered by mistake
 * (`action/cancel`); the time a move's PM arrived (L113); and the vote's
 * opening set by hand (L150, `vote/opening-set`), which the worker's count
 * takes over the thread.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import { getGame } from '../../extension/storage/games';
import { contextFromGame } from '../../extension/background/count-view';
import type { BodyNode, ForumPost } from '../../src/model/post';
import { describeLog } from '../../extension/popup/components/event-log';
import { translatorFor } from '../../extension/shared/catalogs';

const origin = 'https://forum.example';
let n = 0;
const post = (author: string, text: string, color?: 'green'): ForumPost => {
  const number = n++;
  const body: BodyNode[] = [{ type: 'text', text, ...(color === undefined ? {} : { color }) }];
  return { id: String(2000 + number), number, author, postedAt: Date.UTC(2026, 10, 20, 9, number), body };
};

function thread(): ForumPost[] {
  n = 0;
  return [
    post('Host', 'Players: Alice, Bob, Carol, Dave, Eve. Day 1 begins.'),
    post('Host', 'Night 1 begins.'),
    post('Host', 'Day 2 begins. Nobody died.'),
    post('Bob', 'Carol', 'green'),
  ];
}

const cast: Readonly<Record<string, { faction: string; role: string }>> = {
  Alice: { faction: 'red', role: 'priest' },
  Bob: { faction: 'red', role: 'citizen' },
  Carol: { faction: 'mafia', role: 'mafia' },
  Dave: { faction: 'red', role: 'witness' },
  Eve: { faction: 'elite', role: 'agent' },
};

const freshDb = freshDatabases('gavel-popup-day-moves-2');
const popup = popupUnderTest();
const { click, choose, type } = popup;

async function mount() {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '5', title: 'Mafia 004' }, thread()), 1000);
  let clock = Date.UTC(2026, 10, 20, 10, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|5`,
    title: 'Mafia 004',
    presetId: 'russian-004',
    roster: { from: 'text', text: 'Alice\nBob\nCarol\nDave\nEve' },
  });
  // The game runs on Moscow time; the host's machine (below) is in New York.
  game = await call('game/update', {
    id: game.id,
    patch: {
      roster: { ...game.roster, hosts: ['Host'] },
      players: game.players.map((p) => ({ ...p, ...cast[p.name] })),
      timeZone: 'Europe/Moscow',
    },
  });
  await call('game/event', { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 2 } } } });
  const { root, store } = await popup.open(workerConnector(call), game.id);
  await waitForWorker(() => get(root, 'day-move-actor'));
  return { root, store, database, gameId: game.id, call };
}

// The host's machine is in another zone than the game's: a time field that read the machine's clock would be 8 hours off.
const machineZone = process.env['TZ'];
beforeEach(() => {
  process.env['TZ'] = 'America/New_York';
});
afterEach(() => {
  if (machineZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = machineZone;
});

const enabled = (root: HTMLElement, testId: string): Promise<HTMLButtonElement> =>
  waitForWorker(() => {
    const button = get<HTMLButtonElement>(root, testId);
    expect(button.disabled).toBe(false);
    return button;
  });

describe('a 004 day move taken back on its own', () => {
  it('L125.9 "ведущий может отказать ему в этой возможности": the host refuses one move, the others stay', async () => {
    const { root, store, database, gameId, call } = await mount();
    await call('day/move', { gameId, day: 2, actor: 'slot-4', ability: 'name-witnesses', targets: ['slot-1'] });
    await call('day/move', { gameId, day: 2, actor: 'slot-5', ability: 'name-side', targets: ['slot-3'] });
    await store.games.show({ page: 'game', id: gameId });
    await popup.settle();
    await waitForWorker(() => expect(get(root, 'day-moves-list').querySelectorAll('li').length).toBe(2));
    const events = (await getGame(database, gameId))?.events ?? [];
    const witnessAt = events.findIndex((e) => e.type === 'action/use' && e.ability === 'name-witnesses');
    await choose(get(root, 'day-move-cancel-which'), get<HTMLSelectElement>(root, 'day-move-cancel-which').options[0]?.text ?? '');
    await click(await enabled(root, 'day-move-refuse'));
    const after = (await getGame(database, gameId))?.events ?? [];
    expect(after.at(-1)).toEqual({ type: 'action/cancel', at: witnessAt, refused: true });
    await waitForWorker(() => expect(get(root, 'day-moves-list').querySelectorAll('li').length).toBe(1));
    expect(get(root, 'day-moves-list').textContent).toContain('Eve');
    // The one left is taken back as entered by mistake: no `refused`.
    await click(await enabled(root, 'day-move-undo'));
    const last = ((await getGame(database, gameId))?.events ?? []).at(-1);
    expect(last).toMatchObject({ type: 'action/cancel' });
    expect(last !== undefined && 'refused' in last).toBe(false);
    await waitForWorker(() => expect(root.querySelector('[data-testid="day-moves-list"]')).toBeNull());
  });

  it('L113: the time the move’s PM arrived, as the host enters it on the game’s clock, is the move’s time in the log (empty: now)', async () => {
    const { root, database, gameId } = await mount();
    // The machine's zone is not the game's (the test's premise).
    expect(new Date('2026-11-20T18:30').getTime()).not.toBe(Date.UTC(2026, 10, 20, 15, 30));
    await choose(get(root, 'day-move-actor'), 'Dave');
    expect(get(root, 'day-move-at-reading').textContent).toBe('On the game’s clock (Europe/Moscow)');
    await type(get(root, 'day-move-at'), '2026-11-20T18:30');
    expect(get(root, 'day-move-at-reading').textContent).toBe('Read as Fri 20 Nov, 18:30 on the game’s clock (Europe/Moscow).');
    await click(await enabled(root, 'day-move-record'));
    const events = (await getGame(database, gameId))?.events ?? [];
    // 18:30 in Moscow (UTC+3) is 15:30 UTC, not 18:30 in New York.
    expect(events.at(-1)).toMatchObject({ type: 'action/use', actor: 'slot-4', at: Date.UTC(2026, 10, 20, 15, 30) });
    expect(get<HTMLInputElement>(root, 'day-move-at').value).toBe('');
  });
});

describe('a day move that names no player but hands on the player’s words', () => {
  it('L125.9 the Agent tells the host his side in words: the popup has a field for them, the log keeps them, the list shows them', async () => {
    const { root, database, gameId } = await mount();
    await choose(get(root, 'day-move-actor'), 'Eve');
    await choose(get(root, 'day-move-ability'), 'Tell the host his side (words: red or black)');
    // The move names no player: no target field, a field for the words instead.
    expect(root.querySelector('[data-testid="day-move-target-0"]')).toBeNull();
    await type(get(root, 'day-move-words'), ' я за красных ');
    await click(await enabled(root, 'day-move-record'));
    const events = (await getGame(database, gameId))?.events ?? [];
    expect(events.at(-1)).toMatchObject({ type: 'action/use', actor: 'slot-5', ability: 'choose-side', targets: [], text: 'я за красных' });
    await waitForWorker(() =>
      expect(get(root, 'day-moves-list').textContent).toContain('Eve: Tell the host his side (words: red or black) (“я за красных”)'),
    );
    expect(get<HTMLInputElement>(root, 'day-move-words').value).toBe('');
  });

  it('refuses such a move without words, and words on a move that takes none, recording nothing', async () => {
    const { database, gameId, call } = await mount();
    const before = (await getGame(database, gameId))?.events.length;
    await expect(call('day/move', { gameId, day: 2, actor: 'slot-5', ability: 'choose-side', targets: [] })).rejects.toThrow(
      /names no player and needs the player's words/,
    );
    await expect(
      call('day/move', { gameId, day: 2, actor: 'slot-4', ability: 'name-witnesses', targets: ['slot-1'], text: 'hello' }),
    ).rejects.toThrow(/takes no words/);
    expect((await getGame(database, gameId))?.events.length).toBe(before);
  });
});

describe('the vote’s opening set by hand (L150)', () => {
  it('L150 "Если голос дан до объявления о начале выборов или голосования, он не засчитывается": stored in the log for the day on the game’s clock, read by the worker’s count', async () => {
    const { root, database, gameId } = await mount();
    expect(get(root, 'vote-opening-set').textContent).toBe('The vote’s opening: read from the host’s post (or assumed by the clock)');
    // 21:05 on the game's clock (Moscow, UTC+3), whatever the machine's zone (New York).
    const at = Date.UTC(2026, 10, 20, 18, 5);
    expect(new Date('2026-11-20T21:05').getTime()).not.toBe(at);
    await type(get(root, 'vote-opening-at'), '2026-11-20T21:05');
    await click(await enabled(root, 'vote-opening-record'));
    const game = await getGame(database, gameId);
    expect(game?.events.at(-1)).toEqual({ type: 'vote/opening-set', day: 2, at });
    // The count's view of the game carries it, keyed by the day.
    expect(game === null || game === undefined ? undefined : contextFromGame(game).game.voteOpenedAt).toEqual({ '2': at });
    // Shown back on the game's clock too, with the zone's name.
    await waitForWorker(() => expect(get(root, 'vote-opening-set').textContent).toContain('as you set it'));
    expect(get(root, 'vote-opening-set').textContent).toContain('21:05');
    expect(get(root, 'vote-opening-set').textContent).toContain('Europe/Moscow');
    // The event log words the opening on the game's clock as well.
    const logged = describeLog(game?.events ?? [], translatorFor('en'), game?.ruleset.data ?? null, 'Europe/Moscow').at(-1)?.text;
    expect(logged).toContain('21:05');
  });
});
