/**
 * The demo game: Day 1 of a nine-player mini on a phpBB forum, written for
 * Gavel's demo and browser tests. It holds the cases a host meets on a first
 * day: a [vote] tag, bold votes in several spellings, a quoted vote, an
 * unbolded vote, an abbreviated vote, an unvote, a misspelt name, an edited
 * post, the hammer, and a night post after the host closes the day.
 *
 * Expected count at the hammer (9 alive, majority 5):
 *   Corvid 5 (Bluebell, Dandelion, Foxglove, Alpha_Wolf, Hazel): hammered by Hazel in post 10
 *   Bluebell 1 (Corvid), Foxglove 1 (Grackle); not voting: Ember, Ironwood.
 */
import type { DemoThread } from './phpbb';

const players = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Ember', 'Foxglove', 'Grackle', 'Hazel', 'Ironwood'] as const;
export const demoPlayers: readonly string[] = players;
export const demoHost = 'Nobody Special';

const userIds: Record<string, number> = { [demoHost]: 2, ...Object.fromEntries(players.map((p, i) => [p, 10 + i])) };

const at = (minutes: number): string => new Date(Date.UTC(2026, 10, 20, 9, 0) + minutes * 60_000).toISOString().replace('.000Z', '+00:00');

let nextId = 812_400;
const post = (author: string, minutes: number, bbcode: string, edited?: { minutes: number; count: number }) => ({
  id: nextId++,
  author,
  userId: userIds[author] ?? 99,
  time: at(minutes),
  bbcode,
  ...(edited === undefined ? {} : { edited: { by: author, time: at(edited.minutes), count: edited.count } }),
});

export const demoThread: DemoThread = {
  forumHost: 'forum.mafiascum.net',
  threadId: 90_210,
  title: 'Mini 2187: Gavel Demo Mafia',
  perPage: 8,
  posts: [
    post(
      demoHost,
      0,
      `[b]Welcome to Gavel Demo Mafia![/b]\n\nPlayers:\n${players.join('\n')}\n\nWith 9 alive, it takes 5 to lynch. Day 1 begins now and ends at majority.`,
    ),
    post('Bluebell', 12, 'Hello everyone, happy to be here.\n[vote]Corvid[/vote]'),
    post('Corvid', 20, 'A random vote on me? Bold move.\n[b]Vote: Bluebell[/b]'),
    post(
      'Dandelion',
      31,
      '[quote="Corvid" post_id=812401]A random vote on me? Bold move.\n[b]Vote: Bluebell[/b][/quote]\nThat was defensive. [b]vote corvid[/b]',
    ),
    post('Ember', 45, 'I am thinking about vote: Hazel, but not yet.'),
    post('Foxglove', 52, '[b]VOTE: Corvid[/b]'),
    post('Grackle', 60, '[b]Vote: Ember[/b]\n\nActually no. [b]unvote[/b] [b]Vote: Foxglove[/b]'),
    post('Hazel', 75, '[b]V: Corvid[/b] is where I am leaning.', { minutes: 80, count: 1 }),
    post('Alpha_Wolf', 90, 'Corvid has been scummy all day.\n[b]Vote: Corvd[/b]'),
    post('Ironwood', 101, 'Sorry, busy day. Reading back now.'),
    post('Hazel', 118, 'Fine, properly this time: [b]Vote: Corvid[/b]'),
    post(
      demoHost,
      125,
      '[b]Corvid has been lynched![/b] He was a [color=#FF0000]Mafia Goon[/color].\n\nNight 1 begins. Do not post during the night.',
    ),
    post('Ironwood', 140, 'Wait, what happened?'),
  ],
};
