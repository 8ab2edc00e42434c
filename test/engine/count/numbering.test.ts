/**
 * The vote count post names posts by the number the forum shows (SMF: "Reply #25" is the
 * post Gavel numbers 26), and by Gavel's own number where the forum prints "#N" as Gavel counts.
 */
import { describe, expect, it } from 'vitest';
import { composeVoteCountPost, type VoteCountFacts } from '../../../src/engine/count';
import { plainNumbering, type PostNumbering } from '../../../src/model/post';

const smf: PostNumbering = { offset: 1, prefix: 'Reply #' };

const facts: VoteCountFacts = {
  system: 'majority',
  day: { kind: 'day', number: 2 },
  asOfPost: 40,
  alive: 7,
  threshold: 4,
  wagons: [{ target: 'Bob', votes: 4, lMinus: 0, voters: ['alice', 'carol', 'dave', 'erin'] }],
  notVoting: ['frank', 'Bob', 'gina'],
  hammer: { target: 'Bob', post: 26 },
  lock: { target: 'Bob', post: 26 },
};

describe('post numbers in the vote count post', () => {
  it('names the posts of an SMF thread as SMF shows them: Reply #25 is post #25', () => {
    const text = composeVoteCountPost({ ...facts, numbering: smf }, 'bbcode');
    expect(text).toContain('(as of post #39)');
    expect(text).toContain('Bob was hammered in post #25.');
    expect(text).toContain('The wagon on Bob locked in post #25.');
    expect(text).not.toMatch(/#26|#40/);
  });

  it('keeps Gavel’s number where the forum prints it as Gavel counts, and when no numbering is given', () => {
    for (const text of [
      composeVoteCountPost({ ...facts, numbering: plainNumbering }, 'markdown'),
      composeVoteCountPost(facts, 'markdown'),
    ]) {
      expect(text).toContain('(as of post #40)');
      expect(text).toContain('Bob was hammered in post #26.');
      expect(text).toContain('The wagon on Bob locked in post #26.');
    }
  });
});
