import { describe, expect, it } from 'vitest';
import { checkWin, createRng, deriveState, endDay, rulesets, unassigned, type GameEvent } from '../../../src/engine';
import { day, die, night, setup } from '../voting/helpers';

describe('win checks say why they fired', () => {
  describe('000: after Day 5', () => {
    const roster = setup([
      { name: 'm1', family: 'A', faction: 'mafia', role: 'mafia-member' },
      { name: 'a2', family: 'A', faction: 'civilians', role: 'townsperson' },
      { name: 'a3', family: 'A', faction: 'civilians', role: 'townsperson' },
      { name: 'm2', family: 'B', faction: 'mafia', role: 'mafia-member' },
      { name: 'b2', family: 'B', faction: 'civilians', role: 'townsperson' },
      { name: 'b3', family: 'B', faction: 'civilians', role: 'townsperson' },
    ]);
    const r = rulesets['mafia-1923-000'];
    const after = { kind: 'day', number: 5 } as const;

    it('nothing is decided before Day 5 is over', () => {
      expect(checkWin(deriveState([roster, die('m1'), die('m2')]), r, { kind: 'day', number: 4 }).reason).toBe('win/not-yet');
    });

    it('the Mafia wins with half of its members alive; dead Mafia Members win too', () => {
      const check = checkWin(deriveState([roster, die('m1')]), r, after);
      expect(check).toMatchObject({ over: true, reason: 'win/mafia-half-alive', winners: ['m1', 'm2'] });
    });

    it('an exiled Mafia Member counts as not living, and the family that lost its Mafia and kept most civilians wins', () => {
      const check = checkWin(
        deriveState([roster, { type: 'status/add', slotId: 'm1', status: 'exiled' }, die('m2'), die('b2'), die('a3')]),
        r,
        after,
      );
      // A: Mafia exiled, 1 civilian alive; B: Mafia dead, 1 civilian alive: a tie, both win. Dead civilians of a winning family win.
      expect(check.reason).toBe('win/family-most-civilians');
      expect(check.winningSides.slice().sort()).toEqual(['A', 'B']);
      expect(check.winners.slice().sort()).toEqual(['a2', 'a3', 'b2', 'b3']);
    });

    it('exiled civilians never win', () => {
      const check = checkWin(deriveState([roster, die('m1'), die('m2'), { type: 'status/add', slotId: 'a2', status: 'exiled' }]), r, after);
      expect(check.winningSides).toEqual(['B']);
      expect(check.winners).not.toContain('a2');
    });
  });

  describe('001: the 50% rule', () => {
    const roster = setup([
      { name: 't1', faction: 'town', role: 'vanilla' },
      { name: 't2', faction: 'town', role: 'vanilla' },
      { name: 't3', faction: 'town', role: 'vanilla' },
      { name: 'm1', faction: 'mafia', role: 'goon' },
      { name: 'm2', faction: 'mafia', role: 'goon' },
    ]);
    const r = rulesets['forum-template-001'];
    it('town wins when no mafia is left', () => {
      expect(checkWin(deriveState([roster, die('m1'), die('m2')]), r, { kind: 'day', number: 1 }).reason).toBe('win/mafia-gone');
    });
    it('fires at parity by default and reports the open question; with "outnumber" it waits', () => {
      const state = deriveState([roster, die('t1')]);
      const check = checkWin(state, r, { kind: 'night', number: 1 });
      expect(check.reason).toBe('win/fifty-percent-rule');
      expect(check.openQuestions[0]?.setting).toBe('win.mafiaWinsWhen');
      expect(checkWin(state, { ...r, win: { kind: 'parity', mafiaWinsWhen: 'outnumber' } }, { kind: 'night', number: 1 }).over).toBe(false);
    });
  });

  describe('003: only when a side’s win is impossible', () => {
    const r = rulesets['detective-conan-003'];
    const roster = setup([
      { name: 'g', faction: 'bo', role: 'bo-member' },
      { name: 'v', faction: 'bo', role: 'bo-member' },
      { name: 'p', faction: 'town', role: 'police' },
      { name: 't', faction: 'town', role: 'townsfolk' },
      { name: 'd', faction: 'town', role: 'doctor' },
    ]);
    it('arrested BO members count as out', () => {
      expect(
        checkWin(deriveState([roster, die('g'), { type: 'status/add', slotId: 'v', status: 'arrested' }]), r, { kind: 'day', number: 1 })
          .reason,
      ).toBe('win/mafia-gone');
    });
    it('parity does not end the game while police are alive and free', () => {
      expect(checkWin(deriveState([roster, die('d')]), r, { kind: 'night', number: 1 }).reason).toBe('win/arrester-alive');
      expect(checkWin(deriveState([roster, die('d'), die('p')]), r, { kind: 'night', number: 1 }).reason).toBe('win/town-win-impossible');
    });
    it('the night-kill case needs no police and nobody to stop the kill', () => {
      const small = setup([
        { name: 'g', faction: 'bo', role: 'bo-member' },
        { name: 't1', faction: 'town', role: 'townsfolk' },
        { name: 't2', faction: 'town', role: 'townsfolk' },
        { name: 'd', faction: 'town', role: 'doctor' },
      ]);
      const afterDay = { kind: 'day', number: 1 } as const;
      expect(checkWin(deriveState([small]), r, afterDay).reason).toBe('win/game-continues');
      expect(checkWin(deriveState([small, die('t2')]), r, afterDay).reason).toBe('win/game-continues');
      expect(checkWin(deriveState([small, die('d')]), r, afterDay).reason).toBe('win/night-kill-case');
      expect(checkWin(deriveState([small, die('d')]), r, { kind: 'night', number: 1 }).reason).toBe('win/game-continues');
    });
  });

  describe('004: red, black and grey', () => {
    const r = rulesets['russian-004'];
    const roster = setup([
      { name: 'r1', faction: 'red', role: 'citizen' },
      { name: 'r2', faction: 'red', role: 'doctor' },
      { name: 'r3', faction: 'red', role: 'commissar' },
      { name: 'r4', faction: 'red', role: 'blocker' },
      { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
      { name: 'b2', faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
      { name: 'g', faction: 'grey', role: 'faceless' },
    ]);
    const startOfDay = { kind: 'night', number: 3 } as const;
    it('reds win when all blacks and the Faceless are out', () => {
      expect(checkWin(deriveState([roster, die('b1'), die('b2'), die('g')]), r, { kind: 'day', number: 3 }).reason).toBe(
        'win/reds-cleared',
      );
    });
    it('blacks win at the start of a day when reds are fewer', () => {
      expect(checkWin(deriveState([roster, die('r1'), die('r2'), die('r3')]), r, startOfDay).reason).toBe('win/blacks-outnumber');
    });
    it('reds = blacks: the game goes on only while a witch hunt is possible', () => {
      const equal = [roster, die('r1'), die('r2')];
      expect(checkWin(deriveState(equal), r, startOfDay).reason).toBe('win/blacks-equal-no-hunt');
      const withMore = setup([
        ...['x1', 'x2', 'x3', 'x4'].map((name) => ({ name, faction: 'red', role: 'citizen' })),
        ...['y1', 'y2', 'y3', 'y4'].map((name) => ({ name, faction: 'mafia', role: 'citizen', secondRole: 'mafia' })),
      ]);
      expect(checkWin(deriveState([withMore]), r, startOfDay).reason).toBe('win/hunt-still-possible');
      expect(checkWin(deriveState([withMore, { type: 'title/grant', slotId: 'x1', title: 'mayor' }]), r, startOfDay).reason).toBe(
        'win/blacks-equal-no-hunt',
      );
    });
    it('the last black against the last red: black win', () => {
      expect(checkWin(deriveState([roster, die('r1'), die('r2'), die('r3'), die('b2'), die('g')]), r, startOfDay).reason).toBe(
        'win/final-duel',
      );
    });
    it('two days in a row of no-victim run-offs with the same players alive: a draw', () => {
      const stalemate: GameEvent[] = [
        roster,
        day(2),
        { type: 'day/result', phase: { kind: 'day', number: 2 }, lynched: [], noVictimRunoff: true },
        night(2),
        day(3),
        { type: 'day/result', phase: { kind: 'day', number: 3 }, lynched: [], noVictimRunoff: true },
      ];
      expect(checkWin(deriveState(stalemate), r, { kind: 'day', number: 3 })).toMatchObject({
        over: true,
        result: 'draw',
        reason: 'win/stalemate-draw',
      });
    });
    it('the Faceless surviving nine departures wins and leaves; a later red win is a draw', () => {
      const big = setup([
        ...Array.from({ length: 10 }, (_, i) => ({ name: `r${i}`, faction: 'red', role: 'citizen' })),
        { name: 'b', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
        { name: 'g', faction: 'grey', role: 'faceless' },
      ]);
      const deaths = Array.from({ length: 9 }, (_, i) => die(`r${i}`));
      const check = checkWin(deriveState([big, ...deaths]), r, { kind: 'day', number: 5 });
      expect(check.effects).toEqual([{ type: 'status/add', slotId: 'g', status: 'left' }]);
      const later = checkWin(deriveState([big, ...deaths, ...check.effects, die('b')]), r, { kind: 'day', number: 6 });
      expect(later).toMatchObject({ over: true, result: 'draw', winners: ['g'] });
    });
  });
});

describe('a game whose roles are not all entered (issue 16)', () => {
  const r = rulesets['forum-template-001'];
  const afterDay = { kind: 'day', number: 1 } as const;
  const entered = setup([
    { name: 't1', faction: 'town', role: 'vanilla' },
    { name: 't2', faction: 'town', role: 'vanilla' },
    { name: 'm1', faction: 'mafia', role: 'goon' },
  ]);

  it('is never won: the check says the roles are missing instead of deciding', () => {
    // Created from the opening post: names only. "Town" would win the moment anyone dies, as a host saw.
    const fresh = setup(['t1', 't2', 'm1'].map((name) => ({ name, faction: unassigned, role: unassigned })));
    expect(checkWin(deriveState([fresh, die('t1')]), r, afterDay)).toMatchObject({
      over: false,
      reason: 'win/setup-incomplete',
      winners: [],
    });
    // One role left out is enough.
    const oneLeft = setup([
      { name: 't1', faction: 'town', role: unassigned },
      { name: 't2', faction: 'town', role: 'vanilla' },
      { name: 'm1', faction: 'mafia', role: 'goon' },
    ]);
    expect(checkWin(deriveState([oneLeft, die('m1')]), r, afterDay)).toMatchObject({ over: false, reason: 'win/setup-incomplete' });
  });

  it('ends the day into the night with no game-end post', () => {
    const fresh = setup(['t1', 't2', 'm1'].map((name) => ({ name, faction: unassigned, role: unassigned })));
    const ended = endDay([fresh, day(1)], r, 1, { by: 'host', lynched: 'm1' }, { dialect: 'bbcode', firstPhase: 'day' }, createRng(1));
    expect(ended.ok).toBe(true);
    if (!ended.ok) return;
    expect(ended.win.reason).toBe('win/setup-incomplete');
    expect(ended.endPost).toBeNull();
    expect(ended.next?.phase).toEqual({ kind: 'night', number: 1 });
    expect(ended.events.some((e) => e.type === 'game/end')).toBe(false);
  });

  it('ends as before once every role is entered', () => {
    expect(checkWin(deriveState([entered, die('m1')]), r, afterDay)).toMatchObject({
      over: true,
      reason: 'win/mafia-gone',
      winners: ['t1', 't2'],
    });
    const ended = endDay([entered, day(1)], r, 1, { by: 'host', lynched: 'm1' }, { dialect: 'bbcode', firstPhase: 'day' }, createRng(1));
    expect(ended.ok && ended.endPost !== null && ended.events.some((e) => e.type === 'game/end')).toBe(true);
  });
});
