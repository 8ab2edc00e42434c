/**
 * Where the thread's other pages are, as a smf page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { linkedPageUrl, longestAddress, pageMarker, perPageFrom, readPageLinks } from '../page-links';
import type { PageLinks, PageUrlScheme } from '../types';
import { selectors } from './selectors';
import { topicOf } from './urls';

/**
 * SMF addresses a page by the posts before it: `index.php?topic=ID.OFFSET` (or the queryless
 * `index.php/topic,ID.OFFSET.html`). Posts per page come from this page's offset or any numbered link.
 */
export function smfPageLinks(doc: Document, url: URL, current: number): PageLinks {
  const found = readPageLinks(doc, url, current, { blocks: selectors.pagelinks }, null);
  const offsetOf = (u: URL): number | undefined => topicOf(u)?.start;
  const perPage = perPageFrom(current, topicOf(url)?.start ?? 0, found.pages, offsetOf);
  const threadUrl = topicOf(url) !== undefined ? url : linkedPageUrl(found.pages, (u) => topicOf(u) !== undefined);
  let scheme: PageUrlScheme | null = null;
  if (perPage !== undefined && threadUrl !== undefined && threadUrl.href.length <= longestAddress) {
    const href = threadUrl.href.replace(/#.*$/, '');
    const template = href
      .replace(/([?;&]topic[=,])(\d+)(?:\.\d+)?/, `$1$2.${pageMarker}`)
      .replace(/(\/topic,)(\d+)(?:\.\d+)?/, `$1$2.${pageMarker}`);
    if (template.includes(pageMarker)) scheme = { template, perPage };
  }
  return { ...found, scheme };
}
