/**
 * Where the thread's other pages are, as a xenforo2 page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { readPageLinks } from '../page-links';
import type { PageLinks } from '../types';
import { xenforoPathScheme } from '../xenforo1/links';

/** XenForo 2: the `.pageNav` links and its "Prev" jump; the thread's `page-N` addresses for the pages it leaves out. */
export function xenforo2PageLinks(doc: Document, url: URL, current: number): PageLinks {
  return readPageLinks(doc, url, current, { blocks: ['.pageNav'], prev: ['a.pageNav-jump--prev[href]'] }, xenforoPathScheme(doc, url));
}
