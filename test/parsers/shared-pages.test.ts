/**
 * The real saved pages in ../shared/fixtures/forums (phpBB 3.0, XenForo 1/2, vBulletin 3/4/5 and
 * the Curse-engine Mafia game) checked against expected facts kept in test/parsers/shared-expected:
 * every post found, with its number, id, author, time, edit facts and quote authors. For the Mafia
 * game, every bold run too (its votes), and whether it sits inside a quote.
 * The NodeBB page is the "not supported" case.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BodyNode } from '../../src/model/post';
import { detectEngine, parseThreadPage } from '../../src/parsers/index';
import { hasShared, loadDocument, runsOf, sharedForums, warnSkipped } from './helpers';

interface ExpectedPost {
  readonly number: number;
  readonly id: string;
  readonly author: string;
  readonly authorId: string | null;
  readonly time: string | null;
  readonly edited: { readonly at?: string; readonly by?: string } | null;
  readonly quoteAuthors: ReadonlyArray<string | null>;
  readonly boldRuns?: ReadonlyArray<{ text: string; quoted: boolean; struck?: true; inSpoiler?: true }>;
}

interface ExpectedPage {
  readonly file: string;
  readonly url: string;
  readonly engine: string;
  readonly thread: Record<string, unknown>;
  readonly posts: readonly ExpectedPost[];
}

const expectedDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'shared-expected');
const cases = readdirSync(expectedDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(expectedDir, f), 'utf8')) as ExpectedPage] as const);

function quoteAuthors(nodes: readonly BodyNode[]): Array<string | null> {
  return nodes.flatMap((n) =>
    n.type === 'quote' ? [n.author ?? null, ...quoteAuthors(n.children)] : n.type === 'spoiler' ? quoteAuthors(n.children) : [],
  );
}

warnSkipped('the real saved forum pages (shared-pages.test.ts)');

describe.skipIf(!hasShared)('real saved forum pages', () => {
  it.each(cases)('%s', (_name, expected) => {
    const file = path.join(sharedForums, expected.file);
    expect(existsSync(file)).toBe(true);
    const result = parseThreadPage(loadDocument(file, expected.url), expected.url, { now: Date.parse('2026-01-01T00:00:00Z') });
    expect(result.supported).toBe(true);
    if (!result.supported) return;
    expect(result.engine).toBe(expected.engine);
    expect(result.issues).toEqual([]);
    const { posts, engine: _engine, ...thread } = result.data;
    expect(thread).toEqual(expected.thread);
    expect(posts.map((p) => p.id)).toEqual(expected.posts.map((p) => p.id));
    posts.forEach((post, i) => {
      const want = expected.posts[i];
      expect(want).toBeDefined();
      if (want === undefined) return;
      expect(post.number).toBe(want.number);
      expect(post.author).toBe(want.author);
      expect(post.authorId ?? null).toBe(want.authorId);
      expect(post.postedAt === null ? null : new Date(post.postedAt).toISOString()).toBe(want.time);
      const edited =
        post.edited === undefined
          ? null
          : {
              ...(post.edited.at === undefined ? {} : { at: new Date(post.edited.at).toISOString() }),
              ...(post.edited.by === undefined ? {} : { by: post.edited.by }),
            };
      expect(edited).toEqual(want.edited);
      expect(quoteAuthors(post.body)).toEqual(want.quoteAuthors);
      if (want.boldRuns !== undefined) {
        const bold = runsOf(post.body)
          .filter((r) => r.bold)
          .map((r) => ({
            text: r.text,
            quoted: r.quoteAuthors.length > 0,
            ...(r.struck ? { struck: true } : {}),
            ...(r.inSpoiler ? { inSpoiler: true } : {}),
          }));
        expect(bold).toEqual(want.boldRuns);
      }
    });
  });

  it('reads no post from the NodeBB page and calls it not supported', () => {
    const file = path.join(sharedForums, 'other', 'nodebb-community_new-design-chat.html');
    const url = 'https://community.nodebb.org/topic/1/new-design-chat';
    const doc = loadDocument(file, url);
    expect(detectEngine(doc, url)).toEqual({ supported: false, reason: 'engine/unknown' });
    expect(parseThreadPage(doc, url, { now: 0 })).toEqual({ supported: false, reason: 'engine/unknown' });
  });
});
