/**
 * Which engine renders a page, with nothing but each engine's page markers (its module's
 * `markers`). The registry (`registry.ts`) and the content script both detect with these
 * and then parse with the detected engine's adapter: the same functions in the same
 * order, so they always agree on the engine.
 */
import type { ForumEngineId } from './engine-id';
import type { EngineMarkers } from './engine-module';
import { byEngine, engines } from './engines';
import type { ForumPost } from '../model/post';
import type { Detection, ForumAdapter, ParseOptions, ParseResult, ThreadPage } from './types';

/** The markup that marks each engine's thread page: each engine's `markers`, entries of its own `selectors.ts`. */
export const engineMarkers: Readonly<Record<ForumEngineId, EngineMarkers>> = byEngine((engine) => engine.markers);

/** Whether the document is a thread page of one engine. Reads only. */
export type EngineDetector = (doc: Document, url: URL) => boolean;

/** Every engine's detector: its adapter's `detect`, made from its markers (`detectorOf`). */
export const engineDetectors: Readonly<Record<ForumEngineId, EngineDetector>> = byEngine((engine) => engine.adapter.detect);

/** The order detection tries engines in: `forumEngineIds`' (engine-id.ts says why). */
export const detectionOrder: readonly ForumEngineId[] = engines.map((engine) => engine.id);

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

/** `locatePostsWith` a post at a time (`ThreadPageSteps`): `finish` gives what `locatePostsWith` gives. */
export interface LocatedSteps {
  readonly engine: ForumEngineId;
  /** The thread's facts (`ThreadPageSteps.thread`). */
  readonly thread: Omit<ThreadPage, 'posts'>;
  /** The page's post containers, in page order; empty for an engine read in one step (read when this is made). */
  readonly elements: readonly Element[];
  /** Reads the post of `elements[index]`: see `ThreadPageSteps.read`. */
  readonly read: (index: number) => ForumPost | undefined;
  /** Reads the posts not yet read and gives the page, with the element of every post. */
  readonly finish: () => LocatedPage;
}

/**
 * Reads the page with an adapter already chosen by `detectEngine`, a post at a time where the engine
 * allows it (its `readThreadPage`), else all at once, here. Reads only: the page is not changed.
 */
export function readPostsInSteps(adapter: ForumAdapter, doc: Document, url: URL, options: ParseOptions): LocatedSteps {
  if (adapter.readThreadPage === undefined) {
    const located = locatePostsWith(adapter, doc, url, options);
    const { posts: _posts, ...thread } = located.result.data;
    return {
      engine: adapter.id,
      thread,
      elements: [],
      read: (index) => {
        throw new RangeError(`no post container ${String(index)}: ${adapter.id} pages are read in one step`);
      },
      finish: () => located,
    };
  }
  const elements = new Map<string, Element>();
  const steps = adapter.readThreadPage(doc, url, {
    ...options,
    onPostElement: (postId, element) => {
      if (!elements.has(postId)) elements.set(postId, element);
    },
  });
  return {
    engine: adapter.id,
    thread: steps.thread,
    elements: steps.elements,
    read: steps.read,
    finish: () => {
      const result = steps.finish();
      return { engine: adapter.id, result: { data: result.data, issues: result.issues }, elements };
    },
  };
}
