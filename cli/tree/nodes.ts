/**
 * A read-only tree of a post's HTML, built straight from htmlparser2's
 * events (`fragment.ts`), whose nodes answer the part of the DOM the body
 * reader (`src/parsers/body.ts`) reads: the node links (`firstChild`,
 * `nextSibling`, `parentElement`…), `nodeType`, `nodeValue`, `localName`,
 * `classList`, `getAttribute`, `textContent`, and `matches`, `closest`,
 * `querySelector` and `querySelectorAll` with selectors compiled once per
 * selector string (`select.ts`).
 *
 * It exists for speed: linkedom, the CLI's DOM for whole pages (`cli/dom.ts`),
 * builds a document for every fragment and compiles a selector on every
 * `matches` call, which made `gavel replay` ten times the cost of parsing the
 * same HTML. Nothing here changes a tree once it is built.
 */
import { compiledSelector } from './select';

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const COMMENT_NODE = 8;

export type TreeNode = TreeElement | TreeText | TreeComment;

/** What every node has: its place among its parent's children. */
abstract class TreeNodeBase {
  parentNode: TreeElement | null = null;
  previousSibling: TreeNode | null = null;
  nextSibling: TreeNode | null = null;

  get parentElement(): TreeElement | null {
    return this.parentNode;
  }

  get nextElementSibling(): TreeElement | null {
    let at = this.nextSibling;
    while (at !== null && at.nodeType !== ELEMENT_NODE) at = at.nextSibling;
    return at;
  }

  get previousElementSibling(): TreeElement | null {
    let at = this.previousSibling;
    while (at !== null && at.nodeType !== ELEMENT_NODE) at = at.previousSibling;
    return at;
  }
}

/** What text and comments share (the DOM's CharacterData): their characters, and no children. */
abstract class TreeCharacterData extends TreeNodeBase {
  data: string;

  constructor(data: string) {
    super();
    this.data = data;
  }

  get nodeValue(): string {
    return this.data;
  }

  get textContent(): string {
    return this.data;
  }

  /** No children: the walker reads `firstChild` of elements only, but it is answered anyway. */
  get firstChild(): null {
    return null;
  }
}

/** A run of text, entities already decoded (adjacent runs are one node, as a browser's parser makes them). */
export class TreeText extends TreeCharacterData {
  readonly nodeType = TEXT_NODE;
  readonly nodeName = '#text';
}

export class TreeComment extends TreeCharacterData {
  readonly nodeType = COMMENT_NODE;
  readonly nodeName = '#comment';
}

/** An element's classes, as `DOMTokenList` reads them (split on ASCII whitespace, each once). */
export class TreeClassList implements Iterable<string> {
  private readonly tokens: readonly string[];

  constructor(value: string) {
    const tokens: string[] = [];
    for (const token of value.split(/[\t\n\f\r ]+/)) if (token !== '' && !tokens.includes(token)) tokens.push(token);
    this.tokens = tokens;
  }

  get length(): number {
    return this.tokens.length;
  }

  get value(): string {
    return this.tokens.join(' ');
  }

  contains(token: string): boolean {
    return this.tokens.includes(token);
  }

  item(index: number): string | null {
    return this.tokens[index] ?? null;
  }

  [Symbol.iterator](): Iterator<string> {
    return this.tokens[Symbol.iterator]();
  }
}

const noClasses = new TreeClassList('');

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/**
 * The first descendant of `root` (not `root` itself) in document order passing `test`, or every
 * one of them into `found`; without recursion, and without a generator (the body reader asks
 * this of every quote and header, and resuming a generator cost more than the tests).
 */
function findDescendants(root: TreeElement, test: (element: TreeElement) => boolean, found: TreeElement[] | undefined): TreeElement | null {
  let at: TreeNode | null = root.firstChild;
  while (at !== null) {
    if (at.nodeType === ELEMENT_NODE) {
      if (test(at)) {
        if (found === undefined) return at;
        found.push(at);
      }
      if (at.childNodes.length > 0) {
        at = at.childNodes[0] ?? null;
        continue;
      }
    }
    let next: TreeNode | null = at.nextSibling;
    for (let up: TreeElement | null = at.parentNode; next === null && up !== null && up !== root; up = up.parentNode) next = up.nextSibling;
    at = next;
  }
  return null;
}

export class TreeElement extends TreeNodeBase {
  readonly nodeType = ELEMENT_NODE;
  /** The tag name in lower case (htmlparser2 lowers it in HTML, as a browser does). */
  readonly localName: string;
  /** Attribute names in lower case; the first of two names differing only in case wins, as in a browser. */
  readonly attribs: Readonly<Record<string, string>>;
  readonly childNodes: TreeNode[] = [];
  private classes: TreeClassList | undefined;

  constructor(localName: string, attribs: Readonly<Record<string, string>>) {
    super();
    this.localName = localName;
    this.attribs = attribs;
  }

  get nodeName(): string {
    return this.localName.toUpperCase();
  }

  get tagName(): string {
    return this.localName.toUpperCase();
  }

  get nodeValue(): null {
    return null;
  }

  get firstChild(): TreeNode | null {
    return this.childNodes[0] ?? null;
  }

  get lastChild(): TreeNode | null {
    return this.childNodes[this.childNodes.length - 1] ?? null;
  }

  get children(): TreeElement[] {
    return this.childNodes.filter((n): n is TreeElement => n.nodeType === ELEMENT_NODE);
  }

  get firstElementChild(): TreeElement | null {
    for (const child of this.childNodes) if (child.nodeType === ELEMENT_NODE) return child;
    return null;
  }

  /** Appends `node` (built by the fragment reader only; the tree is read-only once built). */
  append(node: TreeNode): void {
    const last = this.childNodes[this.childNodes.length - 1];
    if (last !== undefined) {
      last.nextSibling = node;
      node.previousSibling = last;
    }
    node.parentNode = this;
    this.childNodes.push(node);
  }

  get classList(): TreeClassList {
    if (this.classes === undefined) {
      const value = this.getAttribute('class');
      this.classes = value === null || value === '' ? noClasses : new TreeClassList(value);
    }
    return this.classes;
  }

  get className(): string {
    return this.getAttribute('class') ?? '';
  }

  get id(): string {
    return this.getAttribute('id') ?? '';
  }

  /** The attribute's value; the name is lowered first, as a browser does in an HTML document. */
  getAttribute(name: string): string | null {
    const key = name.toLowerCase();
    return hasOwn(this.attribs, key) ? (this.attribs[key] ?? null) : null;
  }

  hasAttribute(name: string): boolean {
    return hasOwn(this.attribs, name.toLowerCase());
  }

  hasAttributes(): boolean {
    for (const key in this.attribs) if (hasOwn(this.attribs, key)) return true;
    return false;
  }

  getAttributeNames(): string[] {
    return Object.keys(this.attribs);
  }

  /** The text of every text node inside, in document order (comments left out, as in the DOM). */
  get textContent(): string {
    let out = '';
    let at: TreeNode | null = this.firstChild;
    while (at !== null) {
      if (at.nodeType === TEXT_NODE) out += at.data;
      else if (at.nodeType === ELEMENT_NODE && at.firstChild !== null) {
        at = at.firstChild;
        continue;
      }
      let next: TreeNode | null = at.nextSibling;
      for (let up: TreeElement | null = at.parentNode; next === null && up !== null && up !== this; up = up.parentNode)
        next = up.nextSibling;
      at = next;
    }
    return out;
  }

  contains(other: TreeNode | null): boolean {
    for (let at: TreeNode | null = other; at !== null; at = at.parentNode) if (at === this) return true;
    return false;
  }

  /** Whether the element matches the selector (a SyntaxError for one that is not a selector, as in the DOM). */
  matches(selector: string): boolean {
    return compiledSelector(selector, this)(this);
  }

  closest(selector: string): TreeElement | null {
    const test = compiledSelector(selector, this);
    if (test(this)) return this;
    for (let at = this.parentNode; at !== null; at = at.parentNode) if (test(at)) return at;
    return null;
  }

  querySelectorAll(selector: string): TreeElement[] {
    const found: TreeElement[] = [];
    findDescendants(this, compiledSelector(selector, this), found);
    return found;
  }

  querySelector(selector: string): TreeElement | null {
    return findDescendants(this, compiledSelector(selector, this), undefined);
  }
}
