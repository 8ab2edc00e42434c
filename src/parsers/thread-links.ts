/**
 * A thread page's links to the thread's other pages, read by the engine that
 * rendered it (see page-links.ts). For the worker, which reaches the pages
 * before the one a host opened first with them.
 */
import { topicJsonAddressOf } from './discourse/urls';
import { isForumEngineId, type ForumEngineId } from './engine-id';
import { discoursePageLinks } from './discourse/links';
import { cursePageLinks } from './curse/links';
import { invisionPageLinks } from './invision/links';
import { mybbPageLinks } from './mybb/links';
import { phpbbPageLinks } from './phpbb/links';
import { smfPageLinks } from './smf/links';
import { ucozPageLinks } from './ucoz/links';
import { vbulletin3PageLinks } from './vbulletin3/links';
import { vbulletin4PageLinks } from './vbulletin4/links';
import { vbulletin5PageLinks } from './vbulletin5/links';
import { xenforo1PageLinks } from './xenforo1/links';
import { xenforo2PageLinks } from './xenforo2/links';
import { noPageLinks } from './page-links';
import type { PageLinks } from './types';

/**
 * Each engine's reader of its pages' links. They live beside the adapters, not in
 * them: the content script loads an adapter, and only the worker reads page links.
 */
const readers: { readonly [E in ForumEngineId]: (doc: Document, url: URL, current: number) => PageLinks } = {
  phpbb: phpbbPageLinks,
  xenforo1: xenforo1PageLinks,
  xenforo2: xenforo2PageLinks,
  vbulletin3: vbulletin3PageLinks,
  vbulletin4: vbulletin4PageLinks,
  vbulletin5: vbulletin5PageLinks,
  discourse: discoursePageLinks,
  mybb: mybbPageLinks,
  smf: smfPageLinks,
  invision: invisionPageLinks,
  ucoz: ucozPageLinks,
  curse: cursePageLinks,
};

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

/** Engines whose pages draw their posts with script from data at another address (none other than Discourse today). */
const dataAddresses: { readonly [E in ForumEngineId]?: (url: URL) => string | null } = {
  discourse: topicJsonAddressOf,
};
