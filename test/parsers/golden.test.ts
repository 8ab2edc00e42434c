/**
 * Golden pages written by the project, one folder each: test/fixtures/forums/<engine>/<slug>/
 * page.html + expected.json + SOURCE.md (which engine template and version the page mirrors).
 * Adding a folder adds a case; there is no per-fixture test code.
 *
 * expected.json: { url, now, timeZone?, engine, thread: {…ThreadPage without posts}, posts: ForumPost[], issues? }
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../src/model/post';
import { forumEngineIds, parseThreadPage, type ParseIssue } from '../../src/parsers/index';
import { htmlDocument, repoRoot } from './helpers';

interface Expected {
  readonly url: string;
  readonly now: string;
  readonly timeZone?: string;
  readonly engine: string;
  readonly thread: Record<string, unknown>;
  readonly posts: readonly ForumPost[];
  readonly issues?: readonly ParseIssue[];
}

const root = path.join(repoRoot, 'test', 'fixtures', 'forums');
const folders = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((engine) =>
    readdirSync(path.join(root, engine.name), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((slug) => `${engine.name}/${slug.name}`),
  );

describe('golden forum pages', () => {
  it('has at least one fixture per engine except the Curse engine (its page is real, in ../shared)', () => {
    const engines = new Set(folders.map((f) => f.split('/')[0]));
    for (const id of forumEngineIds) if (id !== 'curse') expect(engines, id).toContain(id);
  });

  it.each(folders)('%s', (folder) => {
    const dir = path.join(root, folder);
    for (const file of ['page.html', 'expected.json', 'SOURCE.md'])
      expect(existsSync(path.join(dir, file)), `${folder}/${file}`).toBe(true);
    const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected;
    const page = readFileSync(path.join(dir, 'page.html'), 'utf8');
    const isJson = /^\s*[{[]/.test(page);
    const doc = htmlDocument(isJson ? '<!doctype html><body></body>' : page, expected.url);
    if (isJson) doc.body.append(doc.createTextNode(page));
    const options = { now: Date.parse(expected.now), ...(expected.timeZone === undefined ? {} : { timeZone: expected.timeZone }) };
    const result = parseThreadPage(doc, expected.url, options);
    expect(result.supported).toBe(true);
    if (!result.supported) return;
    expect(result.engine).toBe(folder.split('/')[0]);
    const { posts, ...thread } = result.data;
    expect(thread).toEqual({ engine: expected.engine, ...expected.thread });
    expect(posts).toEqual(expected.posts);
    expect(result.issues).toEqual(expected.issues ?? []);
  });
});
