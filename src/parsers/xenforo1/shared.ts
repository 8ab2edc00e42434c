/**
 * What XenForo 1 and 2 pages share, in a module of its own so that loading one
 * engine's adapter does not load the other's.
 */
import { linkBase, longestAddress, pageMarker, pathScheme } from '../page-links';
import type { BoardZone } from '../time';
import type { PageUrlScheme } from '../types';

/**
 * The viewer's UTC offset from the page script `XenForo.serverTimeInfo = { today: … }` (or XF2's
 * `XF.config … today`): `today` is the viewer's local midnight as unix seconds (forum-markup.md §2).
 * It is today's offset; a text date across a DST change may be an hour off.
 */
export function zoneFromTodayScript(doc: Document): BoardZone | undefined {
  for (const script of doc.querySelectorAll('script:not([src])')) {
    const m = /\btoday\s*:\s*(\d{9,11})/.exec(script.textContent);
    if (m?.[1] === undefined) continue;
    let seconds = -(Number(m[1]) % 86_400);
    if (seconds < -12 * 3600) seconds += 86_400;
    return { kind: 'fixed', minutes: Math.round(seconds / 60) };
  }
  return undefined;
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
