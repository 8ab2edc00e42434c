/**
 * Where a thread's other pages are, read from one page of it: the pagination's
 * numbered links, `rel="prev"` and `rel="first"`/`"start"`, and the engine's
 * address scheme for page n where the page shows it (each adapter says how).
 * With these the worker reaches the pages before the one a host opened first.
 * Reads the document only; never changes it.
 */
import { absoluteUrl, attrOf, textOf } from './dom';
import { linkBase } from './html-thread';
import type { PageLinks, PageUrlScheme } from './types';

/**
 * The longest address a scheme is built from. Real thread addresses are far
 * shorter; a longer one (a page's canonical link can say anything) is not
 * read, so the patterns that take an address apart never meet a huge input.
 */
export const longestAddress = 2048;

/** Where a scheme's template takes the page number (or the posts before the page). */
export const pageMarker = '{page}';

/** What relative links resolve against (the same as for the posts' own links). */
export { linkBase };

/** Every element matching any of the selectors, in document order; a selector the DOM rejects matches nothing. */
function allOf(root: ParentNode, selectors: readonly string[]): Element[] {
  const valid = selectors.filter((selector) => {
    try {
      root.querySelector(selector);
      return true;
    } catch {
      return false;
    }
  });
  return valid.length === 0 ? [] : Array.from(root.querySelectorAll(valid.join(', ')));
}

/** Where an engine's page shows its pagination. */
export interface PaginationMarkup {
  /** Pagination blocks: their links whose text is a page number give that page's address. */
  readonly blocks: readonly string[];
  /** Where a link's page number is an attribute rather than its text (vBulletin 5's `data-page`). */
  readonly numberAttribute?: string;
  /** Links to the previous page besides `link[rel=prev]` / `a[rel=prev]` (MyBB's "« Previous"). */
  readonly prev?: readonly string[];
  /** Links to page 1 besides `rel="first"` / `rel="start"`. */
  readonly first?: readonly string[];
}

/** A whole number ≥ 1 written plainly ("12", not "12a" or "Page 1 of 2"). */
function pageNumberIn(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').replace(/[\s\u00a0]+/g, '');
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 ? n : undefined;
}

/** The links a page shows to the thread's pages, with the engine's scheme. */
export function readPageLinks(doc: Document, url: URL, current: number, markup: PaginationMarkup, scheme: PageUrlScheme | null): PageLinks {
  const base = linkBase(doc, url);
  const pages: Record<string, string> = {};
  const put = (n: number | undefined, href: string | undefined): void => {
    if (n === undefined || !Number.isInteger(n) || n < 1 || n === current || pages[String(n)] !== undefined) return;
    const absolute = absoluteUrl(href, base);
    // the fragment (Invision's `#comments`) is not part of the page's address
    if (absolute !== undefined) pages[String(n)] = absolute.replace(/#.*$/, '');
  };
  for (const block of allOf(doc, markup.blocks)) {
    for (const link of block.querySelectorAll('a[href]')) {
      const n = markup.numberAttribute === undefined ? pageNumberIn(textOf(link)) : pageNumberIn(attrOf(link, markup.numberAttribute));
      put(n, attrOf(link, 'href'));
    }
    // a page-jump menu (Curse): <option value="…?page=3">3</option>
    for (const option of block.querySelectorAll('option[value]')) put(pageNumberIn(textOf(option)), attrOf(option, 'value'));
  }
  if (current > 1) {
    for (const el of allOf(doc, [...(markup.prev ?? []), 'link[rel="prev"][href]', 'a[rel="prev"][href]']))
      put(current - 1, attrOf(el, 'href'));
  }
  for (const el of allOf(doc, [...(markup.first ?? []), 'link[rel="first"][href]', 'a[rel="first"][href]', 'a[rel="start"][href]']))
    put(1, attrOf(el, 'href'));
  return { current, pages, scheme };
}

/** No links: the page shows none (or the engine has no page addresses). */
export function noPageLinks(current: number): PageLinks {
  return { current, pages: {}, scheme: null };
}

/**
 * A scheme that puts the page part in one query parameter: `param=n`, or
 * `param=(n − 1) × perPage` with `perPage`. The page's own URL gives the rest
 * (its other parameters kept, its fragment dropped); page 1 is the URL without the parameter.
 */
export function queryScheme(url: URL, param: string, perPage?: number): PageUrlScheme {
  const page = new URL(url.href);
  page.hash = '';
  page.searchParams.delete(param);
  const first = page.href;
  const template = `${first}${page.search === '' ? '?' : '&'}${param}=${pageMarker}`;
  return perPage === undefined ? { template, firstPage: first } : { template, perPage, firstPage: first };
}

/**
 * A scheme written in the path: `prefix` (the thread's address without a page
 * part, absolute) plus `suffix` with the marker (`page-{page}`, `/page{page}`).
 * Page 1 is `prefix` itself. The page's query is kept, its fragment dropped.
 */
export function pathScheme(prefix: string, suffix: string, search = ''): PageUrlScheme {
  return { template: `${prefix}${suffix}${search}`, firstPage: `${prefix}${search}` };
}

/**
 * Posts per page where a thread's URLs count posts (phpBB `start`, SMF's offset):
 * from the page in hand (offset ÷ (page − 1)), else from any numbered link.
 */
export function perPageFrom(
  current: number,
  offset: number,
  links: Readonly<Record<string, string>>,
  offsetOf: (url: URL) => number | undefined,
): number | undefined {
  if (current > 1 && offset > 0 && offset % (current - 1) === 0) return offset / (current - 1);
  for (const [key, href] of Object.entries(links)) {
    const n = Number(key);
    let value: number | undefined;
    try {
      value = offsetOf(new URL(href));
    } catch {
      value = undefined;
    }
    if (n > 1 && value !== undefined && value > 0 && value % (n - 1) === 0) return value / (n - 1);
  }
  return undefined;
}

/**
 * The address of page `n` (1-based) as the links of one page give it: the page's
 * own link to it, else the engine's scheme, else null (the page does not say).
 */
export function pageUrlOf(links: PageLinks, n: number): string | null {
  if (!Number.isInteger(n) || n < 1) return null;
  const linked = links.pages[String(n)];
  if (linked !== undefined) return linked;
  const scheme = links.scheme;
  if (scheme === null) return null;
  if (n === 1 && scheme.firstPage !== undefined) return scheme.firstPage;
  const value = scheme.perPage === undefined ? n : (n - 1) * scheme.perPage;
  return scheme.template.split(pageMarker).join(String(value));
}

/**
 * A scheme from an address written with a placeholder in place of the page part
 * (XenForo 1's `data-baseurl="threads/x.7/page-{{sentinel}}"`), resolved against
 * the page. The placeholder is swapped for a plain word first, so resolving the
 * URL cannot percent-encode it.
 */
export function schemeFromTemplate(href: string | undefined, placeholder: string, base: URL, firstPage?: string): PageUrlScheme | null {
  if (href === undefined || !href.includes(placeholder)) return null;
  const word = 'gavelpagenumber';
  const absolute = absoluteUrl(href.split(placeholder).join(word), base);
  if (absolute === undefined || !absolute.includes(word)) return null;
  const template = absolute.replace(/#.*$/, '').split(word).join(pageMarker);
  return firstPage === undefined ? { template } : { template, firstPage };
}

/** Another page of the thread whose address has what `test` looks for (to build a scheme from when the page's own address is a post link). */
export function linkedPageUrl(links: Readonly<Record<string, string>>, test: (url: URL) => boolean): URL | undefined {
  for (const href of Object.values(links)) {
    try {
      const url = new URL(href);
      if (test(url)) return url;
    } catch {
      // not an address: try the next link
    }
  }
  return undefined;
}
