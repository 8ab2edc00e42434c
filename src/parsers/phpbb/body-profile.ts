/**
 * How phpbb marks quotes, spoilers and furniture inside a post body
 * (phpBB 3.0–3.3 prosilver and mafiascum's mafBase style, forum-markup.md §1.3/1.4): data for the one body walker in `body.ts`.
 */
import { bodyProfile } from '../profile-parts';

export const phpbbBodyProfile = bodyProfile({
  quote: [
    // every phpBB version: blockquote (cited) / blockquote.uncited
    'blockquote',
  ],
  quoteHeader: [
    // blockquote > div > cite "alice wrote:" (3.0–3.3)
    'cite',
  ],
  quoteAuthor: [
    // 3.2+ and mafiascum: the cite links the author's profile
    'a[href*="mode=viewprofile"]',
  ],
  quotePostIdAttributes: ['data-post-id', 'cite'],
  spoiler: [
    // mafiascum [spoiler=title]: div.quotetitle + div.quotecontent (title is the sibling before)
    'div.quotecontent',
    // mafiascum [spoiler] without title: black box with a hint in `title`
    'div[title^="This text is hidden"]',
  ],
  detachedSpoilerTitle: [
    // mafiascum: <div class="quotetitle"><b>Spoiler: title</b><input …></div>
    'div.quotetitle',
  ],
  furniture: [
    // signature when a style puts it inside the content
    'div.signature',
    // phpBB code block
    'div.codebox',
    // mafiascum dice boxes are the forum's output, not the poster's words
    'div.dicebox',
  ],
});
