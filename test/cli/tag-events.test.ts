/**
 * The one-pass post reader's events (`createTagEvents`, cli/tree/tag-events.ts,
 * driven from htmlparser2's tokenizer) are exactly the events htmlparser2's
 * `Parser` gives with the same options: start tags with their attributes, text,
 * and end tags (implied ones included), in the same order, on real pages, on
 * every post of the mafiascum corpus, and on generated markup full of what a
 * parser reads specially.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { parsePostsJsonl } from '../../cli/corpus/archive';
import { createTagEvents } from '../../cli/tree/tag-events';

type Event = readonly [kind: 'open' | 'text' | 'close', name: string, attribs?: Record<string, string>];

function parserEvents(html: string): Event[] {
  const events: Event[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attribs) => events.push(['open', name, { ...attribs }]),
      ontext: (data) => events.push(['text', data]),
      onclosetag: (name) => events.push(['close', name]),
    },
    { decodeEntities: true },
  );
  parser.parseComplete(html);
  return events;
}

const recorded: Event[] = [];
const read = createTagEvents({
  onopentag: (name, attribs) => recorded.push(['open', name, { ...attribs }]),
  ontext: (data) => recorded.push(['text', data]),
  onclosetag: (name) => recorded.push(['close', name]),
});

function tagEvents(html: string): Event[] {
  recorded.length = 0;
  read(html);
  return [...recorded];
}

describe("the reader's events", () => {
  it('are the Parser’s on every page of the forum fixtures', () => {
    const root = path.join(import.meta.dirname, '..', 'fixtures', 'forums');
    let pages = 0;
    for (const engine of readdirSync(root)) {
      for (const folder of readdirSync(path.join(root, engine))) {
        const file = path.join(root, engine, folder, 'page.html');
        if (!existsSync(file)) continue;
        const html = readFileSync(file, 'utf8');
        expect(tagEvents(html), file).toEqual(parserEvents(html));
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(10);
  });

  it('are the Parser’s on edge cases', () => {
    const cases = [
      '',
      'text only &amp; &lt;b&gt; &#x1F600; &bogus; &amp',
      '<P>a<DIV CLASS="X" class="y" Data-Post-Id=3>b</div></p></p>',
      '</br><br/><br></br></p></P>',
      '<ul><li>a<li>b</ul><table><tr><td>1<td>2<tr><td>3</table>',
      '<svg><path d="x"/><foreignObject><p/>x</foreignObject><desc/></svg><p/>after',
      '</svg><math><mi/></math><svg><b/></svg>',
      '<select><option>a<option>b<optgroup><option>c</select>',
      '<b class="x',
      '<div title="a>b" alt=\'c"d\' e=f&amp;g h>x</div>',
      '<!-- c --><![CDATA[x]]><!doctype html><?php x ?>t',
      '<script>if (a < b) { "</div>" }</script><style>b{}</style><title>&amp; t</title><textarea><b></textarea>',
      '<dd>a<dt>b<rt>c<rp>d<h1>e<p>f<h2>g',
      '<a href="x">unclosed <b>bold <i>it',
      '<img src=x alt=":)"><input value="Show"></img></input>',
    ];
    for (const html of cases) expect(tagEvents(html), html).toEqual(parserEvents(html));
  });

  it('read each markup as it reads alone, whatever the one before ended in', () => {
    for (const before of ['<scr', '<tit', '<script>if (a <', '<title>&am', '<textarea><b', '<b x="&amp', '<!-- open', 'text &#12']) {
      tagEvents(before);
      expect(tagEvents('<b>a&amp;b</b><p/><svg><i/></svg>'), before).toEqual(parserEvents('<b>a&amp;b</b><p/><svg><i/></svg>'));
    }
  });

  it('are the Parser’s on generated markup', () => {
    const name = fc.constantFrom(
      'p',
      'P',
      'div',
      'b',
      'br',
      'li',
      'ul',
      'td',
      'tr',
      'tbody',
      'thead',
      'tfoot',
      'table',
      'select',
      'option',
      'optgroup',
      'input',
      'dd',
      'dt',
      'rt',
      'rp',
      'h1',
      'svg',
      'math',
      'mi',
      'desc',
      'title',
      'foreignObject',
      'img',
      'hr',
      'blockquote',
      'script',
      'textarea',
      'body',
      'head',
    );
    const attribute = fc.constantFrom(
      '',
      ' class="a"',
      ' CLASS=b class=c',
      " t='x>y'",
      ' v="&amp;&#65;&quot"',
      ' n',
      ' a=b/',
      ' /',
      ' X="1" x="2"',
    );
    const piece = fc.oneof(
      fc.tuple(name, attribute).map(([n, a]) => `<${n}${a}>`),
      fc.tuple(name, attribute).map(([n, a]) => `<${n}${a}/>`),
      name.map((n) => `</${n}>`),
      fc.constantFrom(
        'x',
        ' ',
        '&amp;',
        '&notit;',
        '&#128512;',
        '<',
        '</>',
        '< p>',
        '</ p>',
        '<!-- -->',
        '<![CDATA[c]]>',
        '<?x?>',
        '>',
        '"',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const html = pieces.join('');
        expect(tagEvents(html)).toEqual(parserEvents(html));
      }),
      { numRuns: 3000 },
    );
  });

  const corpus = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'mafiascum', 'posts');
  const present = existsSync(corpus);
  if (!present) console.warn(`[tag-events.test] ../shared is absent: skipped the mafiascum corpus (${corpus})`);

  it.skipIf(!present)('are the Parser’s on every post of the mafiascum corpus', { timeout: 300_000 }, () => {
    let posts = 0;
    for (const file of readdirSync(corpus).filter((f) => f.endsWith('.jsonl'))) {
      const full = path.join(corpus, file);
      for (const post of parsePostsJsonl(readFileSync(full, 'utf8'), full)) {
        expect(tagEvents(post.content), `${file} #${String(post.number)}`).toEqual(parserEvents(post.content));
        posts++;
      }
    }
    expect(posts).toBeGreaterThan(70_000);
  });
});
