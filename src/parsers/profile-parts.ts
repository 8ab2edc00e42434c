/**
 * What every engine's body profile (`<engine>/body-profile.ts`) starts from: the quote
 * header wordings and post-link patterns engines share, the furniture and smileys of
 * every engine, and `bodyProfile()`, which fills what a profile leaves out.
 */
import type { BodyProfile } from './body';

/** Quote-header wordings across engines; the first capture group is the quoted author. */
export const wrotePatterns: readonly RegExp[] = [
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

export function bodyProfile(parts: Partial<BodyProfile>): BodyProfile {
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
