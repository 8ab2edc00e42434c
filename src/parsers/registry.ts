/**
 * Every engine's adapter, derived from the engine modules (`engines.ts`). Detection
 * (`detect.ts`) walks `detectionOrder`, most specific markup first, with each engine's
 * page markers only; the adapter found then parses.
 */
import { detectEngine, locatePostsWith, type LocatedPage } from './detect';
import type { ForumEngineId } from './engine-id';
import { byEngine } from './engines';
import type { ForumAdapter, ParseOptions, ParseResult, ThreadPage } from './types';

export const forumAdapters: Readonly<Record<ForumEngineId, ForumAdapter>> = byEngine((engine) => engine.adapter);

export { detectEngine, detectionOrder, type LocatedPage } from './detect';

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

/**
 * Parses the page and keeps, for every post read, the element it came from. Null when
 * the page is not a thread page of a supported engine. Reads only: the page is not changed.
 */
export function locatePosts(doc: Document, url: URL, options: ParseOptions): LocatedPage | null {
  const detection = detectEngine(doc, url);
  return detection.supported ? locatePostsWith(forumAdapters[detection.engine], doc, url, options) : null;
}
