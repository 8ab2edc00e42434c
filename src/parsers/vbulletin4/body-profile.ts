/**
 * How vbulletin4 marks quotes, spoilers and furniture inside a post body
 * (vBulletin 4.x and Mafia Universe, forum-markup.md §1.6): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const vbulletin4BodyProfile = bodyProfile({
  quote: ['div.bbcode_quote'],
  quoteHeader: ['div.bbcode_postedby'],
  quoteAuthor: ['strong'],
  // plugin spoilers: div.bbcode_container.spoiler > div.bbcode_description + div.bbcode_spoiler
  spoiler: ['div.spoiler'],
  spoilerTitle: ['div.bbcode_description'],
  furniture: ['div.bbcode_quote_container', 'div.bbcode_code'],
});
