/** XenForo 2 thread URLs: /threads/slug.8276/page-2 (also /community/threads/…). */
export function threadIdOf(url: URL): string | undefined {
  return /threads\/(?:[^/]*\.)?(\d+)(?:\/|$)/.exec(url.pathname + url.search)?.[1];
}

export const threadIdOfExamples: ReadonlyArray<readonly [string, string | undefined]> = [
  ['https://xenforo.com/community/threads/a-dark-theme-option.8276/', '8276'],
  ['https://xenforo.com/community/threads/a-dark-theme-option.8276/page-3', '8276'],
  ['https://xenforo.com/community/forums/suggestions.5/', undefined],
];

export function pageNumberOf(url: URL): number {
  const m = /\/page-(\d+)/.exec(url.pathname);
  return m?.[1] === undefined ? 1 : Number(m[1]);
}

export const pageNumberOfExamples: ReadonlyArray<readonly [string, number]> = [
  ['https://xenforo.com/community/threads/a-dark-theme-option.8276/page-3', 3],
  ['https://xenforo.com/community/threads/a-dark-theme-option.8276/', 1],
];
