/**
 * The IndexedDB schema, in the extension's own origin. Every `db.version(n)`
 * declaration stays here forever; a new version is added below the last one
 * with its upgrade function, and test/extension/storage.test.ts opens the
 * previous version with data and checks the upgrade loses nothing.
 *
 * Only extension/storage imports dexie (lint-enforced), and only the worker
 * and the extension pages open the database: a content script would open the
 * forum's database instead.
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import yDexie from 'y-dexie';
import type * as Y from 'yjs';
import type { ForumPost } from '../../src/model/post';
import type {
  BreachRules,
  ForgedResult,
  GameEvent,
  NightResolution,
  PhaseRef,
  PhaseSetup,
  PlayerSetup,
  PostLanguage,
  PresetRulesetId,
  Roster,
  Ruleset,
} from '../../src/engine';
import type { OutputDialect } from '../shared/settings';
import type { EngineMessage } from '../../src/engine/words';

// The game's rows: what a host sets up and plays, stored as written here (the protocol re-exports them).

/** The ruleset a game is played by: the preset it comes from (null: the host's own) and all of its data. */
export interface GameRuleset {
  readonly presetId: PresetRulesetId | null;
  readonly data: Ruleset;
}

/**
 * A game as the host set it up, with its event log. The roster's `hosts` are
 * the hosts' account names. `events[0]` is always the `game/setup` event built
 * from `players`, so `deriveState(events)` gives the game's state as it stands.
 */
export interface GameRecord {
  readonly id: string;
  /** The thread the game is played in (`${origin}|${threadId}`), or null when not chosen yet. */
  readonly threadKey: string | null;
  readonly title: string;
  readonly ruleset: GameRuleset;
  readonly roster: Roster;
  /** Where the roster came from, in the host's words ("the player list in post #0", "pasted by the host"). */
  readonly rosterSource: string;
  /** Faction, role and family of every slot, in roster order. */
  readonly players: readonly PlayerSetup[];
  readonly phases: PhaseSetup;
  /** IANA zone name the game's times are read and written in. */
  readonly timeZone: string;
  readonly events: readonly GameEvent[];
  readonly dialect: OutputDialect;
  /** The language of the posts Gavel writes for the game; absent: the ruleset's (`postLanguageOf`). */
  readonly postLanguage?: PostLanguage;
  readonly createdAt: number;
  readonly updatedAt: number;
  /**
   * The game's breach rules as the host set them (minimum posts, sanctions…). Absent: its
   * ruleset's preset, as for games stored and files exported before the host could edit them.
   */
  readonly breachRules?: BreachRules;
}

/** A night action entered from a role PM. */
export interface NightActionEntry {
  readonly gameId: string;
  readonly night: number;
  /** The actor's slot id. */
  readonly actor: string;
  /** An ability id of the actor's role. */
  readonly ability: string;
  /** Slot (or family) ids. */
  readonly targets: readonly string[];
  /** When the role PM was sent (UTC ms), where the host gave it. */
  readonly pmAt: number | null;
  readonly enteredAt: number;
  /** The words the move hands to its target, from the PM (004 Maid, L45); only a move that takes words has them. */
  readonly text?: string;
  /** What the Investigator is handed instead of the move's result (004 L85, L86, L77); only a forgeable move has one. */
  readonly forged?: ForgedResult;
}

/** A night as resolved by the engine, and whether its deaths were put into the event log. */
export interface NightResolutionEntry {
  readonly gameId: string;
  readonly night: number;
  readonly resolution: NightResolution;
  readonly applied: boolean;
  readonly resolvedAt: number;
  /** The seed of the resolver's random choices: the same actions and seed give the same resolution. */
  readonly seed?: number;
}

/** A breach the host forgave, with the host's note. */
export interface PardonEntry {
  readonly gameId: string;
  readonly breachId: string;
  readonly note: string;
  readonly pardonedAt: number;
}

export type PublishedPostKind = 'vote-count' | 'day-start' | 'night-start' | 'night-results' | 'role-pm' | 'game-end';

/** A post Gavel wrote for the host to publish. */
export interface PublishedPostEntry {
  readonly gameId: string;
  readonly kind: PublishedPostKind;
  /** The phase it was written for (null: before the game started, e.g. role PMs). */
  readonly phase: PhaseRef | null;
  readonly text: string;
  readonly dialect: OutputDialect;
  readonly publishedAt: number;
}

export interface ThreadRow {
  /** `${origin}|${threadId}` */
  readonly key: string;
  readonly origin: string;
  readonly threadId: string;
  readonly title: string;
  readonly engine: string;
  readonly tracked: 0 | 1;
  readonly firstSeenAt: number;
  readonly updatedAt: number;
}

export interface PageRow {
  readonly threadKey: string;
  readonly pageNumber: number;
  readonly url: string;
  readonly contentHash: string;
  readonly readAt: number;
}

export interface PostRow {
  readonly threadKey: string;
  readonly postId: string;
  readonly number: number;
  readonly post: ForumPost;
  readonly storedAt: number;
}

export interface SettingRow {
  readonly key: string;
  readonly value: unknown;
}

export interface ForumRow {
  /** An origin the host enabled Gavel on, e.g. `https://forum.example.org`. */
  readonly origin: string;
  readonly enabledAt: number;
}

/**
 * A thread crawl in progress or finished: the worker fetches the pages of a
 * tracked thread that no content script has sent. Kept in the database so a
 * crawl survives the browser stopping the worker: on wake-up it goes on from
 * `pending`, and pages already stored are never stored twice.
 */
export interface CrawlRow {
  /** `${origin}|${threadId}` */
  readonly threadKey: string;
  readonly origin: string;
  readonly engine: string;
  /** The URL of a page of the thread the crawl started from. */
  readonly startUrl: string;
  /** Pages of the thread as last seen (null: unknown). */
  readonly pageCount: number | null;
  /** Page numbers still to fetch, in order. */
  readonly pending: readonly number[];
  /** Page numbers fetched and stored by this crawl. */
  readonly done: readonly number[];
  readonly status: 'running' | 'done' | 'failed';
  /** Why the crawl stopped, in words a host can act on (status `failed`). */
  readonly error: string | null;
  /** The same as a message for the host's language (absent on rows an earlier Gavel wrote). */
  readonly errorWords?: EngineMessage | null;
  readonly startedAt: number;
  readonly updatedAt: number;
}

/**
 * A game: its thread (or none yet), title, ruleset (preset id and full data,
 * so a host's own ruleset works), roster (slots with their holders, the post
 * a replacement took over from, aliases, and the hosts' account names), the
 * faction/role/family of every slot, phase setup and time zone, the event log
 * (`events[0]` is the `game/setup` event), the output dialect, and when it was
 * created and last changed. The stored row is the record the worker sends to
 * the pages, field for field.
 */
export type GameRow = GameRecord;

/** A night action entered from a role PM. `id` orders entries as they were made. */
export interface NightActionRow extends NightActionEntry {
  readonly id?: number;
}

/** A night's resolution, one per game and night (keyed by [gameId, night]). */
export type NightResolutionRow = NightResolutionEntry;

/** A breach the host pardoned (keyed by [gameId, breachId]). */
export type PardonRow = PardonEntry;

/** A post Gavel wrote for the host. `id` orders them as they were written. */
export interface PublishedPostRow extends PublishedPostEntry {
  readonly id?: number;
}

/**
 * How many posts and pages of a thread are stored: derived data, kept up to
 * date by `savePage` so that a thread's summary does not count a long thread's
 * posts on every stored page (IndexedDB counts by walking the index). A thread
 * without a row is counted again; nothing else depends on it, and it is never
 * exported.
 */
export interface ThreadStatsRow {
  readonly threadKey: string;
  readonly postCount: number;
  readonly pagesSeen: number;
}

/** What a host may do with a shared game: he created it, or was invited to write or only to read. */
export type SharedGameRight = 'owner' | 'write' | 'read';

/**
 * A game the host shares with co-hosts (issue 20): one row per shared game,
 * only once the host turned sharing on or joined with an invitation. `doc` is
 * the shared part of the game as a Yjs document (extension/sync/game-doc.ts),
 * stored by y-dexie in a table of its own; the game's own rows stay where they
 * are and are written from the document when a co-host's change arrives.
 * `secret` is this host's credential for the server: it never leaves this
 * table except to the server named here (not in exports, posts or logs).
 */
export interface SharedGameRow {
  readonly gameId: string;
  /** The sync server, `ws://` or `wss://`. */
  readonly server: string;
  readonly secret: string;
  readonly right: SharedGameRight;
  /** This Gavel's id in the log's stamps (random, made when sharing began). */
  readonly hostId: string;
  /** The name the co-hosts see on this host's log entries. */
  readonly hostName: string;
  readonly sharedAt: number;
  /** When the document last synced with the server (null: not yet). */
  readonly lastSyncedAt: number | null;
  /** A co-host's row: the creator ended the sharing (this copy is a local game now; the row stays to tell the host). */
  readonly endedBy?: string;
  readonly doc: Y.Doc;
}

export type GavelDatabase = Dexie & {
  threads: EntityTable<ThreadRow, 'key'>;
  /** Keyed by [threadKey, pageNumber]. */
  pages: Table<PageRow, [string, number]>;
  /** Keyed by [threadKey, postId]. */
  posts: Table<PostRow, [string, string]>;
  settings: EntityTable<SettingRow, 'key'>;
  forums: EntityTable<ForumRow, 'origin'>;
  crawls: EntityTable<CrawlRow, 'threadKey'>;
  threadStats: EntityTable<ThreadStatsRow, 'threadKey'>;
  games: EntityTable<GameRow, 'id'>;
  nightActions: Table<NightActionRow, number>;
  /** Keyed by [gameId, night]. */
  nightResolutions: Table<NightResolutionRow, [string, number]>;
  /** Keyed by [gameId, breachId]. */
  pardons: Table<PardonRow, [string, string]>;
  publishedPosts: Table<PublishedPostRow, number>;
  sharedGames: EntityTable<SharedGameRow, 'gameId'>;
};

export const DATABASE_NAME = 'gavel';

/** Version 1: threads, the pages read (with a content hash), posts, settings, enabled forums. */
export function declareVersion1(db: Dexie): void {
  db.version(1).stores({
    threads: 'key, origin, tracked, updatedAt',
    pages: '[threadKey+pageNumber], threadKey',
    posts: '[threadKey+postId], threadKey, [threadKey+number]',
    settings: 'key',
    forums: 'origin',
  });
}

/**
 * Version 2: thread crawls, and the game tables: games, night actions from
 * role PMs, night resolutions, breach pardons and the posts Gavel wrote.
 * Only adds tables, so version-1 data carries over unchanged.
 */
export function declareVersion2(db: Dexie): void {
  db.version(2).stores({
    crawls: 'threadKey, status, updatedAt',
    threadStats: 'threadKey',
    games: 'id, threadKey, updatedAt',
    nightActions: '++id, gameId, [gameId+night]',
    nightResolutions: '[gameId+night], gameId',
    pardons: '[gameId+breachId], gameId',
    publishedPosts: '++id, gameId, [gameId+kind]',
  });
}

/**
 * Version 3: shared games (issue 20), each with its Yjs document stored by
 * y-dexie. Only adds a table: a game nobody shared has no row, and works
 * exactly as before.
 */
export function declareVersion3(db: Dexie): void {
  db.version(3).stores({
    sharedGames: 'gameId, doc: Y.Doc',
  });
}

/** Opens (creating or upgrading) the database. `name` is for tests. */
export function openDatabase(name: string = DATABASE_NAME): GavelDatabase {
  const db = new Dexie(name, { addons: [yDexie] }) as GavelDatabase;
  declareVersion1(db);
  declareVersion2(db);
  declareVersion3(db);
  return db;
}
