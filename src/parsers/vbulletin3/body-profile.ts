/**
 * How vbulletin3 marks quotes, spoilers and furniture inside a post body
 * (vBulletin 3.x: the quote wrapper has no class, only the inline margin style, forum-markup.md §1.5): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const vbulletin3BodyProfile = bodyProfile({
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
});
