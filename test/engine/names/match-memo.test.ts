import { describe, expect, it } from 'vitest';
import { matchVoteTarget, type MatchOptions, type Roster } from '../../../src/engine';

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
