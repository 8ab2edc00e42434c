/**
 * Every engine's body profile, by engine id, derived from the engine modules
 * (`engines.ts`); each profile lives in its engine's folder (`<engine>/body-profile.ts`).
 */
import { parseBodyWithProfile, type BodyProfile, type BodyReport } from './body';
import type { ForumEngineId } from './engine-id';
import { byEngine } from './engines';
import type { BodyNode } from '../model/post';

export const bodyProfiles: Readonly<Record<ForumEngineId, BodyProfile>> = byEngine((engine) => engine.bodyProfile);

/** The structured body of one post: `container` is the element holding the post's message (its children are the body). */
export function parsePostBody(container: Element, engine: ForumEngineId, report?: BodyReport): BodyNode[] {
  return parseBodyWithProfile(container, bodyProfiles[engine], report);
}
