/**
 * Seed 001, the example roster: "Note: In the event of a lynch on Pyro during
 * a day phase, either Leo or Orphan becomes the hit man and then would
 * replace Pyro."
 */
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset forum-template-001',
  'player Noodle faction=town role=cop',
  'player Leo faction=mafia role=goon',
  'player Gorny faction=town role=vest',
  'player Pyro faction=mafia role=hitman',
  'player Caluin faction=town role=doctor',
  'player Zarn faction=town role=vanilla',
  'player Dredd faction=town role=vanilla',
  'player Orphan faction=mafia role=goon',
];

const lynchPyro = ['day 1', ...['Noodle', 'Gorny', 'Caluin', 'Zarn', 'Dredd'].map((v) => `  ${v} votes Pyro`), '  expect lynched Pyro'];

describe('001: a lynched Hitman is replaced by a Goon', () => {
  it('"either Leo or Orphan becomes the hit man": the first Goon of the roster takes the role, is told, and the open question is reported', () => {
    const played = playText([...roster, ...lynchPyro].join('\n'));
    expect(failedExpectations(played)).toEqual([]);
    const state = deriveState(played.events);
    expect(state.players.find((p) => p.name === 'Leo')?.role).toBe('hitman');
    expect(state.players.find((p) => p.name === 'Orphan')?.role).toBe('goon');
    expect(state.players.find((p) => p.name === 'Leo')?.inbox.map((m) => m.text)).toEqual(['Pyro is gone: you are now the Mafia Hitman.']);
    expect(played.openQuestions.map((q) => q.setting)).toContain('phaseEnd.successors.hitman.pick');
  });

  it('a Hitman who dies at night is not replaced (the seed speaks of a lynch)', () => {
    const played = playText(
      [...roster, '', 'day 1', '  expect no-lynch', 'night 1', '  kill Pyro by Noodle: shot', '  expect dead Pyro'].join('\n'),
    );
    const state = deriveState(played.events);
    expect(state.players.filter((p) => p.role === 'hitman').map((p) => p.name)).toEqual(['Pyro']);
  });

  it('with no Goon left alive nobody takes the role', () => {
    const played = playText(
      [
        ...roster.filter((l) => !l.includes('Orphan')),
        'day 1',
        ...['Noodle', 'Gorny', 'Caluin', 'Zarn', 'Dredd'].map((v) => `  ${v} votes Leo`),
        '  expect lynched Leo',
        'night 1',
        'day 2',
        ...['Noodle', 'Gorny', 'Caluin', 'Zarn'].map((v) => `  ${v} votes Pyro`),
        '  expect lynched Pyro',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(deriveState(played.events).players.filter((p) => p.role === 'hitman' && p.alive)).toEqual([]);
  });
});
