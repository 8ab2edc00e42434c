/**
 * Seed 004's role request ("запрос на роль", L7, L8) entered in the popup's day moves, against the worker's real
 * handlers: the move names one of the game's peaceful roles (a role field, not a player), the log keeps the role's id,
 * the day's list names the role in the host's language; the Investigator's one move at a time (L8) is refused with
 * the engine's reason; and the night the host resolves from the popup's game answers it.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker as waitFor } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import { getGame } from '../../extension/storage/games';
import { createRng, resolveGameNight, rulesets, type GameEvent } from '../../src/engine';
import { describeLog } from '../../extension/popup/components/event-log';
import { translatorFor } from '../../extension/shared/catalogs';
import type { BodyNode, ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
let n = 0;
const post = (author: string, text: string): ForumPost => {
  const number = n++;
  const body: BodyNode[] = [{ type: 'text', text }];
  return { id: String(3000 + number), number, author, postedAt: Date.UTC(2026, 10, 20, 9, number), body };
};

function thread(): ForumPost[] {
  n = 0;
  return [
    post('Host', 'Players: Alice, Bob, Carol, Dave, Eve. Day 1 begins.'),
    post('Host', 'Night 1 begins.'),
    post('Host', 'Day 2 begins. Nobody died.'),
  ];
}

const cast: Readonly<Record<string, { faction: string; role: string; secondRole?: string }>> = {
  Alice: { faction: 'red', role: 'doctor' },
  Bob: { faction: 'red', role: 'citizen' },
  Carol: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Dave: { faction: 'red', role: 'detective' },
  Eve: { faction: 'red', role: 'investigator' },
};

const freshDb = freshDatabases('gavel-popup-role-request');
const popup = popupUnderTest();
const { click, choose, type } = popup;

async function mount(language: 'en' | 'ru' = 'en', roles: typeof cast = cast) {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '7', title: 'Mafia 004' }, thread()), 1000);
  let clock = Date.UTC(2026, 10, 20, 10, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|7`,
    title: 'Mafia 004',
    presetId: 'russian-004',
    roster: { from: 'text', text: 'Alice\nBob\nCarol\nDave\nEve' },
  });
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...roles[p.name] })) },
  });
  await call('game/event', { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 2 } } } });
  if (language !== 'en') await call('settings/set', { language });
  const { root, store } = await popup.open(workerConnector(call), game.id);
  await waitFor(() => get(root, 'day-move-actor'));
  return { root, store, database, gameId: game.id, call };
}

const enabled = (root: HTMLElement, testId: string): Promise<HTMLButtonElement> =>
  waitFor(() => {
    const button = get<HTMLButtonElement>(root, testId);
    expect(button.disabled).toBe(false);
    return button;
  });

const optionTexts = (select: HTMLSelectElement): string[] => [...select.options].map((o) => o.text);

describe('L7 "запрос на роль, где может указать ведущему не игрока, а конкретную мирную роль": the popup', () => {
  it('offers the game’s peaceful roles (not players, not the sides’ roles) for the request, and the log keeps the role', async () => {
    const { root, database, gameId } = await mount();
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Role request (by day; no move that night)');
    const field = get<HTMLSelectElement>(root, 'day-move-target-0');
    expect(field.parentElement?.textContent).toContain('Role');
    const offered = optionTexts(field);
    expect(offered).toContain('Doctor');
    expect(offered).toContain('Commissar');
    expect(offered).not.toContain('Mafia');
    // Nor a black role held alone, the Faceless or the elite.
    for (const other of ['Mercenary', 'Faceless', 'Agent']) expect(offered.some((x) => x.startsWith(other))).toBe(false);
    expect(offered).not.toContain('Alice');
    await choose(field, 'Doctor');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() =>
      expect(get(root, 'day-moves-list').textContent).toContain('Dave: Role request (by day; no move that night) → Doctor'),
    );
    const game = await getGame(database, gameId);
    const events = game?.events ?? [];
    expect(events.at(-1)).toMatchObject({ type: 'action/use', actor: 'slot-4', ability: 'request-role', targets: ['doctor'] });
    // The event log names the role, not its id, in the host's language.
    expect(describeLog(events, translatorFor('en'), game?.ruleset.data ?? null).at(-1)?.text).toContain('Doctor');
    expect(describeLog(events, translatorFor('ru'), game?.ruleset.data ?? null).at(-1)?.text).toContain('Доктор');
  });

  it('the night after, resolved from the game the popup recorded, answers it with where the role went each night', async () => {
    const { root, database, gameId, call } = await mount();
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Role request (by day; no move that night)');
    await choose(get<HTMLSelectElement>(root, 'day-move-target-0'), 'Doctor');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(async () =>
      expect(((await getGame(database, gameId))?.events ?? []).some((e) => e.type === 'action/use' && e.ability === 'request-role')).toBe(
        true,
      ),
    );
    await call('game/event', {
      id: gameId,
      action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'night', number: 2 } } },
    });
    const events: GameEvent[] = [
      ...((await getGame(database, gameId))?.events ?? []),
      { type: 'action/use', actor: 'slot-1', ability: 'heal', targets: ['slot-2'] },
    ];
    const resolved = resolveGameNight(events, rulesets['russian-004'], 2, createRng(1));
    if (!resolved.ok) throw new Error(resolved.text);
    const told = resolved.resolution.events.flatMap((e) => (e.type === 'message' && e.to === 'slot-4' ? [e.result] : []));
    expect(told).toContainEqual(
      expect.objectContaining({
        fact: 'role-request-places',
        value: {
          role: 'doctor',
          nights: [
            { night: 1, places: [] },
            { night: 2, places: ['slot-2'] },
          ],
        },
      }),
    );
  });

  it('L8 "Из проверки чеков, запроса на роль и выстрела можно выбрать лишь одно действие за раз": a second one the same day is refused with the engine’s reason', async () => {
    const { root, database, gameId, call } = await mount();
    await call('day/move', { gameId, day: 2, actor: 'slot-5', ability: 'verify-check', targets: ['slot-3'] });
    const before = (await getGame(database, gameId))?.events.length;
    await choose(get(root, 'day-move-actor'), 'Eve');
    await choose(get(root, 'day-move-ability'), 'Role request (by day; no move that night)');
    await choose(get<HTMLSelectElement>(root, 'day-move-target-0'), 'Doctor');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() =>
      expect(get(root, 'day-ballot-problem').textContent).toBe(
        'Eve made another of the moves that go one at a time today: a check’s verification or a role request (004 L8)',
      ),
    );
    expect((await getGame(database, gameId))?.events.length).toBe(before);
  });

  it('speaks Russian: the move, the field and the roles in the ruleset’s Russian words', async () => {
    const { root } = await mount('ru');
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Запрос на роль (днем; без хода этой ночью)');
    const field = get<HTMLSelectElement>(root, 'day-move-target-0');
    expect(field.parentElement?.textContent).toContain('Роль');
    expect(optionTexts(field)).toContain('Доктор');
    await choose(field, 'Доктор');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-moves-list').textContent).toContain('Доктор'));
  });
});

describe('L86 "может заранее указать ведущему … результат запроса на роль, что будет передан утром": the popup', () => {
  const blackDetective = { ...cast, Dave: { faction: 'mafia', role: 'detective', secondRole: 'mafia' } };

  it('a black Detective’s request takes the answer handed to the Investigator instead, and its condition, by the players’ names', async () => {
    const { root, database, gameId } = await mount('en', blackDetective);
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Role request (by day; no move that night)');
    await choose(get<HTMLSelectElement>(root, 'day-move-target-0'), 'Doctor');
    await type(get(root, 'day-move-forged'), '1: Bob; 2: -');
    await type(get(root, 'day-move-forged-when'), '2: Alice');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(async () =>
      expect(((await getGame(database, gameId))?.events ?? []).at(-1)).toMatchObject({
        type: 'action/use',
        ability: 'request-role',
        targets: ['doctor'],
        requestForged: {
          nights: [
            { night: 1, places: ['slot-2'] },
            { night: 2, places: [] },
          ],
          when: [{ night: 2, places: ['slot-1'] }],
        },
      }),
    );
  });

  it('a text that reads as no answer is not sent: the host is told how to write it', async () => {
    const { root, database, gameId } = await mount('en', blackDetective);
    const before = (await getGame(database, gameId))?.events.length;
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Role request (by day; no move that night)');
    await type(get(root, 'day-move-forged'), 'night one: Zed');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-move-forged-problem').textContent).toContain('“;”'));
    expect((await getGame(database, gameId))?.events.length).toBe(before);
  });

  it('a red Detective’s request has no such field, and the worker refuses one sent with it', async () => {
    const { root, gameId, call } = await mount();
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Role request (by day; no move that night)');
    expect(root.querySelector('[data-testid="day-move-forged"]')).toBeNull();
    await expect(
      call('day/move', {
        gameId,
        day: 2,
        actor: 'slot-4',
        ability: 'request-role',
        targets: ['doctor'],
        requestForged: { nights: [{ night: 1, places: ['slot-2'] }] },
      }),
    ).rejects.toThrow('may not carry a substituted answer');
  });
});
