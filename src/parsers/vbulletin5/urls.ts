/** vBulletin 5 thread URLs: /forum/section/727744-slug/page2. */
export function threadIdOf(url: URL): string | undefined {
  return /\/(\d+)-[^/]+(?:\/page\d+)?\/?$/.exec(url.pathname)?.[1];
}

export const threadIdOfExamples: ReadonlyArray<readonly [string, string | undefined]> = [
  [
    'https://fandompost.vbulletin.net/forum/anime-manga-discussions/general-anime-discussions/727744-isekai-quartet-discussion-thread',
    '727744',
  ],
  [
    'https://fandompost.vbulletin.net/forum/anime-manga-discussions/general-anime-discussions/727744-isekai-quartet-discussion-thread/page2',
    '727744',
  ],
  ['https://fandompost.vbulletin.net/forum/anime-manga-discussions', undefined],
];

export function pageNumberOf(url: URL): number {
  const m = /\/page(\d+)\/?$/.exec(url.pathname);
  return m?.[1] === undefined ? 1 : Number(m[1]);
}

export const pageNumberOfExamples: ReadonlyArray<readonly [string, number]> = [
  ['https://fandompost.vbulletin.net/forum/x/727744-isekai-quartet-discussion-thread/page2', 2],
  ['https://fandompost.vbulletin.net/forum/x/727744-isekai-quartet-discussion-thread', 1],
];
