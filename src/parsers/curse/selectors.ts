/**
 * Curse/Twitch "Elixir" forums (old MTG Salvation), forum-markup.md §1.13.
 * Verified against: shared/fixtures/forums/other/mtgsalvation-curse_unreliable-cops-mafia_all.html.
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  post: [
    // div.j-comment.p-comment-post[data-id] inside li.p-comments[itemtype*=Comment]
    'div.j-comment[data-id]',
  ],
  body: [
    // div.j-comment-body.forum-post-body[itemprop=text]
    'div.j-comment-body[itemprop="text"]',
    'div.j-comment-body',
  ],
  author: [
    // span.p-comment-username > a[href*="/members/61449-name"]
    '.p-comment-username a[href*="/members/"]',
    '.p-comment-micro-author a[href*="/members/"]',
  ],
  time: [
    // span.p-comment-postdate > abbr[data-epoch=unix]
    '.p-comment-postdate abbr[data-epoch]',
  ],
  postNumber: [
    // a.j-comment-link "#1" (?comment=1)
    'a.j-comment-link',
  ],
  editNotice: [
    // div.p-comment-edited "Last edited by <a>X</a>: <abbr data-epoch>"
    'div.p-comment-edited',
  ],
  current: ['.b-pagination-list .s-active'],
  pagination: ['.b-pagination-list'],
} as const;

/** What marks a curse thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.post, selectors.body] };
