/**
 * What vBulletin 3, 4 and 5 pages share, in a module of its own so that loading
 * one engine's adapter does not load another's.
 */
import { linkBase, longestAddress, pageMarker, pathScheme, queryScheme } from '../page-links';
import type { PageUrlScheme } from '../types';

/** "Last edited by X; 2016-02-01 at 03:31." (+ "Reason: …"), the same wording in vB 3, 4 and 5. */
export const vbulletinEditWording = {
  by: /last edited by\s+(.+?);/i,
  at: /;\s*(.+?)\.?(?:\s+reason:|$)/i,
  reason: /reason:\s*(.+)$/i,
} as const;

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
