/**
 * The night and day of a game in the popup, rendered with a connector whose
 * requests go to the worker's real handlers over an in-memory IndexedDB: the
 * host enters the role PMs, resolves, reads the reasons, applies, and copies
 * the day-start post; then copies the day's vote count.
 */
import { describe, expect, it } from 'vitest';
import { allByTestId as all, byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { listNightActions, listPublishedPosts } from '../../extension/storage/games';
import { savePage } from '../../extension/storage/repository';
import type { ForumPost } from '../../src/model/post';
import { nightResultNames, rulesets, type NightEvent } from '../../src/engine';
import { rulesForumSimple } from '../engine/night/helpers';
import { nightWords, outcomeText } from '../../extension/popup/components/night-panel';
import { catalogs } from '../../extension/shared/catalogs';
import { createTranslator, type Translator } from '../../extension/shared/i18n';
import type { GameRecord } from '../../extension/shared/protocol';
import { rulesetWords } from '../../extension/shared/ruleset-words';

const origin = 'https://forum.example';
const names = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Elm'];
const setups: Readonly<Record<string, { faction: string; role: string }>> = {
  Alpha_Wolf: { faction: 'mafia', role: 'goon' },
  Bluebell: { faction: 'town', role: 'doctor' },
  Corvid: { faction: 'town', role: 'cop' },
};
const post = (number: number, author: string, text: string, bold = false): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: null,
  body: [{ type: 'text', text, ...(bold ? { bold } : {}) }],
});
const report = onePageReport({ origin, threadId: '7', title: 'Mini 2187' }, [
  post(0, 'Host', 'Day 1 begins'),
  post(1, 'Bluebell', 'Vote: Alpha_Wolf', true),
  post(2, 'Corvid', 'Vote: Elm', true),
  post(3, 'Corvid', 'Unvote', true),
  post(4, 'Corvid', 'Vote: Alpha_Wolf', true),
]);

const freshDb = freshDatabases('gavel-popup-night');
const popup = popupUnderTest();
const { click, choose, type } = popup;

async function mount(
  withCopy = true,
  language: 'en' | 'ru' = 'en',
  roles: Readonly<Record<string, { faction: string; role: string }>> = setups,
) {
  const database = freshDb();
  await savePage(database, report, 1000);
  let clock = Date.UTC(2026, 10, 21, 21, 0);
  const now = () => (clock += 1000);
  const call = workerCall({
    ...gameWorker(database, now),
  });
  let game = await call('game/create', {
    threadKey: `${origin}|7`,
    title: 'Mini 2187',
    presetId: 'forum-template-001',
    roster: { from: 'text', text: names.join('\n') },
  });
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...roles[p.name] })) },
  });
  await call('game/event', { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } } });
  if (language !== 'en') await call('settings/set', { language });
  const clipboard: string[] = [];
  const copy = (text: string) => {
    clipboard.push(text);
    return Promise.resolve();
  };
  const { root } = await popup.open(workerConnector(call, withCopy ? { copy } : {}), game.id);
  // The count comes from the worker after the game page shows (on a busy machine, after the first settle).
  await waitForWorker(() => get(root, 'day-summary'), { timeout: 5000 });
  return { root, clipboard, database, gameId: game.id, call };
}

async function enter(root: HTMLElement, actor: string, target: string): Promise<void> {
  await choose(get(root, 'night-actor'), actor);
  await choose(get(root, 'night-target-0'), target);
  await click(get(root, 'night-add-action'));
}
async function startNight(root: HTMLElement, label = 'Night 1 begins'): Promise<void> {
  await choose(get<HTMLSelectElement>(root, 'event-kind'), label);
  await click(get(root, 'record-event'));
}

describe('night results in the night panel', () => {
  const names = nightResultNames(
    [
      { id: 'c', name: 'Corvid' },
      { id: 'a', name: 'Alpha_Wolf' },
    ],
    rulesForumSimple,
  );
  const ru = createTranslator('ru', catalogs.ru, catalogs.en);
  const en = createTranslator('en', catalogs.en);
  const name = (id: string) => names.player(id);
  const words = (t: Translator) => ({
    name,
    format: nightWords({ ruleset: { data: rulesets['forum-template-001'] } as GameRecord['ruleset'], timeZone: 'UTC' }, t),
    results: names,
  });

  it('a message is written from its result in the language the host reads', () => {
    const message: NightEvent = {
      type: 'message',
      to: 'c',
      result: { to: 'c', fact: 'alignment-check', about: ['a'], value: false },
      reasons: [],
    };
    expect(outcomeText(message, words(en))?.text).toBe('Message to Corvid: Your investigation of Alpha_Wolf: not Mafia.');
    expect(outcomeText(message, words(ru))?.text).toBe('Сообщение для Corvid: Результат проверки игрока Alpha_Wolf: not Mafia.');
  });

  it('a resolution stored before results were data still shows its English sentence', () => {
    const stored = { type: 'message', to: 'c', text: 'Your investigation of Alpha_Wolf: Mafia.', reasons: [] } as unknown as NightEvent;
    expect(outcomeText(stored, words(ru))?.text).toBe('Сообщение для Corvid: Your investigation of Alpha_Wolf: Mafia.');
  });
});

describe('the day in the popup', () => {
  it("shows the game's count with wagons, L-n, who is not voting and the struck unvote, and copies the vote count post", async () => {
    const { root, clipboard, database, gameId } = await mount();
    const day = get(root, 'day-panel');
    expect(get(day, 'day-summary').textContent).toContain('3 to lynch');
    expect(get(day, 'day-wagons').textContent).toContain('Alpha_Wolf (2) · L-1');
    expect(day.textContent).toContain('Not voting (3): Alpha_Wolf, Dandelion, Elm');
    expect(get(day, 'vote-history').querySelector('s')?.textContent).toContain('unvote');
    expect(root.querySelector('[data-testid="night-panel"]')).toBeNull();
    await click(get(day, 'copy-vote-count'));
    expect(clipboard).toHaveLength(1);
    expect(clipboard[0]).toContain('Alpha_Wolf');
    expect(get(day, 'copy-vote-count').textContent).toBe('Copied ✓');
    expect((await listPublishedPosts(database, gameId)).map((p) => p.kind)).toEqual(['vote-count']);
  });

  it('says where copying is not available instead of failing silently', async () => {
    const { root } = await mount(false);
    await click(get(root, 'copy-vote-count'));
    expect(get(root, 'day-panel').textContent).toContain('Copying is not available here');
  });
});

describe('the night in the popup', () => {
  it('takes the role PMs, lists who has not sent one, resolves with reasons, applies, and gives the day-start post to copy', async () => {
    const { root, clipboard, database, gameId } = await mount();
    await startNight(root);
    const panel = get(root, 'night-panel');
    expect(panel.querySelector('h2')?.textContent).toBe('Night 1');
    // Each player is one item of the list, never joined with commas (a name may hold one).
    expect(get(panel, 'night-waiting').textContent).toMatch(/^Not sent yet: /);
    expect([...get(panel, 'night-waiting-names').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Alpha_Wolf (Factional kill)',
      'Bluebell (Protect)',
      'Corvid (Investigate)',
    ]);
    expect([...get<HTMLSelectElement>(panel, 'night-actor').options].map((o) => o.text)).toEqual(['Alpha_Wolf', 'Bluebell', 'Corvid']);

    await enter(root, 'Alpha_Wolf', 'Dandelion');
    await enter(root, 'Bluebell', 'Dandelion');
    expect(get(root, 'night-waiting').textContent).toBe('Not sent yet: Corvid (Investigate)');
    await enter(root, 'Corvid', 'Alpha_Wolf');
    expect(all(root, 'night-action').map((li) => li.querySelector('span')?.textContent)).toEqual([
      'Alpha_Wolf Factional kill → Dandelion',
      'Bluebell Protect → Dandelion',
      'Corvid Investigate → Alpha_Wolf',
    ]);
    expect(get(root, 'night-waiting').textContent).toBe('Every player with a night ability has sent an action.');

    await click(get(root, 'night-resolve'));
    const outcomes = all(root, 'night-outcome').map((li) => li.textContent ?? '');
    expect(outcomes.find((t) => t.startsWith('Dandelion was not killed'))).toContain('Bluebell (Doctor) protected Dandelion');
    expect(outcomes.some((t) => t.startsWith('Message to Corvid: Your investigation of Alpha_Wolf: Mafia.'))).toBe(true);
    expect(get(root, 'night-apply').textContent).toBe('Apply and start Day 2');

    await click(get(root, 'night-apply'));
    expect(root.querySelector('[data-testid="night-panel"]')).toBeNull();
    const posts = get(root, 'night-posts');
    const dayStart = get(posts, 'post-day-start').querySelector('pre')?.textContent ?? '';
    expect(dayStart).toContain('Day 2');
    expect(dayStart).toContain('Nobody died.');
    expect(get(posts, 'post-pm-0').textContent).toContain('PM to Corvid');
    expect(get(posts, 'post-pm-0').querySelector('pre')?.textContent).toBe('Your investigation of Alpha_Wolf: Mafia.');
    await click(get(posts, 'copy-day-start'));
    expect(clipboard).toEqual([dayStart]);
    expect((await listPublishedPosts(database, gameId)).map((p) => [p.kind, p.phase])).toEqual([['day-start', { kind: 'day', number: 2 }]]);
    expect(get(root, 'day-panel')).toBeDefined();
  });

  it("shows a Russian host the players' results in Russian, and writes the result PM in the game's post language", async () => {
    const { root, clipboard } = await mount(true, 'ru');
    await startNight(root, 'Начало: Ночь 1');
    await enter(root, 'Alpha_Wolf', 'Dandelion');
    await enter(root, 'Corvid', 'Alpha_Wolf');
    await click(get(root, 'night-resolve'));
    const outcomes = all(root, 'night-outcome').map((li) => li.textContent ?? '');
    // The verdict too is in the host's language (it was the ruleset's English "Mafia").
    expect(outcomes.some((t) => t.startsWith('Сообщение для Corvid: Результат проверки игрока Alpha_Wolf: мафия.'))).toBe(true);
    await click(get(root, 'night-apply'));
    // The PM is a post to a player of a 001 game, whose posts are English (issue 16: posts follow the game, not the host).
    const pm = get(get(root, 'night-posts'), 'post-pm-0');
    expect(pm.querySelector('pre')?.textContent).toBe('Your investigation of Alpha_Wolf: Mafia.');
    await click(get(pm, 'copy-pm-0'));
    expect(clipboard).toEqual(['Your investigation of Alpha_Wolf: Mafia.']);
  });

  it('writes the result PM in Russian, with the verdict in Russian, for a game whose posts are Russian', async () => {
    const { root, call, gameId } = await mount();
    await call('game/update', { id: gameId, patch: { postLanguage: 'ru' } });
    await startNight(root);
    await enter(root, 'Alpha_Wolf', 'Dandelion');
    await enter(root, 'Corvid', 'Alpha_Wolf');
    await click(get(root, 'night-resolve'));
    await click(get(root, 'night-apply'));
    const pm = get(get(root, 'night-posts'), 'post-pm-0');
    expect(pm.querySelector('pre')?.textContent).toBe('Результат проверки игрока Alpha_Wolf: мафия.');
  });

  it('speaks Russian to a Russian host: reasons, refusals, open questions, the waiting list and the times, with no code or English word', async () => {
    // Elm drives the bus: the 001 night order does not say where a swap falls, an open question the night touches.
    const { root } = await mount(true, 'ru', { ...setups, Elm: { faction: 'town', role: 'bus-driver' } });
    await startNight(root, 'Начало: Ночь 1');
    const panel = get(root, 'night-panel');
    expect(panel.querySelector('h2')?.textContent).toBe('Ночь 1');
    expect(
      [...get(panel, 'night-waiting-names').querySelectorAll('li')].map((li) => li.querySelector('.gavel-names__name')?.textContent),
    ).toEqual(['Alpha_Wolf', 'Bluebell', 'Corvid', 'Elm']);
    await enter(root, 'Alpha_Wolf', 'Corvid');
    // A second order from the same player replaces the first: the first is refused, in Russian.
    await enter(root, 'Alpha_Wolf', 'Dandelion');
    await enter(root, 'Bluebell', 'Dandelion');
    await enter(root, 'Elm', 'Corvid');
    await click(get(root, 'night-resolve'));
    const resolution = get(root, 'night-resolution');
    const text = resolution.textContent ?? '';
    // The ruleset's names in the host's language (its own where it gives none in Russian).
    const words = rulesetWords(rulesets['forum-template-001'], 'ru');
    expect(text).toContain(`Игрок Bluebell (${words.role('doctor')}) защитил игрока`);
    expect(get(resolution, 'night-refused').textContent).toContain('Заменено более поздним допустимым действием');
    expect(get(resolution, 'night-ambiguities').textContent).toBe(
      `Правила не говорят, когда ночью срабатывает «${words.ability('swap')}»; Gavel поставил это действие на шаг 1 из 9`,
    );
    // Times in the host's locale and the game's zone; no resolver seed, no seed reference, no setting code.
    expect(text).toMatch(/Ночь разрешена 21 нояб\. 2026 г\., \d\d:\d\d/);
    expect(text).not.toMatch(/\(\d{3}\)|зерно|seed|=|engine_|night\//);
    // Every Latin word left is a name: a player's, or the ruleset's name for a role, an ability or a faction.
    const ruleset = rulesets['forum-template-001'];
    const given = [
      ...names,
      ...ruleset.roles.flatMap((r) => [words.role(r.id), ...r.abilities.map((a) => words.ability(a.id))]),
      ...ruleset.factions.map((f) => words.faction(f.id)),
      'Gavel',
    ].sort((a, b) => b.length - a.length);
    let rest = panel.textContent ?? '';
    for (const name of given) rest = rest.split(name).join(' ');
    expect(rest.match(/[A-Za-z]{2,}/g) ?? []).toEqual([]);
  });

  it('reads the time a PM was sent on the game’s clock, year first, and refuses a date it cannot read', async () => {
    const { root, database, gameId } = await mount();
    await startNight(root);
    const time = get<HTMLInputElement>(root, 'night-pm-time');
    // "11/03" is 11 March to one reader and 3 November to another: Gavel does not guess.
    await type(time, '11/03/2026 21:30');
    expect(get(root, 'night-pm-time-reading').textContent).toBe(
      'Not a time Gavel can read: write it as YYYY-MM-DD HH:MM, on the game’s clock.',
    );
    await enter(root, 'Alpha_Wolf', 'Dandelion');
    expect(await listNightActions(database, gameId)).toEqual([]);
    await type(time, '2026-03-11 21:30');
    expect(get(root, 'night-pm-time-reading').textContent).toBe('Read as Wed 11 Mar, 21:30, on the game’s clock.');
    await enter(root, 'Alpha_Wolf', 'Dandelion');
    // The game's clock is UTC here.
    expect((await listNightActions(database, gameId)).map((a) => a.pmAt)).toEqual([Date.UTC(2026, 2, 11, 21, 30)]);
  });

  it("says the worker's refusal of an action in the host's language", async () => {
    const { root, call, gameId } = await mount(true, 'ru');
    await startNight(root, 'Начало: Ночь 1');
    await call('game/event', {
      id: gameId,
      action: { kind: 'append', event: { kind: 'mod-kill', slotId: 'slot-1', reason: 'replaced out' } },
    });
    await enter(root, 'Alpha_Wolf', 'Elm');
    expect(get(root, 'night-problem').textContent).toBe('Игрок Alpha_Wolf мёртв, а мёртвые не действуют');
    expect(root.querySelector('[data-testid="night-action"]')).toBeNull();
  });

  it("shows a refusal in the worker's words and keeps what was entered", async () => {
    const { root, call, gameId } = await mount();
    await startNight(root);
    // The goon was mod-killed in another window before the host got to the goon's PM.
    await call('game/event', {
      id: gameId,
      action: { kind: 'append', event: { kind: 'mod-kill', slotId: 'slot-1', reason: 'replaced out' } },
    });
    await enter(root, 'Alpha_Wolf', 'Elm');
    expect(get(root, 'night-problem').textContent).toBe('Alpha_Wolf is dead, and the dead do not act');
    expect(root.querySelector('[data-testid="night-action"]')).toBeNull();
    expect(get(root, 'night-panel').textContent).toContain('No actions entered yet.');
    expect(get<HTMLSelectElement>(root, 'night-actor').value).toBe('slot-1');
  });
});
