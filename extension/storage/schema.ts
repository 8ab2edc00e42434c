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
import type { ForumPost } from '../../src/model/post';

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
  readonly startedAt: number;
  readonly updatedAt: number;
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
 * Version 2: thread crawls (and, in the same version, the game tables).
 * Only adds tables, so version-1 data carries over unchanged.
 */
export function declareVersion2(db: Dexie): void {
  db.version(2).stores({
    crawls: 'threadKey, status, updatedAt',
  });
}

/** Opens (creating or upgrading) the database. `name` is for tests. */
export function openDatabase(name: string = DATABASE_NAME): GavelDatabase {
  const db = new Dexie(name) as GavelDatabase;
  declareVersion1(db);
  declareVersion2(db);
  return db;
}
