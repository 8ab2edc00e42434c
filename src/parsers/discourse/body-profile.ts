/**
 * How discourse marks quotes, spoilers and furniture inside a post body
 * (Discourse cooked HTML, forum-markup.md §1.8): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const discourseBodyProfile = bodyProfile({
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
});
