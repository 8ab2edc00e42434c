/** Invision Community topic URLs: /topic/34923-slug/page/2/ (also index.php?/topic/…). */
export function topicIdOf(url: URL): string | undefined {
  return /\/topic\/(\d+)/.exec(url.pathname + url.search)?.[1];
}

export const topicIdOfExamples: ReadonlyArray<readonly [string, string | undefined]> = [
  ['https://invisioncommunity.com/forums/topic/34923-a-mafia-game/page/2/', '34923'],
  ['https://example.com/index.php?/topic/77-game/', '77'],
  ['https://invisioncommunity.com/forums/forum/5-games/', undefined],
];

export function pageNumberOf(url: URL): number {
  const m = /\/page\/(\d+)/.exec(url.pathname + url.search);
  return m?.[1] === undefined ? 1 : Number(m[1]);
}

export const pageNumberOfExamples: ReadonlyArray<readonly [string, number]> = [
  ['https://invisioncommunity.com/forums/topic/34923-a-mafia-game/page/2/', 2],
  ['https://invisioncommunity.com/forums/topic/34923-a-mafia-game/', 1],
];
