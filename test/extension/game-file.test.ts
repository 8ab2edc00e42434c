/**
 * A game as one JSON file: what a host exports is what they get back on
 * import, and a file Gavel cannot take is refused with the reason and the
 * place, leaving the database exactly as it was.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/gavel';
import { freshDatabases } from './fresh-db';
import { rulesets, unassigned } from '../../src/engine';
import { exportGame, GAME_FILE_VERSION, gameFileName, importGame, type GameFile } from '../../extension/storage/game-file';
import { addPardon, appendHostEvent, saveNightResolution, updateGame } from '../../extension/storage/games';
import { savePage } from '../../extension/storage/repository';
import { postLanguageOf } from '../../extension/shared/post-language';
import { dumpText, hostedGame, origin, posts, resolution, threadKey } from './hosted-game';

const freshDb = freshDatabases('gavel-file');

const withoutTime = (file: GameFile): Omit<GameFile, 'exportedAt'> => {
  const { exportedAt: _time, ...rest } = file;
  return rest;
};

describe('exporting and importing a game', () => {
  it('gives back the same game: export, clear, import, export again', async () => {
    const db = freshDb();
    const id = await hostedGame(db);
    const first = await exportGame(db, id, Date.UTC(2026, 10, 22, 8, 0));
    expect(first).toMatchObject({
      format: 'gavel-game',
      formatVersion: GAME_FILE_VERSION,
      schemaVersion: 3,
      exportedAt: '2026-11-22T08:00:00.000Z',
    });
    expect(first.nightActions.map((a) => a.ability)).toEqual(['factional-kill', 'investigate']);
    expect(first.publishedPosts.map((p) => p.kind)).toEqual(['vote-count', 'role-pm']);
    expect(first.thread?.posts.map((p) => p.number)).toEqual([0, 1, 2]);
    expect(gameFileName(first.game, Date.UTC(2026, 10, 22, 8, 0))).toBe('gavel-Mini-2187-Gavel-Demo-Mafia-2026-11-22.json');
    const json = JSON.stringify(first);

    await Promise.all(db.tables.map((t) => t.clear()));
    const imported = await importGame(db, json, { replace: false });
    expect(imported.id).toBe(id);
    const second = await exportGame(db, id, Date.UTC(2026, 10, 23, 8, 0));
    expect(second.exportedAt).toBe('2026-11-23T08:00:00.000Z');
    expect(withoutTime(second)).toEqual(withoutTime(first));
  });

  it('keeps the words a night action hands its target (004 Maid, L45)', async () => {
    const db = freshDb();
    const id = await hostedGame(db);
    const file = await exportGame(db, id, 5000);
    const words = 'Ваш чек: Kolya — красный; всё чисто.';
    const [first, ...rest] = file.nightActions;
    if (first === undefined) throw new Error('no night action');
    const withWords: GameFile = { ...file, nightActions: [{ ...first, text: words }, ...rest] };
    await Promise.all(db.tables.map((t) => t.clear()));
    await importGame(db, JSON.stringify(withWords), { replace: false });
    expect((await exportGame(db, id, 6000)).nightActions[0]?.text).toBe(words);
  });

  it("keeps the game's post language; a file without one imports with its ruleset's", async () => {
    const db = freshDb();
    const id = await hostedGame(db);
    await updateGame(db, id, { postLanguage: 'ru' }, 3000);
    const file = await exportGame(db, id, 5000);
    expect(file.game.postLanguage).toBe('ru');
    await Promise.all(db.tables.map((t) => t.clear()));
    expect((await importGame(db, JSON.stringify(file), { replace: false })).postLanguage).toBe('ru');
    // A file written before games had a post language: the game writes in its ruleset's (set by postLanguageOf).
    const { postLanguage: _dropped, ...older } = file.game;
    const imported = await importGame(db, JSON.stringify({ ...file, game: older }), { replace: true });
    expect(imported.postLanguage).toBeUndefined();
    expect(postLanguageOf(imported)).toBe('en');
    expect(postLanguageOf({ ...imported, ruleset: { presetId: 'russian-004', data: rulesets['russian-004'] } })).toBe('ru');
  });

  it("keeps a night resolution's random seed, so the night can be resolved again the same way", async () => {
    const db = freshDb();
    const id = await hostedGame(db);
    await saveNightResolution(db, {
      gameId: id,
      night: 2,
      resolution: { ...resolution, night: 2 },
      applied: true,
      resolvedAt: 4000,
      seed: 77,
    });
    const json = JSON.stringify(await exportGame(db, id, 5000));
    await Promise.all(db.tables.map((t) => t.clear()));
    await importGame(db, json, { replace: false });
    expect((await db.nightResolutions.get([id, 2]))?.seed).toBe(77);
  });

  it('writes one post per number when the forum renumbered the thread after a deletion, so the file imports again', async () => {
    const db = freshDb();
    const id = await hostedGame(db);
    // Post #1 was deleted: the forum now shows Dandelion's post as #1, and Gavel keeps both posts at number 1.
    const [opening, , last] = posts;
    if (opening === undefined || last === undefined) throw new Error('the hosted thread has three posts');
    await savePage(
      db,
      {
        thread: { origin, threadId: '90210', title: 'Mini 2187: Gavel Demo Mafia' },
        engine: 'phpbb',
        url: `${origin}/viewtopic.php?t=90210`,
        pageNumber: 1,
        pageCount: 1,
        contentHash: 'after-the-deletion',
        posts: [opening, { ...last, number: 1 }],
      },
      4000,
    );
    expect((await db.posts.where('[threadKey+number]').equals([threadKey, 1]).toArray()).map((p) => p.postId).sort()).toEqual([
      '812401',
      '812402',
    ]);
    const file = await exportGame(db, id, 5000);
    expect(file.thread?.posts.map((p) => `${p.number}:${p.postId}`)).toEqual(['0:812400', '1:812402']);
    const to = freshDb();
    await importGame(to, JSON.stringify(file), { replace: false });
    expect(await to.posts.count()).toBe(2);
  });

  it('keeps roles not entered yet as not entered, through the file and back (issue 16)', async () => {
    const from = freshDb();
    const id = await hostedGame(from);
    const file = await exportGame(from, id, 5000);
    expect(file.game.players.map((p) => [p.slotId, p.faction, p.role])).toEqual([
      ['slot-1', unassigned, unassigned],
      ['slot-2', unassigned, unassigned],
      ['slot-3', 'mafia', 'goon'],
      ['slot-4', unassigned, unassigned],
    ]);
    const to = freshDb();
    const imported = await importGame(to, JSON.stringify(file), { replace: false });
    expect(imported.players).toEqual(file.game.players);
  });

  it('moves a game to another browser that has never seen the thread', async () => {
    const from = freshDb();
    const id = await hostedGame(from);
    const json = JSON.stringify(await exportGame(from, id, 5000));
    const to = freshDb();
    await importGame(to, json, { replace: false });
    expect(await to.posts.count()).toBe(3);
    expect((await to.threads.get(threadKey))?.tracked).toBe(1);
    expect(withoutTime(await exportGame(to, id, 6000))).toEqual(withoutTime(await exportGame(from, id, 6000)));
  });

  it('refuses a game that is already there unless told to replace it', async () => {
    const db = freshDb();
    const id = await hostedGame(db);
    const file = await exportGame(db, id, 5000);
    const before = await dumpText(db);
    await expect(importGame(db, JSON.stringify(file), { replace: false })).rejects.toThrow(
      'The game "Mini 2187: Gavel Demo Mafia" is already in Gavel: choose to replace it to import this file over it',
    );
    expect(await dumpText(db)).toBe(before);

    // Replacing takes the file's game and notes, not a mix of old and new.
    await appendHostEvent(db, id, { kind: 'death', slotId: 'slot-2', cause: 'night kill' }, 6000);
    await addPardon(db, { gameId: id, breachId: 'edit:812401', note: 'typo fix', pardonedAt: 6100 });
    await importGame(db, JSON.stringify(file), { replace: true });
    expect(withoutTime(await exportGame(db, id, 7000))).toEqual(withoutTime(file));
  });
});

describe('files from earlier Gavels', () => {
  it('imports a file as the first Gavel with game files wrote it: no thread, no seeds, no aliases', async () => {
    const db = freshDb();
    const ruleset = JSON.parse(JSON.stringify(rulesets['forum-template-001'])) as unknown;
    const players = [
      { slotId: 'slot-1', name: 'Noodle', faction: 'town', role: 'vanilla' },
      { slotId: 'slot-2', name: 'Dredd', faction: 'mafia', role: 'goon' },
    ];
    const file = {
      format: 'gavel-game',
      formatVersion: 1,
      schemaVersion: 2,
      exportedAt: '2026-10-01T12:00:00.000Z',
      game: {
        id: 'mini-2100',
        threadKey: null,
        title: 'Mini 2100',
        ruleset: { presetId: 'forum-template-001', data: ruleset },
        roster: {
          slots: [
            { id: 'slot-1', accounts: [{ name: 'Noodle' }] },
            { id: 'slot-2', accounts: [{ name: 'Dredd' }] },
          ],
          hosts: ['Gorny'],
        },
        rosterSource: 'pasted by the host',
        players,
        phases: { firstPhase: 'day' },
        timeZone: 'UTC',
        events: [
          { type: 'game/setup', players },
          { type: 'phase/start', phase: { kind: 'day', number: 1 } },
        ],
        dialect: 'bbcode',
        createdAt: 1000,
        updatedAt: 2000,
      },
      nightActions: [],
      nightResolutions: [{ gameId: 'mini-2100', night: 1, resolution, applied: true, resolvedAt: 3000 }],
      pardons: [],
      publishedPosts: [],
      thread: null,
    };
    const game = await importGame(db, JSON.stringify(file), { replace: false });
    expect(game.title).toBe('Mini 2100');
    expect(await db.nightResolutions.count()).toBe(1);
    const back = await exportGame(db, 'mini-2100', 4000);
    expect(back.game).toEqual(file.game);
    expect(back.nightResolutions).toEqual(file.nightResolutions);
  });
});

describe('refusing a file Gavel cannot take, and changing nothing', () => {
  async function refused(change: (file: Record<string, unknown>) => unknown): Promise<string> {
    const db = freshDb();
    const id = await hostedGame(db);
    const file = JSON.parse(JSON.stringify(await exportGame(db, id, 5000))) as Record<string, unknown>;
    await db.games.delete(id);
    const before = await dumpText(db);
    const changed = change(file);
    const json = typeof changed === 'string' ? changed : JSON.stringify(file);
    const error = await importGame(db, json, { replace: true }).then(
      () => null,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(error, 'the import was not refused').not.toBeNull();
    expect(await dumpText(db)).toBe(before);
    return `${error?.code ?? ''} ${error?.message ?? ''}`;
  }
  type Json = Record<string, unknown> & { game: Record<string, unknown> & { players: Record<string, unknown>[] } };

  it('names a post language it does not write', async () => {
    expect(
      await refused((file) => {
        (file as Json).game['postLanguage'] = 'de';
      }),
    ).toMatch(/game\.postLanguage: expected "en" or "ru", found "de"/u);
  });

  it('is not JSON', async () => {
    expect(await refused(() => '{"format": "gavel-game", ')).toMatch(
      /^game-file\/not-json This file is not a Gavel game file: it is not JSON \(/,
    );
  });

  it('is JSON but not a Gavel game', async () => {
    expect(await refused(() => JSON.stringify({ name: 'my-package', version: '1.0.0' }))).toBe(
      'game-file/not-gavel This is not a Gavel game file: it has no "format": "gavel-game"',
    );
    expect(await refused(() => '[1, 2, 3]')).toMatch(/^game-file\/not-gavel/);
  });

  it('comes from a newer Gavel', async () => {
    expect(
      await refused((f) => {
        f['formatVersion'] = GAME_FILE_VERSION + 1;
      }),
    ).toBe(
      `game-file/newer This game file was made by a newer Gavel (file format ${GAME_FILE_VERSION + 1}; this Gavel reads up to ${GAME_FILE_VERSION}): update Gavel to open it`,
    );
  });

  it('has a player without a name', async () => {
    expect(
      await refused((f) => {
        const players = (f as Json).game.players;
        if (players[3] !== undefined) players[3]['name'] = 42;
      }),
    ).toBe('game-file/malformed This game file is damaged: game.players[3].name: expected a non-empty string, found 42');
  });

  it('has an event Gavel does not know, or one missing a field', async () => {
    expect(
      await refused((f) => {
        ((f as Json).game['events'] as unknown[]).push({ type: 'player/teleport', slotId: 'slot-1' });
      }),
    ).toBe(
      'game-file/malformed This game file is damaged: game.events[4].type: expected an event this Gavel knows, found "player/teleport"',
    );
    expect(
      await refused((f) => {
        ((f as Json).game['events'] as unknown[]).push({ type: 'player/die', slotId: 'slot-1' });
      }),
    ).toBe('game-file/malformed This game file is damaged: game.events[4].cause: missing');
  });

  it('has a night result Gavel cannot write out (a PM whose result lost its value)', async () => {
    expect(
      await refused((f) => {
        ((f as Json).game['events'] as unknown[]).push({
          type: 'message/send',
          to: 'slot-3',
          text: 'Your investigation of Alpha_Wolf: Mafia.',
          result: { to: 'slot-3', fact: 'alignment-check', about: ['slot-1'] },
        });
      }),
    ).toBe('game-file/malformed This game file is damaged: game.events[4].result: not a night result this Gavel knows');
  });

  it('has a role its ruleset does not have', async () => {
    expect(
      await refused((f) => {
        const players = (f as Json).game.players;
        if (players[0] !== undefined) players[0]['role'] = 'mayor';
      }),
    ).toBe(
      'game-file/malformed This game file is damaged: game: Alpha_Wolf: "mayor" is not a role of Forum template (majority, lock, 50% rule)',
    );
  });

  it('has a night action whose words (004 Maid, L45) are not text', async () => {
    expect(
      await refused((f) => {
        (f['nightActions'] as Record<string, unknown>[])[1] = { ...(f['nightActions'] as Record<string, unknown>[])[1], text: 45 };
      }),
    ).toBe('game-file/malformed This game file is damaged: nightActions[1].text: expected a non-empty string, found 45');
  });

  it('has a night action of another game', async () => {
    expect(
      await refused((f) => {
        (f['nightActions'] as Record<string, unknown>[])[1] = { ...(f['nightActions'] as Record<string, unknown>[])[1], gameId: 'other' };
      }),
    ).toBe('game-file/malformed This game file is damaged: nightActions[1].gameId: expected "mini-2187" (the game\'s id), found "other"');
  });

  it('has a damaged post body deep in the thread', async () => {
    expect(
      await refused((f) => {
        const thread = f['thread'] as { posts: { post: { body: { children?: unknown[] }[] } }[] };
        const quote = thread.posts[2]?.post.body[0];
        if (quote?.children !== undefined) quote.children[0] = { type: 'image', src: 'x.png' };
      }),
    ).toBe(
      'game-file/malformed This game file is damaged: thread.posts[2].post.body[0].children[0].type: expected "text", "break", "quote" or "spoiler", found "image"',
    );
  });

  it('is damaged in several places: each is named, and the count of the rest', async () => {
    const message = await refused((f) => {
      const game = (f as Json).game;
      game['createdAt'] = 'yesterday';
      game['dialect'] = 'html';
      const phases = game['phases'] as Record<string, unknown>;
      phases['clock'] = {
        timeZone: 'UTC',
        firstDate: '2026-11-20',
        firstPhase: 'day',
        day: { start: '09:00', end: '21:00' },
        night: { start: '21:00', end: '09:00' },
        phases: 100000,
      };
      phases['firstPhse'] = 'day';
      for (const p of game.players) p['role'] = 7;
    });
    expect(message).toBe(
      [
        'game-file/malformed This game file is damaged: game.players[0].role: expected a non-empty string, found 7',
        'game.players[1].role: expected a non-empty string, found 7',
        'game.players[2].role: expected a non-empty string, found 7',
        'game.players[3].role: expected a non-empty string, found 7',
        'game.phases.clock.phases: expected a whole number from 1 to 500, found 100000',
        'and 3 more',
      ].join('; '),
    );
  });

  it('has a damaged ruleset', async () => {
    expect(
      await refused((f) => {
        ((f as Json).game['ruleset'] as { data: Record<string, unknown> }).data['firstPhase'] = 'dusk';
      }),
    ).toMatch(/^game-file\/malformed This game file is damaged: game\.ruleset\.data\.firstPhase: expected "day" or "night", found "dusk"$/);
  });
});

describe('gavel breaches reads the file the extension exports', () => {
  async function ledgerOf(
    file: GameFile | Record<string, unknown>,
    ...extra: string[]
  ): Promise<{ code: number; out: string; err: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'gavel-export-'));
    const path = join(dir, 'exported.json');
    writeFileSync(path, JSON.stringify(file));
    let out = '';
    let err = '';
    const code = await main(['breaches', path, ...extra], { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
    return { code, out, err };
  }
  interface Ledger {
    rules: string;
    phases: { kind: string; number: number }[];
    players: { name: string; entries: { id: string; reason: string; pardoned: boolean }[] }[];
    unmatchedPardons: string[];
  }

  it("judges the exported game's stored thread with its roster, rules, phases, deaths and pardons", async () => {
    const db = freshDb();
    const id = await hostedGame(db);
    // The host marks Day 1 on Bluebell's vote and Night 1 on Dandelion's edited post.
    const game = await db.games.get(id);
    await updateGame(
      db,
      id,
      {
        phases: {
          ...(game?.phases ?? { firstPhase: 'day' }),
          marks: [
            { post: 1, kind: 'day', number: 1, event: 'start' },
            { post: 1, kind: 'day', number: 1, event: 'end' },
          ],
        },
      },
      3000,
    );
    await addPardon(db, { gameId: id, breachId: 'post/dead-player@812402', note: 'a last word allowed', pardonedAt: 3100 });
    const file = await exportGame(db, id, 5000);

    const r = await ledgerOf(file);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const ledger = JSON.parse(r.out) as Ledger;
    expect(ledger.rules).toBe('001');
    expect(ledger.phases.map((p) => `${p.kind} ${String(p.number)}`)).toEqual(['day 1']);
    const entries = Object.fromEntries(
      ledger.players.map((p) => [p.name, p.entries.map((e) => `${e.id}${e.pardoned ? ' (pardoned)' : ''}`)]),
    );
    // Dandelion was lynched on Day 1 (the event log): the post after the day is a dead player's, pardoned by the host.
    expect(entries['Dandelion']).toEqual(['post/dead-player@812402 (pardoned)']);
    // Everyone else posted too little on Day 1; the seat Alpha_Wolf held is Snowdrop's now (the replacement in the roster).
    expect(entries).toMatchObject({
      Snowdrop: ['activity/too-few-posts@slot-1/day1'],
      Bluebell: ['activity/too-few-posts@slot-2/day1'],
      Corvid: ['activity/too-few-posts@slot-3/day1'],
    });
    expect(ledger.unmatchedPardons).toEqual(['night-post:812402']);
  });

  it('refuses a damaged export with the file, the place and the problem', async () => {
    const db = freshDb();
    const file = JSON.parse(JSON.stringify(await exportGame(db, await hostedGame(db), 5000))) as {
      game: { phases: { clock?: unknown }; roster: { slots: { accounts: { name: unknown }[] }[] } };
    };
    file.game.phases.clock = {
      timeZone: 'UTC',
      firstDate: '2026-11-20',
      firstPhase: 'day',
      day: { start: '09:00', end: '21:00' },
      night: { start: '21:00', end: '09:00' },
      phases: 1e9,
    };
    const account = file.game.roster.slots[2]?.accounts[0];
    if (account !== undefined) account.name = ['Corvid'];
    const r = await ledgerOf(file);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/exported\.json: 2 problems\n/u);
    expect(r.err).toContain('  game.roster.slots[2].accounts[0].name: expected a non-empty string, found a list\n');
    expect(r.err).toContain('  game.phases.clock.phases: expected a whole number from 1 to 500, found 1000000000\n');
    expect(r.err).not.toMatch(/^\s+at /mu);
  });
});
