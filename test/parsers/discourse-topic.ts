/**
 * A Discourse topic as its JSON endpoint serves it (shared/docs/forum-markup.md §1.8):
 * `/t/{id}.json?page=N` is 20 entries of the topic's post stream, with `posts_count`
 * and the whole `post_stream.stream` of ids on every page. Written by this project for
 * the parser, crawl and browser tests; post bodies are given as cooked HTML, as
 * Discourse stores them after rendering the author's Markdown.
 */

export interface TopicPost {
  readonly username: string;
  /** Cooked HTML (what Discourse renders a post's Markdown to). */
  readonly cooked: string;
  /** 1 regular (default), 2 moderator action, 3 small action ("closed this topic"), 4 whisper. */
  readonly postType?: 1 | 2 | 3 | 4;
  /** Set for a small action: "closed.enabled", "pinned.enabled", … */
  readonly actionCode?: string;
  /** The post was deleted (a staff member still sees it, with this time). */
  readonly deletedAt?: string;
  /** Edits so far (version − 1). */
  readonly edits?: number;
}

export interface Topic {
  readonly origin: string;
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  /** The first post's id; each later post's id is one more (ids are site-wide in Discourse, so they start high). */
  readonly firstPostId: number;
  /** ISO time of the first post; each later one is ten minutes after the one before. */
  readonly start: string;
  readonly posts: readonly TopicPost[];
}

export const perJsonPage = 20;

/** Posts the endpoint serves: every post, deleted ones only to staff (`staff`). */
function visible(topic: Topic, staff: boolean): Array<{ readonly post: TopicPost; readonly number: number; readonly id: number }> {
  return topic.posts
    .map((post, i) => ({ post, number: i + 1, id: topic.firstPostId + i }))
    .filter(({ post }) => staff || post.deletedAt === undefined);
}

export function jsonPageCount(topic: Topic, staff = false): number {
  return Math.max(1, Math.ceil(visible(topic, staff).length / perJsonPage));
}

/** The address of page `n` of the topic's JSON. */
export function jsonPageUrl(topic: Topic, n: number): string {
  return `${topic.origin}/t/${topic.id}.json?page=${n}`;
}

/** The topic's page in the app, as a host opens it. */
export function topicPageUrl(topic: Topic): string {
  return `${topic.origin}/t/${topic.slug}/${topic.id}`;
}

/** The JSON text of page `n` (1-based) of the topic, as a player (or, with `staff`, a moderator) gets it. */
export function topicJsonPage(topic: Topic, n: number, staff = false): string {
  const all = visible(topic, staff);
  const start = Date.parse(topic.start);
  const slice = all.slice((n - 1) * perJsonPage, n * perJsonPage);
  const posts = slice.map(({ post, number, id }) => {
    const created = new Date(start + (number - 1) * 10 * 60_000).toISOString();
    const edits = post.edits ?? 0;
    return {
      id,
      name: post.username,
      username: post.username,
      avatar_template: `/user_avatar/forum/${post.username}/{size}/1_2.png`,
      created_at: created,
      cooked: post.cooked,
      post_number: number,
      post_type: post.postType ?? 1,
      updated_at: edits > 0 ? new Date(Date.parse(created) + 5 * 60_000).toISOString() : created,
      reply_count: 0,
      reply_to_post_number: null,
      version: 1 + edits,
      topic_id: topic.id,
      topic_slug: topic.slug,
      user_id: 100 + topic.posts.findIndex((p) => p.username === post.username),
      hidden: false,
      deleted_at: post.deletedAt ?? null,
      wiki: false,
      ...(post.actionCode === undefined ? {} : { action_code: post.actionCode }),
    };
  });
  return JSON.stringify({
    post_stream: { posts, stream: all.map(({ id }) => id) },
    id: topic.id,
    title: topic.title,
    fancy_title: topic.title,
    posts_count: all.length,
    created_at: topic.start,
    slug: topic.slug,
    highest_post_number: topic.posts.length,
    chunk_size: perJsonPage,
  });
}

/**
 * The app page a browser gets for a topic: the Ember shell with the generator
 * tag, the posts only in a `<noscript>` crawler view (which a browser running
 * script does not build), as Discourse serves it to a signed-in player.
 */
export function topicAppPage(topic: Topic): string {
  const escape = (text: string): string =>
    text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(topic.title)} - Gavel Discourse</title>
<meta name="generator" content="Discourse 3.3.2 - https://github.com/discourse/discourse version 1f2e3d4c">
<link rel="canonical" href="${escape(topicPageUrl(topic))}">
</head>
<body class="crawler">
<section id="main"></section>
<noscript data-path="/t/${escape(topic.slug)}/${topic.id}">
<div id="topic-title"><h1>${escape(topic.title)}</h1></div>
</noscript>
</body>
</html>`;
}

/** A game topic of `count` posts: the host's opening post, then players voting, with `extra` posts placed at the given post numbers. */
export function gameTopic(origin: string, count: number, extra: Readonly<Record<number, TopicPost>> = {}): Topic {
  const players = ['alice', 'bob_smith', 'carol_x', 'dmitri', 'erin'];
  const posts: TopicPost[] = [];
  for (let number = 1; number <= count; number++) {
    const placed = extra[number];
    if (placed !== undefined) posts.push(placed);
    // Discourse turns the Markdown's line breaks into <br>.
    else if (number === 1)
      posts.push({
        username: 'hostname',
        cooked: `<p><strong>Day 1 has begun.</strong></p>\n<p>Players:<br>\n${players.join('<br>\n')}</p>`,
        edits: 1,
      });
    else {
      const author = players[(number - 2) % players.length] ?? 'alice';
      const target = players[(number + 1) % players.length] ?? 'bob_smith';
      posts.push({ username: author, cooked: `<p>Post ${number}. <strong>Vote: ${target}</strong></p>` });
    }
  }
  return {
    origin,
    id: 4242,
    slug: 'gavel-mafia-day-1',
    title: 'Gavel Mafia Day 1',
    firstPostId: 80_000,
    start: '2026-11-20T18:00:00.000Z',
    posts,
  };
}
