/**
 * Where the thread's other pages are, as a xenforo1 page shows them: for the worker's
 * crawl only, so a forum page's content script, which loads the adapter, does not
 * load this too.
 */
import { attrOf, optionalOne } from '../dom';
import { linkBase, longestAddress, pageMarker, pathScheme, readPageLinks, schemeFromTemplate } from '../page-links';
import type { PageLinks, PageUrlScheme } from '../types';
import { selectors } from './selectors';

/** XenForo 1's page navigation says its own template (`data-baseurl` with `data-sentinel`); else the path scheme XenForo 2 uses too. */
export function xenforo1PageLinks(doc: Document, url: URL, current: number): PageLinks {
  const nav = optionalOne(doc, selectors.pageNav);
  const template = schemeFromTemplate(attrOf(nav, 'data-baseurl'), attrOf(nav, 'data-sentinel') ?? '{{sentinel}}', linkBase(doc, url));
  // page 1 is the thread's address without the page part
  const scheme =
    template?.template.includes(`page-${pageMarker}`) === true
      ? { ...template, firstPage: template.template.replace(`page-${pageMarker}`, '') }
      : template;
  return readPageLinks(doc, url, current, { blocks: ['div.PageNav'] }, scheme ?? xenforoPathScheme(doc, url));
}

/**
 * XenForo's pages are `/threads/slug.ID/page-N` (page 1 without the suffix), also when the
 * board runs under `index.php?threads/…`. The thread's address comes from the canonical link,
 * else the page's own. XenForo 2 uses it; XenForo 1 when its page navigation gives no template.
 */
export function xenforoPathScheme(doc: Document, url: URL): PageUrlScheme | null {
  const base = linkBase(doc, url);
  let address = url.href;
  const canonical = doc.querySelector('link[rel="canonical"][href]')?.getAttribute('href');
  if (canonical !== null && canonical !== undefined) {
    try {
      address = new URL(canonical, base).href;
    } catch {
      // keep the page's own address
    }
  }
  if (address.length > longestAddress) return null;
  const m = /^(.*?threads\/(?:[^/?#]*\.)?\d+\/?)(?:page-\d+\/?)?(?:[?#].*)?$/.exec(address);
  if (m?.[1] === undefined) return null;
  const prefix = m[1].endsWith('/') ? m[1] : `${m[1]}/`;
  return pathScheme(prefix, `page-${pageMarker}`);
}
