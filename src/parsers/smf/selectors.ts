/**
 * SMF 2.1 and 2.0 default theme (forum-markup.md §1.10, Display.template.php).
 * Verified against: shared/fixtures/forums/smf/page-1..5.html (SMF 2.1.5), test/fixtures/forums/smf/*.
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  /** Marks an SMF thread page: the posts' container, or the moderation form around them. */
  page: ['#forumposts', 'form#quickModForm'],
  post: [
    // 2.1: #forumposts div.windowbg#msg123
    '#forumposts div.windowbg[id^="msg"]',
    // 2.0: #forumposts div.windowbg|windowbg2 > div.post_wrapper (id on the preceding a#msg123)
    '#forumposts div.post_wrapper',
  ],
  body: [
    // 2.1: div.inner[data-msgid]#msg_123; 2.0: div.post > div.inner#msg_123
    'div.inner[id^="msg_"]',
    'div.post div.inner',
  ],
  author: [
    // div.poster h4 a[href*="action=profile;u=5"]
    'div.poster h4 a',
    // guests
    'div.poster h4',
  ],
  date: [
    // 2.1: .keyinfo .postinfo a.smalltext "Mar 02, 2025, 06:41 PM" / "<strong>Today</strong> at …"
    '.keyinfo .postinfo a.smalltext',
    // 2.0: .keyinfo div.smalltext "« Reply #5 on: date »"
    '.keyinfo div.smalltext',
  ],
  postNumber: [
    // 2.1: span.page_number "#5" (reply number; absent on the opening post)
    '.keyinfo span.page_number',
  ],
  replyText: [
    // 2.0: "« Reply #5 on: … »"
    '.keyinfo div.smalltext',
  ],
  permalink: ['.keyinfo .postinfo a.smalltext', '.keyinfo h5 a', '.keyinfo a[href*="msg"]'],
  editNotice: [
    // 2.1: span.modified#modified_123 "Last Edit: date by X Reason: …"; 2.0: div.modified "« Last Edit: date by X »"
    '[id^="modified_"]',
  ],
  title: ['#top_subject', 'h2.display_title'],
  pagelinks: ['div.pagelinks', '.pagesection .pagelinks'],
  current: [
    // 2.1
    'div.pagelinks span.current_page',
    // 2.0: "Pages: [<strong>1</strong>] 2"
    'div.pagelinks strong',
  ],
  nextIcon: ['div.pagelinks a.nav_page span.next_page'],
} as const;

/** What marks a smf thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.page, selectors.body] };
