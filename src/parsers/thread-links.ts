/**
 * A thread page's links to the thread's other pages, read by the engine that
 * rendered it (see page-links.ts). For the worker, which reaches the pages
 * before the one a host opened first with them.
 */
import { topicJsonAddressOf } from './discourse/urls';
import type { ForumEngineId } from './engine-id';
import { noPageLinks } from './page-links';
import { forumAdapters } from './registry';
import type { ForumAdapter, PageLinks } from './types';

/** The other pages' addresses page `current` of an `engine` thread shows (Discourse: its topic JSON's `?page=N`). */
export function pageLinksOf(engine: ForumEngineId, doc: Document, url: URL | string, current: number): PageLinks {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return noPageLinks(current);
  }
  const adapter: ForumAdapter = forumAdapters[engine];
  if (adapter.pageLinks === undefined) return noPageLinks(current);
  try {
    return adapter.pageLinks(doc, parsed, current);
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
  if (engine !== 'discourse') return url;
  try {
    return topicJsonAddressOf(new URL(url)) ?? url;
  } catch {
    return url;
  }
}
