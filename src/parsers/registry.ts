/**
 * Every engine's adapter, in one total record: adding an id to `ForumEngineId` without an
 * adapter here fails `tsc`. Detection walks `detectionOrder`, most specific markup first.
 */
import { curseAdapter } from './curse/adapter';
import { discourseAdapter } from './discourse/adapter';
import type { ForumEngineId } from './engine-id';
import { invisionAdapter } from './invision/adapter';
import { mybbAdapter } from './mybb/adapter';
import { phpbbAdapter } from './phpbb/adapter';
import { smfAdapter } from './smf/adapter';
import type { Detection, ForumAdapter, ParseOptions, ParseResult, ThreadPage } from './types';
import { ucozAdapter } from './ucoz/adapter';
import { vbulletin3Adapter } from './vbulletin3/adapter';
import { vbulletin4Adapter } from './vbulletin4/adapter';
import { vbulletin5Adapter } from './vbulletin5/adapter';
import { xenforo1Adapter } from './xenforo1/adapter';
import { xenforo2Adapter } from './xenforo2/adapter';

export const forumAdapters = {
  phpbb: phpbbAdapter,
  xenforo1: xenforo1Adapter,
  xenforo2: xenforo2Adapter,
  vbulletin3: vbulletin3Adapter,
  vbulletin4: vbulletin4Adapter,
  vbulletin5: vbulletin5Adapter,
  discourse: discourseAdapter,
  mybb: mybbAdapter,
  smf: smfAdapter,
  invision: invisionAdapter,
  ucoz: ucozAdapter,
  curse: curseAdapter,
} as const satisfies Readonly<Record<ForumEngineId, ForumAdapter>>;

/**
 * The order detection tries engines in. Why this order:
 * 1. discourse: a generator meta tag or topic JSON, nothing else looks like it;
 * 2. xenforo2 before xenforo1: XF2's `article.message--post` is unique, XF1's `li.message` is more generic;
 * 3. invision: `article.cPost`;
 * 4. vbulletin5, then vbulletin4 before vbulletin3: vB4 and vB3 share `div#post_message_N`, vB4 adds `li.postcontainer`;
 * 5. smf before mybb before phpbb: phpBB's `div.post[id^="p"]` also matches MyBB's `div.post#post_N`,
 *    so the engines with stricter markers (`#forumposts`, `div.post_body`) go first;
 * 6. ucoz and curse last: their markers (`tr#postN`, `div.j-comment`) are the least specific.
 */
export const detectionOrder: readonly ForumEngineId[] = [
  'discourse',
  'xenforo2',
  'xenforo1',
  'invision',
  'vbulletin5',
  'vbulletin4',
  'vbulletin3',
  'smf',
  'mybb',
  'phpbb',
  'ucoz',
  'curse',
];

/** Which engine renders this page; "not supported" is a normal value, never an exception. */
export function detectEngine(doc: Document, url: URL | string): Detection {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return { supported: false, reason: 'engine/unknown' };
  }
  for (const id of detectionOrder) {
    let hit: boolean;
    try {
      hit = forumAdapters[id].detect(doc, parsed);
    } catch {
      hit = false;
    }
    if (hit) return { supported: true, engine: id };
  }
  return { supported: false, reason: 'engine/unknown' };
}

/** The outcome of reading a page: the engine was recognised (with data and issues) or not. */
export type PageParse =
  | ({ readonly supported: true; readonly engine: ForumEngineId } & ParseResult<ThreadPage>)
  | { readonly supported: false; readonly reason: 'engine/unknown' | 'url/invalid' };

/** Detects the engine and parses the page. */
export function parseThreadPage(doc: Document, url: URL | string, options: ParseOptions): PageParse {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return { supported: false, reason: 'url/invalid' };
  }
  const detection = detectEngine(doc, parsed);
  if (!detection.supported) return detection;
  const result = forumAdapters[detection.engine].parseThreadPage(doc, parsed, options);
  return { supported: true, engine: detection.engine, data: result.data, issues: result.issues };
}

/** A page's posts with the element each was read from, for putting something beside a post. */
export interface LocatedPage {
  readonly engine: ForumEngineId;
  readonly result: ParseResult<ThreadPage>;
  /** Post id → the post's container element on this page (the element the engine renders the post in). */
  readonly elements: ReadonlyMap<string, Element>;
}

/**
 * Parses the page and keeps, for every post read, the element it came from. Null when
 * the page is not a thread page of a supported engine. Reads only: the page is not changed.
 */
export function locatePosts(doc: Document, url: URL, options: ParseOptions): LocatedPage | null {
  const elements = new Map<string, Element>();
  const parsed = parseThreadPage(doc, url, {
    ...options,
    onPostElement: (postId, element) => {
      if (!elements.has(postId)) elements.set(postId, element);
    },
  });
  return parsed.supported ? { engine: parsed.engine, result: { data: parsed.data, issues: parsed.issues }, elements } : null;
}
