/**
 * A topic address: the forum's root (a subfolder install, `/forum`, keeps its
 * folder), then /t/slug/123, /t/slug/123/45, /t/123.json, /t/slug/123.json or /t/123/posts.json.
 */
const topicPath = /^(.*?)\/t\/(?:[^/]+\/)?(\d+)(?:\/\d+)?(?:\.json|\/posts\.json)?\/?$/;

export function topicIdOf(url: URL): string | undefined {
  return topicPath.exec(url.pathname)?.[2];
}

/** Where the forum's addresses start: its origin, with the folder of a subfolder install (`https://example.org/forum`). */
export function forumRootOf(url: URL): string {
  return `${url.origin}${topicPath.exec(url.pathname)?.[1] ?? ''}`;
}

export const topicIdOfExamples: ReadonlyArray<readonly [string, string | undefined]> = [
  ['https://meta.discourse.org/t/a-mafia-game/123', '123'],
  ['https://meta.discourse.org/t/a-mafia-game/123/45', '123'],
  ['https://meta.discourse.org/t/123.json', '123'],
  ['https://meta.discourse.org/t/a-mafia-game/123.json?page=2', '123'],
  ['https://meta.discourse.org/t/123/posts.json?post_ids[]=5', '123'],
  ['https://example.org/forum/t/a-mafia-game/123/4', '123'],
  ['https://meta.discourse.org/c/support/6', undefined],
];

/** Posts in one page of a topic's JSON (`/t/{id}.json?page=N`): Discourse's chunk size. */
export const postsPerJsonPage = 20;

/** The JSON a content script fetches for a topic (same origin, the user's cookies). `root`: the origin, or origin and subfolder. */
export function topicJsonUrl(root: string, topicId: string): string {
  return `${root}/t/${topicId}.json`;
}

/** Page `page` (1-based) of a topic's JSON: entries (page − 1) × 20 + 1 … page × 20 of the topic's stream. */
export function topicJsonPageUrl(root: string, topicId: string, page: number): string {
  return `${root}/t/${topicId}.json?page=${page}`;
}

/** The JSON for a batch of posts by id (Discourse serves up to 20 per request in the topic JSON; posts.json takes more). */
export function postsJsonUrl(root: string, topicId: string, postIds: readonly number[]): string {
  const query = postIds.map((id) => `post_ids[]=${id}`).join('&');
  return `${root}/t/${topicId}/posts.json?${query}`;
}

/** Whether the address is one of a topic's JSON endpoints rather than a page of the app. */
export function isTopicJsonUrl(url: URL): boolean {
  return /\/t\/(?:[^/]+\/)?\d+(?:\.json|\/posts\.json)$/.test(url.pathname);
}

/**
 * The page of a topic's JSON an address stands for: the address's `page` if it
 * says one, else page 1. (A post link `/t/slug/123/45` does not say which page
 * post 45 is on: deleted posts shift the pages, so it stands for page 1.)
 */
export function jsonPageOf(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/**
 * The address the worker fetches for a topic page a host opened: the topic's
 * JSON at the same page (the live page is an app that draws its posts with
 * script). A JSON address is kept as it is; null where the address names no topic.
 */
export function topicJsonAddressOf(url: URL): string | null {
  if (isTopicJsonUrl(url) && !url.pathname.endsWith('/posts.json')) return url.href.replace(/#.*$/, '');
  const topicId = topicIdOf(url);
  return topicId === undefined ? null : topicJsonPageUrl(forumRootOf(url), topicId, jsonPageOf(url));
}
