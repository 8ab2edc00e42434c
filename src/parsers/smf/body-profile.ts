/**
 * How smf marks quotes, spoilers and furniture inside a post body
 * (SMF 2.1 / 2.0, forum-markup.md §1.10): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const smfBodyProfile = bodyProfile({
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
});
