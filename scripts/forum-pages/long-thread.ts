/**
 * A longer game thread for the crawl tests: Day 1 of a seven-player mini on a
 * phpBB forum, four pages of six posts, written for Gavel's tests. The host
 * opens only page 1; the votes are spread over every page, so the count is
 * right only when the worker has read them all.
 *
 * Count after post 23 (7 alive, majority 4):
 *   Wren 3 (Lark, Osprey, Kestrel), Lark 2 (Wren, Starling), Kestrel 1 (Heron);
 *   not voting: Plover. The badge shows the leading wagon: 3/4.
 */
import type { DemoPost, DemoThread } from './phpbb';

const players = ['Heron', 'Kestrel', 'Lark', 'Osprey', 'Plover', 'Starling', 'Wren'] as const;
export const longThreadHost = 'Marsh Warden';

const userIds: Record<string, number> = { [longThreadHost]: 3, ...Object.fromEntries(players.map((p, i) => [p, 40 + i])) };
const at = (minutes: number): string => new Date(Date.UTC(2026, 10, 22, 18, 0) + minutes * 60_000).toISOString().replace('.000Z', '+00:00');

let nextId = 913_100;
const post = (author: string, minutes: number, bbcode: string): DemoPost => ({
  id: nextId++,
  author,
  userId: userIds[author] ?? 99,
  time: at(minutes),
  bbcode,
});

export const longThread: DemoThread = {
  forumHost: 'forum.mafiascum.net',
  threadId: 77_031,
  title: 'Mini 2203: Estuary Mafia',
  perPage: 6,
  posts: [
    // Page 1
    post(
      longThreadHost,
      0,
      `[b]Welcome to Estuary Mafia![/b]\n\nPlayers:\n${players.join('\n')}\n\nWith 7 alive, it takes 4 to lynch. Day 1 begins now.`,
    ),
    post('Heron', 14, 'Morning, marsh. Random start: [b]Vote: Kestrel[/b]'),
    post('Kestrel', 22, 'Rude. I will read before I vote.'),
    post('Lark', 35, 'Wren posted nothing yet, which is a start. [b]Vote: Wren[/b]'),
    post('Osprey', 41, 'Agreed with Lark for now.'),
    post('Plover', 58, 'Checking in. Busy week, I will be around in the evenings.'),
    // Page 2
    post('Starling', 66, 'Lark is pushing hard on nothing. [b]Vote: Lark[/b]'),
    post('Wren', 80, '[quote="Lark" post_id=913103]Wren posted nothing yet[/quote]\nI am here now. [b]Vote: Lark[/b]'),
    post('Kestrel', 97, 'Heron, why me?'),
    post('Heron', 103, 'Random is random, Kestrel.'),
    post('Osprey', 118, '[b]Vote: Wren[/b]. The quote-and-vote reply felt rehearsed.'),
    post('Plover', 126, 'Still reading.'),
    // Page 3
    post('Lark', 140, 'Two on Wren, two on me. Someone is comfortable.'),
    post('Starling', 151, 'Osprey following Lark is the pair to watch.'),
    post('Kestrel', 163, 'I am leaning Wren too, but I want to hear from Plover.'),
    post('Wren', 170, 'Plover has said nothing of substance all day.'),
    post('Heron', 188, 'Not voting Wren until someone explains the case properly.'),
    post('Osprey', 195, 'The case is the reply to Lark. Read post 7.'),
    // Page 4
    post('Kestrel', 204, 'Fine. [b]Vote: Wren[/b]'),
    post('Wren', 216, 'Three on me with no case. Plover, Heron: do not hammer this.'),
    post('Plover', 223, 'I will not hammer without reading everything again.'),
    post('Lark', 238, 'Wren at three. Anyone else?'),
    post('Starling', 244, 'Kestrel joining that wagon late is worth a look.'),
    post('Heron', 251, 'I will sleep on it.'),
  ],
};
