/**
 * Where a Discourse topic's other pages are: for the worker's crawl only, so a
 * forum page's content script, which loads the adapter, does not load this too.
 */
import { noPageLinks, pageMarker } from '../page-links';
import type { PageLinks } from '../types';
import { forumRootOf, topicIdOf } from './urls';

/**
 * A topic's other pages: its JSON at `?page=N` (the app's own pages have no page
 * addresses, so a topic page stands for its JSON). Page 1 is `?page=1`.
 */
export function discoursePageLinks(_doc: Document, url: URL, current: number): PageLinks {
  const topicId = topicIdOf(url);
  if (topicId === undefined) return noPageLinks(current);
  return { current, pages: {}, scheme: { template: `${forumRootOf(url)}/t/${topicId}.json?page=${pageMarker}` } };
}
