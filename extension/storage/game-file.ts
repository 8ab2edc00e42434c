/**
 * A game as one JSON file, to keep, move to another browser or give to a
 * co-host: the game with its night actions, resolutions, pardons and published
 * posts, and its thread with the pages and posts Gavel has stored.
 *
 * An import is checked field by field (with the engine's JSON kit) before
 * anything is written, and is written in one transaction: a refused file
 * changes nothing. Every refusal says what is wrong and where
 * (`game.players[3].name: expected a non-empty string, found 42`).
 */
import { json, parseRuleset, rulesets, type JsonProblem, type NightResolution, type PresetRulesetId, type Ruleset } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import { GavelError } from '../shared/errors';
import type {
  GameRecord,
  GameRuleset,
  NightActionEntry,
  NightResolutionEntry,
  OutputDialect,
  PardonEntry,
  PublishedPostEntry,
} from '../shared/protocol';
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
// Reading a file

const { array, anyObject, boolean, epochMs, idText, anyText, integer, nullable, number, object, oneOf, optional, record } = json;

/** The most rows of each kind a file may hold (a long game's thread has tens of thousands of posts). */
export const gameFileLimits = { rows: 200_000, pages: 20_000, posts: 500_000, resolutionItems: 10_000 } as const;

const night = integer({ min: 0, max: json.dataLimits.phaseNumber });
const dialect = oneOf<OutputDialect>(['bbcode', 'markdown']);
const objects = <T>(max: number): json.Reader<T[]> => array(anyObject, { max }) as json.Reader<unknown[]> as json.Reader<T[]>;

/** The ruleset a game carries, checked as `gavel rulesets --check` checks one. */
const gameRuleset: json.Reader<Ruleset> = (value, path, cx) => {
  const parsed = parseRuleset(value, cx.source);
  if (parsed.ok) return parsed.ruleset;
  for (const p of parsed.problems) json.fail(cx, p.path === '' ? path : `${path}.${p.path}`, p.problem);
  return json.INVALID;
};

const gameRecord = object<GameRecord>({
  id: idText,
  threadKey: nullable(idText),
  title: anyText,
  ruleset: object<GameRuleset>({
    presetId: oneOf<PresetRulesetId | null>([...(Object.keys(rulesets) as PresetRulesetId[]), null]),
    data: gameRuleset,
  }),
  roster: json.rosterReader,
  rosterSource: anyText,
  players: array(json.playerSetupReader, { max: json.dataLimits.players }),
  phases: json.phaseSetupReader,
  timeZone: idText,
  events: array(json.gameEventReader, { max: json.dataLimits.events }),
  dialect,
  createdAt: epochMs,
  updatedAt: epochMs,
});

const resolution = object<NightResolution>({
  night,
  method: oneOf(['ordered', 'reasonable']),
  events: objects(gameFileLimits.resolutionItems),
  accepted: objects(gameFileLimits.resolutionItems),
  refused: objects(gameFileLimits.resolutionItems),
  ambiguities: objects(gameFileLimits.resolutionItems),
  reserveKills: record(integer({ min: 0, max: 1000 }), { maxKeys: 100 }),
  conditions: array(object({ actor: idText, text: anyText }), { max: gameFileLimits.resolutionItems }),
});

const threadReader = object<GameFileThread>({
  thread: object<ThreadRow>({
    key: idText,
    origin: idText,
    threadId: idText,
    title: anyText,
    engine: anyText,
    tracked: oneOf<0 | 1>([0, 1]),
    firstSeenAt: epochMs,
    updatedAt: epochMs,
  }),
  pages: array(
    object<PageRow>({
      threadKey: idText,
      pageNumber: integer({ min: 0, max: 1_000_000 }),
      url: anyText,
      contentHash: anyText,
      readAt: epochMs,
    }),
    { max: gameFileLimits.pages },
  ),
  posts: array(object<GameFilePost>({ postId: idText, number: json.postNumber, post: json.forumPostReader, storedAt: epochMs }), {
    max: gameFileLimits.posts,
  }),
});

const gameFileReader = object<GameFile>({
  format: json.literal(GAME_FILE_FORMAT),
  formatVersion: integer({ min: 1, max: GAME_FILE_VERSION }),
  schemaVersion: integer({ min: 1, max: 1000 }),
  exportedAt: anyText,
  game: gameRecord,
  nightActions: array(
    object<NightActionEntry>({
      gameId: idText,
      night,
      actor: idText,
      ability: idText,
      targets: array(idText, { max: json.dataLimits.ids }),
      pmAt: nullable(epochMs),
      enteredAt: epochMs,
    }),
    { max: gameFileLimits.rows },
  ),
  nightResolutions: array(
    object<NightResolutionEntry>({
      gameId: idText,
      night,
      resolution,
      applied: boolean,
      resolvedAt: epochMs,
      seed: optional(number({ min: -(2 ** 53), max: 2 ** 53 })),
    }),
    { max: gameFileLimits.rows },
  ),
  pardons: array(object<PardonEntry>({ gameId: idText, breachId: idText, note: anyText, pardonedAt: epochMs }), {
    max: gameFileLimits.rows,
  }),
  publishedPosts: array(
    object<PublishedPostEntry>({
      gameId: idText,
      kind: oneOf(['vote-count', 'day-start', 'night-start', 'night-results', 'role-pm', 'game-end']),
      phase: nullable(json.phaseRefReader),
      text: anyText,
      dialect,
      publishedAt: epochMs,
    }),
    { max: gameFileLimits.rows },
  ),
  thread: nullable(threadReader),
});

/** What the fields cannot say alone: every row belongs to this game and its thread, and the game's setup holds together. */
function consistencyProblems(file: GameFile): { path: string; problem: string }[] {
  const out: { path: string; problem: string }[] = [];
  const { game } = file;
  const ownRows = (rows: readonly { readonly gameId: string }[], path: string): void =>
    rows.forEach((row, i) => {
      if (row.gameId !== game.id)
        out.push({
          path: `${path}[${i}].gameId`,
          problem: `expected "${game.id}" (the game's id), found ${json.describeValue(row.gameId)}`,
        });
    });
  ownRows(file.nightActions, 'nightActions');
  ownRows(file.nightResolutions, 'nightResolutions');
  ownRows(file.pardons, 'pardons');
  ownRows(file.publishedPosts, 'publishedPosts');
  for (const problem of setupProblems(game)) out.push({ path: 'game', problem });
  if (file.thread !== null) {
    const { thread, pages, posts } = file.thread;
    if (thread.key !== game.threadKey)
      out.push({
        path: 'thread.thread.key',
        problem: `the thread is ${json.describeValue(thread.key)} but the game is played in ${json.describeValue(game.threadKey)}`,
      });
    pages.forEach((page, i) => {
      if (page.threadKey !== thread.key) out.push({ path: `thread.pages[${i}].threadKey`, problem: 'a page of another thread' });
    });
    posts.forEach((row, i) => {
      if (row.post.id !== row.postId)
        out.push({ path: `thread.posts[${i}].postId`, problem: `the post inside has id ${json.describeValue(row.post.id)}` });
    });
  }
  return out;
}

/** A file read, or why not: `not-gavel` (some other JSON), `newer` (a later format), `malformed` (damaged, with every problem). */
export type GameFileRead =
  | { readonly ok: true; readonly file: GameFile }
  | {
      readonly ok: false;
      readonly code: 'game-file/not-gavel' | 'game-file/newer' | 'game-file/malformed';
      readonly message: string;
      readonly problems: readonly JsonProblem[];
    };

/** Most problems a refusal names in its message (all of them are in `problems`). */
const SHOWN_PROBLEMS = 5;

/**
 * Reads a parsed game file, from any Gavel up to this one, and checks it from
 * top to bottom. Pure: the extension's import and `gavel breaches` both read
 * exports with it. `source` names the file in the problems.
 */
export function readGameFile(value: unknown, source = 'game file'): GameFileRead {
  const refuse = (code: 'game-file/not-gavel' | 'game-file/newer', message: string): GameFileRead => ({
    ok: false,
    code,
    message,
    problems: [{ source, path: '', problem: message }],
  });
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    (value as Record<string, unknown>)['format'] !== GAME_FILE_FORMAT
  )
    return refuse('game-file/not-gavel', `This is not a Gavel game file: it has no "format": "${GAME_FILE_FORMAT}"`);
  const version = (value as Record<string, unknown>)['formatVersion'];
  if (typeof version === 'number' && version > GAME_FILE_VERSION) {
    return refuse(
      'game-file/newer',
      `This game file was made by a newer Gavel (file format ${version}; this Gavel reads up to ${GAME_FILE_VERSION}): update Gavel to open it`,
    );
  }
  const read = json.readJsonValue(value, gameFileReader, source);
  const problems = read.ok ? consistencyProblems(read.value).map((p) => ({ source, ...p })) : read.problems;
  if (read.ok && problems.length === 0) return { ok: true, file: read.value };
  const shown = problems.slice(0, SHOWN_PROBLEMS).map((p) => json.formatProblem(p, false));
  if (problems.length > SHOWN_PROBLEMS) shown.push(`and ${problems.length - SHOWN_PROBLEMS} more`);
  return { ok: false, code: 'game-file/malformed', message: `This game file is damaged: ${shown.join('; ')}`, problems };
}

/** Checks a parsed file from top to bottom; a file Gavel cannot take is thrown as a GavelError naming every problem's place. */
export function checkGameFile(value: unknown): GameFile {
  const read = readGameFile(value);
  if (!read.ok) throw new GavelError(read.code, read.message);
  return read.file;
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
      file.nightResolutions.map(({ gameId, night, resolution, applied, resolvedAt, seed }) => ({
        gameId,
        night,
        resolution,
        applied,
        resolvedAt,
        ...(seed === undefined ? {} : { seed }),
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
