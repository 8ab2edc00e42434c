/**
 * The panel's count says which rules it read from the opening post's words (issue 15, part 3), and
 * follows them.
 */
import { describe, expect, it } from 'vitest';
import { countFromPosts } from '../../extension/background/count-view';
import type { BodyNode, ForumPost } from '../../src/model/post';

const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });
const post = (number: number, author: string, body: BodyNode[]): ForumPost => ({
  id: String(1000 + number),
  number,
  author,
  postedAt: Date.UTC(2026, 10, 20, 9, number),
  body,
});

describe('rules read from the opening post, in the panel', () => {
  it('lists each sentence it follows and counts by it', () => {
    const result = countFromPosts([
      post(0, 'Host', lines('A lynch needs half the living players.', 'Players:', 'Alice', 'Bob', 'Carol', 'Dave', '', 'Day 1 begins.')),
      post(1, 'Alice', lines(bold('Vote: Bob'))),
      post(2, 'Carol', lines(bold('Vote: Bob'))),
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count.statedRules).toEqual(['A lynch needs half the living players.']);
    // 4 alive: half is 2, so Carol's vote is the hammer (a majority would need 3).
    expect(result.count).toMatchObject({ threshold: 2, hammer: { target: 'Bob', post: 2 } });
  });

  it('lists nothing when the opening post states no rule', () => {
    const result = countFromPosts([post(0, 'Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', '', 'Day 1 begins.'))]);
    expect(result.ok && result.count.statedRules).toEqual([]);
  });
});
