/**
 * What a content script may ask, checked before any handler runs. A content
 * script runs inside a forum page, so the worker treats what it sends as
 * untrusted: each request is rebuilt from its listed fields only, every field
 * checked for its type and size, and the sites it names (an origin, a page's
 * address) must be the site the browser says the sender runs on. A refusal is
 * a `GavelError` naming the field; nothing is stored from a refused request.
 *
 * The table is total over `ContentMessage` (the message types whose `from`
 * lets a content script send them), so giving a content script a new message
 * fails `tsc` until its check is written here.
 */
import type { BodyNode, EditInfo, ForumPost } from '../../src/model/post';
import { isForumEngineId } from '../../src/parsers/engine-id';
import { GavelError } from './errors';
import type { ContentMessage, PageReport, RequestOf } from './protocol';

/** The most posts one page report may carry (forums show 10 to 100 a page; Discourse's JSON pages 20). */
export const MAX_POSTS_PER_PAGE = 500;
/** The most pages a thread may have, and so the highest page number. */
export const MAX_PAGE_NUMBER = 100_000;
/** The highest post number (a thread of a million posts is far beyond any game). */
export const MAX_POST_NUMBER = 10_000_000;
/** The most text one post's body may hold, in characters (a one-megabyte post is stored). */
export const MAX_BODY_CHARS = 2_000_000;
/** The most text a whole page report may hold, in characters. */
export const MAX_REPORT_CHARS = 8_000_000;
/** The most nodes one post's body may have, and how deep quotes and spoilers may nest. */
export const MAX_BODY_NODES = 200_000;
export const MAX_BODY_DEPTH = 200;
/** Lengths of the short fields. */
export const MAX_NAME_CHARS = 200;
export const MAX_ID_CHARS = 200;
export const MAX_URL_CHARS = 4096;
export const MAX_TITLE_CHARS = 1000;

/** What the check of a content script's request gives: the request rebuilt, and every site it names. */
export interface CheckedRequest<T extends ContentMessage> {
  readonly request: RequestOf<T>;
  readonly origins: readonly string[];
}

type Check<T extends ContentMessage> = (payload: unknown, type: T) => CheckedRequest<T>;

function refuse(type: string, field: string, problem: string): never {
  throw new GavelError('message/invalid-request', `"${type}" refused: ${field} ${problem}`, { details: { type, field, problem } });
}

function record(type: string, value: unknown, field: string): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse(type, field, 'is not an object');
  return value as Readonly<Record<string, unknown>>;
}

function text(type: string, value: unknown, field: string, max: number, options: { readonly empty?: boolean } = {}): string {
  if (typeof value !== 'string') refuse(type, field, `is not a string (${value === null ? 'null' : typeof value})`);
  if (value.length > max) refuse(type, field, `is ${value.length} characters long; at most ${max} are taken`);
  if (options.empty === false && value === '') refuse(type, field, 'is empty');
  return value;
}

function integer(type: string, value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) refuse(type, field, 'is not a whole number');
  if (value < min || value > max) refuse(type, field, `is ${value}; it must be from ${min} to ${max}`);
  return value;
}

function flag(type: string, value: unknown, field: string): true | undefined {
  if (value === undefined) return undefined;
  if (value !== true) refuse(type, field, 'is neither true nor left out');
  return true;
}

function optionalText(type: string, value: unknown, field: string, max: number): string | undefined {
  return value === undefined ? undefined : text(type, value, field, max);
}

/** An origin as the browser writes one (`https://host[:port]`), nothing more. */
function origin(type: string, value: unknown, field: string): string {
  const given = text(type, value, field, MAX_URL_CHARS, { empty: false });
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    refuse(type, field, 'is not an address');
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== given)
    refuse(type, field, `is not a web origin (like https://forum.example)`);
  return given;
}

/** A web address; returns it with its origin. */
function webUrl(type: string, value: unknown, field: string): { readonly href: string; readonly origin: string } {
  const given = text(type, value, field, MAX_URL_CHARS, { empty: false });
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    refuse(type, field, 'is not an address');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') refuse(type, field, `is a ${parsed.protocol} address, not a web page`);
  return { href: given, origin: parsed.origin };
}

/** The thread a request names, as `{ origin, threadId }`. */
function threadRef(type: string, value: unknown, field = 'payload'): { readonly origin: string; readonly threadId: string } {
  const v = record(type, value, field);
  const at = field === 'payload' ? '' : `${field}.`;
  return {
    origin: origin(type, v['origin'], `${at}origin`),
    threadId: text(type, v['threadId'], `${at}threadId`, MAX_ID_CHARS, { empty: false }),
  };
}

function nothing(type: string, value: unknown): Record<string, never> {
  const v = record(type, value, 'payload');
  const extra = Object.keys(v)[0];
  if (extra !== undefined) refuse(type, `payload.${extra}`, 'is not a field of this message');
  return {};
}

/** A post's body, walked without recursion (a hostile post may nest quotes very deep); counts its text into `budget`. */
function body(type: string, value: unknown, field: string, budget: { chars: number }): BodyNode[] {
  if (!Array.isArray(value)) refuse(type, field, 'is not a list');
  let nodes = 0;
  let chars = 0;
  const build = (list: readonly unknown[], at: string, depth: number): BodyNode[] => {
    if (depth > MAX_BODY_DEPTH) refuse(type, at, `nests deeper than ${MAX_BODY_DEPTH} quotes and spoilers`);
    const out: BodyNode[] = [];
    for (let i = 0; i < list.length; i++) {
      const here = `${at}[${i}]`;
      if (++nodes > MAX_BODY_NODES) refuse(type, field, `has more than ${MAX_BODY_NODES} pieces`);
      const node = record(type, list[i], here);
      switch (node['type']) {
        case 'text': {
          const run = text(type, node['text'], `${here}.text`, MAX_BODY_CHARS);
          chars += run.length;
          if (chars > MAX_BODY_CHARS) refuse(type, field, `holds more than ${MAX_BODY_CHARS} characters`);
          const color = optionalText(type, node['color'], `${here}.color`, 64);
          out.push({
            type: 'text',
            text: run,
            ...(flag(type, node['bold'], `${here}.bold`) ? { bold: true } : {}),
            ...(flag(type, node['italic'], `${here}.italic`) ? { italic: true } : {}),
            ...(flag(type, node['underline'], `${here}.underline`) ? { underline: true } : {}),
            ...(flag(type, node['struck'], `${here}.struck`) ? { struck: true } : {}),
            ...(flag(type, node['voteTag'], `${here}.voteTag`) ? { voteTag: true } : {}),
            ...(color === undefined ? {} : { color }),
          });
          break;
        }
        case 'break':
          out.push({ type: 'break' });
          break;
        case 'quote': {
          const author = optionalText(type, node['author'], `${here}.author`, MAX_NAME_CHARS);
          const postId = optionalText(type, node['postId'], `${here}.postId`, MAX_ID_CHARS);
          const children = node['children'];
          if (!Array.isArray(children)) refuse(type, `${here}.children`, 'is not a list');
          out.push({
            type: 'quote',
            ...(author === undefined ? {} : { author }),
            ...(postId === undefined ? {} : { postId }),
            children: build(children, `${here}.children`, depth + 1),
          });
          break;
        }
        case 'spoiler': {
          const title = optionalText(type, node['title'], `${here}.title`, MAX_TITLE_CHARS);
          const children = node['children'];
          if (!Array.isArray(children)) refuse(type, `${here}.children`, 'is not a list');
          out.push({
            type: 'spoiler',
            ...(title === undefined ? {} : { title }),
            children: build(children, `${here}.children`, depth + 1),
          });
          break;
        }
        default:
          refuse(type, `${here}.type`, 'is not text, break, quote or spoiler');
      }
    }
    return out;
  };
  const built = build(value as readonly unknown[], field, 0);
  budget.chars += chars;
  if (budget.chars > MAX_REPORT_CHARS) refuse(type, 'posts', `hold more than ${MAX_REPORT_CHARS} characters together`);
  return built;
}

function time(type: string, value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > 8.64e15) refuse(type, field, 'is not a time');
  return value;
}

function edited(type: string, value: unknown, field: string): EditInfo | undefined {
  if (value === undefined) return undefined;
  const v = record(type, value, field);
  const by = optionalText(type, v['by'], `${field}.by`, MAX_NAME_CHARS);
  const reason = optionalText(type, v['reason'], `${field}.reason`, MAX_TITLE_CHARS);
  return {
    ...(v['at'] === undefined ? {} : { at: time(type, v['at'], `${field}.at`) }),
    ...(by === undefined ? {} : { by }),
    ...(v['count'] === undefined ? {} : { count: integer(type, v['count'], `${field}.count`, 0, 1_000_000) }),
    ...(reason === undefined ? {} : { reason }),
  };
}

/** One post of a report, rebuilt from its listed fields. */
export function checkForumPost(type: string, value: unknown, field: string, budget: { chars: number } = { chars: 0 }): ForumPost {
  const v = record(type, value, field);
  const authorId = optionalText(type, v['authorId'], `${field}.authorId`, MAX_ID_CHARS);
  const permalink = v['permalink'] === undefined ? undefined : webUrl(type, v['permalink'], `${field}.permalink`).href;
  const edit = edited(type, v['edited'], `${field}.edited`);
  return {
    id: text(type, v['id'], `${field}.id`, MAX_ID_CHARS, { empty: false }),
    number: integer(type, v['number'], `${field}.number`, 0, MAX_POST_NUMBER),
    author: text(type, v['author'], `${field}.author`, MAX_NAME_CHARS),
    ...(authorId === undefined ? {} : { authorId }),
    postedAt: v['postedAt'] === null ? null : time(type, v['postedAt'], `${field}.postedAt`),
    ...(permalink === undefined ? {} : { permalink }),
    ...(edit === undefined ? {} : { edited: edit }),
    body: body(type, v['body'], `${field}.body`, budget),
  };
}

/** A page report, rebuilt from its listed fields; its sites are the thread's origin and the page's address's. */
export function checkPageReport(value: unknown, type = 'thread/page-read'): CheckedRequest<'thread/page-read'> {
  const v = record(type, value, 'payload');
  const t = record(type, v['thread'], 'thread');
  const thread = { ...threadRef(type, t, 'thread'), title: text(type, t['title'], 'thread.title', MAX_TITLE_CHARS) };
  const engine = text(type, v['engine'], 'engine', 32);
  if (!isForumEngineId(engine)) refuse(type, 'engine', `"${engine}" is not a forum engine Gavel reads`);
  const url = webUrl(type, v['url'], 'url');
  if (url.origin !== thread.origin) refuse(type, 'url', `is on ${url.origin}, not on the thread's site ${thread.origin}`);
  const pageNumber = integer(type, v['pageNumber'], 'pageNumber', 1, MAX_PAGE_NUMBER);
  const pageCount = integer(type, v['pageCount'], 'pageCount', 1, MAX_PAGE_NUMBER);
  const contentHash = text(type, v['contentHash'], 'contentHash', 128, { empty: false });
  const posts = v['posts'];
  if (!Array.isArray(posts)) refuse(type, 'posts', 'is not a list');
  if (posts.length > MAX_POSTS_PER_PAGE) refuse(type, 'posts', `has ${posts.length} posts; a page may have at most ${MAX_POSTS_PER_PAGE}`);
  const budget = { chars: 0 };
  const checked = (posts as readonly unknown[]).map((p, i) => checkForumPost(type, p, `posts[${i}]`, budget));
  const report: PageReport = { thread, engine, url: url.href, pageNumber, pageCount, contentHash, posts: checked };
  return { request: report, origins: [thread.origin, url.origin] };
}

/**
 * Whether a stored post is still one Gavel can read (a row written by an older build, or damaged, may not
 * be): the types of its fields, checked in place (no copy, no throw), as cheaply as the count can afford
 * on every post of a long thread. The sizes were checked when it was stored.
 */
export function isReadablePost(value: unknown): value is ForumPost {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Readonly<Record<string, unknown>>;
  if (typeof v['id'] !== 'string' || typeof v['author'] !== 'string') return false;
  if (typeof v['number'] !== 'number' || !Number.isInteger(v['number'])) return false;
  if (v['postedAt'] !== null && (typeof v['postedAt'] !== 'number' || !Number.isFinite(v['postedAt']))) return false;
  if (v['authorId'] !== undefined && typeof v['authorId'] !== 'string') return false;
  if (v['permalink'] !== undefined && typeof v['permalink'] !== 'string') return false;
  if (v['edited'] !== undefined && (typeof v['edited'] !== 'object' || v['edited'] === null)) return false;
  if (!Array.isArray(v['body'])) return false;
  const lists: { readonly list: readonly unknown[]; readonly depth: number }[] = [{ list: v['body'] as readonly unknown[], depth: 0 }];
  for (let next = lists.pop(); next !== undefined; next = lists.pop()) {
    if (next.depth > MAX_BODY_DEPTH) return false;
    for (const node of next.list) {
      if (typeof node !== 'object' || node === null) return false;
      const n = node as Readonly<Record<string, unknown>>;
      switch (n['type']) {
        case 'text':
          if (typeof n['text'] !== 'string') return false;
          break;
        case 'break':
          break;
        case 'quote':
        case 'spoiler':
          if (!Array.isArray(n['children'])) return false;
          lists.push({ list: n['children'] as readonly unknown[], depth: next.depth + 1 });
          break;
        default:
          return false;
      }
    }
  }
  return true;
}

function thread<T extends 'thread/track' | 'thread/get' | 'thread/crawl-status'>(payload: unknown, type: T): CheckedRequest<T> {
  const ref = threadRef(type, payload);
  const extra = Object.keys(record(type, payload, 'payload')).find((k) => k !== 'origin' && k !== 'threadId');
  if (extra !== undefined) refuse(type, `payload.${extra}`, 'is not a field of this message');
  return { request: ref as RequestOf<T>, origins: [ref.origin] };
}

export const contentRequests: { readonly [T in ContentMessage]: Check<T> } = {
  'worker/ping': (payload, type) => ({ request: nothing(type, payload), origins: [] }),
  'ui/messages': (payload, type) => ({ request: nothing(type, payload), origins: [] }),
  'thread/page-read': (payload, type) => checkPageReport(payload, type),
  'thread/track': thread,
  'thread/get': thread,
  'thread/crawl-status': thread,
  'thread/count': (payload, type) => {
    const v = record(type, payload, 'payload');
    const ref = threadRef(type, v);
    const asOfPost = v['asOfPost'] === undefined ? undefined : integer(type, v['asOfPost'], 'asOfPost', 0, MAX_POST_NUMBER);
    const ids = v['postIds'];
    if (ids !== undefined && (!Array.isArray(ids) || ids.length > MAX_POSTS_PER_PAGE))
      refuse(type, 'payload.postIds', `is not a list of at most ${MAX_POSTS_PER_PAGE} post ids`);
    const postIds = ids?.map((id: unknown, i: number) => text(type, id, `payload.postIds[${i}]`, MAX_ID_CHARS, { empty: false }));
    return {
      request: { ...ref, ...(asOfPost === undefined ? {} : { asOfPost }), ...(postIds === undefined ? {} : { postIds }) },
      origins: [ref.origin],
    };
  },
};
