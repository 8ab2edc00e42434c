/**
 * A game as one JSON file, to keep, move to another browser or give to a
 * co-host: the game with its night actions, resolutions, pardons and published
 * posts, and its thread with the pages and posts Gavel has stored.
 *
 * An import is checked field by field before anything is written, and is
 * written in one transaction: a refused file changes nothing. Every refusal
 * says what is wrong and where (`game.players[3].name: expected a string`).
 */
import { isNightResult, rulesets, parseRuleset, type GameEvent } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import { GavelError } from '../shared/errors';
import type { GameRecord, NightActionEntry, NightResolutionEntry, PardonEntry, PublishedPostEntry } from '../shared/protocol';
import { setupProblems } from './games';
import type { GavelDatabase, PageRow, ThreadRow } from './schema';

export const GAME_FILE_FORMAT = 'gavel-game';
/** The file format this Gavel writes and the newest it reads. */
export const GAME_FILE_VERSION = 1;

export interface GameFilePost {
  readonly postId: string;
  readonly number: number;
  readonly post: ForumPost;
  readonly storedAt: number;
}

export interface GameFileThread {
  readonly thread: ThreadRow;
  /** In page order. */
  readonly pages: readonly PageRow[];
  /** In thread order. */
  readonly posts: readonly GameFilePost[];
}

export interface GameFile {
  readonly format: typeof GAME_FILE_FORMAT;
  readonly formatVersion: number;
  /** The database version of the Gavel that wrote the file. */
  readonly schemaVersion: number;
  /** When the file was written (ISO 8601, UTC). */
  readonly exportedAt: string;
  readonly game: GameRecord;
  /** In the order they were entered. */
  readonly nightActions: readonly NightActionEntry[];
  /** In night order. */
  readonly nightResolutions: readonly NightResolutionEntry[];
  readonly pardons: readonly PardonEntry[];
  /** In the order they were written. */
  readonly publishedPosts: readonly PublishedPostEntry[];
  /** The game's thread, or null for a game without one (or whose thread Gavel no longer has). */
  readonly thread: GameFileThread | null;
}

// ---------------------------------------------------------------------------
// Export

/** A file name for a game's export: its title, made safe for any file system. */
export function gameFileName(game: GameRecord, exportedAt: number): string {
  const title =
    game.title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'game';
  return `gavel-${title}-${new Date(exportedAt).toISOString().slice(0, 10)}.json`;
}

export async function exportGame(db: GavelDatabase, id: string, now: number): Promise<GameFile> {
  return db.transaction(
    'r',
    [db.games, db.nightActions, db.nightResolutions, db.pardons, db.publishedPosts, db.threads, db.pages, db.posts],
    async () => {
      const game = await db.games.get(id);
      if (game === undefined) throw new GavelError('game/not-found', `There is no game "${id}" to export`);
      const [actions, resolutions, pardons, published] = await Promise.all([
        db.nightActions.where('gameId').equals(id).sortBy('id'),
        db.nightResolutions.where('[gameId+night]').between([id, -Infinity], [id, Infinity]).toArray(),
        db.pardons.where('gameId').equals(id).toArray(),
        db.publishedPosts.where('gameId').equals(id).sortBy('id'),
      ]);
      let thread: GameFileThread | null = null;
      const row = game.threadKey === null ? undefined : await db.threads.get(game.threadKey);
      if (row !== undefined) {
        const [pages, posts] = await Promise.all([
          db.pages.where('[threadKey+pageNumber]').between([row.key, -Infinity], [row.key, Infinity]).toArray(),
          db.posts.where('[threadKey+number]').between([row.key, -Infinity], [row.key, Infinity]).toArray(),
        ]);
        thread = {
          thread: row,
          pages,
          posts: posts.map((p) => ({ postId: p.postId, number: p.number, post: p.post, storedAt: p.storedAt })),
        };
      }
      return {
        format: GAME_FILE_FORMAT,
        formatVersion: GAME_FILE_VERSION,
        schemaVersion: db.verno,
        exportedAt: new Date(now).toISOString(),
        game,
        nightActions: actions.map(({ id: _id, ...entry }) => entry),
        nightResolutions: resolutions,
        pardons: [...pardons].sort((a, b) => a.pardonedAt - b.pardonedAt || a.breachId.localeCompare(b.breachId)),
        publishedPosts: published.map(({ id: _id, ...entry }) => entry),
        thread,
      };
    },
  );
}

// ---------------------------------------------------------------------------
// Checking a file, by hand

type Json = Record<string, unknown>;

function malformed(path: string, what: string): never {
  throw new GavelError('game-file/malformed', `This game file is damaged: ${path}: ${what}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object'
    ? 'an object'
    : typeof value === 'string'
      ? `"${value.length > 30 ? `${value.slice(0, 30)}…` : value}"`
      : String(value);
}

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) malformed(path, `expected an object, found ${describe(value)}`);
  return value as Json;
}

function list(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) malformed(path, `expected a list, found ${describe(value)}`);
  return value;
}

function at(parent: string, key: string | number): string {
  return typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;
}

/** The kinds of field the checks know. A trailing `?` means the field may be absent. */
type Kind =
  | 'string'
  | 'string?'
  | 'number'
  | 'number?'
  | 'int'
  | 'int?'
  | 'boolean'
  | 'boolean?'
  | 'true?'
  | 'string|null'
  | 'string|null?'
  | 'number|null'
  | 'strings'
  | 'strings?'
  | 'phase'
  | 'phase|null';

const kindWords = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  true: 'true',
  'string|null': 'a string or null',
  'number|null': 'a number or null',
  strings: 'a list of strings',
  phase: 'a phase',
  'phase|null': 'a phase or null',
} as const;

function field(o: Json, key: string, kind: Kind, path: string): void {
  const value = o[key];
  const where = at(path, key);
  const optional = kind.endsWith('?');
  if (value === undefined) {
    if (optional) return;
    malformed(where, `missing (expected ${kindWords[kind.replace('?', '') as keyof typeof kindWords]})`);
  }
  const base = optional ? kind.slice(0, -1) : kind;
  const fail = (expected: string): never => malformed(where, `expected ${expected}, found ${describe(value)}`);
  switch (base) {
    case 'string':
      if (typeof value !== 'string') fail('a string');
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail('a number');
      return;
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) fail('a whole number');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') fail('true or false');
      return;
    case 'true':
      if (value !== true) fail('true');
      return;
    case 'string|null':
      if (value !== null && typeof value !== 'string') fail('a string or null');
      return;
    case 'number|null':
      if (value !== null && (typeof value !== 'number' || !Number.isFinite(value))) fail('a number or null');
      return;
    case 'strings':
      list(value, where).forEach((item, i) => {
        if (typeof item !== 'string') malformed(at(where, i), `expected a string, found ${describe(item)}`);
      });
      return;
    case 'phase|null':
      if (value === null) return;
      checkPhase(value, where);
      return;
    case 'phase':
      checkPhase(value, where);
      return;
  }
}

function fields(o: Json, spec: Readonly<Record<string, Kind>>, path: string): void {
  for (const [key, kind] of Object.entries(spec)) field(o, key, kind, path);
}

function oneOf(o: Json, key: string, allowed: readonly unknown[], path: string, optional = false): void {
  const value = o[key];
  if (value === undefined && optional) return;
  if (!allowed.includes(value))
    malformed(at(path, key), `expected ${allowed.map((a) => JSON.stringify(a)).join(' or ')}, found ${describe(value)}`);
}

function checkPhase(value: unknown, path: string): void {
  const o = object(value, path);
  oneOf(o, 'kind', ['day', 'night'], path);
  field(o, 'number', 'int', path);
}

const eventFields: { readonly [T in GameEvent['type']]: Readonly<Record<string, Kind>> } = {
  'game/setup': { families: 'strings?' },
  'phase/start': { phase: 'phase' },
  'player/replace': { slotId: 'string', name: 'string' },
  'vote/cast': { voter: 'string', ballot: 'string', target: 'string|null', weight: 'number?', advance: 'true?' },
  'vote/withdraw': { voter: 'string', ballot: 'string' },
  'action/use': { actor: 'string', ability: 'string', targets: 'strings' },
  'action/refund': { actor: 'string', ability: 'string', self: 'boolean' },
  'player/die': { slotId: 'string', cause: 'string', by: 'string?' },
  'player/revive': { slotId: 'string' },
  'status/add': { slotId: 'string', status: 'string', phases: 'number?', value: 'number?' },
  'status/remove': { slotId: 'string', status: 'string' },
  'title/grant': { slotId: 'string', title: 'string' },
  'title/revoke': { slotId: 'string', title: 'string' },
  'role/change': { slotId: 'string', role: 'string', secondRole: 'string|null?' },
  'will/set': { slotId: 'string', text: 'string' },
  'message/send': { to: 'string|null', text: 'string' },
  'strike/add': { slotId: 'string', reason: 'string' },
  'day/result': { phase: 'phase', lynched: 'strings', noVictimRunoff: 'boolean', ballot: 'string?' },
  'ballot/open': { ballot: 'string', candidates: 'strings?' },
  'game/end': { winners: 'strings', reason: 'string' },
};

const playerFields: Readonly<Record<string, Kind>> = {
  slotId: 'string',
  name: 'string',
  faction: 'string',
  role: 'string',
  secondRole: 'string?',
  family: 'string?',
};

function checkPlayers(value: unknown, path: string): void {
  list(value, path).forEach((p, i) => fields(object(p, at(path, i)), playerFields, at(path, i)));
}

function checkEvent(value: unknown, path: string): void {
  const o = object(value, path);
  const type = o['type'];
  if (typeof type !== 'string' || !Object.hasOwn(eventFields, type))
    malformed(at(path, 'type'), `not an event this Gavel knows (${describe(type)})`);
  fields(o, eventFields[type as GameEvent['type']], path);
  if (type === 'game/setup') checkPlayers(o['players'], at(path, 'players'));
  if (type === 'message/send' && o['result'] !== undefined && !isNightResult(o['result']))
    malformed(at(path, 'result'), 'not a night result this Gavel knows');
}

function checkRoster(value: unknown, path: string): void {
  const roster = object(value, path);
  list(roster['slots'], at(path, 'slots')).forEach((s, i) => {
    const slotPath = at(at(path, 'slots'), i);
    const slot = object(s, slotPath);
    fields(slot, { id: 'string', aliases: 'strings?' }, slotPath);
    list(slot['accounts'], at(slotPath, 'accounts')).forEach((a, j) => {
      const accountPath = at(at(slotPath, 'accounts'), j);
      fields(object(a, accountPath), { name: 'string', userId: 'string?', fromPost: 'int?' }, accountPath);
    });
  });
  field(roster, 'hosts', 'strings', path);
}

function checkHours(value: unknown, path: string): void {
  fields(object(value, path), { start: 'string', end: 'string', voteOpens: 'string?' }, path);
}

function checkPhaseSetup(value: unknown, path: string): void {
  const o = object(value, path);
  oneOf(o, 'firstPhase', ['day', 'night'], path);
  field(o, 'timeZone', 'string?', path);
  if (o['clock'] !== undefined) {
    const clockPath = at(path, 'clock');
    const clock = object(o['clock'], clockPath);
    fields(clock, { timeZone: 'string', firstDate: 'string', phases: 'int', firstNumber: 'int?' }, clockPath);
    oneOf(clock, 'firstPhase', ['day', 'night'], clockPath);
    checkHours(clock['day'], at(clockPath, 'day'));
    checkHours(clock['night'], at(clockPath, 'night'));
  }
  if (o['markers'] !== undefined) {
    list(o['markers'], at(path, 'markers')).forEach((m, i) => {
      const markerPath = at(at(path, 'markers'), i);
      const marker = object(m, markerPath);
      field(marker, 'pattern', 'string', markerPath);
      oneOf(marker, 'event', ['start', 'end', 'vote-opens', 'deadline'], markerPath);
      oneOf(marker, 'kind', ['day', 'night'], markerPath, true);
    });
  }
  if (o['kindWords'] !== undefined)
    fields(object(o['kindWords'], at(path, 'kindWords')), { day: 'strings', night: 'strings' }, at(path, 'kindWords'));
  if (o['marks'] !== undefined) {
    list(o['marks'], at(path, 'marks')).forEach((m, i) => {
      const markPath = at(at(path, 'marks'), i);
      const mark = object(m, markPath);
      fields(mark, { post: 'int', number: 'int' }, markPath);
      oneOf(mark, 'kind', ['day', 'night'], markPath);
      oneOf(mark, 'event', ['start', 'end', 'vote-opens'], markPath);
    });
  }
}

function checkGame(value: unknown, path: string): GameRecord {
  const game = object(value, path);
  fields(
    game,
    {
      id: 'string',
      threadKey: 'string|null',
      title: 'string',
      rosterSource: 'string',
      timeZone: 'string',
      createdAt: 'number',
      updatedAt: 'number',
    },
    path,
  );
  if (game['id'] === '') malformed(at(path, 'id'), 'the game has no id');
  oneOf(game, 'dialect', ['bbcode', 'markdown'], path);
  const rulesetPath = at(path, 'ruleset');
  const ruleset = object(game['ruleset'], rulesetPath);
  oneOf(ruleset, 'presetId', [...Object.keys(rulesets), null], rulesetPath);
  const parsed = parseRuleset(ruleset['data']);
  if (!parsed.ok) malformed(at(rulesetPath, 'data'), parsed.errors.join('; '));
  checkRoster(game['roster'], at(path, 'roster'));
  checkPlayers(game['players'], at(path, 'players'));
  checkPhaseSetup(game['phases'], at(path, 'phases'));
  list(game['events'], at(path, 'events')).forEach((e, i) => checkEvent(e, at(at(path, 'events'), i)));
  const record = game as unknown as GameRecord;
  const problems = setupProblems(record);
  if (problems.length > 0) malformed(path, problems.join('; '));
  return record;
}

function checkBody(value: unknown, path: string, depth: number): void {
  if (depth > 20) malformed(path, 'quotes nested too deep');
  list(value, path).forEach((n, i) => {
    const nodePath = at(path, i);
    const node = object(n, nodePath);
    oneOf(node, 'type', ['text', 'break', 'quote', 'spoiler'], nodePath);
    switch (node['type']) {
      case 'text':
        fields(
          node,
          { text: 'string', bold: 'true?', italic: 'true?', underline: 'true?', struck: 'true?', color: 'string?', voteTag: 'true?' },
          nodePath,
        );
        return;
      case 'quote':
        fields(node, { author: 'string?', postId: 'string?' }, nodePath);
        checkBody(node['children'], at(nodePath, 'children'), depth + 1);
        return;
      case 'spoiler':
        fields(node, { title: 'string?' }, nodePath);
        checkBody(node['children'], at(nodePath, 'children'), depth + 1);
        return;
    }
  });
}

function checkPost(value: unknown, path: string): void {
  const post = object(value, path);
  fields(post, { id: 'string', number: 'int', author: 'string', authorId: 'string?', postedAt: 'number|null', permalink: 'string?' }, path);
  if (post['edited'] !== undefined)
    fields(
      object(post['edited'], at(path, 'edited')),
      { at: 'number?', by: 'string?', count: 'number?', reason: 'string?' },
      at(path, 'edited'),
    );
  checkBody(post['body'], at(path, 'body'), 0);
}

function checkThread(value: unknown, path: string, gameThreadKey: string | null): GameFileThread | null {
  if (value === null) return null;
  const o = object(value, path);
  const threadPath = at(path, 'thread');
  const thread = object(o['thread'], threadPath);
  fields(
    thread,
    { key: 'string', origin: 'string', threadId: 'string', title: 'string', engine: 'string', firstSeenAt: 'number', updatedAt: 'number' },
    threadPath,
  );
  oneOf(thread, 'tracked', [0, 1], threadPath);
  if (thread['key'] !== gameThreadKey)
    malformed(at(threadPath, 'key'), `the thread is ${describe(thread['key'])} but the game is played in ${describe(gameThreadKey)}`);
  list(o['pages'], at(path, 'pages')).forEach((p, i) => {
    const pagePath = at(at(path, 'pages'), i);
    const page = object(p, pagePath);
    fields(page, { threadKey: 'string', pageNumber: 'int', url: 'string', contentHash: 'string', readAt: 'number' }, pagePath);
    if (page['threadKey'] !== thread['key']) malformed(at(pagePath, 'threadKey'), 'a page of another thread');
  });
  list(o['posts'], at(path, 'posts')).forEach((p, i) => {
    const postPath = at(at(path, 'posts'), i);
    const post = object(p, postPath);
    fields(post, { postId: 'string', number: 'int', storedAt: 'number' }, postPath);
    checkPost(post['post'], at(postPath, 'post'));
    const inner = post['post'] as Json;
    if (inner['id'] !== post['postId']) malformed(at(postPath, 'postId'), `the post inside has id ${describe(inner['id'])}`);
  });
  return o as unknown as GameFileThread;
}

function checkEntries<T>(value: unknown, path: string, gameId: string, check: (o: Json, path: string) => void): T[] {
  return list(value, path).map((e, i) => {
    const entryPath = at(path, i);
    const o = object(e, entryPath);
    if (o['gameId'] !== gameId) malformed(at(entryPath, 'gameId'), `expected "${gameId}" (the game's id), found ${describe(o['gameId'])}`);
    check(o, entryPath);
    return o as T;
  });
}

function checkResolution(value: unknown, path: string): void {
  const o = object(value, path);
  field(o, 'night', 'int', path);
  oneOf(o, 'method', ['ordered', 'reasonable'], path);
  for (const key of ['events', 'accepted', 'refused', 'ambiguities', 'conditions']) {
    list(o[key], at(path, key)).forEach((item, i) => object(item, at(at(path, key), i)));
  }
  const kills = object(o['reserveKills'], at(path, 'reserveKills'));
  for (const key of Object.keys(kills)) field(kills, key, 'number', at(path, 'reserveKills'));
}

/** Checks a parsed file from top to bottom; the first problem found is thrown with its path. */
export function checkGameFile(value: unknown): GameFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || (value as Json)['format'] !== GAME_FILE_FORMAT) {
    throw new GavelError('game-file/not-gavel', `This is not a Gavel game file: it has no "format": "${GAME_FILE_FORMAT}"`);
  }
  const file = value as Json;
  field(file, 'formatVersion', 'int', '');
  const version = file['formatVersion'] as number;
  if (version > GAME_FILE_VERSION) {
    throw new GavelError(
      'game-file/newer',
      `This game file was made by a newer Gavel (file format ${version}; this Gavel reads up to ${GAME_FILE_VERSION}): update Gavel to open it`,
    );
  }
  if (version < 1) malformed('formatVersion', `there is no file format ${version}`);
  fields(file, { schemaVersion: 'int', exportedAt: 'string' }, '');
  const game = checkGame(file['game'], 'game');
  checkEntries<NightActionEntry>(file['nightActions'], 'nightActions', game.id, (o, path) =>
    fields(o, { night: 'int', actor: 'string', ability: 'string', targets: 'strings', pmAt: 'number|null', enteredAt: 'number' }, path),
  );
  checkEntries<NightResolutionEntry>(file['nightResolutions'], 'nightResolutions', game.id, (o, path) => {
    fields(o, { night: 'int', applied: 'boolean', resolvedAt: 'number' }, path);
    checkResolution(o['resolution'], at(path, 'resolution'));
  });
  checkEntries<PardonEntry>(file['pardons'], 'pardons', game.id, (o, path) =>
    fields(o, { breachId: 'string', note: 'string', pardonedAt: 'number' }, path),
  );
  checkEntries<PublishedPostEntry>(file['publishedPosts'], 'publishedPosts', game.id, (o, path) => {
    fields(o, { phase: 'phase|null', text: 'string', publishedAt: 'number' }, path);
    oneOf(o, 'kind', ['vote-count', 'day-start', 'night-start', 'night-results', 'role-pm', 'game-end'], path);
    oneOf(o, 'dialect', ['bbcode', 'markdown'], path);
  });
  if (!Object.hasOwn(file, 'thread')) malformed('thread', 'missing (expected the thread, or null)');
  checkThread(file['thread'], 'thread', game.threadKey);
  return file as unknown as GameFile;
}

// ---------------------------------------------------------------------------
// Import

/**
 * Reads a game file into the database. Refused (and nothing written) when the
 * text is not JSON, not a Gavel game file, from a newer Gavel, damaged, or a
 * game with the same id exists and `replace` is not set. With `replace`, the
 * game's old actions, resolutions, pardons and published posts go with it.
 * Thread posts and pages Gavel already has are kept (they are what the forum
 * showed most recently); the file's others are added.
 */
export async function importGame(db: GavelDatabase, json: string, options: { readonly replace: boolean }): Promise<GameRecord> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    throw new GavelError(
      'game-file/not-json',
      `This file is not a Gavel game file: it is not JSON (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  const file = checkGameFile(parsed);
  const game = file.game;
  const tables = [
    db.games,
    db.nightActions,
    db.nightResolutions,
    db.pardons,
    db.publishedPosts,
    db.threads,
    db.pages,
    db.posts,
    db.threadStats,
  ];
  await db.transaction('rw', tables, async () => {
    if ((await db.games.get(game.id)) !== undefined) {
      if (!options.replace) {
        throw new GavelError(
          'game-file/exists',
          `The game "${game.title}" is already in Gavel: choose to replace it to import this file over it`,
        );
      }
      await Promise.all([
        db.nightActions.where('gameId').equals(game.id).delete(),
        db.nightResolutions.where('gameId').equals(game.id).delete(),
        db.pardons.where('gameId').equals(game.id).delete(),
        db.publishedPosts.where('gameId').equals(game.id).delete(),
      ]);
    }
    await db.games.put(game);
    // Only the known fields: a stray `id` in a file must not collide with this database's own keys.
    await db.nightActions.bulkAdd(
      file.nightActions.map(({ gameId, night, actor, ability, targets, pmAt, enteredAt }) => ({
        gameId,
        night,
        actor,
        ability,
        targets,
        pmAt,
        enteredAt,
      })),
    );
    await db.nightResolutions.bulkPut(
      file.nightResolutions.map(({ gameId, night, resolution, applied, resolvedAt }) => ({
        gameId,
        night,
        resolution,
        applied,
        resolvedAt,
      })),
    );
    await db.pardons.bulkPut(file.pardons.map(({ gameId, breachId, note, pardonedAt }) => ({ gameId, breachId, note, pardonedAt })));
    await db.publishedPosts.bulkAdd(
      file.publishedPosts.map(({ gameId, kind, phase, text, dialect, publishedAt }) => ({
        gameId,
        kind,
        phase,
        text,
        dialect,
        publishedAt,
      })),
    );
    if (file.thread !== null) {
      const { thread, pages, posts } = file.thread;
      const existing = await db.threads.get(thread.key);
      await db.threads.put(
        existing === undefined
          ? thread
          : {
              ...existing,
              title: existing.title || thread.title,
              engine: existing.engine || thread.engine,
              tracked: existing.tracked === 1 || thread.tracked === 1 ? 1 : 0,
              firstSeenAt: Math.min(existing.firstSeenAt, thread.firstSeenAt),
              updatedAt: Math.max(existing.updatedAt, thread.updatedAt),
            },
      );
      const havePages = await db.pages.bulkGet(pages.map((p) => [thread.key, p.pageNumber] as [string, number]));
      await db.pages.bulkAdd(pages.filter((_, i) => havePages[i] === undefined));
      const havePosts = await db.posts.bulkGet(posts.map((p) => [thread.key, p.postId] as [string, string]));
      await db.posts.bulkAdd(posts.filter((_, i) => havePosts[i] === undefined).map((p) => ({ threadKey: thread.key, ...p })));
      // The thread's counts are derived: counted again on its next summary.
      await db.threadStats.delete(thread.key);
    }
  });
  return game;
}
