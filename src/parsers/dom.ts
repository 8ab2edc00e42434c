/**
 * DOM lookups that name what failed. `requireOne`/`requireAll` record a ParseIssue naming
 * the selector, the count found and the page instead of throwing; `optionalOne` is for
 * nodes that may legitimately be absent. Nothing here changes the document.
 */
import { engineMessage, word, type EngineMessage } from '../engine/words';
import type { ParseIssue, ParseIssueKind } from './types';

/** Where issues go while one page is read. */
export interface IssueSink {
  /** The page number the issues belong to. */
  readonly page: number;
  readonly issues: ParseIssue[];
}

export function addIssue(
  sink: IssueSink,
  kind: ParseIssueKind,
  selector: string,
  found: number,
  expected: string,
  postId?: string,
  detail?: string,
  /** The detail as a message for the host's language (`detail` stays the English for logs). */
  detailWords?: EngineMessage,
): void {
  const where = postId === undefined ? `on page ${sink.page}` : `in post ${postId} on page ${sink.page}`;
  const said = [word.text(selector), word.number(found), word.text(expected), word.number(sink.page)];
  const shownDetail = detailWords ?? (detail === undefined ? undefined : engineMessage('parse/detail-as-written', word.text(detail)));
  let words: EngineMessage;
  if (postId === undefined) {
    words =
      shownDetail === undefined
        ? engineMessage('parse/selector-count', ...said)
        : engineMessage('parse/selector-count-detail', ...said, word.message(shownDetail));
  } else {
    words =
      shownDetail === undefined
        ? engineMessage('parse/selector-count-in-post', ...said, word.text(postId))
        : engineMessage('parse/selector-count-in-post-detail', ...said, word.text(postId), word.message(shownDetail));
  }
  const issue: { -readonly [K in keyof ParseIssue]: ParseIssue[K] } = {
    kind,
    selector,
    found,
    expected,
    page: sink.page,
    message: `${selector} matched ${found} of expected ${expected} ${where}${detail === undefined ? '' : ` (${detail})`}`,
    words,
  };
  if (postId !== undefined) issue.postId = postId;
  sink.issues.push(issue);
}

function safeQueryAll(root: ParentNode, selector: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(selector));
  } catch {
    return [];
  }
}

/** All matches of the first alternative that matches anything (alternatives are tried in order). */
export function queryAll(root: ParentNode, selectors: readonly string[]): Element[] {
  for (const selector of selectors) {
    const found = safeQueryAll(root, selector);
    if (found.length > 0) return found;
  }
  return [];
}

/** The first match of the first alternative that matches, or undefined. */
export function optionalOne(root: ParentNode, selectors: readonly string[]): Element | undefined {
  for (const selector of selectors) {
    let found: Element | null;
    try {
      found = root.querySelector(selector);
    } catch {
      found = null;
    }
    if (found !== null) return found;
  }
  return undefined;
}

/** Like `optionalOne`, but an absence is recorded as an issue naming `name` and the selectors. */
export function requireOne(
  sink: IssueSink,
  root: ParentNode,
  name: string,
  selectors: readonly string[],
  postId?: string,
): Element | undefined {
  const found = optionalOne(root, selectors);
  if (found === undefined)
    addIssue(sink, postId === undefined ? 'structure/selector-count' : 'post/field-unreadable', name, 0, '1', postId);
  return found;
}

/** Every match; none is recorded as an issue. */
export function requireAll(sink: IssueSink, root: ParentNode, name: string, selectors: readonly string[]): Element[] {
  const found = queryAll(root, selectors);
  if (found.length === 0) addIssue(sink, 'structure/selector-count', name, 0, '≥1');
  return found;
}

/** Whitespace-normalised text content ('' for undefined). */
export function textOf(el: Element | null | undefined): string {
  if (el === null || el === undefined) return '';
  return el.textContent.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** The attribute's value, or undefined when absent. */
export function attrOf(el: Element | null | undefined, name: string): string | undefined {
  if (el === null || el === undefined) return undefined;
  const value = el.getAttribute(name);
  return value === null ? undefined : value;
}

/** The first capture group of `pattern` in `value`. */
export function capture(value: string | undefined, pattern: RegExp): string | undefined {
  if (value === undefined) return undefined;
  return pattern.exec(value)?.[1];
}

/** Whether a URL is a web address (http or https): the only links the parsers hand on. */
export function isWebUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/** Whether `text` is an absolute http(s) address. */
export function isWebAddress(text: string): boolean {
  try {
    return isWebUrl(new URL(text));
  } catch {
    return false;
  }
}

/**
 * Resolves a link against the page URL; undefined for missing or unusable
 * links, and for any link that is not http(s) (`javascript:`, `data:`, `file:`…).
 */
export function absoluteUrl(href: string | undefined, base: URL): string | undefined {
  if (href === undefined || href.trim() === '') return undefined;
  try {
    const url = new URL(href, base);
    return isWebUrl(url) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The node after `node` in document order inside `root` (null after the last):
 * into its children when `descend`, else to its next sibling or an ancestor's.
 * Walks written with it need no recursion, so a page nested 100,000 deep
 * cannot overflow the stack.
 */
export function nextInside(node: Node, root: Node, descend: boolean): Node | null {
  if (descend && node.firstChild !== null) return node.firstChild;
  for (let at: Node | null = node; at !== null && at !== root; at = at.parentNode) {
    if (at.nextSibling !== null) return at.nextSibling;
  }
  return null;
}

/** Text of the element with the given descendants left out (without changing the document). */
export function textWithout(el: Element | undefined, exclude: readonly string[]): string {
  if (el === undefined) return '';
  let out = '';
  for (let node: Node | null = el.firstChild; node !== null;) {
    let descend = false;
    if (node.nodeType === 3) out += node.nodeValue ?? '';
    else if (node.nodeType === 1) {
      const element = node as Element;
      descend = !exclude.some((selector) => element.matches(selector));
    }
    node = nextInside(node, el, descend);
  }
  return out.replace(/[\s\u00a0]+/g, ' ').trim();
}
