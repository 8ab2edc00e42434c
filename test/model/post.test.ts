import { describe, expect, it } from 'vitest';
import { bodyText, type BodyNode } from '../../src/model/post';

describe('bodyText', () => {
  const body: BodyNode[] = [
    { type: 'quote', author: 'alice', children: [{ type: 'text', text: 'Vote: bob', bold: true }] },
    { type: 'text', text: 'I agree. ' },
    { type: 'text', text: 'Vote: bob', bold: true },
    { type: 'break' },
    { type: 'spoiler', children: [{ type: 'text', text: 'secret' }] },
  ];
  it('keeps quotes and spoilers by default', () => {
    expect(bodyText(body)).toBe('\nVote: bob\nI agree. Vote: bob\n\nsecret\n');
  });
  it('leaves quotes and spoilers out on request', () => {
    expect(bodyText(body, { skipQuotes: true, skipSpoilers: true })).toBe('I agree. Vote: bob\n');
  });
});
