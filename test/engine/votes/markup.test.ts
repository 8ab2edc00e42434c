/**
 * Vote markup as hosts accept it (issue 15, part 3): a keyword after other bold text, keyword typos,
 * filler words, rainbow text. Each rule is tested where a host reads a vote and where a host reads
 * prose, with the grammar setting that turns it off.
 */
import { describe, expect, it } from 'vitest';
import { defaultVoteGrammar, extractVotes, mayContainVote, type BodyNode, type VoteGrammar } from '../../../src/engine';
import { toBody } from './dsl';

const show = (nodes: readonly BodyNode[], grammar: Partial<VoteGrammar> = {}): string[] =>
  extractVotes({ body: nodes }, { grammar: { ...defaultVoteGrammar, ...grammar } }).map(
    (c) => `${c.action}${c.action === 'vote' ? ` ${c.noLynch ? 'NO LYNCH' : c.target}` : ''}${c.counted ? '' : ` (${c.reason ?? ''})`}`,
  );
const read = (text: string, grammar: Partial<VoteGrammar> = {}): string[] => show(toBody(text), grammar);

describe('a keyword after other bold text in the same run', () => {
  it.each([
    ['[b]FoS: Javert, Vote: Mute[/b]', ['vote Mute']],
    ['[b]Cross fingers, vote Mute[/b]', ['vote Mute']],
    ['[b]Hammer vote Mute[/b]', ['vote Mute']],
    ['[b]Hammer. Vote: Mute[/b]', ['vote Mute']],
    ['[b]HAMMER! VOTE: Mute Swan[/b]', ['vote Mute Swan']],
    ['[b]Final vote: Mute[/b]', ['vote Mute']],
    ['[b]My vote: Mute[/b]', ['vote Mute']],
    ['[b]So my final vote: Mute[/b]', ['vote Mute']],
    ['[b]Confirming my vote: Mute[/b]', ['vote Mute']],
    ['[b]In other news. Vote: Mute.[/b]', ['vote Mute']],
    ['[b]Sorry Bob - unvote, vote Mute[/b]', ['unvote', 'vote Mute']],
    ['[b]Fine, unvote[/b]', ['unvote']],
    ['[b]Fine, unvote for now[/b]', ['unvote']],
    ['[b]FoS: Javert; vote No Lynch[/b]', ['vote NO LYNCH']],
    ['[b]ok. vote mute[/b]', ['vote mute']],
  ])('reads %s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    // The keyword inside a clause: a sentence about votes, not a vote.
    '[b]I will not vote for Bob today[/b]',
    '[b]Why did you vote Mute yesterday?[/b]',
    '[b]Honestly I think we should all vote Mute[/b]',
    '[b]You said you would never unvote Bob[/b]',
    '[b]Bob and vote Carol[/b]',
    '[b]Scum vote Bob[/b]',
    // At the start of a clause, but after a long lead: the end of a bold paragraph.
    '[b]This is long and I have thought about it all day. Vote Bob.[/b]',
    '[b]Bob is scum, Carol is town, so the answer is simple: vote Bob[/b]',
    // Followed by a sentence, a pronoun, an appeal or the vote count rather than a name.
    '[b]Bob. Vote him and see what happens, then vote Carol if you still want to.[/b]',
    '[b]Sure, unvote him and see what happens[/b]',
    '[b]Fine, vote me then[/b]',
    '[b]Carol, unvote me.[/b]',
    '[b]My vote is on Bob[/b]',
    '[b]My vote was wrong[/b]',
    '[b]My vote stays[/b]',
    '[b]Official Vote Count 2.04[/b]',
    '[b]Host, vote count please[/b]',
    '[b]Come on guys, vote for Bob[/b]',
    '[b]Carol, vote Bob with me[/b]',
    '[b]Dave, vote Bob please[/b]',
    '[b]Or you could. vote Bob instead[/b]',
    '[b]Read 12: vote on Bob[/b]',
    '[b]Cross fingers, vote[/b]',
    // Another kind of vote than the lynch vote.
    '[b]Vig vote: Bob[/b]',
    '[b]vig unvote, vig vote: Bob[/b]',
    '[b]Mafia vote: Bob[/b]',
    '[b]Our vig-vote: Bob[/b]',
    '[b]My self-vote stands[/b]',
    '[b]His scum-read/vote on Bob[/b]',
  ])('does not read %s as a vote', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('stops at the first letter when the grammar wants the keyword to lead its run', () => {
    expect(read('[b]FoS: Javert, Vote: Mute[/b]', { keywordAfterLead: false })).toEqual([]);
    expect(read('[b]Hammer vote Mute[/b]', { keywordAfterLead: false })).toEqual([]);
    expect(read('[b]Vote: Mute[/b]', { keywordAfterLead: false })).toEqual(['vote Mute']);
  });

  it("uses the host's own lead words", () => {
    expect(read('[b]Lynchpin vote Mute[/b]')).toEqual([]);
    expect(read('[b]Lynchpin vote Mute[/b]', { leadWords: ['lynchpin'] })).toEqual(['vote Mute']);
    expect(read('[b]Hammer vote Mute[/b]', { leadWords: [] })).toEqual([]);
    // With its colon the keyword needs no lead word.
    expect(read('[b]Hammer vote: Mute[/b]', { leadWords: [] })).toEqual(['vote Mute']);
  });

  it('must start its line where the host says so, with text after it allowed', () => {
    expect(read('[b]Vote: Mute[/b] because of post 12', { lineStart: true })).toEqual(['vote Mute']);
    expect(read('Because of post 12 [b]Vote: Mute[/b]', { lineStart: true })).toEqual(['vote Mute (vote/not-own-line)']);
    expect(read('Because of post 12 / [b]Vote: Mute[/b]', { lineStart: true })).toEqual(['vote Mute']);
    expect(read('[b]FoS: Javert, Vote: Mute[/b]', { lineStart: true })).toEqual(['vote Mute (vote/not-own-line)']);
    expect(read('[b]Unvote, Vote: Mute[/b] and more', { lineStart: true })).toEqual(['unvote', 'vote Mute']);
    expect(read('Because of post 12 [b]Vote: Mute[/b]')).toEqual(['vote Mute']);
  });

  it('is not on a line of its own where the host wants votes on their own line', () => {
    expect(read('[b]FoS: Javert, Vote: Mute[/b]', { ownLine: true })).toEqual(['vote Mute (vote/not-own-line)']);
    expect(read('[b]Vote: Mute[/b]', { ownLine: true })).toEqual(['vote Mute']);
  });

  it('keeps the grammar checks on a vote after a lead (plain, quoted, struck)', () => {
    expect(read('FoS: Javert, Vote: Mute')).toEqual(['vote Mute (vote/not-bold)']);
    expect(read('[quote=bob][b]Hammer vote Mute[/b][/quote]')).toEqual(['vote Mute (vote/in-quote)']);
  });

  it('reads a keyword that leads its run as before, however long the name', () => {
    expect(read('[b]Vote: Bob because he lied twice today[/b]')).toEqual(['vote Bob because he lied twice today']);
  });

  it('reads nothing in a long bold run full of keywords in the middle of sentences', () => {
    const run = `[b]${'I think you vote Bob and '.repeat(2000)}[/b]`;
    expect(read(run)).toEqual([]);
  });
});

describe('keyword typos (keywordTypos)', () => {
  it.each([
    ['[b]vtoe: Mute[/b]', ['vote Mute']],
    ['[b]Voet Mute[/b]', ['vote Mute']],
    ['[b]ovte Mute[/b]', ['vote Mute']],
    ['[b]unovte[/b]', ['unvote']],
    ['[b]Unvtoe, vtoe: Mute[/b]', ['unvote', 'vote Mute']],
    ['[b]UNVOET[/b]', ['unvote']],
  ])('reads %s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it('reads only one swap of neighbouring letters, never other words', () => {
    expect(read('[b]veto: Mute[/b]')).toEqual([]);
    expect(read('[b]vot Mute[/b]')).toEqual([]);
    expect(read('[b]evot Mute[/b]')).toEqual([]);
    expect(read('[b]voter Mute[/b]')).toEqual([]);
    expect(read('[b]devote time to it[/b]')).toEqual([]);
  });

  it('keeps a typo in plain text unbold, and reads none where the host refuses typos', () => {
    expect(read('vtoe: Mute')).toEqual(['vote Mute (vote/not-bold)']);
    expect(read('[b]vtoe: Mute[/b]', { keywordTypos: false })).toEqual([]);
    expect(read('[b]unovte[/b]', { keywordTypos: false })).toEqual([]);
  });

  it("swaps the host's own keywords too", () => {
    expect(read('[b]lnych: Mute[/b]', { voteKeywords: ['lynch'] })).toEqual(['vote Mute']);
  });

  it('lets the cheap raw-text test through for a typo, so the post is read', () => {
    expect(mayContainVote('<b>vtoe: Mute</b>', defaultVoteGrammar)).toBe(true);
    expect(mayContainVote('<b>unovte</b>', defaultVoteGrammar)).toBe(true);
    expect(mayContainVote('<b>vtoe: Mute</b>', { ...defaultVoteGrammar, keywordTypos: false })).toBe(false);
  });
});

describe('filler words between the keyword and the name (targetFillers)', () => {
  it.each([
    ['[b]Vote to hammer: Mute[/b]', ['vote Mute']],
    ['[b]vote to No Lynch[/b]', ['vote NO LYNCH']],
    ['[b]Vote for Mute[/b]', ['vote Mute']],
    ['[b]vote - Mute[/b]', ['vote Mute']],
    ['[b]vote to lynch Mute[/b]', ['vote Mute']],
    ['[b]Hammer, vote for Mute[/b]', ['vote Mute']],
  ])('reads %s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it('skips a filler only as a whole word with a name after it', () => {
    expect(read('[b]Vote: Fortune[/b]')).toEqual(['vote Fortune']);
    expect(read('[b]Vote: Tomato[/b]')).toEqual(['vote Tomato']);
    expect(read('[b]Vote: for[/b]')).toEqual(['vote for']);
    expect(read('[b]Vote to[/b]')).toEqual(['vote to']);
  });

  it("uses the host's own fillers, or none", () => {
    expect(read('[b]Vote for Mute[/b]', { targetFillers: [] })).toEqual(['vote for Mute']);
    expect(read('[b]Vote against Mute[/b]', { targetFillers: ['against'] })).toEqual(['vote Mute']);
  });
});

describe('rainbow text: a colour change on every letter', () => {
  const rainbow = (text: string, bold = true): BodyNode[] => {
    const colours = ['#ff0000', '#ff8000', '#ffff00', '#00ff00', '#0000ff', '#8000ff'];
    return [...text].map((ch, i) => ({
      type: 'text',
      text: ch,
      ...(bold ? { bold: true } : {}),
      color: colours[i % colours.length] ?? 'red',
    }));
  };

  it('is one run, green letters included', () => {
    expect(show(rainbow('Vote: Mute'))).toEqual(['vote Mute']);
    expect(show(rainbow('Unvote, vote: Mute Swan'))).toEqual(['unvote', 'vote Mute Swan']);
  });

  it('is still not bold when it is not', () => {
    expect(show(rainbow('Vote: Mute', false))).toEqual(['vote Mute (vote/not-bold)']);
  });

  it('still splits on green where green font is a vote', () => {
    expect(read('[b]Vote: [color=green]Mute[/color][/b]', { greenFontVotes: true })).toEqual(['vote  (vote/no-target)', 'vote Mute']);
    expect(read('[b]Vote: [color=green]Mute[/color][/b]')).toEqual(['vote Mute']);
  });
});
