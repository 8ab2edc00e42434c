/**
 * Issue 18 (the replay's count): `splitNameWords` reads an ASCII name in one pass, without its four patterns.
 * Its words must be exactly the patterns' words in any text: CamelCase humps, runs of capitals before a
 * lower-case letter, letters beside digits, separators of every kind, and names outside ASCII.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitNameWords } from '../../../src/engine/names/match';

/** The words as the name reading split them before: the patterns themselves. */
const byPattern = (name: string): string[] =>
  name
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);

const piece = fc.oneof(
  fc.constantFrom('a', 'b', 'Z', 'Q', 'x', 'AB', 'ABc', 'aB', '1', '42', '_', ' ', '-', '.', "'", 'Mr', 'HTML', 'Parser'),
  fc.constantFrom('é', 'É', 'Бориса', 'ǅ', '٣', '\u{1D400}', '\uD835', 'ß', 'İ'),
  fc.string({ unit: 'binary-ascii', maxLength: 4 }),
);
const name = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));

describe('splitNameWords', () => {
  it('splits every name as its patterns do', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(splitNameWords(n)).toEqual(byPattern(n));
      }),
      { numRuns: 3000 },
    );
  });

  it('splits the names a roster holds', () => {
    expect(splitNameWords('TheGoodfather')).toEqual(['The', 'Goodfather']);
    expect(splitNameWords('HTMLParser2x')).toEqual(['HTML', 'Parser', '2', 'x']);
    expect(splitNameWords('not_mafia')).toEqual(['not', 'mafia']);
    expect(splitNameWords('ABCdEF')).toEqual(['AB', 'Cd', 'EF']);
  });
});
