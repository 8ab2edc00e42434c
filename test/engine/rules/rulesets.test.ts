import { describe, expect, it } from 'vitest';
import { breachRulesPresets, nightRulesOf, parseRuleset, rulesetSections, rulesets, withSettings } from '../../../src/engine';

describe('the preset rulesets', () => {
  it('are the four seed games (004 in two formats), the forum standard, and both forum rulesets under RAR, each valid by the same checks a host’s ruleset goes through', () => {
    expect(Object.keys(rulesets).sort()).toEqual([
      'detective-conan-003',
      'forum-standard',
      'forum-standard-rar',
      'forum-template-001',
      'forum-template-001-rar',
      'mafia-1923-000',
      'russian-004',
      'russian-004-extended',
    ]);
    for (const r of Object.values(rulesets)) {
      const parsed = parseRuleset(JSON.parse(JSON.stringify(r)));
      expect(parsed.ok ? [] : parsed.errors).toEqual([]);
      if (parsed.ok) expect(parsed.ruleset).toEqual(r);
    }
  });

  it('every open question is a setting that exists in the ruleset', () => {
    for (const r of Object.values(rulesets)) {
      for (const q of r.openQuestions) {
        // A path goes through a list by its items' ids ("statuses.injured.night.losesAdvantages", 003 L44).
        const step = (at: unknown, key: string): unknown =>
          Array.isArray(at)
            ? (at as unknown[]).find((x) => typeof x === 'object' && x !== null && (x as { id?: unknown }).id === key)
            : typeof at === 'object' && at !== null
              ? (at as Record<string, unknown>)[key]
              : undefined;
        const value = q.setting.split('.').reduce<unknown>(step, r);
        expect(value, `${r.id} ${q.setting}`).not.toBeUndefined();
      }
    }
  });
});

describe('references to the other parts’ rule sections', () => {
  it('every preset names breach rules that exist, and its night rules come from its own night section', () => {
    for (const r of Object.values(rulesets)) {
      const sections = rulesetSections(r);
      expect(sections.breachRules, r.id).toBe(breachRulesPresets[r.references?.breachRules ?? '001']);
      expect(sections.nightRules, r.id).toBeDefined();
      expect(sections.nightRules).toBe(nightRulesOf(r));
      expect(r.references?.nightRules, r.id).toBeUndefined();
    }
  });

  it('a ruleset saved before the night section still finds the night rules its reference named', () => {
    const { night: _night, ...stored } = rulesets['russian-004'];
    const old = { ...stored, id: 'my-004', references: { breachRules: '004' as const, nightRules: 'russian-004' } };
    expect(rulesetSections(old).nightRules).toBe(nightRulesOf(rulesets['russian-004']));
    expect(rulesetSections({ ...old, references: { breachRules: '004' } }).nightRules).toBeUndefined();
  });

  it('a host’s ruleset naming unknown sections is refused', () => {
    const bad = parseRuleset({ extends: 'forum-template-001', references: { nightRules: 'nope', breachRules: '999' } });
    expect(bad.ok ? [] : bad.errors.map((e) => e.split(':')[0])).toEqual(['references.nightRules', 'references.breachRules']);
  });
});

describe("a host's own ruleset", () => {
  it('can start from a preset and change one setting', () => {
    const parsed = parseRuleset({ extends: 'mafia-1923-000', id: 'my-1923', voting: { courtSize: 2 } });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.ruleset.id).toBe('my-1923');
      expect(parsed.ruleset.voting).toMatchObject({ kind: 'family-court', courtSize: 2, strikesToExile: 2 });
    }
  });

  it('lists every problem with the path of the field', () => {
    const parsed = parseRuleset({
      extends: 'forum-template-001',
      firstPhase: 'dusk',
      voting: { lock: 'yes' },
      factions: [{ id: 'town', name: 'Town', kind: 'village' }],
    });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors).toEqual([
        'firstPhase: expected "day" or "night", found "dusk"',
        'factions[0].kind: expected "town", "mafia" or "third-party", found "village"',
        'voting.lock: expected true or false, found "yes"',
      ]);
    }
  });

  it('names unknown presets and references to roles, statuses and titles that do not exist', () => {
    expect(parseRuleset({ extends: 'nope' })).toMatchObject({ ok: false, errors: ['extends: no preset "nope" (see gavel rulesets)'] });
    const bad = parseRuleset({
      extends: 'russian-004',
      voting: { roleWeights: { sage: 3 } },
      announcements: { publicStatuses: ['glowing'] },
    });
    expect(bad.ok ? [] : bad.errors).toEqual([
      'voting.roleWeights: no role "sage" in roles',
      'announcements.publicStatuses: no status "glowing" in statuses',
    ]);
    expect(parseRuleset([])).toMatchObject({ ok: false, errors: ['expected a JSON object (a ruleset)'] });
  });

  it('withSettings changes dotted settings and refuses unknown ones', () => {
    const changed = withSettings(rulesets['forum-template-001'], [{ path: 'win.mafiaWinsWhen', value: 'outnumber' }]);
    expect(changed.ok && changed.ruleset.win).toEqual({ kind: 'parity', mafiaWinsWhen: 'outnumber' });
    expect(withSettings(rulesets['forum-template-001'], [{ path: 'voting.hammer', value: true }])).toMatchObject({
      ok: false,
      errors: ['voting.hammer: no such setting in forum-template-001'],
    });
    expect(withSettings(rulesets['forum-template-001'], [{ path: 'voting.lock', value: 'maybe' }]).ok).toBe(false);
  });

  it('refuses a misspelt setting, naming the setting it was probably meant to be', () => {
    const bad = parseRuleset({ extends: 'forum-template-001', votng: { lock: false } }, 'my-game.json');
    expect(bad.ok ? [] : bad.problems).toEqual([{ source: 'my-game.json', path: 'votng', problem: 'unknown field; did you mean voting?' }]);
    const deeper = parseRuleset({ extends: 'forum-template-001', voting: { lcok: false } });
    expect(deeper.ok ? [] : deeper.errors).toEqual(['voting.lcok: unknown field; did you mean lock?']);
  });

  it('refuses a vote keyword list that is a string, and a keyword that is not a string', () => {
    const bad = parseRuleset({
      extends: 'mafia-1923-000',
      voting: { extraVoteRoles: 'councilor', negativeVoteRoles: ['pacifist', 7] },
    });
    expect(bad.ok ? [] : bad.errors).toEqual([
      'voting.extraVoteRoles: expected a list, found "councilor"',
      'voting.negativeVoteRoles[1]: expected a non-empty string, found 7',
    ]);
  });

  it('refuses numbers no game needs, before anything loops on them', () => {
    const bad = parseRuleset({
      extends: 'mafia-1923-000',
      voting: { courtSize: 1e9, strikesToExile: 0 },
      statuses: [{ id: 'exiled', name: 'exiled', defaultPhases: 100000 }],
    });
    expect(bad.ok ? [] : bad.errors).toEqual([
      'statuses[0].defaultPhases: expected a whole number from 1 to 100, found 100000',
      'voting.courtSize: expected a whole number from 1 to 100, found 1000000000',
      'voting.strikesToExile: expected a whole number from 1 to 100, found 0',
    ]);
  });

  it('reads the voting and win sections by their kind, and suggests the kind meant', () => {
    const bad = parseRuleset({
      extends: 'forum-template-001',
      voting: { kind: 'majorty' },
      win: { kind: 'parity', mafiaWinsWhen: 'never' },
    });
    expect(bad.ok ? [] : bad.errors).toEqual([
      'voting.kind: expected "majority", "family-court" or "weighted-plurality", found "majorty"; did you mean majority?',
      'win.mafiaWinsWhen: expected "at-parity" or "outnumber", found "never"',
    ]);
  });

  it('finds a wrong type deep in a role', () => {
    const bad = parseRuleset({
      extends: 'forum-template-001',
      roles: [{ id: 'cop', name: 'Cop', abilities: [{ id: 'investigate', name: 'Investigate', timing: 'night', targets: '1' }] }],
      announcements: { publicStatuses: [] },
    });
    expect(bad.ok ? [] : bad.errors).toEqual(['roles[0].abilities[0].targets: expected a whole number from 0 to 10, found "1"']);
  });
});
