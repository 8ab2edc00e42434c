/**
 * MyBB 1.8 (and 1.6) default theme (forum-markup.md §1.9, templates in mybb_theme.xml).
 * Verified against: shared/fixtures/forums/mybb/page-1..5.html (MyBB 1.8.37), test/fixtures/forums/mybb/*.
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  post: [
    // div#posts > div.post#post_123 (classic layout adds .classic)
    'div#posts > div.post[id^="post_"]',
    'div.post[id^="post_"]',
  ],
  body: [
    // div.post_body#pid_123
    'div.post_body[id^="pid_"]',
    'div.post_body',
  ],
  author: [
    // .author_information strong span.largetext a (may wrap formatted spans)
    '.post_author .author_information .largetext a',
    '.author_information strong a',
    '.author_information .largetext',
  ],
  date: [
    // .post_head span.post_date "03-02-2025, 06:00 PM" (+ nested span.post_edit)
    '.post_head span.post_date',
  ],
  relativeDate: [
    // recent posts: <span title="11-28-2016, 07:50 PM">Yesterday</span>
    '.post_head span.post_date > span[title]',
  ],
  postNumber: [
    // postbit_posturl: div.float_right strong a "#5"
    '.post_head div.float_right strong a',
    '.post_head .float_right a[href*="pid"]',
  ],
  editNotice: [
    // span.post_edit > span.edited_post "(This post was last modified: date by Name. Edit Reason: …)"
    'span.edited_post',
  ],
  title: ['.navigation span.active', 'td.thead strong'],
  current: ['div.pagination span.pagination_current'],
  pagination: ['div.pagination'],
  nextPage: ['div.pagination a.pagination_next'],
} as const;

/** What marks a mybb thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.post, selectors.body] };
