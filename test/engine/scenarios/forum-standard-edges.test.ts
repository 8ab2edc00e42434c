/**
 * The standard catalogue's last edges (issue 19): moves that compete to move
 * the same player's moves (setting `competingChangers`), a delayed Commuter or
 * Hider, the Ventriloquist's day, and the hammer in forum-standard.
 */
import { describe, expect, it } from 'vitest';
import {
  checkAction,
  createRng,
  deriveState,
  resolveNight,
  rulesets,
  tallyDay,
  withNight,
  type GameEvent,
  type PlayerSetup,
  type NightAction,
  type NightInput,
  type NightResolution,
  type NightRules,
} from '../../../src/engine';
import { act, deaths, night, nightRulesFor, player } from '../night/helpers';

const ruleset = rulesets['forum-standard'];
const rules = nightRulesFor(ruleset);
const asSent = nightRulesFor(withNight(ruleset, { settings: { competingChangers: 'as-sent' } }));
const resolve = (input: NightInput, with_: NightRules = rules): NightResolution => resolveNight(input, with_, createRng(1));
/** The same moves, sent in the given order. */
const sentIn = (actions: readonly NightAction[]): NightAction[] => actions.map((a, i) => ({ ...a, sentAt: 100 + i }));

describe('competing changers (setting competingChangers, forum-standard: slot order)', () => {
  const players = [
    player('R1', 'redirector'),
    player('R2', 'redirector'),
    player('V', 'vigilante'),
    player('A', 'vanilla'),
    player('B', 'vanilla'),
    player('C', 'vanilla'),
    player('G', 'goon', 'mafia'),
  ];

  it('two redirects of one player: the redirector first in slot order stands, whichever PM was sent first; the night reports the open question', () => {
    const moves = [act('R1', 'redirect', ['V', 'A']), act('R2', 'redirect', ['V', 'B']), act('V', 'shoot', ['C'])];
    for (const order of [moves, [...moves].reverse()]) {
      const r = resolve(night(players, sentIn(order)));
      expect(deaths(r)).toEqual(['A']);
      expect(r.ambiguities).toMatchObject([{ setting: 'competingChangers', value: 'slot-order' }]);
    }
    expect(ruleset.openQuestions.map((q) => q.setting)).toContain('night.settings.competingChangers');
  });

  it('as sent (the old behaviour, kept as a value): the later redirect stands, so the sending order decides', () => {
    const moves = [act('R1', 'redirect', ['V', 'A']), act('R2', 'redirect', ['V', 'B']), act('V', 'shoot', ['C'])];
    expect(deaths(resolve(night(players, sentIn(moves)), asSent))).toEqual(['B']);
    const reversed = resolve(night(players, sentIn([...moves].reverse())), asSent);
    expect(deaths(reversed)).toEqual(['A']);
    expect(reversed.ambiguities).toMatchObject([{ setting: 'competingChangers', value: 'as-sent' }]);
  });

  it('two bus drives sharing a player (001 L320: "A Bus Driver swaps A and B. Another Bus Driver swaps B and C"): the swaps compose in the drivers’ slot order, whatever the order sent', () => {
    const buses = [
      player('D1', 'bus-driver'),
      player('D2', 'bus-driver'),
      player('V', 'vigilante'),
      player('A', 'vanilla'),
      player('B', 'vanilla'),
      player('C', 'vanilla'),
      player('G', 'goon', 'mafia'),
    ];
    const moves = [act('D1', 'swap', ['A', 'B']), act('D2', 'swap', ['B', 'C']), act('V', 'shoot', ['B'])];
    // D1 first (slot order): the shot on B goes to A; D2's swap, itself carried by D1's (chained swaps: B is
    // now A), swaps A and C, so the shot goes on to C.
    for (const order of [moves, [...moves].reverse()]) {
      const r = resolve(night(buses, sentIn(order)));
      expect(deaths(r)).toEqual(['C']);
      expect(r.ambiguities.map((a) => a.setting)).toContain('competingChangers');
    }
    // As sent, D2's PM first applies D2's swap first, and the shot stops at A.
    expect(deaths(resolve(night(buses, sentIn([...moves].reverse())), asSent))).toEqual(['A']);
  });

  it('one redirect, or two bus drives on different players, meet no question', () => {
    const r = resolve(night(players, sentIn([act('R1', 'redirect', ['V', 'A']), act('V', 'shoot', ['C'])])));
    expect(deaths(r)).toEqual(['A']);
    expect(r.ambiguities.map((a) => a.setting)).not.toContain('competingChangers');
  });
});

describe('a delayed Commuter or Hider (catalogue: the Delayer — "the target’s action resolves the next night instead")', () => {
  const players = [
    player('D', 'delayer'),
    player('U', 'commuter'),
    player('H', 'hider'),
    player('G', 'goon', 'mafia'),
    player('A', 'vanilla'),
  ];

  it('a delayed Commuter stays home tonight (the kill on him lands); his commute is held and he is away the next night', () => {
    const first = resolve(night(players, sentIn([act('U', 'commute', []), act('D', 'delay', ['U']), act('G', 'factional-kill', ['U'])])));
    expect(deaths(first)).toEqual(['U']);
    expect(first.delayed).toMatchObject([{ actor: 'U', ability: 'commute', delayedFrom: 1 }]);
    // Without the delay the commute saves him: the test above fails for the delay, not for the kill.
    expect(deaths(resolve(night(players, sentIn([act('U', 'commute', []), act('G', 'factional-kill', ['U'])]))))).toEqual([]);
    // Night 2: the held commute takes him away, and the kill finds nobody.
    const held: NightAction = { actor: 'U', ability: 'commute', targets: [], sentAt: 0, delayedFrom: 1 };
    const second = resolve(night(players, [held, act('G', 'factional-kill', ['U'])], 2));
    expect(deaths(second)).toEqual([]);
  });

  it('a delayed Hider stays home tonight: a kill on him lands, and he does not die with the player he meant to hide behind', () => {
    const kill = resolve(night(players, sentIn([act('H', 'hide', ['A']), act('D', 'delay', ['H']), act('G', 'factional-kill', ['H'])])));
    expect(deaths(kill)).toEqual(['H']);
    expect(kill.delayed).toMatchObject([{ actor: 'H', ability: 'hide', targets: ['A'], delayedFrom: 1 }]);
    const behind = resolve(night(players, sentIn([act('H', 'hide', ['A']), act('D', 'delay', ['H']), act('G', 'factional-kill', ['A'])])));
    expect(deaths(behind)).toEqual(['A']);
  });
});

// ---------------------------------------------------------------- the hammer in forum-standard

const names = ['Ann', 'Bob', 'Cid', 'Dan', 'Eve', 'Gus', 'Hal'] as const;
const setup = (roles: Partial<Record<(typeof names)[number], string>>): GameEvent => ({
  type: 'game/setup',
  players: names.map((name): PlayerSetup => {
    const role = roles[name] ?? (name === 'Gus' ? 'goon' : 'vanilla');
    return { slotId: name, name, faction: role === 'goon' ? 'mafia' : 'town', role };
  }),
});
const day1: GameEvent = { type: 'phase/start', phase: { kind: 'day', number: 1 } };
const vote = (voter: string, target: string): GameEvent => ({ type: 'vote/cast', voter, ballot: 'lynch', target });
const steal = (actor: string, target: string): GameEvent => ({ type: 'action/use', actor, ability: 'steal-vote', targets: [target] });

describe('the hammer in forum-standard (001 L61: "Lynching requires the majority of the players alive"; on mafiascum the vote that reaches it ends the day)', () => {
  it('the preset says so as data: voting.count.hammerEndsDay', () => {
    expect(ruleset.voting.kind === 'majority' && ruleset.voting.count?.hammerEndsDay).toBe(true);
  });

  it('Politician: a theft after the hammer changes nothing: the day ended at the fourth vote on Gus, so the robbed player’s move to Eve comes after it and Gus is lynched', () => {
    const events = [
      setup({ Cid: 'politician' }),
      day1,
      vote('Hal', 'Gus'),
      vote('Ann', 'Gus'),
      vote('Bob', 'Gus'),
      vote('Dan', 'Gus'),
      steal('Cid', 'Hal'),
      vote('Hal', 'Eve'),
      vote('Ann', 'Eve'),
      vote('Bob', 'Eve'),
    ];
    const t = tallyDay(deriveState(events), ruleset);
    expect(t.outcome).toEqual({ kind: 'lynch', slotIds: ['Gus'] });
    expect(t.voided.filter((v) => v.reason === 'vote/after-day-end').map((v) => v.voter)).toEqual(['Hal', 'Ann', 'Bob']);
  });

  it('Politician: a theft before the majority still counts: Hal robbed, his vote weighs nothing, and three votes on Gus are no hammer', () => {
    const events = [
      setup({ Cid: 'politician' }),
      day1,
      steal('Cid', 'Hal'),
      vote('Hal', 'Gus'),
      vote('Ann', 'Gus'),
      vote('Bob', 'Gus'),
      vote('Dan', 'Gus'),
    ];
    const t = tallyDay(deriveState(events), ruleset);
    expect(t.totals.find((x) => x.target === 'Gus')?.total).toBe(3);
    expect(t.outcome.kind).toBe('no-lynch');
  });
});

// ---------------------------------------------------------------- the Ventriloquist's day

describe('the Ventriloquist’s day (catalogue: "writes the target’s posts the next day")', () => {
  const night = (n: number): GameEvent => ({ type: 'phase/start', phase: { kind: 'night', number: n } });
  const day = (n: number): GameEvent => ({ type: 'phase/start', phase: { kind: 'day', number: n } });
  const controls: GameEvent = { type: 'status/add', slotId: 'Hal', status: 'ventriloquized', phases: 2, by: 'Eve' };
  const start = [setup({ Eve: 'ventriloquist' }), day1];

  it('Ventriloquist: with nobody under his control today, speak-vote is refused (action/nobody-controlled), with words in both catalogs', () => {
    expect(checkAction(deriveState(start), ruleset, 'Eve', 'speak-vote', ['Gus'])).toEqual({
      ok: false,
      reason: 'action/nobody-controlled',
    });
    const controlled = [...start, night(1), controls, day(2)];
    expect(checkAction(deriveState(controlled), ruleset, 'Eve', 'speak-vote', ['Gus'])).toEqual({ ok: true });
    // The next day the control is over: refused again.
    const over = [...controlled, night(2), day(3)];
    expect(checkAction(deriveState(over), ruleset, 'Eve', 'speak-vote', ['Gus'])).toEqual({
      ok: false,
      reason: 'action/nobody-controlled',
    });
  });

  const speak = (...targets: string[]): GameEvent => ({ type: 'action/use', actor: 'Eve', ability: 'speak-vote', targets });

  it('Ventriloquist: speak-vote also unvotes the target (no target named) and votes No Lynch for him (the target "no-lynch", where the ruleset has No Lynch)', () => {
    const controlled = [...start, night(1), controls, day(2)];
    expect(checkAction(deriveState(controlled), ruleset, 'Eve', 'speak-vote', ['no-lynch'])).toEqual({ ok: true });
    const voted = tallyDay(deriveState([...controlled, speak('Gus'), vote('Ann', 'Gus')]), ruleset);
    expect(voted.totals).toEqual([{ target: 'Gus', total: 2 }]);
    // The unvote takes Hal's vote off Gus.
    const unvoted = tallyDay(deriveState([...controlled, speak('Gus'), vote('Ann', 'Gus'), speak()]), ruleset);
    expect(unvoted.totals).toEqual([{ target: 'Gus', total: 1 }]);
    expect(unvoted.counted.map((c) => c.voter)).toEqual(['Ann']);
    // No Lynch for him: Hal's vote moves from Gus to No Lynch.
    const noLynch = tallyDay(deriveState([...controlled, speak('Gus'), speak('no-lynch')]), ruleset);
    expect(noLynch.totals).toEqual([{ target: 'no-lynch', total: 1 }]);
    expect(noLynch.counted).toMatchObject([{ voter: 'Hal', target: 'no-lynch' }]);
  });

  it('Ventriloquist: a controlled player who died today leaves him nobody to speak for', () => {
    const dead = [...start, night(1), controls, day(2), { type: 'player/die', slotId: 'Hal', cause: 'modkill' } satisfies GameEvent];
    const state = deriveState(dead);
    expect(state.players.find((p) => p.slot.id === 'Hal')?.alive).toBe(false);
    expect(checkAction(state, ruleset, 'Eve', 'speak-vote', ['Gus'])).toEqual({ ok: false, reason: 'action/nobody-controlled' });
  });
});
