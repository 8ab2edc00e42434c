/**
 * How vbulletin5 marks quotes, spoilers and furniture inside a post body: vBulletin 5.x keeps vB4's
 * quote and spoiler markup (forum-markup.md §1.7), so it reads bodies by vbulletin4's profile.
 */
export { vbulletin4BodyProfile as vbulletin5BodyProfile } from '../vbulletin4/body-profile';
