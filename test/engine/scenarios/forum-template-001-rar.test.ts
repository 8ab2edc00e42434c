/**
 * Seed 001 under Reasonable Action Resolution (Method 2): the default rulings
 * the seed gives for RAR games, and the one-shot vest of its example roster.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight } from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, player, rulesForumReasonable, rulesForumSimple, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const rar = (input: Parameters<typeof resolveNight>[0]) => resolveNight(input, rulesForumReasonable, createRng(1));

describe('001 RAR default rulings: no self-targeting', () => {
  it('"A player cannot self-target (except with abilities that only self-target…)": a Cop investigating himself is refused under RAR', () => {
    const r = rar(night([player('Noodle', 'cop'), player('Leo', 'goon', 'mafia')], [act('Noodle', 'investigate', ['Noodle'])]));
    expect(r.refused.map((x) => [x.action.actor, x.reason])).toEqual([['Noodle', 'night/self-target']]);
    expect(messagesTo(r, 'Noodle')).toEqual([]);
  });

  it('the simple method keeps the seed\'s example "A. Noodle investigates Himself" (result: "Not Mafia")', () => {
    const r = resolveNight(
      night([player('Noodle', 'cop'), player('Leo', 'goon', 'mafia')], [act('Noodle', 'investigate', ['Noodle'])]),
      rulesForumSimple,
      createRng(1),
    );
    expect(messagesTo(r, 'Noodle')).toEqual([told('alignment-check', ['Noodle'], false)]);
  });

  it('in a played RAR game the self-investigation gives no result', () => {
    const played = playText(
      [
        'ruleset forum-template-001',
        'set night.method "reasonable"',
        'player Noodle faction=town role=cop',
        'player Leo faction=mafia role=goon',
        'player Gorny faction=town role=vanilla',
        'player Dredd faction=town role=vanilla',
        'day 1',
        'night 1',
        '  Noodle uses investigate Noodle',
        '  resolve night',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const n1 = played.phases.find((p) => p.phase.kind === 'night');
    expect(n1?.night?.refused.map((x) => x.reason)).toEqual(['night/self-target']);
    expect(n1?.privateMessages).toEqual([]);
  });
});

describe('001 RAR: "Gorny ( Vanilla Town - one shot BP Vest)" stops only the first kill of the night', () => {
  it('two kills on the vest holder in one night: the first is stopped, the second kills', () => {
    const r = rar(
      night(
        [player('V', 'vigilante'), player('Gorny', 'vest'), player('Leo', 'goon', 'mafia')],
        [act('Leo', 'factional-kill', ['Gorny'], 10), act('V', 'shoot', ['Gorny'], 20)],
      ),
    );
    expect(deaths(r)).toEqual(['Gorny']);
  });

  it('one kill on the vest holder: "the NK goes forward on Gorny but is blocked by the one shot BP"', () => {
    const r = rar(night([player('Gorny', 'vest'), player('Leo', 'goon', 'mafia')], [act('Leo', 'factional-kill', ['Gorny'])]));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'protection-spent').map((e) => e.player)).toEqual(['Gorny']);
  });

  it('a first kill that something else stops does not use the vest: the vest stops the next one', () => {
    const r = rar(
      night(
        [player('V', 'vigilante'), player('Gorny', 'vest'), player('Leo', 'goon', 'mafia'), player('R', 'roleblocker')],
        [act('Leo', 'factional-kill', ['Gorny'], 10), act('V', 'shoot', ['Gorny'], 20), act('R', 'block', ['Leo'], 30)],
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'protection-spent').map((e) => e.player)).toEqual(['Gorny']);
  });
});
