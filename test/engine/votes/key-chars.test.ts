/**
 * Issue 18 (the replay's count): a run holding none of the grammar's key characters is not scanned for a
 * keyword. The key characters are chosen so that every keyword, typo and abbreviation holds one ("v" for
 * the English grammars); a grammar whose keywords share no letter needs several, and a vote tag or green
 * font, which make a vote without a keyword, are read whatever the run holds. The same votes come out as
 * before the pre-test: the whole corpus's replay is unchanged (BENCHMARKS.md, issue 18, 27 November).
 */
import { describe, expect, it } from 'vitest';
import { defaultVoteGrammar, extractVotes, mafiascumVoteRules, type BodyNode, type VoteGrammar } from '../../../src/engine';

const show = (body: readonly BodyNode[], grammar: VoteGrammar): string[] =>
  extractVotes({ body }, { grammar }).map(
    (c) => `${c.action}${c.action === 'vote' ? ` ${c.target}` : ''}${c.counted ? '' : ` (${c.reason})`}`,
  );
const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });

describe('keywords that share no letter', () => {
  // "lynch" holds no letter of "vote" or "unvote": one key character cannot cover both.
  const grammar: VoteGrammar = { ...defaultVoteGrammar, voteKeywords: ['vote', 'lynch'], keywordTypos: false };

  it('reads a vote written with either keyword', () => {
    // "Lynch: Kiki" holds no letter of "vote" or "unvote".
    expect(show([bold('Lynch: Kiki')], grammar)).toEqual(['vote Kiki']);
    expect(show([bold('Vote: Elmo')], grammar)).toEqual(['vote Elmo']);
    expect(show([bold('Unvote')], grammar)).toEqual(['unvote']);
  });

  it('reads the keyword in any case, as the keyword pattern does ("LYNCH", "lYnCh")', () => {
    expect(show([bold('LYNCH: Kiki')], grammar)).toEqual(['vote Kiki']);
    expect(show([bold('lYnCh Rufi')], grammar)).toEqual(['vote Rufi']);
  });

  it('reads no keyword in a run that holds neither', () => {
    expect(show([bold('Elmo is scum')], grammar)).toEqual([]);
  });
});

describe('a case-sensitive grammar', () => {
  const grammar: VoteGrammar = { ...defaultVoteGrammar, voteKeywords: ['VOTE', 'Lynch'], caseSensitive: true, keywordTypos: false };

  it('reads each keyword as written, and no other case of it', () => {
    expect(show([bold('VOTE: Elmo')], grammar)).toEqual(['vote Elmo']);
    expect(show([bold('Lynch: Elmo')], grammar)).toEqual(['vote Elmo']);
    expect(show([bold('vote: Elmo')], grammar)).toEqual([]);
  });
});

describe('votes made without a keyword', () => {
  it('reads a bare name in a vote tag (no key character in the run)', () => {
    const grammar: VoteGrammar = { ...defaultVoteGrammar, bareNameInVoteTag: true };
    expect(show([{ type: 'text', text: 'Elmo', voteTag: true }], grammar)).toEqual(['vote Elmo']);
  });

  it('reads a name in green font where green is a vote (no key character in the run)', () => {
    const grammar: VoteGrammar = { ...defaultVoteGrammar, greenFontVotes: true };
    expect(show([{ type: 'text', text: 'Elmo', bold: true, color: 'green' }], grammar)).toEqual(['vote Elmo']);
  });
});

describe('the rest of the line a vote is read on (the mafiascum grammar)', () => {
  const grammar = mafiascumVoteRules.grammar;

  it('a keyword split over two nodes of one run is one keyword', () => {
    expect(show([bold('Vo'), bold('te: Elmo')], grammar)).toEqual(['vote Elmo']);
  });

  it('notes a single vote in plain text beside the vote (a run with no key character on its line)', () => {
    const candidates = extractVotes({ body: [bold('Vote: Elmo'), { type: 'text', text: ' (using one of my votes)' }] }, { grammar });
    expect(candidates.map((c) => c.single === true)).toEqual([true]);
  });

  it('reads the line start from the runs before the vote on its line, blank or not', () => {
    const lineStart: VoteGrammar = { ...grammar, lineStart: true };
    expect(show([{ type: 'text', text: '   ' }, bold('Vote: Elmo')], lineStart)).toEqual(['vote Elmo']);
    expect(show([{ type: 'text', text: 'So. ' }, bold('Vote: Elmo')], lineStart)).toEqual(['vote Elmo (vote/not-own-line)']);
    expect(show([{ type: 'text', text: 'So.' }, { type: 'break' }, bold('Vote: Elmo')], lineStart)).toEqual(['vote Elmo']);
  });
});
