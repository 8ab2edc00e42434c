/**
 * Where the thread's other pages are, as a vbulletin5 page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { absoluteUrl, attrOf, optionalOne } from '../dom';
import { linkBase, longestAddress, pageMarker, pathScheme, readPageLinks } from '../page-links';
import type { PageLinks } from '../types';

/**
 * vBulletin 5's page navigation numbers its buttons in `data-page` (the hidden template button
 * and a disabled "Previous" say 0) and names the thread's address in `data-baseurl`; page n is
 * that address plus `/pageN`.
 */
export function vbulletin5PageLinks(doc: Document, url: URL, current: number): PageLinks {
  const baseUrl = attrOf(optionalOne(doc, ['.js-pagenav[data-baseurl]']), 'data-baseurl');
  const own = `${url.origin}${url.pathname}`;
  const thread =
    absoluteUrl(baseUrl, linkBase(doc, url)) ?? (own.length > longestAddress ? undefined : /^(.*?)(?:\/page\d+)?\/?$/.exec(own)?.[1]);
  const scheme =
    thread === undefined || thread.length > longestAddress
      ? null
      : pathScheme(thread.replace(/[?#].*$/, '').replace(/\/$/, ''), `/page${pageMarker}`);
  return readPageLinks(doc, url, current, { blocks: ['.js-pagenav'], numberAttribute: 'data-page' }, scheme);
}
