/**
 * 001's standard forum roles under the simple (ordered) method: one pass,
 * swaps first, then blocks, protections, kills, investigations, tracking.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, type NightInput } from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, player, rulesForumSimple, told } from './helpers';

const resolve = (input: NightInput) => resolveNight(input, rulesForumSimple, createRng(1));

describe('001 simple method: the standard forum roles', () => {
  it('a Roleblocker stops the Vigilante', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('R', 'roleblocker'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A']), act('R', 'block', ['V'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'V', by: 'R' }]);
  });
  it('a Jailkeeper protects the target and stops the target acting', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('J', 'jailkeeper'), player('C', 'cop')],
        [act('G', 'factional-kill', ['C']), act('J', 'jail', ['C']), act('C', 'investigate', ['G'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'C')).toEqual([]);
  });
  it('a Redirector sends the Vigilante’s shot to a new target', () => {
    const r = resolve(
      night(
        [player('V', 'vigilante'), player('X', 'redirector'), player('A', 'vanilla'), player('B', 'vanilla')],
        [act('V', 'shoot', ['A']), act('X', 'redirect', ['V', 'B'])],
      ),
    );
    expect(deaths(r)).toEqual(['B']);
  });
  it('the Tracker sees where the target went; the Watcher sees who came', () => {
    const players = [player('G', 'goon', 'mafia'), player('T', 'tracker'), player('W', 'watcher'), player('A', 'vanilla')];
    const r = resolve(night(players, [act('G', 'factional-kill', ['A']), act('T', 'track', ['G']), act('W', 'watch', ['A'])]));
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['G'], ['A'])]);
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['A'], ['G'])]);
  });
  it('a tracked player who did nothing stayed home', () => {
    const r = resolve(night([player('T', 'tracker'), player('A', 'vanilla')], [act('T', 'track', ['A'])]));
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['A'], [])]);
  });
  it('a Paranoid Gun Owner shoots the Cop who visits', () => {
    const r = resolve(night([player('C', 'cop'), player('P', 'paranoid-gun-owner')], [act('C', 'investigate', ['P'])]));
    expect(deaths(r)).toEqual(['C']);
  });
  it('the one-shot vest stops one kill, then is used up', () => {
    const fresh = resolve(night([player('V', 'vigilante'), player('G', 'vest')], [act('V', 'shoot', ['G'])]));
    expect(deaths(fresh)).toEqual([]);
    const used = resolve(
      night([player('V', 'vigilante'), player('G', 'vest', 'town', { spent: { vest: 1 } })], [act('V', 'shoot', ['G'])]),
    );
    expect(deaths(used)).toEqual(['G']);
  });
  it('a Doctor saves the Mafia’s target; an insane Cop gets the opposite answer', () => {
    const players = [player('G', 'hitman', 'mafia'), player('D', 'doctor'), player('I', 'insane-cop'), player('A', 'vanilla')];
    const r = resolve(night(players, [act('G', 'factional-kill', ['A']), act('D', 'protect', ['A']), act('I', 'investigate', ['A'])]));
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'I')).toEqual([told('alignment-check', ['A'], true)]);
  });
  it('a Bus Driver swaps the kill onto the other player', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('X', 'bus-driver'), player('A', 'vanilla'), player('B', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('X', 'swap', ['A', 'B'])],
      ),
    );
    expect(deaths(r)).toEqual(['B']);
  });
});
