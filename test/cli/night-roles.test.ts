/**
 * `gavel resolve`, `gavel play` and `gavel rulesets --check` read a role from
 * one place, the ruleset: they accept the same roles, and a host's ruleset
 * that adds a role can resolve a night with it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run, writeInput } from './run-gavel';
import { rulesets } from '../../src/engine';

const dir = mkdtempSync(join(tmpdir(), 'gavel-night-roles-'));

const file = (name: string, data: unknown): string => writeInput(dir, name, data);

const deathsIn = (out: string): string[] =>
  (JSON.parse(out) as { resolution: { events: { type: string; player?: string }[] } }).resolution.events
    .filter((e) => e.type === 'death')
    .map((e) => e.player ?? '');

/** A Russian night 1: the Mafia shoots Ilya while a werewolf and the Faceless are in the game. */
const russianNight = {
  rules: 'russian-004',
  night: 1,
  players: [
    { name: 'Anna', role: 'doctor', faction: 'red' },
    { name: 'Vera', role: 'commissar', faction: 'red' },
    { name: 'Ilya', role: 'citizen', faction: 'red' },
    { name: 'Kolya', role: 'citizen', secondRole: 'mafia', faction: 'mafia' },
    { name: 'Nadya', role: 'citizen', secondRole: 'werewolf', faction: 'mafia' },
    { name: 'Zoya', role: 'werewolf', faction: 'mafia' },
    { name: 'Oleg', role: 'faceless', faction: 'grey' },
  ],
  actions: [
    { actor: 'Kolya', ability: 'kill', targets: ['Ilya'], sentAt: 1 },
    { actor: 'Vera', ability: 'check', targets: ['Nadya'], sentAt: 2 },
  ],
};

describe('resolve and play accept the same roles', () => {
  it('gavel resolve accepts a werewolf under 004, as first or second role', async () => {
    const { code, out, err } = await run('resolve', file('werewolf.json', russianNight), '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(deathsIn(out)).toEqual(['Ilya']);
  });

  for (const ruleset of Object.values(rulesets)) {
    it(`${ruleset.id}: gavel resolve takes a player of every role the ruleset has`, async () => {
      const players = ruleset.roles.map((r, i) => ({ name: `P${i}`, role: r.id, family: 'Cohen' }));
      const { code, err } = await run('resolve', file(`all-${ruleset.id}.json`, { rules: ruleset.id, players, actions: [] }));
      expect(err).toBe('');
      expect(code).toBe(0);
    });
  }

  it('gavel play resolves the same werewolf night from a game script', async () => {
    const script = [
      'ruleset russian-004',
      'player Anna faction=red role=doctor',
      'player Vera faction=red role=commissar',
      'player Ilya faction=red role=citizen',
      'player Dima faction=red role=citizen',
      'player Egor faction=red role=citizen',
      'player Kolya faction=mafia role=citizen second=mafia',
      'player Zoya faction=mafia role=werewolf',
      'player Oleg faction=grey role=faceless',
      'day 1',
      'night 1',
      '  Kolya uses kill Ilya',
      '  resolve night',
      '  expect dead Ilya',
    ].join('\n');
    const { code, out, err } = await run('play', file('werewolf.game', script));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/Expectations: 1 of 1 hold/);
  });
  it("gavel play takes the Mafia's insurance, which the 004 ruleset used not to have: the partner shoots when the shooter is blocked", async () => {
    const script = [
      'ruleset russian-004',
      'player Anna faction=red role=doctor',
      'player Boris faction=red role=blocker',
      'player Ilya faction=red role=citizen',
      'player Dima faction=red role=citizen',
      'player Egor faction=red role=citizen',
      'player Kolya faction=mafia role=citizen second=mafia',
      'player Lena faction=mafia role=citizen second=mafia',
      'player Oleg faction=grey role=faceless',
      'day 1',
      'night 1',
      '  Kolya uses kill Ilya',
      '  Lena uses insure',
      '  Boris uses block Kolya',
      '  resolve night',
      '  expect dead Ilya',
    ].join('\n');
    const { code, out, err } = await run('play', file('insurance.game', script));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/Kolya's kill was blocked by Boris/);
    expect(out).toMatch(/Expectations: 1 of 1 hold/);
  });
});

/** 001 plus a Vigilante with one bullet: the host writes the role once, in the ruleset. */
const oneShotForum = {
  extends: 'forum-template-001',
  id: 'our-forum',
  name: 'Our forum game',
  roles: [
    ...rulesets['forum-template-001'].roles,
    {
      id: 'one-shot-vigilante',
      name: 'One-shot Vigilante',
      abilities: [
        { id: 'shoot', name: 'Shoot', timing: 'night', usesPerGame: 1, selfTargetLimit: 0, night: { effect: 'kill', step: 'kill' } },
      ],
    },
  ],
};

const vigNight = (extra: object) => ({
  ...extra,
  players: [
    { name: 'Vig', role: 'one-shot-vigilante', usesLeft: { shoot: 1 } },
    { name: 'Doc', role: 'doctor' },
    { name: 'Goon', role: 'goon', faction: 'mafia' },
  ],
  actions: [
    { actor: 'Vig', ability: 'shoot', targets: ['Goon'], sentAt: 1 },
    { actor: 'Doc', ability: 'protect', targets: ['Doc'], sentAt: 2 },
  ],
});

describe("a host's ruleset in gavel resolve", () => {
  it('--ruleset: a role the host added to 001 resolves a night', async () => {
    const rules = file('our-forum.json', oneShotForum);
    const { code, out, err } = await run('resolve', file('vig.json', vigNight({})), '--ruleset', rules, '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(deathsIn(out)).toEqual(['Goon']);
    // The Doctor's self-protection is refused by the same limit a game applies (selfTargetLimit 0).
    expect((JSON.parse(out) as { resolution: { refused: { reason: string }[] } }).resolution.refused.map((r) => r.reason)).toEqual([
      'night/self-target',
    ]);
  });

  it('"ruleset" in the scenario does the same, and the limit of one shot holds', async () => {
    const spent = { ...vigNight({ ruleset: oneShotForum }), players: vigNight({}).players.map((p) => ({ ...p, usesLeft: { shoot: 0 } })) };
    const { code, out } = await run('resolve', file('vig-spent.json', spent), '--json');
    expect(code).toBe(0);
    expect(deathsIn(out)).toEqual([]);
  });

  it('inline "rules.roles" are roles in the ruleset’s shape, checked the same way', async () => {
    const roles = [
      { id: 'sniper', name: 'Sniper', abilities: [{ id: 'aim', name: 'Aim', timing: 'night', night: { effect: 'snipe', step: 'kill' } }] },
    ];
    const { code, err } = await run('resolve', file('sniper.json', { ...vigNight({}), rules: { preset: 'forum-simple', roles } }));
    expect(code).toBe(1);
    expect(err).toMatch(
      /rules\.roles\[19\]\.abilities\[0\]\.night\.effect: role "sniper": "snipe" is not an effect the ordered resolver knows/,
    );
  });
});

describe('gavel rulesets --check', () => {
  it('fails on a night ability with an effect no resolver knows, naming the role and the field', async () => {
    const bad = {
      ...oneShotForum,
      roles: [
        ...rulesets['forum-template-001'].roles,
        {
          id: 'stalker',
          name: 'Stalker',
          abilities: [{ id: 'follow', name: 'Follow', timing: 'night', night: { effect: 'stalk', step: 'track' } }],
        },
      ],
    };
    const { code, err } = await run('rulesets', '--check', file('stalker.json', bad));
    expect(code).toBe(1);
    expect(err).toContain('roles[19].abilities[0].night.effect: role "stalker": "stalk" is not an effect the ordered resolver knows');
  });

  it('passes the host’s added role and shows the night it will be resolved by', async () => {
    const { code, out } = await run('rulesets', '--check', file('ok.json', oneShotForum));
    expect(code).toBe(0);
    expect(out).toMatch(/roles: .*one-shot-vigilante/);
    expect(out).toMatch(/night: {6}ordered, steps swap > redirect/);
  });

  it('lists the night abilities a host resolves by hand', async () => {
    const { out } = await run('rulesets');
    expect(out).toMatch(/by hand: {4}\S.* \(night abilities with no night part\)/);
    // The Faceless's cut is resolved by the night (L60), and so is a plain Werewolf's special move now (L131: a named kind's move).
    expect(out).not.toMatch(/werewolf\.special|faceless\./);
  });
});
