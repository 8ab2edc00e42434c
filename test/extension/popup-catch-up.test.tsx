/**
 * Catching up mid-game in the popup, with the worker's real handlers over an
 * in-memory IndexedDB: a game set up on a thread that is already on Day 2 is
 * offered "This thread is on Day 2: start there?" first among the day's
 * controls, with what Gavel read; the host confirms (or corrects, or answers
 * what the posts leave open) and the game is on Day 2, its header and its
 * count saying the same day and the same number alive; undo takes it back.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import type { ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const post = (number: number, author: string, text: string, bold = false): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: null,
  body: [bold ? { type: 'text', text, bold: true } : { type: 'text', text }],
});
const names = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Elm', 'Mister Two Words, Esq.'];
/** Day 2 of a six-player game: Elm hammered in #5 and lynched (the host's #6), Mister Two Words killed in Night 1 (#8). */
const dayTwo: ForumPost[] = [
  post(0, 'Host', 'Welcome to Mini 2200.'),
  post(1, 'Host', 'Day 1 begins.'),
  post(2, 'Bluebell', 'Vote: Elm', true),
  post(3, 'Corvid', 'Vote: Elm', true),
  post(4, 'Dandelion', 'Vote: Elm', true),
  post(5, 'Alpha_Wolf', 'Vote: Elm', true),
  post(6, 'Host', 'Day 1 is over.\nElm was lynched.'),
  post(7, 'Host', 'Night 1 begins.'),
  post(8, 'Host', 'Day 2 begins!\nMister Two Words, Esq. was found dead.'),
  post(9, 'Bluebell', 'Vote: Alph', true),
];

const freshDb = freshDatabases('gavel-popup-catch-up');
const popup = popupUnderTest();
const { click, choose, type } = popup;

async function mount(posts: readonly ForumPost[], options: { readonly startDayOne?: boolean; readonly roster?: readonly string[] } = {}) {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '22', title: 'Mini 2200' }, posts), 1000);
  let clock = Date.UTC(2026, 10, 26, 10, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|22`,
    title: 'Mini 2200',
    presetId: 'forum-template-001',
    roster: { from: 'text', text: (options.roster ?? names).join('\n') },
    hosts: ['Host'],
  });
  game = await call('game/update', {
    id: game.id,
    patch: { players: game.players.map((p) => (p.name === 'Alpha_Wolf' ? { ...p, faction: 'mafia', role: 'goon' } : p)) },
  });
  if (options.startDayOne === true)
    await call('game/event', {
      id: game.id,
      action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } },
    });
  const { root, store } = await popup.open(workerConnector(call), game.id);
  return { root, store, call, gameId: game.id };
}

/** The offer as the host sees it once Gavel has read the thread (its button waits while it reads). */
async function offered(root: HTMLElement): Promise<HTMLElement> {
  await waitForWorker(() => expect(get<HTMLButtonElement>(root, 'catch-up-confirm').disabled).toBe(false));
  return get(root, 'catch-up');
}

const items = (root: HTMLElement, testId: string): string[] =>
  [...get(root, testId).querySelectorAll('.gavel-names__name')].map((li) => li.textContent ?? '');
const selected = (root: HTMLElement, testId: string): string => get<HTMLSelectElement>(root, testId).selectedOptions[0]?.text ?? '';

describe('a game set up mid-game', () => {
  it('is offered the thread’s Day 2 first, with what Gavel read; confirmed, the header and the count agree on Day 2 and 4 alive', async () => {
    const { root } = await mount(dayTwo);
    await offered(root);
    expect(get(root, 'game-status').textContent).toContain('6 of 6 alive · Before the game');
    // One clear step, first on the page: before the breaches and the event log.
    const controls = get(root, 'game-controls');
    expect(controls.firstElementChild?.getAttribute('data-testid')).toBe('catch-up');
    const order = [
      ...root.querySelectorAll('[data-testid="game-controls"], [data-testid="breaches-panel"], [data-testid="log-lines"]'),
    ].map((e) => e.getAttribute('data-testid'));
    expect(order[0]).toBe('game-controls');
    expect(get(root, 'catch-up-heading').textContent).toBe('This thread is on Day 2: start there?');
    expect(get(root, 'catch-up-started').textContent).toBe('Started by Host’s post #8: “Day 2 begins!”');
    expect(get(root, 'catch-up-day-1-end').textContent).toBe('Ended by Host’s post #6: “Day 1 is over.”');
    expect(get(root, 'catch-up-day-1-hammer').textContent).toBe('Hammer: post #5, Alpha_Wolf’s vote on Elm.');
    expect(selected(root, 'catch-up-day-1-lynch')).toBe('Elm');
    expect(get(root, 'catch-up-day-1').textContent).toContain('As the host’s post #6 says.');
    // A name holding a comma is one item.
    expect(items(root, 'catch-up-night-1-deaths')).toEqual(['Mister Two Words, Esq.']);
    expect(get(root, 'catch-up-night-1-end').textContent).toBe('Ended by Host’s post #8: “Day 2 begins!”');

    await click(get(root, 'catch-up-confirm'));
    await waitForWorker(() => expect(root.querySelector('[data-testid="catch-up"]')).toBeNull());
    // The header follows once the recorded events come back from the worker, which may be after the offer closes.
    await waitForWorker(() => expect(get(root, 'game-status').textContent).toContain('4 of 6 alive · Day 2'));
    await waitForWorker(() => expect(get(root, 'day-summary').textContent).toMatch(/^Day 2 · 4 alive · 3 to lynch/u));
    expect(root.querySelector('[data-testid="day-behind"]')).toBeNull();
    expect(get(root, 'day-end-form').querySelector('h3')?.textContent).toBe('End Day 2');
    const log = get(root, 'log-lines').textContent ?? '';
    expect(log).toContain('Elm dies (lynched)');
    expect(log).toContain('Mister Two Words, Esq. dies (night kill)');
    // The vote history says the roster's name and what was written.
    expect(get(root, 'vote-history').textContent).toContain('Bluebell votes for Alpha_Wolf (written “Alph”).');

    // Undo takes back the last event like any other: the game is on Night 1 again, and Day 2 is offered again.
    await click(get(root, 'undo-event'));
    await waitForWorker(() => expect(get(root, 'catch-up-heading').textContent).toBe('This thread is on Day 2: start there?'));
    expect(get(root, 'game-status').textContent).toContain('4 of 6 alive · Night 1');
  });

  it('lets the host correct a phase before confirming, and records nothing until then', async () => {
    const { root, store } = await mount(dayTwo);
    await offered(root);
    await choose(get<HTMLSelectElement>(root, 'catch-up-day-1-lynch'), 'Nobody (no lynch)');
    await click(get(root, 'catch-up-night-1-remove'));
    expect(items(root, 'catch-up-night-1-deaths')).toEqual([]);
    await choose(get<HTMLSelectElement>(root, 'catch-up-night-1-add'), 'Corvid');
    expect(items(root, 'catch-up-night-1-deaths')).toEqual(['Corvid']);
    expect(store.games.current.value?.events).toHaveLength(1);
    await click(get(root, 'catch-up-confirm'));
    await waitForWorker(() => expect(get(root, 'game-status').textContent).toContain('5 of 6 alive · Day 2'));
    expect(get(root, 'log-lines').textContent).toContain('Day 1: nobody lynched');
  });

  it('asks where the host’s posts are ambiguous: no guess, and no confirming before the answers', async () => {
    const ambiguous = [
      post(0, 'Host', 'Welcome to Mini 2200.'),
      post(1, 'Host', 'Day 1 begins.'),
      post(2, 'Bluebell', 'I think Elm is scum.'),
      post(3, 'Host', 'Day 1 is over. Night 1 begins.'),
      post(4, 'Host', 'Day 2 begins.\nCorvid was found dead beside Bluebell.'),
    ];
    const { root, store } = await mount(ambiguous);
    await waitForWorker(() => get(root, 'catch-up'));
    await waitForWorker(() => expect(store.catchUp.busy.value).toBe(false));
    expect(selected(root, 'catch-up-day-1-lynch')).toBe('Choose…');
    expect(get(root, 'catch-up-day-1').textContent).toContain('No post names the lynch and no hammer decided the day: who was lynched?');
    expect(get(root, 'catch-up-day-1-hammer').textContent).toBe('No wagon reached the majority in the thread.');
    const question = get(root, 'catch-up-night-1-question-0');
    expect(question.querySelector('legend')?.textContent).toBe('Post #4: “Corvid was found dead beside Bluebell.” Who died?');
    expect(get<HTMLButtonElement>(root, 'catch-up-confirm').disabled).toBe(true);
    await choose(get<HTMLSelectElement>(root, 'catch-up-day-1-lynch'), 'Elm');
    expect(get<HTMLButtonElement>(root, 'catch-up-confirm').disabled).toBe(true);
    await click(question.querySelectorAll('input')[0] as HTMLInputElement);
    await waitForWorker(() => expect(get<HTMLButtonElement>(root, 'catch-up-confirm').disabled).toBe(false));
    await click(get(root, 'catch-up-confirm'));
    await waitForWorker(() => expect(get(root, 'game-status').textContent).toContain('4 of 6 alive · Day 2'));
  });
});

describe('a game on a thread with no phase post yet', () => {
  it('is offered its first phase from the day’s controls, not only from the event log', async () => {
    const { root, store } = await mount([post(0, 'Host', 'Sign-ups: Alpha_Wolf, Bluebell…'), post(1, 'Bluebell', '/in')]);
    await waitForWorker(() => get(root, 'start-offer'));
    expect(get(root, 'game-controls').firstElementChild?.getAttribute('data-testid')).toBe('start-offer');
    expect(root.querySelector('[data-testid="catch-up"]')).toBeNull();
    await click(get(root, 'start-first-phase'));
    await waitForWorker(() => expect(get(root, 'game-status').textContent).toContain('6 of 6 alive · Day 1'));
    expect(root.querySelector('[data-testid="start-offer"]')).toBeNull();
    expect(store.games.current.value?.events).toHaveLength(2);
  });
});

describe('a catch-up confirmed after the game changed in another window', () => {
  it('records nothing, says so, and offers what the thread says of the game as it is now', async () => {
    const { root, store, call, gameId } = await mount(dayTwo);
    await offered(root);
    // Another window starts Day 1 meanwhile.
    await call('game/event', { id: gameId, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } } });
    await click(get(root, 'catch-up-confirm'));
    await waitForWorker(() =>
      expect(get(root, 'catch-up-changed').textContent).toBe(
        'The game changed in another window: Gavel read the thread again. Check the phases before confirming.',
      ),
    );
    expect(store.games.current.value?.events).toHaveLength(2);
    expect(get(root, 'game-status').textContent).toContain('6 of 6 alive · Day 1');
    expect(get(root, 'catch-up-heading').textContent).toBe('This thread is on Day 2: start there?');
  });
});

describe('a game a day behind its thread, not caught up', () => {
  it('counts the game’s own day as the thread ended it: header and count agree, and End Day 1 offers its hammer first', async () => {
    const { root } = await mount(dayTwo, { startDayOne: true });
    await waitForWorker(() => get(root, 'day-summary'));
    expect(get(root, 'game-status').textContent).toContain('6 of 6 alive · Day 1');
    expect(get(root, 'day-summary').textContent).toMatch(/^Day 1 · 6 alive · 4 to lynch/u);
    const lynch = get<HTMLSelectElement>(root, 'day-end-lynch');
    expect(lynch.selectedOptions[0]?.text).toBe('Elm');
    // The hammered player heads the choices.
    expect(lynch.options[1]?.text).toBe('Elm');
    expect(get(root, 'day-end-form').textContent).toContain('Offered from the hammer: post #5.');
    // The catch-up is still offered above, from Day 1.
    expect(get(root, 'catch-up-heading').textContent).toBe('This thread is on Day 2: start there?');
    expect(root.querySelector('[data-testid="catch-up-day-1"]')).not.toBeNull();
  });
});

describe('a game set up mid-game with a misspelt name', () => {
  it('reads the thread again once the host renames the player, and offers the death the host’s post names', async () => {
    const misspelt = names.map((n) => (n === 'Mister Two Words, Esq.' ? 'Mister Two Wordz, Esq.' : n));
    const { root } = await mount(dayTwo, { roster: misspelt });
    await offered(root);
    expect(items(root, 'catch-up-night-1-deaths')).not.toContain('Mister Two Words, Esq.');

    const row = [...root.querySelectorAll<HTMLElement>('[data-testid="player-row"]')].find((r) =>
      r.textContent?.includes('Mister Two Wordz, Esq.'),
    );
    if (row === undefined) throw new Error('no row for the misspelt name');
    await click(get(row, 'player-rename'));
    await type(get<HTMLInputElement>(root, 'player-rename-input'), 'Mister Two Words, Esq.');
    await click(get(root, 'player-rename-save'));
    await click(get(root, 'save-setup'));
    // The offer is read again with the roster as saved: the host's post now names a player.
    await waitForWorker(() => expect(items(root, 'catch-up-night-1-deaths')).toEqual(['Mister Two Words, Esq.']));
    await click(get(root, 'catch-up-confirm'));
    await waitForWorker(() => expect(get(root, 'game-status').textContent).toContain('4 of 6 alive · Day 2'));
  });
});
