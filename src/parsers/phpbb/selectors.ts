/**
 * phpBB 3.0–3.3 prosilver and mafiascum.net (mafBase style), from forum-markup.md §1.3–1.4.
 * Verified against: shared/fixtures/forums/phpbb/ilovephilosophy_biological-will_page2_phpbb30.html,
 * test/fixtures/forums/phpbb/mafiascum-mini (mafBase 3.3), test/fixtures/forums/phpbb/prosilver-33.
 */
import type { EngineMarkers } from '../engine-module';

export const selectors = {
  /** Marks a phpBB page. */
  page: [
    // prosilver 3.0–3.3: <body id="phpbb">
    'body#phpbb',
    // styles that drop the body id still keep the post layout
    'div.post div.postbody p.author',
  ],
  post: [
    // every 3.x: div.post#p123
    'div.post[id^="p"]',
  ],
  body: [
    // 3.0–3.3 and mafiascum
    'div.postbody div.content',
    'div.content',
  ],
  authorLine: [
    // "by alice » Sun May 26, 2019 4:34 pm" (3.0), "Post #12 (ISO #3) » date" (mafiascum)
    'p.author',
  ],
  authorLink: [
    // 3.1+: a.username / a.username-coloured in the postprofile
    'dl.postprofile dt a.username',
    'dl.postprofile dt a.username-coloured',
    // 3.1+ author line
    'p.author a.username',
    'p.author a.username-coloured',
    // 3.0: by <strong><a href="memberlist.php?mode=viewprofile&u=5">alice</a></strong>
    'p.author strong a',
    // guests and mafiascum without a link
    'p.author strong',
  ],
  time: [
    // 3.1+: <time datetime="RFC3339">
    'p.author time[datetime]',
  ],
  postNumber: [
    // mafiascum isos extension: <span class="post-number-bolded">#12</span>
    'span.post-number-bolded',
  ],
  permalink: [
    // 3.0–3.3: author line link viewtopic.php?p=123#p123
    'p.author a[href*="#p"]',
    // heading link "#p123"
    'h3 a[href^="#p"]',
  ],
  editNotice: [
    // "Last edited by X on date, edited N times in total." outside div.content
    'div.notice',
  ],
  title: [
    // 3.1+
    'h2.topic-title a',
    'h2.topic-title',
    // 3.0
    'h2 a',
  ],
  pagination: [
    // 3.0–3.3 (top pagination block)
    'div.pagination',
    // mafiascum
    '.page-number',
  ],
  currentPage: [
    // 3.1+: ul > li.active span
    'div.pagination li.active span',
  ],
  nextPage: [
    // 3.1+: li.arrow.next a[rel=next]
    'div.pagination li.next a',
  ],
} as const;

/** What marks a phpbb thread page (each group must match): entries of the table above. */
export const markers: EngineMarkers = { allOf: [selectors.page, selectors.post] };
