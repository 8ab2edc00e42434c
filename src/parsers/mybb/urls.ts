/** MyBB thread URLs: showthread.php?tid=7&page=2 (SEO: Thread-slug?page=2). */
export function threadIdOf(url: URL): string | undefined {
  return url.searchParams.get('tid') ?? undefined;
}

export const threadIdOfExamples: ReadonlyArray<readonly [string, string | undefined]> = [
  ['http://127.0.0.1:8081/showthread.php?tid=1&page=2', '1'],
  ['https://community.mybb.com/showthread.php?tid=7', '7'],
  ['https://community.mybb.com/forumdisplay.php?fid=7', undefined],
];

export function pageNumberOf(url: URL): number {
  const page = url.searchParams.get('page');
  return page !== null && /^\d+$/.test(page) ? Number(page) : 1;
}

export const pageNumberOfExamples: ReadonlyArray<readonly [string, number]> = [
  ['http://127.0.0.1:8081/showthread.php?tid=1&page=2', 2],
  ['http://127.0.0.1:8081/showthread.php?tid=1', 1],
];
