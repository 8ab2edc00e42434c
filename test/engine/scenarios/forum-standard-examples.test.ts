/**
 * Natural Action Resolution's classic worked cases (issue 19), re-expressed as
 * our own nights on the forum-standard preset. Each case names, in our words,
 * the NAR rule it checks: the golden rule (an action that changes another
 * resolves before it), the loop list (bus, block, redirect, protect, kill,
 * inspect) and the ruling that kills land at the end of the night.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, rulesets, type NightInput } from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, nightRulesFor, player, told } from '../night/helpers';

const rules = nightRulesFor(rulesets['forum-standard']);
const resolve = (input: NightInput) => resolveNight(input, rules, createRng(1));

describe('NAR worked examples', () => {
  it('bus drive moves both the kill and the protection: a Doctor and the kill on the same player follow him to the other (swaps change targets, so they go first)', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('X', 'bus-driver'), player('D', 'doctor'), player('A', 'vanilla'), player('B', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('D', 'protect', ['A']), act('X', 'swap', ['A', 'B'])],
      ),
    );
    // Kill and protection both land on B: B is saved, A was never touched.
    expect(deaths(r)).toEqual([]);
  });

  it('bus drive splits a kill from its protection: the Doctor guards A, the kill aimed at B lands on A and the protection on B (a swap moves every action on its two players)', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('X', 'bus-driver'), player('D', 'doctor'), player('A', 'vanilla'), player('B', 'vanilla')],
        [act('G', 'factional-kill', ['B']), act('D', 'protect', ['A']), act('X', 'swap', ['A', 'B'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
  });

  it('a Roleblocker on a Redirector with no loop: the block changes the redirect, so it lands first and the shot goes where it was aimed (golden rule)', () => {
    const r = resolve(
      night(
        [player('R', 'roleblocker'), player('X', 'redirector'), player('V', 'vigilante'), player('A', 'vanilla'), player('B', 'vanilla')],
        [act('V', 'shoot', ['A']), act('X', 'redirect', ['V', 'B']), act('R', 'block', ['X'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'X', ability: 'redirect', by: 'R' }]);
  });

  it('a Redirector moves the Roleblocker onto the mafia’s killer: the redirect changes the block, so it goes first and the kill is stopped (golden rule)', () => {
    const r = resolve(
      night(
        [
          player('G', 'goon', 'mafia'),
          player('R', 'roleblocker'),
          player('X', 'redirector'),
          player('A', 'vanilla'),
          player('B', 'vanilla'),
        ],
        [act('G', 'factional-kill', ['A']), act('R', 'block', ['B']), act('X', 'redirect', ['R', 'G'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'G', by: 'R' }]);
  });

  it('a Jailkeeper and a Bodyguard on the same target: the jail protects first, so the Bodyguard has no kill to take and lives (blocks and jails before protections)', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('J', 'jailkeeper'), player('B', 'bodyguard'), player('A', 'vanilla')],
        [act('G', 'factional-kill', ['A']), act('J', 'jail', ['A']), act('B', 'stand-in', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
  });

  it('a Tracker on a redirected Vigilante sees where the shot really went, not where it was aimed (inspections come last, after every move)', () => {
    const r = resolve(
      night(
        [
          player('V', 'vigilante'),
          player('X', 'redirector'),
          player('T', 'tracker'),
          player('W', 'watcher'),
          player('A', 'vanilla'),
          player('B', 'vanilla'),
        ],
        [act('V', 'shoot', ['A']), act('X', 'redirect', ['V', 'B']), act('T', 'track', ['V']), act('W', 'watch', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['B']);
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['V'], ['B'])]);
    // The Watcher on the intended target sees nobody come.
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['A'], [])]);
  });

  it('a Godfather investigated reads town, yet a Tracker still sees his kill visit (immunity hides the alignment, not the visit)', () => {
    const r = resolve(
      night(
        [player('F', 'godfather', 'mafia'), player('C', 'cop'), player('T', 'tracker'), player('A', 'vanilla')],
        [act('F', 'factional-kill', ['A']), act('C', 'investigate', ['F']), act('T', 'track', ['F'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['F'], false)]);
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['F'], ['A'])]);
  });

  it('a Strongman through a Doctor: the protection lands but the strongman kill ignores it (a strongman kill is not stopped by protection)', () => {
    const r = resolve(
      night(
        [player('S', 'strongman', 'mafia'), player('D', 'doctor'), player('A', 'vanilla')],
        [act('S', 'factional-kill', ['A']), act('D', 'protect', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
  });

  it('a Commuter shot: he is away, the Vigilante’s shot finds nobody and the Commuter lives (a commute comes before everything aimed at him)', () => {
    const r = resolve(
      night([player('V', 'vigilante'), player('C', 'commuter')], [act('V', 'shoot', ['C'], 1), act('C', 'commute', [], 2)]),
    );
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'V', cause: 'thwarted' }]);
  });

  it('a Hider behind the killed: the one he hid behind dies, so he dies with him (hiding moves the Hider out of reach but ties him to his host)', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('H', 'hider'), player('A', 'vanilla')],
        [act('H', 'hide', ['A']), act('G', 'factional-kill', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['A', 'H']);
  });

  it('a roleblocked Doctor does not protect: the block lands before the protection and the kill goes through (blocks before protections)', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('R', 'roleblocker', 'mafia'), player('D', 'doctor'), player('A', 'vanilla')],
        [act('G', 'factional-kill', ['A'], 1), act('D', 'protect', ['A'], 2), act('R', 'block', ['D'], 3)],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'D', ability: 'protect', by: 'R' }]);
  });

  it('a Cop killed the night he investigates still learns his result (kills happen at the end of the night and stop no action)', () => {
    const r = resolve(
      night([player('G', 'goon', 'mafia'), player('C', 'cop')], [act('G', 'factional-kill', ['C']), act('C', 'investigate', ['G'])]),
    );
    expect(deaths(r)).toEqual(['C']);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['G'], true)]);
  });

  it('a Bus Driver moves the Cop’s check: the Cop aimed at the Goon learns about the townie swapped in (a swap moves inspections too)', () => {
    const r = resolve(
      night(
        [player('G', 'goon', 'mafia'), player('X', 'bus-driver'), player('C', 'cop'), player('A', 'vanilla')],
        [act('C', 'investigate', ['G']), act('X', 'swap', ['G', 'A'])],
      ),
    );
    expect(messagesTo(r, 'C').map((m) => m.value)).toEqual([false]);
  });

  it('a Bodyguard takes the kill in his charge’s place; a Doctor on the Bodyguard saves him too (protections before kills, each stopping one kill)', () => {
    const players = [player('G', 'goon', 'mafia'), player('B', 'bodyguard'), player('D', 'doctor'), player('A', 'vanilla')];
    const alone = resolve(night(players, [act('G', 'factional-kill', ['A']), act('B', 'stand-in', ['A'])]));
    expect(deaths(alone)).toEqual(['B']);
    const saved = resolve(night(players, [act('G', 'factional-kill', ['A']), act('B', 'stand-in', ['A']), act('D', 'protect', ['B'])]));
    expect(deaths(saved)).toEqual([]);
  });

  it('a Bulletproof player shot holds on his vest, and the report does not call it used up (a passive no action can change resolves at once)', () => {
    const r = resolve(night([player('V', 'vigilante'), player('P', 'bulletproof')], [act('V', 'shoot', ['P'])]));
    expect(deaths(r)).toEqual([]);
    const spent = eventsOf(r, 'protection-spent');
    expect(spent.map((e) => e.reasons[0]?.message?.code)).toEqual(['night/vest-held']);
    // A One-shot Bulletproof's vest is used up by the same shot.
    const once = resolve(night([player('V', 'vigilante'), player('O', 'one-shot-bulletproof')], [act('V', 'shoot', ['O'])]));
    expect(eventsOf(once, 'protection-spent').map((e) => e.reasons[0]?.message?.code)).toEqual(['night/vest-stopped']);
  });
});
