/**
 * Where the thread's other pages are, as a vbulletin4 page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { readPageLinks } from '../page-links';
import type { PageLinks } from '../types';
import { vbulletinScheme } from '../vbulletin3/links';

/** vBulletin 4: `form.pagination` numbered links, `rel="prev"`, `rel="start"` ("First"); the vBulletin 3 address scheme. */
export function vbulletin4PageLinks(doc: Document, url: URL, current: number): PageLinks {
  return readPageLinks(doc, url, current, { blocks: ['form.pagination', 'div.pagination'] }, vbulletinScheme(doc, url));
}
