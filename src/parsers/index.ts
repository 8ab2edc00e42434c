/**
 * The parsers' public surface: forum pages (DOM) in, typed posts (`src/model/post.ts`) out.
 * DOM types only; no browser runtime and no engine imports.
 */
export { forumEngineIds, isForumEngineId, type ForumEngineId } from './engine-id';
export { parseBodyWithProfile, maxBlockDepth, type BodyProfile, type BodyReport } from './body';
export { bodyProfiles, parsePostBody } from './body-profiles';
export { engines, engineModules, postNumberingOf } from './engines';
export { defineEngine, detectorOf, type EngineMarkers, type ForumEngineModule } from './engine-module';
export { limitNesting, maxNestingDepth, type NestingLimit } from './nesting';
export { forumAdapters, detectionOrder, detectEngine, locatePosts, parseThreadPage, type LocatedPage, type PageParse } from './registry';
export { engineDetectors, locatePostsWith, readPostsInSteps, type EngineDetector, type LocatedSteps } from './detect';
export { parseDiscourseJson } from './discourse/adapter';
export { topicJsonUrl, postsJsonUrl } from './discourse/urls';
export type {
  Detection,
  ForumAdapter,
  PageLinks,
  PageUrlScheme,
  ParseIssue,
  ParseIssueKind,
  ParseOptions,
  ParseResult,
  ThreadPage,
  ThreadPageSteps,
} from './types';
export { pageUrlOf } from './page-links';
export { crawlAddressOf, pageLinksOf } from './thread-links';
export { parseTextDate, parseMachineTime, toBoardZone, zoneOffsetMinutes, type BoardZone } from './time';
export {
  crawlThread,
  contentHash,
  type CrawlOptions,
  type CrawlProgress,
  type CrawlResult,
  type FetchedPage,
  type SeenPage,
} from './crawl';
