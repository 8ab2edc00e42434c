import { describe, expect, it } from 'vitest';
import { learnNicknames, type BodyNode, type ForumPost, type NicknameVote, type Roster } from '../../../src/engine';

const roster: Roster = {
  hosts: ['Host'],
  slots: [
    { id: 'soren', accounts: [{ name: 'Soren' }] },
    { id: 'kirby', accounts: [{ name: 'Kirby' }] },
    { id: 'elmo', accounts: [{ name: 'Elmo' }] },
    { id: 'ann', accounts: [{ name: 'Annabel' }] },
    { id: 'bob', accounts: [{ name: 'Bobbington' }] },
  ],
};

let nextId = 1;
const post = (number: number, author: string, ...body: (string | BodyNode)[]): ForumPost => ({
  id: String(nextId++),
  number,
  author,
  postedAt: null,
  body: body.map((b) => (typeof b === 'string' ? { type: 'text' as const, text: b } : b)),
});
const quote = (author: string, text: string): BodyNode => ({ type: 'quote', author, children: [{ type: 'text', text }] });
const learnt = (posts: ForumPost[], votes: NicknameVote[]): string[] =>
  learnNicknames({ posts, roster, votes }).map((n) => `${n.nickname}=${n.slotId}`);

describe('learnNicknames: nicknames the thread explains', () => {
  it('learns a voted nickname that players explain as one player ("Ghost aka Soren")', () => {
    const posts = [
      post(10, 'Kirby', 'I think Ghost aka Soren is scum.'),
      post(12, 'Elmo', 'Ghost (Soren) has been quiet.'),
      post(15, 'Annabel', 'Vote: Ghost'),
    ];
    const found = learnNicknames({ posts, roster, votes: [{ post: 15, author: 'Annabel', target: 'Ghost' }] });
    expect(found).toEqual([{ nickname: 'ghost', slotId: 'soren', explained: 2, addressed: 0, restated: 0 }]);
  });

  it('learns a nickname addressed to a player right after quoting them, with a restated vote', () => {
    const posts = [
      post(10, 'Kirby', quote('Soren', 'I am town'), 'Ghost, that is what scum says.'),
      post(11, 'Kirby', 'Vote: Ghost'),
      post(14, 'Kirby', 'Vote: Soren'),
    ];
    const votes = [
      { post: 11, author: 'Kirby', target: 'Ghost' },
      { post: 14, author: 'Kirby', target: 'Soren' },
    ];
    expect(learnt(posts, votes)).toEqual(['ghost=soren']);
  });

  it('learns nothing from one piece of evidence', () => {
    const posts = [post(10, 'Kirby', 'Ghost aka Soren is scum.')];
    expect(learnt(posts, [{ post: 11, author: 'Elmo', target: 'Ghost' }])).toEqual([]);
  });

  it('never reads a slash, a comma or a list as one person ("Ghost/Soren", "Ghost, Soren")', () => {
    const posts = [
      post(10, 'Kirby', 'Ghost/Soren are my scumreads.'),
      post(11, 'Elmo', 'Ghost, Soren and Kirby.'),
      post(12, 'Annabel', 'Ghost / Soren wagon'),
      post(13, 'Kirby', 'Ghost (Soren is next)'),
    ];
    expect(learnt(posts, [{ post: 14, author: 'Elmo', target: 'Ghost' }])).toEqual([]);
  });

  it('learns nothing where the evidence points at two players', () => {
    const posts = [
      post(10, 'Kirby', 'Ghost aka Soren'),
      post(11, 'Elmo', 'Ghost aka Soren'),
      post(12, 'Annabel', 'Ghost aka Kirby'),
      post(13, 'Soren', 'Ghost aka Kirby'),
    ];
    expect(learnt(posts, [{ post: 14, author: 'Elmo', target: 'Ghost' }])).toEqual([]);
  });

  it("never learns a word nobody voted with, nor a player's own name, nor a word a loose tier already reads", () => {
    const posts = [
      post(10, 'Kirby', 'Ghost aka Soren'),
      post(11, 'Elmo', 'Ghost aka Soren'),
      post(12, 'Kirby', 'Bob aka Soren'),
      post(13, 'Elmo', 'Bob aka Soren'),
    ];
    expect(learnt(posts, [])).toEqual([]);
    // "Bob" is the start of Bobbington: that reading stands, whatever the thread says.
    expect(learnt(posts, [{ post: 14, author: 'Annabel', target: 'Bob' }])).toEqual([]);
    expect(learnt(posts, [{ post: 14, author: 'Annabel', target: 'Soren' }])).toEqual([]);
  });

  it("follows the thread's word over a generic letters rule only where the thread explains it twice", () => {
    const r: Roster = {
      hosts: [],
      slots: [
        { id: 'goodfather', accounts: [{ name: 'The Goodfather' }] },
        { id: 'goldfish', accounts: [{ name: 'Quietgoldfish' }] },
        { id: 'kirby', accounts: [{ name: 'Kirby' }] },
        { id: 'elmo', accounts: [{ name: 'Elmo' }] },
      ],
    };
    const votes = [{ post: 20, author: 'Kirby', target: 'GF' }];
    const once = [post(10, 'Kirby', 'GF aka Quietgoldfish')];
    expect(learnNicknames({ posts: once, roster: r, votes })).toEqual([]);
    const twice = [...once, post(11, 'Elmo', 'Quietgoldfish (GF) is scum')];
    expect(learnNicknames({ posts: twice, roster: r, votes }).map((x) => `${x.nickname}=${x.slotId}`)).toEqual(['gf=goldfish']);
    // A restated vote and a quote addressed are not enough to override the letters.
    const weak = [post(10, 'Kirby', quote('Quietgoldfish', 'hi'), 'GF, why?'), post(11, 'Elmo', quote('Quietgoldfish', 'hi'), 'GF, why?')];
    expect(learnNicknames({ posts: weak, roster: r, votes })).toEqual([]);
  });

  it('ignores the host, and a player explaining their own nickname is not evidence about themselves', () => {
    const posts = [post(10, 'Host', 'Ghost aka Soren'), post(11, 'Host', 'Ghost aka Soren'), post(12, 'Soren', 'Ghost aka Soren')];
    expect(learnt(posts, [{ post: 14, author: 'Elmo', target: 'Ghost' }])).toEqual([]);
  });

  it('does not learn from a long bold paragraph that mentions players', () => {
    const text = 'I think Soren is town, Kirby is scum, Elmo is null and Annabel is town because of the way everyone voted yesterday';
    const posts = [post(10, 'Bobbington', text), post(11, 'Kirby', text), post(12, 'Elmo', text)];
    expect(learnt(posts, [{ post: 10, author: 'Bobbington', target: text }])).toEqual([]);
  });

  it('gives the same list whatever the order of posts and votes', () => {
    const posts = [post(10, 'Kirby', 'Ghost aka Soren'), post(12, 'Elmo', 'Ghost (Soren) again'), post(15, 'Annabel', 'Vote: Ghost')];
    const votes = [{ post: 15, author: 'Annabel', target: 'Ghost' }];
    expect(learnt(posts, votes)).toEqual(['ghost=soren']);
    expect(learnt([...posts].reverse(), votes)).toEqual(learnt(posts, votes));
  });

  // learnNicknames reads a post word by word only where it holds "aka", "a.k.a.", "=", "also known as", "alias",
  // "он же"/"она же" or "(", and follows a run of words only while it starts a voted word: each form still counts.
  it.each([
    ['Ghost = Soren', 'Ghost a.k.a. Soren'],
    ['GHOST ALSO KNOWN AS SOREN', 'Soren alias Ghost'],
    ['Ghost он же Soren', 'Soren (Ghost) again'],
  ])('learns from each way of writing "the same person" (%s; %s)', (first, second) => {
    const posts = [post(10, 'Kirby', first), post(12, 'Elmo', second)];
    expect(learnt(posts, [{ post: 15, author: 'Annabel', target: 'Ghost' }])).toEqual(['ghost=soren']);
  });

  it('learns a nickname of several words, met after words that start it ("sleepy krew", "sleepy sleepy krew")', () => {
    const posts = [post(10, 'Kirby', 'so sleepy sleepy krew aka Soren again'), post(12, 'Elmo', 'Sleepy Krew (Soren) is quiet')];
    expect(learnt(posts, [{ post: 15, author: 'Annabel', target: 'sleepy krew' }])).toEqual(['sleepykrew=soren']);
  });

  it('learns nothing from posts that name the word and the player with nothing saying they are one', () => {
    const posts = [post(10, 'Kirby', 'Ghost Soren'), post(12, 'Elmo', 'Ghost Soren is quiet'), post(13, 'Annabel', 'Soren ghost')];
    expect(learnt(posts, [{ post: 15, author: 'Annabel', target: 'Ghost' }])).toEqual([]);
  });
});
