/**
 * The replay's one-pass post reader (cli/tree/body-stream.ts) gives the bodies
 * the body walker gives over a DOM: on every post of the phpBB fixtures (the
 * browser-like DOM, jsdom, as the content script reads them), on every post of
 * corpus games (the post tree over the same htmlparser2, so also where
 * htmlparser2 builds malformed markup unlike a browser), and on the quote and
 * spoiler cases its one pass reads differently from a walk over a tree. Where
 * it cannot know what the walker would do it gives the post up (undefined),
 * and `createBodyReader` reads it over the tree instead.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { parsePostsJsonl } from '../../cli/corpus/archive';
import { createBodyReader, createTreeBodyReader } from '../../cli/corpus/load';
import { createStreamBodyReader } from '../../cli/tree/body-stream';
import { bodyProfiles, limitNesting, parsePostBody } from '../../src/parsers';
import { bodyProfile } from '../../src/parsers/profile-parts';

const jsdomDocument = new JSDOM('<!doctype html><html><head></head><body></body></html>').window.document;
const jsdomRange = jsdomDocument.createRange();
jsdomRange.selectNodeContents(jsdomDocument.body);

/** The body as the browser-like DOM reads it: the post's markup parsed in a page's body into a `<div>` (never attached). */
function jsdomBody(html: string): ReturnType<typeof parsePostBody> {
  const div = jsdomDocument.createElement('div');
  div.append(jsdomRange.createContextualFragment(limitNesting(html).html));
  return parsePostBody(div, 'phpbb');
}

const streamPhpbb = createStreamBodyReader(bodyProfiles.phpbb);
function stream(html: string): ReturnType<typeof parsePostBody> | undefined {
  if (streamPhpbb === undefined) throw new Error('no streaming reader for phpBB');
  return streamPhpbb(limitNesting(html).html);
}
const treeBody = createTreeBodyReader();
const readBody = createBodyReader();

describe('the one-pass reader on real posts', () => {
  const root = path.join(import.meta.dirname, '..', 'fixtures', 'forums', 'phpbb');
  const pages = readdirSync(root).map((folder) => path.join(root, folder, 'page.html'));

  it.each(pages)('reads every post of %s in one pass as the DOM path does', (file) => {
    const doc = new JSDOM(readFileSync(file, 'utf8')).window.document;
    const contents = Array.from(doc.querySelectorAll('div.postbody div.content'));
    expect(contents.length).toBeGreaterThan(0);
    let quotes = 0;
    for (const content of contents) {
      const expected = parsePostBody(content, 'phpbb');
      const fast = stream(content.innerHTML);
      expect(fast, 'read in one pass, not left to the tree').toBeDefined();
      expect(fast).toEqual(expected);
      quotes += expected.filter((n) => n.type === 'quote').length;
    }
    expect(quotes).toBeGreaterThan(0);
  });

  const corpus = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'mafiascum', 'posts');
  const present = existsSync(corpus);
  if (!present) console.warn(`[body-stream.test] ../shared is absent: skipped the mafiascum corpus posts (${corpus})`);

  it.skipIf(!present)('reads every post of corpus games in one pass as the post tree does', () => {
    // Every post, not only those the replay's pre-filter passes, of the first games and of the two
    // where htmlparser2 builds markup unlike a browser (a stray <td>, an <li> in an open <span>).
    const files = [
      ...readdirSync(corpus)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .slice(0, 2),
      '16947.jsonl',
      '62630.jsonl',
    ];
    let compared = 0;
    let quotes = 0;
    let spoilers = 0;
    for (const file of files) {
      const full = path.join(corpus, file);
      for (const post of parsePostsJsonl(readFileSync(full, 'utf8'), full)) {
        const fast = stream(post.content);
        const expected = treeBody(post.content);
        expect(fast, `${file} #${String(post.number)}`).toEqual(expected);
        quotes += expected.filter((n) => n.type === 'quote').length;
        spoilers += expected.filter((n) => n.type === 'spoiler').length;
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(3000);
    expect(quotes).toBeGreaterThan(300);
    expect(spoilers).toBeGreaterThan(0);
  });
});

describe('quotes and spoilers read in one pass, as jsdom reads them', () => {
  const cases: readonly [string, string][] = [
    [
      "a quote's author link and post link, its header after some of its text",
      '<blockquote><div>before the header <cite>In <a href="./viewtopic.php?p=4242#p4242">post 12</a>, ' +
        '<a href="./memberlist.php?mode=viewprofile&amp;u=7"><span>al</span>ice</a> wrote:</cite>' +
        '<b>vote: bob</b></div></blockquote>after',
    ],
    ['a header naming its author in words only', '<blockquote><cite>carol wrote:</cite>text</blockquote>'],
    [
      'an author link with no text: the header wording names the author',
      '<blockquote><cite><a href="./memberlist.php?mode=viewprofile&amp;u=3"></a>dave wrote:</cite>x</blockquote>',
    ],
    [
      'the post id on the quote and on a link in the header',
      '<blockquote data-post-id="55"><cite><a data-post-id="66">erin</a> wrote:</cite>y</blockquote>',
    ],
    [
      "a second cite in a quote is its text, a nested quote's cite is the nested quote's header",
      '<blockquote><cite>fay wrote:</cite><cite>italic</cite><blockquote><cite>gus wrote:</cite>z</blockquote></blockquote>',
    ],
    [
      "a cite in a spoiler inside a quote belongs to no header, the quote's own comes after it",
      '<blockquote><div class="quotecontent"><cite>not a header</cite></div><cite>hal wrote:</cite>w</blockquote>',
    ],
    [
      'a spoiler titled only by its button, a title with no spoiler after it, and two titles in a row',
      '<div class="quotetitle"><input type="button" value="Spoiler: list"></div><div class="quotecontent">a</div>' +
        '<div class="quotetitle"><b>lonely</b></div>text' +
        '<div class="quotetitle">first</div><div class="quotetitle">second</div><div class="quotecontent"><b>vote: ian</b></div>',
    ],
    [
      'a spoiler keeps the marks around it, a quote does not',
      '<b>bold <div class="quotecontent">in spoiler</div><blockquote>in quote</blockquote></b>',
    ],
    [
      'furniture, smileys and breaks inside a header',
      '<blockquote><cite><div class="codebox">code</div>jo <img class="smilies" alt=":)"> wrote:<br></cite>q</blockquote>',
    ],
  ];

  it.each(cases)('%s', (_name, html) => {
    const fast = stream(html);
    expect(fast, 'read in one pass, not left to the tree').toBeDefined();
    expect(fast).toEqual(jsdomBody(html));
  });
});

describe('posts the one pass leaves to the tree', () => {
  const cases: readonly [string, string][] = [
    [
      'a possible header inside a code box of a quote without one yet',
      '<blockquote><div class="codebox"><cite>kim wrote:</cite></div><cite>lee wrote:</cite>v</blockquote>',
    ],
    ['a quote inside a header', '<blockquote><cite>mo <blockquote>inner</blockquote> wrote:</cite>u</blockquote>'],
    ['a quote inside a spoiler title', '<div class="quotetitle"><blockquote>t</blockquote></div><div class="quotecontent">s</div>'],
    [
      'a header inside a spoiler title of a quote without one',
      '<blockquote><div class="quotetitle"><cite>ned wrote:</cite></div><div class="quotecontent">r</div></blockquote>',
    ],
    ['quotes nested as deep as the walker flattens them', `${'<blockquote>'.repeat(25)}<b>vote: oz</b>${'</blockquote>'.repeat(25)}`],
  ];

  it.each(cases)('%s: given up in one pass, read over the tree as jsdom reads it', (_name, html) => {
    expect(stream(html)).toBeUndefined();
    expect(readBody(html)).toEqual(jsdomBody(html));
  });

  it('reads the next post in one pass after giving one up (the parser is reused)', () => {
    const first = cases[0]?.[1] ?? '';
    expect(stream(first)).toBeUndefined();
    const next = '<blockquote><cite>pia wrote:</cite>p</blockquote><b>vote: quin</b>';
    expect(stream(next)).toEqual(jsdomBody(next));
  });

  it('has no one-pass reader for a profile whose selectors need more than the element itself', () => {
    expect(createStreamBodyReader(bodyProfile({ quote: ['div.post > blockquote'] }))).toBeUndefined();
    expect(createStreamBodyReader(bodyProfile({ quote: ['blockquote:not(.x)'] }))).toBeUndefined();
    expect(createStreamBodyReader(bodyProfile({ furniture: ['div.lightbox-wrapper .meta'] }))).toBeUndefined();
    // a header that sits before its quote, a title inside its spoiler: headers the one pass does not read
    expect(createStreamBodyReader(bodyProfiles.smf)).toBeUndefined();
    expect(createStreamBodyReader(bodyProfiles.invision)).toBeUndefined();
    expect(createStreamBodyReader(bodyProfile({ quote: ['blockquote.a', 'div[data-quote^="x y"]'] }))).toBeDefined();
  });
});
