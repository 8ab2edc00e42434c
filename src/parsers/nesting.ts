/**
 * Bounding how deep a saved page nests before a DOM is built from it.
 *
 * A browser's HTML parser stops nesting at a fixed depth (Chromium at 512:
 * deeper elements are attached at that depth), so a page in the extension can
 * never be deeper than that. jsdom (the CLI's DOM) has no such limit, and a
 * page of 100,000 nested `<div>`s overflows its stack while the document is
 * built. `limitNesting` does what the browser does, on the text: a start tag
 * that would open an element deeper than the limit is left out (its end tag
 * too), so the content stays, one level up, and the page still parses.
 *
 * It is a scan of the markup, not a full HTML parser: comments, raw-text
 * elements (`script`, `style`, `textarea`, `title`, `xmp`) and quoted
 * attribute values are skipped whole; void elements and elements whose end
 * tag the parser implies (`p`, `li`, `td`…) are not counted. Its cost is
 * linear in the page's length.
 */

/** How deep a page may nest (the depth Chromium's HTML parser stops at). */
export const maxNestingDepth = 512;

export interface NestingLimit {
  /** The page, unchanged when it nests no deeper than the limit. */
  readonly html: string;
  /** Start tags left out (0 when the page is unchanged). */
  readonly removed: number;
  /** The deepest nesting the scan found (0 when the page has too few tags to be scanned). */
  readonly deepest: number;
}

const voidTags = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose end the parser implies (a new `<p>` closes the open one): they never nest deeply, so they are not counted. */
const impliedEndTags = new Set([
  'html',
  'head',
  'body',
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'caption',
  'colgroup',
  'rb',
  'rt',
  'rp',
  'rtc',
]);

const rawTextTags = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'plaintext']);

/** One comment, declaration, end tag or the name of a start tag at the scan position (its attributes are scanned by `startTagEnd`). */
const token = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<\/([A-Za-z][^\s/>]*)[^>]*>?|<([A-Za-z][^\s/>]*)/gy;

/** Where a start tag ends: after its `>`, attribute values in quotes skipped whole (they may hold `>`). */
function startTagEnd(html: string, from: number): number {
  for (let i = from; i < html.length; i++) {
    const c = html[i];
    if (c === '>') return i + 1;
    if (c === '"' || c === "'") {
      const close = html.indexOf(c, i + 1);
      if (close === -1) return html.length;
      i = close;
    }
  }
  return html.length;
}

const rawTextEnds = new Map<string, RegExp>();

/** The end tag of a raw-text element, found ignoring case. */
function rawTextEnd(tag: string): RegExp {
  let re = rawTextEnds.get(tag);
  if (re === undefined) {
    re = new RegExp(`</${tag}[^>]*>`, 'giu');
    rawTextEnds.set(tag, re);
  }
  return re;
}

interface Open {
  readonly tag: string;
  /** Left out of the output: its end tag is left out too. */
  readonly dropped: boolean;
}

/** Whether `html` has more than `count` `<`: a page with fewer tags cannot nest deeper than `count`. */
function hasMoreTagsThan(html: string, count: number): boolean {
  let seen = 0;
  for (let i = html.indexOf('<'); i !== -1; i = html.indexOf('<', i + 1)) if (++seen > count) return true;
  return false;
}

/** The page with every element deeper than `limit` flattened into its ancestor at the limit. */
export function limitNesting(html: string, limit: number = maxNestingDepth): NestingLimit {
  if (!hasMoreTagsThan(html, limit)) return { html, removed: 0, deepest: 0 };
  const stack: Open[] = [];
  /** How many of each tag are open, so an end tag with nothing to close costs nothing. */
  const openCount = new Map<string, number>();
  const keep: string[] = [];
  let copiedTo = 0;
  let removed = 0;
  let deepest = 0;
  let i = html.indexOf('<');
  const drop = (from: number, to: number): void => {
    keep.push(html.slice(copiedTo, from));
    copiedTo = to;
  };
  while (i !== -1 && i < html.length) {
    token.lastIndex = i;
    const m = token.exec(html);
    if (m === null) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    const [, closing, opening] = m;
    const end = opening === undefined ? token.lastIndex : startTagEnd(html, token.lastIndex);
    if (opening !== undefined) {
      const tag = opening.toLowerCase();
      if (rawTextTags.has(tag)) {
        // Its content is text up to its own end tag.
        const close = rawTextEnd(tag);
        close.lastIndex = end;
        i = close.exec(html) === null ? -1 : html.indexOf('<', close.lastIndex);
        continue;
      }
      // Inside SVG or MathML, `<path/>` closes itself (in HTML, `<div/>` opens a div).
      const selfClosing = html[end - 2] === '/' && (openCount.get('svg') ?? 0) + (openCount.get('math') ?? 0) > 0;
      if (!voidTags.has(tag) && !impliedEndTags.has(tag) && !selfClosing) {
        const dropped = stack.length >= limit;
        if (dropped) {
          drop(m.index, end);
          removed++;
        }
        stack.push({ tag, dropped });
        openCount.set(tag, (openCount.get(tag) ?? 0) + 1);
        deepest = Math.max(deepest, stack.length);
      }
    } else if (closing !== undefined) {
      const tag = closing.toLowerCase();
      if ((openCount.get(tag) ?? 0) > 0) {
        // Closes the nearest open element of its name, and the ones opened inside it.
        for (;;) {
          const top = stack.pop();
          if (top === undefined) break;
          openCount.set(top.tag, (openCount.get(top.tag) ?? 1) - 1);
          if (top.tag === tag) {
            if (top.dropped) drop(m.index, end);
            break;
          }
        }
      }
    }
    i = html.indexOf('<', end);
  }
  if (removed === 0) return { html, removed: 0, deepest };
  keep.push(html.slice(copiedTo));
  return { html: keep.join(''), removed, deepest };
}
