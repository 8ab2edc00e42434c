/**
 * The forum engines Gavel reads, in the order detection tries them: the one
 * ordered list of engines. Every engine has a module (`<engine>/index.ts`) in
 * `engines.ts`, a total record over this union, so an id here without a module
 * fails `tsc`, and every table keyed by engine is derived from those modules in
 * this order. The list itself is plain strings, so the extension's pages can check
 * an engine id without loading any parser.
 *
 * Why this order (the first engine whose markers match a page is its engine):
 * 1. discourse: a generator meta tag or topic JSON, nothing else looks like it;
 * 2. xenforo2 before xenforo1: XF2's `article.message--post` is unique, XF1's `li.message` is more generic;
 * 3. invision: `article.cPost`;
 * 4. vbulletin5, then vbulletin4 before vbulletin3: vB4 and vB3 share `div#post_message_N`, vB4 adds `li.postcontainer`;
 * 5. smf before mybb before phpbb: phpBB's `div.post[id^="p"]` also matches MyBB's `div.post#post_N`,
 *    so the engines with stricter markers (`#forumposts`, `div.post_body`) go first;
 * 6. ucoz and curse last: their markers (`tr#postN`, `div.j-comment`) are the least specific.
 */
export const forumEngineIds = [
  'discourse',
  'xenforo2',
  'xenforo1',
  'invision',
  'vbulletin5',
  'vbulletin4',
  'vbulletin3',
  'smf',
  'mybb',
  'phpbb',
  'ucoz',
  'curse',
] as const;

export type ForumEngineId = (typeof forumEngineIds)[number];

export function isForumEngineId(value: string): value is ForumEngineId {
  return (forumEngineIds as readonly string[]).includes(value);
}
