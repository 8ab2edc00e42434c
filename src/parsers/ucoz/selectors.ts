/**
 * uCoz forums, default templates (forum-markup.md §1.12: templates are per-site editable, so the
 * parser keys on the stable class names).
 * Verified against: test/fixtures/forums/ucoz/* (written from those defaults).
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  /** With `post`, marks a uCoz page: its message span or cell, or its post-number link. */
  marker: ['span.ucoz-forum-post', 'td.posttdMessage', 'a.postNumberLink'],
  post: [
    // table.gTable tr#post123 wrapping table.postTable
    'table.gTable tr[id^="post"]',
    'tr[id^="post"]',
  ],
  body: [
    // td.posttdMessage span.ucoz-forum-post#ucoz-forum-post-456
    'span.ucoz-forum-post',
    'td.posttdMessage',
  ],
  author: [
    // td.postTdTop a.postUser (name = text)
    'a.postUser',
  ],
  profile: [
    // profile link /index/8-USERID in the info cell
    'td.postTdInfo a[href*="/index/8-"]',
    'a[href*="/index/8-"]',
  ],
  topCells: [
    // 2nd td.postTdTop: "Дата: Понедельник, 28.11.2016, 19:50 | Сообщение # 4"
    'td.postTdTop',
  ],
  postNumber: [
    // a.postNumberLink "4" with onclick prompt(…, 'https://site/forum/5-123-456-16-1480351800')
    'a.postNumberLink',
  ],
  editNotice: [
    // "Сообщение отредактировал Name - date"
    '.edited',
    'span.editedBy',
  ],
  title: ['a.forumBarA:last-of-type', 'td.gTableTop'],
  forumBar: ['a.forumBarA'],
  current: ['.switchActive', 'li.switchActive', 'b.switchActive'],
  nextPage: ['a.switchNext'],
  switches: ['span.postpSwithces', '.pagesBlockuz1', '.pagesBlockuz2'],
} as const;

/** What marks a ucoz thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.post, selectors.marker] };
