/**
 * A post's markup with its quotes taken out, for the replay's pre-filter
 * (`phpbbMayHoldVote` in load.ts): a vote in a quote is never counted (it is
 * refused as `vote/in-quote`, which no line of the replay shows), so a post
 * whose keyword or bold stands only inside quotes need not be read.
 *
 * The cut must never take out markup that htmlparser2 (the parser the replay
 * reads posts with) puts outside a `<blockquote>`, or a counted vote could be
 * lost. So the scan follows htmlparser2's own reading of tags (where a tag and
 * its attributes end, which start and end tags it honours) and of the elements
 * open inside a quote (which start tag closes which open element, which end tag
 * closes what), and gives up, returning undefined (read the whole post), on
 * whatever it does not follow: comments and declarations, raw-text elements
 * (`<script>`, `<style>`, `<textarea>`, `<title>`, `<xmp>`), SVG and MathML,
 * `<html>`/`<head>`/`<body>` tags (the reader drops them first), an end tag in a
 * quote that closes an element opened outside it, a post long enough for the
 * reader's nesting bound to cut it, and a quote that may sit as deep as the body
 * walker flattens quotes into the block around them.
 *
 * Taking markup out can only join what stood on either side of a quote, which
 * may make a keyword appear that no text holds (the post is then read, as
 * before); it cannot hide one.
 */
import { maxBlockDepth } from '../../src/parsers/body';
import { maxNestingDepth } from '../../src/parsers';
import { closedBy, voidTags } from '../tree/tag-events';

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 12 || c === 13;
/** Where htmlparser2 ends a start tag's name or an attribute's name: white space, `/` or `>`. */
const endsName = (c: number): boolean => c === 47 || c === 62 || isSpace(c);
const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Tags whose content htmlparser2 reads otherwise (raw text, foreign content), or that the reader drops before parsing. */
const unfollowed = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'svg', 'math', 'html', 'head', 'body']);

/**
 * Where the start tag whose name ends at `from` ends (the index after its `>`),
 * reading its attributes as htmlparser2's tokenizer does (a quoted value may
 * hold `>` and `<`); -1 when the markup ends inside the tag.
 */
function startTagEnd(html: string, from: number): number {
  const n = html.length;
  let k = from;
  while (k < n) {
    const c = html.charCodeAt(k);
    if (c === 62) return k + 1;
    if (c === 47 || isSpace(c)) {
      k++;
      continue;
    }
    // An attribute's name, up to `=`, white space, `/` or `>`.
    while (k < n && !(html.charCodeAt(k) === 61 || endsName(html.charCodeAt(k)))) k++;
    while (k < n && isSpace(html.charCodeAt(k))) k++;
    if (k >= n) return -1;
    if (html.charCodeAt(k) !== 61) continue;
    k++;
    while (k < n && isSpace(html.charCodeAt(k))) k++;
    if (k >= n) return -1;
    const q = html.charCodeAt(k);
    if (q === 34 || q === 39) {
      const close = html.indexOf(q === 34 ? '"' : "'", k + 1);
      if (close === -1) return -1;
      k = close + 1;
    } else {
      while (k < n && !(html.charCodeAt(k) === 62 || isSpace(html.charCodeAt(k)))) k++;
    }
  }
  return -1;
}

const quoteTag = /<blockquote/i;

/**
 * The markup outside every `<blockquote>` (the markup itself when it has
 * none), or undefined when the scan cannot be sure where a quote ends (see
 * above). Tags outside quotes are kept whole, attributes included.
 */
export function markupOutsideQuotes(html: string): string | undefined {
  if (!quoteTag.test(html)) return html;
  const n = html.length;
  /**
   * The `<` met so far, inside tags too: a post with more than `maxNestingDepth` may be rewritten by the
   * reader's nesting bound (`limitNesting`, which tests the same count), so the scan gives up on it. Counted
   * as the scan goes, not in a pass of its own: every `<` is either where the scan stops next or inside a tag
   * it reads (an attribute's value may hold some).
   */
  let lts = 0;
  let out = '';
  /** Where the markup not yet copied starts (outside a quote). */
  let copyFrom = 0;
  /** The elements open inside the outermost quote, that quote first; empty outside quotes. */
  const open: string[] = [];
  /** At least as many `<div>`s and `<blockquote>`s as are open (the walker's quotes and spoilers are among them). */
  let divs = 0;
  let quotes = 0;
  for (let i = html.indexOf('<'); i !== -1;) {
    if (++lts > maxNestingDepth) return undefined;
    const next = html.charCodeAt(i + 1);
    const closing = next === 47;
    const nameStart = closing ? i + 2 : i + 1;
    const first = html.charCodeAt(nameStart);
    if (!isAsciiLetter(first)) {
      // `<` before anything but a letter is text, and so is `</>`; a comment, a declaration or `</` before anything else is not followed.
      if (next === 33 || next === 63 || (closing && first !== 62)) return undefined;
      i = html.indexOf('<', closing ? nameStart + 1 : i + 1);
      continue;
    }
    let nameEnd = nameStart;
    // An end tag's name ends at white space or `>` (a `/` is part of it); a start tag's also at `/`.
    if (closing) while (nameEnd < n && !(html.charCodeAt(nameEnd) === 62 || isSpace(html.charCodeAt(nameEnd)))) nameEnd++;
    else while (nameEnd < n && !endsName(html.charCodeAt(nameEnd))) nameEnd++;
    if (nameEnd >= n) return undefined;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    if (unfollowed.has(name)) return undefined;
    let end: number;
    if (closing) {
      const gt = html.indexOf('>', nameEnd);
      if (gt === -1) return undefined;
      end = gt + 1;
    } else {
      end = startTagEnd(html, nameEnd);
      if (end === -1) return undefined;
    }
    if (!closing) {
      if (open.length > 0) {
        const closes = closedBy.get(name);
        if (closes !== undefined) while (open.length > 1 && closes.has(open[open.length - 1] ?? '')) open.pop();
        if (!voidTags.has(name)) open.push(name);
      } else if (name === 'blockquote') {
        // The body walker reads a quote this deep as plain text of the block around it: leave such posts whole.
        if (divs + quotes >= maxBlockDepth) return undefined;
        out += html.slice(copyFrom, i);
        open.push(name);
      }
      if (name === 'div') divs++;
      else if (name === 'blockquote') quotes++;
    } else {
      if (name === 'div' && divs > 0) divs--;
      else if (name === 'blockquote' && quotes > 0) quotes--;
      if (open.length > 0 && !voidTags.has(name)) {
        const at = open.lastIndexOf(name);
        // An end tag matching nothing inside the quote may close the quote and what is around it: not followed.
        if (at === -1) return undefined;
        open.length = at;
        if (at === 0) copyFrom = end;
      }
    }
    // The next `<` after the tag, counting those inside it.
    i = html.indexOf('<', i + 1);
    while (i !== -1 && i < end) {
      lts++;
      i = html.indexOf('<', i + 1);
    }
  }
  if (lts > maxNestingDepth) return undefined;
  return open.length > 0 ? out : out + html.slice(copyFrom);
}
