/**
 * `readPostsInSteps` (src/parsers/detect.ts) reads a page a post at a time, in any order, for the
 * content script that reads the posts in view first and the rest when the browser is idle. Whatever
 * the order, `finish` must give exactly what `parseThreadPage` gives: the same thread facts, posts and
 * issues, and the same post elements, on every golden page (test/fixtures/forums) and every saved real
 * page (../shared/fixtures/forums).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../src/model/post';
import { detectEngine, forumAdapters, parseThreadPage, readPostsInSteps } from '../../src/parsers/index';
import { hasShared, htmlDocument, loadDocument, repoRoot, sharedForums, warnSkipped } from './helpers';

interface PageCase {
  readonly name: string;
  readonly load: () => Document;
  readonly url: string;
  readonly now: number;
  readonly timeZone?: string;
}

const goldenRoot = path.join(repoRoot, 'test', 'fixtures', 'forums');
const goldenCases: PageCase[] = readdirSync(goldenRoot, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((engine) =>
    readdirSync(path.join(goldenRoot, engine.name), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((slug): PageCase => {
        const dir = path.join(goldenRoot, engine.name, slug.name);
        const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as {
          url: string;
          now: string;
          timeZone?: string;
        };
        const page = readFileSync(path.join(dir, 'page.html'), 'utf8');
        return {
          name: `golden ${engine.name}/${slug.name}`,
          url: expected.url,
          now: Date.parse(expected.now),
          ...(expected.timeZone === undefined ? {} : { timeZone: expected.timeZone }),
          load: () => {
            const isJson = /^\s*[{[]/.test(page);
            const doc = htmlDocument(isJson ? '<!doctype html><body></body>' : page, expected.url);
            if (isJson) doc.body.append(doc.createTextNode(page));
            return doc;
          },
        };
      }),
  );

/** Every saved real page, at the address its expected facts give, else at a thread address of its folder's engine. */
function sharedCases(): PageCase[] {
  if (!hasShared) return [];
  const urls = new Map<string, string>();
  const expectedDir = path.join(repoRoot, 'test', 'parsers', 'shared-expected');
  for (const f of readdirSync(expectedDir).filter((n) => n.endsWith('.json'))) {
    const e = JSON.parse(readFileSync(path.join(expectedDir, f), 'utf8')) as { file: string; url: string };
    urls.set(e.file, e.url);
  }
  const out: PageCase[] = [];
  for (const folder of readdirSync(sharedForums, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(path.join(sharedForums, folder.name)).filter((f) => f.endsWith('.html'))) {
      const rel = `${folder.name}/${file}`;
      const url = urls.get(rel) ?? `https://forum.example.org/${folder.name}/showthread.php?t=7&page=2`;
      out.push({
        name: `shared ${rel}`,
        url,
        now: Date.parse('2026-01-01T00:00:00Z'),
        load: () => loadDocument(path.join(sharedForums, rel), url),
      });
    }
  }
  return out;
}

/** A fixed shuffle (a small linear congruential generator), so a failure can be run again as it was. */
function shuffled(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let state = seed;
  for (let i = n - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

/** The orders a reader may take: page order, reversed, a middle stretch first (posts in view) then the rest, shuffled. */
function orders(n: number): Array<[string, number[]]> {
  const all = Array.from({ length: n }, (_, i) => i);
  const from = Math.floor(n / 3);
  const to = Math.min(n, from + 4);
  return [
    ['page order', all],
    ['reversed', [...all].reverse()],
    ['a middle stretch first', [...all.slice(from, to), ...all.slice(0, from), ...all.slice(to)]],
    ['shuffled', shuffled(n, n + 17)],
    ['none read before finish', []],
  ];
}

const cases = [...goldenCases, ...sharedCases()];
warnSkipped('the saved real pages in the stepped reading test (stepped-read.test.ts)');

describe('reading a page a post at a time gives what parseThreadPage gives', () => {
  it('covers a golden page of every engine read in steps, and the saved real pages', () => {
    expect(goldenCases.length).toBeGreaterThanOrEqual(11);
    if (hasShared) expect(cases.length - goldenCases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases)('$name', (page) => {
    const options = { now: page.now, ...(page.timeZone === undefined ? {} : { timeZone: page.timeZone }) };
    const whole = parseThreadPage(page.load(), page.url, options);
    if (!whole.supported) {
      // The NodeBB page: nothing to read, in one step or in many.
      expect(detectEngine(page.load(), page.url).supported).toBe(false);
      return;
    }
    const wholeElements: string[] = [];
    const wholeDoc = page.load();
    forumAdapters[whole.engine].parseThreadPage(wholeDoc, new URL(page.url), {
      ...options,
      onPostElement: (id, element) => wholeElements.push(`${id}@${element.id || element.tagName}`),
    });
    const expectedIds = whole.data.posts.map((p) => p.id);

    const containers = readPostsInSteps(forumAdapters[whole.engine], page.load(), new URL(page.url), options).elements.length;
    // Engines read in steps have as many containers as posts at least; Discourse's JSON is read in one step.
    if (whole.engine !== 'discourse') expect(containers).toBeGreaterThanOrEqual(whole.data.posts.length);
    else expect(containers).toBe(0);

    for (const [how, order] of orders(containers)) {
      const doc = page.load();
      const steps = readPostsInSteps(forumAdapters[whole.engine], doc, new URL(page.url), options);
      const readEarly = new Map<string, ForumPost>();
      for (const index of order) {
        const post = steps.read(index);
        if (post !== undefined) readEarly.set(post.id, post);
        // Asked again, the same answer.
        expect(steps.read(index), `${how}: post container ${index} read twice`).toBe(post);
      }
      const located = steps.finish();
      const { posts: _posts, ...facts } = whole.data;
      expect(steps.thread, how).toEqual(facts);
      expect(located.engine, how).toBe(whole.engine);
      expect(located.result.data, how).toEqual(whole.data);
      expect(located.result.issues, how).toEqual(whole.issues);
      expect(
        [...located.elements].map(([id, el]) => `${id}@${el.id || el.tagName}`),
        how,
      ).toEqual(wholeElements);
      // The elements' posts are the page's posts (Discourse's JSON has no elements).
      if (whole.engine !== 'discourse') expect([...located.elements.keys()], how).toEqual(expectedIds);
      // Every post read early is the page's own post, as the page gives it.
      for (const [id, post] of readEarly) expect(post, `${how}: post ${id}`).toEqual(whole.data.posts.find((p) => p.id === id));
      if (containers > 0 && order.length === containers) expect([...readEarly.keys()].sort(), how).toEqual([...expectedIds].sort());
    }
  });
});

describe('a page whose posts repeat or cannot be read, read out of order', () => {
  // phpBB markup: post 2 repeats post 1's id (a page may hold a post twice), post 3 has no id.
  const post = (id: string, author: string, text: string): string =>
    `<div class="post" id="${id}"><div class="postbody"><p class="author">by <strong>${author}</strong> » Sun May 26, 2019 4:34 pm</p>` +
    `<div class="content">${text}</div></div></div>`;
  const html =
    '<!doctype html><html><head><title>Game</title></head><body id="phpbb"><h2><a href="./viewtopic.php?t=5">Game</a></h2>' +
    post('p10', 'alice', 'first') +
    post('p10', 'mallory', 'the same id again') +
    post('pX', 'bob', 'no number in the id') +
    post('p11', 'carol', '<b>vote alice</b>') +
    '</body></html>';
  const url = new URL('https://forum.example.org/viewtopic.php?t=5');
  const options = { now: Date.parse('2020-01-01T00:00:00Z') };

  it('keeps the first container of a repeated id, and says the same issues, read in any order', () => {
    const whole = parseThreadPage(htmlDocument(html, url.href), url, options);
    if (!whole.supported) throw new Error('not read as phpBB');
    expect(whole.data.posts.map((p) => [p.id, p.author])).toEqual([
      ['10', 'alice'],
      ['11', 'carol'],
    ]);
    expect(whole.issues.map((i) => i.kind)).toContain('post/skipped');
    for (const [how, order] of orders(4)) {
      const steps = readPostsInSteps(forumAdapters.phpbb, htmlDocument(html, url.href), url, options);
      for (const index of order) steps.read(index);
      const located = steps.finish();
      expect(located.result, how).toEqual({ data: whole.data, issues: whole.issues });
      expect(located.elements.get('10')?.textContent, how).toContain('first');
    }
  });

  it('gives no post for a repeat read after the first, nor for a container without an id', () => {
    const steps = readPostsInSteps(forumAdapters.phpbb, htmlDocument(html, url.href), url, options);
    expect(steps.read(2)).toBeUndefined();
    expect(steps.read(0)?.author).toBe('alice');
    expect(steps.read(1)).toBeUndefined();
    expect(steps.read(3)?.author).toBe('carol');
    expect(() => steps.read(4)).toThrow(RangeError);
  });

  it('a repeat read before its first container gives way to it once that is read', () => {
    const steps = readPostsInSteps(forumAdapters.phpbb, htmlDocument(html, url.href), url, options);
    expect(steps.read(1)?.author).toBe('mallory');
    expect(steps.read(0)?.author).toBe('alice');
    expect(steps.read(1)).toBeUndefined();
    expect(steps.finish().result.data.posts.map((p) => p.author)).toEqual(['alice', 'carol']);
  });
});
