/**
 * The game page's count has one source with its header: the game's log. The
 * living players are the log's (a death the host records in the day in
 * progress counts from the latest post), and a game behind its thread is
 * counted on its own day, as the thread ended it.
 */
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import { savePage } from '../../extension/storage/repository';
import { freshDatabases } from './fresh-db';
import { gameWorker, workerCall } from './popup-worker';
import { onePageReport } from './thread-report';

const origin = 'https://forum.example';
const post = (number: number, author: string, text: string): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: null,
  body: [{ type: 'text', text, bold: true }],
});
const thread: ForumPost[] = [
  post(0, 'Host', 'Welcome.'),
  post(1, 'Host', 'Day 1 begins.'),
  post(2, 'Bluebell', 'Vote: Elm'),
  post(3, 'Corvid', 'Vote: Elm'),
  post(4, 'Dandelion', 'Vote: Elm'),
  post(5, 'Alpha_Wolf', 'Vote: Elm'),
  post(6, 'Host', 'Day 1 is over. Elm was lynched. Night 1 begins.'),
  post(7, 'Host', 'Day 2 begins! Fern was found dead.'),
  post(8, 'Bluebell', 'Vote: Corvid'),
];

const freshDb = freshDatabases('gavel-game-count');

async function game() {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '5', title: 'Mini' }, thread), 1000);
  let clock = 5000;
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  const created = await call('game/create', {
    threadKey: `${origin}|5`,
    presetId: 'forum-template-001',
    roster: { from: 'text', text: 'Alpha_Wolf\nBluebell\nCorvid\nDandelion\nElm\nFern' },
    hosts: ['Host'],
  });
  const slot = (name: string): string => created.roster.slots.find((s) => s.accounts[0]?.name === name)?.id ?? name;
  return { call, id: created.id, slot };
}

describe("the game page's count", () => {
  it('counts the living players of the log: a mod-kill recorded during Day 2 makes the count and the header say the same number', async () => {
    const { call, id, slot } = await game();
    const plan = await call('phases/catch-up', { gameId: id });
    expect(plan?.to).toEqual({ kind: 'day', number: 2 });
    let record = await call('phases/catch-up-apply', {
      gameId: id,
      seen: plan?.seen ?? 0,
      to: { kind: 'day', number: 2 },
      answers: [
        { phase: { kind: 'day', number: 1 }, lynched: slot('Elm'), deaths: [] },
        { phase: { kind: 'night', number: 1 }, deaths: [slot('Fern')] },
        { phase: { kind: 'day', number: 2 }, deaths: [] },
      ],
    });
    const aliveIn = (events: typeof record.events) => deriveState(events).players.filter((p) => p.alive).length;
    expect(aliveIn(record.events)).toBe(4);
    expect((await call('game/count', { gameId: id })).count).toMatchObject({ day: 2, alive: 4, threshold: 3 });
    record = await call('game/event', {
      id,
      action: { kind: 'append', event: { kind: 'mod-kill', slotId: slot('Dandelion'), reason: 'no-show' } },
    });
    expect(aliveIn(record.events)).toBe(3);
    expect((await call('game/count', { gameId: id })).count).toMatchObject({ day: 2, alive: 3 });
    // Caught up: the thread has nothing more to offer.
    expect(await call('phases/catch-up', { gameId: id })).toBeNull();
  });

  it('counts a game still on Day 1 on its own day, as the thread ended it, with the hammer', async () => {
    const { call, id } = await game();
    await call('game/event', { id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } } });
    const { count } = await call('game/count', { gameId: id });
    expect(count).toMatchObject({ day: 1, alive: 6, threshold: 4, hammer: { target: 'Elm', post: 5 } });
  });
});
