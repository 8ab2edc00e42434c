/**
 * A game thread written by its worst players: account names, the thread title
 * and post bodies that carry markup, event handlers, `javascript:` addresses,
 * HTML entities, BiDi overrides, zero-width characters and a post of about a
 * megabyte. The forum escapes all of it (phpbb.ts escapes every piece of user
 * text, as phpBB does), so the page itself is harmless; the browser test
 * proves that Gavel does not turn any of this text back into markup.
 *
 * Every payload that would run if it became markup either sets the page
 * global `gavelPwned` (inline handlers and scripts run in the page's world)
 * or opens a dialog, so the test can see that none ran.
 *
 * Roster (8 alive, majority 5), Day 1 as counted from the opening post:
 *   `<script>…</script>` 3 (the img player, Tom &amp; Jerry, the javascript: player)
 *   `<b onmouseover=…>Hover</b>` 1 (the BiDi player), `Zero\u200BWidth` 1 (Hover), `javascript:…` 1 (Plain Pat),
 *   `<img …>` 1 (the script player); one vote for a name not in the game is not counted.
 */
import type { DemoPost, DemoThread } from './phpbb';

/** Names that are markup, sized to fit a forum's username limit (Gavel reads names up to 60 characters). */
export const hostileNames = {
  img: '<img src=x onerror="gavelPwned=\'img\'">',
  script: "<script>gavelPwned='script'</script>",
  entities: 'Tom &amp; Jerry &lt;3 &#60;i&#62;',
  /** U+202E RIGHT-TO-LEFT OVERRIDE: shown reversed, must still be one literal name. */
  bidi: 'Evil\u202Egnp.exe',
  /** U+200B ZERO WIDTH SPACE inside a name. */
  zeroWidth: 'Zero\u200BWidth',
  /** U+200D ZERO WIDTH JOINER inside a name. */
  joiner: 'Join\u200Der',
  hover: '<b onmouseover="alert(\'hover\')">Hover</b>',
  jsUrl: "javascript:alert('name')",
  plain: 'Plain Pat',
} as const;

export const hostileHost = '<svg onload=alert(1)>Host';

/** The vote for a name nobody has: the panel lists it as not counted, with its text. */
export const hostileUncountedVote = '<iframe src="javascript:gavelPwned=\'iframe\'">';

export const hostileTitle = "Mini 666: <script>gavelPwned='title'</script> & <img src=x onerror=alert('title')> Mafia";

const players = [
  hostileNames.img,
  hostileNames.script,
  hostileNames.entities,
  hostileNames.bidi,
  hostileNames.zeroWidth,
  hostileNames.joiner,
  hostileNames.hover,
  hostileNames.jsUrl,
] as const;

/** Everyone who posts, by account id on the forum. */
const userIds = new Map<string, number>([
  [hostileHost, 2],
  ...players.map((p, i): [string, number] => [p, 30 + i]),
  [hostileNames.plain, 50],
]);

const at = (minutes: number): string => new Date(Date.UTC(2026, 10, 21, 18, 0) + minutes * 60_000).toISOString().replace('.000Z', '+00:00');

/**
 * About `bytes` of a rant that keeps mentioning votes and markup without a
 * counted vote in it, the kind of wall of text a forum allows in one post.
 */
export function wallOfText(bytes: number): string {
  const paragraph = [
    "I have been saying vote: for days that the <img src=x onerror=alert('wall')> slot is scummy,",
    'and nobody listens. &lt;script&gt; tags in names are a town tell, &amp;amp; so are \u202Ereversed\u202C words',
    'and zero\u200Bwidth\u200Bspaces. javascript:void(0) is not a vote. Vote: vote: vote: (not bolded, not counted).',
    '',
  ].join('\n');
  return paragraph.repeat(Math.max(1, Math.ceil(bytes / paragraph.length)));
}

let nextId = 913_000;
const post = (author: string, minutes: number, bbcode: string): DemoPost => ({
  id: nextId++,
  author,
  userId: userIds.get(author) ?? 99,
  time: at(minutes),
  bbcode,
});

export const hostileThread: DemoThread = {
  forumHost: 'forum.mafiascum.net',
  threadId: 66_666,
  title: hostileTitle,
  perPage: 25,
  posts: [
    post(hostileHost, 0, `[b]Welcome to ${hostileTitle}[/b]\n\nPlayers:\n${players.join('\n')}\n\nWith 8 alive, it takes 5 to lynch.`),
    post(hostileNames.img, 10, `[b]Vote: ${hostileNames.script}[/b]`),
    post(hostileNames.script, 14, `[vote]${hostileNames.img}[/vote]`),
    post(
      hostileNames.entities,
      20,
      `&lt;b&gt;not bold&lt;/b&gt; &#x3C;script&#x3E;gavelPwned='entity'&#x3C;/script&#x3E;\n[b]Vote: ${hostileNames.script}[/b]`,
    ),
    post(hostileNames.bidi, 25, `[b]Vote: ${hostileNames.hover}[/b]`),
    post(hostileNames.zeroWidth, 31, `Who? [b]Vote: ${hostileUncountedVote}[/b]`),
    post(
      hostileNames.hover,
      40,
      `[quote="Plain Pat"]nothing to see [b]Vote: ${hostileNames.img}[/b][/quote]\n[color=#ff0000]<a href="javascript:gavelPwned='link'">click me</a>[/color]\n[b]Vote: ${hostileNames.zeroWidth}[/b]`,
    ),
    post(hostileNames.jsUrl, 52, `${wallOfText(1_000_000)}\n[b]Vote: ${hostileNames.script}[/b]`),
    post(hostileNames.plain, 60, `I replaced nobody, I am just here. [b]Vote: ${hostileNames.jsUrl}[/b]`),
    post(
      hostileNames.joiner,
      66,
      `[spoiler=<img src=x onerror=alert('spoiler')>]<script>gavelPwned='spoiler'</script>[/spoiler] No vote from me.`,
    ),
  ],
};

/** The names of the players in the roster, in list order. */
export const hostilePlayers: readonly string[] = players;
