/**
 * A role written with modifiers in front ("one-shot vigilante", issue 19) in a
 * played game: the worker's night path (toNightInput → resolveNight →
 * fromNightResolution) reads its limits from the modifiers, night after night.
 */
import { describe, expect, it } from 'vitest';
import { createRng, deriveState, rulesetNightRules, resolveNight, rulesets, type GameEvent } from '../../../src/engine';
import { fromNightResolution, toNightInput } from '../../../src/engine/game/night-bridge';
import { playText } from '../scenarios/run-script';

const ruleset = rulesets['forum-standard'];

function resolveTonight(events: readonly GameEvent[]): { log: GameEvent[]; refused: string[] } {
  const rules = rulesetNightRules(ruleset);
  if (rules === undefined) throw new Error('no night rules');
  const state = deriveState(events);
  const resolution = resolveNight(toNightInput(state, rules, ruleset), rules, createRng(1));
  return {
    log: [...events, ...fromNightResolution(resolution, state, ruleset, rules).events],
    refused: resolution.refused.map((r) => r.reason),
  };
}

const phase = (kind: 'day' | 'night', number: number): GameEvent => ({ type: 'phase/start', phase: { kind, number } });
const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });

describe('modified roles in a played game', () => {
  it('"one-shot vigilante" (one-shot: "each ability once a game") shoots on night 1 and has no shot on night 2', () => {
    let log: GameEvent[] = [
      {
        type: 'game/setup',
        players: [
          { slotId: 'v', name: 'Vic', faction: 'town', role: 'one-shot vigilante' },
          { slotId: 'a', name: 'Ann', faction: 'town', role: 'vanilla' },
          { slotId: 'b', name: 'Bob', faction: 'town', role: 'vanilla' },
          { slotId: 'g', name: 'Gus', faction: 'mafia', role: 'goon' },
        ],
      },
    ];
    const first = resolveTonight([...log, phase('night', 1), use('v', 'shoot', 'g')]);
    log = [...first.log, phase('day', 1)];
    expect(deriveState(log).players.find((p) => p.slot.id === 'g')?.alive).toBe(false);
    const second = resolveTonight([...log, phase('night', 2), use('v', 'shoot', 'b')]);
    expect(second.refused).toEqual(['night/no-uses-left']);
    expect(deriveState(second.log).players.find((p) => p.slot.id === 'b')?.alive).toBe(true);
  });
});

describe('modified roles in a game script (gavel play)', () => {
  it('takes role=one-shot+vigilante and role=macho+doctor: the shot is spent after one night, and the macho Doctor is not saved', () => {
    const played = playText(
      [
        'ruleset forum-standard',
        'player Vic faction=town role=one-shot+vigilante',
        'player Doc faction=town role=macho+doctor',
        'player Med faction=town role=doctor',
        'player Ann faction=town role=vanilla',
        'player Bob faction=town role=vanilla',
        'player Gus faction=mafia role=goon',
        'player Nin faction=mafia role=ninja',
        'day 1',
        'night 1',
        '  Vic uses shoot Gus',
        '  Nin uses factional-kill Doc',
        '  Med uses protect Doc',
        '  resolve night',
        'day 2',
        'night 2',
        '  Vic uses shoot Nin',
        '  resolve night',
      ].join('\n'),
    );
    const state = deriveState(played.events);
    const alive = (name: string): boolean | undefined => state.players.find((p) => p.name === name)?.alive;
    expect(alive('Gus')).toBe(false);
    expect(alive('Doc')).toBe(false);
    expect(alive('Nin')).toBe(true);
  });
});

describe('a Delayer in a played game', () => {
  it('"the target’s action resolves the next night": the held shot is kept in the log and fires on night 2', () => {
    let log: GameEvent[] = [
      {
        type: 'game/setup',
        players: [
          { slotId: 'd', name: 'Del', faction: 'mafia', role: 'delayer' },
          { slotId: 'v', name: 'Vic', faction: 'town', role: 'vigilante' },
          { slotId: 'a', name: 'Ann', faction: 'town', role: 'vanilla' },
          { slotId: 'b', name: 'Bob', faction: 'town', role: 'vanilla' },
          { slotId: 'c', name: 'Cat', faction: 'town', role: 'vanilla' },
        ],
      },
    ];
    const first = resolveTonight([...log, phase('night', 1), use('v', 'shoot', 'a'), use('d', 'delay', 'v')]);
    expect(first.log.filter((e) => e.type === 'night/hold')).toEqual([
      { type: 'night/hold', night: 1, actor: 'v', ability: 'shoot', targets: ['a'] },
    ]);
    expect(deriveState(first.log).players.find((p) => p.slot.id === 'a')?.alive).toBe(true);
    log = [...first.log, phase('day', 1)];
    const second = resolveTonight([...log, phase('night', 2)]);
    expect(deriveState(second.log).players.find((p) => p.slot.id === 'a')?.alive).toBe(false);
    // Night 3 does not fire it again.
    const third = resolveTonight([...second.log, phase('day', 2), phase('night', 3)]);
    expect(third.log.slice(second.log.length + 2).filter((e) => e.type === 'player/die')).toEqual([]);
  });
});

describe('a day-only Vigilante in a played game', () => {
  const script = (moves: readonly string[]): string =>
    [
      'ruleset forum-standard',
      'player Vic faction=town role=day-only+2-shot+vigilante',
      'player Ann faction=town role=vanilla',
      'player Bob faction=town role=vanilla',
      'player Cat faction=town role=vanilla',
      'player Gus faction=mafia role=goon',
      'player Max faction=mafia role=goon',
      ...moves,
    ].join('\n');

  it('"day-only: the abilities are used by day only": his shot kills its target as soon as the host records it, by day', () => {
    const played = playText(script(['day 1', '  Vic uses shoot Gus']));
    const state = deriveState(played.events);
    expect(state.players.find((p) => p.name === 'Gus')?.alive).toBe(false);
    const slot = (name: string): string | undefined => state.players.find((p) => p.name === name)?.slot.id;
    expect(played.events.filter((e) => e.type === 'player/die')).toEqual([
      { type: 'player/die', slotId: slot('Gus'), cause: 'killed', by: slot('Vic') },
    ]);
  });

  it('refuses his shot at night, and a third shot of a 2-shot role; a plain Vigilante’s day shot is refused as before', () => {
    const night = playText(script(['day 1', 'night 1', '  Vic uses shoot Gus', '  resolve night']));
    expect(deriveState(night.events).players.find((p) => p.name === 'Gus')?.alive).toBe(true);
    const third = playText(
      script(['day 1', '  Vic uses shoot Ann', 'night 1', 'day 2', '  Vic uses shoot Bob', 'night 2', 'day 3', '  Vic uses shoot Gus']),
    );
    const after = deriveState(third.events);
    expect(['Ann', 'Bob', 'Gus'].map((n) => after.players.find((p) => p.name === n)?.alive)).toEqual([false, false, true]);
    const plain = playText(script(['day 1', '  Vic uses shoot Gus']).replace('role=day-only+2-shot+vigilante', 'role=vigilante'));
    expect(deriveState(plain.events).players.find((p) => p.name === 'Gus')?.alive).toBe(true);
  });
});
