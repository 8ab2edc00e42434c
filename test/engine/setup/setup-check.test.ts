/**
 * The setup check a host reads before the game starts (issue 16): players per
 * faction, and warnings for no scum, scum at parity, roles not entered and a
 * role held more often than the ruleset allows; each warning fires where it
 * should and stays quiet where it should not.
 */
import { describe, expect, it } from 'vitest';
import { checkSetup, parseRuleset, rulesets, unassigned, type PlayerSetup, type Ruleset } from '../../../src/engine';

const template = rulesets['forum-template-001'];

function players(...specs: readonly (readonly [string, string, string])[]): PlayerSetup[] {
  return specs.map(([name, faction, role]) => ({ slotId: name, name, faction, role }));
}

const codes = (list: PlayerSetup[], ruleset: Ruleset = template): string[] => checkSetup(list, ruleset).warnings.map((w) => w.message.code);

/** Seven players: two goons, five town. */
const sound = players(
  ['Alpha', 'mafia', 'goon'],
  ['Bravo', 'mafia', 'goon'],
  ['Charlie', 'town', 'cop'],
  ['Delta', 'town', 'doctor'],
  ['Echo', 'town', 'vanilla'],
  ['Foxtrot', 'town', 'vanilla'],
  ['Golf', 'town', 'vanilla'],
);

describe('the setup check', () => {
  it('counts the players of each faction in the ruleset order, and those whose faction is not entered last', () => {
    const list = sound.map((p, i) => (i >= 5 ? { ...p, faction: unassigned, role: unassigned } : p));
    expect(checkSetup(list, template).factions).toEqual([
      { faction: 'town', count: 3, kind: 'town' },
      { faction: 'mafia', count: 2, kind: 'mafia' },
      { faction: unassigned, count: 2, kind: null },
    ]);
  });

  it('finds nothing wrong in a sound setup', () => {
    expect(checkSetup(sound, template)).toMatchObject({ warnings: [], incomplete: [] });
  });

  it('names the players whose faction or role is not entered yet, and stays quiet about scum until every faction is', () => {
    const list = sound.map((p) =>
      p.name === 'Alpha' ? { ...p, role: unassigned } : p.faction === 'mafia' ? p : { ...p, faction: unassigned },
    );
    const check = checkSetup(list, template);
    expect(check.warnings.map((w) => w.message)).toEqual([{ code: 'setup/roles-missing', args: [], count: 6 }]);
    expect(check.warnings[0]?.names).toEqual(['Alpha', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf']);
    // A fresh game: nobody entered, so "no scum" would be noise.
    expect(codes(sound.map((p) => ({ ...p, faction: unassigned, role: unassigned })))).toEqual(['setup/roles-missing']);
  });

  it('warns when nobody is scum, once every faction is entered', () => {
    expect(codes(sound.map((p) => ({ ...p, faction: 'town' })))).toEqual(['setup/no-scum']);
    expect(codes(sound.map((p) => ({ ...p, faction: p.faction === 'mafia' ? 'third-party' : 'town' })))).toEqual(['setup/no-scum']);
  });

  it('warns at parity and beyond, not below it', () => {
    const four = sound.slice(0, 4);
    expect(checkSetup(four, template).warnings.map((w) => w.message)).toEqual([
      {
        code: 'setup/scum-parity',
        args: [
          { kind: 'number', value: 2 },
          { kind: 'number', value: 2 },
        ],
      },
    ]);
    expect(codes(sound.slice(0, 3))).toEqual(['setup/scum-parity']);
    expect(codes(sound.slice(0, 5))).toEqual([]);
  });

  it('warns when a role is held more often than the ruleset allows, and only when the ruleset says', () => {
    const parsed = parseRuleset({
      extends: 'forum-template-001',
      id: 'one-cop',
      name: 'One cop',
      roles: template.roles.map((r) => (r.id === 'cop' ? { ...r, limit: 1 } : r)),
    });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const twoCops = sound.map((p) => (p.name === 'Delta' ? { ...p, role: 'cop' } : p));
    const check = checkSetup(twoCops, parsed.ruleset);
    expect(check.warnings.map((w) => w.message)).toEqual([
      {
        code: 'setup/role-over-limit',
        args: [
          { kind: 'role', value: 'cop' },
          { kind: 'number', value: 1 },
        ],
        count: 2,
      },
    ]);
    expect(check.warnings[0]?.names).toEqual(['Charlie', 'Delta']);
    expect(codes(sound, parsed.ruleset)).toEqual([]);
    // The template sets no limit: two cops are the host's call.
    expect(codes(twoCops)).toEqual([]);
  });

  it('says an empty roster is empty', () => {
    expect(codes([])).toEqual(['setup/no-players']);
  });
});

describe('"not entered yet" in rulesets', () => {
  it('is an id no faction or role of a ruleset may take', () => {
    const parsed = parseRuleset({
      extends: 'forum-template-001',
      id: 'odd',
      name: 'Odd',
      roles: [...template.roles, { id: unassigned, name: 'Mystery', abilities: [] }],
    });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.join('\n')).toContain('means "not entered yet"');
  });

  it('leaves every preset valid', () => {
    for (const preset of Object.values(rulesets)) {
      expect(preset.factions.some((f) => f.id === unassigned)).toBe(false);
      expect(preset.roles.some((r) => r.id === unassigned)).toBe(false);
    }
  });
});
