/**
 * Every field of a player's setup survives a save (issues 17 and 19): a role
 * written with the forum standard's modifiers in front, 003's rank and leader,
 * 000's level. Wrong input is refused with what is wrong, and nothing of the
 * stored game changes.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { deriveState, roleAbilities, rulesets, unassigned, type PlayerSetup } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import { gameHandlers } from '../../extension/background/handlers/games';
import type { HandlerContext } from '../../extension/shared/messaging';
import { syncPlayers } from '../../extension/storage/games';
import { savePage } from '../../extension/storage/repository';

const freshDb = freshDatabases('gavel-setup-fields');
const page: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};
const origin = 'https://forum.mafiascum.net';
const threadKey = `${origin}|777`;
const opening: ForumPost = {
  id: '1',
  number: 0,
  author: 'Host',
  postedAt: Date.UTC(2026, 10, 20, 9, 0),
  body: [
    { type: 'text', text: 'Players:' },
    ...['Ann', 'Bob', 'Cid', 'Dee'].flatMap((name) => [{ type: 'break' as const }, { type: 'text' as const, text: name }]),
  ],
};

async function game(presetId: 'forum-standard' | 'detective-conan-003' | 'mafia-1923-000') {
  const db = freshDb();
  await savePage(db, onePageReport({ origin, threadId: '777', title: 'Setup fields' }, [opening]), 5000);
  let clock = 10_000;
  const handlers = gameHandlers(
    () => db,
    () => (clock += 1000),
    () => 'game-1',
  );
  const created = await handlers['game/create']({ threadKey, presetId, roster: { from: 'opening-post' } }, page);
  const set = (fields: Readonly<Record<string, Partial<PlayerSetup>>>): PlayerSetup[] =>
    created.players.map((p) => ({ ...p, ...fields[p.name] }));
  return { handlers, created, set };
}

describe('a modified role (issue 19: modifiers "combine with any role")', () => {
  it('is kept by the save as the engine reads it: a macho Doctor and a one-shot Vigilante', async () => {
    const { handlers, created, set } = await game('forum-standard');
    const players = set({
      Ann: { faction: 'town', role: 'macho doctor' },
      Bob: { faction: 'town', role: 'one-shot vigilante' },
      Cid: { faction: 'mafia', role: 'goon' },
    });
    const saved = await handlers['game/update']({ id: created.id, patch: { players } }, page);
    expect(saved.players.map((p) => p.role)).toEqual(['macho doctor', 'one-shot vigilante', 'goon', unassigned]);
    expect(saved.events[0]).toEqual({ type: 'game/setup', players: saved.players });
    const state = deriveState(saved.events);
    const bob = state.players.find((p) => p.name === 'Bob');
    if (bob === undefined) throw new Error('no Bob');
    // The one-shot Vigilante's shot is once a game, as the engine reads it.
    expect(roleAbilities(bob, rulesets['forum-standard']).map((a) => a.usesPerGame)).toEqual([1]);
    // A later save of another field keeps it.
    const again = await handlers['game/update']({ id: created.id, patch: { title: 'Renamed' } }, page);
    expect(again.players.map((p) => p.role)).toEqual(saved.players.map((p) => p.role));
  });

  it('is refused when a word in front is no modifier, saying which, and nothing is stored', async () => {
    const { handlers, created, set } = await game('forum-standard');
    await expect(
      handlers['game/update']({ id: created.id, patch: { players: set({ Ann: { faction: 'town', role: 'sneaky doctor' } }) } }, page),
    ).rejects.toThrow(/Ann: "sneaky doctor" is not a role of .*: "sneaky" is not a modifier \(modifiers: one-shot, /);
    expect(await handlers['game/get']({ id: created.id }, page)).toEqual(created);
  });

  it('is refused in a seed game, whose rules describe no modifiers (000: a macho Doctor is no role of Mafia 1923)', async () => {
    const { handlers, created, set } = await game('mafia-1923-000');
    const doctor = rulesets['mafia-1923-000'].roles.find((r) => r.id === 'doctor');
    expect(doctor).toBeDefined();
    await expect(
      handlers['game/update']({ id: created.id, patch: { players: set({ Ann: { role: 'macho doctor' } }) } }, page),
    ).rejects.toThrow(/Ann: "macho doctor" is not a role of .*: its roles take no modifiers \(write the role alone: "doctor"\)/);
    expect(await handlers['game/get']({ id: created.id }, page)).toEqual(created);
  });
});

describe("003's ranks and leader (the BO's kill order: the leader's, else the highest rank's)", () => {
  it('are kept by the save and read by the game', async () => {
    const { handlers, created, set } = await game('detective-conan-003');
    const players = set({
      Ann: { faction: 'bo', role: 'bo-member', rank: 2 },
      Bob: { faction: 'bo', role: 'bo-member', rank: 1, leader: true },
      Cid: { faction: 'town', role: 'townsfolk' },
    });
    const saved = await handlers['game/update']({ id: created.id, patch: { players } }, page);
    expect(saved.players.map((p) => [p.name, p.rank, p.leader])).toEqual([
      ['Ann', 2, undefined],
      ['Bob', 1, true],
      ['Cid', undefined, undefined],
      ['Dee', undefined, undefined],
    ]);
    const state = deriveState(saved.events);
    expect(state.players.find((p) => p.name === 'Bob')?.leader).toBe(true);
    expect(state.players.find((p) => p.name === 'Ann')?.rank).toBe(2);
  });

  it('refuses a rank that is no whole number from 1, and a second leader of one side', async () => {
    const { handlers, created, set } = await game('detective-conan-003');
    await expect(
      handlers['game/update']({ id: created.id, patch: { players: set({ Ann: { faction: 'bo', role: 'bo-member', rank: 0 } }) } }, page),
    ).rejects.toThrow('Ann: the rank 0 is not a whole number from 1 (the highest) to 500');
    await expect(
      handlers['game/update']({ id: created.id, patch: { players: set({ Ann: { faction: 'bo', role: 'bo-member', rank: 1.5 } }) } }, page),
    ).rejects.toThrow('Ann: the rank 1.5 is not a whole number from 1 (the highest) to 500');
    const twoLeaders = set({ Ann: { faction: 'bo', leader: true }, Bob: { faction: 'bo', leader: true } });
    await expect(handlers['game/update']({ id: created.id, patch: { players: twoLeaders } }, page)).rejects.toThrow(
      'Bob: Ann leads the same side already; a side has one leader',
    );
    expect(await handlers['game/get']({ id: created.id }, page)).toEqual(created);
  });
});

describe('000\'s levels (L24: "Every player must sign up as one of three levels: Beginner, Standard, or Spectator")', () => {
  it('are kept by the save, and a level the rules do not have is refused', async () => {
    const { handlers, created, set } = await game('mafia-1923-000');
    const saved = await handlers['game/update'](
      { id: created.id, patch: { players: set({ Ann: { level: 'beginner' }, Bob: { level: 'spectator' } }) } },
      page,
    );
    expect(saved.players.map((p) => p.level)).toEqual(['beginner', 'spectator', undefined, undefined]);
    await expect(handlers['game/update']({ id: created.id, patch: { players: set({ Ann: { level: 'expert' } }) } }, page)).rejects.toThrow(
      'Ann: "expert" is not a level of Mafia 1923 (families and family court) (beginner, standard, spectator)',
    );
    expect((await handlers['game/get']({ id: created.id }, page))?.players).toEqual(saved.players);
  });
});

describe('syncPlayers under another ruleset', () => {
  it('keeps rank, leader and a modified role the new rules read, and drops a level they do not have', () => {
    const roster = { slots: [{ id: 's1', accounts: [{ name: 'Ann' }] }], hosts: ['Host'] };
    const before: PlayerSetup[] = [
      { slotId: 's1', name: 'Ann', faction: 'town', role: 'macho vigilante', rank: 3, leader: true, level: 'beginner' },
    ];
    expect(syncPlayers(roster, rulesets['forum-standard'], before, [])).toEqual([
      { slotId: 's1', name: 'Ann', faction: 'town', role: 'macho vigilante', rank: 3, leader: true },
    ]);
    expect(syncPlayers(roster, rulesets['mafia-1923-000'], before, [])[0]).toMatchObject({ role: unassigned, level: 'beginner' });
  });
});
