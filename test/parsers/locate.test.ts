/**
 * Finding a post's element on the page, so Gavel can put its badges beside the
 * post: on every golden page, each parsed post maps to one element that holds
 * that post's own text and no other post's, and reading the page changes nothing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodyText } from '../../src/model/post';
import { locatePosts, parseThreadPage } from '../../src/parsers/index';
import { htmlDocument, repoRoot } from './helpers';

const root = path.join(repoRoot, 'test', 'fixtures', 'forums');
const htmlFolders = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((engine) =>
    readdirSync(path.join(root, engine.name), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((slug) => `${engine.name}/${slug.name}`),
  )
  .filter((folder) => !/^\s*[{[]/.test(readFileSync(path.join(root, folder, 'page.html'), 'utf8')));

/** Text without any whitespace: forums put line breaks and spaces around markup differently. */
function squash(text: string): string {
  return text.replace(/\s+/gu, '');
}

describe('locating each post on the page', () => {
  it.each(htmlFolders)('%s', (folder) => {
    const dir = path.join(root, folder);
    const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as { url: string; now: string; timeZone?: string };
    const doc = htmlDocument(readFileSync(path.join(dir, 'page.html'), 'utf8'), expected.url);
    const before = doc.documentElement.outerHTML;
    const options = { now: Date.parse(expected.now), ...(expected.timeZone === undefined ? {} : { timeZone: expected.timeZone }) };
    const located = locatePosts(doc, new URL(expected.url), options);
    expect(located).not.toBeNull();
    if (located === null) return;
    const plain = parseThreadPage(doc, expected.url, options);
    expect(plain.supported && plain.data.posts).toEqual(located.result.data.posts);
    const posts = located.result.data.posts;
    expect(located.elements.size).toBe(posts.length);
    const elements = posts.map((p) => located.elements.get(p.id));
    expect(new Set(elements).size).toBe(posts.length);
    for (const [i, post] of posts.entries()) {
      const element = elements[i];
      expect(element, `post ${post.id}`).toBeDefined();
      if (element === undefined) continue;
      const own = squash(bodyText(post.body, { skipQuotes: true, skipSpoilers: true })).slice(0, 12);
      if (own !== '') expect(squash(element.textContent ?? ''), `post ${post.id} holds its opening words`).toContain(own);
      // No post's element holds another: a badge put beside one post never lands inside another.
      for (const other of elements) if (other !== undefined && other !== element) expect(element.contains(other)).toBe(false);
    }
    expect(doc.documentElement.outerHTML).toBe(before);
  });

  it('says null on a page that is not a thread of a supported forum', () => {
    const doc = htmlDocument('<!doctype html><title>Recipes</title><p>Not a forum.</p>');
    expect(locatePosts(doc, new URL('https://example.org/recipes'), { now: 0 })).toBeNull();
  });
});
