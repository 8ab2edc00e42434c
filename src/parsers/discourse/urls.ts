/** Discourse topic URLs: /t/slug/123, /t/slug/123/45, /t/123.json, /t/123/posts.json. */
export function topicIdOf(url: URL): string | undefined {
  return /\/t\/(?:[^/]+\/)?(\d+)(?:\/\d+)?(?:\.json|\/posts\.json)?\/?$/.exec(url.pathname)?.[1];
}

export const topicIdOfExamples: ReadonlyArray<readonly [string, string | undefined]> = [
  ['https://meta.discourse.org/t/a-mafia-game/123', '123'],
  ['https://meta.discourse.org/t/a-mafia-game/123/45', '123'],
  ['https://meta.discourse.org/t/123.json', '123'],
  ['https://meta.discourse.org/t/123/posts.json?post_ids[]=5', '123'],
  ['https://meta.discourse.org/c/support/6', undefined],
];

/** The JSON a content script fetches for a topic (same origin, the user's cookies). */
export function topicJsonUrl(origin: string, topicId: string): string {
  return `${origin}/t/${topicId}.json`;
}

/** The JSON for a batch of posts by id (Discourse serves up to 20 per request in the topic JSON; posts.json takes more). */
export function postsJsonUrl(origin: string, topicId: string, postIds: readonly number[]): string {
  const query = postIds.map((id) => `post_ids[]=${id}`).join('&');
  return `${origin}/t/${topicId}/posts.json?${query}`;
}
