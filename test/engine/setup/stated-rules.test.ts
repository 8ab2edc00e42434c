/**
 * Vote rules an opening post states in words (issue 15, part 3): read where a host would follow them,
 * left alone where the sentence says something else.
 */
import { describe, expect, it } from 'vitest';
import { readStatedRules } from '../../../src/engine/setup/stated-rules';
import { toBody } from '../votes/dsl';

const read = (text: string) => readStatedRules(toBody(text));

describe('votes on their own line', () => {
  it.each([
    'Votes must be on their own line.',
    'Each vote has to be on a separate line or it will not be counted.',
    'Votes that are not on their own line will not count.',
    'A vote is only counted on a line by itself.',
  ])('reads "%s" as nothing else on the line', (sentence) => {
    const r = read(`Welcome to the game! / ${sentence} / Have fun.`);
    expect(r.grammar).toEqual({ ownLine: true });
    expect(r.rules).toEqual([{ rule: 'own-line', sentence }]);
  });

  it.each([
    'A vote must start a new line.',
    'In order to count, votes should be at the start of a new line.',
    'Your vote should be on a new line, in bold.',
    'Votes must be at the beginning of the line.',
  ])('reads "%s" as nothing before the vote on its line', (sentence) => {
    const r = read(sentence);
    expect(r.grammar).toEqual({ lineStart: true });
    expect(r.rules).toEqual([{ rule: 'line-start', sentence }]);
  });

  it.each([
    'Votes do not need to be on their own line.',
    "Votes don't have to be on a separate line.",
    'Putting your vote on its own line is optional.',
    'I wrote the setup on a new line.',
    'Vote with bold tags: [b]Vote: name[/b].',
    'Each player on their own line below is alive.',
    // A request so the host sees it, not a rule that refuses votes.
    'Please put your vote on a line of its own so I notice it.',
  ])('leaves "%s" alone', (sentence) => {
    expect(read(sentence)).toEqual({ grammar: {}, rules: [] });
  });

  it('reads a rule inside a spoiler, not one inside a quote of another post', () => {
    expect(read('[spoiler]Rules: votes must be on their own line.[/spoiler]').grammar).toEqual({ ownLine: true });
    expect(read('[quote=bob]Votes must be on their own line.[/quote]').grammar).toEqual({});
  });
});

describe('a threshold of half the living players', () => {
  it.each([
    'It takes half the living players to lynch.',
    'With an even number of players alive, 50% of the votes is enough to hammer.',
    'A lynch needs half of the living players, rounded up.',
    'Eliminations happen at 50% of the players alive.',
  ])('reads "%s"', (sentence) => {
    const r = read(sentence);
    expect(r.threshold).toEqual({ kind: 'half' });
    expect(r.rules).toEqual([{ rule: 'half-threshold', sentence }]);
  });

  it.each([
    // A majority, in words.
    'A lynch needs more than half of the living players.',
    'Majority is half the living players + 1.',
    'It takes half the living players rounded down plus one to lynch.',
    'Hammer at 50% + 1 of the living.',
    'Lynching takes 50% of the living players votes +1.',
    // The No Lynch wagon's own threshold.
    'If half the players vote No Lynch, nobody is lynched today.',
    'A no-lynch needs only 50% of the votes.',
    // The game end, not the lynch.
    'The mafia win when they reach 50% of the living players.',
    'The 50% rule is in effect: the game ends when a lynch is impossible.',
    'Scum win at parity, half the players.',
    // Not a threshold at all.
    'Half the players are new to the site.',
    'The lynch does not need half the living players.',
  ])('leaves "%s" alone', (sentence) => {
    expect(read(sentence).threshold).toBeUndefined();
  });
});

describe('a whole opening post', () => {
  it('reads both rules, each with its sentence, in the order stated', () => {
    const r = read(
      'Mini 999: a test / / [b]Rules[/b] / 1. Bold your votes. Votes must be on their own line. / 2. A lynch needs half the living players, rounded up. / / Players: / alice / bob',
    );
    expect(r.grammar).toEqual({ ownLine: true });
    expect(r.threshold).toEqual({ kind: 'half' });
    expect(r.rules.map((x) => x.rule)).toEqual(['own-line', 'half-threshold']);
    expect(r.rules[0]?.sentence).toBe('Votes must be on their own line.');
  });

  it('reads nothing from a post that states no rule', () => {
    expect(read('Day 1 begins. / With 7 alive, it takes 4 to lynch. / Players: / alice / bob')).toEqual({ grammar: {}, rules: [] });
  });

  it('does not read a long run-on paragraph as one rule', () => {
    const long = `${'and then the town argued '.repeat(20)}and votes must be on their own line`;
    expect(read(long).rules).toEqual([]);
  });
});
