/**
 * XenForo 2.0–2.3 (forum-markup.md §1.1).
 * Verified against: shared/fixtures/forums/xenforo2/xenforo-community_a-dark-theme-option_page1.html,
 * test/fixtures/forums/xenforo2/*.
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  page: [
    // <html id="XF" data-template="thread_view">
    'html#XF',
    'html[data-app="public"]',
  ],
  post: [
    // article.message--post.js-post[data-content="post-123"]
    'article.message--post[data-content^="post-"]',
    'article.message--post',
  ],
  body: [
    // article.message-body .bbWrapper (the signature has its own .bbWrapper in aside.message-signature)
    'article.message-body .bbWrapper',
    '.message-body .bbWrapper',
  ],
  author: [
    // .message-name a.username[data-user-id]
    '.message-name a.username',
    // guests
    '.message-name .username',
  ],
  time: [
    // .message-attribution-main time.u-dt[datetime][data-time]
    '.message-attribution-main time.u-dt',
    'header.message-attribution time.u-dt',
    'time.u-dt',
  ],
  postNumber: [
    // ul.message-attribution-opposite li:last-child a "#1"
    'ul.message-attribution-opposite li:last-child a',
    '.message-attribution-opposite a[href*="/post-"]',
  ],
  permalink: ['.message-attribution-main a[href*="post-"]', '.message-attribution a[href*="post-"]'],
  editNotice: [
    // div.message-lastEdit "Last edited: <time>" / "Last edited by a moderator: <time>"
    'div.message-lastEdit',
  ],
  title: ['h1.p-title-value', 'h1'],
  currentPage: ['ul.pageNav-main li.pageNav-page--current a', 'li.pageNav-page--current'],
  lastPage: ['ul.pageNav-main li.pageNav-page:last-child a'],
  nextPage: ['a.pageNav-jump--next'],
} as const;

/** What marks a xenforo2 thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.post] };
