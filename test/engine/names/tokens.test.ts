/**
 * Issue 18 (the replay's count): `learnNicknames` finds a post's words as places, not strings
 * (`src/engine/names/tokens.ts`). They must be exactly the matches of the pattern the words were read
 * with before, `/[\p{L}\p{N}]+/gu`, in any text: letters of any script, digits, astral letters (a
 * surrogate pair is one character), lone surrogates (no letter), marks between letters (no letter).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenSpans } from '../../../src/engine/names/tokens';

const byPattern = (text: string, most = Number.POSITIVE_INFINITY): [number, number][] =>
  [...text.matchAll(/[\p{L}\p{N}]+/gu)].slice(0, most).map((m) => [m.index, m.index + m[0].length]);
const bySpans = (text: string, most = Number.POSITIVE_INFINITY): [number, number][] => {
  const starts: number[] = [];
  const ends: number[] = [];
  tokenSpans(text, starts, ends, most);
  return starts.map((s, i) => [s, ends[i] ?? -1]);
};

/** Pieces a post's text is made of, the awkward ones often. */
const piece = fc.oneof(
  fc.constantFrom('vote', 'Elmo', ' ', '  ', '\n', '(', ')', '=', 'aka', '42', '_', '-', "'", '.', 'é', 'Бориса', 'он же', '日本'),
  fc.constantFrom('\u{1D400}', '\u{10400}', '\u{1F600}', '\uD835', '\uDC00', '\u0301', 'e\u0301', 'İ', 'ß', '\u00A0', '\u212A', '٣'),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

describe('tokenSpans', () => {
  it('finds the places of every match of /[\\p{L}\\p{N}]+/gu, in any text', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(bySpans(t)).toEqual(byPattern(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('stops after the first `most` tokens, as the first matches', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 4 }), (t, most) => {
        expect(bySpans(t, most)).toEqual(byPattern(t, most));
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a surrogate pair as one letter and a lone surrogate as none', () => {
    expect(bySpans('a\u{1D400}b')).toEqual([[0, 4]]);
    expect(bySpans('a\uD835b')).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(bySpans('ab\uDC00')).toEqual([[0, 2]]);
  });
});
