/**
 * The CLI's fast post reader: a post's HTML read into body nodes in ONE pass of
 * htmlparser2's tokenizer (its Parser's events, `tag-events.ts`), with no tree in between. It gives exactly what
 * the body walker of `src/parsers/body.ts` gives over a tree of the same HTML
 * (the post tree of `fragment.ts`, or a browser's DOM where htmlparser2 builds
 * what the browser builds), and it uses that walker's own parts (`BodyBuilder`,
 * `marksOf`, `isBlock`, the profile's compiled selector lists), so the two cannot
 * drift apart in what they do with an element.
 *
 * What a tree gave for free is the look-ahead: a quote's header ("alice
 * wrote:"), its author and the quoted post's id are read before its content.
 * Here they are read as they come: the first header of a quote is walked into
 * its own builder (its plain text, for the author's wording), its author link's
 * text and its links' attributes are kept, and the quote node is made when the
 * quote ends, with its attribution. A detached spoiler title (mafiascum's
 * `div.quotetitle`, before its spoiler) is read when it ends and waits for the
 * spoiler, as the walker's pending title does.
 *
 * Where one pass cannot know what the walker would do, the reader gives up on
 * the post and returns undefined, and the caller reads that post over the tree
 * (`createBodyReader` in cli/corpus/load.ts): a possible quote header inside
 * markup the walk skips (a code box, a spoiler title), a quote or spoiler inside
 * a header or a title, or quotes nested as deep as the walker flattens them.
 * A profile whose selectors are more than one element's own tag, classes and
 * attributes (a combinator, a pseudo-class), or which uses the header and
 * title kinds read here by no engine the CLI replays (a header that must name
 * an author, a detached quote header, a spoiler title inside its spoiler) has
 * no fast reader at all (`createStreamBodyReader` returns undefined).
 *
 * test/cli/body-stream.test.ts checks it against the tree on every post of the
 * phpBB fixtures and the corpus, and against jsdom on the same edge cases as
 * the tree reader.
 */
import { compile as compileSelector, type Options } from 'css-select';
import type { BodyNode, QuoteNode, SpoilerNode } from '../../src/model/post';
import {
  BodyBuilder,
  authorFromHeaderText,
  cleanName,
  compile,
  isBlock,
  marksOf,
  maxBlockDepth,
  plain,
  plainTextOf,
  quotePostIdFrom,
  skippedTags,
  spoilerTitleText,
  type BodyProfile,
  type CompiledProfile,
  type Marks,
  type MarkedElement,
} from '../../src/parsers/body';
import { withoutExtraFrameTags } from '../frame-tags';
import { createTagEvents, type TagHandler } from './tag-events';

type Attribs = Record<string, string>;

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/** Whether `c` is ASCII white space as `DOMTokenList` splits on it (tab, line feed, form feed, carriage return, space). */
const isTokenSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;

/** The element at a start tag, as the walker's tests read it. One object, re-aimed at every start tag: no allocation per element. */
class Cursor implements MarkedElement {
  name = '';
  attribs: Attribs = {};
  private classValue = '';
  readonly classList = new CursorClassList(this);

  aim(name: string, attribs: Attribs): void {
    this.name = name;
    this.attribs = attribs;
    this.classValue = hasOwn(attribs, 'class') ? (attribs.class ?? '') : '';
  }

  getAttribute(name: string): string | null {
    return hasOwn(this.attribs, name) ? (this.attribs[name] ?? null) : null;
  }

  /** Whether the class attribute holds any class (anything but ASCII white space). */
  hasAnyClass(): boolean {
    const value = this.classValue;
    for (let i = 0; i < value.length; i++) if (!isTokenSpace(value.charCodeAt(i))) return true;
    return false;
  }

  /** `classList.contains`: the token between ASCII white space, as the DOM splits the class attribute. */
  hasClass(token: string): boolean {
    const value = this.classValue;
    if (token === '') return false;
    for (let at = value.indexOf(token); at !== -1; at = value.indexOf(token, at + 1)) {
      const end = at + token.length;
      if ((at === 0 || isTokenSpace(value.charCodeAt(at - 1))) && (end === value.length || isTokenSpace(value.charCodeAt(end))))
        return true;
    }
    return false;
  }
}

/**
 * The cursor's `classList`, as the walker's tests read it. A class, not an object literal in the cursor:
 * a literal's getter and method are new functions for each cursor, and V8 threw away the walker's
 * optimised code when a new reader's cursor came with its own.
 */
class CursorClassList {
  constructor(private readonly cursor: Cursor) {}

  /** 1 when the element has any class, else 0: the walker only asks whether there is one. */
  get length(): number {
    return this.cursor.hasAnyClass() ? 1 : 0;
  }

  contains(token: string): boolean {
    return this.cursor.hasClass(token);
  }
}

/** An element's attributes as the walker's post-id reading asks them (`getAttribute`, names lowered as in an HTML DOM). */
class AttributeHolder implements Pick<Element, 'getAttribute'> {
  constructor(private readonly attribs: Attribs) {}

  getAttribute(name: string): string | null {
    const key = name.toLowerCase();
    return hasOwn(this.attribs, key) ? (this.attribs[key] ?? null) : null;
  }
}

function attributeHolder(attribs: Attribs): AttributeHolder {
  return new AttributeHolder(attribs);
}

/**
 * A header's `a[href]` elements (`links` holds its `[data-post-id], a[href]` ones), as the walker's
 * `querySelectorAll('a[href]')` gives them. Built by pushing, as the post tree builds that list, so
 * `quotePostIdFrom` meets one kind of array from both readers (an array `map` makes is another).
 */
function hrefLinks(links: readonly { readonly a: boolean; readonly attribs: Attribs }[]): AttributeHolder[] {
  const out: AttributeHolder[] = [];
  for (const link of links) if (link.a && hasOwn(link.attribs, 'href')) out.push(attributeHolder(link.attribs));
  return out;
}

type Test = (element: Cursor) => boolean;
const never: Test = () => false;

/** css-select over the cursor alone: enough for selectors that read only the element's own tag and attributes (checked by `simpleSelector`). */
const cursorAdapter: NonNullable<Options<Cursor, Cursor>['adapter']> = {
  isTag: (_node): _node is Cursor => true,
  existsOne: () => false,
  getAttributeValue: (element, name) => (hasOwn(element.attribs, name) ? element.attribs[name] : undefined),
  getChildren: () => [],
  getName: (element) => element.name,
  getParent: () => null,
  getSiblings: (node) => [node],
  prevElementSibling: () => null,
  getText: () => '',
  hasAttrib: (element, name) => hasOwn(element.attribs, name),
  removeSubsets: (nodes) => nodes,
  findAll: () => [],
  findOne: () => null,
};

/**
 * One element's own tag, classes, id and attribute tests, nothing else (no
 * combinator, no pseudo-class, no case flag): what the streaming reader can
 * test at a start tag, knowing nothing of the element's ancestors or siblings.
 */
const simpleSelector =
  /^(?:[a-z][a-z0-9-]*|\*)?(?:\.[a-z_-][\w-]*|#[a-z_-][\w-]*|\[\s*[a-z_-][\w-]*\s*(?:[~^$*]?=\s*(?:"[^"\\]*"|'[^'\\]*'|[a-z_-][\w-]*)\s*)?\])*$/i;

/** The tags a list of simple selectors can match; undefined when one of them names no tag (`.x`, `*`). */
function tagsOf(list: readonly string[]): ReadonlySet<string> | undefined {
  const tags = new Set<string>();
  for (const selector of list) {
    const tag = /^[a-z][a-z0-9-]*/i.exec(selector.trim())?.[0];
    if (tag === undefined) return undefined;
    tags.add(tag.toLowerCase());
  }
  return tags;
}

function testOf(list: readonly string[]): Test | undefined {
  if (list.length === 0) return never;
  if (!list.every((selector) => selector !== '' && simpleSelector.test(selector.trim()))) return undefined;
  try {
    return compileSelector<Cursor, Cursor>(list.join(', '), { adapter: cursorAdapter, xmlMode: false });
  } catch {
    return undefined;
  }
}

/** The profile's selector lists as tests over the cursor; undefined when the profile needs more than one pass can give. */
interface StreamProfile {
  readonly compiled: CompiledProfile;
  readonly source: BodyProfile;
  readonly special: Test;
  readonly quote: Test;
  readonly quoteHeader: Test;
  /** The tags a quote header can have (undefined: any), so most elements skip its test. */
  readonly quoteHeaderTags: ReadonlySet<string> | undefined;
  readonly quoteAuthor: Test;
  readonly spoiler: Test;
  readonly detachedSpoilerTitle: Test;
  readonly furniture: Test;
  readonly smiley: Test;
  /** Elements that end the fast reading when met inside a header or a title. */
  readonly blockInCapture: Test;
}

function streamProfile(profile: BodyProfile): StreamProfile | undefined {
  if (profile.quoteHeaderIfNamed.length > 0 || profile.detachedQuoteHeader.length > 0 || profile.spoilerTitle.length > 0) return undefined;
  const tests = {
    quote: testOf(profile.quote),
    quoteHeader: testOf(profile.quoteHeader),
    quoteAuthor: testOf(profile.quoteAuthor),
    spoiler: testOf(profile.spoiler),
    detachedSpoilerTitle: testOf(profile.detachedSpoilerTitle),
    furniture: testOf(profile.furniture),
    smiley: testOf(profile.smiley),
    special: testOf([...profile.quote, ...profile.spoiler, ...profile.detachedSpoilerTitle, ...profile.furniture]),
    blockInCapture: testOf([...profile.quote, ...profile.spoiler, ...profile.detachedSpoilerTitle]),
  };
  const { quote, quoteHeader, quoteAuthor, spoiler, detachedSpoilerTitle, furniture, smiley, special, blockInCapture } = tests;
  if (
    quote === undefined ||
    quoteHeader === undefined ||
    quoteAuthor === undefined ||
    spoiler === undefined ||
    detachedSpoilerTitle === undefined ||
    furniture === undefined ||
    smiley === undefined ||
    special === undefined ||
    blockInCapture === undefined
  ) {
    return undefined;
  }
  return {
    compiled: compile(profile),
    source: profile,
    special,
    quote,
    quoteHeader,
    quoteHeaderTags: tagsOf(profile.quoteHeader),
    quoteAuthor,
    spoiler,
    detachedSpoilerTitle,
    furniture,
    smiley,
    blockInCapture,
  };
}

/** A detached spoiler title read to its end, waiting for its spoiler. */
interface PendingTitle {
  /** Its plain text, as the walker's `plainText` reads it. */
  readonly text: string;
  /** The `value` of its first `<input value>` (mafiascum's "Show" button), if any. */
  readonly inputValue: string | undefined;
}

/** How an open element is read: walked, skipped with everything in it, or the element of a context (quote, spoiler, header, title). */
const WALKED = 0;
const SKIPPED = 1;
const CONTEXT = 2;

/** One open element. Reused from a pool by nesting depth: no allocation per element. */
class Entry {
  kind = WALKED;
  /** A walked block element: a soft break when it ends. */
  block = false;
  /** The marks its children are read with. */
  marks: Marks = plain;
  /** A detached spoiler title read among its children, for the next spoiler among them. */
  pending: PendingTitle | undefined = undefined;
}

/** Where text goes: the post itself, a quote's or spoiler's body, or a header's or title's plain text. */
class Context {
  readonly builder = new BodyBuilder();
  /** For a quote: its first own header was met (it belongs to the quote, not to a quote or spoiler inside). */
  headerSeen = false;
  /** For a quote: what its header gave. */
  author: string | undefined = undefined;
  headerAttribs: Attribs | undefined = undefined;
  /** For a header: its elements with a post id attribute or a link, in document order (`[data-post-id], a[href]`). */
  readonly links: { readonly a: boolean; readonly attribs: Attribs }[] = [];
  /** For a header: its author element's text (all of it, as `textContent`), once one is met. */
  authorText: string | undefined = undefined;
  /** For a header: the pool index of its author element while that element is open, else -1. */
  authorIndex = -1;
  /** For a title: its first `<input value>`'s value. */
  inputValue: string | undefined = undefined;

  constructor(
    readonly kind: 'root' | 'quote' | 'spoiler' | 'header' | 'title',
    /** Quotes and spoilers around the walk, as the walker's `ctx.depth`. */
    readonly depth: number,
    /** The context element's attributes (none for the root). */
    readonly attribs: Attribs,
    /** For a spoiler: the title it was given (detached title, then its attributes). */
    readonly title: string | undefined = undefined,
  ) {}
}

/** Thrown inside the parser's callbacks when the post needs the tree; caught by the reader. */
const needsTree = new Error('the post needs the tree reader');

/** The walker of `src/parsers/body.ts`, driven by htmlparser2's events instead of a tree. */
class StreamWalker implements TagHandler {
  private readonly cursor = new Cursor();
  private readonly entries: Entry[] = [];
  /** Open elements (the root's container included). */
  private depth = 0;
  /** Open elements inside skipped markup. */
  private skipping = 0;
  private contexts: Context[] = [];
  /** The header or title being read, and its element's pool index. */
  private capture: Context | undefined = undefined;

  constructor(private readonly p: StreamProfile) {}

  start(): void {
    this.depth = 0;
    this.skipping = 0;
    this.capture = undefined;
    this.contexts = [new Context('root', 0, {})];
    const root = this.push();
    root.kind = WALKED;
    root.block = false;
    root.marks = plain;
  }

  finish(): BodyNode[] {
    const root = this.contexts[0];
    if (this.contexts.length !== 1 || root === undefined) throw needsTree;
    return root.builder.finish();
  }

  private push(): Entry {
    let entry = this.entries[this.depth];
    if (entry === undefined) {
      entry = new Entry();
      this.entries.push(entry);
    }
    entry.pending = undefined;
    this.depth++;
    return entry;
  }

  private entry(index: number): Entry {
    const entry = this.entries[index];
    if (entry === undefined) throw needsTree;
    return entry;
  }

  private get context(): Context {
    const context = this.contexts[this.contexts.length - 1];
    if (context === undefined) throw needsTree;
    return context;
  }

  /** The innermost quote or spoiler around the walk (headers and titles are read inside them), if any. */
  private innermostBlock(): Context | undefined {
    for (let i = this.contexts.length - 1; i > 0; i--) {
      const context = this.contexts[i];
      if (context !== undefined && (context.kind === 'quote' || context.kind === 'spoiler')) return context;
    }
    return undefined;
  }

  ontext(data: string): void {
    const capture = this.capture;
    if (capture !== undefined && capture.authorIndex !== -1) capture.authorText += data;
    if (this.skipping === 0) this.context.builder.text(data, this.entry(this.depth - 1).marks);
  }

  onopentag(name: string, attribs: Attribs): void {
    const p = this.p;
    const cursor = this.cursor;
    cursor.aim(name, attribs);
    const parent = this.entry(this.depth - 1);
    const index = this.depth;
    const entry = this.push();
    entry.marks = parent.marks;
    if (this.capture !== undefined) this.captureOpen(index);
    if ((p.quoteHeaderTags === undefined || p.quoteHeaderTags.has(name)) && p.quoteHeader(cursor)) {
      // The first header of a quote is the first in document order that no quote or spoiler inside holds.
      const quote = this.innermostBlock();
      if (quote !== undefined && quote.kind === 'quote' && !quote.headerSeen) {
        if (this.skipping > 0 || this.context !== quote) throw needsTree;
        quote.headerSeen = true;
        quote.headerAttribs = attribs;
        entry.kind = CONTEXT;
        entry.marks = plain;
        const header = new Context('header', quote.depth, attribs);
        this.contexts.push(header);
        this.capture = header;
        return;
      }
    }
    const c = p.compiled;
    const skipping = this.skipping > 0;
    /**
     * A quote, a spoiler, a detached spoiler title or furniture outside skipped markup (a line break or an image is
     * read as such first, as the walker does).
     */
    const special =
      !skipping &&
      name !== 'br' &&
      name !== 'img' &&
      c.special !== '' &&
      (c.specialTags === undefined || c.specialTags.has(name)) &&
      p.special(cursor);
    // An element inside skipped markup, markup never read and furniture leave the walk by one branch: V8 recompiles
    // this method when a branch is first taken after it was optimised, and furniture (with what it holds) may first
    // turn up late in a run of posts.
    if (skipping || skippedTags.has(name) || (special && p.furniture(cursor))) {
      this.skip(entry);
      return;
    }
    if (name === 'br') {
      this.context.builder.lineBreak();
      this.skip(entry);
      return;
    }
    if (name === 'img') {
      if (p.smiley(cursor)) {
        const alt = cursor.getAttribute('alt');
        if (alt !== null) this.context.builder.text(alt, parent.marks);
      }
      this.skip(entry);
      return;
    }
    if (special) {
      if (p.detachedSpoilerTitle(cursor)) {
        entry.kind = CONTEXT;
        entry.marks = plain;
        const title = new Context('title', this.context.depth, attribs);
        this.contexts.push(title);
        this.capture = title;
        return;
      }
      const quote = p.quote(cursor);
      if (quote || p.spoiler(cursor)) {
        const depth = this.context.depth;
        // The walker flattens what nests deeper and counts it: left to the tree reader.
        if (depth >= maxBlockDepth) throw needsTree;
        entry.kind = CONTEXT;
        if (quote) {
          entry.marks = plain;
          this.contexts.push(new Context('quote', depth + 1, attribs));
        } else {
          this.contexts.push(new Context('spoiler', depth + 1, attribs, this.spoilerTitle(parent.pending, attribs)));
          parent.pending = undefined;
        }
        return;
      }
    }
    entry.kind = WALKED;
    entry.block = isBlock(cursor, name);
    if (entry.block) this.context.builder.softBreak();
    entry.marks = marksOf(cursor, name, parent.marks);
  }

  private skip(entry: Entry): void {
    entry.kind = SKIPPED;
    this.skipping++;
  }

  /** What a header or title keeps of an element inside it (at pool index `index`), walked or skipped. */
  private captureOpen(index: number): void {
    const capture = this.capture;
    if (capture === undefined) return;
    const p = this.p;
    const cursor = this.cursor;
    // A quote or spoiler in a header or title would be walked with the header's depth and belong to no one here.
    if (p.blockInCapture(cursor)) throw needsTree;
    const { name, attribs } = cursor;
    if (capture.kind === 'header') {
      if (capture.authorText === undefined && p.quoteAuthor(cursor)) {
        capture.authorText = '';
        capture.authorIndex = index;
      }
      if (hasOwn(attribs, 'data-post-id') || (name === 'a' && hasOwn(attribs, 'href'))) capture.links.push({ a: name === 'a', attribs });
    } else if (capture.inputValue === undefined && name === 'input' && hasOwn(attribs, 'value')) {
      capture.inputValue = attribs.value;
    }
  }

  onclosetag(): void {
    if (this.depth <= 1) throw needsTree;
    this.depth--;
    const index = this.depth;
    const entry = this.entry(index);
    const capture = this.capture;
    if (capture !== undefined && capture.authorIndex === index) capture.authorIndex = -1;
    switch (entry.kind) {
      case WALKED:
        if (entry.block) this.context.builder.softBreak();
        return;
      case SKIPPED:
        this.skipping--;
        return;
      default:
        this.closeContext(this.entry(index - 1));
    }
  }

  private closeContext(parent: Entry): void {
    const context = this.contexts.pop();
    if (context === undefined) throw needsTree;
    const p = this.p.source;
    switch (context.kind) {
      case 'header': {
        this.capture = undefined;
        const quote = this.context;
        const named = context.authorText === undefined ? '' : cleanName(context.authorText);
        quote.author = named !== '' ? named : authorFromHeaderText(plainTextOf(context.builder), p);
        context.links.forEach((link) => quote.links.push(link));
        return;
      }
      case 'title':
        this.capture = undefined;
        parent.pending = { text: plainTextOf(context.builder), inputValue: context.inputValue };
        return;
      case 'quote': {
        let author = context.author;
        // Indexed, as the walker's small loops are (see `hasAnyClass` in src/parsers/body.ts).
        const authorAttributes = p.quoteAuthorAttributes;
        for (let i = 0; i < authorAttributes.length; i++) {
          const attr = (authorAttributes[i] ?? '').toLowerCase();
          const value = context.attribs[attr];
          if (value !== undefined && hasOwn(context.attribs, attr) && cleanName(value) !== '') {
            author = cleanName(value);
            break;
          }
        }
        const holders = [attributeHolder(context.attribs)];
        if (context.headerAttribs !== undefined) {
          holders.push(attributeHolder(context.headerAttribs));
          for (const link of context.links) holders.push(attributeHolder(link.attribs));
        }
        const postId = quotePostIdFrom(holders, () => hrefLinks(context.links), p);
        const node: { -readonly [K in keyof QuoteNode]: QuoteNode[K] } = { type: 'quote', children: context.builder.finish() };
        if (author !== undefined) node.author = author;
        if (postId !== undefined) node.postId = postId;
        this.context.builder.block(node);
        return;
      }
      case 'spoiler': {
        const node: { -readonly [K in keyof SpoilerNode]: SpoilerNode[K] } = { type: 'spoiler', children: context.builder.finish() };
        if (context.title !== undefined && context.title !== '') node.title = context.title;
        this.context.builder.block(node);
        return;
      }
      case 'root':
        throw needsTree;
    }
  }

  /** A spoiler's title as the walker's `buildSpoiler` reads it: the detached title waiting before it, then its own attributes. */
  private spoilerTitle(pending: PendingTitle | undefined, attribs: Attribs): string | undefined {
    let title: string | undefined;
    if (pending !== undefined) {
      const text = spoilerTitleText(pending.text);
      title = text !== '' ? text : pending.inputValue !== undefined ? spoilerTitleText(pending.inputValue) : '';
    }
    for (const attr of this.p.source.spoilerTitleAttributes) {
      const key = attr.toLowerCase();
      if (hasOwn(attribs, key)) {
        title = spoilerTitleText(attribs[key] ?? '');
        break;
      }
    }
    return title;
  }
}

/**
 * A reader of one engine's post bodies from their HTML in one streaming pass,
 * or undefined when the profile needs more than one pass gives (see above).
 * The reader returns undefined for a post it leaves to the tree reader. The
 * HTML is the post's markup as a `<div>`'s `innerHTML` would hold it; nesting
 * deeper than a browser's is for the caller to bound first (`limitNesting`).
 */
export function createStreamBodyReader(profile: BodyProfile): ((html: string) => BodyNode[] | undefined) | undefined {
  const p = streamProfile(profile);
  if (p === undefined) return undefined;
  const walker = new StreamWalker(p);
  // htmlparser2's events, as its Parser gives them with the HTML defaults (entities decoded, tag and attribute
  // names lowered), as the post tree reads them.
  const parse = createTagEvents(walker);
  return (html) => {
    walker.start();
    try {
      parse(withoutExtraFrameTags(html, false));
      return walker.finish();
    } catch (error) {
      if (error === needsTree) return undefined;
      throw error;
    }
  };
}
