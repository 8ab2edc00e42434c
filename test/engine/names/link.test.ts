import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyAccountLinks,
  findAccountLinks,
  nameEvidence,
  slotOfAccount,
  type AccountLinks,
  type ForumPost,
  type Roster,
  type Slot,
} from '../../../src/engine';

/** Posts by authors in the order given, numbered from 1 (the host's opening post is 0). */
function posts(...authors: string[]): ForumPost[] {
  return ['Host', ...authors].map((author, number) => ({ id: `p${number}`, number, author, postedAt: null, body: [] }));
}
/** `n` posts by one author. */
const times = (author: string, n: number): string[] => Array.from({ length: n }, () => author);

const roster = (...slots: (string | string[])[]): Roster => ({
  hosts: ['Host'],
  slots: slots.map((s, i): Slot => ({ id: `s${i + 1}`, accounts: (typeof s === 'string' ? [s] : s).map((name) => ({ name })) })),
});

const applied = (l: AccountLinks): string[] => l.applied.map((a) => `${a.account}->${a.slotId}:${a.evidence.map((e) => e.kind).join('+')}`);
const suggested = (l: AccountLinks): string[] => l.suggested.map((a) => `${a.account}->${a.slotId}:${a.reason}`);

describe('nameEvidence: each kind of evidence', () => {
  it('renamed: the same once case, punctuation and a trailing number are set aside', () => {
    expect(nameEvidence('Wake1', 'Wake88')).toEqual({ kind: 'renamed', name: 'Wake88' });
    expect(nameEvidence('Shadow_step', 'ShadowStep')).toEqual({ kind: 'renamed', name: 'ShadowStep' });
  });
  it('edit-distance: one mistake from 5 letters, two from 9, on whole names or stems', () => {
    expect(nameEvidence('jilynne1991', 'jilyne1991')).toEqual({ kind: 'edit-distance', name: 'jilyne1991', distance: 1 });
    expect(nameEvidence('Slandaar', 'Slandar')).toMatchObject({ kind: 'edit-distance', distance: 1 });
    expect(nameEvidence('Mastermind', 'Masterminde2')).toMatchObject({ kind: 'edit-distance', distance: 1 });
    // Not for short names, where one letter makes another player (Mist and Mast)…
    expect(nameEvidence('Mist', 'Mast')).toBeUndefined();
    // …but a letter missing from a 4-letter name is a misspelling.
    expect(nameEvidence('Josh_B', 'Jos_B')).toMatchObject({ kind: 'edit-distance', distance: 1 });
    expect(nameEvidence('Bob', 'Bobb')).toEqual({ kind: 'abbreviation', name: 'Bobb', prefix: true, letters: 3 });
    // Nor for names far apart, whatever their lengths.
    expect(nameEvidence('Infinity 324', 'Street Hassle')).toBeUndefined();
  });
  it('initials: one name is the initials of the other', () => {
    expect(nameEvidence('The Silent One', 'TSO')).toEqual({ kind: 'initials', name: 'TSO', initials: 'tso' });
    expect(nameEvidence('HC', 'Haschel Cedricson')).toEqual({ kind: 'initials', name: 'Haschel Cedricson', initials: 'hc' });
  });
  it('abbreviation: one name starts the other, or runs through it from a word start', () => {
    expect(nameEvidence('CloudKicker', 'CloudKicker GreyIce')).toEqual({
      kind: 'abbreviation',
      name: 'CloudKicker GreyIce',
      prefix: true,
      letters: 11,
    });
    expect(nameEvidence('mattblackguy', 'mbg')).toEqual({ kind: 'abbreviation', name: 'mbg', prefix: false, letters: 3 });
  });
  it('shared-start: a long common start', () => {
    expect(nameEvidence('MarioManiac', 'MarioMakers')).toEqual({ kind: 'shared-start', name: 'MarioMakers', letters: 7 });
  });
  it('gives nothing for unrelated names', () => {
    expect(nameEvidence('Randomnamechange', 'Ponystar17')).toBeUndefined();
    expect(nameEvidence('Bob', 'Alice')).toBeUndefined();
  });
});

describe('findAccountLinks: links applied', () => {
  it('links a misspelt roster entry to the account that posts in its place', () => {
    const l = findAccountLinks(posts(...times('Alice', 5), ...times('jilynne1991', 4)), roster('Alice', 'jilyne1991'));
    expect(applied(l)).toEqual(['jilynne1991->s2:edit-distance']);
    expect(l.applied[0]).toMatchObject({ posts: 4, firstPost: 6, lastPost: 9 });
  });

  it('links a renamed account even while the old name still shows on other posts', () => {
    const l = findAccountLinks(posts('Wake88', 'Wake1', 'Wake88', 'Wake1', 'Wake1'), roster('Wake88', 'Alice'));
    expect(applied(l)).toEqual(['Wake1->s1:renamed']);
  });

  it('links by initials and by an abbreviation that starts the name', () => {
    const l = findAccountLinks(
      posts(...times('The Silent One', 3), ...times('CloudKicker', 3), 'Alice'),
      roster('TSO', 'CloudKicker GreyIce', 'Alice'),
    );
    expect(applied(l)).toEqual(['The Silent One->s1:initials', 'CloudKicker->s2:abbreviation']);
  });

  it('takes the one slot its name fits strongly over slots it fits only loosely', () => {
    // One typo from "whisprsilk"; "Whisers" only has its letters in order.
    const l = findAccountLinks(posts(...times('whispersilk', 3), ...times('Whisers', 3)), roster('whisprsilk', 'Whisers', 'Carol'));
    expect(applied(l)).toEqual(['whispersilk->s1:edit-distance']);
  });

  it('links a misspelt replacement although the player it replaced still posts a goodbye', () => {
    // Thomith was replaced by Venmar (listed as "Venar") and posted once more after Venmar came in.
    const l = findAccountLinks(posts('Thomith', 'Thomith', 'Venmar', 'Thomith', 'Venmar', 'Venmar'), roster(['Thomith', 'Venar'], 'Bob'));
    expect(applied(l)).toEqual(['Venmar->s1:edit-distance']);
  });

  it('links by elimination: the only unlisted poster and the only slot that never posts', () => {
    const l = findAccountLinks(posts(...times('Alice', 3), ...times('Randomnamechange', 5), 'Bob'), roster('Alice', 'randomidget', 'Bob'));
    expect(applied(l)).toEqual(['Randomnamechange->s2:elimination']);
  });

  it('lets several renamed accounts hold one slot one after the other', () => {
    const l = findAccountLinks(posts(...times('Wake1', 3), ...times('Wake2', 3)), roster('Wake88', 'Alice'));
    expect(applied(l)).toEqual(['Wake1->s1:renamed', 'Wake2->s1:renamed']);
  });

  it('turns applied links into suggestions when the rules turn links off', () => {
    const l = findAccountLinks(posts(...times('jilynne1991', 4)), roster('Alice', 'jilyne1991'), { apply: false });
    expect(applied(l)).toEqual([]);
    expect(suggested(l)).toEqual(['jilynne1991->s2:link/off']);
  });
});

describe('findAccountLinks: where a host would ask, or do nothing', () => {
  it('never links a host, nor a host renamed, nor the author of a day-ending post', () => {
    const r = roster('Alice', 'Hosty');
    expect(findAccountLinks(posts(...times('Host', 9)), r)).toMatchObject({ applied: [], suggested: [] });
    expect(findAccountLinks(posts(...times('Host2', 9)), r)).toMatchObject({ applied: [], suggested: [] });
    expect(findAccountLinks(posts(...times('Alice', 3), ...times('Cohost', 9)), r, { hosts: ['Cohost'] })).toMatchObject({
      applied: [],
      suggested: [],
    });
  });

  it('never links a visitor with one or two posts', () => {
    const l = findAccountLinks(posts(...times('Alice', 3), 'jilynne1991', 'jilynne1991'), roster('Alice', 'jilyne1991'));
    expect(l).toMatchObject({ applied: [], suggested: [] });
    const once = findAccountLinks(posts(...times('Alice', 3), 'Passerby'), roster('Alice', 'Bob'));
    expect(once).toMatchObject({ applied: [], suggested: [] });
  });

  it('only suggests when two silent slots are equally close', () => {
    const l = findAccountLinks(posts(...times('Alice', 3), ...times('Jonny', 4)), roster('Alice', 'Jonnyy', 'Jonnny'));
    expect(applied(l)).toEqual([]);
    expect(suggested(l)).toEqual(['Jonny->s2:link/several-slots', 'Jonny->s3:link/several-slots']);
  });

  it('does not link by elimination when two slots never post', () => {
    const l = findAccountLinks(posts(...times('Alice', 3), ...times('Stranger', 5)), roster('Alice', 'Bob', 'Carol'));
    expect(l).toMatchObject({ applied: [], suggested: [] });
  });

  it('does not link by elimination when the account’s name points at another slot', () => {
    const l = findAccountLinks(posts(...times('Alicee', 4), ...times('Alice', 3)), roster('Alice', 'Bob'));
    expect(applied(l)).toEqual([]);
    expect(suggested(l)).toEqual(['Alicee->s1:link/slot-has-poster']);
  });

  it('only suggests an unlisted replacement: the one slot that stopped posting before the account began', () => {
    const l = findAccountLinks(
      posts(...times('Alice', 2), ...times('Bob', 2), 'Carol', ...times('Newcomer', 4), 'Alice', 'Bob'),
      roster('Alice', 'Bob', 'Carol'),
    );
    expect(applied(l)).toEqual([]);
    expect(l.suggested).toMatchObject([
      { account: 'Newcomer', slotId: 's3', evidence: [{ kind: 'took-over', lastPost: 5 }], reason: 'link/weak-evidence' },
    ]);
    // Two slots stopped (a death and a replacement look alike): nothing to say.
    const two = findAccountLinks(posts('Alice', 'Bob', 'Carol', ...times('Newcomer', 4), 'Alice'), roster('Alice', 'Bob', 'Carol'));
    expect(two).toMatchObject({ applied: [], suggested: [] });
  });

  it('never moves an account that already holds a slot', () => {
    // Alicia is on the roster: close as she is to "Alicja", she stays in her own slot.
    const r = roster('Alicia', 'Alicja');
    const l = findAccountLinks(posts(...times('Alicia', 6)), r);
    expect(l).toMatchObject({ applied: [], suggested: [] });
    expect(applyAccountLinks(r, l)).toBe(r);
  });

  it('only suggests a slot whose own account posts at the same time', () => {
    const l = findAccountLinks(posts('Slandaar', 'Slandar', 'Slandaar', 'Slandar', 'Slandar'), roster('Slandaar', 'Bob'));
    expect(suggested(l)).toEqual(['Slandar->s1:link/slot-has-poster']);
  });

  it('only suggests a weak likeness, and two accounts claiming one slot at once', () => {
    const weak = findAccountLinks(
      posts(...times('mattblackguy', 3), ...times('Bob', 3), ...times('Carol', 3)),
      roster('mbg', 'Bob', 'Carol', 'Dan'),
    );
    expect(suggested(weak)).toEqual(['mattblackguy->s1:link/weak-evidence']);
    const twice = findAccountLinks(posts('Wake1', 'Wake2', 'Wake1', 'Wake2', 'Wake1', 'Wake2'), roster('Wake88', 'Bob'));
    expect(applied(twice)).toEqual([]);
    expect(suggested(twice)).toEqual(['Wake1->s1:link/slot-claimed-twice', 'Wake2->s1:link/slot-claimed-twice']);
  });
});

describe('applyAccountLinks', () => {
  it('adds the linked account before the slot’s current holder, so the slot keeps its name', () => {
    const r = roster('Alice', ['Bezukhov', 'jilyne1991']);
    const linked = applyAccountLinks(r, findAccountLinks(posts(...times('Alice', 3), ...times('jilynne1991', 3)), r));
    expect(linked.slots[1]?.accounts.map((a) => a.name)).toEqual(['Bezukhov', 'jilynne1991', 'jilyne1991']);
    expect(slotOfAccount('jilynne1991', linked, 5)).toEqual({ slotId: 's2', replacedOut: false });
  });
});

describe('one account listed in two slots', () => {
  // Bezukhov held s1 and died; later he replaced Carol in s3.
  const r = roster(['Bezukhov'], 'Alice', ['Carol', 'Bezukhov']);

  it('is never decided by roster order: the holding that started later wins', () => {
    expect(slotOfAccount('Bezukhov', r, 50)).toEqual({ slotId: 's3', replacedOut: false });
  });

  it('is reported, with the post the later holding starts at as the thread shows it', () => {
    const thread = posts('Bezukhov', 'Carol', 'Bezukhov', 'Carol', 'Alice', 'Bezukhov');
    const l = findAccountLinks(thread, r);
    expect(l.shared).toEqual([
      {
        account: 'Bezukhov',
        holdings: [
          { slotId: 's1', from: null, estimated: false },
          { slotId: 's3', from: 5, estimated: true },
        ],
      },
    ]);
    const linked = applyAccountLinks(r, l);
    // Before Carol's last post Bezukhov posts for his first slot; after it, for the slot he replaced into.
    expect(slotOfAccount('Bezukhov', linked, 3)).toEqual({ slotId: 's1', replacedOut: false });
    expect(slotOfAccount('Bezukhov', linked, 6)).toEqual({ slotId: 's3', replacedOut: false });
    // Carol is replaced out from then on.
    expect(slotOfAccount('Carol', linked, 6)).toEqual({ slotId: 's3', replacedOut: true });
  });

  it('is the latest holding it was replaced out of when it holds neither', () => {
    const out: Roster = {
      hosts: [],
      slots: [
        { id: 'a', accounts: [{ name: 'X' }, { name: 'Y', fromPost: 10 }] },
        { id: 'b', accounts: [{ name: 'Z' }, { name: 'X', fromPost: 20 }, { name: 'W', fromPost: 30 }] },
      ],
    };
    expect(slotOfAccount('X', out, 5)).toEqual({ slotId: 'a', replacedOut: false });
    expect(slotOfAccount('X', out, 25)).toEqual({ slotId: 'b', replacedOut: false });
    expect(slotOfAccount('X', out, 35)).toEqual({ slotId: 'b', replacedOut: true });
  });
});

describe('findAccountLinks properties', () => {
  const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_ ]{1,10}$/);
  const input = fc.record({
    slots: fc.array(fc.array(name, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 8 }),
    authors: fc.array(name, { minLength: 0, maxLength: 12 }),
    order: fc.array(fc.nat(), { minLength: 0, maxLength: 80 }),
  });

  it('never moves an account already on the roster and never puts one account in two slots', () => {
    fc.assert(
      fc.property(input, ({ slots, authors, order }) => {
        const r = roster(...slots);
        const listedNames = slots.flat();
        const pool = [...authors, ...listedNames];
        const thread = posts(...order.map((i) => pool[i % pool.length] ?? 'Host'));
        const links = findAccountLinks(thread, r);
        const linked = applyAccountLinks(r, links);
        const key = (n: string): string => n.trim().toLowerCase();
        const slotsOf = (ro: Roster, n: string): string[] =>
          ro.slots.filter((s) => s.accounts.some((a) => key(a.name) === key(n))).map((s) => s.id);
        // Every listed account is still in exactly the slots it was in.
        for (const n of listedNames) expect(slotsOf(linked, n)).toEqual(slotsOf(r, n));
        // Every added account is in exactly one slot, and was not listed.
        const listed = new Set(listedNames.map(key));
        for (const l of links.applied) {
          expect(listed.has(key(l.account))).toBe(false);
          expect(slotsOf(linked, l.account)).toEqual([l.slotId]);
        }
        // Nothing else changed: the same slots, each keeping its current holder's name.
        expect(linked.slots.map((s) => s.id)).toEqual(r.slots.map((s) => s.id));
        linked.slots.forEach((s, i) => expect(s.accounts.at(-1)?.name).toEqual(r.slots[i]?.accounts.at(-1)?.name));
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(input, ({ slots, authors, order }) => {
        const pool = [...authors, ...slots.flat()];
        const thread = posts(...order.map((i) => pool[i % pool.length] ?? 'Host'));
        expect(findAccountLinks(thread, roster(...slots))).toEqual(findAccountLinks([...thread].reverse(), roster(...slots)));
      }),
    );
  });
});
