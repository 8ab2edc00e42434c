/**
 * Invision Community 4.x (forum-markup.md §1.11).
 * Verified against: test/fixtures/forums/invision/* (written from the 4.x templates as described there).
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  post: [
    // article#elComment_123.cPost.ipsComment
    'article.cPost[id^="elComment_"]',
    'article.ipsComment[id^="elComment_"]',
  ],
  quoteData: [
    // div.ipsComment_content[data-commentid][data-quotedata='{"userid":…,"username":…,"timestamp":…}']
    '[data-quotedata]',
  ],
  body: [
    // div[data-role="commentContent"].ipsType_richText
    'div[data-role="commentContent"]',
  ],
  author: [
    // aside.cAuthorPane h3.cAuthorPane_author a[href*="/profile/5-name/"]
    'aside.cAuthorPane h3.cAuthorPane_author a',
    '.cAuthorPane_author a',
    // IPS 5
    'a.ipsUsername',
  ],
  time: [
    // div.ipsComment_meta time[datetime="…Z"]
    'div.ipsComment_meta time[datetime]',
    'time[datetime]',
  ],
  permalink: ['div.ipsComment_meta a[href*="findComment"]', 'a[href*="comment="]'],
  editNotice: [
    // inside the body: span[data-excludequote] > strong "Edited <time> by Name"
    'div[data-role="commentContent"] [data-excludequote]',
  ],
  title: ['h1.ipsType_pageTitle', 'h1'],
  pagination: [
    // ul.ipsPagination[data-pages]
    'ul.ipsPagination',
  ],
  current: ['ul.ipsPagination li.ipsPagination_active a', 'ul.ipsPagination li.ipsPagination_active'],
  nextPage: ['ul.ipsPagination li.ipsPagination_next:not(.ipsPagination_inactive) a'],
} as const;

/** What marks a invision thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.post] };
