/**
 * A memo of vote extraction across counts. A thread is counted again on every
 * page view, crawl step and popup refresh, and most of its posts have not
 * changed since the last count: with a cache each long post is read once per
 * content (its id and a hash of its body), so one long hostile post costs once
 * rather than on every count. A short post is read afresh, which costs less
 * than hashing it.
 *
 * Extraction is a pure function of the body and the grammar, so a hit returns
 * exactly what a fresh read would. The cache is bounded (oldest entries go
 * first) and keeps no post bodies, only their hashes and the candidates.
 */
import type { BodyNode, ForumPost } from '../../model/post';
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

/** Two running 32-bit hashes (FNV-1a and a multiply-shift one) of a body's text and marks, as one key part. */
class BodyHash {
  private a = 0x811c9dc5;
  private b = 0x01000193;
  private length = 0;
  add(text: string): void {
    let { a, b } = this;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
    this.a = a;
    this.b = b;
    this.length += text.length;
  }
  /** A separator no text can forge: a code outside any string's reach goes into both hashes. */
  mark(code: number): void {
    this.a = Math.imul(this.a ^ (0x10000 + code), 0x01000193);
    this.b = Math.imul(this.b ^ (0x10000 + code), 0x5bd1e995) ^ (this.b >>> 15);
  }
  key(): string {
    return `${(this.a >>> 0).toString(36)}.${(this.b >>> 0).toString(36)}.${this.length.toString(36)}`;
  }
}

/** The characters of text in a body, without building anything. */
function textLength(body: readonly BodyNode[]): number {
  let total = 0;
  const stack: (readonly BodyNode[])[] = [body];
  for (let nodes = stack.pop(); nodes !== undefined; nodes = stack.pop())
    for (const node of nodes) {
      if (node.type === 'text') total += node.text.length;
      else if (node.type !== 'break') stack.push(node.children);
    }
  return total;
}

/** A hash of everything in a body that extraction reads: each node's kind, marks and text, in order. */
function bodyKey(body: readonly BodyNode[]): string {
  const hash = new BodyHash();
  const walk = (nodes: readonly BodyNode[]): void => {
    for (const node of nodes) {
      switch (node.type) {
        case 'break':
          hash.mark(1);
          break;
        case 'text':
          hash.mark(
            2 |
              (node.bold === true ? 4 : 0) |
              (node.italic === true ? 8 : 0) |
              (node.underline === true ? 16 : 0) |
              (node.struck === true ? 32 : 0) |
              (node.voteTag === true ? 64 : 0),
          );
          if (node.color !== undefined) {
            hash.mark(128);
            hash.add(node.color);
          }
          hash.mark(256);
          hash.add(node.text);
          break;
        case 'quote':
        case 'spoiler':
          hash.mark(node.type === 'quote' ? 512 : 1024);
          hash.add(node.type === 'quote' ? `${node.author ?? ''}\u0000${node.postId ?? ''}` : (node.title ?? ''));
          walk(node.children);
          hash.mark(2048);
          break;
      }
    }
  };
  walk(body);
  return hash.key();
}

/**
 * Posts shorter than this are read afresh each time: reading them costs less
 * than hashing them, and only a long post can cost much.
 */
export const cachedFromChars = 2048;

/**
 * A cache of extraction results, for one long-lived reader (the worker, a CLI run).
 *
 * @param maxEntries the most posts held; the oldest are dropped beyond it. @default 200000
 * @example const cache = createExtractionCache(); countThread(posts, { readVotes: cache.read })
 */
export function createExtractionCache(maxEntries = 200_000): ExtractionCache {
  const entries = new Map<string, readonly VoteCandidate[]>();
  const grammarKeys = new WeakMap<VoteGrammar, string>();
  let hits = 0;
  let misses = 0;
  const grammarKey = (grammar: VoteGrammar): string => {
    let key = grammarKeys.get(grammar);
    if (key === undefined) {
      const hash = new BodyHash();
      hash.add(JSON.stringify(grammar));
      key = hash.key();
      grammarKeys.set(grammar, key);
    }
    return key;
  };
  const read: VoteReader = (post, grammar) => {
    if (textLength(post.body) < cachedFromChars) return extractVotes(post, { grammar });
    const key = `${grammarKey(grammar)}\u0000${post.id}\u0000${bodyKey(post.body)}`;
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
