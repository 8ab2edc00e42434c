/**
 * A demo game already on Day 2, for the browser test of a host who installs
 * Gavel in the middle of a game: a seven-player mini on a phpBB forum, its
 * Day 1 ended by the host's post with Elm lynched (Fern's vote was the
 * hammer), Night 1's kill announced in the post that starts Day 2, and Day 2
 * hammered too.
 *
 * Expected: Day 1 (7 alive, 4 to lynch) hammered by Fern in post 5; Night 1
 * killed Gorse; Day 2 (5 alive, 3 to lynch): Fern hammered by Dandelion in
 * post 11.
 */
import type { DemoThread } from './phpbb';

const players = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Elm', 'Fern', 'Gorse'] as const;
export const dayTwoPlayers: readonly string[] = players;
export const dayTwoHost = 'Gavel Host';

const userIds: Record<string, number> = { [dayTwoHost]: 2, ...Object.fromEntries(players.map((p, i) => [p, 30 + i])) };
const at = (minutes: number): string => new Date(Date.UTC(2026, 10, 24, 9, 0) + minutes * 60_000).toISOString().replace('.000Z', '+00:00');

let nextId = 922_000;
const post = (author: string, minutes: number, bbcode: string) => ({
  id: nextId++,
  author,
  userId: userIds[author] ?? 99,
  time: at(minutes),
  bbcode,
});

export const dayTwoThread: DemoThread = {
  forumHost: 'forum.mafiascum.net',
  threadId: 92_202,
  title: 'Mini 2202: Already on Day 2',
  perPage: 8,
  posts: [
    post(
      dayTwoHost,
      0,
      `[b]Welcome to Mini 2202![/b]\n\nPlayers:\n${players.join('\n')}\n\nDay 1 begins now. With 7 alive it takes 4 to lynch.`,
    ),
    post('Bluebell', 10, 'Hi all. [b]Vote: Elm[/b]'),
    post('Corvid', 20, 'Elm is quiet. [b]Vote: Elm[/b]'),
    post('Elm', 30, 'Why me? [b]Vote: Bluebell[/b]'),
    post('Alpha_Wolf', 40, '[b]Vote: Elm[/b]'),
    post('Fern', 50, 'Hammer. [b]Vote: Elm[/b]'),
    post(dayTwoHost, 60, '[b]Day 1 is over.[/b]\nElm was lynched. Elm was a Vanilla Townie.\n\nNight 1 begins.'),
    post(dayTwoHost, 180, '[b]Day 2 begins![/b]\nGorse was killed in the night. Gorse was a Vanilla Townie.'),
    post('Corvid', 190, 'Fern hammered fast yesterday. [b]Vote: Fern[/b]'),
    post('Fern', 200, '[b]Vote: Corvid[/b]'),
    post('Bluebell', 210, '[b]Vote: Fern[/b]'),
    post('Dandelion', 220, 'Agreed. [b]Vote: Fern[/b]'),
  ],
};
