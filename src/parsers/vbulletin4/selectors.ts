/**
 * vBulletin 4.x and Mafia Universe (forum-markup.md §1.6).
 * Verified against: shared/fixtures/forums/vbulletin4/vb423_bob-dorr-dies_page1.html,
 * test/fixtures/forums/vbulletin4/*.
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  post: [
    // ol#posts > li.postcontainer#post_365266 (MU adds data-postnumber)
    'ol#posts > li.postcontainer[id^="post_"]',
    'li.postcontainer[id^="post_"]',
    'li.postbit[id^="post_"]',
  ],
  body: [
    // div#post_message_123 > blockquote.postcontent
    'div[id^="post_message_"] blockquote.postcontent',
    'div[id^="post_message_"]',
  ],
  author: [
    // .username_container a.username (name inside <strong>)
    '.userinfo .username_container a.username',
    '.username_container a.username',
    // guests
    '.username_container span.username',
  ],
  date: [
    // .posthead span.postdate > span.date "06-15-2016, 03:03 PM" / "Today, 03:03 PM"
    '.posthead span.postdate span.date',
    'span.postdate',
  ],
  postNumber: [
    // a.postcounter "#1"
    'a.postcounter',
  ],
  postNumberAnchor: [
    // a#postcount365266[name="1"]
    'a[id^="postcount"][name]',
  ],
  permalink: ['a.postcounter'],
  editNotice: [
    // blockquote.postcontent.lastedited "Last edited by X; 06-15-2016 at 03:30 PM."
    'blockquote.lastedited',
    '.lastedited',
  ],
  title: ['span.threadtitle a', 'span.threadtitle', '#pagetitle h1'],
  pageOf: [
    // form.pagination span a.popupctrl "Page 1 of 2"
    'form.pagination a.popupctrl',
    '.pagination a.popupctrl',
  ],
  currentPage: ['form.pagination span.selected a', '.pagination span.selected'],
} as const;

/** What marks a vbulletin4 thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.post] };
