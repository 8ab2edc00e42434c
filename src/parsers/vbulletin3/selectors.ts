/**
 * vBulletin 3.x (forum-markup.md §1.5).
 * Verified against: shared/fixtures/forums/vbulletin3/animesuki_hibike-euphonium_page152_vb3811.html,
 * test/fixtures/forums/vbulletin3/*.
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  post: [
    // div#posts … table#post123.tborder
    'div#posts table[id^="post"]',
    'table.tborder[id^="post"]',
  ],
  body: [
    // div#post_message_123
    'div[id^="post_message_"]',
  ],
  author: [
    // div#postmenu_123 a.bigusername
    'a.bigusername',
    // guests: plain text in div#postmenu_123
    'div[id^="postmenu_"]',
  ],
  dateCell: [
    // first td.thead: status icon + "2016-02-01, 02:21" / "Today, 07:50 PM"
    'td.thead',
  ],
  postNumber: [
    // a#postcount123[name="3021"] > strong
    'a[id^="postcount"]',
  ],
  permalink: ['a[id^="postlink"]', 'a[id^="postcount"]'],
  editNotice: [
    // <!-- edit note --> div.smallfont > em "Last edited by X; 2016-02-01 at 03:31."
    'td[id^="td_post_"] div.smallfont em',
  ],
  title: [
    // nav bar: last strong is the thread title
    'td.navbar strong',
  ],
  pageOf: [
    // div.pagenav td.vbmenu_control "Page 152 of 155"
    'div.pagenav td.vbmenu_control',
  ],
} as const;

/** What marks a vbulletin3 thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.post, selectors.body] };
