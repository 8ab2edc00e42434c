/**
 * Discourse. The live page renders posts lazily, so the adapter reads the topic's JSON
 * (`/t/{id}.json`, `/t/{id}/posts.json`), handed to it either as a parsed value
 * (`parseDiscourseJson`) or as a document whose text is that JSON (a saved `.json` file).
 * Each post's `cooked` HTML goes through the same body walker as every other engine.
 */
import type { BodyNode, ForumPost } from '../../model/post';
import { parsePostBody } from '../body';
import { firstInt } from '../common';
import { addIssue, attrOf, optionalOne, queryAll, textOf, type IssueSink } from '../dom';
import { toForumPost } from '../html-thread';
import { parseMachineTime } from '../time';
import type { ForumAdapter, ParseIssue, ParseOptions, ParseResult, ThreadPage } from '../types';
import { selectors } from './selectors';
import { postsJsonUrl, topicIdOf } from './urls';

/** How many post ids the crawl asks for per posts.json request. */
const batchSize = 20;

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
  holder.append(inert.createRange().createContextualFragment(cooked));
  return parsePostBody(holder, 'discourse');
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
  const sink: IssueSink = { page: 1, issues };
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
    if (raw['deleted_at'] !== null && raw['deleted_at'] !== undefined) continue;
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
          permalink: topicId === undefined ? undefined : new URL(`/t/${topicSlug}/${topicId}/${number}`, url).href,
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
  const loaded = new Set(posts.map((p) => Number(p.id)));
  const allIds = stream !== undefined && Array.isArray(stream['stream']) ? stream['stream'].filter((v): v is number => typeof v === 'number') : [];
  const remaining = allIds.filter((id) => !loaded.has(id));
  const requested = url.pathname.endsWith('/posts.json') ? url.searchParams.getAll('post_ids[]').map(Number) : [];
  const pendingAfter = requested.length > 0 ? [] : remaining;
  const totalPosts = isRecord(json) && typeof json['posts_count'] === 'number' ? json['posts_count'] : undefined;
  return {
    data: {
      engine: 'discourse',
      threadId: topicId ?? null,
      title: isRecord(json) ? (str(json['title']) ?? null) : null,
      currentPage: 1,
      pageCount: totalPosts === undefined ? null : Math.max(1, Math.ceil(totalPosts / batchSize)),
      nextPageUrl: pendingAfter.length > 0 && topicId !== undefined ? postsJsonUrl(url.origin, topicId, pendingAfter.slice(0, batchSize)) : null,
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
  if (found.length === 0) addIssue(sink, 'structure/selector-count', 'discourse.crawlerPost', 0, '≥1');
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
        bodyEl === undefined ? [] : parsePostBody(bodyEl, 'discourse'),
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
  detect: (doc) => optionalOne(doc, selectors.page) !== undefined || jsonOf(doc) !== undefined,
  parseThreadPage: (doc, url, options) => {
    const json = jsonOf(doc);
    return json === undefined ? parseCrawlerView(doc, url, options.onPostElement) : parseDiscourseJson(json, url, options, doc);
  },
};
