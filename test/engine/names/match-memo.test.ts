import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editDistance, matchName, matchVoteTarget, prefixDistance, type MatchOptions, type Roster } from '../../../src/engine';

// matchVoteTarget remembers each reading per roster (its slots list), options and text: these check that a
// remembered reading is only ever given back where reading the text afresh gives the same.

const roster = (): Roster => ({
  hosts: ['mod'],
  slots: [
    { id: 'magnus', accounts: [{ name: 'magnus_orion' }] },
    { id: 'haschel', accounts: [{ name: 'Haschel Cedricson' }] },
    { id: 'jil', accounts: [{ name: 'Bezukhov' }, { name: 'jilynne1991', fromPost: 300 }] },
    { id: 'kirby', accounts: [{ name: 'Kirby' }] },
    { id: 'soren', accounts: [{ name: 'Soren' }] },
  ],
});

/** The reading on a roster no call has seen yet: nothing remembered can answer it. */
const fresh = (text: string, options: MatchOptions = {}): unknown => matchVoteTarget(text, roster(), options);

describe('matchVoteTarget: remembered readings', () => {
  it('gives the same roster different, correct readings under different options, in any order', () => {
    const shared = roster();
    const optionSets: MatchOptions[] = [
      {},
      { disabled: ['prefix'] },
      { minPrefixLength: 8 },
      { noLynchWords: ['no lynch'] },
      { nicknames: [{ nickname: 'ghost', slotId: 'soren' }] },
      { nicknames: [{ nickname: 'ghost', slotId: 'kirby' }] },
      { atPost: 100 },
      { atPost: 400 },
      { disabled: ['initials', 'word'] },
    ];
    const texts = ['magnus', 'HC', 'ghost', 'Kirby or no lynch', 'jily', 'orion', 'the Kirby', 'Kirby/Soren', 'magnus.. because'];
    // Twice over, so the second round is answered from memory, and each option set after every other.
    for (let round = 0; round < 2; round++)
      for (const options of round === 0 ? optionSets : [...optionSets].reverse())
        for (const text of texts)
          expect(matchVoteTarget(text, shared, options), `${text} ${JSON.stringify(options)}`).toEqual(fresh(text, options));
  });

  it('reads a replacement in only from the post they join, whichever post was read first', () => {
    const shared = roster();
    const after = matchVoteTarget('jily', shared, { atPost: 400 });
    const before = matchVoteTarget('jily', shared, { atPost: 100 });
    expect(after).toMatchObject({ kind: 'match', slotId: 'jil' });
    expect(before).toEqual({ kind: 'none' });
    expect(matchVoteTarget('jily', shared, { atPost: 300 })).toMatchObject({ kind: 'match', slotId: 'jil' });
    expect(matchVoteTarget('jily', shared, { atPost: 299 })).toEqual({ kind: 'none' });
  });

  it('reads a name and a vote target apart: a No Lynch word changes the target, not the name', () => {
    const shared = roster();
    const options = { noLynchWords: ['no lynch'] };
    expect(matchName('Kirby or no lynch', shared)).toEqual(matchName('Kirby or no lynch', roster()));
    expect(matchVoteTarget('Kirby or no lynch', shared, options)).toMatchObject({ kind: 'several', noLynch: true });
    expect(matchVoteTarget('Kirby or no lynch', shared)).not.toMatchObject({ noLynch: true });
    expect(matchName('Kirby or no lynch', shared, options)).toEqual(matchName('Kirby or no lynch', roster()));
  });

  it('follows the nicknames given, not the ones the first call gave', () => {
    const shared = roster();
    expect(matchVoteTarget('ghost', shared, { nicknames: [{ nickname: 'ghost', slotId: 'soren' }] })).toMatchObject({ slotId: 'soren' });
    expect(matchVoteTarget('ghost', shared, { nicknames: [{ nickname: 'ghost', slotId: 'kirby' }] })).toMatchObject({ slotId: 'kirby' });
    expect(matchVoteTarget('ghost', shared)).toEqual({ kind: 'none' });
  });

  it('never gives a new roster object the readings of another, even with the same slot ids', () => {
    const first: Roster = {
      hosts: [],
      slots: [
        { id: 'a', accounts: [{ name: 'Ghostwriter' }] },
        { id: 'b', accounts: [{ name: 'Kirby' }] },
      ],
    };
    const second: Roster = {
      hosts: [],
      slots: [
        { id: 'a', accounts: [{ name: 'Goblin' }] },
        { id: 'b', accounts: [{ name: 'Kirby' }] },
      ],
    };
    expect(matchVoteTarget('ghost', first)).toMatchObject({ kind: 'match', slotId: 'a' });
    expect(matchVoteTarget('ghost', second)).toEqual({ kind: 'none' });
    expect(matchVoteTarget('gob', second)).toMatchObject({ kind: 'match', slotId: 'a' });
    expect(matchVoteTarget('gob', first)).toEqual({ kind: 'none' });
  });

  it("reads with a host's own edit-distance function every time (a function has no key)", () => {
    const shared = roster();
    expect(matchVoteTarget('Kirbu', shared)).toMatchObject({ kind: 'match', slotId: 'kirby', how: 'edit-distance' });
    expect(matchVoteTarget('Kirbu', shared, { maxEditDistance: () => 0 })).toEqual(fresh('Kirbu', { maxEditDistance: () => 0 }));
    expect(matchVoteTarget('Kirbu', shared, { maxEditDistance: () => 0 })).not.toMatchObject({ how: 'edit-distance' });
  });
});

/** The table in full, as `editDistance` was first written: the reference its three-row version must agree with. */
function fullTableDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) row.push(i === 0 ? j : 0);
    rows.push(row);
  }
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i];
    if (row === undefined) break;
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, at(i - 2, j - 2) + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
  }
  return at(a.length, b.length);
}

describe('editDistance in three rows', () => {
  it('agrees with the full table on every pair and limit, the empty strings and early stops included', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 });
    const limit = fc.oneof(fc.constant(Number.POSITIVE_INFINITY), fc.integer({ min: 0, max: 4 }));
    fc.assert(
      fc.property(word, word, limit, (a, b, l) => {
        expect(editDistance(a, b, l)).toBe(fullTableDistance(a, b, l));
      }),
      { numRuns: 3000 },
    );
    expect(editDistance('ab', '', 3)).toBe(fullTableDistance('ab', '', 3));
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kirby', 'kriby')).toBe(1);
  });
});

describe('prefixDistance in one table', () => {
  it("is the smallest of editDistance's to each start of the name within the limit's lengths", () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 10 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (typed, name, limit) => {
        let expected = limit + 1;
        for (let len = Math.max(1, typed.length - limit); len <= Math.min(name.length, typed.length + limit); len++)
          expected = Math.min(expected, editDistance(typed, name.slice(0, len), limit));
        expect(prefixDistance(typed, name, limit)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
