/** XenForo 1 thread URLs: threads/slug.10402/page-54 (also index.php?threads/…). */
export function threadIdOf(url: URL): string | undefined {
  return /threads\/(?:[^/]*\.)?(\d+)(?:\/|$)/.exec(url.pathname + url.search)?.[1];
}

export const threadIdOfExamples: ReadonlyArray<readonly [string, string | undefined]> = [
  ['https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-54', '10402'],
  ['https://example.com/index.php?threads/a-game.77/', '77'],
  ['https://example.com/threads/12/', '12'],
  ['https://forums.sufficientvelocity.com/forums/quests.29/', undefined],
];

export function pageNumberOf(url: URL): number {
  const m = /\/page-(\d+)/.exec(url.pathname + url.search);
  return m?.[1] === undefined ? 1 : Number(m[1]);
}

export const pageNumberOfExamples: ReadonlyArray<readonly [string, number]> = [
  ['https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-54', 54],
  ['https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/', 1],
];
