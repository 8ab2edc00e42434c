/**
 * The end of a day and of a game in the worker, against an in-memory
 * IndexedDB: a forum-template (001) game where the host ends each day with its
 * lynch, the night begins with the flip in its start post, and the 50% rule or
 * the last mafia's lynch ends the game with a post naming the winners.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { deriveState, type PlayerSetup, type PresetRulesetId } from '../../src/engine';
import { dayHandlers } from '../../extension/background/handlers/day';
import { gameHandlers } from '../../extension/background/handlers/games';
import { nightHandlers } from '../../extension/background/handlers/night';
import type { HandlerContext } from '../../extension/shared/messaging';
import { appendEvents } from '../../extension/storage/games';

const freshDb = freshDatabases('gavel-day');
const page: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};

type Roles = Readonly<Record<string, Pick<PlayerSetup, 'faction' | 'role'>>>;
const oneGoon: Roles = {
  Alpha_Wolf: { faction: 'mafia', role: 'goon' },
  Bluebell: { faction: 'town', role: 'doctor' },
  Corvid: { faction: 'town', role: 'cop' },
  Dandelion: { faction: 'town', role: 'vanilla' },
  Elm: { faction: 'town', role: 'vanilla' },
};
const twoGoons: Roles = { ...oneGoon, Elm: { faction: 'mafia', role: 'goon' } };

async function setup(roles: Roles, presetId: PresetRulesetId = 'forum-template-001') {
  const db = freshDb();
  let clock = Date.UTC(2026, 10, 21, 20, 0);
  const now = () => (clock += 60_000);
  const games = gameHandlers(
    () => db,
    now,
    () => 'game-1',
  );
  const night = nightHandlers(
    () => db,
    now,
    () => 7,
  );
  const day = dayHandlers(() => db, now);
  let game = await games['game/create'](
    { threadKey: null, title: 'Mini 2190', presetId, roster: { from: 'text', text: Object.keys(roles).join('\n') } },
    page,
  );
  game = await games['game/update']({ id: game.id, patch: { players: game.players.map((p) => ({ ...p, ...roles[p.name] })) } }, page);
  game = await games['game/event'](
    { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } } },
    page,
  );
  const id = game.id;
  const slot = (name: string): string => game.players.find((p) => p.name === name)?.slotId ?? name;
  const endDay = async (n: number, lynched: string | null) => {
    const ended = await day['day/end']({ gameId: id, day: n, lynched: lynched === null ? null : slot(lynched) }, page);
    game = ended.game;
    return ended;
  };
  const act = (n: number, actor: string, ability: string, target: string) =>
    night['night/add-action']({ gameId: id, night: n, actor: slot(actor), ability, targets: [slot(target)], pmAt: null }, page);
  const runNight = async (n: number) => {
    await night['night/resolve']({ gameId: id, night: n }, page);
    const applied = await night['night/apply']({ gameId: id, night: n }, page);
    game = applied.game;
    return applied;
  };
  return { db, id, day, endDay, act, runNight, game: () => game };
}

describe("the posts in the game's post language", () => {
  it('writes a 001 game switched to Russian in Russian, and again in English once switched back', async () => {
    const { db, id, day, endDay } = await setup(oneGoon);
    await gameHandlers(
      () => db,
      () => 1,
      () => 'unused',
    )['game/update']({ id, patch: { postLanguage: 'ru' } }, page);
    const { posts } = await endDay(1, 'Dandelion');
    expect(posts.nightStart).toContain('[b]Ночь 1 начинается.[/b]');
    expect(posts.nightStart).toContain('[b]Dandelion[/b] выбывает из игры (линчевание). Мирный житель, Город');
    await gameHandlers(
      () => db,
      () => 2,
      () => 'unused',
    )['game/update']({ id, patch: { postLanguage: 'en' } }, page);
    // The posts are composed again from the log, in the language now set.
    const again = await day['day/posts']({ gameId: id, day: 1 }, page);
    expect(again?.nightStart).toContain('[b]Night 1 begins.[/b]');
    expect(again?.nightStart).toContain('[b]Dandelion[/b] has died (lynched). Vanilla Townie, Town');
  });
});

describe('ending a day', () => {
  it('kills the lynched player, starts the night, and gives the night-start post with the flip', async () => {
    const { id, day, endDay, game } = await setup(oneGoon);
    const { posts } = await endDay(1, 'Dandelion');
    const state = deriveState(game().events);
    expect(state.phase).toEqual({ kind: 'night', number: 1 });
    expect(state.players.find((p) => p.name === 'Dandelion')).toMatchObject({ alive: false, death: { cause: 'lynched' } });
    expect(state.history.map((h) => h.lynched)).toEqual([[game().players.find((p) => p.name === 'Dandelion')?.slotId]]);
    expect(posts.nightStart).toContain('[b]Night 1 begins.[/b]');
    expect(posts.nightStart).toContain('[b]Dandelion[/b] has died (lynched). Vanilla Townie, Town');
    expect(posts.nightStart).toContain('Alive (4)');
    expect(posts.openQuestions).toEqual([]);
    // Asked again later (the popup was closed), the same post.
    expect(await day['day/posts']({ gameId: id, day: 1 }, page)).toEqual(posts);
    expect(await day['day/posts']({ gameId: id, day: 2 }, page)).toBeNull();
    expect(await day['game/outcome']({ gameId: id }, page)).toBeNull();
  });

  it("1923: the Witness is told the lynched player's role, to send by PM, and again when the posts are asked for later", async () => {
    const { id, day, endDay } = await setup(
      {
        Alpha_Wolf: { faction: 'mafia', role: 'mafia-member' },
        Bluebell: { faction: 'civilians', role: 'witness' },
        Corvid: { faction: 'civilians', role: 'townsperson' },
        Dandelion: { faction: 'mafia', role: 'mafia-member' },
        Elm: { faction: 'civilians', role: 'doctor' },
      },
      'mafia-1923-000',
    );
    const { posts } = await endDay(1, 'Dandelion');
    expect(posts.privateMessages.map((m) => [m.name, m.text])).toEqual([['Bluebell', 'Dandelion died; their role was Mafia Member.']]);
    expect(await day['day/posts']({ gameId: id, day: 1 }, page)).toEqual(posts);
  });

  it('ends a day with no lynch', async () => {
    const { endDay, game } = await setup(oneGoon);
    const { posts } = await endDay(1, null);
    expect(deriveState(game().events).players.every((p) => p.alive)).toBe(true);
    expect(posts.nightStart).toContain('Nobody died.');
  });

  it('refuses a day that is not in progress, a dead or unknown player, and a game that is over', async () => {
    const { day, id, endDay } = await setup(oneGoon);
    await expect(endDay(2, 'Dandelion')).rejects.toThrow('Day 2 is not in progress (it is Day 1)');
    await expect(day['day/end']({ gameId: id, day: 1, lynched: 'nobody-here' }, page)).rejects.toThrow(
      'There is no slot "nobody-here" in this game',
    );
    await endDay(1, 'Alpha_Wolf');
    await expect(endDay(1, 'Bluebell')).rejects.toThrow('The game is over');
  });

  it('refuses to end a day twice from two windows', async () => {
    const { db, id, game } = await setup(oneGoon);
    const seen = game().events.length;
    await appendEvents(db, id, seen, [{ type: 'phase/start', phase: { kind: 'night', number: 1 } }], 1);
    await expect(appendEvents(db, id, seen, [{ type: 'phase/start', phase: { kind: 'night', number: 1 } }], 2)).rejects.toThrow(
      'The game changed in another window',
    );
  });
});

describe('the end of the game', () => {
  it('lynching the last mafia ends the game for the town, with the flip and the winners in one post', async () => {
    const { id, day, endDay, game } = await setup(oneGoon);
    const { posts } = await endDay(1, 'Alpha_Wolf');
    const state = deriveState(game().events);
    expect(state.ended?.reason).toBe('win/mafia-gone');
    expect(posts.nightStart).toBeNull();
    const outcome = await day['game/outcome']({ gameId: id }, page);
    expect(outcome).toMatchObject({
      result: 'win',
      after: { kind: 'day', number: 1 },
      sides: ['Town'],
      winners: ['Bluebell', 'Corvid', 'Dandelion', 'Elm'],
    });
    expect(outcome?.detail).toBe('no mafia is left alive: the town wins');
    expect(outcome?.post).toContain('[b]Alpha_Wolf[/b] has died (lynched). Mafia Goon, Mafia');
    expect(outcome?.post).toContain('[b]Winner: Town[/b]\nBluebell, Corvid, Dandelion, Elm\n[i]No mafia is left alive: the town wins.[/i]');
  });

  it('the 50% rule at parity ends the game for the mafia, and says which setting decided it', async () => {
    const { id, day, endDay } = await setup(twoGoons);
    const { posts } = await endDay(1, 'Dandelion');
    expect(posts.nightStart).toBeNull();
    expect(posts.openQuestions).toEqual([
      { setting: 'win.mafiaWinsWhen', chosen: 'at-parity', detail: 'the mafia (2) equals the rest (2)' },
    ]);
    const outcome = await day['game/outcome']({ gameId: id }, page);
    expect(outcome).toMatchObject({ sides: ['Mafia'], winners: ['Alpha_Wolf', 'Elm'] });
    expect(outcome?.openQuestions.map((q) => q.setting)).toEqual(['win.mafiaWinsWhen']);
  });

  it('a night kill that gives the mafia parity ends the game instead of starting the day', async () => {
    const { id, day, endDay, act, runNight, game } = await setup(twoGoons);
    await endDay(1, null);
    await act(1, 'Alpha_Wolf', 'factional-kill', 'Dandelion');
    const applied = await runNight(1);
    expect(applied.posts).toBeNull();
    const state = deriveState(game().events);
    expect(state.phase).toEqual({ kind: 'night', number: 1 });
    expect(state.ended?.reason).toBe('win/fifty-percent-rule');
    const outcome = await day['game/outcome']({ gameId: id }, page);
    expect(outcome?.after).toEqual({ kind: 'night', number: 1 });
    expect(outcome?.post).toContain('[b]Dandelion[/b] has died (killed at night). Vanilla Townie, Town');
    expect(outcome?.post).toContain('[b]Winner: Mafia[/b]');
  });

  it('a whole game: two days, a saved night and a kill, and the town wins on Day 3', async () => {
    const { id, day, endDay, act, runNight, game } = await setup({
      ...oneGoon,
      Fern: { faction: 'mafia', role: 'goon' },
      Gorse: { faction: 'town', role: 'vanilla' },
    });
    await endDay(1, 'Elm');
    await act(1, 'Alpha_Wolf', 'factional-kill', 'Corvid');
    await act(1, 'Bluebell', 'protect', 'Corvid');
    await act(1, 'Corvid', 'investigate', 'Fern');
    const night1 = await runNight(1);
    expect(night1.posts?.dayStart).toContain('Nobody died.');
    expect(night1.posts?.privateMessages.map((m) => m.name)).toEqual(['Corvid']);
    await endDay(2, 'Fern');
    await act(2, 'Alpha_Wolf', 'factional-kill', 'Gorse');
    await act(2, 'Bluebell', 'protect', 'Corvid');
    const night2 = await runNight(2);
    expect(night2.posts?.dayStart).toContain('[b]Gorse[/b] has died (killed at night)');
    const end = await endDay(3, 'Alpha_Wolf');
    expect(end.posts.nightStart).toBeNull();
    expect(deriveState(game().events).ended?.winners).toHaveLength(5);
    expect((await day['game/outcome']({ gameId: id }, page))?.sides).toEqual(['Town']);
  });
});
