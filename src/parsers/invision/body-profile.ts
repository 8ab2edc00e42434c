/**
 * How invision marks quotes, spoilers and furniture inside a post body
 * (Invision Community 4 (and 4.0/4.1 spoilers), forum-markup.md §1.11): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const invisionBodyProfile = bodyProfile({
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
});
