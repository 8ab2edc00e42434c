/**
 * Issue 18: the keyword scan anchored where the grammar allows. A run's first keyword stands at its
 * lead, or (`keywordAfterLead`, the mafiascum grammar) within `maxLeadChars` (60) letters after it;
 * a long run is not scanned to its end for one. The same votes come out: the window's edges are
 * pinned here, and the whole corpus's replay is unchanged (BENCHMARKS.md, issue 18, 27 November).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultVoteGrammar, extractVotes, mafiascumVoteRules, type VoteCandidate, type VoteGrammar } from '../../../src/engine';
import type { BodyNode } from '../../../src/model/post';

const bold = (text: string): BodyNode[] => [{ type: 'text', text, bold: true }];
const read = (text: string, grammar: VoteGrammar): VoteCandidate[] => extractVotes({ body: bold(text) }, { grammar });
const targets = (text: string, grammar: VoteGrammar): string[] => read(text, grammar).map((c) => `${c.action}:${c.target}`);

/** A lead of three words, `length` characters long, ending in a separator ("Cross fingers, vote X"). */
const leadOf = (length: number): string => {
  const words = `${'a'.repeat(length - 6)} bb cc`;
  return `${words.slice(0, length - 2)}, `;
};

describe('the first keyword, after a lead (mafiascum grammar)', () => {
  const grammar = mafiascumVoteRules.grammar;
  const tail = ` ${'and more words that name nobody at all '.repeat(20)}`;

  it('reads a keyword that starts 60 characters after the lead (the last place startsAction allows)', () => {
    const lead = leadOf(60);
    expect(lead.length).toBe(60);
    expect(targets(`${lead}vote: Elmo`, grammar)).toEqual(['vote:Elmo']);
    // The same in a long run (spaces after the name): the scan is anchored, the reading is not.
    expect(targets(`${lead}vote: Elmo${' '.repeat(400)}`, grammar)).toEqual(['vote:Elmo']);
  });

  it('reads none 61 characters after the lead, in a short run or a long one', () => {
    const lead = leadOf(61);
    expect(targets(`${lead}vote: Elmo`, grammar)).toEqual([]);
    expect(targets(`${lead}vote: Elmo${tail}vote: Bert`, grammar)).toEqual([]);
  });

  it('still reads every later action once the first is found ("Unvote, vote X" far along the run)', () => {
    const text = `vote: Elmo.${' '.repeat(200)}Unvote, vote: Bert`;
    expect(targets(text, grammar)).toEqual(['vote:Elmo', 'unvote:', 'vote:Bert']);
  });

  it('skips over a match as the whole-run scan does ("un-vote" is one keyword, its "vote" no second)', () => {
    const lead = 'x'.repeat(200);
    // The run's lead is "x…x", far longer than the window: "un-vote" is past it and nothing is read.
    expect(targets(`${lead} un-vote: Elmo`, grammar)).toEqual([]);
    expect(targets(`Hammer. un-vote vote: Elmo${'!'.repeat(200)}`, grammar)).toEqual(['unvote:', 'vote:Elmo']);
  });
});

describe('the first keyword, at the lead only (default grammar)', () => {
  const grammar = defaultVoteGrammar;
  it('reads a run that starts with a keyword, and none that starts otherwise', () => {
    expect(targets(`  Vote: Elmo${' x'.repeat(200)}`, grammar)).toHaveLength(1);
    expect(targets(`Elmo is scum. Vote: Elmo${' x'.repeat(200)}`, grammar)).toEqual([]);
  });
});

describe('a long run with no keyword where one can start', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is not scanned to its end by the global keyword pattern (would fail with the whole run scanned)', () => {
    const text = `${'word '.repeat(2_000)}vote: Elmo`;
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    expect(read(text, mafiascumVoteRules.grammar)).toEqual([]);
    expect(read(text, defaultVoteGrammar)).toEqual([]);
    // Calls of a global pattern over this run: the whole-run scan; the anchored one tries its window with a sticky pattern.
    const global = (exec.mock.contexts as RegExp[]).filter(
      (re, i) => re.global && exec.mock.calls[i]?.[0] === text && re.source.includes('vote'),
    );
    expect(global).toHaveLength(0);
  });
});

describe("a line's text, joined only where a vote is read (toRuns)", () => {
  const grammar: VoteGrammar = { ...defaultVoteGrammar, lineStart: true, singleVoteNotes: true };
  const line = (...nodes: BodyNode[]): VoteCandidate[] => extractVotes({ body: nodes }, { grammar });

  it('starts a line after blank pieces only (spaces, a no-break space, a tab), not after text', () => {
    const blank: BodyNode[] = [
      { type: 'text', text: '  ' },
      { type: 'text', text: '\u00a0\t' },
    ];
    expect(line(...blank, { type: 'text', text: 'Vote: Elmo', bold: true }).map((c) => c.counted)).toEqual([true]);
    expect(line({ type: 'text', text: 'so ' }, { type: 'text', text: 'Vote: Elmo', bold: true }).map((c) => c.reason)).toEqual([
      'vote/not-own-line',
    ]);
  });

  it('reads a single-vote note from pieces of the next line', () => {
    const votes = line(
      { type: 'text', text: 'Vote: Elmo', bold: true },
      { type: 'break' },
      { type: 'text', text: '(single ' },
      { type: 'text', text: 'vote)', italic: true },
    );
    expect(votes.map((c) => c.single === true)).toEqual([true]);
  });
});
