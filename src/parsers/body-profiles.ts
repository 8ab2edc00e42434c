/**
 * How each engine marks quotes, spoilers and furniture inside a post body: data for the
 * one body walker in `body.ts`, never `if (engine === …)` there. Markup facts come from
 * the engines' own templates as `/work/shared/docs/forum-markup.md` records them
 * (section numbers below point there).
 */
import type { BodyProfile } from './body';
import type { ForumEngineId } from './engine-id';

/** Quote-header wordings across engines; the first capture group is the quoted author. */
const wrotePatterns: readonly RegExp[] = [
  // phpBB / MyBB / Curse: "alice wrote:", mafiascum: "In post 12, alice wrote:"
  /^(?:in post \d+\s*,\s*)?(.+?)\s+wrote:?$/i,
  // XenForo 1/2: "alice said:"
  /^(.+?)\s+said:?$/i,
  // vBulletin 3/4/5: "Originally Posted by alice"
  /^originally posted by\s+(.+)$/i,
  // SMF 2.0/2.1: "Quote from: alice on March 3, 2025, 10:00:00 AM"
  /^quote from:?\s+(.+?)(?:\s+on\s+.+)?$/i,
  // uCoz: "Цитата alice" / "Цитата (alice)"
  /^цитата\s*\(?(.+?)\)?$/i,
];

/** Links that name a post id in their URL, across engines. */
const postIdHrefPatterns: readonly RegExp[] = [
  // phpBB: viewtopic.php?p=123#p123
  /[?&]p=(\d+)/,
  // vBulletin: showthread.php?p=123#post123
  /#post(\d+)/,
  // MyBB: showthread.php?pid=123#pid123
  /[?&#]pid=?(\d+)/,
  // SMF: index.php?topic=45.msg123#msg123, index.php?msg=123
  /[.#]msg(\d+)/,
  /[?&;]msg=(\d+)/,
  // XenForo: goto/post?id=123, /posts/123/
  /goto\/post\?id=(\d+)/,
  /\/posts\/(\d+)/,
];

const none: readonly string[] = [];

/** Elements no engine shows as post text: scripts, forms and code blocks. */
const commonFurniture: readonly string[] = [
  // a code block is quoted source text, never the poster's vote
  'pre',
  'code',
];

/** Smiley images whose alt text (":D") is part of what the poster wrote. */
const commonSmileys: readonly string[] = ['img.smilies', 'img.smilie', 'img.emoji', 'img[class*="smiley"]'];

function profile(parts: Partial<BodyProfile>): BodyProfile {
  return {
    quote: parts.quote ?? none,
    quoteHeader: parts.quoteHeader ?? none,
    quoteHeaderIfNamed: parts.quoteHeaderIfNamed ?? none,
    detachedQuoteHeader: parts.detachedQuoteHeader ?? none,
    quoteAuthorAttributes: parts.quoteAuthorAttributes ?? none,
    quoteAuthor: parts.quoteAuthor ?? none,
    quoteAuthorPatterns: parts.quoteAuthorPatterns ?? wrotePatterns,
    quotePostIdAttributes: parts.quotePostIdAttributes ?? none,
    quotePostIdHrefPatterns: parts.quotePostIdHrefPatterns ?? postIdHrefPatterns,
    spoiler: parts.spoiler ?? none,
    spoilerTitle: parts.spoilerTitle ?? none,
    detachedSpoilerTitle: parts.detachedSpoilerTitle ?? none,
    spoilerTitleAttributes: parts.spoilerTitleAttributes ?? none,
    furniture: [...commonFurniture, ...(parts.furniture ?? none)],
    smiley: [...commonSmileys, ...(parts.smiley ?? none)],
  };
}

export const bodyProfiles: Readonly<Record<ForumEngineId, BodyProfile>> = {
  // §1.3/1.4 phpBB 3.0–3.3 prosilver and mafiascum's mafBase style.
  phpbb: profile({
    quote: [
      // every phpBB version: blockquote (cited) / blockquote.uncited
      'blockquote',
    ],
    quoteHeader: [
      // blockquote > div > cite "alice wrote:" (3.0–3.3)
      'cite',
    ],
    quoteAuthor: [
      // 3.2+ and mafiascum: the cite links the author's profile
      'a[href*="mode=viewprofile"]',
    ],
    quotePostIdAttributes: ['data-post-id', 'cite'],
    spoiler: [
      // mafiascum [spoiler=title]: div.quotetitle + div.quotecontent (title is the sibling before)
      'div.quotecontent',
      // mafiascum [spoiler] without title: black box with a hint in `title`
      'div[title^="This text is hidden"]',
    ],
    detachedSpoilerTitle: [
      // mafiascum: <div class="quotetitle"><b>Spoiler: title</b><input …></div>
      'div.quotetitle',
    ],
    furniture: [
      // signature when a style puts it inside the content
      'div.signature',
      // phpBB code block
      'div.codebox',
      // mafiascum dice boxes are the forum's output, not the poster's words
      'div.dicebox',
    ],
  }),
  // §1.2 XenForo 1.x
  xenforo1: profile({
    quote: ['div.bbCodeQuote'],
    quoteHeader: [
      // aside > div.attribution "alice said:"
      'div.attribution',
    ],
    quoteAuthorAttributes: ['data-author'],
    spoiler: ['div.bbCodeSpoilerContainer'],
    spoilerTitle: ['button.bbCodeSpoilerButton', '.SpoilerTitle'],
    furniture: [
      // "Click to expand..." under long quotes
      'div.quoteExpand',
      // dice rolls: the forum's output (its legend is bold), not the poster's words
      'fieldset.dice_container',
      'div.bbCodeCode',
    ],
  }),
  // §1.1 XenForo 2.0–2.3
  xenforo2: profile({
    quote: ['blockquote.bbCodeBlock--quote'],
    quoteHeader: ['.bbCodeBlock-title'],
    quoteAuthorAttributes: ['data-quote'],
    quotePostIdAttributes: ['data-source'],
    spoiler: [
      // block spoiler
      'div.bbCodeSpoiler',
      // inline spoiler
      'span.bbCodeInlineSpoiler',
    ],
    spoilerTitle: ['button.bbCodeSpoiler-button', '.bbCodeSpoiler-button-title'],
    furniture: [
      // "Click to expand..." / "Click to shrink..."
      '.bbCodeBlock-expandLink',
      '.bbCodeBlock-shrinkLink',
      'div.bbCodeBlock--code',
    ],
  }),
  // §1.5 vBulletin 3.x: the quote wrapper has no class, only the inline margin style
  vbulletin3: profile({
    quote: ['div[style*="margin:20px"]'],
    quoteHeaderIfNamed: [
      // td.alt2 > div "Originally Posted by <strong>alice</strong>" (absent in unattributed quotes)
      'td.alt2 > div:first-child',
    ],
    quoteAuthor: ['strong'],
    spoiler: ['div.spoiler'],
    furniture: [
      // the "Quote:" label above the quote table
      'div.smallfont',
    ],
  }),
  // §1.6 vBulletin 4.x and Mafia Universe
  vbulletin4: profile({
    quote: ['div.bbcode_quote'],
    quoteHeader: ['div.bbcode_postedby'],
    quoteAuthor: ['strong'],
    // plugin spoilers: div.bbcode_container.spoiler > div.bbcode_description + div.bbcode_spoiler
    spoiler: ['div.spoiler'],
    spoilerTitle: ['div.bbcode_description'],
    furniture: ['div.bbcode_quote_container', 'div.bbcode_code'],
  }),
  // §1.7 vBulletin 5.x: the same quote markup as vB4
  vbulletin5: profile({
    quote: ['div.bbcode_quote'],
    quoteHeader: ['div.bbcode_postedby'],
    quoteAuthor: ['strong'],
    // plugin spoilers: div.bbcode_container.spoiler > div.bbcode_description + div.bbcode_spoiler
    spoiler: ['div.spoiler'],
    spoilerTitle: ['div.bbcode_description'],
    furniture: ['div.bbcode_quote_container', 'div.bbcode_code'],
  }),
  // §1.8 Discourse cooked HTML
  discourse: profile({
    quote: ['aside.quote'],
    quoteHeader: ['div.title'],
    quoteAuthorAttributes: ['data-username'],
    spoiler: [
      // discourse-spoiler-alert
      'div.spoiler',
      'span.spoiler',
      // discourse-details [details=title]
      'details',
    ],
    spoilerTitle: ['summary'],
    furniture: ['div.quote-controls', 'aside.onebox', 'div.lightbox-wrapper .meta'],
  }),
  // §1.9 MyBB 1.8 / 1.6
  mybb: profile({
    quote: ['blockquote'],
    quoteHeader: ['cite'],
    furniture: [
      // the quote's date "(03-14-2025, 10:00 AM)" inside the cite
      'cite > span',
      'div.codeblock',
    ],
  }),
  // §1.10 SMF 2.1 / 2.0
  smf: profile({
    quote: ['blockquote.bbc_standard_quote', 'blockquote.bbc_alternate_quote', 'blockquote'],
    quoteHeader: [
      // 2.1: blockquote > cite "Quote from: alice on …"
      'cite',
    ],
    detachedQuoteHeader: [
      // 2.0: div.quoteheader sits before the blockquote, outside it
      'div.quoteheader',
    ],
    furniture: [
      // 2.0: the closing bar after the blockquote
      'div.quotefooter',
      'div.codeheader',
    ],
  }),
  // §1.11 Invision Community 4 (and 4.0/4.1 spoilers)
  invision: profile({
    quote: ['blockquote.ipsQuote'],
    quoteHeader: ['div.ipsQuote_citation'],
    quoteAuthorAttributes: ['data-ipsquote-username'],
    quotePostIdAttributes: ['data-ipsquote-contentcommentid'],
    spoiler: ['div.ipsSpoiler', 'blockquote.ipsStyle_spoiler'],
    spoilerTitle: ['div.ipsSpoiler_header'],
    furniture: [
      // the edit line Invision writes INSIDE the body ("Edited … by X")
      '[data-excludequote]',
    ],
  }),
  // §1.12 uCoz forums
  ucoz: profile({
    quote: ['div.bbQuoteBlock'],
    quoteHeader: ['div.bbQuoteName'],
    quoteAuthor: ['span.qName'],
    spoiler: ['div.uSpoilerClosed', 'div.uSpoilerOpened'],
    spoilerTitle: ['div.uSpoilerButBl'],
    furniture: ['div.bbCodeBlock', 'div.codeMessage'],
  }),
  // §1.13 Curse/Twitch "Elixir" (old MTG Salvation)
  curse: profile({
    quote: ['blockquote.source-quote', 'blockquote'],
    quoteHeader: ['div.quote-source'],
    // "Quote from <span|a class="quote-author">X »</span>"
    quoteAuthor: ['.quote-author'],
    quoteAuthorPatterns: [/^quote from\s+(.+?)\s*»?$/i, ...wrotePatterns],
    spoiler: ['div.spoiler'],
    spoilerTitleAttributes: ['data-spoiler-title'],
    furniture: ['div.p-comment-edited'],
  }),
};
