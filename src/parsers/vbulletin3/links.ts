/**
 * Where the thread's other pages are, as a vbulletin3 page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { linkBase, longestAddress, pageMarker, pathScheme, queryScheme, readPageLinks } from '../page-links';
import type { PageLinks, PageUrlScheme } from '../types';

/** vBulletin 3: `div.pagenav` numbered links, `rel="start"` ("First") and `rel="prev"`. */
export function vbulletin3PageLinks(doc: Document, url: URL, current: number): PageLinks {
  return readPageLinks(doc, url, current, { blocks: ['div.pagenav'] }, vbulletinScheme(doc, url));
}

/**
 * vBulletin 3 and 4 address a page as `showthread.php?t=ID&page=N`, or with friendly URLs
 * as `showthread.php/ID-slug/pageN` / `threads/ID-slug/pageN` (page 1 without the suffix).
 * The page's own address, else its canonical link, says which.
 */
export function vbulletinScheme(doc: Document, url: URL): PageUrlScheme | null {
  const base = linkBase(doc, url);
  const candidates = [url.href, doc.querySelector('link[rel="canonical"][href]')?.getAttribute('href') ?? undefined];
  for (const href of candidates) {
    if (href === undefined || href.length > longestAddress) continue;
    let address: URL;
    try {
      address = new URL(href, base);
    } catch {
      continue;
    }
    if (address.searchParams.has('t')) return queryScheme(address, 'page');
    const m = /^(.*?(?:showthread\.php\/|\/threads\/)\d+[^/?#]*)(?:\/page\d+)?\/?$/.exec(`${address.origin}${address.pathname}`);
    if (m?.[1] !== undefined) return pathScheme(m[1], `/page${pageMarker}`);
  }
  return null;
}
