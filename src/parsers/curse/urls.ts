/** Curse forum thread URLs: /forums/forum-games/mafia/762585-slug?page=2. */
export function threadIdOf(url: URL): string | undefined {
  return /\/forums\/.+\/(\d+)-[^/]*$/.exec(url.pathname)?.[1];
}

export const threadIdOfExamples: ReadonlyArray<readonly [string, string | undefined]> = [
  ['http://www.mtgsalvation.com/forums/forum-games/mafia/762585-unreliable-cops-mafia-game-over-mafia-victory', '762585'],
  ['http://www.mtgsalvation.com/forums/forum-games/mafia/762585-unreliable-cops?page=2', '762585'],
  ['http://www.mtgsalvation.com/forums/forum-games/mafia', undefined],
];
