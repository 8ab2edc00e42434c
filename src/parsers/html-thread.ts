/**
 * The loop every HTML adapter shares: read the thread facts, find the posts, read each
 * post's fields through the engine's own functions, walk its body, and fall back to
 * `first number + offset + index` where a page prints no post number. Engine knowledge
 * lives in each adapter's spec; this file knows none.
 */
import type { EditInfo, ForumPost } from '../model/post';
import { maxBlockDepth, parseBodyWithProfile, type BodyProfile } from './body';
import { addIssue, isWebAddress, isWebUrl, requireAll, type IssueSink } from './dom';
import { engineMessage, word } from '../engine/words';
import type { ForumEngineId } from './engine-id';
import { toBoardZone, utcZone, type BoardZone } from './time';
import type { ParseIssue, ParseOptions, ParseResult, ThreadPage, ThreadPageSteps } from './types';

/** Everything a spec's readers may need about the page being read. */
export interface PageContext {
  readonly doc: Document;
  readonly url: URL;
  /** What relative links resolve against: the page's `<base href>` if any, else its URL. */
  readonly base: URL;
  readonly sink: IssueSink;
  readonly now: number;
  /** The zone text dates are read in: the page's own hint, else the option, else UTC. */
  readonly zone: BoardZone;
}

/** Thread-level facts read from the page chrome. */
export interface ThreadFacts {
  readonly threadId: string | null;
  readonly title: string | null;
  readonly currentPage: number;
  readonly pageCount: number | null;
  readonly nextPageUrl: string | null;
  /** How many posts come before this page (for engines that print no post number). */
  readonly postsBefore?: number;
}

/** One post's fields as an engine reads them; `body` is the element holding the message. */
export interface PostFields {
  readonly id: string | undefined;
  readonly number: number | undefined;
  readonly author: string;
  readonly authorId?: string | undefined;
  readonly postedAt: number | null;
  readonly permalink?: string | undefined;
  readonly edited?: EditInfo | undefined;
  readonly body: Element | undefined;
}

export interface HtmlEngineSpec {
  readonly id: ForumEngineId;
  /** Post containers, alternatives in order. */
  readonly postSelectors: readonly string[];
  /** The number the engine gives the thread's opening post. @default 1 */
  readonly firstNumber?: number;
  /** The zone the page says its text dates are in (footer, inline script), if it says. */
  readonly zoneHint?: (doc: Document) => BoardZone | undefined;
  readonly readThread: (ctx: PageContext) => ThreadFacts;
  readonly readPost: (post: Element, ctx: PageContext) => PostFields;
  /** How the engine marks quotes, spoilers and furniture in a post body (its `body-profile.ts`). */
  readonly bodyProfile: BodyProfile;
}

function cleanEdit(edit: EditInfo | undefined): EditInfo | undefined {
  if (edit === undefined) return undefined;
  const out: { -readonly [K in keyof EditInfo]: EditInfo[K] } = {};
  if (edit.at !== undefined && Number.isFinite(edit.at)) out.at = edit.at;
  if (edit.by !== undefined && edit.by !== '') out.by = edit.by;
  if (edit.count !== undefined && Number.isFinite(edit.count)) out.count = edit.count;
  if (edit.reason !== undefined && edit.reason !== '') out.reason = edit.reason;
  return out;
}

/** Builds a ForumPost without undefined-valued optional fields (exactOptionalPropertyTypes, JSON equality). */
export function toForumPost(fields: PostFields, id: string, number: number, body: ForumPost['body']): ForumPost {
  const post: { -readonly [K in keyof ForumPost]: ForumPost[K] } = {
    id,
    number,
    author: fields.author,
    postedAt: fields.postedAt,
    body,
  };
  if (fields.authorId !== undefined && fields.authorId !== '') post.authorId = fields.authorId;
  // Only a web address is a permalink: a page's markup cannot hand on a `javascript:` or `file:` link.
  if (fields.permalink !== undefined && isWebAddress(fields.permalink)) post.permalink = fields.permalink;
  const edited = cleanEdit(fields.edited);
  if (edited !== undefined) post.edited = edited;
  return post;
}

export function parseHtmlThread(spec: HtmlEngineSpec, doc: Document, url: URL, options: ParseOptions): ParseResult<ThreadPage> {
  return startHtmlThread(spec, doc, url, options).finish();
}

/** What reading one post container gave, kept until the page is put together in page order. */
interface PostOutcome {
  /** The post's id; undefined when the post was skipped (its issue is in `fieldIssues`). */
  readonly id: string | undefined;
  /** Issues met reading the post's fields (and the skip, if it was skipped): said even for a repeated post. */
  readonly fieldIssues: readonly ParseIssue[];
  /** Issues of a post that is kept (number, body): said only for the first post with its id. */
  readonly postIssues: readonly ParseIssue[];
  /** The post; undefined when skipped, or not made because an earlier container with its id was read. */
  readonly post: ForumPost | undefined;
}

/**
 * Reads a page the way `parseHtmlThread` does, but a post at a time, in any order (`ThreadPageSteps`):
 * the thread's facts and the post containers are found at once, each post is read when asked, and
 * `finish` reads what is left and puts the page together in page order. `parseHtmlThread` is this
 * reader with every post read in order, so the two give the same page, issues and element callbacks.
 */
export function startHtmlThread(spec: HtmlEngineSpec, doc: Document, url: URL, options: ParseOptions): ThreadPageSteps {
  const headIssues: ParseIssue[] = [];
  const provisional: IssueSink = { page: 1, issues: headIssues };
  const zone = spec.zoneHint?.(doc) ?? toBoardZone(options.timeZone) ?? utcZone;
  const baseCtx: PageContext = { doc, url, base: linkBase(doc, url), sink: provisional, now: options.now, zone };
  const facts = spec.readThread(baseCtx);
  const page = facts.currentPage;
  const elements = requireAll({ page, issues: headIssues }, doc, `${spec.id}.post`, spec.postSelectors);
  const thread: Omit<ThreadPage, 'posts'> = {
    engine: spec.id,
    threadId: facts.threadId,
    title: facts.title,
    currentPage: facts.currentPage,
    pageCount: facts.pageCount,
    nextPageUrl: facts.nextPageUrl,
  };
  const firstNumber = spec.firstNumber ?? 1;
  const outcomes: (PostOutcome | undefined)[] = new Array<PostOutcome | undefined>(elements.length);
  /** Each id's lowest container index read so far: a container after it with the same id is a repeat. */
  const firstRead = new Map<string, number>();

  const readAt = (index: number, element: Element): PostOutcome => {
    const fieldIssues: ParseIssue[] = [];
    const ctx: PageContext = { ...baseCtx, sink: { page, issues: fieldIssues } };
    let fields: PostFields;
    try {
      fields = spec.readPost(element, ctx);
    } catch (error) {
      const why = error instanceof Error ? error.message : 'unreadable';
      addIssue(ctx.sink, 'post/skipped', `${spec.id}.post`, 1, '1', undefined, why, engineMessage('parse/detail-error', word.text(why)));
      return { id: undefined, fieldIssues, postIssues: [], post: undefined };
    }
    if (fields.id === undefined) {
      addIssue(
        ctx.sink,
        'post/skipped',
        `${spec.id}.postId`,
        0,
        '1',
        undefined,
        `post ${index + 1} of the page`,
        engineMessage('parse/detail-post-of-page', word.number(index + 1)),
      );
      return { id: undefined, fieldIssues, postIssues: [], post: undefined };
    }
    const earlier = firstRead.get(fields.id);
    if (earlier !== undefined && earlier < index) return { id: fields.id, fieldIssues, postIssues: [], post: undefined };
    firstRead.set(fields.id, index);
    const sink: IssueSink = { page, issues: [] };
    let number = fields.number;
    if (number === undefined && facts.postsBefore !== undefined) number = firstNumber + facts.postsBefore + index;
    if (number === undefined) {
      addIssue(sink, 'post/field-unreadable', `${spec.id}.postNumber`, 0, '1', fields.id);
      number = firstNumber + index;
    }
    if (fields.body === undefined) addIssue(sink, 'post/field-unreadable', `${spec.id}.postBody`, 0, '1', fields.id);
    const report = { flattened: 0 };
    const body = fields.body === undefined ? [] : parseBodyWithProfile(fields.body, spec.bodyProfile, report);
    if (report.flattened > 0)
      addIssue(
        sink,
        'post/nested-too-deep',
        `${spec.id}.postBody`,
        report.flattened,
        '0',
        fields.id,
        `quotes or spoilers nested more than ${String(maxBlockDepth)} deep; the deeper ones were read as text inside the deepest`,
        engineMessage('parse/detail-nested-too-deep', word.number(maxBlockDepth)),
      );
    return { id: fields.id, fieldIssues, postIssues: sink.issues, post: toForumPost(fields, fields.id, number, body) };
  };

  const read = (index: number): ForumPost | undefined => {
    const element = elements[index];
    if (element === undefined) throw new RangeError(`no post container ${String(index)} on this page (it has ${String(elements.length)})`);
    let outcome = outcomes[index];
    if (outcome === undefined) {
      outcome = readAt(index, element);
      outcomes[index] = outcome;
    }
    // A container after the first one read with this id repeats that post (the page order decides in `finish`).
    const first = outcome.id === undefined ? undefined : firstRead.get(outcome.id);
    return first !== undefined && first < index ? undefined : outcome.post;
  };

  const finish = (): ParseResult<ThreadPage> => {
    const issues = [...headIssues];
    const posts: ForumPost[] = [];
    const seen = new Set<string>();
    elements.forEach((element, index) => {
      read(index);
      const outcome = outcomes[index];
      if (outcome === undefined) return;
      issues.push(...outcome.fieldIssues);
      if (outcome.id === undefined || seen.has(outcome.id)) return;
      seen.add(outcome.id);
      // The first container with an id always has its post: no container before it had the id.
      if (outcome.post === undefined) return;
      issues.push(...outcome.postIssues);
      posts.push(outcome.post);
      options.onPostElement?.(outcome.id, element);
    });
    return { data: { ...thread, posts }, issues };
  };

  return { thread, elements, read, finish };
}

/**
 * What relative links resolve against: the page's `<base href>` if it is an
 * http(s) address, else the page's URL (a `javascript:` or `data:` base is ignored).
 */
export function linkBase(doc: Document, url: URL): URL {
  const href = doc.querySelector('base[href]')?.getAttribute('href');
  if (href === undefined || href === null) return url;
  try {
    const base = new URL(href, url);
    return isWebUrl(base) ? base : url;
  } catch {
    return url;
  }
}
