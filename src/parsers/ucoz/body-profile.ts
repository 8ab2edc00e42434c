/**
 * How ucoz marks quotes, spoilers and furniture inside a post body
 * (uCoz forums, forum-markup.md §1.12): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const ucozBodyProfile = bodyProfile({
  quote: ['div.bbQuoteBlock'],
  quoteHeader: ['div.bbQuoteName'],
  quoteAuthor: ['span.qName'],
  spoiler: ['div.uSpoilerClosed', 'div.uSpoilerOpened'],
  spoilerTitle: ['div.uSpoilerButBl'],
  furniture: ['div.bbCodeBlock', 'div.codeMessage'],
});
