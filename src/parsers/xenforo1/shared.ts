/**
 * What XenForo 1 and 2 pages share, in a module of its own so that loading one
 * engine's adapter does not load the other's.
 */
import type { BoardZone } from '../time';

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
