/**
 * The open questions' settings a host may change (src/engine/rules/setting-choices.ts): every preset's open question
 * has its values, each value written reads back and leaves a ruleset that still validates, nothing else changes, and
 * a setting or a value Gavel does not read is refused in words.
 */
import { describe, expect, it } from 'vitest';
import { parseRuleset, rulesets, type Ruleset } from '../../../src/engine';
import {
  choiceFor,
  readSetting,
  settingDefault,
  settingOptions,
  settingValueWords,
  writeSetting,
  writeSettings,
  type SettingValue,
} from '../../../src/engine/rules/setting-choices';

const presets = Object.entries(rulesets) as [string, Ruleset][];

/** Every top-level section but `path`'s own is the same object; `path`'s first key differs. */
function onlyChanged(before: Ruleset, after: Ruleset, path: string): string[] {
  const first = path.split('.')[0] ?? '';
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter(
    (k) =>
      k !== first &&
      JSON.stringify((before as unknown as Record<string, unknown>)[k]) !==
        JSON.stringify((after as unknown as Record<string, unknown>)[k]),
  );
}

describe('every open question of every preset', () => {
  it.each(presets)('%s: each has a setting choice, read as the preset holds it', (_id, ruleset) => {
    for (const q of ruleset.openQuestions) {
      const choice = choiceFor(q.setting);
      expect(choice, q.setting).toBeDefined();
      if (choice?.what.kind === 'file') {
        expect(choice.what.reason.length, q.setting).toBeGreaterThan(20);
        continue;
      }
      const read = readSetting(ruleset, q.setting);
      expect(read, q.setting).toMatchObject({ ok: true });
      // The preset's own value is its default.
      if (read.ok) expect(settingDefault(ruleset, q.setting), q.setting).toEqual(read.value);
    }
  });

  it.each(presets)('%s: each value written reads back, the ruleset still validates, and nothing else changes', (_id, ruleset) => {
    for (const q of ruleset.openQuestions) {
      for (const value of settingOptions(q.setting)) {
        const written = writeSetting(ruleset, q.setting, value);
        expect(written, `${q.setting} = ${String(value)}`).toMatchObject({ ok: true });
        if (!written.ok) continue;
        expect(readSetting(written.ruleset, q.setting)).toMatchObject({ ok: true, value });
        expect(parseRuleset(written.ruleset).ok).toBe(true);
        expect(onlyChanged(ruleset, written.ruleset, q.setting), q.setting).toEqual([]);
        // The other open questions keep their values.
        for (const other of ruleset.openQuestions.filter((o) => o.setting !== q.setting && choiceFor(o.setting)?.what.kind !== 'file'))
          expect(readSetting(written.ruleset, other.setting), `${q.setting} changed ${other.setting}`).toEqual(
            readSetting(ruleset, other.setting),
          );
      }
    }
  });

  it.each(presets)('%s: each value has words in the host’s language, never the raw setting', (_id, ruleset) => {
    for (const q of ruleset.openQuestions)
      for (const value of settingOptions(q.setting)) {
        const words = settingValueWords(q.setting, value);
        // A named value falls back to showing itself as text only when no words exist: none of the presets' values does.
        if (typeof value === 'string') expect(words.code, `${q.setting} = ${value}`).not.toBe('night/setting-value');
      }
  });
});

describe('the values mean what the engine reads', () => {
  it('a 004 night setting is stored under night.settings, and the night rules read it', () => {
    const r = rulesets['russian-004'];
    const written = writeSetting(r, 'night.settings.sharedTargetCounts', 'chosen');
    expect(written.ok && written.ruleset.night?.settings?.sharedTargetCounts).toBe('chosen');
  });

  it('003’s injured status, a list of statuses by id: the advantages the kill loses', () => {
    const r = rulesets['detective-conan-003'];
    expect(readSetting(r, 'statuses.injured.night.losesAdvantages')).toMatchObject({ ok: true, value: 'every-advantage' });
    const written = writeSetting(r, 'statuses.injured.night.losesAdvantages', 'unstoppable-only');
    expect(written.ok).toBe(true);
    if (!written.ok) return;
    const injured = written.ruleset.statuses.find((s) => s.id === 'injured');
    expect(injured?.night?.losesAdvantages).toEqual(['unstoppable']);
    // The other statuses are the same objects.
    expect(written.ruleset.statuses.filter((s) => s.id !== 'injured')).toEqual(r.statuses.filter((s) => s.id !== 'injured'));
  });

  it('004’s Judge floor is the weight shifts’ `min`, a whole number in the format’s range', () => {
    const r = rulesets['russian-004'];
    expect(readSetting(r, 'voting.day.weightShifts')).toMatchObject({ ok: true, value: 0 });
    const written = writeSetting(r, 'voting.day.weightShifts', -6);
    expect(written.ok && written.ruleset.voting.kind === 'weighted-plurality' && written.ruleset.voting.day?.weightShifts[0]?.min).toBe(-6);
    expect(writeSetting(r, 'voting.day.weightShifts', 1.5)).toMatchObject({ ok: false });
    expect(writeSetting(r, 'voting.day.weightShifts', 101)).toMatchObject({ ok: false });
  });

  it('a setting a preset leaves out reads as its documented default', () => {
    const r = rulesets['forum-template-001'];
    // 001 lists no 004 night setting, but its night section gives every night setting its default.
    expect(readSetting(r, 'night.settings.detectiveLearns')).toMatchObject({ ok: true, value: 'role' });
  });

  it('the lists 000 leaves open are set in a ruleset file, with the reason', () => {
    const r = rulesets['mafia-1923-000'];
    for (const path of ['announcements.voteLeakRoles', 'setup.mafiaSecondRoles']) {
      const read = readSetting(r, path);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.problem).toMatch(/set in a ruleset file/);
      expect(writeSetting(r, path, 'any')).toMatchObject({ ok: false, problem: expect.stringMatching(/set in a ruleset file/) });
    }
  });
});

describe('several settings at once', () => {
  it('are written together and read back, each as written one by one', () => {
    const r = rulesets['russian-004'];
    const values = { 'voting.runoffTargetsVote': true, 'night.settings.trapListKept': 'no', 'voting.day.weightShifts': -2 };
    const all = writeSettings(r, values);
    expect(all.ok).toBe(true);
    if (!all.ok) return;
    for (const [setting, value] of Object.entries(values)) expect(readSetting(all.ruleset, setting)).toMatchObject({ ok: true, value });
    let oneByOne = r;
    for (const [setting, value] of Object.entries(values)) {
      const w = writeSetting(oneByOne, setting, value);
      if (w.ok) oneByOne = w.ruleset;
    }
    expect(all.ruleset).toEqual(oneByOne);
  });

  it('one value refused refuses them all, in its own words', () => {
    const r = rulesets['russian-004'];
    expect(writeSettings(r, { 'voting.runoffTargetsVote': true, 'voting.day.weightShifts': 500 })).toEqual({
      ok: false,
      problem: '"voting.day.weightShifts" takes a whole number from -100 to 100, not 500',
    });
  });
});

describe('refusals', () => {
  it('a value the setting does not take is refused, naming what it takes', () => {
    const r = rulesets['russian-004'];
    const bad: [string, SettingValue][] = [
      ['night.settings.sharedTargetCounts', 'landed'],
      ['voting.runoffTargetsVote', 'yes'],
      ['voting.threeWayFewNegatives', true],
    ];
    for (const [path, value] of bad) {
      const written = writeSetting(r, path, value);
      expect(written.ok, path).toBe(false);
      if (!written.ok) expect(written.problem, path).toMatch(/takes .* not /);
    }
    const w = writeSetting(r, 'night.settings.sharedTargetCounts', 'landed');
    expect(w).toEqual({ ok: false, problem: '"night.settings.sharedTargetCounts" takes "reached" or "chosen", not "landed"' });
  });

  it('a stored value the reader does not know is refused with the value named', () => {
    const r = rulesets['russian-004'];
    const odd = { ...r, voting: { ...r.voting, threeWayFewNegatives: 'all-three' } } as unknown as Ruleset;
    expect(readSetting(odd, 'voting.threeWayFewNegatives')).toEqual({
      ok: false,
      problem: '"voting.threeWayFewNegatives" holds "all-three", which Gavel does not read as "first-two" or "nobody"',
      stored: 'all-three',
    });
  });

  it('an unknown path is refused', () => {
    const r = rulesets['russian-004'];
    expect(readSetting(r, 'voting.noSuchThing')).toEqual({ ok: false, problem: 'Gavel has no setting "voting.noSuchThing" to read' });
    expect(writeSetting(r, 'voting.noSuchThing', true)).toEqual({ ok: false, problem: 'Gavel has no setting "voting.noSuchThing"' });
  });

  it('a setting of another ruleset’s section is refused: the ruleset does not hold it', () => {
    // 001's majority vote has no family court, and 003 no 004 day rules.
    expect(writeSetting(rulesets['forum-template-001'], 'voting.defendedInTie', 'second-most')).toMatchObject({ ok: false });
    expect(writeSetting(rulesets['detective-conan-003'], 'voting.day.activeCount', 'can-vote')).toEqual({
      ok: false,
      problem: 'detective-conan-003 has no "voting.day.activeCount"',
    });
  });
});
