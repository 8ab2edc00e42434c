/**
 * Every worked example of seed 001's Reasonable Action Resolution, in the
 * seed's own words, with the outcome the seed gives.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight } from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, player, reasonTexts, rulesForumReasonable, told } from './helpers';

const rar = (input: Parameters<typeof resolveNight>[0]) => resolveNight(input, rulesForumReasonable, createRng(1));

describe('001 Reasonable Action Resolution: worked examples', () => {
  it('A Vigilante shoots player A', () => {
    const r = rar(night([player('V', 'vigilante'), player('A', 'vanilla')], [act('V', 'shoot', ['A'])]));
    expect(deaths(r)).toEqual(['A']);
  });

  it('A Cop investigates player A', () => {
    const r = rar(night([player('C', 'cop'), player('A', 'goon', 'mafia')], [act('C', 'investigate', ['A'])]));
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['A'], true)]);
  });

  it('A Doctor protects player A, and a Vigilante shoots player A', () => {
    const r = rar(
      night(
        [player('V', 'vigilante'), player('D', 'doctor'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A']), act('D', 'protect', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
    const survived = eventsOf(r, 'survived')[0];
    expect(survived?.player).toBe('A');
    expect(reasonTexts(survived).join('\n')).toMatch(/D protected A \(the protection prevents kills\)/);
  });

  it('Player B (a Doctor) protects player A, a Vigilante shoots player A, and a Roleblocker blocks player B', () => {
    const r = rar(
      night(
        [player('V', 'vigilante'), player('B', 'doctor'), player('R', 'roleblocker'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A']), act('B', 'protect', ['A']), act('R', 'block', ['B'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
  });

  it('... and player D (a Roleblocker) blocks player C, the Roleblocker blocking the Doctor', () => {
    const r = rar(
      night(
        [player('V', 'vigilante'), player('B', 'doctor'), player('C', 'roleblocker'), player('D', 'roleblocker'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A']), act('B', 'protect', ['A']), act('C', 'block', ['B']), act('D', 'block', ['C'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
  });

  it('Doctor protects A, Vigilante shoots A, a Jailkeeper targets A, and a Roleblocker blocks the Doctor', () => {
    const r = rar(
      night(
        [player('V', 'vigilante'), player('B', 'doctor'), player('J', 'jailkeeper'), player('R', 'roleblocker'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A']), act('B', 'protect', ['A']), act('J', 'jail', ['A']), act('R', 'block', ['B'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
  });

  it('Rule 3: a Vigilante (B) shoots A and a Tracker tracks B: the Tracker sees B visit A', () => {
    const r = rar(
      night(
        [player('B', 'vigilante'), player('T', 'tracker'), player('A', 'vanilla')],
        [act('B', 'shoot', ['A']), act('T', 'track', ['B'])],
      ),
    );
    expect(messagesTo(r, 'T')).toEqual([told('target-visits', ['B'], ['A'])]);
  });

  it('... and a Roleblocker blocks the Tracker: no result', () => {
    const r = rar(
      night(
        [player('B', 'vigilante'), player('C', 'tracker'), player('R', 'roleblocker'), player('A', 'vanilla')],
        [act('B', 'shoot', ['A']), act('C', 'track', ['B']), act('R', 'block', ['C'])],
      ),
    );
    expect(messagesTo(r, 'C')).toEqual([]);
    expect(deaths(r)).toEqual(['A']);
  });

  it('... and a Roleblocker blocks the Vigilante: the Tracker sees B go nowhere', () => {
    const r = rar(
      night(
        [player('B', 'vigilante'), player('C', 'tracker'), player('R', 'roleblocker'), player('A', 'vanilla')],
        [act('B', 'shoot', ['A']), act('C', 'track', ['B']), act('R', 'block', ['B'])],
      ),
    );
    expect(messagesTo(r, 'C')).toEqual([told('target-visits', ['B'], [])]);
    expect(deaths(r)).toEqual([]);
  });

  it('A Vigilante (B) shoots A, and a Redirector redirects B onto C', () => {
    const r = rar(
      night(
        [player('B', 'vigilante'), player('X', 'redirector'), player('A', 'vanilla'), player('C', 'vanilla')],
        [act('B', 'shoot', ['A']), act('X', 'redirect', ['B', 'C'])],
      ),
    );
    expect(deaths(r)).toEqual(['C']);
  });

  it('A Cop (A) investigates a Paranoid Gun Owner (B): A dies', () => {
    const r = rar(night([player('A', 'cop'), player('B', 'paranoid-gun-owner')], [act('A', 'investigate', ['B'])]));
    expect(deaths(r)).toEqual(['A']);
    expect(eventsOf(r, 'death')[0]?.cause).toBe('pgo');
  });

  it('... and a Doctor protects A: A survives', () => {
    const r = rar(
      night(
        [player('A', 'cop'), player('B', 'paranoid-gun-owner'), player('D', 'doctor')],
        [act('A', 'investigate', ['B']), act('D', 'protect', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
  });

  it('Bus drivers, case 1: Vigilante shoots B; one Bus Driver swaps A and B, another swaps B and C: the swaps cancel out and B dies', () => {
    const r = rar(
      night(
        [
          player('V', 'vigilante'),
          player('X', 'bus-driver'),
          player('Y', 'bus-driver'),
          player('A', 'vanilla'),
          player('B', 'vanilla'),
          player('C', 'vanilla'),
        ],
        [act('V', 'shoot', ['B']), act('X', 'swap', ['A', 'B']), act('Y', 'swap', ['B', 'C'])],
      ),
    );
    // A: swapped onto A, countered by the swap onto C; C likewise; B: both swaps away are counteracted.
    expect(deaths(r)).toEqual(['B']);
    const texts = reasonTexts(eventsOf(r, 'death')[0]).join('\n');
    expect(texts).toMatch(/already redirected elsewhere/);
  });

  it('Bus drivers, case 2: Vigilante shoots A; one Bus Driver swaps A and B, another swaps B and C: A and B live', () => {
    const r = rar(
      night(
        [
          player('V', 'vigilante'),
          player('X', 'bus-driver'),
          player('Y', 'bus-driver'),
          player('A', 'vanilla'),
          player('B', 'vanilla'),
          player('C', 'vanilla'),
        ],
        [act('V', 'shoot', ['A']), act('X', 'swap', ['A', 'B']), act('Y', 'swap', ['B', 'C'])],
      ),
    );
    const d = deaths(r);
    expect(d).not.toContain('A');
    expect(d).not.toContain('B');
    // The seed stops at B; following both swaps the kill ends on C (setting chainedSwaps, reported).
    expect(d).toEqual(['C']);
    expect(r.ambiguities.map((a) => a.setting)).toContain('chainedSwaps');
  });

  it('Rule 4: Vigilante shoots A; A (Roleblocker) blocks B; B (Jailkeeper) jails A: A dies', () => {
    const r = rar(
      night(
        [player('V', 'vigilante'), player('A', 'roleblocker'), player('B', 'jailkeeper')],
        [act('V', 'shoot', ['A']), act('A', 'block', ['B']), act('B', 'jail', ['A'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
    const texts = reasonTexts(eventsOf(r, 'death')[0]).join('\n');
    expect(texts).toMatch(/rule 4/);
  });

  it('Rule 4, related case: B (Mafia Roleblocker) shoots and roleblocks A; A (Jailkeeper) jails B: A dies', () => {
    const r = rar(
      night(
        [player('B', 'mafia-roleblocker', 'mafia'), player('A', 'jailkeeper')],
        [act('B', 'factional-kill', ['A']), act('B', 'block', ['A']), act('A', 'jail', ['B'])],
      ),
    );
    expect(deaths(r)).toEqual(['A']);
  });
});

describe('001 Reasonable Action Resolution: default rulings', () => {
  it('a player cannot self-target unless the ability only self-targets', () => {
    const r = rar(night([player('D', 'doctor'), player('V', 'vigilante')], [act('D', 'protect', ['D'])]));
    expect(r.refused.map((x) => x.reason)).toEqual(['night/self-target']);
  });
  it('killing a player does not prevent them using night actions', () => {
    const r = rar(
      night(
        [player('V', 'vigilante'), player('C', 'cop'), player('M', 'goon', 'mafia')],
        [act('V', 'shoot', ['C']), act('C', 'investigate', ['M'])],
      ),
    );
    expect(deaths(r)).toEqual(['C']);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['M'], true)]);
  });
  it('a one-shot bulletproof vest stops a kill and cannot be roleblocked', () => {
    const r = rar(
      night(
        [player('V', 'vigilante'), player('G', 'vest'), player('R', 'roleblocker')],
        [act('V', 'shoot', ['G']), act('R', 'block', ['G'])],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'protection-spent').map((e) => e.player)).toEqual(['G']);
  });
  it('a vest is not used up when a Doctor already stopped the kill... unless nothing else did', () => {
    const doc = rar(
      night([player('V', 'vigilante'), player('G', 'vest'), player('D', 'doctor')], [act('V', 'shoot', ['G']), act('D', 'protect', ['G'])]),
    );
    expect(deaths(doc)).toEqual([]);
    expect(eventsOf(doc, 'protection-spent')).toEqual([]);
    const blocked = rar(
      night(
        [player('V', 'vigilante'), player('G', 'vest'), player('R', 'roleblocker')],
        [act('V', 'shoot', ['G']), act('R', 'block', ['V'])],
      ),
    );
    expect(eventsOf(blocked, 'protection-spent')).toEqual([]);
  });
  it('cop sanity: insane, naive and paranoid cops', () => {
    const players = [
      player('I', 'insane-cop'),
      player('N', 'naive-cop'),
      player('P', 'paranoid-cop'),
      player('M', 'goon', 'mafia'),
      player('T', 'vanilla'),
    ];
    const r = rar(night(players, [act('I', 'investigate', ['M']), act('N', 'investigate', ['M']), act('P', 'investigate', ['T'])]));
    expect(messagesTo(r, 'I')).toEqual([told('alignment-check', ['M'], false)]);
    expect(messagesTo(r, 'N')).toEqual([told('alignment-check', ['M'], false)]);
    expect(messagesTo(r, 'P')).toEqual([told('alignment-check', ['T'], true)]);
  });
  it('a Watcher sees who visited the target', () => {
    const r = rar(
      night(
        [player('W', 'watcher'), player('V', 'vigilante'), player('D', 'doctor'), player('A', 'vanilla')],
        [act('W', 'watch', ['A']), act('V', 'shoot', ['A']), act('D', 'protect', ['A'])],
      ),
    );
    expect(messagesTo(r, 'W')).toEqual([told('visited-by', ['A'], ['D', 'V'])]);
  });
});

describe('001 Reasonable Action Resolution: nights full of redirections', () => {
  it('nine Bus Drivers, each roleblocked, still resolve, and the redirection limit is reported', () => {
    const pairs = [
      ['A', 'B'],
      ['B', 'C'],
      ['C', 'A'],
    ];
    const n = 9;
    const players = [
      player('V', 'vigilante'),
      player('D', 'doctor'),
      ...Array.from({ length: n }, (_, i) => player(`X${i}`, 'bus-driver')),
      ...Array.from({ length: n }, (_, i) => player(`R${i}`, 'roleblocker')),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
      player('C', 'vanilla'),
    ];
    const actions = [
      act('V', 'shoot', ['A']),
      act('D', 'protect', ['B']),
      ...Array.from({ length: n }, (_, i) => act(`X${i}`, 'swap', pairs[i % 3] ?? [])),
      ...Array.from({ length: n }, (_, i) => act(`R${i}`, 'block', [`X${i}`])),
    ];
    const r = rar(night(players, actions));
    // Every Bus Driver is roleblocked, so the shot stays on A.
    expect(deaths(r)).toEqual(['A']);
    expect(r.ambiguities.map((a) => a.setting)).toContain('redirectionLimit');
  });
});
