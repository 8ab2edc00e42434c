/**
 * How xenforo1 marks quotes, spoilers and furniture inside a post body
 * (XenForo 1.x, forum-markup.md §1.2): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const xenforo1BodyProfile = bodyProfile({
  quote: ['div.bbCodeQuote'],
  quoteHeader: [
    // aside > div.attribution "alice said:"
    'div.attribution',
  ],
  quoteAuthorAttributes: ['data-author'],
  spoiler: ['div.bbCodeSpoilerContainer'],
  spoilerTitle: ['button.bbCodeSpoilerButton', '.SpoilerTitle'],
  furniture: [
    // "Click to expand..." under long quotes
    'div.quoteExpand',
    // dice rolls: the forum's output (its legend is bold), not the poster's words
    'fieldset.dice_container',
    'div.bbCodeCode',
  ],
});
