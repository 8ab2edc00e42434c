/** vBulletin 3/4 thread URLs: showthread.php?t=128882&page=152, SEO showthread.php/9687-slug/page2. */
export function threadIdOf(url: URL): string | undefined {
  return url.searchParams.get('t') ?? /showthread\.php\/(\d+)/.exec(url.pathname)?.[1] ?? /\/threads\/(\d+)/.exec(url.pathname)?.[1];
}

export const threadIdOfExamples: ReadonlyArray<readonly [string, string | undefined]> = [
  ['https://forums.animesuki.com/showthread.php?t=128882&page=152', '128882'],
  ['http://forums.militarytimes.com/showthread.php/9687-Legendary-military-columnist/page2', '9687'],
  ['https://www.mafiauniverse.com/forums/threads/12345-Mafia-Game/page3', '12345'],
  ['https://forums.animesuki.com/forumdisplay.php?f=5', undefined],
];

export function pageNumberOf(url: URL): number {
  const page = url.searchParams.get('page');
  if (page !== null && /^\d+$/.test(page)) return Number(page);
  const m = /\/page(\d+)/.exec(url.pathname);
  return m?.[1] === undefined ? 1 : Number(m[1]);
}

export const pageNumberOfExamples: ReadonlyArray<readonly [string, number]> = [
  ['https://forums.animesuki.com/showthread.php?t=128882&page=152', 152],
  ['http://forums.militarytimes.com/showthread.php/9687-Legendary-military-columnist/page2', 2],
  ['https://forums.animesuki.com/showthread.php?t=128882', 1],
];
