/**
 * The game messages as the worker answers them, against an in-memory
 * IndexedDB: a host creates a game from a tracked thread or a pasted roster,
 * sets it up, records deaths and replacements, and undoes a mistake.
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { deriveState, renameHolder, unassigned } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import { gameHandlers } from '../../extension/background/handlers/games';
import type { HandlerContext } from '../../extension/shared/messaging';
import { createMessageHandler, type Handlers } from '../../extension/shared/messaging';
import type { GameRecord } from '../../extension/shared/protocol';
import { appendEvents, parseRosterText, rosterPreview } from '../../extension/storage/games';
import { savePage, setSettings } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';

const freshDb = freshDatabases('gavel-games');

const page: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};
const content: HandlerContext = { sender: { id: 'gavel', tab: { id: 3 } }, senderKind: 'content' };

const origin = 'https://forum.mafiascum.net';
const threadKey = `${origin}|90210`;
const opening: ForumPost = {
  id: '812400',
  number: 0,
  author: 'Nobody Special',
  postedAt: Date.UTC(2026, 10, 20, 9, 0),
  body: [
    { type: 'text', text: 'Welcome to Gavel Demo Mafia!', bold: true },
    { type: 'break' },
    { type: 'break' },
    { type: 'text', text: 'Players:' },
    ...['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion'].flatMap((name) => [
      { type: 'break' as const },
      { type: 'text' as const, text: name },
    ]),
  ],
};
const report = onePageReport(
  { origin, threadId: '90210', title: 'Mini 2187: Gavel Demo Mafia' },
  [opening, { id: '812401', number: 1, author: 'Bluebell', postedAt: null, body: [{ type: 'text', text: 'Hello' }] }],
  { contentHash: 'h1' },
);

async function setup(): Promise<{
  db: GavelDatabase;
  handlers: Pick<Handlers, Exclude<`game/${string}` & keyof Handlers, 'game/count' | 'game/deadline' | 'game/outcome'>>;
}> {
  const db = freshDb();
  let clock = 10_000;
  let ids = 0;
  await savePage(db, report, 5000);
  return {
    db,
    handlers: gameHandlers(
      () => db,
      () => (clock += 1000),
      () => `game-${++ids}`,
    ),
  };
}

describe('the hosts of a new game (issue 15)', () => {
  it("default to the thread's opening-post author for a pasted roster, not to no one", async () => {
    const { handlers } = await setup();
    const game = await handlers['game/create'](
      { threadKey, presetId: 'forum-template-001', roster: { from: 'text', text: 'Alpha_Wolf\nBluebell' } },
      page,
    );
    expect(game.rosterSource).toBe('pasted by the host');
    expect(game.roster.hosts).toEqual(['Nobody Special']);
  });

  it('are the ones the host gives, when given', async () => {
    const { handlers } = await setup();
    const game = await handlers['game/create'](
      { threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' }, hosts: [' Cohost ', 'Nobody Special', 'Cohost'] },
      page,
    );
    expect(game.roster.hosts).toEqual(['Cohost', 'Nobody Special']);
  });

  it('are asked for when a game in a thread would have none; a game with no thread needs none yet', async () => {
    const { db, handlers } = await setup();
    await expect(
      handlers['game/create']({ threadKey: null, presetId: 'forum-template-001', roster: { from: 'text', text: 'Amy\nBob' } }, page),
    ).resolves.toMatchObject({ roster: { hosts: [] } });
    // Blank names are no hosts: the opening post's author stands.
    await expect(
      handlers['game/create'](
        { threadKey, presetId: 'forum-template-001', roster: { from: 'text', text: 'Amy\nBob' }, hosts: [' ', ''] },
        page,
      ),
    ).resolves.toMatchObject({ roster: { hosts: ['Nobody Special'] } });
    // A thread none of whose posts is stored has no opening-post author to take.
    await db.posts.where('threadKey').equals(threadKey).delete();
    await expect(
      handlers['game/create']({ threadKey, presetId: 'forum-template-001', roster: { from: 'text', text: 'Amy\nBob' } }, page),
    ).rejects.toThrow("Name the game's host");
  });
});

describe('the roster preview of the new-game form (issue 15)', () => {
  it("shows the opening post's slots, hosts and problems, the thread's posters checked against the list", () => {
    const preview = rosterPreview(report.posts);
    expect(preview).toMatchObject({ post: 0, author: 'Nobody Special', hosts: ['Nobody Special'] });
    expect(preview.slots?.map((s) => s.accounts)).toEqual([['Alpha_Wolf'], ['Bluebell'], ['Corvid'], ['Dandelion']]);
    expect(preview.problems).toEqual([
      { code: 'player-list/never-posts', name: 'Alpha_Wolf' },
      { code: 'player-list/never-posts', name: 'Corvid' },
      { code: 'player-list/never-posts', name: 'Dandelion' },
    ]);
  });

  it('says when no post is stored, and when the opening post has no list', () => {
    expect(rosterPreview([])).toEqual({ post: null, author: null, hosts: [], slots: null, problems: [], lookAlike: [] });
    const bare: ForumPost = { ...opening, body: [{ type: 'text', text: 'Co-host: Helper' }] };
    expect(rosterPreview([bare])).toEqual({
      post: 0,
      author: 'Nobody Special',
      hosts: ['Nobody Special', 'Helper'],
      slots: null,
      problems: [],
      lookAlike: [],
    });
  });
});

describe('creating a game', () => {
  it('reads the roster from the opening post of a thread Gavel has read, and says where from', async () => {
    const { handlers } = await setup();
    const game = await handlers['game/create']({ threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' } }, page);
    expect(game.title).toBe('Mini 2187: Gavel Demo Mafia');
    expect(game.rosterSource).toBe('the player list in post #0');
    expect(game.roster.slots.map((s) => s.accounts.map((a) => a.name))).toEqual([['Alpha_Wolf'], ['Bluebell'], ['Corvid'], ['Dandelion']]);
    expect(game.roster.hosts).toEqual(['Nobody Special']);
    expect(game.ruleset.presetId).toBe('forum-template-001');
    // Names come from the opening post, roles from the host: until entered, every faction and role is "not entered yet" (issue 16).
    expect(game.players.every((p) => p.faction === unassigned && p.role === unassigned)).toBe(true);
    expect(game.events[0]).toEqual({ type: 'game/setup', players: game.players });
    expect(game.phases).toEqual({ firstPhase: 'day' });
    expect(game.timeZone).toBe('UTC');
  });

  it('takes a pasted roster with aliases and a replacement from a post', async () => {
    const { handlers } = await setup();
    const text = 'Alpha_Wolf (Alpha, AW)\nBluebell\n\nCorvid\nNewcomer replaces Corvid @ post 57\n';
    const game = await handlers['game/create'](
      { threadKey: null, title: 'Practice game', presetId: 'mafia-1923-000', roster: { from: 'text', text } },
      page,
    );
    expect(game.threadKey).toBeNull();
    expect(game.rosterSource).toBe('pasted by the host');
    expect(game.roster.slots).toEqual([
      { id: 'slot-1', accounts: [{ name: 'Alpha_Wolf' }], aliases: ['Alpha', 'AW'] },
      { id: 'slot-2', accounts: [{ name: 'Bluebell' }] },
      { id: 'slot-3', accounts: [{ name: 'Corvid' }, { name: 'Newcomer', fromPost: 57 }] },
    ]);
    expect(game.players.map((p) => [p.name, p.faction, p.role])).toEqual([
      ['Alpha_Wolf', unassigned, unassigned],
      ['Bluebell', unassigned, unassigned],
      ['Newcomer', unassigned, unassigned],
    ]);
    expect(game.phases.firstPhase).toBe('night');
  });

  it('says which pasted lines are wrong', () => {
    expect(parseRosterText('Alpha\nBeta replaces Gamma\nalpha').errors).toEqual([
      'line 2: "Gamma" is not a player on an earlier line, so "Beta" cannot replace them',
      'line 3: "alpha" is already a name of another player',
    ]);
    expect(parseRosterText('Alpha (a, (b))').errors).toEqual(['line 1: "Alpha (a, (b))" is not "Name" or "Name (Alias, Alias)"']);
    expect(parseRosterText('\n  \n').errors).toEqual(['no player names: paste one name per line']);
  });

  it('refuses a thread with no player list, and writes nothing', async () => {
    const { db, handlers } = await setup();
    await savePage(
      db,
      { ...report, thread: { ...report.thread, threadId: '7' }, posts: [{ ...opening, body: [{ type: 'text', text: 'Signups open!' }] }] },
      6000,
    );
    await expect(
      handlers['game/create']({ threadKey: `${origin}|7`, presetId: 'russian-004', roster: { from: 'opening-post' } }, page),
    ).rejects.toThrow('No player list was found in the opening post (#0): paste the roster instead');
    expect(await handlers['game/list']({}, page)).toEqual([]);
  });

  it('writes its posts in the dialect set in the settings', async () => {
    const { db, handlers } = await setup();
    await setSettings(db, { outputDialect: 'markdown' });
    const game = await handlers['game/create']({ threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' } }, page);
    expect(game.dialect).toBe('markdown');
  });
});

describe('setting a game up', () => {
  async function withGame() {
    const ctx = await setup();
    const game = await ctx.handlers['game/create']({ threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' } }, page);
    return { ...ctx, game };
  }

  it('changes aliases, roles, factions, hosts, phases and time zone, and rebuilds the setup event', async () => {
    const { handlers, game } = await withGame();
    const roster = {
      ...game.roster,
      slots: game.roster.slots.map((s, i) => (i === 2 ? { ...s, aliases: ['Crow'] } : s)),
      hosts: ['Nobody Special', ' Cohost '],
    };
    const players = game.players.map((p) => (p.name === 'Corvid' ? { ...p, faction: 'mafia', role: 'goon' } : p));
    const clock = {
      timeZone: 'Europe/London',
      firstDate: '2026-11-20',
      firstPhase: 'day' as const,
      day: { start: '09:00', end: '21:00' },
      night: { start: '21:00', end: '09:00' },
      phases: 6,
    };
    const updated = await handlers['game/update'](
      { id: game.id, patch: { title: ' Mini 2187 ', roster, players, phases: { firstPhase: 'day', clock }, timeZone: 'Europe/London' } },
      page,
    );
    expect(updated.title).toBe('Mini 2187');
    expect(updated.roster.hosts).toEqual(['Nobody Special', 'Cohost']);
    expect(updated.roster.slots[2]?.aliases).toEqual(['Crow']);
    expect(updated.events[0]).toEqual({ type: 'game/setup', players: updated.players });
    const corvid = deriveState(updated.events).players.find((p) => p.name === 'Corvid');
    expect([corvid?.faction, corvid?.role]).toEqual(['mafia', 'goon']);
    expect(updated.updatedAt).toBeGreaterThan(game.updatedAt);
    expect(await handlers['game/get']({ id: game.id }, page)).toEqual(updated);
  });

  it('refuses a role the ruleset does not have, an unknown time zone, and a name two players share', async () => {
    const { handlers, game } = await withGame();
    const bad = game.players.map((p, i) => (i === 0 ? { ...p, role: 'mayor' } : p));
    await expect(handlers['game/update']({ id: game.id, patch: { players: bad } }, page)).rejects.toThrow(
      'Alpha_Wolf: "mayor" is not a role of Forum template',
    );
    await expect(handlers['game/update']({ id: game.id, patch: { timeZone: 'Mars/Olympus' } }, page)).rejects.toThrow(
      /"Mars\/Olympus" is not a time zone name/,
    );
    const clash = { ...game.roster, slots: game.roster.slots.map((s, i) => (i === 0 ? { ...s, aliases: ['bluebell'] } : s)) };
    await expect(handlers['game/update']({ id: game.id, patch: { roster: clash } }, page)).rejects.toThrow(
      'slot 2 (Bluebell): "Bluebell" is also a name of Alpha_Wolf',
    );
    expect(await handlers['game/get']({ id: game.id }, page)).toEqual(game);
  });

  it('keeps the roles the new ruleset also has when the ruleset changes', async () => {
    const { handlers, game } = await withGame();
    const players = game.players.map((p, i) =>
      i === 0 ? { ...p, faction: 'town', role: 'doctor' } : i === 1 ? { ...p, faction: 'mafia', role: 'cop' } : p,
    );
    await handlers['game/update']({ id: game.id, patch: { players } }, page);
    const moved = await handlers['game/update']({ id: game.id, patch: { ruleset: { presetId: 'detective-conan-003' } } }, page);
    expect(moved.ruleset.data.id).toBe('detective-conan-003');
    // What 003 does not have is "not entered yet" again, never a guessed default.
    expect(moved.players.map((p) => [p.faction, p.role])).toEqual([
      ['town', 'doctor'],
      [unassigned, unassigned],
      [unassigned, unassigned],
      [unassigned, unassigned],
    ]);
  });

  it("takes a ruleset of the host's own, and refuses one with problems", async () => {
    const { handlers, game } = await withGame();
    const custom = { extends: 'forum-template-001', id: 'our-mini', name: 'Our mini rules' };
    const updated = await handlers['game/update']({ id: game.id, patch: { ruleset: { custom } } }, page);
    expect(updated.ruleset.presetId).toBeNull();
    expect(updated.ruleset.data.name).toBe('Our mini rules');
    await expect(handlers['game/update']({ id: game.id, patch: { ruleset: { custom: { extends: 'nope' } } } }, page)).rejects.toThrow(
      /The ruleset has problems: extends: no preset "nope"/,
    );
  });
});

describe('the event log', () => {
  it('records a death, a mod-kill, a replacement from a post and a phase start, and undoes them one at a time', async () => {
    const { handlers } = await setup();
    const game = await handlers['game/create']({ threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' } }, page);
    const event = (e: Parameters<Handlers['game/event']>[0]['action']) => handlers['game/event']({ id: game.id, action: e }, page);
    await event({ kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } });
    await event({ kind: 'append', event: { kind: 'death', slotId: 'slot-3', cause: 'lynched' } });
    await event({ kind: 'append', event: { kind: 'mod-kill', slotId: 'slot-4', reason: 'inactive for 72 hours' } });
    let current: GameRecord = await event({
      kind: 'append',
      event: { kind: 'replacement', slotId: 'slot-2', name: 'Snowdrop', fromPost: 40 },
    });
    expect(current.roster.slots[1]?.accounts).toEqual([{ name: 'Bluebell' }, { name: 'Snowdrop', fromPost: 40 }]);
    const state = deriveState(current.events);
    expect(state.phase).toEqual({ kind: 'day', number: 1 });
    expect(state.players.map((p) => [p.name, p.alive, p.death?.cause ?? null])).toEqual([
      ['Alpha_Wolf', true, null],
      ['Snowdrop', true, null],
      ['Corvid', false, 'lynched'],
      ['Dandelion', false, 'mod-kill'],
    ]);
    // The setup still names Bluebell: the replacement is in the log.
    expect(current.players[1]?.name).toBe('Bluebell');
    expect((await handlers['game/list']({}, page))[0]).toMatchObject({ players: 4, alive: 2, phase: { kind: 'day', number: 1 } });

    await expect(event({ kind: 'append', event: { kind: 'death', slotId: 'slot-3', cause: 'night kill' } })).rejects.toThrow(
      'Corvid is dead already',
    );

    current = await event({ kind: 'undo' });
    expect(current.roster.slots[1]?.accounts).toEqual([{ name: 'Bluebell' }]);
    current = await event({ kind: 'undo' });
    expect(deriveState(current.events).players[3]?.alive).toBe(true);
    await event({ kind: 'undo' });
    await event({ kind: 'undo' });
    await expect(event({ kind: 'undo' })).rejects.toThrow('There is no event to undo');
  });
});

describe('who may ask', () => {
  it('gives a content script no game at all (a game holds every role and faction), and lets it change nothing', async () => {
    const { handlers } = await setup();
    const game = await handlers['game/create']({ threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' } }, page);
    const listener = createMessageHandler({ ...handlers } as unknown as Handlers, {
      extensionId: 'gavel',
      extensionOrigin: 'chrome-extension://gavel/',
    });
    for (const payload of [{ threadKey }, { id: game.id }]) {
      const asked = await listener({ gavel: 1, type: 'game/get', payload }, content.sender);
      expect(asked).toMatchObject({ ok: false, error: { code: 'message/forbidden-sender' } });
    }
    const reply = await listener({ gavel: 1, type: 'game/delete', payload: { id: game.id } }, content.sender);
    expect(reply).toMatchObject({ ok: false, error: { code: 'message/forbidden-sender' } });
    expect(await handlers['game/get']({ id: game.id }, page)).not.toBeNull();
  });

  it('deletes a game with everything recorded for it, and keeps its thread', async () => {
    const { db, handlers } = await setup();
    const game = await handlers['game/create']({ threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' } }, page);
    await db.pardons.put({ gameId: game.id, breachId: 'b1', note: '', pardonedAt: 1 });
    expect(await handlers['game/delete']({ id: game.id }, page)).toEqual({ deleted: true });
    expect(await handlers['game/delete']({ id: game.id }, page)).toEqual({ deleted: false });
    expect(await db.pardons.count()).toBe(0);
    expect(await db.posts.count()).toBe(2);
  });
});

describe('renaming a player in place (issue 16)', () => {
  it('keeps the slot, and everything the log says of it: votes, deaths and the replacement renamed with it', async () => {
    const { db, handlers } = await setup();
    const game = await handlers['game/create']({ threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' } }, page);
    const event = (e: Parameters<Handlers['game/event']>[0]['action']) => handlers['game/event']({ id: game.id, action: e }, page);
    await event({ kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } });
    await event({ kind: 'append', event: { kind: 'replacement', slotId: 'slot-2', name: 'Snowdrp', fromPost: 40 } });
    await appendEvents(
      db,
      game.id,
      3,
      [
        { type: 'vote/cast', voter: 'slot-1', ballot: 'lynch', target: 'slot-3' },
        { type: 'vote/cast', voter: 'slot-3', ballot: 'lynch', target: 'slot-2' },
      ],
      20_000,
    );
    const current = await event({ kind: 'append', event: { kind: 'death', slotId: 'slot-3', cause: 'lynched' } });

    // Corvid was read as "Corvid" but is "Corvid_9"; Snowdrop's replacement was typed wrong.
    const first = renameHolder(current.roster.slots, 'slot-3', 'Corvid_9');
    const second = first.ok ? renameHolder(first.slots, 'slot-2', 'Snowdrop') : first;
    if (!second.ok) throw new Error('refused');
    const renamed = await handlers['game/update']({ id: game.id, patch: { roster: { ...current.roster, slots: second.slots } } }, page);

    expect(renamed.roster.slots.map((s) => [s.id, s.accounts])).toEqual([
      ['slot-1', [{ name: 'Alpha_Wolf' }]],
      ['slot-2', [{ name: 'Bluebell' }, { name: 'Snowdrop', fromPost: 40 }]],
      ['slot-3', [{ name: 'Corvid_9' }]],
      ['slot-4', [{ name: 'Dandelion' }]],
    ]);
    // The log after the setup is the same, but for the replacement's name.
    expect(renamed.events.slice(1)).toEqual(
      current.events.slice(1).map((e) => (e.type === 'player/replace' ? { ...e, name: 'Snowdrop' } : e)),
    );
    expect(renamed.events.filter((e) => e.type === 'vote/cast')).toEqual([
      { type: 'vote/cast', voter: 'slot-1', ballot: 'lynch', target: 'slot-3' },
      { type: 'vote/cast', voter: 'slot-3', ballot: 'lynch', target: 'slot-2' },
    ]);
    const state = deriveState(renamed.events);
    expect(state.players.map((p) => [p.slot.id, p.name, p.alive])).toEqual([
      ['slot-1', 'Alpha_Wolf', true],
      ['slot-2', 'Snowdrop', true],
      ['slot-3', 'Corvid_9', false],
      ['slot-4', 'Dandelion', true],
    ]);
    expect(renamed.players.find((p) => p.slotId === 'slot-3')?.name).toBe('Corvid_9');
    // Undoing the death still finds Corvid_9's slot; the replacement's account leaves by its new name.
    const undone = await event({ kind: 'undo' });
    expect(deriveState(undone.events).players.find((p) => p.slot.id === 'slot-3')?.alive).toBe(true);
  });

  it("refuses a rename to another player's name, and stores nothing", async () => {
    const { handlers } = await setup();
    const game = await handlers['game/create']({ threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' } }, page);
    expect(renameHolder(game.roster.slots, 'slot-1', 'bluebell')).toEqual({ ok: false, problem: 'taken', by: 'Bluebell' });
    // Sent anyway, the worker refuses it too.
    const clash = game.roster.slots.map((s) => (s.id === 'slot-1' ? { ...s, accounts: [{ name: 'Bluebell' }] } : s));
    await expect(handlers['game/update']({ id: game.id, patch: { roster: { ...game.roster, slots: clash } } }, page)).rejects.toThrow(
      /is also a name of/,
    );
    expect(await handlers['game/get']({ id: game.id }, page)).toEqual(game);
  });
});
