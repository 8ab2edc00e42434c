/** Renaming a player in place, and the names a list reader should not let pass: look-alikes (issue 16). */
import { describe, expect, it } from 'vitest';
import { lookAlikeNames, looksAlike, renameHolder, type Slot } from '../../../src/engine';

const slots: readonly Slot[] = [
  { id: 'slot-1', accounts: [{ name: 'Alpha_Wolf' }], aliases: ['AW'] },
  { id: 'slot-2', accounts: [{ name: 'Bluebel' }] },
  { id: 'slot-3', accounts: [{ name: 'Corvid' }, { name: 'Newcomer', fromPost: 40 }] },
];

describe('renaming a player in place', () => {
  it('renames the current holder and keeps the slot id, its aliases and its other holders', () => {
    const result = renameHolder(slots, 'slot-3', '  NewComer ');
    expect(result).toEqual({
      ok: true,
      slots: [slots[0], slots[1], { id: 'slot-3', accounts: [{ name: 'Corvid' }, { name: 'NewComer', fromPost: 40 }] }],
    });
    expect(renameHolder(slots, 'slot-1', 'Alpha Wolf')).toEqual({
      ok: true,
      slots: [{ id: 'slot-1', accounts: [{ name: 'Alpha Wolf' }], aliases: ['AW'] }, slots[1], slots[2]],
    });
  });

  it('renames an earlier holder when told which', () => {
    const result = renameHolder(slots, 'slot-3', 'Corvidae', 0);
    expect(result.ok && result.slots[2]?.accounts).toEqual([{ name: 'Corvidae' }, { name: 'Newcomer', fromPost: 40 }]);
  });

  it("refuses another slot's name or alias, in any case, and says whose it is", () => {
    expect(renameHolder(slots, 'slot-2', 'alpha_wolf')).toEqual({ ok: false, problem: 'taken', by: 'Alpha_Wolf' });
    expect(renameHolder(slots, 'slot-2', 'aw')).toEqual({ ok: false, problem: 'taken', by: 'Alpha_Wolf' });
    expect(renameHolder(slots, 'slot-1', 'Corvid')).toEqual({ ok: false, problem: 'taken', by: 'Newcomer' });
    // Its own alias is no clash.
    expect(renameHolder(slots, 'slot-1', 'AW').ok).toBe(true);
  });

  it('refuses an empty name and a slot that is not there', () => {
    expect(renameHolder(slots, 'slot-1', '   ')).toEqual({ ok: false, problem: 'empty' });
    expect(renameHolder(slots, 'slot-9', 'Zed')).toEqual({ ok: false, problem: 'no-slot' });
    expect(renameHolder(slots, 'slot-1', 'Zed', 3)).toEqual({ ok: false, problem: 'no-slot' });
  });
});

describe('names that look alike', () => {
  it('sees typos, case, spacing and digits for letters', () => {
    expect(looksAlike('Bluebel', 'Bluebell')).toBe(true);
    expect(looksAlike('Mister Two Words', 'mister_two_words')).toBe(true);
    expect(looksAlike('B0bby', 'Bobby')).toBe(true);
    expect(looksAlike('Zoë', 'Zoe')).toBe(true);
  });

  it('does not take two short names, two different names, or one name twice for look-alikes', () => {
    expect(looksAlike('Tom', 'Tim')).toBe(false);
    expect(looksAlike('Corvid', 'Dandelion')).toBe(false);
    expect(looksAlike('Bluebell', 'bluebell')).toBe(false);
    expect(looksAlike('Alpha_Wolf', 'Alpha_Wolves')).toBe(false);
  });

  it('pairs listed names once, then listed names with unlisted posters', () => {
    expect(lookAlikeNames(['Bluebel', 'Corvid', 'B1uebel'], ['Bluebell', 'Corvid', 'Stranger'])).toEqual([
      { name: 'Bluebel', other: 'B1uebel', listed: true },
      { name: 'Bluebel', other: 'Bluebell', listed: false },
      { name: 'B1uebel', other: 'Bluebell', listed: false },
    ]);
    expect(lookAlikeNames(['Alpha', 'Bravo'], ['Alpha', 'Bravo', 'Charlie'])).toEqual([]);
  });
});
