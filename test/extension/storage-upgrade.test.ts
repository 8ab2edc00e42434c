/**
 * A host who used Gavel before games existed upgrades: the database they have
 * is version 1. Opening it as version 2 must keep every thread, page, post,
 * setting and forum, and give empty game tables that work.
 */
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { ForumPost } from '../../src/model/post';
import {
  addNightAction,
  addPardon,
  addPublishedPost,
  createGame,
  listGames,
  listNightActions,
  listPardons,
  listPublishedPosts,
} from '../../extension/storage/games';
import { getPosts, getSettings, listForums, listThreads } from '../../extension/storage/repository';
import { declareVersion1, openDatabase, type GavelDatabase } from '../../extension/storage/schema';

const names: string[] = [];
const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  for (const name of names.splice(0)) await Dexie.delete(name);
});

const origin = 'https://forum.mafiascum.net';
const key = `${origin}|90210`;
const post = (id: string, number: number, author: string, text: string): ForumPost => ({
  id,
  number,
  author,
  postedAt: Date.UTC(2026, 10, 20, 9, number),
  body: [{ type: 'text', text }],
});
const posts = [
  post('812400', 0, 'Nobody Special', 'Players:\nAlpha_Wolf\nBluebell\nCorvid'),
  post('812401', 1, 'Bluebell', 'Hello everyone'),
  post('812402', 2, 'Corvid', 'Vote: Bluebell'),
];

async function fillVersion1(name: string): Promise<void> {
  const v1 = new Dexie(name);
  declareVersion1(v1);
  await v1.open();
  await v1.table('threads').bulkPut([
    {
      key,
      origin,
      threadId: '90210',
      title: 'Mini 2187: Gavel Demo Mafia',
      engine: 'phpbb',
      tracked: 1,
      firstSeenAt: 1000,
      updatedAt: 2000,
    },
    { key: `${origin}|5`, origin, threadId: '5', title: 'Newbie 99', engine: 'phpbb', tracked: 0, firstSeenAt: 500, updatedAt: 600 },
  ]);
  await v1.table('pages').bulkPut([
    { threadKey: key, pageNumber: 1, url: `${origin}/viewtopic.php?t=90210`, contentHash: 'abc', readAt: 1500 },
    { threadKey: key, pageNumber: 2, url: `${origin}/viewtopic.php?t=90210&start=25`, contentHash: 'def', readAt: 1600 },
  ]);
  await v1.table('posts').bulkPut(posts.map((p) => ({ threadKey: key, postId: p.id, number: p.number, post: p, storedAt: 1500 })));
  await v1.table('settings').put({ key: 'outputDialect', value: 'markdown' });
  await v1.table('forums').put({ origin: 'https://forum.example.org', enabledAt: 700 });
  v1.close();
}

async function rows(db: Dexie, table: string): Promise<unknown[]> {
  return db.table(table).toArray();
}

describe('upgrading the database from version 1 to version 2', () => {
  it('keeps every thread, page, post, setting and forum', async () => {
    const name = 'gavel-upgrade-keeps';
    names.push(name);
    await fillVersion1(name);

    const before = new Dexie(name);
    declareVersion1(before);
    opened.push(before);
    await before.open();
    const snapshot = Object.fromEntries(
      await Promise.all(['threads', 'pages', 'posts', 'settings', 'forums'].map(async (t) => [t, await rows(before, t)] as const)),
    );
    before.close();

    const db: GavelDatabase = openDatabase(name);
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(3);
    for (const [table, content] of Object.entries(snapshot)) expect(await rows(db, table), table).toEqual(content);
    expect((await listThreads(db)).map((t) => [t.title, t.postCount, t.pagesSeen, t.tracked])).toEqual([
      ['Mini 2187: Gavel Demo Mafia', 3, 2, true],
      ['Newbie 99', 0, 0, false],
    ]);
    expect((await getPosts(db, origin, '90210')).map((p) => p.post)).toEqual(posts);
    expect(await getSettings(db)).toEqual({
      outputDialect: 'markdown',
      language: 'auto',
      voteGrammar: {},
      reminders: [60],
      badge: 'votes',
    });
    expect(await listForums(db)).toEqual(['https://forum.example.org']);
  });

  it('adds empty game tables that take a game at once', async () => {
    const name = 'gavel-upgrade-games';
    names.push(name);
    await fillVersion1(name);
    const db = openDatabase(name);
    opened.push(db);
    for (const table of ['crawls', 'games', 'nightActions', 'nightResolutions', 'pardons', 'publishedPosts']) {
      expect(await db.table(table).count(), table).toBe(0);
    }

    const game = await createGame(
      db,
      { id: 'g1', threadKey: key, presetId: 'forum-template-001', roster: { from: 'opening-post' }, dialect: 'markdown' },
      3000,
    );
    expect(game.roster.slots.map((s) => s.accounts[0]?.name)).toEqual(['Alpha_Wolf', 'Bluebell', 'Corvid']);
    expect(game.rosterSource).toBe('the player list in post #0');
    await addNightAction(db, {
      gameId: 'g1',
      night: 1,
      actor: 'slot-1',
      ability: 'kill',
      targets: ['slot-2'],
      pmAt: 3100,
      enteredAt: 3200,
    });
    await addPardon(db, { gameId: 'g1', breachId: 'night-post:812402', note: 'posted a minute late, forgiven', pardonedAt: 3300 });
    await addPublishedPost(db, {
      gameId: 'g1',
      kind: 'vote-count',
      phase: { kind: 'day', number: 1 },
      text: 'Vote count',
      dialect: 'markdown',
      publishedAt: 3400,
    });
    expect((await listGames(db)).map((g) => [g.title, g.players, g.alive])).toEqual([['Mini 2187: Gavel Demo Mafia', 3, 3]]);
    expect(await listNightActions(db, 'g1')).toHaveLength(1);
    expect(await listPardons(db, 'g1')).toHaveLength(1);
    expect(await listPublishedPosts(db, 'g1')).toHaveLength(1);
    // The posts the game was read from are still the version-1 posts.
    expect(await db.posts.count()).toBe(3);
  });
});
