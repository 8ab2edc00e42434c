/**
 * A short fingerprint of a page's posts (ids, edit times and body text), so
 * the worker can skip a page it has already stored unchanged. FNV-1a over the
 * JSON: not cryptographic, only a change detector.
 */
import type { ForumPost } from '../../src/model/post';

export function hashPosts(posts: readonly ForumPost[]): string {
  const text = JSON.stringify(posts.map((p) => [p.id, p.number, p.edited?.at ?? null, p.body]));
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `${posts.length}-${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`;
}
