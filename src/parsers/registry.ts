/**
 * Every engine's adapter, in one total record: adding an id to `ForumEngineId` without an
 * adapter here fails `tsc`. Detection (`detect.ts`) walks `detectionOrder`, most specific
 * markup first, with each engine's page markers only; the adapter found then parses.
 */
import { curseAdapter } from './curse/adapter';
import { detectEngine, locatePostsWith, type LocatedPage } from './detect';
import { discourseAdapter } from './discourse/adapter';
import type { ForumEngineId } from './engine-id';
import { invisionAdapter } from './invision/adapter';
import { mybbAdapter } from './mybb/adapter';
import { phpbbAdapter } from './phpbb/adapter';
import { smfAdapter } from './smf/adapter';
import type { ForumAdapter, ParseOptions, ParseResult, ThreadPage } from './types';
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
