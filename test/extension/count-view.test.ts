import { describe, expect, it } from 'vitest';
import { countFromPosts } from '../../extension/background/count-view';
import type { BodyNode, ForumPost } from '../../src/model/post';

const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });

let n = 0;
const post = (author: string, body: BodyNode[]): ForumPost => {
  const number = n++;
  return { id: String(1000 + number), number, author, postedAt: Date.UTC(2026, 10, 20, 9, number), body };
};

describe('the panel count from stored posts', () => {
  it('counts Day 1 with the roster read from the opening post', () => {
    n = 0;
    const posts = [
      post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')),
      post('Alice', lines(bold('Vote: Bob'))),
      post('Carol', lines(bold('vote bob'))),
      post('Dave', lines('Leaning town on Alice.', 'Vote: Alice')),
      post('Eve', lines(bold('Vote: Bob'))),
    ];
    const result = countFromPosts(posts);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count).toMatchObject({
      alive: 5,
      threshold: 3,
      wagons: [{ target: 'Bob', votes: 3, voters: ['Alice', 'Carol', 'Eve'] }],
      hammer: { target: 'Bob', post: 4 },
      notVoting: ['Bob', 'Dave'],
      rosterSource: 'the player list in post #0',
    });
    expect(result.count.notCounted).toEqual([{ post: 3, author: 'Dave', text: 'Vote: Alice', reason: 'not in bold' }]);
  });

  it('says why it cannot count a thread without a player list', () => {
    n = 0;
    const result = countFromPosts([post('Host', lines('Sign-ups: post /in.'))]);
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/No player list was found in the opening post \(#0\)/) });
    expect(countFromPosts([])).toEqual({ ok: false, reason: 'No post of this thread has been read yet.' });
  });
});
