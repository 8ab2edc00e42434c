import { describe, expect, it } from 'vitest';
import { defaultVoteGrammar, defaultVoteRules, extractVotes, mayContainVote, type VoteGrammar } from '../../../src/engine';
import { toBody } from './dsl';

const read = (text: string, grammar: Partial<VoteGrammar> = {}): string[] =>
  extractVotes({ body: toBody(text) }, { grammar: { ...defaultVoteGrammar, ...grammar } }).map(
    (c) => `${c.action}${c.action === 'vote' ? ` ${c.noLynch ? 'NO LYNCH' : c.target}` : ''}${c.counted ? '' : ` (${c.reason ?? ''})`}`,
  );

describe('extractVotes: the default grammar (seed 001)', () => {
  it.each([
    ['[b]Vote: Dredd[/b]', ['vote Dredd']],
    ['[b]vote dredd[/b]', ['vote dredd']],
    ['[b]VOTE:Dredd[/b]', ['vote Dredd']],
    ['[b]Unvote: Dredd[/b]', ['unvote']],
    ['[b]Un vote[/b]', ['unvote']],
    ['[b]un-vote[/b]', ['unvote']],
    ['[b]Unvote, Vote: Javert[/b]', ['unvote', 'vote Javert']],
    ['[b]Unvote; Vote: manutdforev10[/b]', ['unvote', 'vote manutdforev10']],
    ['[b]Unvote: magnus_orion, Vote: ICEninja[/b]', ['unvote', 'vote ICEninja']],
    ['[b]unvote vote Mute.[/b]', ['unvote', 'vote Mute']],
    ['[b]Vote: No Lynch[/b]', ['vote NO LYNCH']],
    ['[b]vote: no elimination[/b]', ['vote NO LYNCH']],
    ['[b]Vote: alice[/b] and later [b]Vote: bob[/b]', ['vote alice', 'vote bob']],
    ['[vote]HumblePoirot[/vote]', ['vote HumblePoirot']],
    ['[vote]VOTE: Javert[/vote]', ['vote Javert']],
    ['[vote]UNVOTE: [/vote]', ['unvote']],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    ['Vote: Dredd', ['vote Dredd (vote/not-bold)']],
    ['[b]V: Dredd[/b]', ['vote Dredd (vote/abbreviated)']],
    ['[b]UV: Dredd[/b]', ['unvote (vote/abbreviated)']],
    ['[quote=bob][b]Vote: carol[/b][/quote]', ['vote carol (vote/in-quote)']],
    ['[spoiler][b]Vote: carol[/b][/spoiler]', ['vote carol (vote/in-spoiler)']],
    ['[b][s]Vote: carol[/s][/b]', ['vote carol (vote/struck)']],
    ['[b]Vote:[/b]', ['vote  (vote/no-target)']],
    ['[b]vote elusive[\\b][/b]', ['vote elusive[\\b] (vote/broken-markup)']],
  ])('refuses %s with its reason', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it('does not read a vote in the middle of a bold sentence', () => {
    expect(read('[b]I will not vote for alice today[/b]')).toEqual([]);
    expect(read('[b]FoS: Javert[/b]')).toEqual([]);
  });

  it('drops the struck part of a bold run and reads the rest', () => {
    expect(read('[b]Vote: [s]alice[/s] bob[/b]')).toEqual(['vote bob']);
  });

  it("keeps the run's whole text, struck parts included, as the candidate's text (read once when nothing is struck)", () => {
    const texts = (text: string): string[] =>
      extractVotes({ body: toBody(text) }, { grammar: defaultVoteGrammar }).map((c) => `${c.target}|${c.text}`);
    expect(texts('[b]Vote: [s]alice[/s] bob[/b]')).toEqual(['bob|Vote: alice bob']);
    expect(texts('[b] Vote: bob [/b]')).toEqual(['bob|Vote: bob']);
    expect(texts('[b][s]Vote: carol[/s][/b]')).toEqual(['carol|Vote: carol']);
  });

  it('reads unvotes repeated in one run as one unvote, and keeps an unvote that follows a vote', () => {
    expect(read('[b]Unvote, unvote, UNVOTE[/b]')).toEqual(['unvote']);
    // A post written to slow the count: 500 unvotes are one, and the run's last, empty vote is refused.
    expect(read(`[b]${'unvote, vote: '.repeat(500)}[/b]`)).toEqual(['unvote', 'vote  (vote/no-target)']);
    expect(read('[b]Unvote, Vote: alice, unvote[/b]')).toEqual(['unvote', 'vote alice', 'unvote']);
    // Two runs are two lines the host sees: each keeps its unvote.
    expect(read('[b]Unvote[/b] and [b]Unvote[/b]')).toEqual(['unvote', 'unvote']);
  });

  it('keeps two vote tags apart even when they reach it as one run', () => {
    expect(read('[vote]VOTE: RoflVOTE: [/vote]')).toEqual(['vote Rofl', 'vote  (vote/no-target)']);
  });
});

describe('extractVotes: every rule is a setting', () => {
  it('accepts unbolded unvotes where the host allows them', () => {
    expect(read('Unvote', { unboldedUnvotes: true })).toEqual(['unvote']);
    expect(read('Vote: bob', { unboldedUnvotes: true })).toEqual(['vote bob (vote/not-bold)']);
  });

  it('requires the colon when told to', () => {
    expect(read('[b]Vote bob[/b]', { colon: 'required' })).toEqual(['vote bob (vote/no-colon)']);
  });

  it('requires the vote on its own line when told to', () => {
    expect(read('I say [b]Vote: bob[/b]', { ownLine: true })).toEqual(['vote bob (vote/not-own-line)']);
    expect(read('I say / [b]Vote: bob[/b]', { ownLine: true })).toEqual(['vote bob']);
  });

  it('reads a struck vote as an unvote where the host says so', () => {
    expect(read('[b][s]Vote: carol[/s][/b]', { struckVote: 'unvote' })).toEqual(['unvote']);
  });

  it('counts votes in spoilers where the host says so', () => {
    expect(read('[spoiler][b]Vote: carol[/b][/spoiler]', { votesInSpoilers: true })).toEqual(['vote carol']);
  });

  it('accepts abbreviations where the host says so', () => {
    expect(read('[b]V: Dredd[/b]', { acceptAbbreviations: true })).toEqual(['vote Dredd']);
  });

  it('refuses No Lynch where it is not allowed', () => {
    expect(read('[b]Vote: No Lynch[/b]', { noLynchAllowed: false })).toEqual(['vote NO LYNCH (vote/no-lynch-not-allowed)']);
  });

  it('keeps the first vote of a post where the rules say the first stands', () => {
    expect(read('[b]Vote: alice[/b] / [b]Vote: bob[/b]', { severalVotesInPost: 'first' })).toEqual([
      'vote alice',
      'vote bob (vote/not-first-in-post)',
    ]);
  });

  it('reads a name in green font as a vote in games under the 004 rules', () => {
    expect(read('[color=green]Борис[/color]', { greenFontVotes: true })).toEqual(['vote Борис']);
    expect(read('[color=#008000]Борис[/color]', { greenFontVotes: true })).toEqual(['vote Борис']);
    expect(read('[color=green]Борис[/color]')).toEqual([]);
    expect(read('[color=red]Борис[/color]', { greenFontVotes: true })).toEqual([]);
  });

  it("uses the host's own keywords", () => {
    expect(read('[b]Lynch: bob[/b]', { voteKeywords: ['lynch'] })).toEqual(['vote bob']);
  });
});

describe('mayContainVote', () => {
  it('is false only when no keyword appears', () => {
    expect(mayContainVote('<b>Vote: x</b>', defaultVoteGrammar)).toBe(true);
    expect(mayContainVote('<span class="bbvote">x</span>', defaultVoteGrammar)).toBe(true);
    expect(mayContainVote('nothing to see', defaultVoteGrammar)).toBe(false);
    expect(mayContainVote('nothing to see', { ...defaultVoteGrammar, greenFontVotes: true })).toBe(true);
  });

  it('never hides a post extractVotes would count', () => {
    for (const text of ['[b]Vote: a[/b]', '[b]UNVOTE[/b]', '[vote]a[/vote]', '[b]un vote[/b]']) {
      const counted = extractVotes({ body: toBody(text) }, defaultVoteRules).some((c) => c.counted);
      expect(counted).toBe(true);
      expect(mayContainVote(text.replace('[vote]', '<span class="bbvote">'), defaultVoteGrammar)).toBe(true);
    }
  });
});
