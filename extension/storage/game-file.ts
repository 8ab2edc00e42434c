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
import { countedMessage, engineMessage, word, type EngineMessage } from '../../src/engine/words';
import {
  breachRulesReader,
  isEngineMessage,
  isNightResult,
  json,
  parseRuleset,
  rulesets,
  type AmbiguityHit,
  type JsonProblem,
  type NightAction,
  type NightDeathCause,
  type NightEvent,
  type NightReason,
  type NightResolution,
  type NightStatus,
  type PostLanguage,
  type PresetRulesetId,
  type RefusalReason,
  type RefusedAction,
  type Ruleset,
} from '../../src/engine';
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
import { threadKey } from '../shared/protocol';
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

/**
 * One post per number, in thread order: the one stored last. A thread keeps a
 * post the forum no longer shows (deleted, and the posts after it renumbered)
 * beside the post that has its number now; a file names each number once.
 */
function latestAtEachNumber<T extends { readonly number: number; readonly storedAt: number }>(posts: readonly T[]): T[] {
  const kept = new Map<number, T>();
  for (const p of posts) {
    const other = kept.get(p.number);
    if (other === undefined || p.storedAt > other.storedAt) kept.set(p.number, p);
  }
  return [...kept.values()].sort((a, b) => a.number - b.number);
}

export async function exportGame(db: GavelDatabase, id: string, now: number): Promise<GameFile> {
  return db.transaction(
    'r',
    [db.games, db.nightActions, db.nightResolutions, db.pardons, db.publishedPosts, db.threads, db.pages, db.posts],
    async () => {
      const game = await db.games.get(id);
      if (game === undefined) {
        throw new GavelError('game/not-found', `There is no game "${id}" to export`, {
          words: engineMessage('game-file/no-game', word.text(id)),
        });
      }
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
          posts: latestAtEachNumber(posts).map((p) => ({ postId: p.postId, number: p.number, post: p.post, storedAt: p.storedAt })),
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

const { array, boolean, epochMs, idText, anyText, integer, nullable, number, object, oneOf, optional, record } = json;

/**
 * The most a file may hold: its length in characters (checked before it is
 * parsed), rows of each kind (a long game's thread has tens of thousands of
 * posts), and how deep it nests. Every other
 * number and text is bounded by the engine's JSON kit (`json.dataLimits`,
 * texts at most 100,000 characters), so nothing computed from a file runs long.
 */
export const gameFileLimits = {
  fileChars: 50_000_000,
  rows: 200_000,
  pages: 20_000,
  posts: 500_000,
  resolutionItems: 10_000,
  /** How deep the whole file nests (a post's quotes, a reason's reasons): checked before it is read. */
  depth: 100,
  /** How deep a night reason's reasons go. */
  reasonDepth: 20,
} as const;

const night = integer({ min: 0, max: json.dataLimits.phaseNumber });
const dialect = oneOf<OutputDialect>(['bbcode', 'markdown']);

/** How deep a JSON value nests (stopping once past `limit`). */
function depthOver(value: unknown, limit: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > limit) return true;
    const next: unknown[] = [];
    for (const v of level) if (typeof v === 'object' && v !== null) for (const child of Object.values(v)) next.push(child);
    level = next;
  }
  return false;
}

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
  // Files written before games had a post language have none: the game then writes in its ruleset's.
  postLanguage: optional(oneOf<PostLanguage>(['en', 'ru'])),
  createdAt: epochMs,
  updatedAt: epochMs,
  // Files exported before the host could edit a game's breach rules have none: the ruleset's apply.
  breachRules: optional(breachRulesReader),
});

/** Every refusal reason once: a reason the engine adds does not compile until it is here. */
const refusalReasonSet: Readonly<Record<RefusalReason, true>> = {
  'night/unknown-ability': true,
  'night/unknown-actor': true,
  'night/wrong-phase': true,
  'night/not-this-night': true,
  'night/after-deadline': true,
  'night/superseded': true,
  'night/outranked': true,
  'night/actor-dead': true,
  'night/actor-status': true,
  'night/wrong-target-count': true,
  'night/unknown-target': true,
  'night/target-dead': true,
  'night/target-status': true,
  'night/self-target': true,
  'night/must-self-target': true,
  'night/duplicate-target': true,
  'night/no-uses-left': true,
  'night/no-self-uses-left': true,
  'night/not-your-turn': true,
  'night/too-many-targets': true,
  'night/unsupported-by-resolver': true,
  'night/not-available': true,
  'night/twice-in-a-row': true,
  'night/self-among-several': true,
  'night/no-new-shot': true,
  'night/poison-pending': true,
  'night/borrow-limit': true,
  'night/over-limit': true,
  'night/forbidden': true,
  'night/skipped-for-move': true,
  'night/day-move-instead': true,
};
const refusalReasons = Object.keys(refusalReasonSet) as RefusalReason[];

// A resolution's parts, each in its shape: the popup shows them as they are.
const engineMessageReader = json.map(json.anyJson, (value, reject) =>
  isEngineMessage(value) ? value : reject('not a message this Gavel knows'),
);
const reasons: json.Reader<NightReason[]> = json.recursive(
  () =>
    array(
      object<NightReason>({
        text: anyText,
        message: optional(engineMessageReader),
        stance: optional(oneOf(['for', 'against'])),
        because: optional(reasons),
      }),
      {
        max: gameFileLimits.resolutionItems,
      },
    ),
  gameFileLimits.reasonDepth,
);
const nightStatus = object<NightStatus>({
  id: idText,
  sinceNight: optional(night),
  untilNight: optional(night),
  with: optional(idText),
  by: optional(idText),
  value: optional(number({ min: -1_000_000, max: 1_000_000 })),
});
const nightResult = json.map(json.anyJson, (value, reject) =>
  isNightResult(value) ? value : reject('not a night result this Gavel knows'),
);
type EventOf<T extends NightEvent['type']> = Extract<NightEvent, { readonly type: T }>;
const nightEvents: { readonly [T in NightEvent['type']]: json.Reader<EventOf<T>> } = {
  death: object<EventOf<'death'>>({
    type: json.literal('death'),
    player: idText,
    cause: oneOf<NightDeathCause>(['kill', 'faction-kill', 'poison', 'revenge', 'drunk', 'pgo']),
    by: array(idText, { max: json.dataLimits.ids }),
    reasons,
  }),
  survived: object<EventOf<'survived'>>({ type: json.literal('survived'), player: idText, reasons }),
  nullified: object<EventOf<'nullified'>>({
    type: json.literal('nullified'),
    player: idText,
    ability: idText,
    role: optional(idText),
    cause: oneOf(['actor-died', 'role-lost', 'actor-arrested', 'attacked', 'thwarted']),
    reasons,
  }),
  blocked: object<EventOf<'blocked'>>({
    type: json.literal('blocked'),
    player: idText,
    ability: idText,
    role: optional(idText),
    by: idText,
    reasons,
  }),
  'status-applied': object<EventOf<'status-applied'>>({
    type: json.literal('status-applied'),
    player: idText,
    status: nightStatus,
    reasons,
  }),
  'status-cleared': object<EventOf<'status-cleared'>>({ type: json.literal('status-cleared'), player: idText, status: idText, reasons }),
  'role-changed': object<EventOf<'role-changed'>>({
    type: json.literal('role-changed'),
    player: idText,
    slot: oneOf(['role', 'secondRole']),
    from: nullable(idText),
    to: nullable(idText),
    reasons,
  }),
  'uses-spent': object<EventOf<'uses-spent'>>({
    type: json.literal('uses-spent'),
    player: idText,
    ability: idText,
    self: boolean,
    reasons,
  }),
  'protection-spent': object<EventOf<'protection-spent'>>({
    type: json.literal('protection-spent'),
    player: idText,
    protection: idText,
    reasons,
  }),
  'faction-changed': object<EventOf<'faction-changed'>>({
    type: json.literal('faction-changed'),
    player: idText,
    from: idText,
    to: idText,
    reasons,
  }),
  message: object<EventOf<'message'>>({ type: json.literal('message'), to: idText, result: nightResult, reasons }),
  announcement: object<EventOf<'announcement'>>({ type: json.literal('announcement'), result: nightResult, reasons }),
};
const forgedValue = json.byType<boolean | string[]>(
  { boolean, list: array(idText, { max: json.dataLimits.ids }) },
  'true, false or a list of player ids',
);
const nightAction = object<NightAction>({
  actor: idText,
  ability: idText,
  targets: array(idText, { max: json.dataLimits.ids }),
  sentAt: epochMs,
  conditions: optional(anyText),
  insuredBy: optional(idText),
  text: optional(anyText),
  delayedFrom: optional(night),
  // 004 L85, L86, L77: what the Investigator is handed instead (a colour check's black, a track's places).
  // 004 L86: a track's substituted blackening (a side, or null: none).
  forged: optional(
    object<NonNullable<NightAction['forged']>>({
      value: optional(forgedValue),
      when: optional(forgedValue),
      blackening: optional(json.nullable(idText)),
      blackeningWhen: optional(json.nullable(idText)),
    }),
  ),
});

const resolution = object<NightResolution>({
  night,
  method: oneOf(['ordered', 'reasonable']),
  events: array(json.union<NightEvent>('type', nightEvents, { expected: 'a night event this Gavel knows' }), {
    max: gameFileLimits.resolutionItems,
  }),
  accepted: array(nightAction, { max: gameFileLimits.resolutionItems }),
  refused: array(
    object<RefusedAction>({
      action: nightAction,
      reason: oneOf<RefusalReason>(refusalReasons),
      text: anyText,
      message: optional(engineMessageReader),
    }),
    {
      max: gameFileLimits.resolutionItems,
    },
  ),
  ambiguities: array(object<AmbiguityHit>({ setting: idText, value: anyText, text: anyText, message: optional(engineMessageReader) }), {
    max: gameFileLimits.resolutionItems,
  }),
  reserveKills: record(integer({ min: 0, max: 1000 }), { maxKeys: 100 }),
  conditions: array(object({ actor: idText, text: anyText }), { max: gameFileLimits.resolutionItems }),
  delayed: optional(array(nightAction, { max: gameFileLimits.resolutionItems })),
  report: optional(reasons),
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
      text: optional(json.moveText),
      // 004 L85, L86, L77: the substitution the host entered with the move.
      forged: optional(json.forgedResult),
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

/** An http(s) URL, or null. */
function webUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Each value named more than once in `items`, with the places it is at: what a file may hold once only. */
function duplicates<T>(
  items: readonly T[],
  keyOf: (item: T) => string | number,
  path: (i: number) => string,
  what: string,
): { path: string; problem: string }[] {
  const first = new Map<string | number, number>();
  const out: { path: string; problem: string }[] = [];
  items.forEach((item, i) => {
    const key = keyOf(item);
    const at = first.get(key);
    if (at === undefined) first.set(key, i);
    else out.push({ path: path(i), problem: `${what} ${json.describeValue(key)} is used twice (also at ${path(at)})` });
  });
  return out;
}

/** What the fields cannot say alone: every row belongs to this game and its thread, and the game's setup holds together. */
function consistencyProblems(file: GameFile): { path: string; problem: string }[] {
  const out: { path: string; problem: string }[] = [];
  const { game } = file;
  // What a file may name once only: a second one would overwrite the first, or count twice.
  out.push(
    ...duplicates(
      game.players,
      (p) => p.slotId,
      (i) => `game.players[${i}].slotId`,
      'the slot',
    ),
  );
  out.push(
    ...duplicates(
      file.nightResolutions,
      (r) => r.night,
      (i) => `nightResolutions[${i}].night`,
      'night',
    ),
  );
  out.push(
    ...duplicates(
      file.pardons,
      (p) => p.breachId,
      (i) => `pardons[${i}].breachId`,
      'the breach',
    ),
  );
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
    // The thread is where its origin and id say, and its pages are on that site.
    const origin = webUrl(thread.origin);
    if (origin?.origin !== thread.origin)
      out.push({
        path: 'thread.thread.origin',
        problem: `expected a site such as "https://forum.example", found ${json.describeValue(thread.origin)}`,
      });
    const key = threadKey(thread.origin, thread.threadId);
    if (thread.key !== key)
      out.push({
        path: 'thread.thread.key',
        problem: `expected ${json.describeValue(key)} (its origin and thread id), found ${json.describeValue(thread.key)}`,
      });
    pages.forEach((page, i) => {
      if (page.threadKey !== thread.key) out.push({ path: `thread.pages[${i}].threadKey`, problem: 'a page of another thread' });
      if (webUrl(page.url)?.origin !== thread.origin)
        out.push({ path: `thread.pages[${i}].url`, problem: `not a page of ${thread.origin}: ${json.describeValue(page.url)}` });
    });
    posts.forEach((row, i) => {
      if (row.post.id !== row.postId)
        out.push({ path: `thread.posts[${i}].postId`, problem: `the post inside has id ${json.describeValue(row.post.id)}` });
      if (row.post.number !== row.number)
        out.push({ path: `thread.posts[${i}].number`, problem: `the post inside has number ${row.post.number}` });
      if (row.post.permalink !== undefined && webUrl(row.post.permalink) === null)
        out.push({ path: `thread.posts[${i}].post.permalink`, problem: `not a web address: ${json.describeValue(row.post.permalink)}` });
    });
    out.push(
      ...duplicates(
        pages,
        (p) => p.pageNumber,
        (i) => `thread.pages[${i}].pageNumber`,
        'page',
      ),
    );
    out.push(
      ...duplicates(
        posts,
        (p) => p.postId,
        (i) => `thread.posts[${i}].postId`,
        'the post id',
      ),
    );
    out.push(
      ...duplicates(
        posts,
        (p) => p.number,
        (i) => `thread.posts[${i}].number`,
        'post number',
      ),
    );
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
      /** The refusal as a message for the host's language. */
      readonly words: EngineMessage;
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
  const refuse = (code: 'game-file/not-gavel' | 'game-file/newer', message: string, words: EngineMessage): GameFileRead => ({
    ok: false,
    code,
    message,
    words,
    problems: [{ source, path: '', problem: message }],
  });
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    (value as Record<string, unknown>)['format'] !== GAME_FILE_FORMAT
  )
    return refuse(
      'game-file/not-gavel',
      `This is not a Gavel game file: it has no "format": "${GAME_FILE_FORMAT}"`,
      engineMessage('game-file/not-gavel', word.text(GAME_FILE_FORMAT)),
    );
  const version = (value as Record<string, unknown>)['formatVersion'];
  if (typeof version === 'number' && version > GAME_FILE_VERSION) {
    return refuse(
      'game-file/newer',
      `This game file was made by a newer Gavel (file format ${version}; this Gavel reads up to ${GAME_FILE_VERSION}): update Gavel to open it`,
      engineMessage('game-file/newer', word.number(version), word.number(GAME_FILE_VERSION)),
    );
  }
  // Nothing below reads deeper than this: a file nested 100,000 deep is refused here, not by a stack overflow.
  if (depthOver(value, gameFileLimits.depth)) {
    const message = `This game file is damaged: it is nested more than ${gameFileLimits.depth} levels deep`;
    const words = engineMessage('game-file/too-deep', word.number(gameFileLimits.depth));
    return { ok: false, code: 'game-file/malformed', message, words, problems: [{ source, path: '', problem: message }] };
  }
  const read = json.readJsonValue(value, gameFileReader, source);
  const problems = read.ok ? consistencyProblems(read.value).map((p) => ({ source, ...p })) : read.problems;
  if (read.ok && problems.length === 0) return { ok: true, file: read.value };
  const shown = problems.slice(0, SHOWN_PROBLEMS).map((p) => json.formatProblem(p, false));
  if (problems.length > SHOWN_PROBLEMS) shown.push(`and ${problems.length - SHOWN_PROBLEMS} more`);
  const first = problems[0];
  const words =
    first === undefined || first.path === ''
      ? countedMessage('game-file/damaged', problems.length)
      : countedMessage('game-file/damaged-at', problems.length, word.text(first.path));
  return { ok: false, code: 'game-file/malformed', message: `This game file is damaged: ${shown.join('; ')}`, words, problems };
}

/** Checks a parsed file from top to bottom; a file Gavel cannot take is thrown as a GavelError naming every problem's place. */
export function checkGameFile(value: unknown): GameFile {
  const read = readGameFile(value);
  if (!read.ok) throw new GavelError(read.code, read.message, { words: read.words });
  return read.file;
}

// ---------------------------------------------------------------------------
// Import

export interface ImportOptions {
  /** Import over the game with the same id, its old notes going with it. */
  readonly replace: boolean;
  /** The time of the import: no moment the file gives its rows may be later. @default Date.now() */
  readonly now?: number;
}

/**
 * Reads a game file into the database. Refused (and nothing written) when the
 * text is longer than `gameFileLimits.fileChars`, not JSON, not a Gavel game
 * file, from a newer Gavel, damaged, when a game with the same id exists and
 * `replace` is not set, or when the game's thread has another game already
 * (Gavel keeps one game per thread: the host deletes that game first). With
 * `replace`, the game's old actions, resolutions, pardons and published posts
 * go with it.
 *
 * Every row is built from its listed fields, and every thread row carries the
 * game's own thread key, so a file cannot write into another thread or game.
 * Thread posts and pages Gavel already has are kept (they are what the forum
 * showed most recently), and so is any post at a number Gavel already has;
 * the file's others are added. A bookkeeping moment (created, updated, stored,
 * read) later than `now` is taken as `now`, so a file dated in the future
 * does not sort ahead of the host's own games.
 */
export async function importGame(db: GavelDatabase, text: string, options: ImportOptions): Promise<GameRecord> {
  const now = options.now ?? Date.now();
  if (text.length > gameFileLimits.fileChars) {
    throw new GavelError(
      'game-file/too-large',
      `This game file is too large: ${text.length.toLocaleString('en')} characters, at most ${gameFileLimits.fileChars.toLocaleString('en')} (about 50 MB)`,
      {
        details: { chars: text.length, limit: gameFileLimits.fileChars },
        words: engineMessage('game-file/too-large', word.number(text.length), word.number(gameFileLimits.fileChars)),
      },
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new GavelError('game-file/not-json', `This file is not a Gavel game file: it is not JSON (${why})`, {
      words: engineMessage('game-file/not-json', word.text(why)),
    });
  }
  const file = checkGameFile(parsed);
  const at = (moment: number): number => Math.min(moment, now);
  const read = file.game;
  const game: GameRecord = {
    id: read.id,
    threadKey: read.threadKey,
    title: read.title,
    ruleset: { presetId: read.ruleset.presetId, data: read.ruleset.data },
    roster: read.roster,
    rosterSource: read.rosterSource,
    players: read.players,
    phases: read.phases,
    timeZone: read.timeZone,
    events: read.events,
    dialect: read.dialect,
    ...(read.postLanguage === undefined ? {} : { postLanguage: read.postLanguage }),
    createdAt: at(read.createdAt),
    updatedAt: at(read.updatedAt),
    ...(read.breachRules === undefined ? {} : { breachRules: read.breachRules }),
  };
  const gameId = game.id;
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
    const replacing = (await db.games.get(gameId)) !== undefined;
    if (replacing && !options.replace) {
      throw new GavelError(
        'game-file/exists',
        `The game "${game.title}" is already in Gavel: choose to replace it to import this file over it`,
        { words: engineMessage('game-file/exists', word.text(game.title)) },
      );
    }
    if (game.threadKey !== null) {
      const others = await db.games.where('threadKey').equals(game.threadKey).toArray();
      const other = others.find((g) => g.id !== gameId);
      if (other !== undefined) {
        throw new GavelError(
          'game-file/thread-has-game',
          `The thread of this game (${game.threadKey}) already has a game in Gavel, "${other.title}", and Gavel keeps one game per thread: ` +
            `delete "${other.title}" first to import this file in its place, or keep it and do not import this file`,
          {
            details: { threadKey: game.threadKey, gameId: other.id, title: other.title },
            words: engineMessage('game-file/thread-has-game', word.text(other.title)),
          },
        );
      }
    }
    if (replacing) {
      await Promise.all([
        db.nightActions.where('gameId').equals(gameId).delete(),
        db.nightResolutions.where('gameId').equals(gameId).delete(),
        db.pardons.where('gameId').equals(gameId).delete(),
        db.publishedPosts.where('gameId').equals(gameId).delete(),
      ]);
    }
    await db.games.put(game);
    // Every row from its listed fields, with this game's id: nothing else in the file reaches the database.
    await db.nightActions.bulkAdd(
      file.nightActions.map(({ night, actor, ability, targets, pmAt, enteredAt, text, forged }) => ({
        gameId,
        night,
        actor,
        ability,
        targets,
        pmAt,
        enteredAt: at(enteredAt),
        ...(text === undefined ? {} : { text }),
        ...(forged === undefined ? {} : { forged }),
      })),
    );
    await db.nightResolutions.bulkAdd(
      file.nightResolutions.map(({ night, resolution, applied, resolvedAt, seed }) => ({
        gameId,
        night,
        resolution,
        applied,
        resolvedAt: at(resolvedAt),
        ...(seed === undefined ? {} : { seed }),
      })),
    );
    await db.pardons.bulkAdd(
      file.pardons.map(({ breachId, note, pardonedAt }) => ({ gameId, breachId, note, pardonedAt: at(pardonedAt) })),
    );
    await db.publishedPosts.bulkAdd(
      file.publishedPosts.map(({ kind, phase, text, dialect, publishedAt }) => ({
        gameId,
        kind,
        phase,
        text,
        dialect,
        publishedAt: at(publishedAt),
      })),
    );
    if (file.thread !== null && game.threadKey !== null) await importThread(db, game.threadKey, file.thread, at);
  });
  return game;
}

/**
 * Adds a file's thread under `key` (the game's own thread, which the file's
 * thread row was checked to be): the thread row merged with Gavel's own, and
 * the pages and posts Gavel does not have yet.
 */
async function importThread(db: GavelDatabase, key: string, file: GameFileThread, at: (moment: number) => number): Promise<void> {
  const { thread, pages, posts } = file;
  const existing = await db.threads.get(key);
  const row: ThreadRow =
    existing === undefined
      ? {
          key,
          origin: thread.origin,
          threadId: thread.threadId,
          title: thread.title,
          engine: thread.engine,
          tracked: thread.tracked,
          firstSeenAt: at(thread.firstSeenAt),
          updatedAt: at(thread.updatedAt),
        }
      : {
          key,
          origin: existing.origin,
          threadId: existing.threadId,
          title: existing.title || thread.title,
          engine: existing.engine || thread.engine,
          tracked: existing.tracked === 1 || thread.tracked === 1 ? 1 : 0,
          firstSeenAt: Math.min(existing.firstSeenAt, at(thread.firstSeenAt)),
          updatedAt: Math.max(existing.updatedAt, at(thread.updatedAt)),
        };
  await db.threads.put(row);
  const havePages = new Set((await db.pages.where('threadKey').equals(key).primaryKeys()).map(([, pageNumber]) => pageNumber));
  await db.pages.bulkAdd(
    pages
      .filter((p) => !havePages.has(p.pageNumber))
      .map(({ pageNumber, url, contentHash, readAt }) => ({ threadKey: key, pageNumber, url, contentHash, readAt: at(readAt) })),
  );
  const stored = db.posts.where('[threadKey+number]').between([key, -Infinity], [key, Infinity]);
  // The index's keys are [threadKey, number] pairs.
  const haveNumbers = new Set(((await stored.keys()) as unknown as [string, number][]).map(([, number]) => number));
  const haveIds = new Set((await stored.primaryKeys()).map(([, postId]) => postId));
  await db.posts.bulkAdd(
    posts
      .filter((p) => !haveIds.has(p.postId) && !haveNumbers.has(p.number))
      .map(({ postId, number, post, storedAt }) => ({ threadKey: key, postId, number, post, storedAt: at(storedAt) })),
  );
  // The thread's counts are derived: counted again on its next summary.
  await db.threadStats.delete(key);
}
