import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editDistance, matchName, matchVoteTarget, nameInitials, slotOfAccount, splitNameWords, type Roster } from '../../../src/engine';

const roster: Roster = {
  hosts: ['mod'],
  slots: [
    { id: 'magnus', accounts: [{ name: 'magnus_orion' }] },
    { id: 'haschel', accounts: [{ name: 'Haschel Cedricson' }] },
    { id: 'tso', accounts: [{ name: 'T S O' }] },
    { id: 'jil', accounts: [{ name: 'Bezukhov' }, { name: 'jilynne1991', fromPost: 300 }] },
    { id: 'mario', accounts: [{ name: 'MarioManiac4' }] },
    { id: 'gin', accounts: [{ name: 'TheRealGin-N-Tonic' }] },
    { id: 'ns', accounts: [{ name: 'notscience' }] },
    { id: 'slandaar', accounts: [{ name: 'Slandaar' }] },
    { id: 'brain', accounts: [{ name: 'Prolapsed Brain' }] },
    { id: 'mist', accounts: [{ name: 'Mist7676' }] },
    { id: 'llll', accounts: [{ name: 'llll' }] },
    { id: 'anen', accounts: [{ name: 'Aneninen' }] },
    { id: 'rofl', accounts: [{ name: 'roflcopter' }] },
    { id: 'ice', accounts: [{ name: 'ICEninja' }], aliases: ['Ice'] },
  ],
};

const how = (text: string): string => {
  const m = matchName(text, roster);
  return m.kind === 'match' ? `${m.slotId} by ${m.how}` : m.kind;
};

describe('matchName: each tier, strictest first', () => {
  it.each([
    ['magnus_orion', 'magnus by exact'],
    ['MAGNUS ORION', 'magnus by normalized'],
    ['Ice', 'ice by alias'],
    ['IIII', 'llll by look-alike'],
    ['magnus_orion, obviously', 'magnus by name-then-words'],
    ['magnus', 'magnus by prefix'],
    ['Anenineninenineni', 'anen by starts-with-name'],
    ['Gin', 'gin by word'],
    ['orion', 'magnus by word'],
    ['agnus', 'magnus by substring'],
    ['HC', 'haschel by initials'],
    ['TSO', 'tso by normalized'],
    ['ns', 'ns by abbreviation'],
    ['notsceince', 'ns by edit-distance'],
    ['brian', 'brain by word-typo'],
    ['Misty', 'mist by word-typo'],
    ['rolf', 'rofl by prefix-typo'],
    ['saalndar', 'slandaar by anagram'],
    ['mariomaker4', 'mario by shared-start'],
  ])('%s → %s', (text, expected) => {
    expect(how(text)).toBe(expected);
  });

  it('every account of a slot names the slot, the replaced one too', () => {
    expect(how('Bezukhov')).toBe('jil by exact');
    expect(how('jilynne1991')).toBe('jil by exact');
  });

  it('a name that fits nobody is none, and one letter names a player only when it starts one name alone', () => {
    expect(how('zzzz')).toBe('none');
    // magnus_orion, MarioManiac4 and Mist7676 all start with m: a host asks.
    expect(how('m')).toBe('ambiguous');
    expect(how('')).toBe('none');
  });

  it('equally good candidates are an ambiguity, never a guess', () => {
    const twins: Roster = {
      hosts: [],
      slots: [
        { id: 'a', accounts: [{ name: 'Mute' }] },
        { id: 'b', accounts: [{ name: 'Mutant' }] },
      ],
    };
    const m = matchName('mut', twins);
    expect(m).toEqual({
      kind: 'ambiguous',
      how: 'prefix',
      closest: 2,
      candidates: [
        { slotId: 'a', name: 'Mute' },
        { slotId: 'b', name: 'Mutant' },
      ],
    });
  });

  it("a dead player's exact name is that player, even when a living name is close", () => {
    // The matcher knows no life or death: the exact tier wins before any loose one can reach "Mutes".
    const close: Roster = {
      hosts: [],
      slots: [
        { id: 'dead', accounts: [{ name: 'Mute' }] },
        { id: 'alive', accounts: [{ name: 'Mutes' }] },
      ],
    };
    expect(matchName('mute', close)).toMatchObject({ kind: 'match', slotId: 'dead' });
  });

  it('tiers can be turned off', () => {
    expect(matchName('agnus', roster, { disabled: ['substring'] })).not.toMatchObject({ how: 'substring' });
    const loose = [
      'prefix',
      'starts-with-name',
      'word',
      'substring',
      'initials',
      'abbreviation',
      'edit-distance',
      'word-typo',
      'prefix-typo',
      'anagram',
      'shared-start',
    ] as const;
    expect(matchName('agnus', roster, { disabled: loose }).kind).toBe('none');
  });
});

describe('matchVoteTarget: how a host reads what is left', () => {
  it('reads alternatives that all name one slot', () => {
    expect(matchVoteTarget('Bezu/Jily', roster)).toMatchObject({ kind: 'match', slotId: 'jil' });
  });

  it('reads the name up to the first sentence break', () => {
    expect(matchVoteTarget('saalndar... because reasons', roster)).toMatchObject({ kind: 'match', slotId: 'slandaar' });
  });
});

describe('name helpers', () => {
  it('splits CamelCase, underscores, spaces and digits', () => {
    expect(splitNameWords('TheRealGin-N-Tonic')).toEqual(['The', 'Real', 'Gin', 'N', 'Tonic']);
    expect(splitNameWords('magnus_orion')).toEqual(['magnus', 'orion']);
    expect(splitNameWords('MarioManiac4')).toEqual(['Mario', 'Maniac', '4']);
    expect(nameInitials('Haschel Cedricson')).toEqual(['hc']);
    expect(nameInitials('MarioManiac4')).toEqual(['mm4', 'mm']);
  });

  it('edit distance is a distance (symmetric, zero only for equal strings)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d === 0).toBe(a === b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe('slotOfAccount', () => {
  it('finds the slot of any of its accounts and knows when one was replaced out', () => {
    expect(slotOfAccount('bezukhov', roster, 10)).toEqual({ slotId: 'jil', replacedOut: false });
    expect(slotOfAccount('Bezukhov', roster, 300)).toEqual({ slotId: 'jil', replacedOut: true });
    expect(slotOfAccount('stranger', roster, 10)).toBeUndefined();
  });

  it('recognises a renamed account only when asked, and only when unique', () => {
    expect(slotOfAccount('Mist1', roster, 10)).toBeUndefined();
    expect(slotOfAccount('Mist1', roster, 10, { renamedAccounts: true })).toEqual({ slotId: 'mist', replacedOut: false, renamed: true });
    expect(slotOfAccount('Mi', roster, 10, { renamedAccounts: true })).toBeUndefined();
  });
});

describe('matchName properties', () => {
  const names = fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_ ]{2,12}$/), {
    minLength: 1,
    maxLength: 8,
    selector: (n) => n.toLowerCase().replace(/[^a-z0-9]/g, ''),
  });

  it('every account name matches its own slot exactly', () => {
    fc.assert(
      fc.property(names, (list) => {
        const r: Roster = { hosts: [], slots: list.map((name, i) => ({ id: `s${i}`, accounts: [{ name }] })) };
        list.forEach((name, i) => {
          expect(matchName(name, r)).toMatchObject({ kind: 'match', slotId: `s${i}` });
        });
      }),
    );
  });

  it('a match is never to a slot other than the unique best: renaming other slots away from the text keeps it', () => {
    fc.assert(
      fc.property(names, fc.string({ minLength: 1, maxLength: 10 }), (list, text) => {
        const r: Roster = { hosts: [], slots: list.map((name, i) => ({ id: `s${i}`, accounts: [{ name }] })) };
        const m = matchName(text, r);
        if (m.kind === 'ambiguous') expect(m.candidates.length).toBeGreaterThan(1);
        if (m.kind === 'match') expect(r.slots.map((s) => s.id)).toContain(m.slotId);
      }),
    );
  });
});
