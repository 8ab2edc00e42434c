import { describe, expect, it } from 'vitest';
import { checkAction, deriveState, parseGameScript, playerView, rulesets, type GameEvent } from '../../../src/engine';
import { day, die, night, setup } from '../voting/helpers';

const r = rulesets['mafia-1923-000'];
const roster = setup([
  { name: 'Doc', family: 'A', faction: 'civilians', role: 'doctor' },
  { name: 'Sher', family: 'A', faction: 'civilians', role: 'sheriff' },
  { name: 'Al', family: 'B', faction: 'mafia', role: 'mafia-member', secondRole: 'thief' },
  { name: 'Bo', family: 'B', faction: 'mafia', role: 'mafia-member' },
]);

describe('the event log', () => {
  it('a status lasts the phases it was given, counting the one it began in', () => {
    const events: GameEvent[] = [roster, night(1), { type: 'status/add', slotId: 'Doc', status: 'injured', phases: 2 }, day(1)];
    expect(deriveState(events).players[0]?.statuses.map((s) => s.id)).toEqual(['injured']);
    expect(deriveState([...events, night(2)]).players[0]?.statuses).toEqual([]);
  });

  it('a replacement keeps the slot, its role and its history, under the new name', () => {
    const state = deriveState([
      roster,
      night(1),
      { type: 'message/send', to: 'Doc', text: 'hi' },
      { type: 'player/replace', slotId: 'Doc', name: 'Doc2' },
    ]);
    const doc = state.players[0];
    expect(doc?.name).toBe('Doc2');
    expect(doc?.slot.accounts.map((a) => a.name)).toEqual(['Doc', 'Doc2']);
    expect(doc?.role).toBe('doctor');
    expect(doc?.inbox.map((m) => m.text)).toEqual(['hi']);
  });

  it('the state is plain JSON', () => {
    const state = deriveState([roster, night(1), die('Bo'), { type: 'title/grant', slotId: 'Al', title: 'x' }]);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('ability limits', () => {
  it('uses per game, self-target limits, day or night, and dead or blocked actors', () => {
    const at = (events: GameEvent[]): ReturnType<typeof deriveState> => deriveState([roster, ...events]);
    const jail: GameEvent = { type: 'action/use', actor: 'Sher', ability: 'jail', targets: ['Al', 'B'] };
    expect(checkAction(at([night(1)]), r, 'Sher', 'jail', ['Al', 'B'])).toEqual({ ok: false, reason: 'action/wrong-phase' });
    expect(checkAction(at([day(1)]), r, 'Sher', 'jail', ['Al', 'B'])).toEqual({ ok: true });
    expect(checkAction(at([day(1), jail, jail]), r, 'Sher', 'jail', ['Al', 'B'])).toEqual({ ok: false, reason: 'action/uses-exhausted' });
    const selfSave: GameEvent = { type: 'action/use', actor: 'Doc', ability: 'save', targets: ['Doc'] };
    expect(checkAction(at([night(1), selfSave, selfSave]), r, 'Doc', 'save', ['Doc'])).toEqual({
      ok: false,
      reason: 'action/self-target-limit',
    });
    expect(checkAction(at([night(1), selfSave, selfSave]), r, 'Doc', 'save', ['Al'])).toEqual({ ok: true });
    expect(checkAction(at([night(1), die('Doc')]), r, 'Doc', 'save', ['Al'])).toEqual({ ok: false, reason: 'action/actor-dead' });
    expect(checkAction(at([night(1), { type: 'status/add', slotId: 'Doc', status: 'injured' }]), r, 'Doc', 'save', ['Al'])).toEqual({
      ok: false,
      reason: 'action/actor-blocked',
    });
    // A Mafia Member's second role brings its abilities.
    expect(checkAction(at([night(1)]), r, 'Al', 'steal', ['Doc'])).toEqual({ ok: true });
    expect(checkAction(at([night(1)]), r, 'Bo', 'steal', ['Doc'])).toEqual({ ok: false, reason: 'action/no-such-ability' });
  });
});

describe('player view', () => {
  it('shows a player their own role, statuses and messages, and of others only public facts', () => {
    const state = deriveState([
      roster,
      night(1),
      { type: 'message/send', to: 'Doc', text: 'You saved Sher.' },
      { type: 'message/send', to: 'Sher', text: 'secret' },
      { type: 'status/add', slotId: 'Sher', status: 'injured' },
      { type: 'status/add', slotId: 'Al', status: 'poisoned' },
      die('Bo'),
    ]);
    const view = playerView(state, 'Doc', r);
    expect(view?.me).toMatchObject({ role: 'doctor', inbox: [{ text: 'You saved Sher.' }] });
    const text = JSON.stringify(view?.players);
    expect(text).not.toMatch(/secret|sheriff|mafia-member|thief|injured/);
    expect(view?.players.find((p) => p.name === 'Al')?.statuses).toEqual(['poisoned']);
    expect(playerView(state, 'nobody', r)).toBeNull();
  });
});

describe('game scripts', () => {
  it('are strict: every line must be understood, and errors name the line', () => {
    const parsed = parseGameScript(
      ['ruleset x', 'player A faction=t role=r', 'day 1', 'A shouts B', 'status A injured', 'player B faction=t role=r'].join('\n'),
    );
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.line)).toEqual([4, 5, 6]);
  });

  it('read votes with ballots, weights and several statements per line', () => {
    const parsed = parseGameScript(
      [
        'player "Big Al" faction=t role=r',
        'day 1',
        '"Big Al" votes family Capone; "Big Al" votes lynch Bo weight 2 advance',
        'Bo votes nobody',
        'Bo unvotes',
      ].join('\n'),
    );
    expect(parsed.ok && parsed.script.steps.slice(1)).toEqual([
      { line: 3, kind: 'vote', voter: 'Big Al', ballot: 'family', target: 'Capone' },
      { line: 3, kind: 'vote', voter: 'Big Al', ballot: 'lynch', target: 'Bo', weight: 2, advance: true },
      { line: 4, kind: 'vote', voter: 'Bo', ballot: null, target: null },
      { line: 5, kind: 'unvote', voter: 'Bo', ballot: null },
    ]);
  });
});
