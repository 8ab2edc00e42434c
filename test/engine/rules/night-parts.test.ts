/**
 * One role definition: each ruleset role carries its night part, the night
 * rules are derived from the ruleset, and a host's ruleset that adds a role
 * gets a working night role without touching the engine.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  nightRulesOf,
  parseRuleset,
  resolveNight,
  rulesets,
  type NightInput,
  type NightResolution,
  type NightRules,
  type Ruleset,
} from '../../../src/engine';
import { effectsKnownTo } from '../../../src/engine/rules/validate-night';

function rulesOf(ruleset: Ruleset): NightRules {
  const rules = nightRulesOf(ruleset);
  if (rules === undefined) throw new Error(`${ruleset.id} has no night rules`);
  return rules;
}

function parsed(json: unknown): Ruleset {
  const result = parseRuleset(json);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.ruleset;
}

function errorsOf(json: unknown): readonly string[] {
  const result = parseRuleset(json);
  return result.ok ? [] : result.errors;
}

const deaths = (r: NightResolution): string[] =>
  r.events
    .filter((e) => e.type === 'death')
    .map((e) => e.player)
    .sort();

describe('every preset role has one definition, with its night part', () => {
  for (const ruleset of Object.values(rulesets)) {
    const rules = rulesOf(ruleset);
    it(`${ruleset.id}: the night knows exactly the ruleset's roles`, () => {
      expect(rules.roles.map((r) => r.id)).toEqual(ruleset.roles.map((r) => r.id));
    });
    it(`${ruleset.id}: each night ability names an effect its ${rules.method} resolver knows, at a step of the night order`, () => {
      const known: readonly string[] = effectsKnownTo(rules.method);
      for (const role of rules.roles) {
        for (const ability of role.abilities.filter((a) => a.phase === 'night')) {
          expect(known, `${role.id}.${ability.id}`).toContain(ability.effect);
          expect(rules.order, `${role.id}.${ability.id}`).toContain(ability.step);
        }
      }
    });
  }

  const abilityOf = (preset: keyof typeof rulesets, role: string, ability: string) =>
    rulesOf(rulesets[preset])
      .roles.find((r) => r.id === role)
      ?.abilities.find((a) => a.id === ability);

  it('000: the Shadchan matches two players at step 4 and the Detective inquires at step 10 (what he learns is a setting)', () => {
    expect(abilityOf('mafia-1923-000', 'shadchan', 'match')).toMatchObject({ effect: 'love', step: 'shadchan', targets: { count: 2 } });
    expect(abilityOf('mafia-1923-000', 'detective', 'inquire')).toMatchObject({ effect: 'learn-role', step: 'detective' });
    expect(rulesOf(rulesets['mafia-1923-000']).settings.detectiveLearns).toBe('role');
  });

  it('001: a Cop of each sanity', () => {
    for (const sanity of ['insane', 'naive', 'paranoid'] as const) {
      expect(abilityOf('forum-template-001', `${sanity}-cop`, 'investigate')).toMatchObject({ effect: 'investigate', sanity });
    }
  });

  it('004: the Blocker protects as well as blocks, the Mafia insures; the vote roles have no night action', () => {
    expect(abilityOf('russian-004', 'blocker', 'protect')).toMatchObject({ effect: 'jail', spares: 'negative' });
    expect(abilityOf('russian-004', 'mafia', 'insure')).toMatchObject({ effect: 'insure', targets: { count: 0 } });
    const night = rulesOf(rulesets['russian-004']);
    for (const id of ['judge', 'mason', 'priest', 'hero', 'witness']) {
      expect(night.roles.find((r) => r.id === id)?.abilities.filter((a) => a.phase === 'night')).toEqual([]);
    }
  });

  it('one limit, one place: a self-target limit of 0 is a night ability that may not target its user', () => {
    expect(abilityOf('forum-template-001', 'vigilante', 'shoot')?.targets.self).toBe('never');
    expect(abilityOf('mafia-1923-000', 'doctor', 'save')).toMatchObject({ targets: { self: 'allowed' }, selfUses: 2 });
  });
});

describe("a host's ruleset that extends a preset", () => {
  const preset = rulesets['forum-template-001'];
  const withRoles = (...roles: unknown[]) => ({ extends: 'forum-template-001', id: 'our-forum', roles: [...preset.roles, ...roles] });
  const tracker = {
    id: 'bloodhound',
    name: 'Bloodhound',
    abilities: [{ id: 'sniff', name: 'Sniff', timing: 'night', selfTargetLimit: 0, night: { effect: 'track', step: 'track' } }],
  };
  const oneShotVig = {
    id: 'one-shot-vigilante',
    name: 'One-shot Vigilante',
    abilities: [
      {
        id: 'shoot',
        name: 'Shoot',
        timing: 'night',
        usesPerGame: 1,
        selfTargetLimit: 0,
        tags: ['kill'],
        night: { effect: 'kill', step: 'kill' },
      },
    ],
  };

  it('gets a working night role: a one-shot Vigilante kills once, then has no shot left', () => {
    const rules = rulesOf(parsed(withRoles(oneShotVig, tracker)));
    const players = [
      { slotId: 'Vig', name: 'Vig', role: 'one-shot-vigilante', faction: 'town', alive: true },
      { slotId: 'Hound', name: 'Hound', role: 'bloodhound', faction: 'town', alive: true },
      { slotId: 'Goon', name: 'Goon', role: 'goon', faction: 'mafia', alive: true },
      { slotId: 'Nina', name: 'Nina', role: 'vanilla', faction: 'town', alive: true },
    ];
    const night1: NightInput = {
      night: 1,
      players,
      deadline: 100,
      actions: [
        { actor: 'Vig', ability: 'shoot', targets: ['Goon'], sentAt: 1 },
        { actor: 'Hound', ability: 'sniff', targets: ['Vig'], sentAt: 2 },
      ],
    };
    const first = resolveNight(night1, rules, createRng(1));
    expect(deaths(first)).toEqual(['Goon']);
    // The Tracker variant is told where Vig went: to Goon.
    expect(first.events).toContainEqual(
      expect.objectContaining({
        type: 'message',
        to: 'Hound',
        result: expect.objectContaining({ fact: 'target-visits', value: ['Goon'] }),
      }),
    );
    expect(first.events).toContainEqual(expect.objectContaining({ type: 'uses-spent', player: 'Vig', ability: 'shoot' }));

    const night2: NightInput = {
      night: 2,
      players: players.map((p) =>
        p.slotId === 'Goon' ? { ...p, alive: false } : p.slotId === 'Vig' ? { ...p, usesLeft: { shoot: 0 } } : p,
      ),
      deadline: 200,
      actions: [{ actor: 'Vig', ability: 'shoot', targets: ['Nina'], sentAt: 150 }],
    };
    const second = resolveNight(night2, rules, createRng(1));
    expect(deaths(second)).toEqual([]);
    expect(second.refused.map((r) => r.reason)).toEqual(['night/no-uses-left']);
  });

  it('can switch its nights to Reasonable Action Resolution with one field', () => {
    const rules = rulesOf(parsed({ extends: 'forum-template-001', night: { method: 'reasonable' } }));
    expect(rules.method).toBe('reasonable');
    expect(rules.roles.map((r) => r.id)).toEqual(preset.roles.map((r) => r.id));
  });

  it('is refused, with the role id and the path, when a night part names an effect the resolver does not know', () => {
    const stalker = { ...tracker, id: 'stalker', abilities: [{ ...tracker.abilities[0], night: { effect: 'stalk', step: 'track' } }] };
    const errors = errorsOf(withRoles(stalker));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^roles\[19\]\.abilities\[0\]\.night\.effect: role "stalker": "stalk" is not an effect the ordered resolver knows/,
    );
  });

  it('is refused when the effect is one Reasonable Action Resolution cannot resolve', () => {
    const poisoner = {
      id: 'poisoner',
      name: 'Poisoner',
      abilities: [{ id: 'poison', name: 'Poison', timing: 'night', night: { effect: 'poison', step: 'kill' } }],
    };
    const errors = errorsOf({ ...withRoles(poisoner), night: { method: 'reasonable' } });
    expect(errors).toEqual([
      expect.stringMatching(
        /^roles\[19\]\.abilities\[0\]\.night\.effect: role "poisoner": "poison" is not an effect the reasonable resolver/,
      ),
    ]);
  });

  it('lists every malformed night field with its path', () => {
    const broken = {
      id: 'broken',
      name: 'Broken',
      night: { plain: 'yes' },
      abilities: [
        { id: 'a', name: 'A', timing: 'night', night: { effect: 'kill', step: 'dawn', maxTargets: 0, targetKind: 'house', efect: 'kill' } },
        { id: 'b', name: 'B', timing: 'passive', night: { passive: 'lucky' } },
        { id: 'c', name: 'C', timing: 'day', night: { effect: 'kill', step: 'kill' } },
      ],
    };
    expect(errorsOf(withRoles(broken))).toEqual([
      'roles[19].night.plain: role "broken": must be true or false',
      'roles[19].abilities[0].night.efect: role "broken": is not a field here (fields: effect, step, maxTargets, targetKind, selfOnly, mayBeEmpty, protectsFrom, cures, sanity, unstoppable, unblockable, spares, tellsTarget, onlyWhenNoLiving, onNightsOf, alternativeTo, publicResult, negative, failsOnDeadTarget, noInfoWhenTargetOf, noInfoStatuses, roleLostStatuses, notTwiceInARow, noSelfAmongSeveral, reachesClients, guardsClient, status, redStatus, blockReadsAsMiss, fromNight, moreTargetsWhen, needsDeadPartner, needsSpent, notForFactions, maxMarked, substitutes, skipsVisitors, secondDayStatus, killStatus, killCounter, insures, unseen, targetsFaction, compulsive, standInSurvives, standInKillsAttacker, falseBlackToldTo, forwardForgedBy, negativeRoleFirst, bothRolesFor, tellsKilledColour, seesVisitorNames, skippedWhenUsing, noInfoWhenStoppedBy, blackeningHiddenBy, blackeningForwardStatus)',
      'roles[19].abilities[0].night.step: role "broken": "dawn" is not a step of night.order (swap, redirect, block, protect, kill, faction-kill, investigate, track, poison-deaths)',
      'roles[19].abilities[0].night.maxTargets: role "broken": must be a whole number ≥ 1',
      'roles[19].abilities[0].night.targetKind: role "broken": must be one of "player", "family", "role"',
      'roles[19].abilities[1].night.passive: role "broken": must be a passive the resolvers know: "vest", "pgo", "revenge", "mafia-shield", "poison-immune", "self-guard", "witness", "inherit-role", "receive-checks", "hidden-from-checks", "appears-innocent", "appears-guilty", "innocent-until-kill", "spare-life", "lingering-dead", "sees-visitor-roles", "sees-visitor-names", "takes-attacker", "uses-absent-roles", "uses-kin-moves", "macho", "recruit-immune"',
      'roles[19].abilities[2].night: role "broken": a day ability has no night part',
    ]);
  });

  it('checks the night section too: settings, factions and the method', () => {
    expect(
      errorsOf({
        extends: 'forum-template-001',
        night: { method: 'chaotic', guiltyFactions: ['yakuza'], settings: { chainedSwaps: 'maybe', lenient: 'yes' } },
      }),
    ).toEqual([
      'night.method: must be one of "ordered", "reasonable"',
      'night.guiltyFactions[0]: no faction "yakuza" in this ruleset',
      'night.settings.chainedSwaps: must be one of "yes", "no"',
      expect.stringMatching(/^night\.settings\.lenient: is not a setting/),
    ]);
  });
});
