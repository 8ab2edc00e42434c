/**
 * Seed 003 L44 (../shared/seeds/003_d8be940afb53daf2.txt): "Injured: An injured player can not use any abilities and
 * lose any of their passive abilities like for example a disguise. The only exception is the nightly killing action
 * from BO members (though, they will loose any advantages they normally have like erasing the body or sniping)".
 *
 * The fragment names no sniper and no other advantage of a kill, so the advantages an injured member's kill loses
 * are data on the `injured` status (`night.losesAdvantages`, default: unstoppable, unblockable, unseen), listed in
 * the preset's open questions and reported when a night reaches it. A host's ruleset that adds a sniper (a BO role
 * whose kill no protection stops) shows what the rule changes.
 */
import { describe, expect, it } from 'vitest';
import { createRng, parseRuleset, resolveNight, rulesets, type NightInput, type Ruleset } from '../../../src/engine';
import { act, deaths, night, nightRulesFor, player } from '../night/helpers';

const conan = rulesets['detective-conan-003'];
const SETTING = 'statuses.injured.night.losesAdvantages';

/** The 003 preset with a BO sniper: his night kill is unstoppable (a host's reading of "sniping"). */
function withSniper(base: Ruleset, injured?: (s: Ruleset['statuses'][number]) => Ruleset['statuses'][number]): Ruleset {
  const member = base.roles.find((r) => r.id === 'bo-member');
  if (member === undefined) throw new Error('the 003 preset has no BO member');
  const sniper = {
    ...member,
    id: 'sniper',
    name: 'Sniper',
    abilities: member.abilities.map((a) =>
      a.id === 'night-kill' && a.night !== undefined && 'effect' in a.night ? { ...a, night: { ...a.night, unstoppable: true } } : a,
    ),
  };
  return {
    ...base,
    roles: [...base.roles, sniper],
    statuses: base.statuses.map((s) => (s.id === 'injured' && injured !== undefined ? injured(s) : s)),
  };
}

function resolveIn(ruleset: Ruleset, input: NightInput) {
  const statusRules = ruleset.statuses.map((s) => ({ id: s.id, ...(s.night === undefined ? {} : { night: s.night }) }));
  return resolveNight({ ...input, statusRules }, nightRulesFor(ruleset), createRng(3));
}

const injured = [{ id: 'injured' }];
/** Chianti (the BO's only member) shoots Conan, whom the Doctor heals. */
const sniperNight = (chiantiInjured: boolean): NightInput =>
  night(
    [
      player('Chianti', 'sniper', 'bo', chiantiInjured ? { statuses: injured } : {}),
      player('Araide', 'doctor', 'town'),
      player('Conan', 'townsfolk', 'town'),
      player('Ran', 'townsfolk', 'town'),
    ],
    [act('Chianti', 'night-kill', ['Conan']), act('Araide', 'heal', ['Conan'])],
  );
const questions = (r: ReturnType<typeof resolveIn>) => r.ambiguities.map((a) => [a.setting, a.value]);

describe('003 L44: an injured BO member kills without his advantages', () => {
  it('a sniper’s kill gets past the Doctor while he is well, and nothing is asked', () => {
    const r = resolveIn(withSniper(conan), sniperNight(false));
    expect(deaths(r)).toEqual(['Conan']);
    expect(questions(r).map(([s]) => s)).not.toContain(SETTING);
  });

  it('"they will loose any advantages they normally have like erasing the body or sniping": injured, his kill is a plain one the heal stops, and the open question is reported', () => {
    const r = resolveIn(withSniper(conan), sniperNight(true));
    // "The only exception is the nightly killing action from BO members": the kill is still made (not refused)…
    expect(r.refused.map((x) => x.action.actor)).not.toContain('Chianti');
    // …but the heal stops it now.
    expect(deaths(r)).toEqual([]);
    expect(questions(r)).toContainEqual([SETTING, 'unstoppable, unblockable, unseen']);
    expect(r.ambiguities.find((a) => a.setting === SETTING)?.message?.code).toBe('night/ambiguity-injured-kill');
  });

  it('the preset as it is: an injured member’s plain kill still kills, and the night reports the question', () => {
    const r = resolveIn(
      conan,
      night(
        [
          player('Vodka', 'bo-member', 'bo', { statuses: injured }),
          player('Conan', 'townsfolk', 'town'),
          player('Ran', 'townsfolk', 'town'),
        ],
        [act('Vodka', 'night-kill', ['Ran'])],
      ),
    );
    expect(deaths(r)).toEqual(['Ran']);
    expect(questions(r).map(([s]) => s)).toContain(SETTING);
    expect(conan.openQuestions.map((q) => q.setting)).toContain(SETTING);
  });

  it('the list is the host’s setting: with no advantage listed, the injured sniper’s kill gets past the heal and nothing is asked', () => {
    const ruleset = withSniper(conan, (s) => ({ ...s, night: { ...s.night, losesAdvantages: [] } }));
    const r = resolveIn(ruleset, sniperNight(true));
    expect(deaths(r)).toEqual(['Conan']);
    expect(questions(r).map(([s]) => s)).not.toContain(SETTING);
  });

  it('is read and checked as ruleset data: the preset parses back to itself, an unknown advantage is refused by name', () => {
    const parsed = parseRuleset(JSON.parse(JSON.stringify(conan)));
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    const bad = {
      ...conan,
      statuses: conan.statuses.map((s) => (s.id === 'injured' ? { ...s, night: { ...s.night, losesAdvantages: ['invisible'] } } : s)),
    };
    const refused = parseRuleset(JSON.parse(JSON.stringify(bad)));
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused.ok ? [] : refused.errors)).toContain('losesAdvantages');
  });
});
