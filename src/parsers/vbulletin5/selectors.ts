/**
 * vBulletin 5.x (forum-markup.md §1.7).
 * Verified against: shared/fixtures/forums/vbulletin5/fandompost_isekai-quartet_page1_vb552.html,
 * test/fixtures/forums/vbulletin5/*.
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  post: [
    // li.b-post.js-post[data-node-id][data-node-publishdate]
    'li.b-post[data-node-id]',
  ],
  body: [
    // div.js-post__content-text[itemprop=text]
    'div.js-post__content-text',
  ],
  author: [
    // .b-userinfo__details .author a[href*="/member/1712-name"]
    '.b-userinfo__details .author a[href*="/member/"]',
    '.author a[href*="/member/"]',
    '.b-userinfo__details .author',
  ],
  postNumber: [
    // a.b-post__count "#2"
    'a.b-post__count',
  ],
  permalink: ['a.b-post__count'],
  editNotice: [
    // div.b-post__edit "Last edited by X; date."
    'div.b-post__edit',
  ],
  title: ['h1.main-title', 'h1'],
  currentPage: ['.js-pagenav .js-pagenav-current-button'],
  lastPage: ['.js-pagenav .js-pagenav-last-button'],
  nextPage: ['.js-pagenav a.js-pagenav-next-button'],
} as const;

/** What marks a vbulletin5 thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.post] };
