/**
 * Ending a day and the game in the popup, with a connector whose requests go
 * to the worker's real handlers over an in-memory IndexedDB: the count's
 * hammer is offered as the lynch, the night starts with its flip post to
 * copy, and lynching the last mafia shows the game over with its post.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byTestId as get, renderApp } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { dayHandlers } from '../../extension/background/handlers/day';
import { gameHandlers } from '../../extension/background/handlers/games';
import { nightHandlers } from '../../extension/background/handlers/night';
import { settingsHandlers } from '../../extension/background/handlers/settings';
import { threadHandlers } from '../../extension/background/handlers/thread';
import type { Connector } from '../../extension/popup/connector';
import { createPopupStore, type PopupStore } from '../../extension/popup/store';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { MessageType, RequestOf, ResponseOf } from '../../extension/shared/protocol';
import { listPublishedPosts } from '../../extension/storage/games';
import { savePage } from '../../extension/storage/repository';
import type { ForumPost } from '../../src/model/post';

const context: HandlerContext = { sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' }, senderKind: 'extension-page' };
const origin = 'https://forum.example';
const vote = (number: number, author: string, target: string): ForumPost => ({ id: `p${number}`, number, author, postedAt: null, body: [{ type: 'text', text: `Vote: ${target}`, bold: true }] });
// Five alive, three to lynch: Dandelion's vote hammers Alpha_Wolf.
const thread = onePageReport({ origin, threadId: '9', title: 'Mini 2190' }, [
  { id: 'p0', number: 0, author: 'Host', postedAt: null, body: [{ type: 'text', text: 'Day 1 begins' }] },
  vote(1, 'Bluebell', 'Alpha_Wolf'),
  vote(2, 'Corvid', 'Alpha_Wolf'),
  vote(3, 'Dandelion', 'Alpha_Wolf'),
]);

let store: PopupStore | undefined;
let host: HTMLElement | undefined;
const freshDb = freshDatabases('gavel-popup-day-end');
afterEach(() => {
  if (host !== undefined) render(null, host);
  host?.remove();
  store = undefined;
});

const settle = async (): Promise<void> => {
  await new Promise((r) => setTimeout(r, 0));
  await vi.waitFor(() => expect((store?.night.busy.value ?? false) || (store?.games.busy.value ?? false)).toBe(false), { timeout: 5000 });
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
};

async function mount() {
  const database = freshDb();
  await savePage(database, thread, 1000);
  let clock = Date.UTC(2026, 10, 21, 21, 0);
  const now = () => (clock += 1000);
  const handlers = {
    ...threadHandlers(() => database, now),
    ...settingsHandlers(() => database),
    ...gameHandlers(() => database, now, () => 'game-1'),
    ...nightHandlers(() => database, now, () => 7),
    ...dayHandlers(() => database, now),
    // The worker's reading of the thread, as the host's Refresh starts it: Elm's vote arrives on the page read again.
    'thread/crawl': () => Promise.resolve({ status: 'running' as const, pagesDone: 0, pageCount: 1, pending: [1], error: null }),
    'thread/crawl-status': async () => {
      await savePage(database, onePageReport({ origin, threadId: '9', title: 'Mini 2190' }, [...thread.posts, vote(4, 'Elm', 'Bluebell')], { contentHash: 'h2' }), 2000);
      return { status: 'done' as const, pagesDone: 1, pageCount: 1, pending: [], error: null };
    },
  };
  const call = <T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> => {
    const handler = (handlers as Record<string, ((p: unknown, c: HandlerContext) => Promise<unknown>) | undefined>)[type];
    if (type === 'worker/ping') return Promise.resolve({ pong: true, version: '0.1.0' } as ResponseOf<T>);
    if (type === 'forums/list') return Promise.resolve([] as unknown as ResponseOf<T>);
    if (handler === undefined) return Promise.reject(new Error(`unexpected ${type}`));
    return handler(JSON.parse(JSON.stringify(payload)), context).then((v) => JSON.parse(JSON.stringify(v)) as ResponseOf<T>);
  };
  let game = await call('game/create', { threadKey: `${origin}|9`, title: 'Mini 2190', presetId: 'forum-template-001', roster: { from: 'text', text: 'Alpha_Wolf\nBluebell\nCorvid\nDandelion\nElm' } });
  const roles: Readonly<Record<string, { faction: string; role: string }>> = { Alpha_Wolf: { faction: 'mafia', role: 'goon' } };
  game = await call('game/update', { id: game.id, patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...roles[p.name] })) } });
  await call('game/event', { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } } });
  const clipboard: string[] = [];
  const connector = {
    request: call,
    activeTabUrl: () => Promise.resolve(null),
    requestOrigin: () => Promise.resolve(true),
    openDashboard: () => Promise.resolve(),
    download: () => Promise.resolve(),
    uiLanguage: () => 'en',
    copy: (text: string) => {
      clipboard.push(text);
      return Promise.resolve();
    },
  } as Connector;
  const popup = createPopupStore(connector);
  store = popup;
  host = renderApp(popup);
  await popup.load();
  await popup.games.show({ page: 'game', id: game.id });
  await settle();
  // The count comes from the worker after the game page shows.
  await vi.waitFor(() => get(host ?? document.body, 'day-hammer'));
  return { root: host, clipboard, database, gameId: game.id };
}

async function click(el: Element): Promise<void> {
  (el as HTMLElement).click();
  await settle();
}
async function choose(select: HTMLSelectElement, label: string): Promise<void> {
  const option = [...select.options].find((o) => o.text === label);
  if (option === undefined) throw new Error(`no option "${label}": ${[...select.options].map((o) => o.text).join(', ')}`);
  select.value = option.value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await settle();
}
const lynchSelect = (root: HTMLElement) => get<HTMLSelectElement>(root, 'day-end-lynch');

describe('the day count in the popup', () => {
  it('Refresh has the worker read the thread again, then counts the votes posted since', async () => {
    const { root } = await mount();
    expect(get(root, 'day-panel').textContent).toContain('Not voting (2): Alpha_Wolf, Elm');
    await click(get(root, 'day-refresh'));
    await vi.waitFor(() => expect(get(root, 'day-panel').textContent).toContain('Not voting (1): Alpha_Wolf'));
    expect(get(root, 'day-wagons').textContent).toContain('Bluebell (1)');
    expect(root.querySelector('[data-testid="day-reading"]')).toBeNull();
  });
});

describe('ending the day in the popup', () => {
  it('offers the hammered player, and a host who picks someone else starts the night with that flip to copy', async () => {
    const { root, clipboard, database, gameId } = await mount();
    const select = lynchSelect(root);
    expect(select.selectedOptions[0]?.text).toBe('Alpha_Wolf');
    expect(get(root, 'day-end-form').textContent).toContain('Chosen from the hammer in the count.');
    expect([...select.options].map((o) => o.text)).toEqual(['Choose…', 'Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Elm', 'Nobody (no lynch)']);

    await choose(select, 'Elm');
    await click(get(root, 'day-end'));
    expect(root.querySelector('[data-testid="day-panel"]')).toBeNull();
    expect(get(root, 'night-panel')).toBeDefined();
    const post = get(root, 'post-night-start').querySelector('pre')?.textContent ?? '';
    expect(post).toContain('[b]Night 1 begins.[/b]');
    expect(post).toContain('[b]Elm[/b] has died (lynched). Vanilla Townie, Town');
    await click(get(root, 'copy-night-start'));
    expect(clipboard).toEqual([post]);
    expect((await listPublishedPosts(database, gameId)).map((p) => [p.kind, p.phase])).toEqual([['night-start', { kind: 'night', number: 1 }]]);
    expect(get(root, 'log-lines').textContent).toContain('Elm dies (lynched)');
  });

  it('lynching the last mafia ends the game: the town wins, and the end post is there to copy', async () => {
    const { root, clipboard } = await mount();
    await click(get(root, 'day-end'));
    const over = get(root, 'game-over');
    expect(over.querySelector('h2')?.textContent).toBe('Game over: Town wins');
    expect(get(over, 'game-over-detail').textContent).toBe('No mafia is left alive: the town wins. Winners: Bluebell, Corvid, Dandelion, Elm.');
    const post = get(over, 'post-game-end').querySelector('pre')?.textContent ?? '';
    expect(post).toContain('[b]Alpha_Wolf[/b] has died (lynched). Mafia Goon, Mafia');
    expect(post).toContain('[b]Winner: Town[/b]');
    expect(root.querySelector('[data-testid="day-panel"]')).toBeNull();
    expect(root.querySelector('[data-testid="night-panel"]')).toBeNull();
    await click(get(over, 'copy-game-end'));
    expect(clipboard).toEqual([post]);
    // Undo takes the end back: the game goes on as it was before the end.
    await click(get(root, 'undo-event'));
    expect(root.querySelector('[data-testid="game-over"]')).toBeNull();
  });
});
