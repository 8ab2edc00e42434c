/**
 * The post-body walker over real mafiascum posts (../shared/corpus/mafiascum, read at test time):
 * every `[vote]` tag comes out as its own vote-tag run, every blockquote as a quote node, and
 * every uncited quote without an author. Only posts whose HTML holds a vote tag or a blockquote can
 * fail these checks, so only those are parsed, through one reused document (as the replay does).
 * A sample of the games keeps the suite fast; the whole corpus (71,025 posts) is walked by the
 * vote replay.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BodyNode } from '../../src/model/post';
import { parsePostBody } from '../../src/parsers/index';
import { shared } from './helpers';

const postsDir = path.join(shared, 'corpus', 'mafiascum', 'posts');
const hasCorpus = existsSync(postsDir);
if (!hasCorpus) console.warn('[parsers] ../shared/corpus/mafiascum is absent: skipped the mafiascum corpus walk (corpus.test.ts)');

function count(nodes: readonly BodyNode[], pick: (node: BodyNode) => boolean): number {
  let n = 0;
  for (const node of nodes) {
    if (pick(node)) n++;
    if (node.type === 'quote' || node.type === 'spoiler') n += count(node.children, pick);
  }
  return n;
}

describe.skipIf(!hasCorpus)('mafiascum corpus bodies', () => {
  const files = hasCorpus
    ? readdirSync(postsDir)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
    : [];
  // every eighth game: a fixed, spread sample
  const sample = files.filter((_, i) => i % 8 === 0);

  const range = document.createRange();
  range.selectNodeContents(document.body);

  it.each(sample)(
    '%s',
    (file) => {
      let posts = 0;
      let checked = 0;
      for (const line of readFileSync(path.join(postsDir, file), 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        const post = JSON.parse(line) as { id: string; content: string };
        posts++;
        if (!/bbvote|<blockquote/i.test(post.content)) continue;
        const holder = document.createElement('div');
        holder.append(range.createContextualFragment(post.content));
        const body = parsePostBody(holder, 'phpbb');
        checked++;
        const tags = Array.from(holder.querySelectorAll('span.bbvote')).filter((s) => (s.textContent ?? '').trim() !== '').length;
        expect(
          count(body, (n) => n.type === 'text' && n.voteTag === true),
          `post ${post.id}`,
        ).toBeGreaterThanOrEqual(tags);
        expect(
          count(body, (n) => n.type === 'quote'),
          `post ${post.id}`,
        ).toBe(holder.querySelectorAll('blockquote').length);
        expect(
          count(body, (n) => n.type === 'quote' && n.author === undefined),
          `post ${post.id}`,
        ).toBe(holder.querySelectorAll('blockquote.uncited').length);
      }
      expect(posts).toBeGreaterThan(0);
      expect(checked).toBeGreaterThan(0);
    },
    120_000,
  );
});
