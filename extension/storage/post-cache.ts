/**
 * The worker's copy in memory of the posts of the threads counted lately, so
 * a count with nothing new (every page view, badge update and crawl step of a
 * tracked thread counts it) does not read every post of a long thread from
 * IndexedDB again.
 *
 * It is kept current by the database's own writes: hooks on the posts table
 * (every write of a post goes through them, whichever code makes it) collect a
 * transaction's changes and apply them once it has committed, so an aborted
 * write changes nothing. A thread is read from IndexedDB when it is first
 * asked for, and again only if a write to it committed while it was being read.
 *
 * Bounded: at most `maxThreads` threads and `maxPosts` posts in all (the
 * threads viewed longest ago go first), and a thread not asked for in
 * `idleMs` is let go.
 */
import Dexie, { type Transaction } from 'dexie';
import type { PostRowPlain } from './repository';
import type { GavelDatabase, PostRow } from './schema';
import { threadKey } from '../shared/protocol';

export interface PostCacheLimits {
  /** Threads kept. @default 4 */
  readonly maxThreads?: number;
  /** Posts kept, all threads together. @default 150000 */
  readonly maxPosts?: number;
  /** A thread not asked for in this long is let go. @default 10 minutes */
  readonly idleMs?: number;
  /** The clock (tests). @default Date.now */
  readonly now?: () => number;
}

export interface PostCacheStats {
  readonly threads: number;
  readonly posts: number;
  /** Threads answered from memory. */
  readonly hits: number;
  /** Threads read from IndexedDB. */
  readonly reads: number;
  /** Post writes applied to threads in memory. */
  readonly applied: number;
  /** Threads let go (too many, too many posts, or idle). */
  readonly evicted: number;
}

export interface PostCache {
  /** A thread's stored posts in thread order (by number, then id), as `getPosts` reads them. */
  readonly posts: (origin: string, threadId: string) => Promise<readonly PostRowPlain[]>;
  readonly stats: () => PostCacheStats;
}

/** The posts cache of the memory limits the worker keeps: 4 threads, 150,000 posts (three 50,000-post threads), 10 minutes idle. */
export const postCacheLimits = { maxThreads: 4, maxPosts: 150_000, idleMs: 10 * 60_000 } as const;

type Change = { readonly kind: 'put'; readonly row: PostRow } | { readonly kind: 'delete'; readonly key: string; readonly postId: string };

interface Entry {
  readonly byId: Map<string, PostRowPlain>;
  /** The posts in thread order; null when a change left it to be sorted again. */
  sorted: PostRowPlain[] | null;
  usedAt: number;
}

const inThreadOrder = (a: PostRowPlain, b: PostRowPlain): number =>
  a.number - b.number || (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0);

const caches = new WeakMap<GavelDatabase, PostCache>();

/** The posts cache of a database (one per database; the first call's limits stand). */
export function postCacheOf(db: GavelDatabase, limits: PostCacheLimits = {}): PostCache {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = createPostCache(db, limits);
    caches.set(db, cache);
  }
  return cache;
}

function createPostCache(db: GavelDatabase, limits: PostCacheLimits): PostCache {
  const maxThreads = limits.maxThreads ?? postCacheLimits.maxThreads;
  const maxPosts = limits.maxPosts ?? postCacheLimits.maxPosts;
  const idleMs = limits.idleMs ?? postCacheLimits.idleMs;
  const now = limits.now ?? Date.now;
  // Most recently asked for last.
  const entries = new Map<string, Entry>();
  // Threads being read from IndexedDB, with the writes that committed meanwhile (applied to what is read).
  const loading = new Map<string, { readonly entry: Promise<Entry>; readonly changes: Change[] }>();
  const pending = new WeakMap<Transaction, Change[]>();
  let stats: PostCacheStats = { threads: 0, posts: 0, hits: 0, reads: 0, applied: 0, evicted: 0 };

  const apply = (change: Change): void => {
    const key = change.kind === 'put' ? change.row.threadKey : change.key;
    loading.get(key)?.changes.push(change);
    const entry = entries.get(key);
    if (entry !== undefined) applyTo(entry, change);
  };
  // Applying a change twice (a write the read already saw) leaves the same posts.
  const applyTo = (entry: Entry, change: Change): void => {
    stats = { ...stats, applied: stats.applied + 1 };
    if (change.kind === 'delete') {
      if (entry.byId.delete(change.postId)) entry.sorted = null;
      return;
    }
    const row: PostRowPlain = { postId: change.row.postId, number: change.row.number, post: change.row.post };
    const before = entry.byId.get(row.postId);
    entry.byId.set(row.postId, row);
    const sorted = entry.sorted;
    if (sorted === null) return;
    const last = sorted[sorted.length - 1];
    if (before === undefined && (last === undefined || inThreadOrder(last, row) < 0)) sorted.push(row);
    else if (before !== undefined && before.number === row.number) {
      const at = sorted.indexOf(before);
      if (at === -1) entry.sorted = null;
      else sorted[at] = row;
    } else entry.sorted = null;
  };
  const changesOf = (tx: Transaction): Change[] => {
    let list = pending.get(tx);
    if (list === undefined) {
      const changes: Change[] = [];
      list = changes;
      pending.set(tx, changes);
      tx.on('complete', () => {
        for (const change of changes) apply(change);
      });
    }
    return list;
  };
  db.posts.hook('creating', (_key, row, tx) => {
    changesOf(tx).push({ kind: 'put', row });
  });
  db.posts.hook('updating', (mods, _key, row, tx) => {
    // Dexie names every array as changed (a post's body): compared by content here.
    const changed = Object.keys(mods).filter(
      (path) =>
        path !== 'storedAt' && JSON.stringify(Dexie.getByKeyPath(row, path)) !== JSON.stringify((mods as Record<string, unknown>)[path]),
    );
    // Stored again unchanged (a page read again): only its time changes, which the cache does not keep.
    if (changed.length === 0) return;
    const next = structuredClone(row);
    for (const path of changed) {
      const value = (mods as Record<string, unknown>)[path];
      if (value === undefined) Dexie.delByKeyPath(next, path);
      else Dexie.setByKeyPath(next, path, value);
    }
    changesOf(tx).push({ kind: 'put', row: next });
  });
  db.posts.hook('deleting', (_key, row, tx) => {
    changesOf(tx).push({ kind: 'delete', key: row.threadKey, postId: row.postId });
  });

  const count = (): void => {
    let posts = 0;
    for (const e of entries.values()) posts += e.byId.size;
    stats = { ...stats, threads: entries.size, posts };
  };
  const evict = (keep: string): void => {
    const at = now();
    for (const [key, e] of entries) if (key !== keep && at - e.usedAt > idleMs) drop(key);
    let posts = 0;
    for (const e of entries.values()) posts += e.byId.size;
    // The least recently asked for go first; the thread asked for now stays even if alone it is over the bound.
    for (const [key, e] of entries) {
      if (key === keep || (entries.size <= maxThreads && posts <= maxPosts)) continue;
      posts -= e.byId.size;
      drop(key);
    }
    count();
  };
  const drop = (key: string): void => {
    entries.delete(key);
    stats = { ...stats, evicted: stats.evicted + 1 };
  };

  /** Reads a thread from IndexedDB into the cache (one read at a time per thread). */
  const read = (key: string): Promise<Entry> => {
    const known = loading.get(key);
    if (known !== undefined) return known.entry;
    const changes: Change[] = [];
    const entry = (async (): Promise<Entry> => {
      try {
        const rows = await db.posts.where('[threadKey+number]').between([key, -Infinity], [key, Infinity]).toArray();
        stats = { ...stats, reads: stats.reads + 1 };
        const sorted = rows.map((r): PostRowPlain => ({ postId: r.postId, number: r.number, post: r.post }));
        const read: Entry = { byId: new Map(sorted.map((r) => [r.postId, r])), sorted, usedAt: now() };
        // The writes that committed while it was read (the read may or may not hold them), then kept current by the hooks.
        for (const change of changes) applyTo(read, change);
        entries.set(key, read);
        return read;
      } finally {
        loading.delete(key);
      }
    })();
    loading.set(key, { entry, changes });
    return entry;
  };

  const posts = async (origin: string, threadId: string): Promise<readonly PostRowPlain[]> => {
    const key = threadKey(origin, threadId);
    let entry = entries.get(key);
    if (entry !== undefined && now() - entry.usedAt > idleMs) {
      drop(key);
      entry = undefined;
    }
    if (entry === undefined) entry = await read(key);
    else stats = { ...stats, hits: stats.hits + 1 };
    entries.delete(key);
    entries.set(key, entry);
    entry.usedAt = now();
    evict(key);
    entry.sorted ??= [...entry.byId.values()].sort(inThreadOrder);
    // A copy: the cache's own list grows with the writes.
    return entry.sorted.slice();
  };

  return { posts, stats: () => stats };
}
