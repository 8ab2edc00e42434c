/**
 * A 004 day in the popup, against the worker's real handlers: the host enters
 * the day moves the ruleset marks as day moves (any role, from its abilities'
 * timing), the engine refuses a move it does not allow with its own reason and
 * records nothing, and the ballot the day's tally calls for next (the Priest's
 * re-vote, L30) is offered with the tally's words, opened into the event log
 * (`ballot/open`, as `gavel play` does), and taken back by the log's undo.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker as waitFor } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import { appendEvents, getGame } from '../../extension/storage/games';
import { dayMovesOf, isDayMove } from '../../extension/popup/components/day-moves';
import { deriveState, rulesets } from '../../src/engine';
import type { BodyNode, ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const green = (text: string): BodyNode => ({ type: 'text', text, color: 'green' });
let n = 0;
const post = (author: string, body: BodyNode[]): ForumPost => {
  const number = n++;
  return { id: String(1000 + number), number, author, postedAt: Date.UTC(2026, 10, 20, 9, number), body };
};

/** Day 2 of a 004 game: Carol has three votes (the Priest Alice's among them), Bob two. */
function thread(): ForumPost[] {
  n = 0;
  return [
    post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')),
    post('Host', lines('Night 1 begins.')),
    post('Host', lines('Day 2 begins. Nobody died.')),
    post('Alice', lines('Carol is the one.', green('Carol'))),
    post('Bob', lines(green('Carol'))),
    post('Dave', lines(green('Carol'))),
    post('Carol', lines(green('Bob'))),
    post('Eve', lines(green('Bob'))),
  ];
}

const roles: Readonly<Record<string, { faction: string; role: string }>> = {
  Alice: { faction: 'red', role: 'priest' },
  Bob: { faction: 'red', role: 'citizen' },
  Carol: { faction: 'mafia', role: 'mafia' },
  Dave: { faction: 'red', role: 'citizen' },
  Eve: { faction: 'red', role: 'terrorist' },
};

const freshDb = freshDatabases('gavel-popup-day-moves');
const popup = popupUnderTest();
const { click, choose } = popup;

async function mount(language: 'en' | 'ru' = 'en', cast: Readonly<Record<string, { faction: string; role: string }>> = roles, day = 2) {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '4', title: 'Mafia 004' }, thread()), 1000);
  // The host's machine reads 13:00 Moscow on the posts' day: the vote (21:00–22:00, L150) has not started, so no absent
  // player is forced to vote against himself yet.
  let clock = Date.UTC(2026, 10, 20, 10, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|4`,
    title: 'Mafia 004',
    presetId: 'russian-004',
    roster: { from: 'text', text: 'Alice\nBob\nCarol\nDave\nEve' },
  });
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...cast[p.name] })) },
  });
  await call('game/event', {
    id: game.id,
    action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: day } } },
  });
  if (language !== 'en') await call('settings/set', { language });
  const { root, store } = await popup.open(workerConnector(call), game.id);
  // Day 1 of the thread has no votes: its day moves' form shows once the popup has the game.
  await waitFor(() => get(root, day === 2 ? 'day-wagons' : 'day-move-actor'));
  return { root, store, database, gameId: game.id, call };
}

/** The button once the popup is not busy (a disabled button ignores the click: the day's ballots may still be loading). */
const enabled = (root: HTMLElement, testId: string): Promise<HTMLButtonElement> =>
  waitFor(() => {
    const button = get<HTMLButtonElement>(root, testId);
    expect(button.disabled).toBe(false);
    return button;
  });
const wagons = (root: HTMLElement): string => get(root, 'day-wagons').textContent ?? '';

describe('the day moves the ruleset marks (not a list of roles)', () => {
  it('are every ability that is neither a night nor a passive one, from the ruleset', () => {
    const ruleset = rulesets['russian-004'];
    const day = ruleset.roles.flatMap((r) => r.abilities.filter(isDayMove).map((a) => a.id));
    // L30 the Priest's forgiveness, L23 the Terrorist's detonator, L28 the Lawyer, L31 the Witness, L32 the Liar, L35 the Hero.
    expect(day).toEqual(expect.arrayContaining(['forgive', 'detonate', 'legal-protection', 'name-witnesses', 'scandal', 'save']));
    expect(ruleset.roles.flatMap((r) => r.abilities.filter(isDayMove)).every((a) => a.timing !== 'night')).toBe(true);
    // A role a ruleset adds with a new kind of day move is offered with no code for it.
    const added = {
      ...ruleset,
      roles: [
        ...ruleset.roles,
        { id: 'oracle', name: 'Oracle', abilities: [{ id: 'foretell', name: 'Foretell', timing: 'day' as const }] },
      ],
    };
    const state = deriveState([
      { type: 'game/setup', players: [{ slotId: 's1', name: 'Olga', faction: 'red', role: 'oracle' }] },
      { type: 'phase/start', phase: { kind: 'day', number: 2 } },
    ]);
    const olga = state.players[0];
    expect(olga === undefined ? [] : dayMovesOf(olga, added).map((a) => a.id)).toEqual(['foretell']);
  });
});

describe('a 004 day in the popup', () => {
  it("L30: the Priest's forgiveness brings the re-vote, offered with the tally's words, opened, and the count follows it", async () => {
    const { root, database, gameId } = await mount();
    expect(wagons(root)).toContain('Carol (3)');
    // Only living players with a day move are offered: the Priest and the Terrorist (and the Mafia's day suicide, if any).
    const actors = [...get<HTMLSelectElement>(root, 'day-move-actor').options].map((o) => o.text);
    expect(actors).toEqual(expect.arrayContaining(['Alice', 'Eve']));
    expect(actors).not.toContain('Bob');
    expect(root.querySelector('[data-testid="day-follow-up"]')).toBeNull();

    await choose(get(root, 'day-move-actor'), 'Alice');
    await choose(get(root, 'day-move-ability'), 'Forgive');
    await choose(get(root, 'day-move-target-0'), 'Carol');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-moves-list').textContent).toBe('Alice: Forgive → Carol'));

    // The tally now says a re-vote follows, and why, in the engine's words.
    const follow = await waitFor(() => get(root, 'day-follow-up'));
    expect(follow.dataset['ballot']).toBe('revote');
    expect(follow.querySelector('h3')?.textContent).toBe('Next ballot: the re-vote after forgiveness');
    expect(get(follow, 'day-follow-up-why').textContent).toContain(
      'Carol was saved by forgiveness: a re-vote follows, in which no one may vote for Carol',
    );

    await click(await enabled(root, 'day-follow-up-open'));
    const stored = await getGame(database, gameId);
    // Opened after the thread's last post read (7): the votes posted so far were the forgiven ballot's.
    expect(stored?.events.at(-1)).toEqual({ type: 'ballot/open', ballot: 'revote', afterPost: 7 });
    expect(get(root, 'log-lines').textContent).toContain('The vote “the re-vote after forgiveness” opens');
    // The count is now the re-vote's, and nobody has voted in it yet: the day's earlier votes do not carry over.
    await waitFor(() => expect(get(root, 'day-ballot-current').dataset['ballot']).toBe('revote'));
    await waitFor(() => expect(root.querySelector('[data-testid="day-wagons"]')?.textContent ?? '').not.toContain('Carol ('));
    expect(root.querySelector('[data-testid="day-wagons"]')?.textContent ?? '').not.toContain('Bob (');
    expect(root.querySelector('[data-testid="day-follow-up"]')).toBeNull();
    // The forgiven ballot's result post, to copy.
    expect(get(root, 'post-ballot-result').querySelector('pre')?.textContent).toContain('Carol');

    // Undo in the event log takes the opening back: the re-vote is offered again.
    await click(get(root, 'undo-event'));
    await waitFor(() => expect(get(root, 'day-follow-up').dataset['ballot']).toBe('revote'));
    expect((await getGame(database, gameId))?.events.some((e) => e.type === 'ballot/open')).toBe(false);
  });

  it("L23: the Terrorist's detonator on himself is refused with the engine's reason, nothing recorded, the form kept", async () => {
    const { root, database, gameId } = await mount();
    const before = (await getGame(database, gameId))?.events.length;
    await choose(get(root, 'day-move-actor'), 'Eve');
    await choose(get(root, 'day-move-ability'), 'Detonator: blow up with one player (once)');
    await choose(get(root, 'day-move-target-0'), 'Eve');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-ballot-problem').textContent).toBe('Eve may not target themselves with that ability'));
    expect((await getGame(database, gameId))?.events.length).toBe(before);
    expect(get<HTMLSelectElement>(root, 'day-move-actor').value).toBe('slot-5');
    expect(get<HTMLSelectElement>(root, 'day-move-target-0').selectedOptions[0]?.text).toBe('Eve');

    // The detonator on Bob is recorded (a move of another role).
    await choose(get(root, 'day-move-target-0'), 'Bob');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-moves-list').textContent).toContain('Eve: Detonator'));
  });

  it('L31: the Witness names one to four players ("выбирает от одного до четырех игроков"): four fields, fewer allowed', async () => {
    const { root, database, gameId } = await mount('en', { ...roles, Dave: { faction: 'red', role: 'witness' } });
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Name 1–4 players');
    expect(root.querySelector('[data-testid="day-move-target-3"]')).not.toBeNull();
    expect(root.querySelector('[data-testid="day-move-target-4"]')).toBeNull();
    await choose(get(root, 'day-move-target-0'), 'Alice');
    await choose(get(root, 'day-move-target-1'), 'Bob');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-moves-list').textContent).toBe('Dave: Name 1–4 players → Alice and Bob'));
    const events = (await getGame(database, gameId))?.events ?? [];
    // L113: the move keeps the worker's clock when the host recorded it (the count skips a before-vote move that came late).
    expect(events.at(-1)).toEqual({
      type: 'action/use',
      actor: 'slot-4',
      ability: 'name-witnesses',
      targets: ['slot-1', 'slot-2'],
      at: expect.any(Number) as number,
    });
  });

  it('L113: a day move recorded with the time its PM arrived keeps that time in the log', async () => {
    const { database, gameId, call } = await mount('en', { ...roles, Dave: { faction: 'red', role: 'witness' } });
    const pmAt = Date.UTC(2026, 10, 20, 18, 30);
    await call('day/move', { gameId, day: 2, actor: 'slot-4', ability: 'name-witnesses', targets: ['slot-1'], at: pmAt });
    const events = (await getGame(database, gameId))?.events ?? [];
    expect(events.at(-1)).toEqual({ type: 'action/use', actor: 'slot-4', ability: 'name-witnesses', targets: ['slot-1'], at: pmAt });
  });

  it('L112 "Криминалист может обследовать чей-либо труп утром": a black Forensic’s examination is told as soon as the move is recorded; a red one’s waits for the evening (L44)', async () => {
    const told = async (faction: string): Promise<unknown[]> => {
      const { database, gameId, call } = await mount('en', { ...roles, Dave: { faction, role: 'forensic' } });
      await call('game/event', { id: gameId, action: { kind: 'append', event: { kind: 'death', slotId: 'slot-2', cause: 'killed' } } });
      await call('day/move', { gameId, day: 2, actor: 'slot-4', ability: 'examine-bodies', targets: ['slot-2'] });
      const events = (await getGame(database, gameId))?.events ?? [];
      const move = events.findIndex((e) => e.type === 'action/use' && e.ability === 'examine-bodies');
      return events.slice(move + 1).flatMap((e) => (e.type === 'message/send' && e.result !== undefined ? [e.result] : []));
    };
    expect(await told('mafia')).toEqual([{ to: 'slot-4', fact: 'body-examined', about: ['slot-2'], value: [] }]);
    expect(await told('red')).toEqual([]);
  });

  it('L47 "может взять на выбор любую отсутствующую мирную роль": the Wizard takes an absent role by day, recorded as <role>/absent-role', async () => {
    const { root, database, gameId } = await mount('en', { ...roles, Dave: { faction: 'red', role: 'wizard' } });
    await choose(get(root, 'day-move-actor'), 'Dave');
    const offered = [...get<HTMLSelectElement>(root, 'day-move-ability').options].map((o) => o.text);
    const take = (role: string): string => `Use a peaceful role absent from the game (three a game): ${role}`;
    expect(offered).toContain(take('Kamikaze'));
    // A role a player of the game holds is not absent: the Priest (Alice), the Terrorist (Eve).
    expect(offered).not.toContain(take('Priest'));
    expect(offered).not.toContain(take('Terrorist'));
    await choose(get(root, 'day-move-ability'), take('Kamikaze'));
    expect(root.querySelector('[data-testid="day-move-target-0"]')).toBeNull();
    await click(await enabled(root, 'day-move-record'));
    // A move that names nobody is listed without an arrow pointing at nothing.
    await waitFor(() => expect(get(root, 'day-moves-list').textContent).toBe(`Dave: ${take('Kamikaze')}`));
    const events = (await getGame(database, gameId))?.events ?? [];
    expect(events.at(-1)).toEqual({
      type: 'action/use',
      actor: 'slot-4',
      ability: 'kamikaze/absent-role',
      targets: [],
      at: expect.any(Number) as number,
    });
  });

  it('L132 "Если стал мэром или его секретаршей…": a Politician’s patronage without either title is refused when entered, with the engine’s reason; as Mayor it is recorded', async () => {
    const cast = { ...roles, Dave: { faction: 'red', role: 'politician' } };
    const { root, store, database, gameId } = await mount('en', cast);
    const before = (await getGame(database, gameId))?.events.length;
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Take a player under patronage for the night (as Mayor or Secretary, end of day)');
    await choose(get(root, 'day-move-target-0'), 'Bob');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() =>
      expect(get(root, 'day-ballot-problem').textContent).toBe(
        'Dave holds no title that move needs (a patronage is taken only as the Mayor or his Secretary): it is not recorded',
      ),
    );
    expect((await getGame(database, gameId))?.events.length).toBe(before);
    // Elected Mayor (the title the day's election gives), the same move is recorded.
    await appendEvents(database, gameId, before ?? 0, [{ type: 'title/grant', slotId: 'slot-4', title: 'mayor' }], 1);
    await store.games.show({ page: 'game', id: gameId });
    await popup.settle();
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Take a player under patronage for the night (as Mayor or Secretary, end of day)');
    await choose(get(root, 'day-move-target-0'), 'Bob');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-moves-list').textContent).toContain('Dave: Take a player under patronage'));
    expect(root.querySelector('[data-testid="day-ballot-problem"]')).toBeNull();
  });

  it('L41 "Имеет право отключить/не активировать роль в конце дня": the Collector’s "no role active" is a move of its own beside the role choice, which offers his collection', async () => {
    const { root, store, database, gameId } = await mount('en', { ...roles, Dave: { faction: 'red', role: 'collector' } });
    const before = (await getGame(database, gameId))?.events.length ?? 0;
    // Carol's role is in Dave's collection, and active.
    await appendEvents(
      database,
      gameId,
      before,
      [
        { type: 'player/die', slotId: 'slot-3', cause: 'night-kill' },
        { type: 'status/add', slotId: 'slot-3', status: 'in-collection', by: 'slot-4' },
        { type: 'status/add', slotId: 'slot-4', status: 'collected-role', with: 'slot-3' },
      ],
      1,
    );
    await store.games.show({ page: 'game', id: gameId });
    await popup.settle();
    await choose(get(root, 'day-move-actor'), 'Dave');
    const offered = [...get<HTMLSelectElement>(root, 'day-move-ability').options].map((o) => o.text);
    expect(offered).toEqual(
      expect.arrayContaining([
        'Make a collected role the active one (end of a day; its former holder)',
        'Have no collected role active (end of a day)',
      ]),
    );
    // The role choice names the former holders of his collection: the dead Carol, no living player.
    await choose(get(root, 'day-move-ability'), 'Make a collected role the active one (end of a day; its former holder)');
    expect([...get<HTMLSelectElement>(root, 'day-move-target-0').options].map((o) => o.text)).toEqual(['Carol']);
    // "No role active" names nobody and needs no words.
    await choose(get(root, 'day-move-ability'), 'Have no collected role active (end of a day)');
    expect(root.querySelector('[data-testid="day-move-target-0"]')).toBeNull();
    expect(root.querySelector('[data-testid="day-move-words"]')).toBeNull();
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-moves-list').textContent).toContain('Dave: Have no collected role active (end of a day)'));
    expect(root.querySelector('[data-testid="day-ballot-problem"]')).toBeNull();
    expect((await getGame(database, gameId))?.events.at(-1)).toMatchObject({
      type: 'action/use',
      actor: 'slot-4',
      ability: 'deactivate-role',
      targets: [],
    });
  });

  it('L132 in Russian: the refusal of a patronage without a title is said in the host’s Russian', async () => {
    const { root } = await mount('ru', { ...roles, Dave: { faction: 'red', role: 'politician' } });
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Взять игрока на ночь под покровительство (мэр или секретарша, в конце дня)');
    await choose(get(root, 'day-move-target-0'), 'Bob');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() =>
      expect(get(root, 'day-ballot-problem').textContent).toBe(
        'Игрок Dave не занимает пост, нужный для этого хода (брать под покровительство можно только мэру или его секретарше): ход не записан',
      ),
    );
  });

  it('speaks Russian: the forgiveness and the re-vote in the ruleset’s and the engine’s Russian words', async () => {
    const { root } = await mount('ru');
    await choose(get(root, 'day-move-actor'), 'Alice');
    await choose(get(root, 'day-move-ability'), 'Прощение');
    await choose(get(root, 'day-move-target-0'), 'Carol');
    await click(await enabled(root, 'day-move-record'));
    const follow = await waitFor(() => get(root, 'day-follow-up'));
    expect(follow.querySelector('h3')?.textContent).toBe('Следующее голосование: переголосование после прощения');
    expect(get(follow, 'day-follow-up-why').textContent).toContain('Игрок Carol спасён прощением');
  });

  it('L156: a lone lynch of the Faceless calls the extra vote; opening it records the lynch, then the ballot', async () => {
    const { root, database, gameId } = await mount('en', { ...roles, Carol: { faction: 'grey', role: 'faceless' } });
    const follow = await waitFor(() => get(root, 'day-follow-up'));
    expect(follow.dataset['ballot']).toBe('extra');
    expect(get(follow, 'day-follow-up-why').textContent).toContain(
      'Carol is the only one lynched today: another vote follows the same day',
    );
    await click(await enabled(root, 'day-follow-up-open'));
    // The worker records the lynch, the day's result and the new ballot; the popup's view follows once they are stored.
    const events = await waitFor(async () => {
      const stored = (await getGame(database, gameId))?.events ?? [];
      expect(stored.at(-1)?.type).toBe('ballot/open');
      return stored;
    }, 10_000);
    expect(events.slice(-3)).toEqual([
      { type: 'player/die', slotId: 'slot-3', cause: 'lynch' },
      { type: 'day/result', phase: { kind: 'day', number: 2 }, lynched: ['slot-3'], noVictimRunoff: false, ballot: 'lynch' },
      { type: 'ballot/open', ballot: 'extra', afterPost: 7 },
    ]);
    expect(get(root, 'post-ballot-result').querySelector('pre')?.textContent).toContain('Carol');
  });

  it('L162–L164: the witch hunt shows the approvals it needs, and why it cannot be called with five alive', async () => {
    const { root } = await mount();
    const hunt = await waitFor(() => get(root, 'day-hunt'));
    expect(hunt.textContent).toContain('Witch hunt: approvals needed: 3 (50% of the active players, in green font).');
    expect(get(hunt, 'day-hunt-refused').textContent).toBe('Too few players are alive for a witch hunt.');
    expect(hunt.querySelector('[data-testid="day-hunt-open"]')).toBeNull();
  });

  it('L36 "Фанатик сразу узнает его мирную роль": the day’s end tells the favourite in the post’s Russian, and the log in the host’s English', async () => {
    const { root, database, gameId } = await mount('en', { ...roles, Dave: { faction: 'red', role: 'fanatic' } }, 1);
    await choose(get(root, 'day-move-actor'), 'Dave');
    await choose(get(root, 'day-move-ability'), 'Choose a favourite (end of day 1)');
    await choose(get(root, 'day-move-target-0'), 'Alice');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-moves-list').textContent).toContain('Dave: Choose a favourite'));
    await choose(get(root, 'day-end-lynch'), 'Nobody (no lynch)');
    await click(await enabled(root, 'day-end'));
    // The message is kept as what the rules said, with the favourite's name and role id.
    const sent = await waitFor(async () => {
      const events = (await getGame(database, gameId))?.events ?? [];
      const found = events.find((e) => e.type === 'message/send');
      expect(found).toBeDefined();
      return found;
    }, 10_000);
    expect(sent).toMatchObject({
      to: 'slot-4',
      message: {
        code: 'day-end/favourite',
        args: [
          { kind: 'text', value: 'Alice' },
          { kind: 'role', value: 'priest' },
        ],
      },
    });
    // The PM to copy is in the game's post language (Russian for 004).
    const posts = await waitFor(() => get(root, 'night-start-posts'), 10_000);
    expect(posts.textContent).toContain('Ваш любимчик — Alice, его мирная роль — Священник.');
    // The event log words it in the host's language.
    expect(get(root, 'log-lines').textContent).toContain('Message to Dave: Your favourite is Alice, whose peaceful role is Priest.');
  });
});
