/**
 * Where the thread's other pages are, as a phpbb page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { linkedPageUrl, perPageFrom, queryScheme, readPageLinks } from '../page-links';
import type { PageLinks } from '../types';
import { selectors } from './selectors';
import { startOf } from './urls';

/**
 * phpBB addresses a page by the posts before it (`start=(n − 1) × per page`). Posts per page
 * come from this page's `start` or from any numbered link; a post permalink (`?p=…`) names
 * no thread, so the scheme is then built on one of the pagination's links.
 */
export function phpbbPageLinks(doc: Document, url: URL, current: number): PageLinks {
  const found = readPageLinks(doc, url, current, { blocks: selectors.pagination }, null);
  const perPage = perPageFrom(current, startOf(url), found.pages, startOf);
  const threadUrl = url.searchParams.has('t') ? url : linkedPageUrl(found.pages, (u) => u.searchParams.has('t'));
  return { ...found, scheme: perPage === undefined || threadUrl === undefined ? null : queryScheme(threadUrl, 'start', perPage) };
}
