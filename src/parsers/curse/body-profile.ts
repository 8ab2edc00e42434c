/**
 * How curse marks quotes, spoilers and furniture inside a post body
 * (Curse/Twitch "Elixir" (old MTG Salvation), forum-markup.md §1.13): data for the one body walker in `body.ts`.
 */
import { bodyProfile, wrotePatterns } from '../profile-parts';

export const curseBodyProfile = bodyProfile({
  quote: ['blockquote.source-quote', 'blockquote'],
  quoteHeader: ['div.quote-source'],
  // "Quote from <span|a class="quote-author">X »</span>"
  quoteAuthor: ['.quote-author'],
  quoteAuthorPatterns: [/^quote from\s+(.+?)\s*»?$/i, ...wrotePatterns],
  spoiler: ['div.spoiler'],
  spoilerTitleAttributes: ['data-spoiler-title'],
  furniture: ['div.p-comment-edited'],
});
