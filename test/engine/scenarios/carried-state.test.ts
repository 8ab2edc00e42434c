/**
 * What one night leaves for the next ones, played as whole games the way a
 * host runs them: the actions of each night are resolved by Gavel ("resolve
 * night") and the next night starts from the game's event log.
 */
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../src/engine';
import { failedExpectations, playScript } from './run-script';

describe('seed 000: a Butler survives the Mafia twice, not three times', () => {
  const result = playScript('mafia-1923-000-butler.game');
  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBe(3);
    expect(failedExpectations(result)).toEqual([]);
  });
  it('the log records each spent protection, so undoing the second night gives it back', () => {
    const spent = result.events.filter((e) => e.type === 'protection/spend');
    expect(spent).toEqual([
      { type: 'protection/spend', slotId: 'Otto', protection: 'mafia-shield' },
      { type: 'protection/spend', slotId: 'Otto', protection: 'mafia-shield' },
    ]);
    const second = result.events.findLastIndex((e) => e.type === 'protection/spend');
    const otto = (n: number) => deriveState(result.events.slice(0, n)).players.find((p) => p.slot.id === 'Otto');
    expect(otto(second + 1)?.spent).toEqual({ 'mafia-shield': 2 });
    expect(otto(second)?.spent).toEqual({ 'mafia-shield': 1 });
  });
});

describe("seed 000: the Bodyguard's automatic self-protection works once", () => {
  it('holds every expectation the script states', () => {
    const result = playScript('mafia-1923-000-bodyguard.game');
    expect(result.expectations.length).toBe(3);
    expect(failedExpectations(result)).toEqual([]);
  });
});

describe('seed 000: exiled players do not count toward the Mafia’s kill quota', () => {
  const result = playScript('mafia-1923-000-exiled.game');
  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBe(5);
    expect(failedExpectations(result)).toEqual([]);
  });
  it('Night 2 refuses the order for two victims: one kill for 19 counted players', () => {
    const night2 = result.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 2)?.night;
    expect(night2?.refused.map((r) => r.reason)).toEqual(['night/too-many-targets']);
  });
});

describe('seed 001: a one-shot vest saves once', () => {
  const result = playScript('forum-template-001-vest.game');
  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBe(4);
    expect(failedExpectations(result)).toEqual([]);
  });
  it('the vest is recorded as used up after Night 1', () => {
    expect(result.events.filter((e) => e.type === 'protection/spend')).toEqual([
      { type: 'protection/spend', slotId: 'Gorny', protection: 'vest' },
    ]);
  });
});

describe('seed 004: a reserve shot is used on the next night', () => {
  const result = playScript('russian-004-reserve.game');
  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBe(9);
    expect(failedExpectations(result)).toEqual([]);
  });
  it('the log carries the Mafia’s reserve into Night 2 and spends it there; an unused Maniac night is kept too', () => {
    expect(result.events.filter((e) => e.type === 'night/carry')).toEqual([
      { type: 'night/carry', faction: 'mafia', reserveKills: 1 },
      { type: 'night/carry', faction: 'mafia', reserveKills: 0 },
      // The Maniac sent nothing on Night 4, its own night: "an unused kill stays in reserve until it is realised".
      { type: 'night/carry', faction: 'maniac', reserveKills: 1 },
    ]);
  });
  it('Night 4 refuses the Mafia’s order: not its night, and nothing in reserve', () => {
    const night4 = result.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 4)?.night;
    expect(night4?.refused.map((r) => [r.action.actor, r.reason])).toEqual([['Misha', 'night/not-this-night']]);
  });
});

describe('seed 003: the Black Organization’s kill rotation and one APTX pill per phase', () => {
  const result = playScript('detective-conan-003-rotation.game');
  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBe(7);
    expect(failedExpectations(result)).toEqual([]);
  });
  it('Night 2 refuses Gin’s second kill before Vodka has had a turn', () => {
    const night2 = result.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 2)?.night;
    expect(night2?.refused.map((r) => [r.action.actor, r.reason])).toEqual([['Gin', 'night/not-your-turn']]);
    expect(
      deriveState(result.events)
        .players.filter((p) => p.faction === 'bo')
        .map((p) => [p.name, p.killsAttempted]),
    ).toEqual([
      ['Gin', 2],
      ['Vodka', 1],
    ]);
  });
});

describe('seed 003: an abroad player cannot be killed; an injured BO member still kills', () => {
  const result = playScript('detective-conan-003-abroad.game');
  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBe(4);
    expect(failedExpectations(result)).toEqual([]);
  });
  it('Night 1 refuses the kill on Shinichi, who is abroad', () => {
    const night1 = result.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 1)?.night;
    expect(night1?.refused.map((r) => [r.action.actor, r.reason])).toEqual([['Gin', 'night/target-status']]);
  });
});

describe('seed 000: a family’s lone member in court is executed with 0 votes', () => {
  it('holds every expectation the script states', () => {
    const result = playScript('mafia-1923-000-court-lone.game');
    expect(result.expectations.length).toBe(3);
    expect(failedExpectations(result)).toEqual([]);
  });
});
