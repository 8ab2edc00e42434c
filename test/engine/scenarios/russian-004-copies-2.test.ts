/**
 * Seed 004's borrowed roles, second file (shared/seeds/004 L40, the Actor; L41, the Collector; L47, the Wizard): what
 * the first file (russian-004-copies.test.ts) leaves open. The quoted lines are the seed's own words.
 */
import { describe, expect, it } from 'vitest';
import { collectActions, createRng, resolveNight, type NightAction, type NightPlayer, type NightResolution } from '../../../src/engine';
import { act, deaths, night, player, rulesRussian, statusRulesOf } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1): NightResolution =>
  resolveNight(night(players, actions, n, { statusRules }), rulesRussian, createRng(5));
const red = (id: string, role: string): NightPlayer => player(id, role, 'red');
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.action.ability}:${x.reason}`);

describe('Wizard (Волшебник), L47: a role declared at night goes through the night intake', () => {
  it('"Каждый раз, когда волшебник решает совершить ход, он может взять на выбор любую отсутствующую мирную роль": an Immortal declared at night', () => {
    const declaration = act('W', 'immortal/absent-role', []);
    const players = table(red('W', 'wizard'));
    // The intake keeps it as a declaration, not as an unknown move.
    const intake = collectActions(night(players, [declaration], 1, { statusRules }), rulesRussian);
    expect(intake.refused).toEqual([]);
    expect(intake.declared).toEqual([declaration]);
    const r = resolve(players, [declaration, act('M1', 'kill', ['W'])]);
    expect(refusals(r)).toEqual([]);
    expect(r.accepted).toContainEqual(declaration);
    // The declared Immortal's spare life takes the shot (L19 "1 раз неуязвим, если его атаковали").
    expect(deaths(r)).toEqual([]);
    // Undeclared, the Wizard dies.
    expect(deaths(resolve(players, [act('M1', 'kill', ['W'])]))).toEqual(['W']);
  });

  it('"Если указанная роль уже есть на игре, волшебник пропустит ход": a present role’s declaration is a skip', () => {
    const r = resolve(table(red('W', 'wizard'), red('I', 'immortal')), [act('W', 'immortal/absent-role', []), act('M1', 'kill', ['W'])]);
    expect(refusals(r)).toEqual(['W:immortal/absent-role:night/not-available']);
    expect(deaths(r)).toEqual(['W']);
  });

  it('"Нельзя использовать одну роль дважды и нельзя выбирать больше трех ролей за игру": over the limit the intake refuses it', () => {
    const used: NightPlayer = {
      ...red('W', 'wizard'),
      pastMoves: [
        { night: 1, day: true, ability: 'judge/absent-role', targets: [] },
        { night: 2, day: false, ability: 'lawyer/check', targets: ['M1'] },
      ],
    };
    // A role taken before.
    expect(refusals(resolve(table(used), [act('W', 'judge/absent-role', [])], 3))).toEqual(['W:judge/absent-role:night/borrow-limit']);
    // A third role is his; a fourth is not.
    expect(refusals(resolve(table(used), [act('W', 'immortal/absent-role', [])], 3))).toEqual([]);
    const three: NightPlayer = {
      ...used,
      pastMoves: [...(used.pastMoves ?? []), { night: 3, day: false, ability: 'doctor/heal', targets: ['R1'] }],
    };
    expect(refusals(resolve(table(three), [act('W', 'immortal/absent-role', [])], 4))).toEqual([
      'W:immortal/absent-role:night/borrow-limit',
    ]);
  });

  it('the same declaration made by day for this night and repeated at night is one use, not a role taken twice', () => {
    const w: NightPlayer = { ...red('W', 'wizard'), pastMoves: [{ night: 2, day: true, ability: 'immortal/absent-role', targets: [] }] };
    const r = resolve(table(w), [act('W', 'immortal/absent-role', []), act('M1', 'kill', ['W'])], 2);
    expect(refusals(r)).toEqual([]);
    expect(deaths(r)).toEqual([]);
  });

  it('a black role is none of his to take', () => {
    expect(refusals(resolve(table(red('W', 'wizard')), [act('W', 'mafia/absent-role', [])]))).toEqual([
      'W:mafia/absent-role:night/not-available',
    ]);
  });
});
