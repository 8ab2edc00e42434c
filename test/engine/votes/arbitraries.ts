/**
 * fast-check generators for vote property tests: a roster, a day's posts
 * (votes, unvotes, No Lynch, unknown names, host and outsider posts, chatter)
 * and mid-day deaths. Names come from a fixed pool of clearly different
 * names, so a property failure is about the tally, not about fuzzy matching.
 */
import fc from 'fast-check';
import type { BodyNode, DayEvent, ForumPost, Roster } from '../../../src/engine';

export const namePool = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'hank', 'ivy', 'judy'] as const;
export const hostName = 'themod';
export const outsiderName = 'lurker';

export interface GeneratedDay {
  readonly roster: Roster;
  readonly names: readonly string[];
  readonly posts: readonly ForumPost[];
  readonly events: readonly DayEvent[];
  /** The last post number used. */
  readonly lastPost: number;
}

type Act =
  | { kind: 'vote'; target: number }
  | { kind: 'unvote' }
  | { kind: 'no-lynch' }
  | { kind: 'nobody' }
  | { kind: 'chatter' }
  | { kind: 'quoted-vote'; target: number }
  | { kind: 'unvote-vote'; target: number };

const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });

export function bodyOf(act: Act, names: readonly string[]): BodyNode[] {
  const name = (i: number): string => names[i % names.length] ?? 'nobody';
  switch (act.kind) {
    case 'vote':
      return [{ type: 'text', text: 'My thoughts. ' }, { type: 'break' }, bold(`Vote: ${name(act.target)}`)];
    case 'unvote':
      return [bold('Unvote')];
    case 'no-lynch':
      return [bold('Vote: No Lynch')];
    case 'nobody':
      return [bold('Vote: zzyzx')];
    case 'chatter':
      return [{ type: 'text', text: 'I am not voting yet.' }];
    case 'quoted-vote':
      return [
        { type: 'quote', children: [bold(`Vote: ${name(act.target)}`)] },
        { type: 'text', text: 'quoting' },
      ];
    case 'unvote-vote':
      return [bold(`unvote, vote ${name(act.target)}`)];
  }
}

const actArb: fc.Arbitrary<Act> = fc.oneof(
  { weight: 6, arbitrary: fc.nat(20).map((target): Act => ({ kind: 'vote', target })) },
  { weight: 2, arbitrary: fc.constant<Act>({ kind: 'unvote' }) },
  { weight: 1, arbitrary: fc.constant<Act>({ kind: 'no-lynch' }) },
  { weight: 1, arbitrary: fc.constant<Act>({ kind: 'nobody' }) },
  { weight: 1, arbitrary: fc.constant<Act>({ kind: 'chatter' }) },
  { weight: 1, arbitrary: fc.nat(20).map((target): Act => ({ kind: 'quoted-vote', target })) },
  { weight: 2, arbitrary: fc.nat(20).map((target): Act => ({ kind: 'unvote-vote', target })) },
);

/** A day: 3 to 10 players, up to 40 posts (by players, the host and an outsider), up to 3 deaths. */
export const dayArb: fc.Arbitrary<GeneratedDay> = fc
  .record({
    players: fc.integer({ min: 3, max: namePool.length }),
    posts: fc.array(fc.record({ author: fc.nat(12), act: actArb }), { maxLength: 40 }),
    deaths: fc.array(fc.record({ slot: fc.nat(12), atPost: fc.nat(40) }), { maxLength: 3 }),
  })
  .map(({ players, posts, deaths }) => {
    const names = namePool.slice(0, players);
    const roster: Roster = { slots: names.map((name, i) => ({ id: `slot-${i}`, accounts: [{ name }] })), hosts: [hostName] };
    const authorOf = (i: number): string => (i < players ? (names[i] ?? hostName) : i % 2 === 0 ? hostName : outsiderName);
    const forumPosts: ForumPost[] = posts.map((p, i) => ({
      id: `p${i + 1}`,
      number: i + 1,
      author: authorOf(p.author),
      postedAt: null,
      body: bodyOf(p.act, names),
    }));
    const events: DayEvent[] = deaths.map((d) => ({ kind: 'death', slotId: `slot-${d.slot % players}`, atPost: d.atPost }));
    return { roster, names, posts: forumPosts, events, lastPost: forumPosts.length };
  });

/** A permutation of a list (the order posts may arrive in from several page loads). */
export function shuffledArb<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.array(fc.nat(), { minLength: items.length, maxLength: items.length }).map((keys) =>
    items
      .map((item, i) => ({ item, key: keys[i] ?? 0, i }))
      .sort((a, b) => a.key - b.key || a.i - b.i)
      .map((x) => x.item),
  );
}
