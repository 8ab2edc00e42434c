import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  composeNightResults,
  composePhaseStart,
  createRng,
  composePrivateMessages,
  deriveState,
  escapeText,
  renderTemplate,
  rulesets,
  tallyDay,
  type NightResolution,
  type Ruleset,
} from '../../../src/engine';
import { defaultPhaseMarkers, postPhaseEvents, type ForumPost } from '../../../src/engine';
import { day, die, night, setup, vote } from '../voting/helpers';

describe('templates', () => {
  it('fills placeholders and turns {b} and {i} into each dialect', () => {
    expect(renderTemplate('{b}{name}{/b} died', { name: 'Al' }, 'bbcode')).toBe('[b]Al[/b] died');
    expect(renderTemplate('{b}{name}{/b} died', { name: 'Al' }, 'markdown')).toBe('**Al** died');
    expect(renderTemplate('{i}{n}{/i}', { n: 3 }, 'bbcode')).toBe('[i]3[/i]');
  });

  it('leaves an unknown placeholder visible so a typo shows', () => {
    expect(renderTemplate('{nmae} died', { name: 'Al' }, 'bbcode')).toBe('{nmae} died');
  });

  it('escapes every value: a name can never open a tag or markup', () => {
    expect(renderTemplate('{name}', { name: '[b]x[/b]' }, 'bbcode')).not.toContain('[b]');
    expect(renderTemplate('{name}', { name: '**x**' }, 'markdown')).toBe('\\*\\*x\\*\\*');
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(escapeText(text, 'bbcode').replace(/\u200b/g, '')).toBe(text);
        expect(escapeText(text, 'bbcode')).not.toMatch(/\[(?!\u200b)/);
      }),
    );
  });
});

describe('what is public and what goes to whom', () => {
  it('000 announces deaths and poisonings, never roles', () => {
    const r = rulesets['mafia-1923-000'];
    const state = deriveState([
      setup([
        { name: 'Al', family: 'A', faction: 'mafia', role: 'mafia-member' },
        { name: 'Bo', family: 'A', faction: 'civilians', role: 'butler' },
        { name: 'Cy', family: 'B', faction: 'civilians', role: 'doctor' },
      ]),
      night(1),
      die('Cy', 'Mafia kill'),
      { type: 'status/add', slotId: 'Al', status: 'poisoned', phases: 3 },
      day(1),
    ]);
    const post = composePhaseStart(state, r, { kind: 'night', number: 1 }, 'bbcode');
    expect(post).toContain('[b]Cy[/b] has died');
    expect(post).toContain('Al is poisoned.');
    expect(post).not.toMatch(/doctor|Doctor|mafia-member|Mafia Member/);
  });

  it('003 shows the role and the will of the dead', () => {
    const r = rulesets['detective-conan-003'];
    const state = deriveState([
      setup([
        { name: 'Ran', faction: 'town', role: 'townsfolk' },
        { name: 'Gin', faction: 'bo', role: 'bo-member' },
      ]),
      night(1),
      { type: 'will/set', slotId: 'Ran', text: 'It was Gin' },
      die('Ran', 'shot'),
      day(1),
    ]);
    const post = composePhaseStart(state, r, { kind: 'night', number: 1 }, 'markdown');
    expect(post).toContain('Townsfolk');
    expect(post).toContain('Will: It was Gin');
  });

  it('000 Court Secretary: 25% (rounded down) of the individual votes, different per holder and seed', () => {
    const r = rulesets['mafia-1923-000'];
    const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name, i) => ({
      name,
      family: i < 4 ? 'A' : 'B',
      faction: 'civilians',
      role: i === 0 || i === 4 ? 'court-secretary' : 'townsperson',
    }));
    const votes = players.map((p, i) => vote(p.name, players[i % 4 === 3 ? i - 3 : i + 1]?.name ?? 'a', 'individual'));
    const state = deriveState([setup(players), day(1), ...votes]);
    const tally = tallyDay(state, r);
    const { messages } = composePrivateMessages(state, r, { kind: 'day', number: 1 }, tally, createRng(7));
    expect(messages.map((m) => m.name)).toEqual(['a', 'e']);
    for (const m of messages) expect(m.text.split('\n')).toHaveLength(2);
  });
});

describe('public night results as ruleset data (for night rules that do not announce them)', () => {
  const r: Ruleset = {
    ...rulesets['russian-004'],
    announcements: {
      ...rulesets['russian-004'].announcements,
      publicNightResults: [
        { role: 'doctor', ability: 'heal', kind: 'protect', label: 'Doctor', hit: 'hit', miss: 'missed' },
        { role: 'blocker', ability: 'block', kind: 'block', label: 'Blocker', hit: 'hit', miss: 'missed' },
        { role: 'commissar', ability: 'check', kind: 'check', label: 'Commissar', hit: 'went through', miss: 'did not go through' },
      ],
    },
  };
  const state = deriveState([
    setup([
      { name: 'doc', faction: 'red', role: 'doctor' },
      { name: 'blk', faction: 'red', role: 'blocker' },
      { name: 'com', faction: 'red', role: 'commissar' },
      { name: 'maf', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
    ]),
    night(1),
  ]);
  const base: NightResolution = {
    night: 1,
    method: 'ordered',
    events: [],
    accepted: [],
    refused: [],
    ambiguities: [],
    reserveKills: {},
    conditions: [],
  };

  it('a protection that saved someone, a block that stopped a move and a check that arrived are hits', () => {
    const resolution: NightResolution = {
      ...base,
      accepted: [
        { actor: 'doc', ability: 'heal', targets: ['com'], sentAt: 1 },
        { actor: 'blk', ability: 'block', targets: ['maf'], sentAt: 2 },
        { actor: 'com', ability: 'check', targets: ['maf'], sentAt: 3 },
      ],
      events: [
        { type: 'survived', player: 'com', reasons: [] },
        { type: 'blocked', player: 'maf', ability: 'kill', by: 'blk', reasons: [] },
        { type: 'message', to: 'com', result: { to: 'com', fact: 'alignment-check', about: ['maf'], value: true }, reasons: [] },
      ],
    };
    expect(composeNightResults(resolution, state, r)).toEqual(['Doctor: hit', 'Blocker: hit', 'Commissar: went through']);
  });

  it('a holder who did not act, or whose target did nothing, misses', () => {
    const resolution: NightResolution = { ...base, accepted: [{ actor: 'blk', ability: 'block', targets: ['maf'], sentAt: 1 }] };
    expect(composeNightResults(resolution, state, r)).toEqual(['Doctor: missed', 'Blocker: missed', 'Commissar: did not go through']);
  });
});

describe('a phase-start post Gavel writes is read back as that phase starting', () => {
  // The host pastes Gavel's post into the thread; the count must then know the phase began there.
  it.each(Object.entries(rulesets))('%s: Night 1 and Day 2 start where their posts are', (_id, r) => {
    const players = setup([
      { name: 'Al', faction: r.factions[0]?.id ?? 'town', role: r.roles[0]?.id ?? 'x', ...(r.id.includes('000') ? { family: 'A' } : {}) },
      { name: 'Bo', faction: r.factions[0]?.id ?? 'town', role: r.roles[0]?.id ?? 'x', ...(r.id.includes('000') ? { family: 'A' } : {}) },
    ]);
    const nightPost = composePhaseStart(
      deriveState([players, day(1), die('Bo', 'lynched'), night(1)]),
      r,
      { kind: 'day', number: 1 },
      'bbcode',
    );
    const dayPost = composePhaseStart(deriveState([players, day(1), night(1), day(2)]), r, { kind: 'night', number: 1 }, 'bbcode');
    const hostPost = (number: number, text: string): ForumPost => ({
      id: `p${number}`,
      number,
      author: 'Host',
      postedAt: null,
      body: [{ type: 'text', text }],
    });
    const read = postPhaseEvents([hostPost(1, 'Day 1 begins now.'), hostPost(5, nightPost), hostPost(9, dayPost)], {
      markers: defaultPhaseMarkers,
      hosts: ['Host'],
      firstPhase: 'day',
    });
    expect(read.ok && read.events.filter((e) => e.event === 'start').map((e) => [e.kind, e.number, e.fromPost])).toEqual([
      ['day', 1, 1],
      ['night', 1, 5],
      ['day', 2, 9],
    ]);
  });
});
