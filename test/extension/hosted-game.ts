/**
 * A game a host has been running, with its thread, for the game-file tests:
 * and a dump of every table, what "nothing changed" is checked against.
 */
import { type NightResolution } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import {
  addNightAction,
  addPardon,
  addPublishedPost,
  appendHostEvent,
  createGame,
  saveNightResolution,
  updateGame,
} from '../../extension/storage/games';
import { savePage, trackThread } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';

export const origin = 'https://forum.mafiascum.net';
export const threadKey = `${origin}|90210`;
const text = (t: string, extra: Partial<{ bold: true; struck: true }> = {}) => ({ type: 'text' as const, text: t, ...extra });
export const posts: ForumPost[] = [
  {
    id: '812400',
    number: 0,
    author: 'Nobody Special',
    postedAt: Date.UTC(2026, 10, 20, 9, 0),
    body: [
      text('Welcome!', { bold: true }),
      { type: 'break' },
      text('Players:'),
      ...['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion'].flatMap((n) => [{ type: 'break' as const }, text(n)]),
    ],
  },
  { id: '812401', number: 1, author: 'Bluebell', postedAt: Date.UTC(2026, 10, 20, 9, 12), body: [text('Vote: Corvid', { bold: true })] },
  {
    id: '812402',
    number: 2,
    author: 'Dandelion',
    postedAt: Date.UTC(2026, 10, 20, 9, 31),
    edited: { at: Date.UTC(2026, 10, 20, 9, 40), by: 'Dandelion', count: 1 },
    body: [
      { type: 'quote', author: 'Bluebell', postId: '812401', children: [text('Vote: Corvid', { bold: true })] },
      text('Agreed. '),
      text('Vote: Corvid', { bold: true }),
    ],
  },
];

export const resolution: NightResolution = {
  night: 1,
  method: 'ordered',
  events: [{ type: 'death', player: 'slot-2', cause: 'faction-kill', by: ['slot-3'], reasons: [] }],
  accepted: [{ actor: 'slot-3', ability: 'factional-kill', targets: ['slot-2'], sentAt: Date.UTC(2026, 10, 21, 1, 0) }],
  refused: [],
  ambiguities: [],
  reserveKills: {},
  conditions: [],
};

/** A game a host has been running: set up, a day and a night played, notes kept. */
export async function hostedGame(db: GavelDatabase): Promise<string> {
  await savePage(
    db,
    {
      thread: { origin, threadId: '90210', title: 'Mini 2187: Gavel Demo Mafia' },
      engine: 'phpbb',
      url: `${origin}/viewtopic.php?t=90210`,
      pageNumber: 1,
      pageCount: 1,
      contentHash: 'h1',
      posts,
    },
    1000,
  );
  await trackThread(db, origin, '90210', 1100);
  const game = await createGame(
    db,
    { id: 'mini-2187', threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' }, dialect: 'bbcode' },
    2000,
  );
  await updateGame(
    db,
    game.id,
    {
      roster: { ...game.roster, slots: game.roster.slots.map((s) => (s.id === 'slot-1' ? { ...s, aliases: ['Alpha', 'AW'] } : s)) },
      players: game.players.map((p) => (p.slotId === 'slot-3' ? { ...p, faction: 'mafia', role: 'goon' } : p)),
      timeZone: 'America/New_York',
    },
    2100,
  );
  await appendHostEvent(db, game.id, { kind: 'phase-start', phase: { kind: 'day', number: 1 } }, 2200);
  await appendHostEvent(db, game.id, { kind: 'death', slotId: 'slot-4', cause: 'lynched' }, 2300);
  await appendHostEvent(db, game.id, { kind: 'replacement', slotId: 'slot-1', name: 'Snowdrop', fromPost: 2 }, 2400);
  await addNightAction(db, {
    gameId: game.id,
    night: 1,
    actor: 'slot-3',
    ability: 'factional-kill',
    targets: ['slot-2'],
    pmAt: Date.UTC(2026, 10, 21, 1, 0),
    enteredAt: 2500,
  });
  await addNightAction(db, {
    gameId: game.id,
    night: 1,
    actor: 'slot-2',
    ability: 'investigate',
    targets: ['slot-3'],
    pmAt: null,
    enteredAt: 2600,
  });
  await saveNightResolution(db, { gameId: game.id, night: 1, resolution, applied: false, resolvedAt: 2700 });
  await addPardon(db, { gameId: game.id, breachId: 'night-post:812402', note: "posted before the host's post loaded", pardonedAt: 2800 });
  await addPublishedPost(db, {
    gameId: game.id,
    kind: 'vote-count',
    phase: { kind: 'day', number: 1 },
    text: '[b]Vote count[/b]',
    dialect: 'bbcode',
    publishedAt: 2900,
  });
  await addPublishedPost(db, {
    gameId: game.id,
    kind: 'role-pm',
    phase: null,
    text: 'You are a Mafia Goon.',
    dialect: 'bbcode',
    publishedAt: 1900,
  });
  return game.id;
}

/** Every row of every table: what "nothing changed" is checked against. */
export async function dump(db: GavelDatabase): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of db.tables) out[table.name] = await table.toArray();
  return out;
}

/** Every table as JSON text: "unchanged" means this text is the same, byte for byte. */
export async function dumpText(db: GavelDatabase): Promise<string> {
  return JSON.stringify(await dump(db));
}
