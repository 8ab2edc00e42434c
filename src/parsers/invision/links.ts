/**
 * Where the thread's other pages are, as a invision page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { longestAddress, pageMarker, readPageLinks } from '../page-links';
import type { PageLinks, PageUrlScheme } from '../types';
import { selectors } from './selectors';

/** Invision: `ul.ipsPagination` links (`rel="prev"`, `rel="first"`); page n is `/topic/ID-slug/page/N/` (also under `index.php?/topic/…`). */
export function invisionPageLinks(doc: Document, url: URL, current: number): PageLinks {
  const href = url.href.replace(/#.*$/, '').replace(/page\/\d+\/?/, '');
  const m = href.length > longestAddress ? null : /^(.*?\/topic\/\d+[^/?#]*\/?)(.*)$/.exec(href);
  let scheme: PageUrlScheme | null = null;
  if (m?.[1] !== undefined) {
    const prefix = m[1].endsWith('/') ? m[1] : `${m[1]}/`;
    scheme = { template: `${prefix}page/${pageMarker}/${m[2] ?? ''}`, firstPage: `${prefix}${m[2] ?? ''}` };
  }
  return readPageLinks(doc, url, current, { blocks: selectors.pagination }, scheme);
}
