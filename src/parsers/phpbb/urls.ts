/** phpBB thread URLs: viewtopic.php?f=1&t=194998&start=25 (start = posts before the page). */

export function isThreadUrl(url: URL): boolean {
  return /\/viewtopic\.php$/i.test(url.pathname) && (url.searchParams.has('t') || url.searchParams.has('p'));
}

export const isThreadUrlExamples: ReadonlyArray<readonly [string, boolean]> = [
  ['https://forum.mafiascum.net/viewtopic.php?f=53&t=16143&start=25', true],
  ['https://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998', true],
  ['https://forum.example.org/viewtopic.php?p=2729870#p2729870', true],
  ['https://forum.mafiascum.net/viewforum.php?f=53', false],
  ['https://forum.example.org/memberlist.php?mode=viewprofile&u=5', false],
];

/** Posts before this page, from `start`. */
export function startOf(url: URL): number {
  const value = url.searchParams.get('start');
  return value !== null && /^\d+$/.test(value) ? Number(value) : 0;
}

export const startOfExamples: ReadonlyArray<readonly [string, number]> = [
  ['https://forum.mafiascum.net/viewtopic.php?f=53&t=16143&start=25', 25],
  ['https://forum.mafiascum.net/viewtopic.php?f=53&t=16143', 0],
  ['https://forum.mafiascum.net/viewtopic.php?t=16143&start=abc', 0],
];
