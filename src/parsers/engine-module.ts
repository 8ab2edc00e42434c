/**
 * What one forum engine is to Gavel, in one object: each engine's folder
 * (`src/parsers/<engine>/index.ts`) exports one `ForumEngineModule`, and
 * `engines.ts` holds them in detection order. Every table keyed by engine
 * (adapters, detectors, markers, body profiles, page-link readers, data
 * addresses, post numbering) is derived from that list, so adding an engine is
 * one folder and one line in `engine-id.ts` and `engines.ts`
 * (`npm run new:engine <id>` writes all three).
 */
import type { PostNumbering } from '../model/post';
import type { BodyProfile } from './body';
import type { ForumEngineId } from './engine-id';
import type { ForumAdapter, PageLinks } from './types';

/**
 * The markup that marks an engine's thread page: every group in `allOf` must
 * match (a group matches when any of its selectors does). Groups are the
 * engine's own `selectors.ts` entries, referenced, never copied.
 */
export interface EngineMarkers {
  readonly allOf: readonly (readonly string[])[];
  /** A page that is this engine's whatever its markup (Discourse's topic JSON). Cheap, reads only. */
  readonly orIf?: (doc: Document) => boolean;
}

export interface ForumEngineModule<Id extends ForumEngineId = ForumEngineId> {
  readonly id: Id;
  /** A human name for tables and messages ("phpBB 3.0–3.3"). */
  readonly label: string;
  readonly markers: EngineMarkers;
  /** Detection (from `markers`) and page parsing. */
  readonly adapter: ForumAdapter;
  /** How the engine marks quotes, spoilers and furniture inside a post body. */
  readonly bodyProfile: BodyProfile;
  /** The thread's other pages as one page shows them (for the worker's crawl). */
  readonly pageLinks: (doc: Document, url: URL, current: number) => PageLinks;
  /** Where the data of a page drawn by script lives (Discourse's topic JSON); absent: the page itself. */
  readonly dataAddress?: (url: URL) => string | null;
  /** Thread page addresses as the engine writes them (at least one, http or https), for the docs, tests and `fixture:add`. */
  readonly urlExamples: readonly string[];
  /** How the forum prints post numbers against `ForumPost.number`. */
  readonly numbering: PostNumbering;
}

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

const detectors = new WeakMap<EngineMarkers, (doc: Document, url: URL) => boolean>();

/**
 * The detector of a set of markers: every group matches, or `orIf` says yes.
 * One function per markers object, so an adapter's `detect` and the detection
 * table's entry are the same function.
 */
export function detectorOf(markers: EngineMarkers): (doc: Document, url: URL) => boolean {
  let detect = detectors.get(markers);
  if (detect === undefined) {
    detect = (doc) => (markers.allOf.length > 0 && markers.allOf.every((group) => has(doc, group))) || (markers.orIf?.(doc) ?? false);
    detectors.set(markers, detect);
  }
  return detect;
}

/**
 * One engine's module from its parts; its display name is its adapter's label.
 * @example defineEngine({ id: 'smf', adapter: smfAdapter, markers, bodyProfile, pageLinks, urlExamples, numbering })
 */
export function defineEngine<Id extends ForumEngineId>(parts: Omit<ForumEngineModule<Id>, 'label'>): ForumEngineModule<Id> {
  return { ...parts, label: parts.adapter.label };
}
