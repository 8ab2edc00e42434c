/**
 * The forum engines Gavel reads. Every id has an adapter in `registry.ts` and a body
 * profile in `body-profiles.ts`; both are total records over this union, so adding
 * an id without them fails `tsc`.
 */
export const forumEngineIds = [
  'phpbb',
  'xenforo1',
  'xenforo2',
  'vbulletin3',
  'vbulletin4',
  'vbulletin5',
  'discourse',
  'mybb',
  'smf',
  'invision',
  'ucoz',
  'curse',
] as const;

export type ForumEngineId = (typeof forumEngineIds)[number];

export function isForumEngineId(value: string): value is ForumEngineId {
  return (forumEngineIds as readonly string[]).includes(value);
}
