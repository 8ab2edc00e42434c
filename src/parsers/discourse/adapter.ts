/**
 * Discourse. The live page renders posts lazily, so the adapter reads the topic's JSON
 * (`/t/{id}.json?page=N`, `/t/{id}/posts.json`), handed to it either as a parsed value
 * (`parseDiscourseJson`) or as a document whose text is that JSON (a saved `.json` file,
 * or a page the worker fetched). Each post's `cooked` HTML goes through the same body
 * walker as every other engine. The topic JSON comes in pages of 20 posts
 * (`?page=N`), so a topic is crawled like any paged thread: page N, then N + 1.
 */
import { detectorOf } from '../engine-module';
import type { BodyNode, ForumPost } from '../../model/post';
import { parseBodyWithProfile } from '../body';
import { limitNesting } from '../nesting';
import { firstInt } from '../common';
import { addIssue, attrOf, optionalOne, queryAll, textOf, type IssueSink } from '../dom';
import { toForumPost } from '../html-thread';
import { parseMachineTime } from '../time';
import { discourseBodyProfile } from './body-profile';
import type { ForumAdapter, ParseIssue, ParseOptions, ParseResult, ThreadPage } from '../types';
import { markers, selectors } from './selectors';
import { forumRootOf, jsonPageOf, postsPerJsonPage, topicIdOf, topicJsonPageUrl } from './urls';

/**
 * Post types that are not a player's post: 2 moderator action and 3 small action (the
 * "closed this topic", "pinned", "split N posts" lines, written by the forum, not typed by
 * anyone), 4 whisper (seen by staff only, so no player read it). 1 is a regular post.
 */
const notPlayerPosts: ReadonlySet<number> = new Set([2, 3, 4]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** Parses HTML into nodes of an inert document (no scripts, no image loads), without touching the page. */
function cookedToBody(cooked: string, doc: Document): BodyNode[] {
  const inert = doc.implementation.createHTMLDocument('');
  const holder = inert.createElement('div');
  // Nested no deeper than a browser nests (jsdom, outside a browser, has no limit of its own).
  holder.append(inert.createRange().createContextualFragment(limitNesting(cooked).html));
  return parseBodyWithProfile(holder, discourseBodyProfile);
}

/** The JSON text a document holds (a saved `.json` file opened as a page), if it looks like Discourse topic JSON. */
function jsonOf(doc: Document): unknown {
  const text = (doc.body?.textContent ?? '').trim();
  if (!text.startsWith('{') || !text.includes('"post_stream"')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Topic or posts JSON to a thread page. Unknown shapes give issues, never exceptions. */
export function parseDiscourseJson(json: unknown, url: URL, _options: ParseOptions, doc: Document): ParseResult<ThreadPage> {
  const issues: ParseIssue[] = [];
  const isBatch = url.pathname.endsWith('/posts.json');
  const sink: IssueSink = { page: isBatch ? 1 : jsonPageOf(url), issues };
  const stream = isRecord(json) && isRecord(json['post_stream']) ? json['post_stream'] : undefined;
  const rawPosts = stream !== undefined && Array.isArray(stream['posts']) ? stream['posts'] : [];
  if (rawPosts.length === 0) addIssue(sink, 'json/unexpected', 'discourse.post_stream.posts', 0, '≥1');
  const posts: ForumPost[] = [];
  for (const raw of rawPosts) {
    if (!isRecord(raw)) continue;
    const id = str(raw['id']);
    const number = typeof raw['post_number'] === 'number' ? raw['post_number'] : undefined;
    if (id === undefined || number === undefined) {
      addIssue(sink, 'post/skipped', 'discourse.post.id', 0, '1');
      continue;
    }
    // A deleted post (staff still get it, with deleted_at set) was taken back: nobody reads it as said.
    if (raw['deleted_at'] !== null && raw['deleted_at'] !== undefined) continue;
    if (typeof raw['post_type'] === 'number' && notPlayerPosts.has(raw['post_type'])) continue;
    if (typeof raw['action_code'] === 'string' && raw['action_code'] !== '') continue;
    const version = typeof raw['version'] === 'number' ? raw['version'] : 1;
    const editedAt = parseMachineTime(str(raw['updated_at']));
    const topicSlug = str(raw['topic_slug']) ?? 'topic';
    const topicId = str(raw['topic_id']) ?? topicIdOf(url);
    posts.push(
      toForumPost(
        {
          id,
          number,
          author: str(raw['username']) ?? '',
          authorId: str(raw['user_id']),
          postedAt: parseMachineTime(str(raw['created_at'])),
          permalink:
            topicId === undefined ? undefined : new URL(`${forumRootOf(url)}/t/${encodeURIComponent(topicSlug)}/${topicId}/${number}`).href,
          // version > 1 means the post was edited; updated_at is the closest time the JSON gives.
          edited: version > 1 ? { ...(editedAt === null ? {} : { at: editedAt }), count: version - 1 } : undefined,
          body: undefined,
        },
        id,
        number,
        cookedToBody(str(raw['cooked']) ?? '', doc),
      ),
    );
  }
  const topicId = isRecord(json) ? (str(json['id']) ?? topicIdOf(url)) : topicIdOf(url);
  const allIds =
    stream !== undefined && Array.isArray(stream['stream']) ? stream['stream'].filter((v): v is number => typeof v === 'number') : [];
  // The pages are 20-post slices of the stream (every post id, small actions too); posts_count says the same
  // where the stream is absent or cut short.
  const counted = isRecord(json) && typeof json['posts_count'] === 'number' ? json['posts_count'] : 0;
  const totalPosts = Math.max(counted, allIds.length);
  const pageCount = totalPosts === 0 ? null : Math.ceil(totalPosts / postsPerJsonPage);
  // A posts.json batch is no page of the topic: it stands for the page its first post is on as
  // if no post had been deleted (nothing the crawl fetches: it reads the topic's `?page=N`).
  const firstNumber = posts.reduce((low, p) => Math.min(low, p.number), Number.POSITIVE_INFINITY);
  const currentPage = isBatch ? (Number.isFinite(firstNumber) ? Math.ceil(firstNumber / postsPerJsonPage) : 1) : jsonPageOf(url);
  // The next page: while the topic says it has more; where it does not say, while this page is full.
  const more = pageCount === null ? rawPosts.length >= postsPerJsonPage : currentPage < pageCount;
  return {
    data: {
      engine: 'discourse',
      threadId: topicId ?? null,
      title: isRecord(json) ? (str(json['title']) ?? null) : null,
      currentPage,
      pageCount: isBatch ? null : pageCount,
      nextPageUrl: !isBatch && more && topicId !== undefined ? topicJsonPageUrl(forumRootOf(url), topicId, currentPage + 1) : null,
      posts: posts.sort((a, b) => a.number - b.number),
    },
    issues,
  };
}

/** The crawler (no-JS) view of a topic page. */
function parseCrawlerView(doc: Document, url: URL, onPostElement?: ParseOptions['onPostElement']): ParseResult<ThreadPage> {
  const issues: ParseIssue[] = [];
  const sink: IssueSink = { page: firstInt(url.searchParams.get('page') ?? undefined) ?? 1, issues };
  const posts: ForumPost[] = [];
  const found = queryAll(doc, selectors.crawlerPost);
  // The app page a browser running script gets has no crawler view at all (its posts come from the JSON,
  // which the worker reads): nothing is amiss. A crawler view without posts is.
  if (found.length === 0 && optionalOne(doc, selectors.crawlerView) !== undefined)
    addIssue(sink, 'structure/selector-count', 'discourse.crawlerPost', 0, '≥1');
  for (const el of found) {
    const number = firstInt(textOf(optionalOne(el, selectors.crawlerNumber))) ?? firstInt(el.id);
    if (number === undefined) continue;
    const created = parseMachineTime(attrOf(optionalOne(el, selectors.crawlerTime), 'datetime'));
    const modified = parseMachineTime(attrOf(optionalOne(el, selectors.crawlerModified), 'content'));
    const bodyEl = optionalOne(el, selectors.crawlerBody);
    posts.push(
      toForumPost(
        {
          id: String(number),
          number,
          author: textOf(optionalOne(el, selectors.crawlerAuthor)),
          postedAt: created,
          edited: modified !== null && created !== null && modified > created ? { at: modified } : undefined,
          body: bodyEl,
        },
        String(number),
        number,
        bodyEl === undefined ? [] : parseBodyWithProfile(bodyEl, discourseBodyProfile),
      ),
    );
    onPostElement?.(String(number), el);
  }
  const next = attrOf(doc.querySelector('a[rel="next"], link[rel="next"]'), 'href');
  return {
    data: {
      engine: 'discourse',
      threadId: topicIdOf(url) ?? null,
      title: textOf(optionalOne(doc, selectors.title)) || null,
      currentPage: sink.page,
      pageCount: null,
      nextPageUrl: next === undefined ? null : new URL(next, url).href,
      posts,
    },
    issues,
  };
}

export const discourseAdapter: ForumAdapter = {
  id: 'discourse',
  label: 'Discourse (JSON endpoints)',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => {
    const json = jsonOf(doc);
    return json === undefined ? parseCrawlerView(doc, url, options.onPostElement) : parseDiscourseJson(json, url, options, doc);
  },
};
