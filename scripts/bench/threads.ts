/**
 * Game threads made up for the benchmarks, deterministic from a seed: a
 * 15-player Day 1 with the talk, quotes, votes, unvotes, spoilers and colours
 * a real thread has. As BBCode for a phpBB page (rendered by
 * scripts/forum-pages/phpbb.ts), and as posts already read (what a content
 * script sends the worker) for the storage benchmark.
 */
import { createRng, type Rng } from '../../src/engine';
import type { BodyNode, ForumPost } from '../../src/model/post';
import type { DemoPost, DemoThread } from '../forum-pages/phpbb';

export const benchPlayers = [
  'Alpha_Wolf',
  'Bluebell',
  'Corvid',
  'Dandelion',
  'Ember',
  'Foxglove',
  'Grackle',
  'Hazel',
  'Ironwood',
  'Juniper',
  'Kestrel',
  'Larkspur',
  'Marigold',
  'Nightjar',
  'Osprey',
] as const;
export const benchHost = 'Nobody Special';

const talk = [
  'I have been reading back and I am not comfortable with how quiet the last page was.',
  'That is a fair point, but it reads like you are setting up a bus for later.',
  'Can we get a claim from the top two wagons before the deadline, please?',
  'Random voting stage is over, so let us look at who is avoiding commitment.',
  'I will be away until tomorrow evening; my vote stays where it is.',
  'Your last three posts all hedge. Pick someone and explain why.',
  'Not a fan of the tunnelling. There are other slots worth looking at.',
  'Town read on the people who were pushing early; scum do not usually start wagons this hard.',
  'I am fine with a lynch here if nobody has a better case by tonight.',
  'Why did you unvote the moment the wagon got to L-2?',
];

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[rng.int(items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** One post's BBCode: a paragraph or two, sometimes a quote, a vote, an unvote, a spoiler or a colour. */
function bbcodeFor(rng: Rng, index: number, author: string, earlier: readonly DemoPost[]): string {
  const parts: string[] = [];
  const quoted = earlier.length > 0 && rng.next() < 0.35 ? earlier[rng.int(earlier.length)] : undefined;
  if (quoted !== undefined) parts.push(`[quote="${quoted.author}" post_id=${quoted.id}]${quoted.bbcode.split('\n')[0] ?? ''}[/quote]`);
  const sentences = 1 + rng.int(5);
  parts.push(Array.from({ length: sentences }, () => pick(rng, talk)).join(' '));
  const target = pick(
    rng,
    benchPlayers.filter((p) => p !== author),
  );
  const roll = rng.next();
  if (roll < 0.18) parts.push(`[b]Vote: ${target}[/b]`);
  else if (roll < 0.26) parts.push(`[vote]${target}[/vote]`);
  else if (roll < 0.3) parts.push(`[b]unvote[/b]`);
  else if (roll < 0.33) parts.push(`I might vote: ${target} later.`);
  if (rng.next() < 0.05)
    parts.push(
      `[spoiler=reads]${benchPlayers
        .slice(0, 5)
        .map((p) => `${p}: ${rng.next() < 0.5 ? 'town' : 'null'}`)
        .join('\n')}[/spoiler]`,
    );
  if (rng.next() < 0.05) parts.push(`[color=#008000]Post ${index}: still here.[/color]`);
  return parts.join('\n\n');
}

const at = (minutes: number): string => new Date(Date.UTC(2026, 10, 2, 12, 0) + minutes * 60_000).toISOString().replace('.000Z', '+00:00');

/** A phpBB thread of `count` posts on pages of `perPage`, opening with the player list. */
export function benchThread(count: number, perPage: number, seed = 200): DemoThread {
  const rng = createRng(seed);
  const userIds = new Map<string, number>([[benchHost, 2], ...benchPlayers.map((p, i): [string, number] => [p, 20 + i])]);
  const posts: DemoPost[] = [
    {
      id: 900_000,
      author: benchHost,
      userId: 2,
      time: at(0),
      bbcode: `[b]Welcome to Bench Mafia![/b]\n\nPlayers:\n${benchPlayers.join('\n')}\n\nWith 15 alive, it takes 8 to lynch.`,
    },
  ];
  for (let i = 1; i < count; i++) {
    const author = pick(rng, benchPlayers);
    posts.push({
      id: 900_000 + i,
      author,
      userId: userIds.get(author) ?? 99,
      time: at(i * 3),
      bbcode: bbcodeFor(rng, i, author, posts.slice(-30)),
    });
  }
  return { forumHost: 'forum.mafiascum.net', threadId: 91_200, title: 'Mini 3000: Bench Mafia', perPage, posts };
}

/** The same kind of thread as posts already read by a content script (no HTML involved). */
export function benchForumPosts(count: number, seed = 50_000): ForumPost[] {
  const rng = createRng(seed);
  const text = (t: string): BodyNode => ({ type: 'text', text: t });
  const posts: ForumPost[] = [
    {
      id: '5000000',
      number: 0,
      author: benchHost,
      postedAt: Date.UTC(2026, 10, 2, 12),
      body: [
        { type: 'text', text: 'Welcome to Bench Mafia!', bold: true },
        { type: 'break' },
        { type: 'break' },
        text('Players:'),
        ...benchPlayers.flatMap((p): BodyNode[] => [{ type: 'break' }, text(p)]),
      ],
    },
  ];
  for (let i = 1; i < count; i++) {
    const author = pick(rng, benchPlayers);
    const body: BodyNode[] = [];
    if (rng.next() < 0.35) {
      const quoted = posts[Math.max(0, posts.length - 1 - rng.int(30))];
      if (quoted !== undefined)
        body.push({
          type: 'quote',
          author: quoted.author,
          postId: quoted.id,
          children: quoted.body.filter((n) => n.type === 'text').slice(0, 2),
        });
    }
    const sentences = 1 + rng.int(5);
    body.push(text(Array.from({ length: sentences }, () => pick(rng, talk)).join(' ')));
    const roll = rng.next();
    // Few votes past the first pages, so the day runs on without a hammer, as long games do.
    const target = pick(
      rng,
      benchPlayers.filter((p) => p !== author),
    );
    if (roll < 0.04) body.push({ type: 'break' }, { type: 'text', text: `Vote: ${target}`, bold: true });
    else if (roll < 0.06) body.push({ type: 'break' }, { type: 'text', text: 'Unvote', bold: true });
    posts.push({
      id: String(5_000_000 + i),
      number: i,
      author,
      postedAt: Date.UTC(2026, 10, 2, 12) + i * 60_000,
      permalink: `https://forum.mafiascum.net/viewtopic.php?p=${5_000_000 + i}#p${5_000_000 + i}`,
      body,
    });
  }
  return posts;
}
