/**
 * Seed 003: a whole scripted game through every status of the fragment and
 * of the preset, and the Black Organization's leadership changes.
 */
import { describe, expect, it } from 'vitest';
import { deriveState, rulesets, type GameEvent } from '../../../src/engine';
import { failedExpectations, playScript, playText } from './run-script';

const result = playScript('detective-conan-003-statuses.game');
const state = deriveState(result.events);
const slot = (name: string) => state.players.find((p) => p.name === name);
const inbox = (name: string): string[] => slot(name)?.inbox.map((m) => m.text) ?? [];
const day = (n: number) => result.phases.find((p) => p.phase.kind === 'day' && p.phase.number === n);
const night = (n: number) => result.phases.find((p) => p.phase.kind === 'night' && p.phase.number === n);

describe('seed 003: a scripted game through every status', () => {
  it('holds every expectation of the script, and the town wins once the BO is dead or arrested', () => {
    expect(failedExpectations(result)).toEqual([]);
    expect(result.expectations.length).toBeGreaterThanOrEqual(20);
    expect(result.end?.winningSides).toEqual(['town']);
  });

  it('uses every status of the ruleset (abroad, injured, suspended, arrested, hindered, APTXed, lover, suitcase) and deaths', () => {
    const added = new Set(
      result.events.filter((e): e is Extract<GameEvent, { type: 'status/add' }> => e.type === 'status/add').map((e) => e.status),
    );
    expect([...added].sort()).toEqual(rulesets['detective-conan-003'].statuses.map((s) => s.id).sort());
    expect(state.players.filter((p) => !p.alive).map((p) => p.name)).toEqual(['Gin', 'Vodka', 'Pisco', 'Megure', 'Ran', 'Ayumi']);
  });

  it('"The BO may elect to choose a leader … 50%+ of the BO vote … effective the next phase", and tells the members', () => {
    const leaders = result.events.filter((e): e is Extract<GameEvent, { type: 'leader/set' }> => e.type === 'leader/set');
    // Elected on Day 1; the highest rank left (Gin) when Pisco is lynched on Day 2; Tequila when Gin is lynched on Day 3.
    expect(leaders.map((e) => e.slotId)).toEqual(['Pisco', 'Gin', 'Tequila']);
    expect(inbox('Vodka')).toContain('Pisco now leads the Black Organization.');
    expect(inbox('Gin')).toContain('Gin now leads the Black Organization.');
    expect(inbox('Tequila')).toContain('Tequila now leads the Black Organization.');
    // The town is told nothing.
    expect(inbox('Conan').some((t) => t.includes('leads'))).toBe(false);
    // The election is counted at the end of Day 1, so the leadership changes with the night.
    const electedAt = result.events.findIndex((e) => e.type === 'leader/set');
    const night2 = result.events.findIndex((e) => e.type === 'phase/start' && e.phase.kind === 'night' && e.phase.number === 2);
    expect(electedAt).toBeLessThan(night2);
    expect(electedAt).toBeGreaterThan(result.events.findIndex((e) => e.type === 'day/result'));
  });

  it('"A Will will get lost if the body is removed by Piscos ability. Pisco will receive the Will then."', () => {
    expect(day(1)?.openingPost).not.toContain('My diary');
    expect(inbox('Pisco')).toContain('You took the will of Ayumi: My diary names the man in black.');
  });

  it('"Police who try to arrest someone for a false charge will get suspended" — and a true charge arrests', () => {
    const suspended = result.events.find((e) => e.type === 'status/add' && e.status === 'suspended');
    expect(suspended).toEqual({ type: 'status/add', slotId: 'Sato', status: 'suspended', phases: 3 });
    // "Suspensions will not be shown."
    expect(result.phases.map((p) => p.openingPost).join('\n')).not.toContain('suspended');
    expect(day(2)?.openingPost).toContain('Tequila is arrested.');
  });

  it("Kazuha's accompaniment takes one vote off, and fails once she is APTXed", () => {
    expect(day(1)?.tallies.at(-1)?.outcome.kind).toBe('no-lynch');
    // "lynch votes (+ modifiers like accompany/accusation if it makes a change in the vote)"
    expect(day(1)?.resultPost).toContain('Kazuha accompanied Vodka: one vote fewer against Vodka');
    expect(day(2)?.resultPost).not.toContain('accompanied');
    expect(
      day(2)
        ?.tallies.at(-1)
        ?.deaths.map((d) => d.slotId),
    ).toEqual(['Pisco']);
  });

  it('"Lynch votes won\'t be shown in the case of Voice of Reason"; on other days they are', () => {
    expect(day(1)?.resultPost).toContain('Megure → Vodka');
    expect(day(2)?.resultPost).not.toContain('→');
    expect(day(2)?.resultPost).toContain('Pisco');
  });

  it('"the killing Lover will suicide if the kill was successful"', () => {
    expect(slot('Vodka')?.death?.cause).toBe('lover-suicide');
    expect(day(2)?.openingPost).toContain('Vodka');
  });

  it('"Every Day phase, the leader will choose a member … to get the suitcase for the following night"', () => {
    expect(inbox('Tequila')).toContain('You carry the Black Suitcase tonight.');
    expect(night(2)).toBeDefined();
  });

  it('"Any actions, except those that release them from prison (Ex: Lawsuit, Satou manually releasing a detainee)"', () => {
    const releases = result.events.filter((e) => e.type === 'status/remove' && e.status === 'arrested');
    expect(releases).toEqual([{ type: 'status/remove', slotId: 'Tequila', status: 'arrested' }]);
  });
});

describe('seed 003: the BO election\'s threshold ("The player must have 50%+ of the BO vote to become leader")', () => {
  const script = (settings: string[]): string =>
    [
      'ruleset detective-conan-003',
      ...settings,
      'player Gin faction=bo role=bo-member rank=1',
      'player Vodka faction=bo role=bo-member rank=2',
      'player Ran faction=town role=townsfolk',
      'player Megure faction=town role=police',
      'player Kazuha faction=town role=kazuha',
      'player Heiji faction=town role=doctor',
      'night 1',
      '  Vodka votes leader Vodka',
      'day 1',
    ].join('\n');

  it('half of the members is not enough by default, and the open question is reported', () => {
    const played = playText(script([]));
    expect(played.events.some((e) => e.type === 'leader/set')).toBe(false);
    expect(played.openQuestions.map((q) => [q.setting, q.chosen])).toContainEqual(['phaseEnd.leaderElection.threshold', 'more-than-half']);
    // An election vote at night is read by the night's end: no warning that nothing reads it.
    expect(played.warnings).toEqual([]);
  });

  it('with the threshold set to half, Vodka leads from the next phase and the members are told', () => {
    const played = playText(script(['set phaseEnd.leaderElection.threshold "half"']));
    expect(played.events.filter((e) => e.type === 'leader/set')).toEqual([{ type: 'leader/set', slotId: 'Vodka' }]);
    const gin = deriveState(played.events).players.find((p) => p.name === 'Gin');
    expect(gin?.inbox.map((m) => m.text)).toEqual(['Vodka now leads the Black Organization.']);
  });
});
