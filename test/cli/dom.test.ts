/**
 * The CLI's DOM (cli/dom.ts, linkedom) reads pages as a browser does, in what
 * the parsers rely on: every golden page gives its expected parse through it,
 * and each difference from a browser found in linkedom is handled.
 * (All parser suites run through it with GAVEL_TEST_DOM=cli npx vitest run test/parsers.)
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBodyReader } from '../../cli/corpus/load';
import { createFragmentReader, htmlDocument, textDocument } from '../../cli/dom';
import { pageDocument } from '../../cli/input';
import { parseThreadPage } from '../../src/parsers/index';
import { threadListWords } from '../../scripts/bench/storage';

const root = path.join(import.meta.dirname, '..', 'fixtures', 'forums');
const folders = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((engine) =>
    readdirSync(path.join(root, engine.name), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((slug) => `${engine.name}/${slug.name}`),
  );

describe('golden pages through the CLI DOM', () => {
  it.each(folders)('%s', (folder) => {
    const dir = path.join(root, folder);
    const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as {
      url: string;
      now: string;
      timeZone?: string;
      engine: string;
      thread: Record<string, unknown>;
      posts: unknown[];
      issues?: unknown[];
    };
    const page = readFileSync(path.join(dir, 'page.html'), 'utf8');
    const doc = /^\s*[{[]/.test(page) ? textDocument(page) : pageDocument(page, expected.url, folder, () => undefined);
    const result = parseThreadPage(doc, expected.url, {
      now: Date.parse(expected.now),
      ...(expected.timeZone === undefined ? {} : { timeZone: expected.timeZone }),
    });
    expect(result.supported).toBe(true);
    if (!result.supported) return;
    const { posts, ...thread } = result.data;
    expect(thread).toEqual({ engine: expected.engine, ...expected.thread });
    expect(posts).toEqual(expected.posts);
    expect(result.issues).toEqual(expected.issues ?? []);
  });
});

describe('what linkedom does differently from a browser, handled', () => {
  it('lowercases attribute names, in a page and in a fragment, and looks attributes up case-blind', () => {
    const doc = htmlDocument('<!doctype html><html><head></head><body><ul data-ipsPagination-perPage="20"></ul></body></html>');
    const ul = doc.querySelector('ul');
    expect(ul?.getAttribute('data-ipspagination-perpage')).toBe('20');
    expect(ul?.getAttribute('data-ipsPagination-perPage')).toBe('20');
    expect(doc.querySelectorAll('[data-ipspagination-perpage="20"]')).toHaveLength(1);
    const div = createFragmentReader()('<span DATA-Author="bob">x</span>');
    expect(div.querySelector('span')?.getAttribute('data-author')).toBe('bob');
  });

  it('builds html, head and body around a page without them, and reading head or body changes nothing', () => {
    const doc = htmlDocument('<li class="post">one</li>');
    expect(doc.documentElement.localName).toBe('html');
    const before = doc.documentElement.outerHTML;
    expect(doc.body.querySelector('li')?.textContent).toBe('one');
    expect(doc.title).toBe('');
    expect(doc.documentElement.outerHTML).toBe(before);
    const titled = htmlDocument('<!doctype html><title>Recipes</title><body class="b"><p>Bake</p></body>');
    expect(titled.title).toBe('Recipes');
    expect(titled.body.className).toBe('b');
    expect(titled.body.textContent).toBe('Bake');
  });

  it('puts a JSON text in the body, as a browser shows a .json file', () => {
    expect(textDocument('{"post_stream":{}}').body.textContent).toBe('{"post_stream":{}}');
    expect(htmlDocument('{"post_stream":{}}').body.textContent).toBe('{"post_stream":{}}');
  });

  it('drops a byte-order mark before the page', () => {
    const doc = htmlDocument('\uFEFF\n<!DOCTYPE html>\n<html><head><title>T</title></head><body>x</body></html>');
    expect(doc.title).toBe('T');
    expect(doc.body.textContent).toBe('x');
  });

  it('has document.implementation.createHTMLDocument (the Discourse adapter reads cooked HTML in one)', () => {
    const inert = htmlDocument('<p>x</p>').implementation.createHTMLDocument('');
    const holder = inert.createElement('div');
    holder.append(inert.createRange().createContextualFragment('<b Title="t">vote</b>'));
    expect(holder.querySelector('b')?.getAttribute('title')).toBe('t');
  });

  it('ignores nested <html>, <head> and <body> tags as a browser does, so 100,000 of them neither nest nor overflow', () => {
    const deep = '<body>'.repeat(100_000);
    const doc = htmlDocument(`<!doctype html><html><head><title>T</title></head><body><div class="c">${deep}x</div></body></html>`);
    expect(doc.querySelector('div.c')?.children).toHaveLength(0);
    expect(doc.querySelectorAll('body')).toHaveLength(1);
    const read = createBodyReader();
    expect(read(`<html><head></head>${deep}<b>Vote: bob</b>`)).toEqual([{ type: 'text', text: 'Vote: bob', bold: true }]);
  });
});

describe('the storage bench waits for what the popup shows', () => {
  it('words the post count as the popup does, with the number formatted for the language', () => {
    const [english, russian] = threadListWords(50_000, 250);
    expect(english).toBe('50,000 posts on 250 pages');
    expect(russian).toMatch(/^50\s000 /);
  });
});
