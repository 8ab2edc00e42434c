/**
 * A game file anyone could have sent a host: an import writes its own game and
 * its own thread, nothing else. It cannot take over a thread that has a game,
 * plant posts in another thread, pass off one site's thread as another's, name
 * one row twice, or carry numbers and sizes that make a later count run long;
 * every file refused leaves every table exactly as it was.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { exportGame, gameFileLimits, importGame } from '../../extension/storage/game-file';
import { getGameByThread, listGames } from '../../extension/storage/games';
import { getPosts, getThread, savePage, trackThread } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';
import { dump, dumpText, hostedGame, origin, posts, threadKey } from './hosted-game';

const freshDb = freshDatabases('gavel-file-hostile');

/** The file's thread: another thread of the same forum, and a game of its own. */
const fileThreadId = '90311';
const fileThreadKey = `${origin}|${fileThreadId}`;
const fileGameId = 'mini-2190';

type Row = Record<string, unknown>;
interface FileJson {
  game: Row & { players: Row[]; roster: { slots: Row[] }; phases: Row };
  nightActions: Row[];
  nightResolutions: Row[];
  pardons: Row[];
  publishedPosts: Row[];
  thread: { thread: Row; pages: Row[]; posts: (Row & { post: Row })[] } | null;
  [key: string]: unknown;
}

/** A sound file of another game in another thread (the hosted game, exported and moved there). */
async function otherGameFile(): Promise<FileJson> {
  const source = freshDb();
  const file = JSON.parse(JSON.stringify(await exportGame(source, await hostedGame(source), 5000))) as FileJson;
  file.game['id'] = fileGameId;
  file.game['threadKey'] = fileThreadKey;
  file.game['title'] = 'Mini 2190';
  for (const rows of [file.nightActions, file.nightResolutions, file.pardons, file.publishedPosts])
    for (const row of rows) row['gameId'] = fileGameId;
  if (file.thread !== null) {
    file.thread.thread['key'] = fileThreadKey;
    file.thread.thread['threadId'] = fileThreadId;
    for (const page of file.thread.pages) {
      page['threadKey'] = fileThreadKey;
      page['url'] = `${origin}/viewtopic.php?t=${fileThreadId}`;
    }
    for (const row of file.thread.posts) {
      row['postId'] = `9${String(row['postId'])}`;
      row.post['id'] = row['postId'];
    }
  }
  return file;
}

/** Imports a file that must be refused; checks every table is as it was, and gives the code and message. */
async function refusedImport(db: GavelDatabase, file: FileJson | string, options = { replace: false }): Promise<string> {
  const before = await dumpText(db);
  const error = await importGame(db, typeof file === 'string' ? file : JSON.stringify(file), options).then(
    () => null,
    (e: unknown) => e as Error & { code?: string },
  );
  expect(error, 'the import was not refused').not.toBeNull();
  expect(await dumpText(db)).toBe(before);
  return `${error?.code ?? ''} ${error?.message ?? ''}`;
}

/** The host's database: the hosted game in its thread. */
async function hostDb(): Promise<GavelDatabase> {
  const db = freshDb();
  await hostedGame(db);
  return db;
}

describe('a sound file of another game', () => {
  it("is imported beside the host's game, in its own thread only", async () => {
    const db = await hostDb();
    const before = await dump(db);
    const game = await importGame(db, JSON.stringify(await otherGameFile()), { replace: false });
    expect(game.id).toBe(fileGameId);
    const after = await dump(db);
    // The host's game, its notes and its thread are untouched.
    const own = (table: string, keep: (row: Row) => boolean): unknown[] => (after[table] as Row[]).filter(keep);
    expect(own('games', (g) => g['id'] !== fileGameId)).toEqual(before['games']);
    expect(own('posts', (p) => p['threadKey'] === threadKey)).toEqual(before['posts']);
    expect(own('threads', (t) => t['key'] === threadKey)).toEqual(before['threads']);
    expect(own('nightActions', (a) => a['gameId'] !== fileGameId)).toEqual(before['nightActions']);
    expect((await getPosts(db, origin, fileThreadId)).map((p) => p.postId)).toEqual(['9812400', '9812401', '9812402']);
  });
});

describe('an import cannot take over a thread that has a game', () => {
  it('refuses a second game in the thread of a game the host has, however recently the file says it changed', async () => {
    const db = await hostDb();
    const file = await otherGameFile();
    file.game['threadKey'] = threadKey;
    file.game['updatedAt'] = Date.UTC(2999, 0, 1);
    if (file.thread !== null) {
      file.thread.thread['key'] = threadKey;
      file.thread.thread['threadId'] = '90210';
      for (const page of file.thread.pages) page['threadKey'] = threadKey;
      // A forged vote that would have been planted in the host's thread.
      file.thread.posts.push({
        ...file.thread.posts[1],
        postId: '999',
        number: 3,
        post: { ...file.thread.posts[1]?.post, id: '999', number: 3 },
      });
    }
    const message = `game-file/thread-has-game The thread of this game (${threadKey}) already has a game in Gavel, "Mini 2187: Gavel Demo Mafia", and Gavel keeps one game per thread: delete "Mini 2187: Gavel Demo Mafia" first to import this file in its place, or keep it and do not import this file`;
    expect(await refusedImport(db, file)).toBe(message);
    // Replacing replaces the game with the file's id, never another game.
    expect(await refusedImport(db, file, { replace: true })).toBe(message);
    expect((await getGameByThread(db, threadKey))?.id).toBe('mini-2187');
  });

  it('takes the thread once the host has deleted its game there', async () => {
    const db = await hostDb();
    const file = await otherGameFile();
    file.game['threadKey'] = threadKey;
    file.thread = null;
    await db.games.delete('mini-2187');
    expect((await importGame(db, JSON.stringify(file), { replace: false })).id).toBe(fileGameId);
    expect((await getGameByThread(db, threadKey))?.id).toBe(fileGameId);
  });

  it('takes no moment later than the import: a file dated in the future does not sort ahead of the games changed since', async () => {
    const db = await hostDb();
    const file = await otherGameFile();
    const future = Date.UTC(2999, 0, 1);
    file.game['createdAt'] = future;
    file.game['updatedAt'] = future;
    if (file.thread !== null) {
      file.thread.thread['firstSeenAt'] = future;
      file.thread.thread['updatedAt'] = future;
      for (const page of file.thread.pages) page['readAt'] = future;
      for (const row of file.thread.posts) row['storedAt'] = future;
    }
    for (const row of file.nightActions) row['enteredAt'] = future;
    for (const row of file.nightResolutions) row['resolvedAt'] = future;
    for (const row of file.pardons) row['pardonedAt'] = future;
    for (const row of file.publishedPosts) row['publishedAt'] = future;
    const now = 10_000;
    const game = await importGame(db, JSON.stringify(file), { replace: false, now });
    expect([game.createdAt, game.updatedAt]).toEqual([now, now]);
    const after = await dump(db);
    const moments = Object.values(after)
      .flat()
      .flatMap((row) =>
        ['createdAt', 'updatedAt', 'firstSeenAt', 'readAt', 'storedAt', 'enteredAt', 'resolvedAt', 'pardonedAt', 'publishedAt'].map(
          (field) => (row as Row)[field],
        ),
      )
      .filter((v): v is number => typeof v === 'number');
    expect(moments.length).toBeGreaterThan(10);
    expect(Math.max(...moments)).toBe(now);
    // The host changes their own game a moment later: it is the most recent again.
    await db.games.update('mini-2187', { updatedAt: now + 1 });
    expect((await listGames(db))[0]?.id).toBe('mini-2187');
  });
});

describe('an import writes only its own thread', () => {
  it('refuses a post that names another thread', async () => {
    const db = await hostDb();
    const file = await otherGameFile();
    const row = file.thread?.posts[1];
    if (row !== undefined) row['threadKey'] = threadKey;
    expect(await refusedImport(db, file)).toMatch(/thread\.posts\[1\]\.threadKey: unknown field/u);
  });

  it('keeps the posts Gavel read in the thread: a file post at a number Gavel has is not added, others are, and the count follows', async () => {
    const db = await hostDb();
    // The host reads the file's thread, but has no game there yet.
    await savePage(
      db,
      {
        thread: { origin, threadId: fileThreadId, title: 'Mini 2190' },
        engine: 'phpbb',
        url: `${origin}/viewtopic.php?t=${fileThreadId}`,
        pageNumber: 1,
        pageCount: 1,
        contentHash: 'read-by-gavel',
        posts: posts.slice(0, 2).map((p) => ({ ...p, id: `7${p.id}` })),
      },
      3000,
    );
    await trackThread(db, origin, fileThreadId, 3100);
    const host = (await dump(db))['posts'] as Row[];
    const file = await otherGameFile();
    // The file's post 1 is another post than the one Gavel read at number 1 (a forged vote).
    const forged = file.thread?.posts[1];
    if (forged !== undefined) forged.post['body'] = [{ type: 'text', text: 'Vote: Alpha_Wolf', bold: true }];
    await importGame(db, JSON.stringify(file), { replace: false });
    const stored = await getPosts(db, origin, fileThreadId);
    expect(stored.map((p) => `${p.number}:${p.postId}`)).toEqual(['0:7812400', '1:7812401', '2:9812402']);
    expect((await getThread(db, origin, fileThreadId))?.postCount).toBe(3);
    // The page Gavel read is kept as it read it.
    expect((await db.pages.get([fileThreadKey, 1]))?.contentHash).toBe('read-by-gavel');
    // The host's other thread is as it was.
    expect(((await dump(db))['posts'] as Row[]).filter((p) => p['threadKey'] === threadKey)).toEqual(
      host.filter((p) => p['threadKey'] === threadKey),
    );
  });
});

describe("a thread is where its key says, and its pages are on the thread's site", () => {
  it("refuses a key that is not the thread's origin and id", async () => {
    const file = await otherGameFile();
    if (file.thread !== null) file.thread.thread['origin'] = 'https://evil.example';
    expect(await refusedImport(await hostDb(), file)).toContain(
      `thread.thread.key: expected "https://evil.example|${fileThreadId}" (its origin and thread id), found "${fileThreadKey}"`,
    );
  });

  it('refuses an origin that is not a site', async () => {
    for (const bad of ['javascript:alert(1)', `${origin}/forum`, 'forum.mafiascum.net']) {
      const file = await otherGameFile();
      const key = `${bad}|${fileThreadId}`;
      file.game['threadKey'] = key;
      if (file.thread !== null) {
        file.thread.thread['origin'] = bad;
        file.thread.thread['key'] = key;
        for (const page of file.thread.pages) page['threadKey'] = key;
      }
      expect(await refusedImport(await hostDb(), file)).toContain(
        `thread.thread.origin: expected a site such as "https://forum.example", found ${JSON.stringify(bad)}`,
      );
    }
  });

  it('refuses a page on another site', async () => {
    const file = await otherGameFile();
    const page = file.thread?.pages[0];
    if (page !== undefined) page['url'] = `https://evil.example/?t=1`;
    expect(await refusedImport(await hostDb(), file)).toBe(
      `game-file/malformed This game file is damaged: thread.pages[0].url: not a page of ${origin}: "https://evil.example/?t=1"`,
    );
  });

  it('refuses a permalink that is not a web address', async () => {
    const file = await otherGameFile();
    const row = file.thread?.posts[2];
    if (row !== undefined) row.post['permalink'] = 'javascript:alert(document.cookie)';
    expect(await refusedImport(await hostDb(), file)).toBe(
      'game-file/malformed This game file is damaged: thread.posts[2].post.permalink: not a web address: "javascript:alert(document.cookie)"',
    );
  });
});

describe('a file names each row once', () => {
  const damaged = 'game-file/malformed This game file is damaged: ';
  it('refuses a post id used twice', async () => {
    const file = await otherGameFile();
    const row = file.thread?.posts[2];
    if (row !== undefined) {
      row['postId'] = '9812400';
      row.post['id'] = '9812400';
    }
    expect(await refusedImport(await hostDb(), file)).toBe(
      `${damaged}thread.posts[2].postId: the post id "9812400" is used twice (also at thread.posts[0].postId)`,
    );
  });

  it('refuses a post number used twice', async () => {
    const file = await otherGameFile();
    const row = file.thread?.posts[2];
    if (row !== undefined) {
      row['number'] = 1;
      row.post['number'] = 1;
    }
    expect(await refusedImport(await hostDb(), file)).toBe(
      `${damaged}thread.posts[2].number: post number 1 is used twice (also at thread.posts[1].number)`,
    );
  });

  it('refuses a post whose number is not the number of the post inside', async () => {
    const file = await otherGameFile();
    const row = file.thread?.posts[2];
    if (row !== undefined) row['number'] = 7;
    expect(await refusedImport(await hostDb(), file)).toBe(`${damaged}thread.posts[2].number: the post inside has number 2`);
  });

  it('refuses a page number used twice', async () => {
    const file = await otherGameFile();
    const page = file.thread?.pages[0];
    if (file.thread !== null && page !== undefined) file.thread.pages.push({ ...page, contentHash: 'other' });
    expect(await refusedImport(await hostDb(), file)).toBe(
      `${damaged}thread.pages[1].pageNumber: page 1 is used twice (also at thread.pages[0].pageNumber)`,
    );
  });

  it('refuses a slot id used twice, in the roster or among the players', async () => {
    const file = await otherGameFile();
    const slot = file.game.roster.slots[3];
    if (slot !== undefined) slot['id'] = 'slot-1';
    expect(await refusedImport(await hostDb(), file)).toContain('game: slot 4 (Dandelion): the slot id "slot-1" is used twice');

    const players = await otherGameFile();
    const player = players.game.players[3];
    if (player !== undefined) player['slotId'] = 'slot-1';
    expect(await refusedImport(await hostDb(), players)).toContain(
      'game.players[3].slotId: the slot "slot-1" is used twice (also at game.players[0].slotId)',
    );
  });

  it('refuses a night resolved twice and a breach pardoned twice', async () => {
    const file = await otherGameFile();
    const night = file.nightResolutions[0];
    const pardon = file.pardons[0];
    if (night !== undefined) file.nightResolutions.push({ ...night, applied: true });
    if (pardon !== undefined) file.pardons.push({ ...pardon, note: 'again' });
    expect(await refusedImport(await hostDb(), file)).toBe(
      `${damaged}nightResolutions[1].night: night 1 is used twice (also at nightResolutions[0].night); pardons[1].breachId: the breach "night-post:812402" is used twice (also at pardons[0].breachId)`,
    );
  });
});

describe('every number and size a file holds is bounded before anything is computed', () => {
  it('refuses a file over the stated size, naming the limit', async () => {
    const text = ' '.repeat(gameFileLimits.fileChars + 1);
    expect(await refusedImport(await hostDb(), text)).toBe(
      'game-file/too-large This game file is too large: 50,000,001 characters, at most 50,000,000 (about 50 MB)',
    );
  });

  it('refuses a clock of 100,000 or a billion phases (the import does not hang)', async () => {
    for (const phases of [100_000, 1e9]) {
      const file = await otherGameFile();
      file.game.phases['clock'] = {
        timeZone: 'UTC',
        firstDate: '2026-11-20',
        firstPhase: 'day',
        day: { start: '09:00', end: '21:00' },
        night: { start: '21:00', end: '09:00' },
        phases,
      };
      expect(await refusedImport(await hostDb(), file)).toBe(
        `game-file/malformed This game file is damaged: game.phases.clock.phases: expected a whole number from 1 to 500, found ${phases}`,
      );
    }
  });

  it('refuses too many players, posts, pages, events and rows, and a text too long', async () => {
    const db = await hostDb();
    const cases: [(file: FileJson) => void, string][] = [
      [(f) => (f.game.players = new Array<Row>(501).fill({})), 'game.players: too many items: 501, at most 500'],
      [(f) => (f.game.roster.slots = new Array<Row>(501).fill({})), 'game.roster.slots: too many items: 501, at most 500'],
      [(f) => (f.game['events'] = new Array<number>(200_001).fill(0)), 'game.events: too many items: 200001, at most 200000'],
      [
        (f) => f.thread !== null && (f.thread.posts = new Array<Row & { post: Row }>(gameFileLimits.posts + 1).fill({ post: {} })),
        'thread.posts: too many items: 500001, at most 500000',
      ],
      [
        (f) => f.thread !== null && (f.thread.pages = new Array<Row>(gameFileLimits.pages + 1).fill({})),
        'thread.pages: too many items: 20001, at most 20000',
      ],
      [(f) => (f.nightActions = new Array<Row>(gameFileLimits.rows + 1).fill({})), 'nightActions: too many items: 200001, at most 200000'],
      [(f) => (f.game['title'] = 'x'.repeat(100_001)), 'game.title: too long: 100001 characters, at most 100000'],
      [(f) => (f.game['createdAt'] = 1e300), 'game.createdAt: expected a number from -8640000000000000 to 8640000000000000, found 1e+300'],
    ];
    for (const [change, problem] of cases) {
      const file = await otherGameFile();
      change(file);
      expect(await refusedImport(db, file)).toContain(problem);
    }
  });

  it('refuses a file nested deeper than any Gavel writes, before reading it (no stack overflow)', async () => {
    for (const place of ['resolution', 'event'] as const) {
      const file = await otherGameFile();
      // A night result whose value is a result, whose value is a result… 100,000 times, written as text.
      const deep = `${'{"to":null,"about":[],"fact":"forwarded-result","value":'.repeat(100_000)}null${'}'.repeat(100_000)}`;
      if (place === 'resolution') {
        const resolution = file.nightResolutions[0]?.['resolution'] as { events: Row[] } | undefined;
        resolution?.events.push({ type: 'message', to: 'slot-1', result: 'DEEP', reasons: [] });
      } else (file.game['events'] as Row[]).push({ type: 'message/send', to: 'slot-1', text: 'You are safe.', result: 'DEEP' });
      const text = JSON.stringify(file).replace('"DEEP"', deep);
      expect(await refusedImport(await hostDb(), text)).toBe(
        `game-file/malformed This game file is damaged: it is nested more than ${gameFileLimits.depth} levels deep`,
      );
    }
  });
});

describe("a night resolution's parts are read in their shapes, as the popup shows them", () => {
  it('refuses an event Gavel does not know, a refused action without its action, and a reason that is not one', async () => {
    const file = await otherGameFile();
    const resolution = file.nightResolutions[0]?.['resolution'] as { events: Row[]; refused: Row[]; accepted: Row[] } | undefined;
    resolution?.events.push({ type: 'teleported', player: 'slot-1', reasons: [] });
    resolution?.refused.push({ reason: 'night/actor-dead', text: 'Dead.' });
    resolution?.events.push({ type: 'survived', player: 'slot-2', reasons: [{ text: 'A shield', because: 'no' }] });
    const message = await refusedImport(await hostDb(), file);
    expect(message).toContain('nightResolutions[0].resolution.events[1].type: expected a night event this Gavel knows, found "teleported"');
    expect(message).toContain('nightResolutions[0].resolution.events[2].reasons[0].because: expected a list, found "no"');
    expect(message).toContain('nightResolutions[0].resolution.refused[0].action: missing');
  });

  it('keeps a resolution the night resolver wrote, every part of it', async () => {
    const db = freshDb();
    const file = await otherGameFile();
    const resolution = file.nightResolutions[0]?.['resolution'] as { events: Row[]; refused: Row[]; ambiguities: Row[] } | undefined;
    resolution?.events.push(
      {
        type: 'blocked',
        player: 'slot-2',
        ability: 'investigate',
        by: 'slot-3',
        reasons: [{ text: 'Roleblocked', stance: 'against', because: [{ text: 'by slot-3' }] }],
      },
      { type: 'status-applied', player: 'slot-1', status: { id: 'poisoned', sinceNight: 1, by: 'slot-3' }, reasons: [] },
      { type: 'message', to: 'slot-2', result: { to: 'slot-2', about: ['slot-3'], fact: 'alignment-check', value: true }, reasons: [] },
    );
    resolution?.refused.push({
      action: { actor: 'slot-4', ability: 'investigate', targets: ['slot-1'], sentAt: 5, conditions: 'if alive' },
      reason: 'night/actor-dead',
      text: 'Dandelion is dead.',
    });
    resolution?.ambiguities.push({ setting: 'roleblock-vs-kill', value: 'kill-first', text: 'The kill went first.' });
    await importGame(db, JSON.stringify(file), { replace: false });
    expect((await db.nightResolutions.get([fileGameId, 1]))?.resolution).toEqual(resolution);
  });
});

describe("a phase marker's pattern runs over every post, so it must not take exponential time on one", () => {
  it('refuses a marker that repeats a group which repeats or has alternatives, and one that is not a regular expression', async () => {
    const file = await otherGameFile();
    file.game.phases['markers'] = [
      { pattern: '\\bday\\s+(?<number>\\d+)\\s+begins\\b', event: 'start', kind: 'day' },
      { pattern: '^(a|a)+$', event: 'end' },
      { pattern: '(day', event: 'start' },
    ];
    const message = await refusedImport(await hostDb(), file);
    expect(message).toContain('game.phases.markers[1].pattern: "(a|a)+" repeats a choice whose options can match the same text');
    expect(message).toMatch(/game\.phases\.markers\[2\]\.pattern: not a regular expression \(/u);
    expect(message).not.toContain('markers[0]');
  });
});
