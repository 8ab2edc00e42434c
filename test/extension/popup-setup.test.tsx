/**
 * Setting a game up as a guided step (issue 16), in the popup with the
 * worker's real handlers over an in-memory IndexedDB: the roster preview with
 * each problem beside its name, the thread picker naming each thread's forum,
 * rename in place, the setup check, and the dashboard keeping its place in
 * the address.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { allByTestId, byTestId as get, renderApp, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameHandlers } from '../../extension/background/handlers/games';
import { settingsHandlers } from '../../extension/background/handlers/settings';
import { threadHandlers } from '../../extension/background/handlers/thread';
import type { Connector } from '../../extension/popup/connector';
import { hashOfView, viewFromHash } from '../../extension/popup/games-store';
import { createPopupStore, type PopupStore } from '../../extension/popup/store';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { MessageType, PageReport, RequestOf, ResponseOf } from '../../extension/shared/protocol';
import { savePage, setSettings, trackThread } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';
import type { ForumPost } from '../../src/model/post';

const origin = 'https://forum.mafiascum.net';
const title = 'Mafia Game #2: Sunrise Village';
const text = (t: string, extra: { struck?: true } = {}) => ({ type: 'text' as const, text: t, ...extra });
const line = (...pieces: ReturnType<typeof text>[]) => [{ type: 'break' as const }, ...pieces];
/** The opening post: a typo ("Bluebel"), a replacement, and a struck name whose death the list does not date. */
const opening: ForumPost = {
  id: '900',
  number: 0,
  author: 'Sunny Host',
  postedAt: Date.UTC(2026, 10, 20, 9, 0),
  body: [
    text('Players:'),
    ...line(text('Alpha_Wolf')),
    ...line(text('Bluebel')),
    ...line(text('Corvid')),
    ...line(text('Dandelion replaced Daisy')),
    ...line(text('Elm', { struck: true })),
    { type: 'break' },
    { type: 'break' },
    text('Co-host: Moon Helper'),
  ],
};
const posts: ForumPost[] = [
  opening,
  ...['Alpha_Wolf', 'Bluebell', 'Bluebell', 'Bluebell', 'Corvid', 'Dandelion', 'Elm'].map((author, i): ForumPost => ({
    id: `${901 + i}`,
    number: i + 1,
    author,
    postedAt: Date.UTC(2026, 10, 20, 10, i),
    body: [text('hello')],
  })),
];
const report = onePageReport({ origin, threadId: '4242', title }, posts);
/** The same title on another forum (MyBB), and a second thread of that title on the first forum. */
const elsewhere: PageReport = { ...onePageReport({ origin: 'https://mafia.example.org', threadId: '17', title }, posts), engine: 'mybb' };
const twin = onePageReport({ origin, threadId: '4243', title }, posts);

const context: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};
const freshDb = freshDatabases('gavel-popup-setup');
let host: HTMLElement | undefined;
let mounted: PopupStore | undefined;
afterEach(() => {
  if (host !== undefined) render(null, host);
  host?.remove();
  host = undefined;
});

const settle = async (): Promise<void> => {
  await new Promise((r) => setTimeout(r, 0));
  await waitForWorker(() => expect(mounted?.games.busy.value ?? false).toBe(false), { timeout: 5000 });
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
};

async function seeded(reports: readonly PageReport[] = [report]): Promise<GavelDatabase> {
  const database = freshDb();
  for (const r of reports) {
    await savePage(database, r, 1000);
    await trackThread(database, r.thread.origin, r.thread.threadId, 1100);
  }
  return database;
}

/** The dashboard on `database`, opened at `address`. */
async function mount(
  database: GavelDatabase,
  options: { readonly address?: string; readonly language?: 'en' | 'ru' } = {},
): Promise<{ readonly root: HTMLElement; readonly store: PopupStore }> {
  if (host !== undefined) render(null, host);
  host?.remove();
  if (options.language !== undefined) await setSettings(database, { language: options.language });
  let clock = 2000;
  let ids = 0;
  const handlers = {
    ...threadHandlers(
      () => database,
      () => (clock += 10),
    ),
    ...settingsHandlers(() => database),
    ...gameHandlers(
      () => database,
      () => (clock += 10),
      () => `game-${++ids}`,
    ),
  };
  const connector: Connector = {
    request: <T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> => {
      if (type === 'worker/ping') return Promise.resolve({ pong: true, version: '0.1.0' } as ResponseOf<T>);
      if (type === 'forums/list') return Promise.resolve([] as unknown as ResponseOf<T>);
      // No game of these tests is shared: the Co-hosts section reads a local-only game's status.
      if (type === 'sync/status') return Promise.resolve(null as ResponseOf<T>);
      const handler = (handlers as Record<string, (p: unknown, c: HandlerContext) => Promise<unknown>>)[type];
      if (handler === undefined) return Promise.reject(new Error(`unexpected ${type}`));
      return Promise.resolve()
        .then(() => handler(JSON.parse(JSON.stringify(payload)), context))
        .then((v) => JSON.parse(JSON.stringify(v)) as ResponseOf<T>);
    },
    activeTabUrl: () => Promise.resolve(null),
    uiLanguage: () => 'en-US',
    requestOrigin: () => Promise.resolve(true),
    openDashboard: () => Promise.resolve(),
    download: () => Promise.resolve(),
  };
  const store = createPopupStore(connector);
  mounted = store;
  host = renderApp(store, 'dashboard', options.address ?? '');
  await store.load();
  await settle();
  // The address is read after the first render.
  await waitForWorker(() => expect(store.state.value).toBe('ready'));
  await settle();
  return { root: host, store };
}

async function click(el: Element): Promise<void> {
  (el as HTMLElement).click();
  await settle();
}

async function type(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string, event: 'input' | 'change' = 'input') {
  el.value = value;
  el.dispatchEvent(new Event(event, { bubbles: true }));
  await settle();
}

async function createFromThread(root: HTMLElement): Promise<void> {
  await click(get(root, 'new-game'));
  await waitForWorker(() => expect(root.querySelector('[data-testid="roster-preview"]')).not.toBeNull());
  await click(get(root, 'create-game'));
  await waitForWorker(() => expect(root.querySelector('[data-testid="game-page"]')).not.toBeNull());
}

/** The row of the roster editor whose name is `name`. */
function row(root: HTMLElement, name: string): HTMLElement {
  const found = allByTestId(root, 'player-row').find((r) => r.querySelector('.gavel-player__name')?.textContent === name);
  if (found === undefined) throw new Error(`no player row "${name}"`);
  return found;
}

describe('the roster preview before the game is created', () => {
  it('shows each name read from the opening post with its problems beside it, and the hosts filled in', async () => {
    const { root } = await mount(await seeded());
    await click(get(root, 'new-game'));
    await waitForWorker(() => expect(root.querySelector('[data-testid="roster-preview"]')).not.toBeNull());
    const slots = allByTestId(get(root, 'roster-preview'), 'preview-slot');
    expect(slots.map((s) => get(s, 'preview-name').textContent)).toEqual(['Alpha_Wolf', 'Bluebel', 'Corvid', 'Dandelion', 'Elm']);
    const flags = (i: number): string[] => allByTestId(slots[i] as HTMLElement, 'preview-flag').map((f) => f.textContent ?? '');
    expect(flags(0)).toEqual([]);
    expect(flags(1)).toEqual([
      '⚠ Bluebel is listed but has not posted in the thread',
      '⚠ Looks like Bluebell, who posts in the thread but is not listed: a typo? Rename the player once the game is created.',
    ]);
    expect(flags(2)).toEqual([]);
    expect(flags(3)).toEqual(['⚠ Dandelion replaced Daisy']);
    expect(flags(4)).toEqual(['⚠ Crossed out or marked dead in the list', '⚠ Elm is marked dead but the list does not say when: “Elm”']);
    expect(get(root, 'roster-preview-summary').textContent).toBe('3 names to check: see the notes beside them.');
    // What names no listed player is said under the list.
    expect(get(root, 'roster-preview-problems').textContent).toContain('Bluebell has posted 3 times but is not on the list');
    expect(get<HTMLTextAreaElement>(root, 'new-game-hosts').value).toBe('Sunny Host, Moon Helper');
  });

  it('shows the flags in Russian for a Russian host', async () => {
    const { root } = await mount(await seeded(), { language: 'ru' });
    await click(get(root, 'new-game'));
    await waitForWorker(() => expect(root.querySelector('[data-testid="roster-preview"]')).not.toBeNull());
    expect(get(root, 'roster-preview').textContent).toContain('Dandelion — замена игрока Daisy');
    expect(get(root, 'roster-preview-summary').textContent).toBe('3 имени стоит проверить: см. пометки рядом с ними.');
  });
});

describe('the thread picker', () => {
  it("names each thread's forum, so same-titled threads on two forums (or two on one) can be told apart", async () => {
    const { root } = await mount(await seeded([report, elsewhere, twin]));
    const forums = allByTestId(get(root, 'thread-list'), 'thread-forum').map((f) => f.textContent);
    expect(forums.sort()).toEqual(['forum.mafiascum.net (phpBB)', 'forum.mafiascum.net (phpBB)', 'mafia.example.org (MyBB)']);
    await click(get(root, 'new-game'));
    const options = [...get<HTMLSelectElement>(root, 'new-game-thread').options].map((o) => o.textContent);
    expect(options.slice(0, 3).sort()).toEqual([
      `${title} — forum.mafiascum.net (phpBB), thread 4242`,
      `${title} — forum.mafiascum.net (phpBB), thread 4243`,
      `${title} — mafia.example.org (MyBB)`,
    ]);
    expect(new Set(options).size).toBe(options.length);
  });
});

describe('rename in place', () => {
  it("refuses another player's name with a clear message, then renames the slot in place", async () => {
    const database = await seeded();
    const { root, store } = await mount(database);
    await createFromThread(root);
    await click(get(row(root, 'Bluebel'), 'player-rename'));
    await type(get<HTMLInputElement>(root, 'player-rename-input'), 'corvid');
    await click(get(root, 'player-rename-save'));
    expect(get(root, 'player-rename-problem').textContent).toBe('“corvid” is already a name of Corvid: two players cannot share a name.');
    expect(store.games.draft.value?.slots[1]?.accounts).toEqual([{ name: 'Bluebel' }]);

    await type(get<HTMLInputElement>(root, 'player-rename-input'), 'Bluebell');
    await click(get(root, 'player-rename-save'));
    expect(root.querySelector('[data-testid="player-rename-input"]')).toBeNull();
    expect(row(root, 'Bluebell')).toBeDefined();
    await click(get(root, 'save-setup'));
    const stored = await database.games.get('game-1');
    expect(stored?.roster.slots[1]).toEqual({ id: 'slot-2', accounts: [{ name: 'Bluebell' }] });
    expect(stored?.players[1]).toMatchObject({ slotId: 'slot-2', name: 'Bluebell' });
  });
});

describe('the setup check', () => {
  it('warns before the roles are entered, counts each faction, and warns of scum at parity', async () => {
    const { root } = await mount(await seeded());
    await createFromThread(root);
    const check = get(root, 'setup-check');
    expect(allByTestId(check, 'setup-check-warning').map((w) => w.dataset['code'])).toEqual(['setup/roles-missing']);
    const warning = get(check, 'setup-check-warning');
    expect(warning.textContent).toContain(
      '5 players have no faction or role entered yet: until every role is entered, Gavel declares no winner.',
    );
    expect([...warning.querySelectorAll('.gavel-names__name')].map((n) => n.textContent)).toEqual([
      'Alpha_Wolf',
      'Bluebel',
      'Corvid',
      'Dandelion',
      'Elm',
    ]);
    expect(get(check, 'setup-check-counts').textContent).toBe('Faction not entered yet: 5 players');

    const factions = allByTestId(root, 'player-faction') as HTMLSelectElement[];
    const roles = allByTestId(root, 'player-role') as HTMLSelectElement[];
    expect(factions[0]?.selectedOptions[0]?.textContent).toBe('not entered yet');
    for (const [i, faction, role] of [
      [0, 'mafia', 'goon'],
      [1, 'mafia', 'goon'],
      [2, 'mafia', 'goon'],
      [3, 'town', 'vanilla'],
      [4, 'town', 'vanilla'],
    ] as const) {
      await type(factions[i] as HTMLSelectElement, faction, 'change');
      await type(roles[i] as HTMLSelectElement, role, 'change');
    }
    expect(allByTestId(get(root, 'setup-check'), 'setup-check-warning').map((w) => w.textContent)).toEqual([
      '⚠ 3 scum against 2 others: the scum have parity or more before the game starts.',
    ]);
    expect([...get(root, 'setup-check-counts').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Town: 2 players',
      'Mafia: 3 players',
    ]);
    await type(factions[2] as HTMLSelectElement, 'town', 'change');
    await type(roles[2] as HTMLSelectElement, 'vanilla', 'change');
    expect(root.querySelector('[data-testid="setup-check-warning"]')).toBeNull();
    expect(get(root, 'setup-check-ok').textContent).toBe('Nothing to look at: the game can start.');
  });

  it('says it in Russian', async () => {
    const { root } = await mount(await seeded(), { language: 'ru' });
    await createFromThread(root);
    expect(get(root, 'setup-check-warning').textContent).toContain(
      'У 5 игроков ещё не указаны фракция или роль: пока роли указаны не у всех, Gavel не объявит победителя.',
    );
    expect(get(root, 'setup-check-counts').textContent).toBe('Фракция ещё не указана: 5 игроков');
  });

  it('offers the rules, factions and roles by their Russian names, and names the rules in the header', async () => {
    const { root } = await mount(await seeded(), { language: 'ru' });
    await createFromThread(root);
    const options = (testId: string): string[] =>
      [...(root.querySelectorAll<HTMLSelectElement>(`[data-testid="${testId}"]`)[0]?.options ?? [])].map((o) => o.text);
    expect(options('player-faction')).toEqual(['не указана', 'Город', 'Мафия', 'Третья сторона']);
    expect(options('player-role')).toContain('Мирный житель');
    expect(options('player-role')).toContain('Рядовой мафии');
    expect(options('player-role')).not.toContain('Vanilla Townie');
    expect(options('game-preset')).toContain('Форумный шаблон (большинство, фиксация, правило 50%)');
    expect(options('game-preset')).not.toContain('Forum template (majority, lock, 50% rule)');
    expect(get(root, 'game-status').textContent).toContain('Форумный шаблон (большинство, фиксация, правило 50%) · в живых 5 из 5');
  });
});

describe('the dashboard keeps its place in the address', () => {
  it('reads and writes the page, the game and the section', () => {
    expect(hashOfView({ page: 'home' })).toBe('');
    expect(hashOfView({ page: 'new-game' })).toBe('#/new');
    expect(hashOfView({ page: 'game', id: 'a b/c', section: 'roster' })).toBe('#/game/a%20b%2Fc/roster');
    expect(viewFromHash('#/game/a%20b%2Fc/roster')).toEqual({ page: 'game', id: 'a b/c', section: 'roster' });
    expect(viewFromHash('#/game/x')).toEqual({ page: 'game', id: 'x' });
    expect(viewFromHash('#/new')).toEqual({ page: 'new-game' });
    for (const odd of ['', '#', '#/', '#/game', '#/game/', '#/elsewhere', '#/game/%E0%A4%A/x', '#/game/x/y/z']) {
      expect(viewFromHash(odd), odd).toEqual({ page: 'home' });
    }
  });

  it('comes back to the same game and section after a reload', async () => {
    const database = await seeded();
    const first = await mount(database);
    await createFromThread(first.root);
    await waitForWorker(() => expect(location.hash).toBe('#/game/game-1'));
    first.store.games.setSection('roster');
    await waitForWorker(() => expect(location.hash).toBe('#/game/game-1/roster'));

    // A reload: a new page on the same address and the same database.
    const { root, store } = await mount(database, { address: location.hash });
    await waitForWorker(() => expect(root.querySelector('[data-testid="game-page"]')).not.toBeNull());
    expect(store.games.view.value).toEqual({ page: 'game', id: 'game-1', section: 'roster' });
    expect(get(root, 'game-heading').textContent).toBe(title);
    expect(location.hash).toBe('#/game/game-1/roster');
  });

  it('moves back and forward between the list, the form and the game', async () => {
    const { root, store } = await mount(await seeded());
    await createFromThread(root);
    await waitForWorker(() => expect(location.hash).toBe('#/game/game-1'));
    history.back();
    await waitForWorker(() => expect(store.games.view.value).toEqual({ page: 'new-game' }));
    await settle();
    expect(root.querySelector('[data-testid="new-game-form"]')).not.toBeNull();
    history.back();
    await waitForWorker(() => expect(store.games.view.value).toEqual({ page: 'home' }));
    history.forward();
    await waitForWorker(() => expect(store.games.view.value).toEqual({ page: 'new-game' }));
    history.forward();
    await waitForWorker(() => expect(store.games.view.value).toMatchObject({ page: 'game', id: 'game-1' }));
    await settle();
    expect(get(root, 'game-heading').textContent).toBe(title);
  });

  it('falls back to the list with a notice when the address names a game that is gone', async () => {
    const { root, store } = await mount(await seeded(), { address: '#/game/deleted-long-ago/roster' });
    await waitForWorker(() => expect(root.querySelector('[data-testid="games-problem"]')).not.toBeNull());
    expect(store.games.view.value).toEqual({ page: 'home' });
    expect(get(root, 'games-problem').textContent).toBe('The game this address named is no longer in Gavel: here is the list of games.');
    await waitForWorker(() => expect(location.hash).toBe(''));
  });
});

describe('000 levels in the roster', () => {
  it('offers the levels by their Russian names, and the setup check names the level in Russian', async () => {
    const { root } = await mount(await seeded(), { language: 'ru' });
    await createFromThread(root);
    await type(get(root, 'game-preset') as HTMLSelectElement, 'mafia-1923-000', 'change');
    const alpha = row(root, 'Alpha_Wolf');
    await click(alpha.querySelector('.gavel-player__toggle') as HTMLElement);
    const level = get(row(root, 'Alpha_Wolf'), 'player-level') as HTMLSelectElement;
    // "Every player must sign up as one of three levels: Beginner, Standard, or Spectator."
    expect([...level.options].map((o) => o.text)).toEqual(['Не указан', 'Новичок', 'Обычный игрок', 'Зритель']);
    await type(level, 'beginner', 'change');
    await type(get(row(root, 'Alpha_Wolf'), 'player-role') as HTMLSelectElement, 'doctor', 'change');
    // "Beginners can only be Townspeople or Mafia Members and nothing else."
    const warnings = allByTestId(get(root, 'setup-check'), 'setup-check-warning');
    const levelRole = warnings.find((w) => w.dataset['code'] === 'setup/level-role');
    expect(levelRole?.textContent).toContain('Игрок Alpha_Wolf записался на уровень «Новичок», а на нём нельзя получить роль «Доктор».');
    await type(get(row(root, 'Alpha_Wolf'), 'player-level') as HTMLSelectElement, 'spectator', 'change');
    const spectator = allByTestId(get(root, 'setup-check'), 'setup-check-warning').find(
      (w) => w.dataset['code'] === 'setup/level-does-not-play',
    );
    expect(spectator?.textContent).toContain(
      'Игрок Alpha_Wolf записался на уровень «Зритель»: на этом уровне только наблюдают, а не играют.',
    );
  });

  it('shows no level field for rules without levels', async () => {
    const { root } = await mount(await seeded());
    await createFromThread(root);
    await click(row(root, 'Alpha_Wolf').querySelector('.gavel-player__toggle') as HTMLElement);
    expect(row(root, 'Alpha_Wolf').querySelector('[data-testid="player-level"]')).toBeNull();
  });
});

describe('role modifiers in the roster (issue 19)', () => {
  it('writes a forum-standard role with its modifiers ("macho one-shot doctor") and shows them back', async () => {
    const { root, store } = await mount(await seeded());
    await createFromThread(root);
    await type(get(root, 'game-preset') as HTMLSelectElement, 'forum-standard', 'change');
    await type(get(row(root, 'Alpha_Wolf'), 'player-role') as HTMLSelectElement, 'doctor', 'change');
    await click(row(root, 'Alpha_Wolf').querySelector('.gavel-player__toggle') as HTMLElement);
    const macho = allByTestId(row(root, 'Alpha_Wolf'), 'player-modifier').find((b) => b.dataset['modifier'] === 'macho');
    await click(macho as HTMLInputElement);
    await type(get(row(root, 'Alpha_Wolf'), 'player-shots') as HTMLInputElement, '1', 'change');
    expect(store.games.draft.value?.players.find((p) => p.role.endsWith('doctor'))?.role).toBe('macho one-shot doctor');
    // The row reads the stored role back: the base role in the list, the modifier ticked, one use.
    expect((get(row(root, 'Alpha_Wolf'), 'player-role') as HTMLSelectElement).value).toBe('doctor');
    expect(
      (allByTestId(row(root, 'Alpha_Wolf'), 'player-modifier').find((b) => b.dataset['modifier'] === 'macho') as HTMLInputElement).checked,
    ).toBe(true);
    expect((get(row(root, 'Alpha_Wolf'), 'player-shots') as HTMLInputElement).value).toBe('1');
    // Another role keeps the modifiers.
    await type(get(row(root, 'Alpha_Wolf'), 'player-role') as HTMLSelectElement, 'cop', 'change');
    expect(store.games.draft.value?.players.find((p) => p.role.endsWith('cop'))?.role).toBe('macho one-shot cop');
  });

  it('offers no modifiers under rules whose roles take none', async () => {
    const { root } = await mount(await seeded());
    await createFromThread(root);
    await click(row(root, 'Alpha_Wolf').querySelector('.gavel-player__toggle') as HTMLElement);
    expect(row(root, 'Alpha_Wolf').querySelector('[data-testid="player-modifiers"]')).toBeNull();
  });
});

describe('every field of the setup survives the save (issues 17, 19)', () => {
  const modifier = (root: HTMLElement, name: string, id: string): HTMLInputElement =>
    allByTestId(row(root, name), 'player-modifier').find((b) => b.dataset['modifier'] === id) as HTMLInputElement;

  it('saves a macho Doctor and a one-shot Vigilante, and shows them back from the stored game', async () => {
    const { root, store } = await mount(await seeded());
    await createFromThread(root);
    await type(get(root, 'game-preset') as HTMLSelectElement, 'forum-standard', 'change');
    await type(get(row(root, 'Alpha_Wolf'), 'player-faction') as HTMLSelectElement, 'town', 'change');
    await type(get(row(root, 'Alpha_Wolf'), 'player-role') as HTMLSelectElement, 'doctor', 'change');
    await click(row(root, 'Alpha_Wolf').querySelector('.gavel-player__toggle') as HTMLElement);
    await click(modifier(root, 'Alpha_Wolf', 'macho'));
    await type(get(row(root, 'Bluebel'), 'player-faction') as HTMLSelectElement, 'town', 'change');
    await type(get(row(root, 'Bluebel'), 'player-role') as HTMLSelectElement, 'vigilante', 'change');
    await click(row(root, 'Bluebel').querySelector('.gavel-player__toggle') as HTMLElement);
    await type(get(row(root, 'Bluebel'), 'player-shots') as HTMLInputElement, '1', 'change');
    await click(get(root, 'save-setup'));
    expect(store.games.problem.value).toBeNull();
    expect(store.games.current.value?.players.slice(0, 2).map((p) => p.role)).toEqual(['macho doctor', 'one-shot vigilante']);
    // The rows read the stored game back.
    expect((get(row(root, 'Alpha_Wolf'), 'player-role') as HTMLSelectElement).value).toBe('doctor');
    expect(modifier(root, 'Alpha_Wolf', 'macho').checked).toBe(true);
    expect((get(row(root, 'Bluebel'), 'player-shots') as HTMLInputElement).value).toBe('1');
  });

  it('says what is wrong with a number of uses that is none, and keeps the uses entered before', async () => {
    const { root, store } = await mount(await seeded());
    await createFromThread(root);
    await type(get(root, 'game-preset') as HTMLSelectElement, 'forum-standard', 'change');
    await type(get(row(root, 'Alpha_Wolf'), 'player-role') as HTMLSelectElement, 'vigilante', 'change');
    await click(row(root, 'Alpha_Wolf').querySelector('.gavel-player__toggle') as HTMLElement);
    await type(get(row(root, 'Alpha_Wolf'), 'player-shots') as HTMLInputElement, '2', 'change');
    await type(get(row(root, 'Alpha_Wolf'), 'player-shots') as HTMLInputElement, '0', 'change');
    expect(get(row(root, 'Alpha_Wolf'), 'player-shots-problem').textContent).toBe(
      '“0” is not a number of uses: write a whole number from 1 to 99, or leave it empty for no limit. The uses saved before are kept.',
    );
    expect(store.games.draft.value?.players[0]?.role).toBe('2-shot vigilante');
    expect((get(row(root, 'Alpha_Wolf'), 'player-shots') as HTMLInputElement).value).toBe('0');
  });

  it("offers 003's rank and leader to the BO's killers only, saves them, and refuses a rank that is none", async () => {
    const { root, store } = await mount(await seeded());
    await createFromThread(root);
    await type(get(root, 'game-preset') as HTMLSelectElement, 'detective-conan-003', 'change');
    for (const name of ['Alpha_Wolf', 'Bluebel']) {
      await type(get(row(root, name), 'player-faction') as HTMLSelectElement, 'bo', 'change');
      await type(get(row(root, name), 'player-role') as HTMLSelectElement, 'bo-member', 'change');
      await click(row(root, name).querySelector('.gavel-player__toggle') as HTMLElement);
    }
    await type(get(row(root, 'Corvid'), 'player-role') as HTMLSelectElement, 'townsfolk', 'change');
    await click(row(root, 'Corvid').querySelector('.gavel-player__toggle') as HTMLElement);
    // A townsperson gives no kill order: no rank, no leader.
    expect(row(root, 'Corvid').querySelector('[data-testid="player-rank"]')).toBeNull();
    expect(row(root, 'Corvid').querySelector('[data-testid="player-leader"]')).toBeNull();
    await type(get(row(root, 'Alpha_Wolf'), 'player-rank') as HTMLInputElement, '2', 'change');
    await type(get(row(root, 'Bluebel'), 'player-rank') as HTMLInputElement, '1', 'change');
    await click(get(row(root, 'Alpha_Wolf'), 'player-leader'));
    // One leader a side: ticking another hands the leadership over.
    await click(get(row(root, 'Bluebel'), 'player-leader'));
    expect(store.games.draft.value?.players.slice(0, 2).map((p) => p.leader)).toEqual([undefined, true]);
    await type(get(row(root, 'Alpha_Wolf'), 'player-rank') as HTMLInputElement, 'first', 'change');
    expect(get(row(root, 'Alpha_Wolf'), 'player-rank-problem').textContent).toContain('“first” is not a rank');
    expect(store.games.draft.value?.players[0]?.rank).toBe(2);
    await click(get(root, 'save-setup'));
    expect(store.games.problem.value).toBeNull();
    expect(store.games.current.value?.players.slice(0, 2).map((p) => [p.rank, p.leader])).toEqual([
      [2, undefined],
      [1, true],
    ]);
  });

  it("saves 000's level", async () => {
    const { root, store } = await mount(await seeded());
    await createFromThread(root);
    await type(get(root, 'game-preset') as HTMLSelectElement, 'mafia-1923-000', 'change');
    await click(row(root, 'Alpha_Wolf').querySelector('.gavel-player__toggle') as HTMLElement);
    // L24: "Every player must sign up as one of three levels: Beginner, Standard, or Spectator."
    await type(get(row(root, 'Alpha_Wolf'), 'player-level') as HTMLSelectElement, 'beginner', 'change');
    await click(get(root, 'save-setup'));
    expect(store.games.problem.value).toBeNull();
    expect(store.games.current.value?.players[0]?.level).toBe('beginner');
    expect((get(row(root, 'Alpha_Wolf'), 'player-level') as HTMLSelectElement).value).toBe('beginner');
  });
});

describe('the rules under Reasonable Action Resolution (001 Method 2, issue 19)', () => {
  it('are presets the host picks and saves', async () => {
    const { root, store } = await mount(await seeded());
    await createFromThread(root);
    const select = get(root, 'game-preset') as HTMLSelectElement;
    const options = [...select.options].map((o) => [o.value, o.text]);
    expect(options).toContainEqual(['forum-standard-rar', 'Forum standard (Normal roles, Reasonable Action Resolution)']);
    expect(options).toContainEqual(['forum-template-001-rar', 'Forum template, Reasonable Action Resolution (seed 001)']);
    await type(select, 'forum-standard-rar', 'change');
    await click(get(root, 'save-setup'));
    expect(store.games.problem.value).toBeNull();
    expect(store.games.current.value?.ruleset.presetId).toBe('forum-standard-rar');
    expect(store.games.current.value?.ruleset.data.night?.method).toBe('reasonable');
  });
});
