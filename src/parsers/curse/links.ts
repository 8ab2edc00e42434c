/**
 * Where the thread's other pages are, as a curse page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { absoluteUrl, attrOf } from '../dom';
import { linkBase, queryScheme, readPageLinks } from '../page-links';
import type { PageLinks } from '../types';
import { selectors } from './selectors';
import { threadIdOf } from './urls';

/** Curse: the pagination's links and its page-jump menu; page n is the thread's address with `page=N`. */
export function cursePageLinks(doc: Document, url: URL, current: number): PageLinks {
  const canonical = absoluteUrl(attrOf(doc.querySelector('link[rel="canonical"]'), 'href'), linkBase(doc, url));
  const thread = threadIdOf(url) !== undefined ? url : canonical === undefined ? undefined : new URL(canonical);
  return readPageLinks(doc, url, current, { blocks: selectors.pagination }, thread === undefined ? null : queryScheme(thread, 'page'));
}
