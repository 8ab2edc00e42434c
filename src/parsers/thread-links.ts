/**
 * A thread page's links to the thread's other pages, read by the engine that
 * rendered it (see page-links.ts). For the worker, which reaches the pages
 * before the one a host opened first with them.
 */
import { isForumEngineId, type ForumEngineId } from './engine-id';
import { byEngine } from './engines';
import { noPageLinks } from './page-links';
import type { PageLinks } from './types';

/**
 * Each engine's reader of its pages' links (its module's `pageLinks`). Only the worker
 * reads page links; the content script reads the posts of the page in front of it.
 */
const readers = byEngine((engine) => engine.pageLinks);

/** The other pages' addresses page `current` of an `engine` thread shows (Discourse: its topic JSON's `?page=N`). */
export function pageLinksOf(engine: ForumEngineId, doc: Document, url: URL | string, current: number): PageLinks {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return noPageLinks(current);
  }
  try {
    return readers[engine](doc, parsed, current);
  } catch {
    return noPageLinks(current);
  }
}

/**
 * The address the worker fetches for a thread page a host opened: the page
 * itself, except on Discourse, whose topic page is an app that draws its posts
 * with script; there it is the topic's JSON at the same page (`/t/{id}.json?page=N`).
 */
export function crawlAddressOf(engine: string, url: string): string {
  const address = isForumEngineId(engine) ? dataAddresses[engine] : undefined;
  if (address === undefined) return url;
  try {
    return address(new URL(url)) ?? url;
  } catch {
    return url;
  }
}

/** Engines whose pages draw their posts with script from data at another address (their module's `dataAddress`: Discourse's today). */
const dataAddresses: Readonly<Record<ForumEngineId, ((url: URL) => string | null) | undefined>> = byEngine((engine) => engine.dataAddress);
