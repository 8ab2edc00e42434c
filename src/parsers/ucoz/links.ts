/**
 * Where the thread's other pages are, as a ucoz page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { pageMarker, readPageLinks } from '../page-links';
import type { PageLinks, PageUrlScheme } from '../types';
import { selectors } from './selectors';

/** uCoz: the page switches (`a.switchBack` is the previous page); page n is `/forum/{forum}-{thread}-{n}`. */
export function ucozPageLinks(doc: Document, url: URL, current: number): PageLinks {
  const m = /^\/forum\/(\d+)-(\d+)(?:-\d+)?\/?$/.exec(url.pathname);
  const scheme: PageUrlScheme | null = m === null ? null : { template: `${url.origin}/forum/${m[1] ?? ''}-${m[2] ?? ''}-${pageMarker}` };
  return readPageLinks(doc, url, current, { blocks: selectors.switches, prev: ['a.switchBack[href]'] }, scheme);
}
