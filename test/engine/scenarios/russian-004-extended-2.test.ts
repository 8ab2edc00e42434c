/**
 * Seed 004's extended format (`russian-004-extended`): the setup check of its
 * 16 main players, 11 red and 5 black, with the roles the format adds (L131.1,
 * L131.2), reported as setup problems. The seed's lines are those of
 * ../shared/seeds/004_f6d88bc78ab5cdbd.txt.
 */
import { describe, expect, it } from 'vitest';
import { checkSetup, rulesets, type PlayerSetup } from '../../../src/engine';

const extended = rulesets['russian-004-extended'];

const player = (i: number, faction: string, role: string, secondRole?: string): PlayerSetup => ({
  slotId: `s${i}`,
  name: `P${i}`,
  faction,
  role,
  ...(secondRole === undefined ? {} : { secondRole }),
});

/** 11 reds (the six basic roles, the Politician, a second Active citizen, three citizens), 5 blacks (two Werewolves), the Faceless and the Agent. */
function sixteen(): PlayerSetup[] {
  const reds = [
    'doctor',
    'blocker',
    'commissar',
    'detective',
    'active-citizen',
    'judge',
    'politician',
    'active-citizen',
    'citizen',
    'citizen',
    'citizen',
  ];
  return [
    ...reds.map((r, i) => player(i, 'red', r)),
    player(11, 'mafia', 'citizen', 'mafia'),
    player(12, 'mafia', 'citizen', 'mafia'),
    player(13, 'maniac', 'citizen', 'maniac'),
    player(14, 'werewolf', 'citizen', 'werewolf'),
    player(15, 'werewolf', 'citizen', 'werewolf'),
    player(16, 'grey', 'faceless'),
    player(17, 'elite', 'agent'),
  ];
}
const codes = (players: readonly PlayerSetup[]): string[] => checkSetup(players, extended).warnings.map((w) => w.message.code);

describe('seed 004 extended format: the setup of 16 main players (L131.1, L131.2)', () => {
  it('L131.1 "Без учета безликого и элитных ролей в игре 16 участников: 11 красных и 5 черных": a full setup has no problem', () => {
    expect(codes(sixteen())).toEqual([]);
  });

  it('L131.1: a red short, or a sixth black, is a setup problem (the Faceless and the Agent are not counted)', () => {
    const short = sixteen().filter((p) => p.slotId !== 's10');
    expect(codes(short)).toEqual(['setup/red-count']);
    const check = checkSetup(short, extended).warnings[0]?.message;
    expect(check?.args.map((a) => ('value' in a ? a.value : undefined))).toContain(11);
    const sixth = [...sixteen(), player(18, 'mafia', 'citizen', 'mafia')];
    expect(codes(sixth)).toEqual(['setup/black-count']);
  });

  it('L131.2 "К шести базовым мирным ролям добавляется политик и второй активный житель. Пятым черным добавляется второй оборотень"', () => {
    const noPolitician = sixteen().map((p) => (p.role === 'politician' ? { ...p, role: 'citizen' } : p));
    expect(codes(noPolitician)).toEqual(['setup/role-count']);
    const oneWolf = sixteen().map((p) => (p.slotId === 's15' ? { ...p, faction: 'mafia', secondRole: 'mafia' } : p));
    expect(codes(oneWolf)).toEqual(['setup/role-count']);
    expect(checkSetup(oneWolf, extended).warnings[0]?.names).toEqual(['P14']);
  });

  it('the standard format checks none of this', () => {
    expect(checkSetup(sixteen().slice(0, 9), rulesets['russian-004']).warnings.map((w) => w.message.code)).not.toContain('setup/red-count');
  });
});
