/**
 * Issue 18 (the replay's count): `learnNicknames` reads a post for "the same person" words ("W aka S",
 * "W (S)", "S = W", "он же") only when the poster's own text holds one. It tests the text nodes as they
 * are (`bodyMayExplain`), without joining and lower-casing the text; it must say exactly what the
 * pattern said on the joined, lower-cased text, quotes left out: words split over bold or colour
 * runs, over a quote left out, not over a line break or a spoiler's edge.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyText, type BodyNode } from '../../../src/model/post';
import { bodyMayExplain } from '../../../src/engine/names/nicknames';

const onJoinedText = (body: readonly BodyNode[]): boolean =>
  /aka|a\.k\.a|=|also known as|alias|он же|она же|\(/iu.test(bodyText(body, { skipQuotes: true }).toLowerCase());

const t = (text: string): BodyNode => ({ type: 'text', text });
const br: BodyNode = { type: 'break' };

/** Pieces of the connectors and their neighbours, cut anywhere, in either case. */
const piece = fc.oneof(
  fc.constantFrom('a', 'k', 'A', 'K', '.', 'ka', 'a.k', '.a', 'also', ' ', 'known', ' as', 'AS', 'ali', 'as', 'ALIAS', 'Elmo'),
  fc.constantFrom('=', '(', ')', 'он', ' же', 'она', 'ОН ЖЕ', '\u212A', 'İ', 'ſ', 'x', 'also known', ' a', 's'),
  fc.string({ maxLength: 3 }),
);
const text = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => t(parts.join('')));
const body: fc.Arbitrary<BodyNode[]> = fc.letrec<{ nodes: BodyNode[]; node: BodyNode }>((tie) => ({
  nodes: fc.array(tie('node'), { maxLength: 8 }),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    text,
    text,
    fc.constant(br),
    tie('nodes').map((children): BodyNode => ({ type: 'quote', author: 'Elmo', children })),
    tie('nodes').map((children): BodyNode => ({ type: 'spoiler', children })),
  ),
})).nodes;

describe('bodyMayExplain', () => {
  it('says what the pattern says on the joined, lower-cased text, on any body', () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(bodyMayExplain(b)).toBe(onJoinedText(b));
      }),
      { numRuns: 5000 },
    );
  });

  it('finds a connector split over runs, and over a quote left out', () => {
    expect(bodyMayExplain([t('Elmo also '), t('kno'), t('wn as Bob')])).toBe(true);
    expect(bodyMayExplain([t('Elmo a'), { type: 'quote', children: [t('zzz')] }, t('ka Bob')])).toBe(true);
    expect(bodyMayExplain([t('Elmo AL'), t('I'), t('AS Bob')])).toBe(true);
  });

  it('finds none across a line break or a spoiler edge, nor in a quote', () => {
    expect(bodyMayExplain([t('Elmo a'), br, t('ka Bob')])).toBe(false);
    expect(bodyMayExplain([t('Elmo a'), { type: 'spoiler', children: [t('ka Bob')] }])).toBe(false);
    expect(bodyMayExplain([t('Elmo'), { type: 'quote', children: [t('Bob aka Elmo')] }])).toBe(false);
  });
});
