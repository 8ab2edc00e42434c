/**
 * How xenforo2 marks quotes, spoilers and furniture inside a post body
 * (XenForo 2.0–2.3, forum-markup.md §1.1): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const xenforo2BodyProfile = bodyProfile({
  quote: ['blockquote.bbCodeBlock--quote'],
  quoteHeader: ['.bbCodeBlock-title'],
  quoteAuthorAttributes: ['data-quote'],
  quotePostIdAttributes: ['data-source'],
  spoiler: [
    // block spoiler
    'div.bbCodeSpoiler',
    // inline spoiler
    'span.bbCodeInlineSpoiler',
  ],
  spoilerTitle: ['button.bbCodeSpoiler-button', '.bbCodeSpoiler-button-title'],
  furniture: [
    // "Click to expand..." / "Click to shrink..."
    '.bbCodeBlock-expandLink',
    '.bbCodeBlock-shrinkLink',
    'div.bbCodeBlock--code',
  ],
});
