/** uCoz forum URLs: /forum/{forum}-{thread}-{page}; post links /forum/{forum}-{thread}-{post}-16-{unix}. */
export function threadOf(url: URL): { id: string; page: number } | undefined {
  const m = /\/forum\/\d+-(\d+)(?:-(\d+))?(?:-\d+-\d+)?\/?$/.exec(url.pathname);
  if (m?.[1] === undefined) return undefined;
  const isPostLink = /\/forum\/\d+-\d+-\d+-16-\d+/.test(url.pathname);
  return { id: m[1], page: isPostLink || m[2] === undefined ? 1 : Number(m[2]) };
}

export const threadOfExamples: ReadonlyArray<readonly [string, { id: string; page: number } | undefined]> = [
  ['https://gcup.ru/forum/5-123-2', { id: '123', page: 2 }],
  ['https://gcup.ru/forum/5-123', { id: '123', page: 1 }],
  ['https://gcup.ru/forum/5-123-456-16-1480351800', { id: '123', page: 1 }],
  ['https://gcup.ru/forum/5', undefined],
];

/** A post permalink's parts: the post id and the unix time the link carries. */
export function postLinkOf(href: string): { postId: string; unix: number } | undefined {
  const m = /\/forum\/\d+-\d+-(\d+)-16-(\d{9,11})/.exec(href);
  if (m?.[1] === undefined || m[2] === undefined) return undefined;
  return { postId: m[1], unix: Number(m[2]) };
}

export const postLinkOfExamples: ReadonlyArray<readonly [string, { postId: string; unix: number } | undefined]> = [
  ['https://gcup.ru/forum/5-123-456-16-1480351800', { postId: '456', unix: 1480351800 }],
  ['https://gcup.ru/forum/5-123-2', undefined],
];
