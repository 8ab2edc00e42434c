/**
 * 004 L150 "Если голос дан до объявления о начале выборов или голосования, он не засчитывается": the host's post that
 * opens the vote, read by the ruleset's phrases (`voting.day.clock.voteOpening`), or his hand-set time.
 */
import { describe, expect, it } from 'vitest';
import { opensVote, rulesets, voteOpeningOf, type BodyNode, type ForumPost } from '../../../src/engine';

const voting = rulesets['russian-004'].voting;
const grammar = voting.kind === 'weighted-plurality' ? voting.day?.clock?.voteOpening : undefined;
const post = (number: number, author: string, body: BodyNode[], postedAt: number | null = number * 60_000): ForumPost => ({
  id: `p${String(number)}`,
  number,
  author,
  postedAt,
  body,
});
const text = (t: string): BodyNode => ({ type: 'text', text: t });
const bold = (t: string): BodyNode => ({ type: 'text', text: t, bold: true });

describe('L150: the host’s post that opens the vote', () => {
  it('the 004 preset carries its opening phrases as data', () => {
    expect(grammar?.phrases).toContain('начинаем голосование');
  });

  it('a line of the post that is the phrase opens it, whatever the case, "ё" or punctuation', () => {
    if (grammar === undefined) throw new Error('no grammar');
    expect(opensVote(post(1, 'Host', [bold('НАЧИНАЕМ ГОЛОСОВАНИЕ!')]), grammar)).toBe(true);
    expect(opensVote(post(1, 'Host', [text('Итоги ночи.'), { type: 'break' }, bold('Голосование началось')]), grammar)).toBe(true);
    expect(opensVote(post(1, 'Host', [text('Выборы мэра начались.')]), grammar)).toBe(true);
  });

  it('a schedule ("Голосование начинается в 21.00"), a quote or a struck line opens nothing', () => {
    if (grammar === undefined) throw new Error('no grammar');
    expect(opensVote(post(1, 'Host', [text('Голосование начинается в 21.00 по Москве.')]), grammar)).toBe(false);
    expect(opensVote(post(1, 'Host', [{ type: 'quote', children: [text('Начинаем голосование')] }]), grammar)).toBe(false);
    expect(opensVote(post(1, 'Host', [{ type: 'text', text: 'Начинаем голосование', struck: true }]), grammar)).toBe(false);
  });

  it('only a host’s post opens the vote; the first one of the day does', () => {
    const posts = [
      post(1, 'Olga', [text('Начинаем голосование')]),
      post(2, 'Host', [text('Начинаем голосование')]),
      post(3, 'Host', [text('Голосование')]),
    ];
    expect(voteOpeningOf(posts, ['host'], grammar, undefined, 999)).toEqual({ at: 120_000, source: 'read', fromPost: 2 });
  });

  it('the host’s set time wins over his post; votes count from the first post at or after it', () => {
    const posts = [post(1, 'Host', [text('Начинаем голосование')]), post(2, 'Olga', []), post(3, 'Anna', [])];
    expect(voteOpeningOf(posts, ['host'], grammar, 150_000, 999)).toEqual({ at: 150_000, source: 'set', fromPost: 3 });
    // A time after every post read so far: none of them counts.
    expect(voteOpeningOf(posts, ['host'], grammar, 900_000, 999)).toEqual({ at: 900_000, source: 'set', fromPost: 4 });
  });

  it('neither read nor set: the clock’s time is assumed and no post is refused', () => {
    expect(voteOpeningOf([post(1, 'Host', [text('День 2.')])], ['host'], grammar, undefined, 999)).toEqual({ at: 999, source: 'assumed' });
  });
});
