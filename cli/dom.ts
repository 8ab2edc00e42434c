/**
 * The DOM the command line reads pages with: linkedom, a light DOM over
 * htmlparser2, about ten times faster than jsdom at what the parsers do
 * (building a tree, `querySelectorAll`, walking children and reading text).
 * The replay reads its tens of thousands of posts with a lighter reader
 * still, a read-only tree that answers only the body reader (`cli/tree`).
 *
 * The parsers are written against the browser's DOM and are not changed for
 * Node. Where linkedom builds or answers differently from a browser in
 * something they rely on, this module makes it do what the browser does; each
 * difference was found by running the parser tests through this module
 * (`GAVEL_TEST_DOM=cli npx vitest run test/parsers`) and has a test of its own
 * in test/cli/dom.test.ts:
 *
 * - Attribute names keep the case they were written in (`data-ipsPagination-perPage`);
 *   a browser lowercases them, and the parsers ask for them in lower case.
 * - A page without `<html>`, `<head>` or `<body>` (a saved fragment, a JSON
 *   file) gets no such elements; a browser always builds all three, and puts
 *   the page's content in the body. linkedom's `document.head` and `.body`
 *   would add them on first read, so reading a page would change it.
 * - `<html>`, `<head>` and `<body>` tags past the first (or any, in a post's
 *   body) are nested by htmlparser2 where a browser ignores them; a post of
 *   100,000 of them took tens of seconds and then overflowed the stack.
 * - `document.implementation` is missing: the Discourse adapter reads a post's
 *   cooked HTML in an inert document it makes with `createHTMLDocument`.
 * - Markup set through `innerHTML` or `createContextualFragment` keeps attribute
 *   names' case too (lowered as for a page).
 * - A byte-order mark at the start of a saved file is read as text before
 *   `<html>`; a browser takes it as the encoding and drops it.
 * - `getAttribute` and `hasAttribute` match the name as given; a browser's
 *   lower-case it first in an HTML document.
 */
import { DOMParser } from 'linkedom';
import { withoutExtraFrameTags } from './frame-tags';

const parser = new DOMParser();

function parse(html: string): Document {
  return parser.parseFromString(html, 'text/html') as unknown as Document;
}

const ELEMENT = 1;
const TEXT = 3;
const COMMENT = 8;
const DOCTYPE = 10;

/** Every attribute name within `root` (itself included when an element) in lower case, as a browser's HTML parser stores it. */
function lowerCaseAttributes(root: ParentNode): void {
  const rename = (element: Element): void => {
    if (!element.hasAttributes()) return;
    for (const name of Array.from(element.getAttributeNames())) {
      const lower = name.toLowerCase();
      if (lower === name) continue;
      const attr = element.getAttributeNode(name);
      if (attr === null) continue;
      // The first of two names differing only in case wins, as in the browser.
      if (element.getAttributeNode(lower) !== null) {
        element.removeAttributeNode(attr);
        continue;
      }
      const writable = attr as unknown as { name: string; localName: string };
      writable.name = lower;
      writable.localName = lower;
    }
  };
  // A walk of the elements, not `querySelectorAll('*')`: linkedom compiles a selector on every call.
  const top = root as Node;
  for (let at: Element | null = top.nodeType === ELEMENT ? (top as Element) : root.firstElementChild; at !== null;) {
    rename(at);
    let next: Element | null = at.firstElementChild;
    for (let up: Element | null = at; next === null && up !== null && up !== top; up = up.parentElement) next = up.nextElementSibling;
    at = next;
  }
}

/** Elements a browser keeps in the head when they come before any body content. */
const headTags = new Set(['base', 'basefont', 'bgsound', 'link', 'meta', 'noframes', 'script', 'style', 'template', 'title']);

function isBlankText(node: Node): boolean {
  return node.nodeType === TEXT && /^[\t\n\f\r ]*$/.test(node.nodeValue ?? '');
}

/**
 * Gives the document the `html > head + body` shape a browser's parser always
 * builds: what lies outside `<html>` goes inside it, head elements before
 * the first content into the head, everything else into the body, in order.
 * A page that already has that shape is left as it is.
 */
function completeStructure(doc: Document): void {
  const top = Array.from(doc.childNodes).filter((n) => n.nodeType !== DOCTYPE);
  const html = doc.documentElement as Element | null;
  if (html !== null && html.localName === 'html' && top.every((n) => n === html || n.nodeType === COMMENT || isBlankText(n))) {
    const elements = Array.from(html.children);
    if (elements.length === 2 && elements[0]?.localName === 'head' && elements[1]?.localName === 'body') {
      const strayText = Array.from(html.childNodes).some((n) => n.nodeType === TEXT && !isBlankText(n));
      if (!strayText) return;
    }
  }
  // The nodes in document order, with the html element's own children in its place.
  const flat: Node[] = [];
  let rootElement: Element | undefined;
  for (const node of top) {
    if (node.nodeType === ELEMENT && (node as Element).localName === 'html' && rootElement === undefined) {
      rootElement = node as Element;
      flat.push(...Array.from(node.childNodes));
    } else flat.push(node);
  }
  const root = rootElement ?? doc.createElement('html');
  let head: Element | undefined;
  let body: Element | undefined;
  const headNodes: Node[] = [];
  const bodyNodes: Node[] = [];
  for (const node of flat) {
    if (node.nodeType === ELEMENT) {
      const element = node as Element;
      if (element.localName === 'head' && head === undefined && body === undefined && bodyNodes.length === 0) {
        head = element;
        continue;
      }
      if (element.localName === 'body' && body === undefined) {
        body = element;
        // Content met before `<body>` comes first in the body, as the browser reads it.
        bodyNodes.push(...Array.from(element.childNodes));
        continue;
      }
      if (element.localName === 'body' || element.localName === 'head' || element.localName === 'html') {
        // A second one adds its content, not itself.
        (body === undefined && bodyNodes.length === 0 && element.localName === 'head' ? headNodes : bodyNodes).push(
          ...Array.from(element.childNodes),
        );
        continue;
      }
      if (body === undefined && bodyNodes.length === 0 && headTags.has(element.localName)) {
        headNodes.push(element);
        continue;
      }
    } else if (bodyNodes.length === 0 && body === undefined && (isBlankText(node) || node.nodeType === COMMENT)) {
      continue;
    }
    bodyNodes.push(node);
  }
  head ??= doc.createElement('head');
  body ??= doc.createElement('body');
  head.append(...headNodes);
  body.replaceChildren(...bodyNodes);
  root.replaceChildren(head, body);
  if (rootElement === undefined) doc.append(root);
  for (const node of top) if (node !== root && node.parentNode === doc) node.remove();
}

let patched = false;

/** What linkedom's own classes lack, added once to them (never to anything a browser or jsdom runs). */
function patchLinkedom(): void {
  if (patched) return;
  patched = true;
  const doc = parse('<!doctype html><html><head></head><body><div></div></body></html>');
  const documentProto = Object.getPrototypeOf(doc) as object;
  if (!('implementation' in documentProto)) {
    Object.defineProperty(documentProto, 'implementation', {
      configurable: true,
      get(): Pick<DOMImplementation, 'createHTMLDocument'> {
        return {
          createHTMLDocument: (title?: string) => {
            const created = htmlDocument('<!doctype html><html><head></head><body></body></html>');
            if (title !== undefined && title !== '') created.title = title;
            return created;
          },
        };
      },
    });
  }
  // Element.prototype of linkedom: the first prototype up the div's chain that defines getAttribute.
  let elementProto = Object.getPrototypeOf(doc.querySelector('div')) as object | null;
  while (elementProto !== null && !Object.prototype.hasOwnProperty.call(elementProto, 'getAttribute'))
    elementProto = Object.getPrototypeOf(elementProto) as object | null;
  if (elementProto !== null) {
    // Markup set through `innerHTML` (which `createContextualFragment` uses too) is parsed as a page is.
    const inner = Object.getOwnPropertyDescriptor(elementProto, 'innerHTML');
    const setInner = inner?.set;
    if (inner !== undefined && setInner !== undefined)
      Object.defineProperty(elementProto, 'innerHTML', {
        ...inner,
        set(this: Element, html: string) {
          setInner.call(this, html);
          lowerCaseAttributes(this);
        },
      });
    const proto = elementProto as Pick<Element, 'getAttribute' | 'hasAttribute'>;
    const { getAttribute, hasAttribute } = proto;
    proto.getAttribute = function (this: Element, name: string) {
      return getAttribute.call(this, name.toLowerCase());
    };
    proto.hasAttribute = function (this: Element, name: string) {
      return hasAttribute.call(this, name.toLowerCase());
    };
  }
}

/** A whole page (a saved thread page's HTML) as a document, shaped as a browser shapes it. */
export function htmlDocument(html: string): Document {
  patchLinkedom();
  // A byte-order mark is the file's encoding, not text (a browser and jsdom drop it while decoding).
  const doc = parse(withoutExtraFrameTags(html.startsWith('\uFEFF') ? html.slice(1) : html, true));
  completeStructure(doc);
  lowerCaseAttributes(doc);
  return doc;
}

/** An empty page whose body holds `text` as its one text node (a saved JSON file, as a browser shows it). */
export function textDocument(text: string): Document {
  const doc = htmlDocument('<!doctype html><html><head></head><body></body></html>');
  doc.body.append(doc.createTextNode(text));
  return doc;
}

/**
 * A reader of HTML fragments (posts' bodies) as DOM elements, for what needs
 * more of the DOM than the replay's post tree (`cli/tree`) answers, over one reused document: each
 * call returns a new `<div>` holding the fragment's nodes, as the browser's
 * `innerHTML` builds them (through the document's
 * `createContextualFragment`, which reads markup as `innerHTML` does). The element is never attached to the document, so
 * nothing accumulates across calls.
 */
export function createFragmentReader(): (html: string) => HTMLElement {
  const doc = htmlDocument('<!doctype html><html><head></head><body></body></html>');
  // linkedom reads the range's markup into its common ancestor's document: left as the document itself.
  const range = doc.createRange();
  return (html) => {
    const container = doc.createElement('div');
    container.append(range.createContextualFragment(withoutExtraFrameTags(html, false)));
    return container;
  };
}
