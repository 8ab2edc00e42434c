/**
 * Marker patterns a host (or a game file from anyone) gives are checked before
 * they run over posts (src/engine/json/pattern.ts): a pattern that can take
 * exponential time (`^(a|a)+$` hung `gavel breaches`) or polynomial time of a
 * higher degree is refused with the part at fault, and every pattern Gavel
 * ships, and the kind hosts write, passes.
 */
import { describe, expect, it } from 'vitest';
import { defaultPhaseMarkers } from '../../src/engine/phases/posts';
import { patternProblem } from '../../src/engine/json/pattern';
import { json } from '../../src/engine';

describe('marker patterns', () => {
  it('accepts every default marker', () => {
    for (const marker of defaultPhaseMarkers) expect(patternProblem(marker.pattern), marker.pattern).toBeUndefined();
  });

  it.each([
    'день\\s+(?<number>\\d+)\\s+начался',
    '\\bday\\s+(?<number>\\d+)\\s+(?:has\\s+)?(?:begun|started)\\b',
    '(?:a|b)+c',
    '(?:(?:a|b)c|d)+',
    '(?:\\s|x)+',
    '\\bdeadline\\b[^\\d\\n]{0,40}(?<hour>\\d{1,2}):(?<minute>\\d{2})',
    '^night (?<number>\\d+) is over$',
  ])('accepts %s', (pattern) => {
    expect(patternProblem(pattern)).toBeUndefined();
  });

  it.each([
    ['^(a|a)+$', /"\(a\|a\)\+" repeats a choice whose options can match the same text \("a\|a"\)/u],
    ['(ab|a)+$', /"\(ab\|a\)\+" repeats a choice/u],
    ['(a+)+$', /"\(a\+\)\+" repeats a part that holds another repeat or optional part \("a\+"\)/u],
    ['(?:a?a)*b', /"\(\?:a\?a\)\*" repeats a part that holds another repeat or optional part \("a\?"\)/u],
    ['(\\w+\\s?)*$', /repeats a part that holds another repeat/u],
    ['\\s*\\s*x', /"\\s\*" and "\\s\*" can match the same characters one after the other/u],
    ['.*x.*y', /"\.\*" and "\.\*" can match the same characters/u],
    ['\\d+(?:st|nd)?\\d+', /"\\d\+" and "\\d\+" can match the same characters/u],
    ['(?=(a+)+b)', /"\(a\+\)\+" repeats a part/u],
    ['(?:(?=a)a)+', /repeats a lookahead or lookbehind/u],
    ['(a)\\1', /back-references such as "\\1" are not accepted/u],
    ['(?<x>a)\\k<x>', /back-references such as "\\k<x>" are not accepted/u],
    ['a{0,5000}', /the repeat count in "a\{0,5000\}" is over 1000/u],
    ['(', /not a regular expression/u],
  ])('refuses %s', (pattern, problem) => {
    expect(patternProblem(pattern)).toMatch(problem);
  });

  it('refuses a bad pattern where a game file is read, naming the field', () => {
    const read = json.readJsonValue({ event: 'start', pattern: '^(a|a)+$' }, json.phaseMarkerReader, 'game.json');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problems[0]).toMatchObject({ source: 'game.json', path: 'pattern' });
  });
});
