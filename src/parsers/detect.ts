/**
 * Which engine renders a page, with nothing but each engine's page markers: no parsing
 * code. The registry (`registry.ts`) detects with these and then parses with the engine's
 * adapter; the content script detects with these first and then loads only the detected
 * engine's adapter, so a forum page carries one adapter, not twelve. Both paths run the
 * same functions in the same order, so they always agree on the engine.
 */
import type { ForumEngineId } from './engine-id';
import type { Detection, ForumAdapter, ParseOptions, ParseResult, ThreadPage } from './types';

/**
 * The markup that marks each engine's thread page. Where a list is also one of the
 * engine's `selectors.ts` entries (named in the comment), it is that entry verbatim, kept
 * here so that detecting does not carry every engine's full selector tables;
 * test/parsers/lazy-detect.test.ts checks that each copy still equals its entry.
 */
export const engineMarkers = {
  phpbb: {
    /** = phpbb/selectors `page` */
    page: ['body#phpbb', 'div.post div.postbody p.author'],
    /** = phpbb/selectors `post` */
    post: ['div.post[id^="p"]'],
  },
  xenforo1: {
    /** = xenforo1/selectors `post` */
    post: ['ol#messageList > li.message[id^="post-"]', 'li.message[id^="post-"]'],
    list: ['ol#messageList', 'blockquote.messageText'],
  },
  xenforo2: {
    /** = xenforo2/selectors `post` */
    post: ['article.message--post[data-content^="post-"]', 'article.message--post'],
  },
  vbulletin3: {
    /** = vbulletin3/selectors `post` */
    post: ['div#posts table[id^="post"]', 'table.tborder[id^="post"]'],
    /** = vbulletin3/selectors `body` */
    body: ['div[id^="post_message_"]'],
  },
  vbulletin4: {
    /** = vbulletin4/selectors `post` */
    post: ['ol#posts > li.postcontainer[id^="post_"]', 'li.postcontainer[id^="post_"]', 'li.postbit[id^="post_"]'],
  },
  vbulletin5: {
    /** = vbulletin5/selectors `post` */
    post: ['li.b-post[data-node-id]'],
  },
  discourse: {
    /** = discourse/selectors `page` */
    page: ['meta[name="generator"][content^="Discourse"]'],
  },
  mybb: {
    /** = mybb/selectors `post` */
    post: ['div#posts > div.post[id^="post_"]', 'div.post[id^="post_"]'],
    /** = mybb/selectors `body` */
    body: ['div.post_body[id^="pid_"]', 'div.post_body'],
  },
  smf: {
    page: ['#forumposts', 'form#quickModForm'],
    /** = smf/selectors `body` */
    body: ['div.inner[id^="msg_"]', 'div.post div.inner'],
  },
  invision: {
    /** = invision/selectors `post` */
    post: ['article.cPost[id^="elComment_"]', 'article.ipsComment[id^="elComment_"]'],
  },
  ucoz: {
    /** = ucoz/selectors `post` */
    post: ['table.gTable tr[id^="post"]', 'tr[id^="post"]'],
    body: ['span.ucoz-forum-post', 'td.posttdMessage', 'a.postNumberLink'],
  },
  curse: {
    /** = curse/selectors `post` */
    post: ['div.j-comment[data-id]'],
    /** = curse/selectors `body` */
    body: ['div.j-comment-body[itemprop="text"]', 'div.j-comment-body'],
  },
} as const satisfies Readonly<Record<ForumEngineId, Readonly<Record<string, readonly string[]>>>>;

/** Whether the document is a thread page of one engine. Reads only. */
export type EngineDetector = (doc: Document, url: URL) => boolean;

/** Whether any of the selectors matches (an invalid selector matches nothing), as `optionalOne` in dom.ts answers it. */
function has(doc: Document, selectors: readonly string[]): boolean {
  return selectors.some((selector) => {
    try {
      return doc.querySelector(selector) !== null;
    } catch {
      return false;
    }
  });
}

/** A document whose whole text is Discourse topic JSON (a saved `.json` file, or one the worker fetched). */
function isDiscourseTopicJson(doc: Document): boolean {
  const text = (doc.body?.textContent ?? '').trim();
  if (!text.startsWith('{') || !text.includes('"post_stream"')) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const m = engineMarkers;
export const detectPhpbb: EngineDetector = (doc) => has(doc, m.phpbb.page) && has(doc, m.phpbb.post);
export const detectXenforo1: EngineDetector = (doc) => has(doc, m.xenforo1.post) && has(doc, m.xenforo1.list);
export const detectXenforo2: EngineDetector = (doc) => has(doc, m.xenforo2.post);
export const detectVbulletin3: EngineDetector = (doc) => has(doc, m.vbulletin3.post) && has(doc, m.vbulletin3.body);
export const detectVbulletin4: EngineDetector = (doc) => has(doc, m.vbulletin4.post);
export const detectVbulletin5: EngineDetector = (doc) => has(doc, m.vbulletin5.post);
export const detectDiscourse: EngineDetector = (doc) => has(doc, m.discourse.page) || isDiscourseTopicJson(doc);
export const detectMybb: EngineDetector = (doc) => has(doc, m.mybb.post) && has(doc, m.mybb.body);
export const detectSmf: EngineDetector = (doc) => has(doc, m.smf.page) && has(doc, m.smf.body);
export const detectInvision: EngineDetector = (doc) => has(doc, m.invision.post);
export const detectUcoz: EngineDetector = (doc) => has(doc, m.ucoz.post) && has(doc, m.ucoz.body);
export const detectCurse: EngineDetector = (doc) => has(doc, m.curse.post) && has(doc, m.curse.body);

/** Every engine's detector, in one total record: an engine id without one fails `tsc`. */
export const engineDetectors = {
  phpbb: detectPhpbb,
  xenforo1: detectXenforo1,
  xenforo2: detectXenforo2,
  vbulletin3: detectVbulletin3,
  vbulletin4: detectVbulletin4,
  vbulletin5: detectVbulletin5,
  discourse: detectDiscourse,
  mybb: detectMybb,
  smf: detectSmf,
  invision: detectInvision,
  ucoz: detectUcoz,
  curse: detectCurse,
} as const satisfies Readonly<Record<ForumEngineId, EngineDetector>>;

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
      hit = engineDetectors[id](doc, parsed);
    } catch {
      hit = false;
    }
    if (hit) return { supported: true, engine: id };
  }
  return { supported: false, reason: 'engine/unknown' };
}

/** A page's posts with the element each was read from, for putting something beside a post. */
export interface LocatedPage {
  readonly engine: ForumEngineId;
  readonly result: ParseResult<ThreadPage>;
  /** Post id → the post's container element on this page (the element the engine renders the post in). */
  readonly elements: ReadonlyMap<string, Element>;
}

/**
 * Reads the page with an adapter already chosen by `detectEngine`, keeping for every
 * post read the element it came from. Reads only: the page is not changed.
 */
export function locatePostsWith(adapter: ForumAdapter, doc: Document, url: URL, options: ParseOptions): LocatedPage {
  const elements = new Map<string, Element>();
  const result = adapter.parseThreadPage(doc, url, {
    ...options,
    onPostElement: (postId, element) => {
      if (!elements.has(postId)) elements.set(postId, element);
    },
  });
  return { engine: adapter.id, result: { data: result.data, issues: result.issues }, elements };
}
