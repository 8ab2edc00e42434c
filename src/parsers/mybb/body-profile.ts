/**
 * How mybb marks quotes, spoilers and furniture inside a post body
 * (MyBB 1.8 / 1.6, forum-markup.md §1.9): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const mybbBodyProfile = bodyProfile({
  quote: ['blockquote'],
  quoteHeader: ['cite'],
  furniture: [
    // the quote's date "(03-14-2025, 10:00 AM)" inside the cite
    'cite > span',
    'div.codeblock',
  ],
});
