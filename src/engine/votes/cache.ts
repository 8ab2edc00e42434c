/**
 * A memo of vote extraction across counts. A thread is counted again on every
 * page view, crawl step and popup refresh, and most of its posts have not
 * changed since the last count: with a cache each post is read once per
 * content (its id and a hash of its body), so one long hostile post costs once
 * rather than on every count.
 *
 * Extraction is a pure function of the body and the grammar, so a hit returns
 * exactly what a fresh read would. The cache is bounded (oldest entries go
 * first) and keeps no post bodies, only their hashes and the candidates.
 */
import type { ForumPost } from '../../model/post';
import { extractVotes, type VoteCandidate } from './extract';
import type { VoteGrammar } from './rules';

/** What the count needs of a cache: the candidates of one post under one grammar. */
export type VoteReader = (post: Pick<ForumPost, 'id' | 'body'>, grammar: VoteGrammar) => readonly VoteCandidate[];

export interface ExtractionCache {
  readonly read: VoteReader;
  /** Entries held now. */
  readonly size: () => number;
  /** Reads answered from the cache and reads that had to extract, since the cache was made. */
  readonly stats: () => { readonly hits: number; readonly misses: number };
}

/** Two independent 32-bit FNV-1a hashes of a string, as one key part (collisions would need both to collide for the same post id). */
function hashText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${text.length.toString(36)}`;
}

/**
 * A cache of extraction results, for one long-lived reader (the worker, a CLI run).
 *
 * @param maxEntries the most posts held; the oldest are dropped beyond it. @default 200000
 * @example const cache = createExtractionCache(); countThread(posts, { votes: cache.read })
 */
export function createExtractionCache(maxEntries = 200_000): ExtractionCache {
  const entries = new Map<string, readonly VoteCandidate[]>();
  const grammarKeys = new WeakMap<VoteGrammar, string>();
  let hits = 0;
  let misses = 0;
  const grammarKey = (grammar: VoteGrammar): string => {
    let key = grammarKeys.get(grammar);
    if (key === undefined) {
      key = hashText(JSON.stringify(grammar));
      grammarKeys.set(grammar, key);
    }
    return key;
  };
  const read: VoteReader = (post, grammar) => {
    const key = `${grammarKey(grammar)}\u0000${post.id}\u0000${hashText(JSON.stringify(post.body))}`;
    const known = entries.get(key);
    if (known !== undefined) {
      hits++;
      return known;
    }
    misses++;
    const fresh: readonly VoteCandidate[] = Object.freeze(extractVotes(post, { grammar }));
    entries.set(key, fresh);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done !== true) entries.delete(oldest.value);
    }
    return fresh;
  };
  return { read, size: () => entries.size, stats: () => ({ hits, misses }) };
}
