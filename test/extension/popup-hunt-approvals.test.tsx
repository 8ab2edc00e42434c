/**
 * 004's witch-hunt approvals in the popup, against the worker's real
 * handlers (L162–L164): the approvals are read from the thread's posts
 * ("Одобряю" in green font), once per player, within 15 minutes of the vote's
 * opening by the posts' own times; the popup lists which posts approved and
 * why the others do not count, offers the hunt when enough approved, and keeps
 * the host's own tick as the override for approvals Gavel could not read.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import { getGame } from '../../extension/storage/games';
import type { BodyNode, ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const green = (text: string): BodyNode => ({ type: 'text', text, color: 'green' });
/** Moscow time on 20 November 2026 (UTC+3). */
const msk = (hour: number, minute: number): number => Date.UTC(2026, 10, 20, hour - 3, minute);
const names = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve', 'Fred', 'Gina'];

/** Day 2 of a 004 game with no Mayor in office: seven alive, so four approvals are needed. */
function thread(approvals: readonly [author: string, at: number, body: BodyNode[]][]): ForumPost[] {
  const posts: [string, number, BodyNode[]][] = [
    ['Host', msk(9, 0), lines('Players:', ...names, '', 'Day 1 begins.')],
    ['Host', msk(23, 0) - 86_400_000, lines('Night 1 begins.')],
    ['Host', msk(7, 30), lines('Day 2 begins. Nobody died.')],
    ...approvals,
  ];
  return posts.map(([author, postedAt, body], number) => ({ id: String(1000 + number), number, author, postedAt, body }));
}

const freshDb = freshDatabases('gavel-popup-hunt-approvals');
const popup = popupUnderTest();

async function mount(posts: ForumPost[], machine = msk(21, 30)) {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '5', title: 'Mafia 004' }, posts), 1000);
  // The host's machine reads 21:30 Moscow unless told: the approvals are judged by the posts' times, not this clock.
  let clock = machine;
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|5`,
    title: 'Mafia 004',
    presetId: 'russian-004',
    roster: { from: 'text', text: names.join('\n') },
  });
  game = await call('game/update', {
    id: game.id,
    patch: {
      roster: { ...game.roster, hosts: ['Host'] },
      players: game.players.map((p) => ({ ...p, faction: p.name === 'Gina' ? 'mafia' : 'red', role: 'citizen' })),
    },
  });
  await call('game/event', { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 2 } } } });
  const { root } = await popup.open(workerConnector(call), game.id);
  await waitForWorker(() => get(root, 'day-not-voting'));
  const hunt = await waitForWorker(() => get(root, 'day-hunt'));
  return { root, hunt, database, gameId: game.id };
}

describe('the witch hunt’s approvals read from the thread (L162–L164)', () => {
  it('L164 "Одобрение должны дать минимум 50% … зеленым шрифтом", "На сбор одобрений выделяется 15 минут": the popup lists the posts', async () => {
    const { hunt } = await mount(
      thread([
        ['Alice', msk(20, 55), lines(green('Одобряю'))],
        ['Bob', msk(21, 2), lines('Пора.', green('Одобряю'))],
        ['Carol', msk(21, 4), lines(green('За охоту'))],
        ['Bob', msk(21, 6), lines(green('Одобряю охоту'))],
        ['Dave', msk(21, 7), lines('одобряю')],
        ['Eve', msk(21, 20), lines(green('Одобряю'))],
      ]),
    );
    const read = await waitForWorker(() => get(hunt, 'day-hunt-read'));
    expect(read.textContent).toContain('Approvals read in the thread: 2 of the 4 needed.');
    const items = [...read.querySelectorAll('[data-testid="day-hunt-approval"]')].map((li) => li.textContent);
    expect(items).toEqual([
      'Alice, post 3 (not counted: posted before the vote opened)',
      'Bob, post 4',
      'Carol, post 5',
      'Bob, post 6 (not counted: approved already)',
      'Eve, post 8 (not counted: posted after the approval window)',
    ]);
    // Two of four: the hunt waits for the host's override.
    const open = get(hunt, 'day-hunt-open') as HTMLButtonElement;
    expect(open.disabled).toBe(true);
    await popup.click(get(hunt, 'day-hunt-approved'));
    expect((get(hunt, 'day-hunt-open') as HTMLButtonElement).disabled).toBe(false);
  });

  it('the host’s tick for approvals read elsewhere is recorded in the log with whose word it was, and the log shows it', async () => {
    const { root, hunt, database, gameId } = await mount(thread([['Bob', msk(21, 2), lines(green('Одобряю'))]]));
    await waitForWorker(() => expect(get(hunt, 'day-hunt-read').dataset['counted']).toBe('1'));
    await popup.click(get(hunt, 'day-hunt-approved'));
    await popup.click(get(hunt, 'day-hunt-open'));
    await waitForWorker(async () => {
      const events = (await getGame(database, gameId))?.events ?? [];
      expect(events[events.length - 1]).toEqual({ type: 'ballot/open', ballot: 'hunt', afterPost: 3, approvedBy: 'Host' });
    });
    // Read back from the stored log (a reload): the log says the hunt opened on the host's word.
    await waitForWorker(() => expect(root.textContent).toContain('opens on the host’s word: Host ticked the approvals read elsewhere'));
  });

  it('four approvals in the window open the hunt without the host’s tick, into the event log', async () => {
    const { hunt, database, gameId } = await mount(
      thread(['Alice', 'Bob', 'Carol', 'Gina'].map((author, i) => [author, msk(21, 1 + i), lines(green('Одобряю'))])),
    );
    await waitForWorker(() => expect(get(hunt, 'day-hunt-read').dataset['counted']).toBe('4'));
    const open = get(hunt, 'day-hunt-open') as HTMLButtonElement;
    // The button waits for the ballots' load to finish (busy) as well as for the approvals.
    await waitForWorker(() => expect(open.disabled).toBe(false));
    await popup.click(open);
    await waitForWorker(async () => {
      const events = (await getGame(database, gameId))?.events ?? [];
      expect(events[events.length - 1]).toEqual({ type: 'ballot/open', ballot: 'hunt', afterPost: 6 });
    });
  });
});

describe('the day’s count in the popup on the worker’s clock (L150)', () => {
  const votes = thread([
    ['Alice', msk(21, 5), lines(green('Gina'))],
    ['Bob', msk(21, 6), lines(green('Gina'))],
  ]);
  const wagons = (root: ParentNode): string[] =>
    [...get(root, 'day-wagons').querySelectorAll('.gavel-wagons__target')].map((w) => w.textContent ?? '');

  it('"Если к 22.00 по Москве не все проголосуют, ведущий поставит отсутствующим принудительный автоголос": not before 22:00', async () => {
    const { root } = await mount(votes, msk(21, 50));
    await waitForWorker(() => expect(wagons(root)).toEqual(['Gina (2)']));
  });

  it('at 22:00 on the host’s machine the absent players’ forced votes against themselves show in the count', async () => {
    const { root } = await mount(votes, msk(22, 0));
    await waitForWorker(() => expect(wagons(root)).toEqual(expect.arrayContaining(['Gina (3)', 'Carol (1)', 'Dave (1)'])));
  });
});
