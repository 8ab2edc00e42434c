/**
 * The post-body walker: one element holding a post's message in, structured `BodyNode[]`
 * out. Engine differences (quote, spoiler and furniture markup) are data in a
 * `BodyProfile` (each engine's `<engine>/body-profile.ts`); the walker itself knows no engine.
 *
 * It reads the DOM and never changes it. It runs over tens of thousands of posts, so each
 * element is tested against one combined selector at most once, and text runs are merged
 * as they are produced.
 */
import type { BodyNode, QuoteNode, SpoilerNode, TextNode } from '../model/post';

/** Where an engine keeps quotes, spoilers and furniture inside a post body. All selectors are lists of alternatives. */
export interface BodyProfile {
  /** Quote containers. */
  readonly quote: readonly string[];
  /** The quote's header inside it ("alice wrote:"); never body text, it gives the author. */
  readonly quoteHeader: readonly string[];
  /** Like `quoteHeader`, but only a header when it names an author (vB3's unattributed quotes have none). */
  readonly quoteHeaderIfNamed: readonly string[];
  /** A header that sits just BEFORE its quote, outside it (SMF 2.0 `div.quoteheader`). */
  readonly detachedQuoteHeader: readonly string[];
  /** Attributes of the quote element naming the author (`data-quote`, `data-author`…). */
  readonly quoteAuthorAttributes: readonly string[];
  /** The element inside the header holding exactly the author's name. */
  readonly quoteAuthor: readonly string[];
  /** Header wordings; capture group 1 is the author. */
  readonly quoteAuthorPatterns: readonly RegExp[];
  /** Attributes (of the quote, its header or a header link) holding the quoted post id, or a URL with it. */
  readonly quotePostIdAttributes: readonly string[];
  /** URL patterns whose capture group 1 is a post id (matched against attributes and header links). */
  readonly quotePostIdHrefPatterns: readonly RegExp[];
  /** Spoiler containers. */
  readonly spoiler: readonly string[];
  /** The spoiler's title inside it ("Spoiler: dead list"); not body text. */
  readonly spoilerTitle: readonly string[];
  /** A title that sits just BEFORE its spoiler content, outside it (mafiascum `div.quotetitle`). */
  readonly detachedSpoilerTitle: readonly string[];
  /** Attributes of the spoiler element holding its title. */
  readonly spoilerTitleAttributes: readonly string[];
  /** Never body content: signatures, edit notices inside the body, code blocks, quote chrome. */
  readonly furniture: readonly string[];
  /** Images whose alt text is what the poster typed (smileys, emoji). Other images are skipped. */
  readonly smiley: readonly string[];
}

/** A profile prepared for fast matching: each list joined into one selector string ('' = never). */
export interface CompiledProfile {
  readonly source: BodyProfile;
  readonly special: string;
  /** Tag names the special selectors can match; undefined when one of them matches any tag. */
  readonly specialTags: ReadonlySet<string> | undefined;
  readonly quote: string;
  readonly quoteHeader: string;
  readonly quoteHeaderIfNamed: string;
  readonly detachedQuoteHeader: string;
  readonly quoteAuthor: string;
  readonly spoiler: string;
  readonly spoilerTitle: string;
  readonly detachedSpoilerTitle: string;
  readonly furniture: string;
  readonly smiley: string;
}

const compiledCache = new WeakMap<BodyProfile, CompiledProfile>();

/** The profile prepared for matching, once per profile (also read by the CLI's streaming reader, `cli/tree/body-stream.ts`). */
export function compile(profile: BodyProfile): CompiledProfile {
  const cached = compiledCache.get(profile);
  if (cached !== undefined) return cached;
  const join = (list: readonly string[]): string => list.join(', ');
  const specialList = [
    ...profile.quote,
    ...profile.detachedQuoteHeader,
    ...profile.spoiler,
    ...profile.detachedSpoilerTitle,
    ...profile.furniture,
  ];
  const compiled: CompiledProfile = {
    source: profile,
    special: join(specialList),
    specialTags: subjectTags(specialList),
    quote: join(profile.quote),
    quoteHeader: join(profile.quoteHeader),
    quoteHeaderIfNamed: join(profile.quoteHeaderIfNamed),
    detachedQuoteHeader: join(profile.detachedQuoteHeader),
    quoteAuthor: join(profile.quoteAuthor),
    spoiler: join(profile.spoiler),
    spoilerTitle: join(profile.spoilerTitle),
    detachedSpoilerTitle: join(profile.detachedSpoilerTitle),
    furniture: join(profile.furniture),
    smiley: join(profile.smiley),
  };
  compiledCache.set(profile, compiled);
  return compiled;
}

/**
 * The tag names a selector list can match (the subject of each selector), so most elements
 * skip `matches()` entirely. Undefined when a selector's subject has no tag (`.x`, `[a]`).
 */
function subjectTags(selectors: readonly string[]): ReadonlySet<string> | undefined {
  const tags = new Set<string>();
  for (const selector of selectors) {
    const withoutBrackets = selector.replace(/\[[^\]]*\]/g, '[]').replace(/\([^)]*\)/g, '()');
    const subject =
      withoutBrackets
        .split(/[\s>+~]+/)
        .filter((part) => part !== '')
        .pop() ?? '';
    const tag = /^[a-z][a-z0-9-]*/i.exec(subject)?.[0];
    if (tag === undefined) return undefined;
    tags.add(tag.toLowerCase());
  }
  return tags;
}

function matches(el: Element, selector: string): boolean {
  if (selector === '') return false;
  try {
    return el.matches(selector);
  } catch {
    return false;
  }
}

/** Text marks in force at a point of the walk. Shared between nodes; a new object only when a mark changes. */
export interface Marks {
  readonly bold: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
  readonly struck: boolean;
  readonly color: string | undefined;
  readonly voteTag: boolean;
}

export const plain: Marks = { bold: false, italic: false, underline: false, struck: false, color: undefined, voteTag: false };

/** Elements whose content is never post text. */
export const skippedTags = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'iframe',
  'object',
  'embed',
  'video',
  'audio',
  'svg',
  'canvas',
  'map',
  'head',
  'title',
  'meta',
  'link',
]);

/** Elements that start and end a line unless their style says `display: inline…`. */
const blockTags = new Set([
  'div',
  'p',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'caption',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'pre',
  'fieldset',
  'legend',
  'dl',
  'dt',
  'dd',
  'section',
  'article',
  'aside',
  'details',
  'summary',
  'center',
  'figure',
  'figcaption',
  'form',
  'header',
  'footer',
  'nav',
  'address',
  'main',
]);

const boldTags = new Set(['b', 'strong']);
const italicTags = new Set(['i', 'em', 'cite', 'var', 'dfn']);
const underlineTags = new Set(['u', 'ins']);
const struckTags = new Set(['s', 'strike', 'del']);

/**
 * Class names engines render marks with, besides tags and inline styles (forum-markup.md §0.2/§0.3).
 * `noboldsig` is mafiascum's older rendering of `[b]` (its stylesheet sets it bold in posts and plain in
 * signatures, hence the name): older game posts carry their bold votes in it, and every mafiascum vote
 * counter reads it as bold.
 */
const boldClasses = ['mycode_b', 'text-strong', 'bbc_bold', 'bbvote', 'noboldsig'];
const italicClasses = ['mycode_i', 'text-italics', 'bbc_italic'];
const underlineClasses = ['mycode_u', 'bbc_u', 'text-underline'];
const struckClasses = ['mycode_s', 'bbc_s', 'bbc_strike'];
/** Dedicated vote tags (mafiascum's `[vote]`). */
const voteTagClasses = ['bbvote'];

/**
 * What the marks and block tests read of an element: a DOM `Element` is one, and so is the
 * element the CLI's streaming reader describes at each start tag (`cli/tree/body-stream.ts`).
 * Attribute names are asked in lower case.
 */
export interface MarkedElement {
  readonly classList: { readonly length: number; contains(token: string): boolean };
  getAttribute(name: string): string | null;
}

/**
 * Whether the element has one of the classes. This and the other small loops run for every element or quote
 * index their lists rather than use `for…of`: an iterator loop that returns from inside compiles to more code
 * (closing the iterator), which V8 compiles again with each function that takes it in.
 */
function hasAnyClass(el: MarkedElement, names: readonly string[]): boolean {
  const list = el.classList;
  if (list.length === 0) return false;
  for (let i = 0; i < names.length; i++) if (list.contains(names[i] ?? '')) return true;
  return false;
}

/** One declaration's value from an inline style (and the style lower-cased, read once per element), lower-cased, or undefined. */
const styleRegexes = new Map<string, RegExp>();

function styleValue(style: string, lowerStyle: string, property: string): string | undefined {
  if (!lowerStyle.includes(property)) return undefined;
  let re = styleRegexes.get(property);
  if (re === undefined) {
    re = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, 'i');
    styleRegexes.set(property, re);
  }
  const m = re.exec(style);
  return m?.[1]?.trim().toLowerCase();
}

function isBoldWeight(weight: string): boolean | undefined {
  if (weight === 'bold' || weight === 'bolder') return true;
  if (weight === 'normal' || weight === 'lighter') return false;
  const n = Number.parseInt(weight, 10);
  if (Number.isFinite(n)) return n >= 600;
  return undefined;
}

export function marksOf(el: MarkedElement, tag: string, outer: Marks): Marks {
  let { bold, italic, underline, struck, color, voteTag } = outer;
  if (boldTags.has(tag)) bold = true;
  else if (italicTags.has(tag)) italic = true;
  else if (underlineTags.has(tag)) underline = true;
  else if (struckTags.has(tag)) struck = true;
  if (el.classList.length > 0) {
    if (hasAnyClass(el, boldClasses)) bold = true;
    if (hasAnyClass(el, italicClasses)) italic = true;
    if (hasAnyClass(el, underlineClasses)) underline = true;
    if (hasAnyClass(el, struckClasses)) struck = true;
    if (hasAnyClass(el, voteTagClasses)) voteTag = true;
  }
  if (tag === 'font') {
    const fontColor = el.getAttribute('color');
    if (fontColor !== null && fontColor.trim() !== '') color = fontColor.trim().toLowerCase();
  }
  const style = el.getAttribute('style');
  if (style !== null && style !== '') {
    const lowerStyle = style.toLowerCase();
    const weight = styleValue(style, lowerStyle, 'font-weight');
    if (weight !== undefined) bold = isBoldWeight(weight) ?? bold;
    const fontStyle = styleValue(style, lowerStyle, 'font-style');
    if (fontStyle !== undefined) italic = fontStyle === 'italic' || fontStyle === 'oblique';
    const decoration = styleValue(style, lowerStyle, 'text-decoration') ?? styleValue(style, lowerStyle, 'text-decoration-line');
    if (decoration !== undefined) {
      if (decoration.includes('line-through')) struck = true;
      if (decoration.includes('underline')) underline = true;
    }
    const styleColor = styleValue(style, lowerStyle, 'color');
    if (styleColor !== undefined && styleColor !== '') color = styleColor;
  }
  // A vote tag always starts its own run, even nested in another vote tag: each tag is one vote.
  const ownVoteTag = el.classList.length > 0 && hasAnyClass(el, voteTagClasses);
  if (
    !ownVoteTag &&
    bold === outer.bold &&
    italic === outer.italic &&
    underline === outer.underline &&
    struck === outer.struck &&
    color === outer.color &&
    voteTag === outer.voteTag
  ) {
    return outer;
  }
  return { bold, italic, underline, struck, color, voteTag };
}

export function isBlock(el: MarkedElement, tag: string): boolean {
  const style = el.getAttribute('style');
  if (style !== null && style !== '') {
    const display = styleValue(style, style.toLowerCase(), 'display');
    if (display !== undefined) {
      if (display.startsWith('inline')) return false;
      if (display === 'block' || display === 'flex' || display === 'list-item' || display === 'table') return true;
    }
  }
  return blockTags.has(tag);
}

/** What a builder's piece is: a text run, a line break, or a finished quote or spoiler. */
const TEXT = 0;
const BREAK = 1;
const BLOCK = 2;

/**
 * One piece of a body under construction. Text runs, breaks, quotes and spoilers are all kept as
 * this one class, built in one place with the same fields, so the builder's loops (run over every
 * post) read one kind of object: quotes and spoilers come in several shapes (with or without an
 * author, a post id, a title), and reading them in the same loops as the runs made V8 recompile
 * `finish` each time a shape it had not seen came along.
 */
class Piece {
  constructor(
    readonly kind: typeof TEXT | typeof BREAK | typeof BLOCK,
    /** A run's text, kept as it came (mutable until the builder finishes); '' for the other kinds. */
    public text: string,
    /** A run's marks; `plain` for the other kinds. */
    readonly marks: Marks,
    /** The quote or spoiler of a BLOCK piece. */
    readonly block: QuoteNode | SpoilerNode | undefined,
  ) {}
}

const whitespace = /[\s\u00a0]+/g;

/** Whether `c` is a character `\s` matches (the ECMAScript white space and line terminators). */
function isSpaceCode(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Text with white space to collapse: a white space character other than a space, or a space followed by white space. */
const collapsible = /[^\S ]| \s/;

/**
 * Collects nodes in order, normalising whitespace and merging runs with the same marks.
 *
 * Text is kept as it came and its white space collapsed once per run, in `finish`: a post's
 * text comes in many pieces (one per text node, or per parser event), and collapsing each
 * piece was the largest cost of reading a body after the parsing itself. The result is the
 * same as collapsing each piece as it comes, because no run of white space spans two pieces
 * of a run: a piece's leading white space is dropped where the text before it ends in white
 * space (or a line starts), as the collapsed text's leading space would be.
 */
export class BodyBuilder {
  private readonly nodes: Piece[] = [];
  /** True at the start and after a break: leading spaces are dropped there. */
  private atLineStart = true;
  /**
   * True exactly when the last node is text ending with white space. Kept as a flag, not read
   * from the text: a run merged from many pieces is a rope, and reading its last character
   * (`endsWith`, a regex) flattens it, which made every merge cost the run's whole length.
   */
  private trailingSpace = false;

  text(raw: string, marks: Marks): void {
    let text = raw;
    if (this.atLineStart || this.trailingSpace) {
      let start = 0;
      while (start < raw.length && isSpaceCode(raw.charCodeAt(start))) start++;
      if (start > 0) text = raw.slice(start);
    }
    if (text === '') return;
    const last = this.nodes[this.nodes.length - 1];
    if (last !== undefined && last.kind === TEXT && sameMarks(last.marks, marks)) {
      last.text += text;
    } else {
      this.nodes.push(new Piece(TEXT, text, marks, undefined));
    }
    this.atLineStart = false;
    this.trailingSpace = isSpaceCode(text.charCodeAt(text.length - 1));
  }

  /** An explicit line break (`<br>`). */
  lineBreak(): void {
    this.trimTrailingSpace();
    this.nodes.push(new Piece(BREAK, '', plain, undefined));
    this.atLineStart = true;
  }

  /** A block boundary: a break unless the line is already empty. */
  softBreak(): void {
    if (this.atLineStart) return;
    this.lineBreak();
  }

  block(node: QuoteNode | SpoilerNode): void {
    this.trimTrailingSpace();
    this.nodes.push(new Piece(BLOCK, '', plain, node));
    this.atLineStart = true;
  }

  finish(): BodyNode[] {
    this.trimTrailingSpace();
    let end = this.nodes.length;
    while (end > 0 && this.nodes[end - 1]?.kind === BREAK) end--;
    const out: BodyNode[] = [];
    for (let i = 0; i < end; i++) {
      const piece = this.nodes[i];
      if (piece === undefined) continue;
      if (piece.kind === TEXT) {
        if (collapsible.test(piece.text)) piece.text = piece.text.replace(whitespace, ' ');
        if (piece.text !== '') out.push(toTextNode(piece.text, piece.marks));
      } else if (piece.kind === BREAK) {
        out.push({ type: 'break' });
      } else if (piece.block !== undefined) {
        out.push(piece.block);
      }
    }
    return out;
  }

  private trimTrailingSpace(): void {
    // Nothing to trim unless the last node is text ending with white space (see `trailingSpace`).
    if (!this.trailingSpace) return;
    this.trailingSpace = false;
    // Trailing spaces may sit in several runs (" " after a bold run): trim back to real text.
    for (let i = this.nodes.length - 1; i >= 0; i--) {
      const node = this.nodes[i];
      if (node === undefined || node.kind !== TEXT) return;
      let end = node.text.length;
      while (end > 0 && isSpaceCode(node.text.charCodeAt(end - 1))) end--;
      if (end > 0) {
        if (end < node.text.length) node.text = node.text.slice(0, end);
        return;
      }
      this.nodes.splice(i, 1);
    }
  }
}

/** Runs merge when their marks agree; a vote tag's run merges only within its own tag, so two adjacent tags stay two runs. */
function sameMarks(a: Marks, b: Marks): boolean {
  return (
    a === b ||
    (!a.voteTag &&
      a.bold === b.bold &&
      a.italic === b.italic &&
      a.underline === b.underline &&
      a.struck === b.struck &&
      a.color === b.color &&
      a.voteTag === b.voteTag)
  );
}

function toTextNode(text: string, marks: Marks): TextNode {
  const { bold, italic, underline, struck, color, voteTag } = marks;
  // The marks nearly every run has (on the mafiascum corpus 96% of runs), each as one object literal: one
  // shape per literal, however late in a run of posts a combination first shows up.
  if (!italic && !underline && !struck) {
    if (!bold && !voteTag) return color === undefined ? { type: 'text', text } : { type: 'text', text, color };
    if (bold && !voteTag) return color === undefined ? { type: 'text', text, bold: true } : { type: 'text', text, bold: true, color };
    if (bold && color === undefined) return { type: 'text', text, bold: true, voteTag: true };
  }
  return textNodeWithRareMarks(text, marks);
}

/** The marks a text node may carry, in the order its fields come (the order of `toTextNode`'s literals). */
const markFields = ['bold', 'italic', 'underline', 'struck', 'color', 'voteTag'] as const;

/**
 * A text node with any other combination of marks (a few runs in a hundred, in some twenty combinations).
 * Its fields are set by name in one loop rather than each by its own statement: a statement adding
 * a field meets a new shape with every new combination, and each made V8 throw away and recompile the
 * optimised `finish`; a store by computed name is generic from the start.
 */
function textNodeWithRareMarks(text: string, marks: Marks): TextNode {
  const node: Record<string, string | true> = { type: 'text', text };
  for (const field of markFields) {
    const value = marks[field];
    if (value === true || typeof value === 'string') node[field] = value;
  }
  return node as unknown as TextNode;
}

interface WalkContext {
  readonly profile: CompiledProfile;
  /** Elements already consumed as a header or title of their container. */
  readonly skip: ReadonlySet<Element>;
  /** Quotes and spoilers around the walk. */
  readonly depth: number;
  readonly report: BodyReport;
}

/** Finds the first element under `container` matching `selector` that belongs to it (not to a nested quote or spoiler). */
function ownDescendant(container: Element, selector: string, ctx: WalkContext): Element | undefined {
  if (selector === '') return undefined;
  let found: NodeListOf<Element>;
  try {
    found = container.querySelectorAll(selector);
  } catch {
    return undefined;
  }
  for (const candidate of found) {
    if (belongsTo(candidate, container, ctx)) return candidate;
  }
  return undefined;
}

function belongsTo(el: Element, container: Element, ctx: WalkContext): boolean {
  for (let p = el.parentElement; p !== null && p !== container; p = p.parentElement) {
    if (matches(p, ctx.profile.quote) || matches(p, ctx.profile.spoiler)) return false;
  }
  return true;
}

export function cleanName(raw: string): string {
  return (
    raw
      // unparsed BBCode left in hand-written cites ("alice [url=…]Post 78[/url] wrote:") is never part of a name
      .replace(/\[url(?:=[^\]]*)?\][\s\S]*?\[\/url\]/gi, ' ')
      .replace(whitespace, ' ')
      .replace(/^[\s:,«»"'-]+|[\s:,«»"'-]+$/g, '')
      .trim()
  );
}

/** The text of a header or title, read with the same walker (so its furniture is skipped). */
function plainText(el: Element, ctx: WalkContext): string {
  const builder = new BodyBuilder();
  walkChildren(el, plain, builder, ctx);
  return plainTextOf(builder);
}

/** A header's or title's walked nodes as one line of text: breaks, quotes and spoilers as spaces. */
export function plainTextOf(builder: BodyBuilder): string {
  let text = '';
  for (const node of builder.finish()) {
    if (node.type === 'text') text += node.text;
    else text += ' ';
  }
  return text.replace(whitespace, ' ').trim();
}

function authorFromHeader(header: Element, ctx: WalkContext): string | undefined {
  const p = ctx.profile;
  const authorEl = ownDescendant(header, p.quoteAuthor, ctx);
  if (authorEl !== undefined) {
    const name = cleanName(authorEl.textContent);
    if (name !== '') return name;
  }
  return authorFromHeaderText(plainText(header, ctx), p.source);
}

/** The author a header's text names by one of the profile's wordings ("alice wrote:"), if any. */
export function authorFromHeaderText(text: string, profile: BodyProfile): string | undefined {
  const patterns = profile.quoteAuthorPatterns;
  for (let i = 0; i < patterns.length; i++) {
    const name = patterns[i]?.exec(text)?.[1];
    if (name !== undefined) {
      const cleaned = cleanName(name);
      if (cleaned !== '') return cleaned;
    }
  }
  return undefined;
}

function postIdFrom(value: string, patterns: readonly RegExp[]): string | undefined {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return trimmed;
  // XenForo 2 data-source="post: 456"
  const labelled = /^post:\s*(\d+)$/i.exec(trimmed);
  if (labelled?.[1] !== undefined) return labelled[1];
  for (let i = 0; i < patterns.length; i++) {
    const id = patterns[i]?.exec(trimmed)?.[1];
    if (id !== undefined) return id;
  }
  return undefined;
}

function quotePostId(quote: Element, header: Element | undefined, ctx: WalkContext): string | undefined {
  const holders: Element[] = [quote];
  if (header !== undefined) {
    holders.push(header);
    for (const link of header.querySelectorAll('[data-post-id], a[href]')) holders.push(link);
  }
  return quotePostIdFrom(holders, () => (header === undefined ? [] : header.querySelectorAll('a[href]')), ctx.profile.source);
}

/**
 * The quoted post's id: the first of the profile's attributes on `holders` (the quote, its
 * header, then the header's links, in document order) that gives one, else the first header
 * link (`links`, asked only then) whose address has one.
 */
export function quotePostIdFrom(
  holders: readonly Pick<Element, 'getAttribute'>[],
  links: () => ArrayLike<Pick<Element, 'getAttribute'>>,
  p: BodyProfile,
): string | undefined {
  return postIdFromAttributes(holders, p) ?? postIdFromLinks(links(), p.quotePostIdHrefPatterns);
}

/** The first post id one of the profile's attributes gives, trying each holder in turn. */
function postIdFromAttributes(holders: readonly Pick<Element, 'getAttribute'>[], p: BodyProfile): string | undefined {
  const attributes = p.quotePostIdAttributes;
  for (let i = 0; i < holders.length; i++) {
    const holder = holders[i];
    if (holder === undefined) continue;
    for (let j = 0; j < attributes.length; j++) {
      const value = holder.getAttribute(attributes[j] ?? '');
      if (value === null) continue;
      const id = postIdFrom(value, p.quotePostIdHrefPatterns);
      if (id !== undefined) return id;
    }
  }
  return undefined;
}

/** The post id in the first link address one of the patterns reads. */
function postIdFromLinks(links: ArrayLike<Pick<Element, 'getAttribute'>>, patterns: readonly RegExp[]): string | undefined {
  for (let i = 0; i < links.length; i++) {
    const href = links[i]?.getAttribute('href') ?? '';
    for (let j = 0; j < patterns.length; j++) {
      const id = patterns[j]?.exec(href)?.[1];
      if (id !== undefined) return id;
    }
  }
  return undefined;
}

function buildQuote(quote: Element, detachedHeader: Element | undefined, ctx: WalkContext): QuoteNode {
  const p = ctx.profile;
  let header = detachedHeader ?? ownDescendant(quote, p.quoteHeader, ctx);
  let author: string | undefined;
  if (header !== undefined) author = authorFromHeader(header, ctx);
  if (header === undefined) {
    const candidate = ownDescendant(quote, p.quoteHeaderIfNamed, ctx);
    if (candidate !== undefined) {
      const named = authorFromHeader(candidate, ctx);
      if (named !== undefined) {
        header = candidate;
        author = named;
      }
    }
  }
  for (const attr of p.source.quoteAuthorAttributes) {
    const value = quote.getAttribute(attr);
    if (value !== null && cleanName(value) !== '') {
      author = cleanName(value);
      break;
    }
  }
  const postId = quotePostId(quote, header, ctx);
  const skip = header !== undefined && detachedHeader === undefined ? new Set([...ctx.skip, header]) : ctx.skip;
  const builder = new BodyBuilder();
  walkChildren(quote, plain, builder, { ...ctx, skip, depth: ctx.depth + 1 });
  const node: { -readonly [K in keyof QuoteNode]: QuoteNode[K] } = { type: 'quote', children: builder.finish() };
  if (author !== undefined) node.author = author;
  if (postId !== undefined) node.postId = postId;
  return node;
}

export function spoilerTitleText(raw: string): string {
  // "Spoiler: title", uCoz's toggle label "[+] title"
  return raw
    .replace(whitespace, ' ')
    .trim()
    .replace(/^\[[+\-−]\]\s*/, '')
    .replace(/^spoiler\s*:?\s*/i, '')
    .trim();
}

function buildSpoiler(spoiler: Element, detachedTitle: Element | undefined, marks: Marks, ctx: WalkContext): SpoilerNode {
  const p = ctx.profile;
  let title: string | undefined;
  const titleEl = detachedTitle ?? ownDescendant(spoiler, p.spoilerTitle, ctx);
  if (titleEl !== undefined) {
    const text = spoilerTitleText(plainText(titleEl, ctx));
    const valueText = titleEl.querySelector('input[value]')?.getAttribute('value');
    title = text !== '' ? text : valueText !== undefined && valueText !== null ? spoilerTitleText(valueText) : '';
  }
  for (const attr of p.source.spoilerTitleAttributes) {
    const value = spoiler.getAttribute(attr);
    if (value !== null) {
      title = spoilerTitleText(value);
      break;
    }
  }
  const skip = titleEl !== undefined && detachedTitle === undefined ? new Set([...ctx.skip, titleEl]) : ctx.skip;
  const builder = new BodyBuilder();
  walkChildren(spoiler, marks, builder, { ...ctx, skip, depth: ctx.depth + 1 });
  const node: { -readonly [K in keyof SpoilerNode]: SpoilerNode[K] } = { type: 'spoiler', children: builder.finish() };
  if (title !== undefined && title !== '') node.title = title;
  return node;
}

/** An element whose children are being walked, and what to do when they are done. */
interface Frame {
  /** The next child to read. */
  child: ChildNode | null;
  readonly marks: Marks;
  /** A block element: a soft break after its children. */
  readonly block: boolean;
  pendingQuoteHeader: Element | undefined;
  pendingSpoilerTitle: Element | undefined;
}

/**
 * Walks `parent`'s children into `out`, in document order. Elements are walked
 * with a stack of frames, not by recursion, so a body of 100,000 nested
 * elements costs its length and cannot overflow the stack. Quotes and spoilers
 * nest (each is a node holding its own body) at most `maxBlockDepth` deep;
 * deeper ones are read as plain elements inside the deepest, and counted.
 */
function walkChildren(parent: Element, marks: Marks, out: BodyBuilder, ctx: WalkContext): void {
  const p = ctx.profile;
  const frames: Frame[] = [
    { child: parent.firstChild, marks, block: false, pendingQuoteHeader: undefined, pendingSpoilerTitle: undefined },
  ];
  for (;;) {
    const frame = frames[frames.length - 1];
    if (frame === undefined) return;
    const child = frame.child;
    if (child === null) {
      frames.pop();
      if (frame.block) out.softBreak();
      continue;
    }
    frame.child = child.nextSibling;
    if (child.nodeType === 3) {
      out.text(child.nodeValue ?? '', frame.marks);
      continue;
    }
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    if (ctx.skip.has(el)) continue;
    const tag = el.localName;
    if (skippedTags.has(tag)) continue;
    if (tag === 'br') {
      out.lineBreak();
      continue;
    }
    if (tag === 'img') {
      if (matches(el, p.smiley)) {
        const alt = el.getAttribute('alt');
        if (alt !== null) out.text(alt, frame.marks);
      }
      continue;
    }
    if (p.special !== '' && (p.specialTags === undefined || p.specialTags.has(tag)) && matches(el, p.special)) {
      if (matches(el, p.furniture)) continue;
      if (matches(el, p.detachedQuoteHeader)) {
        frame.pendingQuoteHeader = el;
        continue;
      }
      if (matches(el, p.detachedSpoilerTitle)) {
        frame.pendingSpoilerTitle = el;
        continue;
      }
      const quote = matches(el, p.quote);
      if ((quote || matches(el, p.spoiler)) && ctx.depth >= maxBlockDepth) {
        // Too deep to be its own node: its content is read here, inside the deepest quote or spoiler.
        ctx.report.flattened++;
      } else if (quote) {
        out.block(buildQuote(el, frame.pendingQuoteHeader, ctx));
        frame.pendingQuoteHeader = undefined;
        continue;
      } else if (matches(el, p.spoiler)) {
        out.block(buildSpoiler(el, frame.pendingSpoilerTitle, frame.marks, ctx));
        frame.pendingSpoilerTitle = undefined;
        continue;
      }
    }
    const block = isBlock(el, tag);
    if (block) out.softBreak();
    frames.push({
      child: el.firstChild,
      marks: marksOf(el, tag, frame.marks),
      block,
      pendingQuoteHeader: undefined,
      pendingSpoilerTitle: undefined,
    });
  }
}

/** What one body's walk noticed, for the page's issues. */
export interface BodyReport {
  /** Quotes and spoilers nested deeper than `maxBlockDepth`, read as plain text inside the deepest. */
  flattened: number;
}

/**
 * How deep quotes and spoilers nest in a parsed body: 19 inside each other make
 * 20 nested bodies, the depth the engine reads a body to (`dataLimits.bodyDepth`),
 * far beyond any real quote pyramid.
 */
export const maxBlockDepth = 19;

/** Walks a body with an explicit profile (for engines outside the registry, and for tests); `report` learns what was cut. */
export function parseBodyWithProfile(container: Element, profile: BodyProfile, report: BodyReport = { flattened: 0 }): BodyNode[] {
  const builder = new BodyBuilder();
  walkChildren(container, plain, builder, { profile: compile(profile), skip: new Set(), depth: 0, report });
  return builder.finish();
}
