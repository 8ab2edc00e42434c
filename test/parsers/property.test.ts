/**
 * Properties of every adapter and the body walker (fast-check):
 * - nothing throws on arbitrary tag soup, whatever engine markers it happens to contain;
 * - formatting whitespace between block tags and the order of attributes change nothing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectEngine, forumAdapters, forumEngineIds, parsePostBody, parseThreadPage } from '../../src/parsers/index';
import { htmlDocument, repoRoot } from './helpers';

/** A quick document from the test environment's own DOM (jsdom), much cheaper than a new JSDOM per run. */
function quickDocument(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const tags = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'strike',
  'span',
  'div',
  'p',
  'blockquote',
  'cite',
  'font',
  'a',
  'li',
  'ul',
  'table',
  'tr',
  'td',
  'aside',
  'details',
  'summary',
  'article',
  'pre',
  'script',
  'time',
  'abbr',
];
const classes = [
  'post',
  'content',
  'postbody',
  'author',
  'bbvote',
  'quotetitle',
  'quotecontent',
  'message',
  'messageText',
  'bbCodeQuote',
  'bbCodeBlock--quote',
  'bbWrapper',
  'message-body',
  'bbcode_quote',
  'bbcode_postedby',
  'postcontainer',
  'b-post',
  'js-post__content-text',
  'post_body',
  'mycode_b',
  'mycode_quote',
  'windowbg',
  'inner',
  'quoteheader',
  'bbc_standard_quote',
  'cPost',
  'ipsQuote',
  'ipsSpoiler',
  'bbQuoteBlock',
  'qName',
  'ucoz-forum-post',
  'j-comment',
  'j-comment-body',
  'spoiler',
  'quote',
  'title',
  'text-strong',
  'noboldsig',
  'pagination',
  'PageNav',
];
const attributes = fc.oneof(
  fc.constantFrom(...classes).map((c) => `class="${c}"`),
  fc
    .constantFrom(
      'font-weight:bold',
      'font-weight: 700',
      'font-weight:normal',
      'text-decoration: line-through',
      'color: Green',
      'display:inline',
      'margin:20px',
      'display:none',
    )
    .map((s) => `style="${s}"`),
  fc.constantFrom(
    'id="p12"',
    'id="post_5"',
    'id="post-7"',
    'id="msg_3"',
    'id="elComment_9"',
    'id="post123"',
    'data-node-id="5"',
    'data-content="post-4"',
    'data-id="8"',
    'data-quote="x"',
    'data-quotedata="{bad json"',
    'data-time="abc"',
    'datetime="2025-13-45T99:99"',
    'data-epoch="1"',
    'href="viewtopic.php?p=x#p"',
    'cite="./viewtopic.php?p=5"',
    'color="RED"',
    'data-postnumber="-1"',
  ),
);
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    'Vote: alice',
    'alice wrote:',
    'Quote from: x on y',
    'Today at 7:50 PM',
    'Сегодня, 19:50',
    'Page 2 of 3',
    '#12',
    '&amp;',
    '<',
    '>',
  ),
);
const token = fc.oneof(
  fc
    .tuple(fc.constantFrom(...tags), fc.array(attributes, { maxLength: 3 }))
    .map(([t, a]) => `<${t}${a.length > 0 ? ' ' : ''}${a.join(' ')}>`),
  fc.constantFrom(...tags).map((t) => `</${t}>`),
  fc.constantFrom('<br>', '<img class="smilies" alt=":D">', '<img alt="Image">', '<input type="button" value="Show">', '<hr>'),
  text,
);
const soup = fc.array(token, { maxLength: 60 }).map((parts) => parts.join(''));

describe('parsers never throw on arbitrary HTML', () => {
  it('detection, every adapter and the body walker', () => {
    fc.assert(
      fc.property(soup, fc.constantFrom(...forumEngineIds), (html, engine) => {
        const doc = quickDocument(`<!doctype html><html><head><title>t</title></head><body id="phpbb">${html}</body></html>`);
        const url = new URL('https://forum.example.org/viewtopic.php?t=1');
        detectEngine(doc, url);
        parseThreadPage(doc, url, { now: 0 });
        const result = forumAdapters[engine].parseThreadPage(doc, url, { now: 0, timeZone: 'Europe/Moscow' });
        expect(Array.isArray(result.data.posts)).toBe(true);
        expect(JSON.parse(JSON.stringify(result))).toEqual(result);
        parsePostBody(doc.body, engine);
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});

/** A small structured body: blocks hold blocks or inline runs; inline runs hold text. */
interface Tree {
  readonly tag: string;
  readonly attrs: ReadonlyArray<readonly [string, string]>;
  readonly children: ReadonlyArray<Tree | string>;
}

const inlineTags = ['b', 'strong', 'span', 's', 'i', 'font'];
// blocks that may nest in any order (p and li would be re-parented by the HTML parser itself)
const blockTags = ['div', 'blockquote'];
const attrPairs: ReadonlyArray<readonly [string, string]> = [
  ['class', 'bbvote'],
  ['class', 'quotecontent'],
  ['style', 'font-weight: bold'],
  ['style', 'color: green'],
  ['style', 'text-decoration: line-through'],
  ['title', 'x'],
  ['color', 'red'],
  ['cite', './viewtopic.php?p=5#p5'],
  ['data-post-id', '5'],
];
const attrArb = fc.uniqueArray(fc.constantFrom(...attrPairs), { maxLength: 3, selector: ([name]) => name });
const words = fc.constantFrom('Vote: alice', 'Unvote', 'hello', 'Bob Smith', 'x');
const inline: fc.Arbitrary<Tree> = fc
  .tuple(fc.constantFrom(...inlineTags), attrArb, fc.array(words, { minLength: 1, maxLength: 2 }))
  .map(([tag, attrs, children]) => ({ tag, attrs, children }));
const { block } = fc.letrec<{ block: Tree }>((tie) => ({
  block: fc
    .tuple(
      fc.constantFrom(...blockTags),
      attrArb,
      fc.array(fc.oneof({ depthSize: 'small' }, inline, words, tie('block')), { maxLength: 4 }),
    )
    .map(([tag, attrs, children]) => ({ tag, attrs, children })),
}));

function serialize(node: Tree | string, pad: (i: number) => string, reverseAttrs: boolean, counter: { i: number }): string {
  if (typeof node === 'string') return node;
  const attrs = reverseAttrs ? [...node.attrs].reverse() : node.attrs;
  const open = `<${node.tag}${attrs.map(([k, v]) => ` ${k}="${v}"`).join('')}>`;
  const isBlock = blockTags.includes(node.tag);
  const inner = node.children
    .map((child) => {
      const childIsBlock = typeof child !== 'string' && blockTags.includes(child.tag);
      // formatting whitespace only around block children, where it renders nothing
      const around = isBlock && childIsBlock ? pad(counter.i++) : '';
      return `${around}${serialize(child, pad, reverseAttrs, counter)}${around}`;
    })
    .join('');
  return `${open}${inner}</${node.tag}>`;
}

describe('parsing is independent of formatting', () => {
  it('whitespace between block tags and attribute order do not change the body', () => {
    fc.assert(
      fc.property(
        fc.array(block, { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom('\n', '  ', '\n\t\t', ' \n '), { minLength: 1 }),
        fc.constantFrom(...forumEngineIds),
        (blocks, pads, engine) => {
          const tight = blocks.map((b) => serialize(b, () => '', false, { i: 0 })).join('');
          const loose = blocks.map((b) => serialize(b, (i) => pads[i % pads.length] ?? '', true, { i: 0 })).join('\n');
          const a = quickDocument(`<!doctype html><body><div id="m">${tight}</div></body>`).getElementById('m');
          const b = quickDocument(`<!doctype html><body><div id="m">\n${loose}\n</div></body>`).getElementById('m');
          if (a === null || b === null) throw new Error('no container');
          expect(parsePostBody(b, engine)).toEqual(parsePostBody(a, engine));
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('reversing every attribute order on the golden pages changes no parse', () => {
    const root = path.join(repoRoot, 'test', 'fixtures', 'forums');
    for (const engine of readdirSync(root)) {
      for (const slug of readdirSync(path.join(root, engine))) {
        const dir = path.join(root, engine, slug);
        const html = readFileSync(path.join(dir, 'page.html'), 'utf8');
        if (/^\s*[{[]/.test(html)) continue;
        const { url, now } = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as { url: string; now: string };
        const original = parseThreadPage(htmlDocument(html, url), url, { now: Date.parse(now) });
        const doc = htmlDocument(html, url);
        for (const el of doc.querySelectorAll('*')) {
          const attrs = Array.from(el.attributes).map((a) => [a.name, a.value] as const);
          for (const [name] of attrs) el.removeAttribute(name);
          for (const [name, value] of attrs.reverse()) el.setAttribute(name, value);
        }
        expect(parseThreadPage(doc, url, { now: Date.parse(now) }), `${engine}/${slug}`).toEqual(original);
      }
    }
  }, 120_000);
});
