/**
 * How vbulletin5 marks quotes, spoilers and furniture inside a post body
 * (vBulletin 5.x: the same quote markup as vB4, forum-markup.md §1.7): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const vbulletin5BodyProfile = bodyProfile({
  quote: ['div.bbcode_quote'],
  quoteHeader: ['div.bbcode_postedby'],
  quoteAuthor: ['strong'],
  // plugin spoilers: div.bbcode_container.spoiler > div.bbcode_description + div.bbcode_spoiler
  spoiler: ['div.spoiler'],
  spoilerTitle: ['div.bbcode_description'],
  furniture: ['div.bbcode_quote_container', 'div.bbcode_code'],
});
