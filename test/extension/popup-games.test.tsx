/**
 * The Games part of the popup, rendered with a connector whose requests go to
 * the worker's real handlers over an in-memory IndexedDB: what a host clicks
 * and sees, from "New game" to an imported file.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId as get, renderApp, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameHandlers } from '../../extension/background/handlers/games';
import { settingsHandlers } from '../../extension/background/handlers/settings';
import { threadHandlers } from '../../extension/background/handlers/thread';
import { describeLog } from '../../extension/popup/components/event-log';
import { rulesets } from '../../src/engine';
import type { Connector } from '../../extension/popup/connector';
import { addressShowsThread, presetChoices } from '../../extension/popup/games-store';
import { createPopupStore, type PopupStore } from '../../extension/popup/store';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { MessageType, RequestOf, ResponseOf } from '../../extension/shared/protocol';
import { savePage, trackThread } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';
import type { ForumPost } from '../../src/model/post';

let mounted: PopupStore | undefined;
/** Waits for the store's request to the worker to finish, then for the render. */
const settle = async (): Promise<void> => {
  await new Promise((r) => setTimeout(r, 0));
  await waitForWorker(() => expect(mounted?.games.busy.value ?? false).toBe(false), { timeout: 5000 });
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
};

const origin = 'https://forum.mafiascum.net';
const threadUrl = `${origin}/viewtopic.php?t=90210`;
const names = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Ember'];
const opening: ForumPost = {
  id: '812400',
  number: 0,
  author: 'Nobody Special',
  postedAt: Date.UTC(2026, 10, 20, 9, 0),
  body: [{ type: 'text', text: 'Players:' }, ...names.flatMap((n) => [{ type: 'break' as const }, { type: 'text' as const, text: n }])],
};
const report = onePageReport({ origin, threadId: '90210', title: 'Mini 2187: Gavel Demo Mafia' }, [opening], { url: threadUrl });

const context: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};
let host: HTMLElement | undefined;
const freshDb = freshDatabases('gavel-popup-games');
afterEach(() => {
  if (host !== undefined) render(null, host);
  host?.remove();
});

interface Mounted {
  readonly store: PopupStore;
  readonly root: HTMLElement;
  readonly downloads: { fileName: string; text: string }[];
  readonly database: GavelDatabase;
}

async function mount(view: 'popup' | 'dashboard' = 'popup'): Promise<Mounted> {
  const database = freshDb();
  await savePage(database, report, 1000);
  await trackThread(database, origin, '90210', 1100);
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
  const downloads: { fileName: string; text: string }[] = [];
  const connector: Connector = {
    request: <T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> => {
      if (type === 'worker/ping') return Promise.resolve({ pong: true, version: '0.1.0' } as ResponseOf<T>);
      if (type === 'forums/list') return Promise.resolve([] as unknown as ResponseOf<T>);
      // No game of these tests is shared: the Co-hosts section reads a local-only game's status.
      if (type === 'sync/status') return Promise.resolve(null as ResponseOf<T>);
      const handler = (handlers as Record<string, (p: unknown, c: HandlerContext) => Promise<unknown>>)[type];
      if (handler === undefined) return Promise.reject(new Error(`unexpected ${type}`));
      // Through JSON, as over the runtime port.
      return Promise.resolve()
        .then(() => handler(JSON.parse(JSON.stringify(payload)), context))
        .then((v) => JSON.parse(JSON.stringify(v)) as ResponseOf<T>);
    },
    activeTabUrl: () => Promise.resolve(`${threadUrl}&start=25`),
    uiLanguage: () => 'en-US',
    requestOrigin: () => Promise.resolve(true),
    openDashboard: () => Promise.resolve(),
    download: (fileName, text) => {
      downloads.push({ fileName, text });
      return Promise.resolve();
    },
  };
  const store = createPopupStore(connector);
  mounted = store;
  host = renderApp(store, view);
  await store.load();
  await settle();
  return { store, root: host, downloads, database };
}

async function click(el: Element): Promise<void> {
  (el as HTMLElement).click();
  await settle();
}

async function type(
  el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
  event: 'input' | 'change' = 'input',
): Promise<void> {
  el.value = value;
  el.dispatchEvent(new Event(event, { bubbles: true }));
  await settle();
}

async function newGameFromThisTab(root: HTMLElement): Promise<void> {
  await click(get(root, 'new-game'));
  await click(get(root, 'create-game'));
}

describe('starting a game in the popup', () => {
  it("offers the active tab's thread and the eight rulesets (004 in its standard and extended formats, the forum standard, and 001's and the forum standard's Reasonable Action Resolution), and reads the roster from the opening post", async () => {
    const { root } = await mount();
    expect(get(root, 'games-section').textContent).toContain('No game set up yet');
    await click(get(root, 'new-game'));
    const thread = get<HTMLSelectElement>(root, 'new-game-thread');
    expect(thread.selectedOptions[0]?.textContent).toBe('Mini 2187: Gavel Demo Mafia — forum.mafiascum.net (phpBB) (this tab)');
    const presets = [...get<HTMLSelectElement>(root, 'new-game-preset').options].map((o) => o.textContent);
    expect(presets).toEqual(presetChoices.map((p) => p.name));
    expect(presets).toHaveLength(8);
    expect(presets).toContain('Russian forum Mafia, extended format (16 players)');
    expect(presets.filter((p) => p?.includes('Reasonable Action Resolution'))).toHaveLength(2);
    expect(get<HTMLInputElement>(root, 'roster-from-post').checked).toBe(true);

    await click(get(root, 'create-game'));
    expect(get(root, 'game-heading').textContent).toBe('Mini 2187: Gavel Demo Mafia');
    expect(get(root, 'roster-source').textContent).toBe('Roster read from the player list in post #0. Hosts: Nobody Special.');
    expect([...root.querySelectorAll('.gavel-player__name')].map((n) => n.textContent)).toEqual(names);
    expect(get(root, 'game-page').textContent).toContain('5 of 5 alive');
  });

  it('takes a pasted roster with aliases', async () => {
    const { root, store } = await mount();
    await click(get(root, 'new-game'));
    await type(get<HTMLSelectElement>(root, 'new-game-thread'), '', 'change');
    expect(get<HTMLInputElement>(root, 'roster-from-text').checked).toBe(true);
    await type(get<HTMLInputElement>(root, 'new-game-title'), 'Practice game');
    await type(get<HTMLSelectElement>(root, 'new-game-preset'), 'russian-004', 'change');
    await type(get<HTMLTextAreaElement>(root, 'roster-text'), 'Anna (Ann)\nBoris\nVera');
    await click(get(root, 'create-game'));
    expect(store.games.current.value?.ruleset.presetId).toBe('russian-004');
    expect(get(root, 'roster-source').textContent).toContain('pasted by the host');
    expect([...root.querySelectorAll<HTMLInputElement>('[data-testid="player-aliases"]')].map((i) => i.value)).toEqual(['Ann', '', '']);
  });

  it('shows why a pasted roster is refused', async () => {
    const { root } = await mount();
    await click(get(root, 'new-game'));
    await type(get<HTMLSelectElement>(root, 'new-game-thread'), '', 'change');
    await type(get<HTMLTextAreaElement>(root, 'roster-text'), 'Anna\nBoris replaces Clara');
    await click(get(root, 'create-game'));
    expect(get(root, 'games-problem').textContent).toBe(
      'The pasted roster has problems: line 2: "Clara" is not a player on an earlier line, so "Boris" cannot replace them',
    );
  });
});

describe('the new-game form before the game is created (issue 15)', () => {
  it('shows the roster read from the opening post with its problems flagged, and the host it starts with', async () => {
    const { root } = await mount();
    await click(get(root, 'new-game'));
    await waitForWorker(() => expect(root.querySelector('[data-testid="roster-preview"]')).not.toBeNull());
    expect([...get(root, 'roster-preview').querySelectorAll('[data-testid="preview-name"]')].map((li) => li.textContent)).toEqual(names);
    // No player has posted in this thread yet: each listed name is flagged, beside the name (issue 16).
    const first = get(root, 'roster-preview').querySelector('[data-testid="preview-slot"]');
    expect(first?.querySelector('[data-testid="preview-flag"]')?.textContent).toContain(
      'Alpha_Wolf is listed but has not posted in the thread',
    );
    expect(get(root, 'roster-preview-summary').textContent).toBe('5 names to check: see the notes beside them.');
    expect(get<HTMLTextAreaElement>(root, 'new-game-hosts').value).toBe('Nobody Special');
    expect(root.querySelector('[data-testid="new-game-no-host"]')).toBeNull();
  });

  it('asks for a host instead of creating a game in a thread with none, and takes the one typed', async () => {
    const { root, store } = await mount();
    await click(get(root, 'new-game'));
    await waitForWorker(() => expect(get<HTMLTextAreaElement>(root, 'new-game-hosts').value).toBe('Nobody Special'));
    await type(get<HTMLTextAreaElement>(root, 'new-game-hosts'), ' ');
    expect(get(root, 'new-game-no-host').textContent).toContain("Name the game's host");
    expect(get<HTMLButtonElement>(root, 'create-game').disabled).toBe(true);
    await type(get<HTMLTextAreaElement>(root, 'new-game-hosts'), 'Nobody Special, Helper');
    await click(get(root, 'create-game'));
    expect(store.games.current.value?.roster.hosts).toEqual(['Nobody Special', 'Helper']);
  });
});

describe('running a game in the popup', () => {
  it('saves an alias and a role, and refuses a time zone that does not exist', async () => {
    const { root, database } = await mount();
    await newGameFromThisTab(root);
    const aliases = root.querySelectorAll<HTMLInputElement>('[data-testid="player-aliases"]')[2];
    if (aliases === undefined) throw new Error('no alias field');
    await type(aliases, 'Crow, Corv', 'change');
    const role = root.querySelectorAll<HTMLSelectElement>('[data-testid="player-role"]')[2];
    if (role === undefined) throw new Error('no role field');
    await type(role, 'goon', 'change');
    await type(get<HTMLInputElement>(root, 'game-time-zone'), 'Mars/Olympus');
    expect(get(root, 'save-bar').textContent).toContain('"Mars/Olympus" is not a time zone name');
    expect(get<HTMLButtonElement>(root, 'save-setup').disabled).toBe(true);
    await type(get<HTMLInputElement>(root, 'game-time-zone'), 'Europe/London');
    await click(get(root, 'save-setup'));
    expect(root.querySelector('[data-testid="save-bar"]')).toBeNull();
    const stored = await database.games.get('game-1');
    expect(stored?.roster.slots[2]?.aliases).toEqual(['Crow', 'Corv']);
    expect(stored?.players[2]?.role).toBe('goon');
    expect(stored?.timeZone).toBe('Europe/London');
  });

  it('records a death, a replacement and a new day in the log, and undoes the last', async () => {
    const { root } = await mount();
    await newGameFromThisTab(root);
    // The form starts on a death of the first living player; no cause given.
    await click(get(root, 'record-event'));
    expect(get(root, 'log-lines').textContent).toContain('Alpha_Wolf dies (killed)');
    await click(get(root, 'undo-event'));
    expect(root.querySelector('[data-testid="log-lines"]')).toBeNull();

    await type(get<HTMLSelectElement>(root, 'event-kind'), 'phase-start', 'change');
    expect(get<HTMLSelectElement>(root, 'event-kind').selectedOptions[0]?.textContent).toBe('Day 1 begins');
    await click(get(root, 'record-event'));
    await type(get<HTMLSelectElement>(root, 'event-kind'), 'death', 'change');
    await type(get<HTMLSelectElement>(root, 'event-player'), 'slot-3', 'change');
    await type(get<HTMLInputElement>(root, 'event-detail'), 'lynched');
    await click(get(root, 'record-event'));
    await type(get<HTMLSelectElement>(root, 'event-kind'), 'replacement', 'change');
    await type(get<HTMLSelectElement>(root, 'event-player'), 'slot-2', 'change');
    await type(get<HTMLInputElement>(root, 'event-detail'), 'Snowdrop');
    await click(get(root, 'record-event'));
    expect([...get(root, 'log-lines').querySelectorAll('li')].map((li) => [...li.children].map((c) => c.textContent))).toEqual([
      ['', 'Day 1 begins'],
      ['Day 1', 'Corvid dies (lynched)'],
      ['Day 1', 'Snowdrop replaces Bluebell'],
    ]);
    expect(get(root, 'game-page').textContent).toContain('4 of 5 alive');
    expect(root.querySelectorAll('.gavel-player--dead')).toHaveLength(1);
    expect(get(root, 'roster').textContent).toContain('Bluebell, then Snowdrop');
    await click(get(root, 'undo-event'));
    expect(get(root, 'log-lines').querySelectorAll('li')).toHaveLength(2);
    expect(get(root, 'roster').textContent).not.toContain('Snowdrop');
  });
});

describe('unsaved setup edits', () => {
  it('survive recording an event, and are saved with the event kept', async () => {
    const { root, store, database } = await mount();
    await newGameFromThisTab(root);
    store.games.edit((d) => ({ ...d, hosts: 'Nobody Special\nCohost' }));
    await settle();
    await type(get<HTMLInputElement>(root, 'event-detail'), 'night kill');
    await click(get(root, 'record-event'));
    expect(get(root, 'log-lines').textContent).toContain('Alpha_Wolf dies (night kill)');
    expect(store.games.dirty.value).toBe(true);
    expect(get<HTMLTextAreaElement>(root, 'game-hosts').value).toBe('Nobody Special\nCohost');
    await click(get(root, 'save-setup'));
    const stored = await database.games.get('game-1');
    expect(stored?.roster.hosts).toEqual(['Nobody Special', 'Cohost']);
    expect(stored?.events.map((e) => e.type)).toEqual(['game/setup', 'player/die']);
  });
});

describe('game files in the popup', () => {
  it('exports a game, refuses a damaged file with the reason, and imports over the game when told to', async () => {
    const { root, downloads, store } = await mount();
    await newGameFromThisTab(root);
    await click(get(root, 'export-game'));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.fileName).toMatch(/^gavel-Mini-2187-Gavel-Demo-Mafia-\d{4}-\d{2}-\d{2}\.json$/);
    const file = downloads[0]?.text ?? '';
    await click(get(root, 'back-to-games'));
    expect(get(root, 'game-list').textContent).toContain('Mini 2187: Gavel Demo Mafia');

    const choose = async (text: string): Promise<void> => {
      const input = get<HTMLInputElement>(root, 'import-file');
      Object.defineProperty(input, 'files', { value: [new File([text], 'game.json', { type: 'application/json' })], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await settle();
      await settle();
    };
    await choose('this is not a game');
    expect(get(root, 'games-problem').textContent).toMatch(/^This file is not a Gavel game file: it is not JSON/);
    await choose(file);
    expect(get(root, 'games-problem').textContent).toBe(
      'The game “Mini 2187: Gavel Demo Mafia” is already in Gavel: choose to replace it to import this file over it',
    );
    await click(get(root, 'import-replace'));
    await choose(file);
    expect(store.games.view.value).toEqual({ page: 'game', id: 'game-1' });
    expect(get(root, 'game-heading').textContent).toBe('Mini 2187: Gavel Demo Mafia');
  });
});

describe('helpers behind the popup', () => {
  it("knows a thread in the address of its pages, and not in another thread's", () => {
    const thread = { key: 'k', origin, threadId: '90210', title: '', engine: 'phpbb', postCount: 0, pagesSeen: 0, tracked: true };
    expect(addressShowsThread(`${origin}/viewtopic.php?t=90210&start=25`, thread)).toBe(true);
    expect(addressShowsThread(`${origin}/viewtopic.php?t=902101`, thread)).toBe(false);
    expect(addressShowsThread('https://forum.example.org/viewtopic.php?t=90210', thread)).toBe(false);
  });

  it('tells the log in the names players had at the time', () => {
    const lines = describeLog([
      { type: 'game/setup', players: [{ slotId: 's1', name: 'Anna', faction: 'town', role: 'vanilla' }] },
      { type: 'phase/start', phase: { kind: 'night', number: 1 } },
      { type: 'player/replace', slotId: 's1', name: 'Boris' },
      { type: 'player/die', slotId: 's1', cause: 'mod-kill', by: 'left the site' },
    ]);
    expect(lines.map((l) => `${l.phase}: ${l.text}`)).toEqual([
      'Before the game: The game is set up with 1 player',
      ': Night 1 begins',
      'Night 1: Boris replaces Anna',
      'Night 1: Boris is mod-killed (left the site)',
    ]);
  });

  it("tells a night, a day's result and the end of the game in words, with the ruleset's names for abilities", () => {
    const ruleset = rulesets['forum-template-001'];
    const lines = describeLog(
      [
        {
          type: 'game/setup',
          players: [
            { slotId: 's1', name: 'Anna', faction: 'mafia', role: 'goon' },
            { slotId: 's2', name: 'Boris', faction: 'town', role: 'cop' },
          ],
        },
        { type: 'phase/start', phase: { kind: 'night', number: 1 } },
        { type: 'action/use', actor: 's2', ability: 'investigate', targets: ['s1'] },
        { type: 'message/send', to: 's2', text: 'Anna is Mafia.' },
        { type: 'phase/start', phase: { kind: 'day', number: 1 } },
        { type: 'player/die', slotId: 's1', cause: 'lynched' },
        { type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: ['s1'], noVictimRunoff: false },
        { type: 'game/end', winners: ['s2'], reason: 'win/mafia-gone' },
      ],
      undefined,
      ruleset,
    );
    expect(lines.slice(2).map((l) => `${l.phase}: ${l.text}`)).toEqual([
      'Night 1: Boris: Investigate → Anna',
      'Night 1: Message to Boris',
      ': Day 1 begins',
      'Day 1: Anna dies (lynched)',
      'Day 1: Day 1: Anna lynched',
      'Day 1: The game ends; winners: Boris',
    ]);
  });
});

describe("the game's post language", () => {
  it("starts at the ruleset's language and is saved as soon as the host picks another", async () => {
    const { root, store, database } = await mount();
    await newGameFromThisTab(root);
    const select = get<HTMLSelectElement>(root, 'game-post-language');
    expect(select.value).toBe('en');
    expect([...select.options].map((o) => o.textContent)).toEqual(['English', 'Russian']);
    await type(select, 'ru', 'change');
    const id = store.games.current.value?.id ?? '';
    expect(store.games.current.value?.postLanguage).toBe('ru');
    expect((await database.games.get(id))?.postLanguage).toBe('ru');
    expect(get<HTMLSelectElement>(root, 'game-post-language').value).toBe('ru');
    // It is not part of the setup draft: nothing is left unsaved.
    expect(store.games.dirty.value).toBe(false);
  });
});
