/**
 * The parsers' public surface: forum pages (DOM) in, typed posts (`src/model/post.ts`) out.
 * DOM types only; no browser runtime and no engine imports.
 */
export { forumEngineIds, isForumEngineId, type ForumEngineId } from './engine-id';
export { parsePostBody, parseBodyWithProfile, type BodyProfile } from './body';
export { bodyProfiles } from './body-profiles';
