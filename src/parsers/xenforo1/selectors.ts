/**
 * XenForo 1.x (forum-markup.md §1.2).
 * Verified against: shared/fixtures/forums/xenforo1/sufficientvelocity_renascence-homura-quest_page54.html,
 * test/fixtures/forums/xenforo1/*.
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  /** With `post`, marks a XenForo 1 page: the message list, or a message's text. */
  list: ['ol#messageList', 'blockquote.messageText'],
  post: [
    // ol#messageList > li.message#post-123
    'ol#messageList > li.message[id^="post-"]',
    'li.message[id^="post-"]',
  ],
  body: [
    // .messageContent article > blockquote.messageText
    '.messageContent blockquote.messageText',
    'blockquote.messageText',
  ],
  author: [
    // user block
    '.messageUserInfo a.username',
    // meta line
    '.messageMeta .authorEnd a.username',
  ],
  time: [
    // recent posts: abbr.DateTime[data-time] (unix)
    '.messageMeta a.datePermalink abbr.DateTime[data-time]',
    'abbr.DateTime[data-time]',
  ],
  timeText: [
    // older posts: span.DateTime[title="Oct 30, 2014 at 10:48 PM"] (viewer time zone)
    '.messageMeta a.datePermalink span.DateTime[title]',
    '.messageMeta .DateTime',
  ],
  postNumber: [
    // a.postNumber "#1326"
    'a.postNumber',
  ],
  permalink: ['.messageMeta a.datePermalink', 'a.postNumber'],
  editNotice: [
    // div.editDate "Last edited: <span class=DateTime title>…</span>" (outside the body)
    'div.editDate',
  ],
  title: ['div.titleBar h1', 'h1'],
  pageNav: [
    // div.PageNav[data-page][data-last]
    'div.PageNav[data-page]',
  ],
} as const;

/** What marks a xenforo1 thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.post, selectors.list] };
