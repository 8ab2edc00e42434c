/**
 * What the forum adapters produce. Posts use the shared contract in `src/model/post.ts`;
 * everything here is plain JSON (no Date, Map or class instances).
 */
import type { ForumPost } from '../model/post';
import type { ForumEngineId } from './engine-id';
import type { EngineMessage } from '../engine/words';

/** Why a page could not be read as the adapter expected. */
export type ParseIssueKind =
  /** A required element matched fewer (or more) elements than the structure needs. */
  | 'structure/selector-count'
  /** A post was found but a field in it could not be read; the post is kept with what was read. */
  | 'post/field-unreadable'
  /** A post was skipped entirely (no id or no body). */
  | 'post/skipped'
  /** A time text could not be read as a date. */
  | 'time/unreadable'
  /** The JSON an engine serves (Discourse) was not what the adapter expects. */
  | 'json/unexpected'
  /** Quotes or spoilers nested deeper than a body holds (`maxBlockDepth`): the deeper ones were read as text inside the deepest. */
  | 'post/nested-too-deep';

/** A partial-failure note: names the selector, how many elements it matched, and the page. */
export interface ParseIssue {
  readonly kind: ParseIssueKind;
  /** Dotted name of the selector or field (`phpbb.postBody`). */
  readonly selector: string;
  /** How many elements matched. */
  readonly found: number;
  /** What was expected (`≥1`, `1`). */
  readonly expected: string;
  /** The page number (1-based) where it happened, when known. */
  readonly page?: number;
  /** The post id concerned, when one. */
  readonly postId?: string;
  /** A human sentence in English, for logs and the command line: "phpbb.postBody matched 0 of expected ≥1 on page 3". */
  readonly message: string;
  /** The same as a message (a code with its details) that a page words in the host's language. */
  readonly words: EngineMessage;
}

/** One page of a thread as typed data. */
export interface ThreadPage {
  readonly engine: ForumEngineId;
  /** The thread's id as the forum gives it in URLs. */
  readonly threadId: string | null;
  readonly title: string | null;
  /** 1-based. */
  readonly currentPage: number;
  /** Total number of pages, where the page says (null when it does not). */
  readonly pageCount: number | null;
  /** Absolute URL of the next page, or null on the last page. */
  readonly nextPageUrl: string | null;
  readonly posts: readonly ForumPost[];
}

/**
 * Where a thread's other pages are, as one page of it shows: its own pagination
 * links, and the engine's address scheme for page n when the page reveals it.
 * Plain JSON, so it crosses a message (the worker's offscreen parse) unchanged.
 */
export interface PageLinks {
  /** The page these links were read on (1-based). */
  readonly current: number;
  /**
   * Absolute URLs by page number (JSON keys: "1", "2", …): the pagination's
   * numbered links, `rel="prev"` (page current − 1) and `rel="first"`/`"start"` (page 1).
   */
  readonly pages: Readonly<Record<string, string>>;
  /** How the engine addresses page n on this thread, where the page shows it; null when it does not. */
  readonly scheme: PageUrlScheme | null;
}

/**
 * Page n's URL is `template` with `{page}` replaced by n, or, when `perPage` is
 * given, by the number of posts before page n ((n − 1) × perPage: phpBB's
 * `start`, SMF's `topic=ID.offset`). `firstPage` is page 1's URL when the
 * engine writes it without a page part (`/threads/slug.7/`, not `/page-1`).
 */
export interface PageUrlScheme {
  readonly template: string;
  readonly perPage?: number;
  readonly firstPage?: string;
}

/** Data plus the issues met while reading it. */
export interface ParseResult<T> {
  readonly data: T;
  readonly issues: readonly ParseIssue[];
}

/** What parsing needs besides the page: the current time (for "Today", "5 minutes ago") and the board's time zone. */
export interface ParseOptions {
  /** UTC epoch ms "now", for relative dates. */
  readonly now: number;
  /** IANA zone the board shows text dates in; the page's own hint (footer, script) wins when present. Default UTC. */
  readonly timeZone?: string;
  /**
   * Called with each post's id and the element it was read from, in page order, so a
   * caller in the browser can put something beside a post. Parsers never change the page.
   */
  readonly onPostElement?: (postId: string, element: Element) => void;
}

/** One forum engine: detection and page parsing. */
export interface ForumAdapter {
  readonly id: ForumEngineId;
  /** A human name for tables and messages ("phpBB 3.0–3.3"). */
  readonly label: string;
  /** Whether the document is a thread page of this engine. Cheap, no throwing. */
  readonly detect: (doc: Document, url: URL) => boolean;
  readonly parseThreadPage: (doc: Document, url: URL, options: ParseOptions) => ParseResult<ThreadPage>;
  /**
   * The same reading a post at a time (`ThreadPageSteps`), for an engine whose posts are containers of
   * the page; absent for one whose page is read whole (Discourse's JSON): `readPostsInSteps` in detect.ts
   * then reads it in one step.
   */
  readonly readThreadPage?: (doc: Document, url: URL, options: ParseOptions) => ThreadPageSteps;
}

/** The result of engine detection: a normal value either way. */
export type Detection =
  { readonly supported: true; readonly engine: ForumEngineId } | { readonly supported: false; readonly reason: 'engine/unknown' };

/**
 * A thread page read a post at a time, for a caller that must not read a long page in one go (the
 * content script reads the posts in view first and the rest when the browser is idle). The thread's
 * facts and the post containers are found when it is made; `finish` gives exactly what the adapter's
 * `parseThreadPage` gives for the page (posts, issues, and `onPostElement` calls, in page order),
 * whatever order the posts were read in. Reads only: the page is not changed.
 */
export interface ThreadPageSteps {
  /** The thread's facts, as `finish` gives them (read from the page's chrome when the reader is made). */
  readonly thread: Omit<ThreadPage, 'posts'>;
  /** The page's post containers, in page order (some may turn out to hold no post). */
  readonly elements: readonly Element[];
  /**
   * Reads the post of `elements[index]` (once: asked again, it gives the same). Undefined when the page's
   * reading leaves the container out: no id, unreadable, or a repeat of a post in a container before it
   * that was already read (when posts are read out of page order, `finish` has the last word).
   */
  readonly read: (index: number) => ForumPost | undefined;
  /** Reads the posts not yet read and gives the page. */
  readonly finish: () => ParseResult<ThreadPage>;
}
