/**
 * A two-day game thread written for the in-thread browser tests, rendered in
 * phpBB, XenForo 2 and vBulletin 4 markup by the writers beside it. Seven
 * players, majority of the living. It holds what a host checks in a thread:
 * plain bold votes, a vote quoted from another post, an abbreviated vote, an
 * edited post, the hammer, the host's "lynched / Night 1" post, a night post,
 * the host's "Day 2 begins, Elm was killed" post and the dead Elm posting.
 *
 * Expected:
 *   Day 1 (7 alive, 4 to lynch): Cedar 4 (Ash, Birch, Dogwood, Fern), hammered by Fern in the 7th post;
 *     Birch's quote of Ash's vote is not counted (inside a quote), Cedar's "V: Ash" is abbreviated.
 *   Night 1: Gorse posts (a night post).
 *   Day 2 (5 alive, 3 to lynch): Gorse 2 (Ash, Birch), Ash 1 (Gorse); not voting: Dogwood, Fern. Elm posts while dead.
 */
import type { DemoPost, DemoThread } from './phpbb';

export const gamePlayers = ['Ash', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fern', 'Gorse'] as const;
export const gameHost = 'Moderator Mae';

const userIds: Record<string, number> = { [gameHost]: 7, ...Object.fromEntries(gamePlayers.map((p, i) => [p, 40 + i])) };
const at = (minutes: number): string => new Date(Date.UTC(2026, 10, 21, 18, 0) + minutes * 60_000).toISOString().replace('.000Z', '+00:00');

function posts(): DemoPost[] {
  let id = 55_100;
  const post = (author: string, minutes: number, bbcode: string, edited?: { minutes: number; count: number }): DemoPost => ({
    id: id++,
    author,
    userId: userIds[author] ?? 99,
    time: at(minutes),
    bbcode,
    ...(edited === undefined ? {} : { edited: { by: author, time: at(edited.minutes), count: edited.count } }),
  });
  const list: DemoPost[] = [];
  list.push(
    post(
      gameHost,
      0,
      `[b]Welcome to Greenwood Mafia![/b]\n\nPlayers:\n${gamePlayers.join('\n')}\n\nWith 7 alive, it takes 4 to lynch. Day 1 begins now.`,
    ),
  );
  const ash = post('Ash', 10, 'Hello all. Nobody has said anything yet, so here is a pressure vote.\n[b]Vote: Cedar[/b]');
  list.push(ash);
  list.push(
    post(
      'Birch',
      18,
      `[quote="Ash" post_id=${ash.id}]Hello all. Nobody has said anything yet, so here is a pressure vote.\n[b]Vote: Cedar[/b][/quote]\nI agree with the pressure.\n[b]Vote: Cedar[/b]`,
    ),
  );
  list.push(post('Cedar', 25, 'Two votes for no reason at all. [b]V: Ash[/b]'));
  list.push(post('Dogwood', 33, 'Cedar sounds rattled to me.\n[b]Vote: Cedar[/b]', { minutes: 36, count: 1 }));
  list.push(post('Elm', 41, "Cedar's defence does not add up, but I am still reading."));
  list.push(post('Fern', 52, 'That is enough for me. [b]Vote: Cedar[/b]'));
  list.push(
    post(
      gameHost,
      60,
      '[b]Cedar has been lynched![/b] Cedar was a [color=#CC0000]Mafia Goon[/color].\n\nNight 1 begins. Do not post until the day starts.',
    ),
  );
  list.push(post('Gorse', 70, 'Wait, was that already the hammer?'));
  list.push(
    post(gameHost, 120, '[b]Day 2 begins.[/b]\nElm was killed in the night. Elm was a Villager.\n\nWith 5 alive, it takes 3 to lynch.'),
  );
  list.push(post('Elm', 125, 'Well, that was quick. Good luck, town.'));
  list.push(post('Ash', 131, 'Gorse posted during the night, which is against the rules.\n[b]Vote: Gorse[/b]'));
  list.push(post('Gorse', 138, 'It was one question and I was confused. [b]Vote: Ash[/b]'));
  list.push(post('Birch', 145, 'Following Ash here. [b]Vote: Gorse[/b]'));
  list.push(post('Dogwood', 150, 'Still reading back through Day 1 before I vote.'));
  return list;
}

/** The thread on a phpBB board (mafiascum.net's address, so the content script runs there). */
export function gameThread(forumHost: string, threadId: number, title = 'Greenwood Mafia'): DemoThread {
  return { forumHost, threadId, title, perPage: 5, posts: posts() };
}
