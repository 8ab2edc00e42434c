/**
 * The worker's night path (extension/background/handlers/night.ts), without a
 * browser: the game's event log → toNightInput → resolveNight →
 * fromNightResolution → appended to the log → the next night reads the log
 * again. What one night spends must still be spent the next night.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  deriveState,
  rulesetNightRules,
  resolveNight,
  rulesets,
  type GameEvent,
  type PlayerSetup,
  type Ruleset,
} from '../../../src/engine';
import { fromNightResolution, toNightInput } from '../../../src/engine/game/night-bridge';

/** Resolves the night in progress the way the worker does and returns the log with its outcome appended. */
function resolveTonight(events: readonly GameEvent[], ruleset: Ruleset, seed: number): GameEvent[] {
  const rules = rulesetNightRules(ruleset);
  if (rules === undefined) throw new Error(`no night rules for ${ruleset.id}`);
  const state = deriveState(events);
  const resolution = resolveNight(toNightInput(state, rules, ruleset), rules, createRng(seed));
  return [...events, ...fromNightResolution(resolution, state, ruleset, rules).events];
}

const phase = (kind: 'day' | 'night', number: number): GameEvent => ({ type: 'phase/start', phase: { kind, number } });
const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });
const alive = (events: readonly GameEvent[], slotId: string): boolean | undefined =>
  deriveState(events).players.find((p) => p.slot.id === slotId)?.alive;
const roster = (players: PlayerSetup[]): GameEvent => ({ type: 'game/setup', players });

describe('the worker’s night path carries the night state from one night to the next', () => {
  it('000: the Butler’s shield against the Mafia is spent across nights, and the third attempt kills', () => {
    const ruleset = rulesets['mafia-1923-000'];
    let log: GameEvent[] = [
      roster([
        { slotId: 'al', name: 'Al', faction: 'mafia', role: 'mafia-member', family: 'Capone' },
        { slotId: 'bo', name: 'Bo', faction: 'civilians', role: 'townsperson', family: 'Capone' },
        { slotId: 'otto', name: 'Otto', faction: 'civilians', role: 'butler', family: 'Greco' },
        { slotId: 'pia', name: 'Pia', faction: 'civilians', role: 'townsperson', family: 'Greco' },
      ]),
    ];
    for (const n of [1, 2, 3]) {
      log = resolveTonight([...log, phase('night', n), use('al', 'mafia-kill', 'otto')], ruleset, n);
      expect(alive(log, 'otto')).toBe(n < 3);
      if (n < 3) log.push(phase('day', n));
    }
    // Undo Night 3 (drop its events): Otto is alive again, and the log still says both protections are spent.
    const beforeNight3 = log.slice(
      0,
      log.findIndex((e) => e.type === 'phase/start' && e.phase.kind === 'night' && e.phase.number === 3),
    );
    expect(alive(beforeNight3, 'otto')).toBe(true);
    expect(deriveState(beforeNight3).players.find((p) => p.slot.id === 'otto')?.spent).toEqual({ 'mafia-shield': 2 });
  });

  it('001: the one-shot vest stops the first kill only', () => {
    const ruleset = rulesets['forum-template-001'];
    let log: GameEvent[] = [
      roster([
        { slotId: 'leo', name: 'Leo', faction: 'mafia', role: 'goon' },
        { slotId: 'gorny', name: 'Gorny', faction: 'town', role: 'vest' },
        { slotId: 'dredd', name: 'Dredd', faction: 'town', role: 'vanilla' },
        { slotId: 'zarn', name: 'Zarn', faction: 'town', role: 'vanilla' },
      ]),
      phase('day', 1),
    ];
    log = resolveTonight([...log, phase('night', 1), use('leo', 'factional-kill', 'gorny')], ruleset, 1);
    expect(alive(log, 'gorny')).toBe(true);
    log = resolveTonight([...log, phase('day', 2), phase('night', 2), use('leo', 'factional-kill', 'gorny')], ruleset, 2);
    expect(alive(log, 'gorny')).toBe(false);
  });

  it('004: a shot the Doctor stopped on Night 1 is the Mafia’s reserve on Night 2', () => {
    const ruleset = rulesets['russian-004'];
    const reds = ['r1', 'r2', 'r3', 'r4', 'r5'].map((id): PlayerSetup => ({ slotId: id, name: id, faction: 'red', role: 'citizen' }));
    let log: GameEvent[] = [
      roster([
        { slotId: 'm1', name: 'M1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
        { slotId: 'x', name: 'X', faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
        { slotId: 'doc', name: 'Doc', faction: 'red', role: 'doctor' },
        ...reds,
      ]),
      phase('day', 1),
    ];
    log = resolveTonight([...log, phase('night', 1), use('m1', 'kill', 'r1'), use('doc', 'heal', 'r1')], ruleset, 1);
    expect(alive(log, 'r1')).toBe(true);
    expect(deriveState(log).reserveKills).toEqual({ mafia: 1 });
    log = resolveTonight([...log, phase('day', 2), phase('night', 2), use('m1', 'kill', 'r2')], ruleset, 2);
    expect(alive(log, 'r2')).toBe(false);
    // The Mafia's reserve is spent; the Maniac, who sent nothing on its own night, now holds one.
    expect(deriveState(log).reserveKills).toEqual({ mafia: 0, maniac: 1 });
  });

  it('003: an elected leader’s kill order outranks the best-ranked member’s from the next phase on', () => {
    const ruleset = rulesets['detective-conan-003'];
    const town = ['ran', 'kazuha', 'sonoko', 'ayumi', 'genta'].map((id): PlayerSetup => ({
      slotId: id,
      name: id,
      faction: 'town',
      role: 'townsfolk',
    }));
    const start: GameEvent[] = [
      roster([
        { slotId: 'gin', name: 'Gin', faction: 'bo', role: 'bo-member', rank: 1 },
        { slotId: 'vodka', name: 'Vodka', faction: 'bo', role: 'bo-member', rank: 2 },
        { slotId: 'police', name: 'Takagi', faction: 'town', role: 'police' },
        ...town,
      ]),
    ];
    const orders = [use('gin', 'night-kill', 'ran'), use('vodka', 'night-kill', 'kazuha')];
    // Gin leads by rank.
    const byRank = resolveTonight([...start, phase('night', 1), ...orders], ruleset, 1);
    expect([alive(byRank, 'ran'), alive(byRank, 'kazuha')]).toEqual([false, true]);
    // The BO elects Vodka.
    const elected = resolveTonight([...start, { type: 'leader/set', slotId: 'vodka' }, phase('night', 1), ...orders], ruleset, 1);
    expect([alive(elected, 'ran'), alive(elected, 'kazuha')]).toEqual([true, false]);
    expect(
      deriveState(elected)
        .players.filter((p) => p.leader === true)
        .map((p) => p.name),
    ).toEqual(['Vodka']);
  });

  it('a game stored before statuses had a night meaning reads its preset’s: an old 003 game still cannot kill a player abroad', () => {
    const preset = rulesets['detective-conan-003'];
    const stored: Ruleset = { ...preset, statuses: preset.statuses.map(({ night: _night, ...old }) => old) };
    const log = resolveTonight(
      [
        roster([
          { slotId: 'gin', name: 'Gin', faction: 'bo', role: 'bo-member', rank: 1 },
          { slotId: 'shinichi', name: 'Shinichi', faction: 'town', role: 'traveler' },
          { slotId: 'ran', name: 'Ran', faction: 'town', role: 'townsfolk' },
          { slotId: 'kazuha', name: 'Kazuha', faction: 'town', role: 'townsfolk' },
        ]),
        phase('night', 1),
        { type: 'status/add', slotId: 'shinichi', status: 'abroad' },
        use('gin', 'night-kill', 'shinichi'),
      ],
      stored,
      1,
    );
    expect(alive(log, 'shinichi')).toBe(true);
  });
});
