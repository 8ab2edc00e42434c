/**
 * Deep nesting (issue 14): a page or a post body nested 100,000 deep must not
 * overflow the stack anywhere in src/parsers, and the time to read it grows
 * with its size, not faster. The recursive walkers these replace overflowed
 * at 5,000 nested divs, and nested quotes took quadratic time (5,000: 2.8 s,
 * 20,000: 44 s).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BodyNode } from '../../src/model/post';
import { limitNesting, maxBlockDepth, maxNestingDepth, parsePostBody, parseThreadPage } from '../../src/parsers';
import { textWithout } from '../../src/parsers/dom';
import { describeGrowth, growth, isLinear } from './timing';

/**
 * A detached element holding `depth` nested `outer` elements (each around an
 * `inner` one when given) and the word "deep" at the bottom. Built from the
 * bottom up, so each step is one append to a small tree.
 */
function nested(depth: number, outer: string, inner?: string): Element {
  let node: Element = document.createElement('span');
  node.textContent = 'deep';
  for (let i = 0; i < depth; i++) {
    const wrap = document.createElement(outer);
    if (inner === undefined) wrap.append(node);
    else {
      const middle = document.createElement(inner);
      middle.append(node);
      wrap.append(middle);
    }
    node = wrap;
  }
  const container = document.createElement('div');
  container.append(node);
  return container;
}

/** How deep quotes nest in a body. */
function quoteDepth(nodes: readonly BodyNode[]): number {
  let deepest = 0;
  let level: readonly BodyNode[] = nodes;
  for (let depth = 1; ; depth++) {
    const quote = level.find((n) => n.type === 'quote');
    if (quote === undefined || quote.type !== 'quote') return deepest;
    deepest = depth;
    level = quote.children;
  }
}

/** The growth of `run` from a quarter of the input to the whole (×4 linear, ×16 quadratic). */
function expectLinear(run: (key: string) => void): void {
  const g = growth(run, 's', 'l', 2, 4);
  expect(isLinear(g), describeGrowth(g)).toBe(true);
}

describe('the body walker does not recurse per element', () => {
  it('reads 20,000 nested divs without overflowing the stack', () => {
    expect(parsePostBody(nested(20_000, 'div'), 'phpbb')).toEqual([{ type: 'text', text: 'deep' }]);
  });

  it('reads 10,000 nested quotes: 19 are quotes, the deeper ones their text', () => {
    const body = parsePostBody(nested(10_000, 'blockquote', 'div'), 'phpbb');
    expect(quoteDepth(body)).toBe(maxBlockDepth);
    expect(JSON.stringify(body)).toContain('"text":"deep"');
  });

  it('nested divs: time linear in depth', () => {
    const docs = new Map([
      ['s', nested(2_500, 'div')],
      ['l', nested(10_000, 'div')],
    ]);
    expectLinear((key) => parsePostBody(docs.get(key) as Element, 'phpbb'));
  });

  it('nested quotes: time linear in depth', () => {
    const docs = new Map([
      ['s', nested(1_000, 'blockquote', 'div')],
      ['l', nested(4_000, 'blockquote', 'div')],
    ]);
    expectLinear((key) => parsePostBody(docs.get(key) as Element, 'phpbb'));
  });

  it('textWithout reads 20,000 nested elements, in linear time', () => {
    expect(textWithout(nested(20_000, 'div'), ['.signature'])).toBe('deep');
    const docs = new Map([
      ['s', nested(5_000, 'div')],
      ['l', nested(20_000, 'div')],
    ]);
    expectLinear((key) => textWithout(docs.get(key) as Element, ['.signature']));
  });
});

describe('a saved page is nested no deeper than a browser nests it', () => {
  const deepDivs = (n: number): string => `<!doctype html><body>${'<div>'.repeat(n)}deep${'</div>'.repeat(n)}</body>`;

  it(`flattens 100,000 nested divs at depth ${maxNestingDepth}, keeping the text`, () => {
    const bounded = limitNesting(deepDivs(100_000));
    expect(bounded.deepest).toBe(100_000);
    expect(bounded.removed).toBe(100_000 - maxNestingDepth);
    const doc = new DOMParser().parseFromString(bounded.html, 'text/html');
    expect(doc.body.textContent).toBe('deep');
    let depth = 0;
    for (let el = doc.body.firstElementChild; el !== null; el = el.firstElementChild) depth++;
    expect(depth).toBe(maxNestingDepth);
  });

  it('does not count void elements, implied ends, comments, scripts or attribute text', () => {
    const html = `<div title="<div><div>"><!-- <div><div> --><script>"<div>".repeat(9)</script>${'<p>x'.repeat(2000)}${'<br>'.repeat(2000)}</div>`;
    expect(limitNesting(html, 3)).toEqual({ html, removed: 0, deepest: 1 });
  });

  it('counts SVG elements that close themselves as closed, and an HTML <div/> as open', () => {
    const svg = `<svg>${'<path d="M0 0"/>'.repeat(2000)}</svg>`;
    expect(limitNesting(svg, 10)).toEqual({ html: svg, removed: 0, deepest: 1 });
    expect(limitNesting('<div/>'.repeat(2000), 10).removed).toBe(1990);
  });

  it('leaves every fixture page unchanged', () => {
    const fixtures = resolve(import.meta.dirname, '..', 'fixtures', 'forums');
    for (const engine of readdirSync(fixtures))
      for (const dir of readdirSync(join(fixtures, engine))) {
        const html = readFileSync(join(fixtures, engine, dir, 'page.html'), 'utf8');
        expect(limitNesting(html).html === html, `${engine}/${dir}`).toBe(true);
      }
  });

  it('time linear in depth', () => {
    const pages = new Map([
      ['s', deepDivs(25_000)],
      ['l', deepDivs(100_000)],
    ]);
    expectLinear((key) => limitNesting(pages.get(key) ?? ''));
  });

  it('a page with 100,000 nested divs in a post still parses, and its posts are read', () => {
    const page = readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'forums', 'phpbb', 'mafiascum-mini', 'page.html'), 'utf8');
    const html = page.replace(
      '<div class="content">Random start.',
      `<div class="content">${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}Random start.`,
    );
    const doc = new DOMParser().parseFromString(limitNesting(html).html, 'text/html');
    const parsed = parseThreadPage(doc, 'https://forum.mafiascum.net/viewtopic.php?f=53&t=90210', { now: 0 });
    expect(parsed.supported).toBe(true);
    if (parsed.supported) expect(parsed.data.posts.map((p) => p.number)).toEqual([0, 1, 2]);
  });
});
