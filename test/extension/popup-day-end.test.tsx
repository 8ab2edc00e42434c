/**
 * Ending a day and the game in the popup, with a connector whose requests go
 * to the worker's real handlers over an in-memory IndexedDB: the count's
 * hammer is offered as the lynch, the night starts with its flip post to
 * copy, and lynching the last mafia shows the game over with its post.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { listPublishedPosts } from '../../extension/storage/games';
import { savePage } from '../../extension/storage/repository';
import type { ForumPost } from '../../src/model/post';
import type { PresetRulesetId } from '../../src/engine';

const origin = 'https://forum.example';
const vote = (number: number, author: string, target: string): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: null,
  body: [{ type: 'text', text: `Vote: ${target}`, bold: true }],
});
// Five alive, three to lynch: Dandelion's vote hammers Alpha_Wolf.
const thread = onePageReport({ origin, threadId: '9', title: 'Mini 2190' }, [
  { id: 'p0', number: 0, author: 'Host', postedAt: null, body: [{ type: 'text', text: 'Day 1 begins' }] },
  vote(1, 'Bluebell', 'Alpha_Wolf'),
  vote(2, 'Corvid', 'Alpha_Wolf'),
  vote(3, 'Dandelion', 'Alpha_Wolf'),
]);

const freshDb = freshDatabases('gavel-popup-day-end');
const popup = popupUnderTest();
const { click, choose } = popup;

async function mount(
  presetId: PresetRulesetId = 'forum-template-001',
  // Every role entered: a game with roles not entered is never won (issue 16).
  roles: Readonly<Record<string, { faction: string; role: string }>> = {
    Alpha_Wolf: { faction: 'mafia', role: 'goon' },
    ...Object.fromEntries(['Bluebell', 'Corvid', 'Dandelion', 'Elm'].map((n) => [n, { faction: 'town', role: 'vanilla' }])),
  },
  language: 'en' | 'ru' = 'en',
) {
  const database = freshDb();
  await savePage(database, thread, 1000);
  let clock = Date.UTC(2026, 10, 21, 21, 0);
  const now = () => (clock += 1000);
  const call = workerCall({
    ...gameWorker(database, now),
    // The worker's reading of the thread, as the host's Refresh starts it: Elm's vote arrives on the page read again.
    'thread/crawl': () => Promise.resolve({ status: 'running' as const, pagesDone: 0, pageCount: 1, pending: [1], error: null }),
    'thread/crawl-status': async () => {
      await savePage(
        database,
        onePageReport({ origin, threadId: '9', title: 'Mini 2190' }, [...thread.posts, vote(4, 'Elm', 'Bluebell')], { contentHash: 'h2' }),
        2000,
      );
      return { status: 'done' as const, pagesDone: 1, pageCount: 1, pending: [], error: null };
    },
  });
  let game = await call('game/create', {
    threadKey: `${origin}|9`,
    title: 'Mini 2190',
    presetId,
    roster: { from: 'text', text: 'Alpha_Wolf\nBluebell\nCorvid\nDandelion\nElm' },
  });
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...roles[p.name] })) },
  });
  await call('game/event', { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } } });
  if (language !== 'en') await call('settings/set', { language });
  const clipboard: string[] = [];
  const connector = workerConnector(call, {
    copy: (text: string) => {
      clipboard.push(text);
      return Promise.resolve();
    },
  });
  const { root } = await popup.open(connector, game.id);
  // The count comes from the worker after the game page shows.
  await waitForWorker(() => get(root, 'day-end-form'));
  if (presetId === 'forum-template-001') await waitForWorker(() => get(root, 'day-hammer'));
  return { root, clipboard, database, gameId: game.id };
}

const lynchSelect = (root: HTMLElement) => get<HTMLSelectElement>(root, 'day-end-lynch');

describe('the day count in the popup', () => {
  it('Refresh has the worker read the thread again, then counts the votes posted since', async () => {
    const { root } = await mount();
    // Names as separate items: the list is never comma-joined prose (a name may hold a comma).
    const notVoting = () => [...get(root, 'day-not-voting').querySelectorAll('.gavel-names li')].map((li) => li.textContent);
    expect(notVoting()).toEqual(['Alpha_Wolf', 'Elm']);
    await click(get(root, 'day-refresh'));
    await waitForWorker(() => expect(notVoting()).toEqual(['Alpha_Wolf']));
    expect(get(root, 'day-wagons').textContent).toContain('Bluebell (1)');
    expect(root.querySelector('[data-testid="day-reading"]')).toBeNull();
  });
});

describe('ending the day in the popup', () => {
  it('offers the hammered player, and a host who picks someone else starts the night with that flip to copy', async () => {
    const { root, clipboard, database, gameId } = await mount();
    const select = lynchSelect(root);
    expect(select.selectedOptions[0]?.text).toBe('Alpha_Wolf');
    expect(get(root, 'day-end-form').textContent).toContain('Offered from the hammer: post #3.');
    expect([...select.options].map((o) => o.text)).toEqual([
      'Choose…',
      'Alpha_Wolf',
      'Bluebell',
      'Corvid',
      'Dandelion',
      'Elm',
      'Nobody (no lynch)',
    ]);

    await choose(select, 'Elm');
    await click(get(root, 'day-end'));
    expect(root.querySelector('[data-testid="day-panel"]')).toBeNull();
    expect(get(root, 'night-panel')).toBeDefined();
    const post = get(root, 'post-night-start').querySelector('pre')?.textContent ?? '';
    expect(post).toContain('[b]Night 1 begins.[/b]');
    expect(post).toContain('[b]Elm[/b] has died (lynched). Vanilla Townie, Town');
    await click(get(root, 'copy-night-start'));
    expect(clipboard).toEqual([post]);
    expect((await listPublishedPosts(database, gameId)).map((p) => [p.kind, p.phase])).toEqual([
      ['night-start', { kind: 'night', number: 1 }],
    ]);
    expect(get(root, 'log-lines').textContent).toContain('Elm dies (lynched)');
  });

  it("1923: the Witness's PM with the lynched player's role comes with the night-start post, to copy", async () => {
    const { root, clipboard, database, gameId } = await mount('mafia-1923-000', {
      Alpha_Wolf: { faction: 'mafia', role: 'mafia-member' },
      Bluebell: { faction: 'civilians', role: 'witness' },
      Corvid: { faction: 'civilians', role: 'townsperson' },
      Dandelion: { faction: 'civilians', role: 'townsperson' },
      Elm: { faction: 'mafia', role: 'mafia-member' },
    });
    await choose(lynchSelect(root), 'Elm');
    await click(get(root, 'day-end'));
    const pm = get(root, 'post-day-pm-0');
    expect(pm.textContent).toContain('Bluebell');
    expect(pm.querySelector('pre')?.textContent).toBe('Elm died; their role was Mafia Member.');
    await click(get(root, 'copy-day-pm-0'));
    expect(clipboard).toEqual(['Elm died; their role was Mafia Member.']);
    expect((await listPublishedPosts(database, gameId)).map((p) => [p.kind, p.phase])).toEqual([['role-pm', { kind: 'day', number: 1 }]]);
  });

  it('lynching the last mafia ends the game: the town wins, and the end post is there to copy', async () => {
    const { root, clipboard } = await mount();
    await click(get(root, 'day-end'));
    const over = get(root, 'game-over');
    expect(over.querySelector('h2')?.textContent).toBe('Game over: Town wins');
    expect(get(over, 'game-over-detail').textContent).toBe('No mafia is left in the game: the town wins.');
    // The winners as separate items, never joined by commas (a name may hold one).
    expect([...get(over, 'game-over-winners').querySelectorAll('.gavel-names li')].map((li) => li.textContent)).toEqual([
      'Bluebell',
      'Corvid',
      'Dandelion',
      'Elm',
    ]);
    const post = get(over, 'post-game-end').querySelector('pre')?.textContent ?? '';
    expect(post).toContain('[b]Alpha_Wolf[/b] has died (lynched). Mafia Goon, Mafia');
    expect(post).toContain('[b]Winner: Town[/b]');
    expect(root.querySelector('[data-testid="day-panel"]')).toBeNull();
    expect(root.querySelector('[data-testid="night-panel"]')).toBeNull();
    expect(root.querySelector('[data-testid="event-kind"]')).toBeNull();
    await click(get(over, 'copy-game-end'));
    expect(clipboard).toEqual([post]);
    // Undo takes the end back: the game goes on as it was before the end.
    await click(get(root, 'undo-event'));
    expect(root.querySelector('[data-testid="game-over"]')).toBeNull();
  });

  it('tells a Russian host who won and why in Russian: the side by its Russian name, the reason as a sentence', async () => {
    const { root } = await mount('forum-template-001', undefined, 'ru');
    await click(get(root, 'day-end'));
    const over = get(root, 'game-over');
    expect(over.querySelector('h2')?.textContent).toBe('Игра окончена: побеждает Город');
    expect(get(over, 'game-over-detail').textContent).toBe('В игре не осталось мафии: побеждает город.');
    expect(get(over, 'game-over-detail').dataset['code']).toBe('win/mafia-gone');
  });
});
