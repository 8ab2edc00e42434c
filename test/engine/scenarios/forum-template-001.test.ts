import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../src/engine';
import { failedExpectations, playScript, playText, readScript } from './run-script';

describe('seed 001, the forum template: a whole game from roster to winner', () => {
  const result = playScript('forum-template-001.game');

  it('holds every expectation the script states', () => {
    expect(result.expectations.length).toBeGreaterThanOrEqual(7);
    expect(failedExpectations(result)).toEqual([]);
  });

  it('plays day 1, night 1 and day 2, and the town wins when the last mafia is lynched', () => {
    expect(result.phases.map((p) => `${p.phase.kind} ${p.phase.number}`)).toEqual(['day 1', 'night 1', 'day 2']);
    expect(result.end?.reason).toBe('win/mafia-gone');
    expect(result.end?.winningSides).toEqual(['town']);
  });

  it('locks the day 1 lynch once Pyro has one vote beyond the majority of 4', () => {
    const day1 = result.phases[0]?.tallies[0];
    expect(day1?.majority).toBe(4);
    expect(day1?.locked).toBe('Pyro');
  });

  it('ends the final state where the log says: the event log derives it', () => {
    const state = deriveState(result.events);
    expect(state.ended?.reason).toBe('win/mafia-gone');
    expect(
      state.players
        .filter((p) => !p.alive)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Leo', 'Pyro']);
  });

  it('the 50% rule calls the game for the mafia when the town can no longer reach a majority', () => {
    const fifty = playScript('forum-template-001-fifty-percent.game');
    expect(failedExpectations(fifty)).toEqual([]);
    expect(fifty.end?.reason).toBe('win/fifty-percent-rule');
    expect(fifty.openQuestions.map((q) => q.setting)).toContain('win.mafiaWinsWhen');
  });

  it('reports a wrong expectation instead of passing it', () => {
    const wrong = playText(readScript('forum-template-001.game').replace('expect lynched Pyro', 'expect lynched Leo'));
    expect(failedExpectations(wrong)).toEqual(['line 28: expect lynched Leo (got: Pyro)']);
  });

  it('with "set voting.lock false", the unvote after the majority counts and the lynch needs the majority at the end', () => {
    const text = readScript('forum-template-001.game')
      .replace('seed 1', 'seed 1\nset voting.lock false')
      .replace('expect void Noodle vote/after-lock', '')
      .replace('expect total Pyro 5', 'expect total Pyro 4');
    const unlocked = playText(text);
    expect(failedExpectations(unlocked)).toEqual([]);
    expect(unlocked.phases[0]?.tallies[0]?.locked).toBeUndefined();
  });

  it("the seed's worked night example, resolved by the night rules: the vest stops the kill, the sane cop is told 'not mafia'", () => {
    const example = playScript('forum-template-001-night-example.game');
    expect(failedExpectations(example)).toEqual([]);
    const night = example.phases[1];
    expect(night?.deaths).toEqual([]);
    expect(night?.privateMessages.map((m) => [m.name, m.text])).toEqual([['Noodle', 'Your investigation of Noodle: not Mafia.']]);
  });
});
