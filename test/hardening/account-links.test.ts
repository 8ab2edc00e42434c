/**
 * Linking posters to slots costs one pass over the posts plus one comparison
 * per unlisted account and roster name, never one per post and name: with four
 * times the posts and four times the slots (and the same 100 unlisted
 * accounts) it takes about four times as long, where comparing names per post
 * would take sixteen.
 */
import { describe, expect, it } from 'vitest';
import { applyAccountLinks, findAccountLinks, type ForumPost, type Roster } from '../../src/engine';
import { describeGrowth, growth, isLinear } from './timing';

/** A thread of `posts` posts by the roster's `slots` players and 100 accounts on no slot, posting in turn. */
function game(posts: number, slots: number): { readonly posts: ForumPost[]; readonly roster: Roster } {
  const listed = Array.from({ length: slots }, (_, i) => `Player${String.fromCharCode(97 + (i % 26))}${i}x`);
  const unlisted = Array.from({ length: 100 }, (_, i) => `Visitor${String.fromCharCode(97 + (i % 26))}${i}z`);
  const authors = [...listed, ...unlisted];
  return {
    roster: { hosts: ['Host'], slots: listed.map((name, i) => ({ id: `s${i}`, accounts: [{ name }] })) },
    posts: Array.from({ length: posts }, (_, n) => ({
      id: String(n),
      number: n,
      author: authors[n % authors.length] ?? 'Host',
      postedAt: null,
      body: [],
    })),
  };
}

describe('account links on a long thread', () => {
  it('grow linearly with posts and slots together', () => {
    const small = game(5_000, 50);
    const large = game(20_000, 200);
    const byKey = new Map([
      ['small', small],
      ['large', large],
    ]);
    const run = (key: string): void => {
      const g = byKey.get(key);
      if (g === undefined) return;
      applyAccountLinks(g.roster, findAccountLinks(g.posts, g.roster));
    };
    const g = growth(run, 'small', 'large', 2, 4);
    expect(isLinear(g), describeGrowth(g)).toBe(true);
  });
});
