/**
 * Where the thread's other pages are, as a mybb page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { linkedPageUrl, queryScheme, readPageLinks } from '../page-links';
import type { PageLinks } from '../types';
import { selectors } from './selectors';

/**
 * MyBB: `a.pagination_page` links, "« Previous" and "« First"; page n is the thread's address
 * with `page=N` (friendly `Thread-slug?page=N` too). A post link (`?pid=…`) names no thread,
 * so the scheme is then built on one of the pagination's links.
 */
export function mybbPageLinks(doc: Document, url: URL, current: number): PageLinks {
  const found = readPageLinks(
    doc,
    url,
    current,
    { blocks: selectors.pagination, prev: ['a.pagination_previous[href]'], first: ['a.pagination_first[href]'] },
    null,
  );
  const names = (u: URL): boolean => u.searchParams.has('tid') || /\/Thread-[^/]+$/.test(u.pathname);
  const threadUrl = names(url) ? url : linkedPageUrl(found.pages, names);
  return { ...found, scheme: threadUrl === undefined ? null : queryScheme(threadUrl, 'page') };
}
