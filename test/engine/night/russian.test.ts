/**
 * Seed 004 (the Russian rule set, via shared/docs/seed-004-digest.md): killers
 * by night parity, the order between killers, peaceful killers after negative
 * ones, carry-over of missed kills, a partner's insurance, and the base roles.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, rulesets, withNight, type NightInput, type NightPlayer } from '../../../src/engine';
import { act, announced, deaths, eventsOf, messagesTo, night, nightRulesFor, player, rulesRussian, told } from './helpers';

const resolve = (input: NightInput) => resolveNight(input, rulesRussian, createRng(3));
const black = (slotId: string, faction: 'mafia' | 'maniac', peaceful = 'citizen', extra: Partial<NightPlayer> = {}) =>
  player(slotId, peaceful, faction, { secondRole: faction, ...extra });

function table(...extra: NightPlayer[]): NightPlayer[] {
  return [
    black('M1', 'mafia'),
    black('M2', 'mafia'),
    black('X', 'maniac'),
    player('R1', 'citizen'),
    player('R2', 'citizen'),
    player('R3', 'citizen'),
    ...extra,
  ];
}

describe('004 killers and their nights', () => {
  it('the Mafia kills on odd nights; the Maniac’s order is refused there', () => {
    const r = resolve(night(table(), [act('M1', 'kill', ['R1']), act('X', 'kill', ['R2'])], 1));
    expect(deaths(r)).toEqual(['R1']);
    expect(r.refused).toMatchObject([{ action: { actor: 'X' }, reason: 'night/not-this-night' }]);
  });
  it('the Maniac kills on even nights; the Mafia’s order is refused there', () => {
    const r = resolve(night(table(), [act('M1', 'kill', ['R1']), act('X', 'kill', ['R2'])], 2));
    expect(deaths(r)).toEqual(['R2']);
    expect(r.refused).toMatchObject([{ action: { actor: 'M1' }, reason: 'night/not-this-night' }]);
  });
  it('once the Maniac is out, the Mafia kills every night', () => {
    const players = table().map((p) => (p.slotId === 'X' ? { ...p, alive: false } : p));
    const r = resolve(night(players, [act('M1', 'kill', ['R1'])], 2));
    expect(deaths(r)).toEqual(['R1']);
  });
  it('one Mafia cannot fire two shots at once, even with a reserve kill', () => {
    const r = resolve(night(table(), [act('M1', 'kill', ['R1', 'R2'])], 1, { reserveKills: { mafia: 1 } }));
    expect(r.refused.map((x) => x.reason)).toEqual(['night/too-many-targets']);
  });
  it('two living Mafia realise two kills, one each, when they hold a reserve kill', () => {
    const r = resolve(night(table(), [act('M1', 'kill', ['R1']), act('M2', 'kill', ['R2'])], 1, { reserveKills: { mafia: 1 } }));
    expect(deaths(r)).toEqual(['R1', 'R2']);
  });
  it('the Maniac may make two kills at once with two shots', () => {
    const r = resolve(night(table(), [act('X', 'kill', ['R1', 'R2'])], 2, { reserveKills: { maniac: 1 } }));
    expect(deaths(r)).toEqual(['R1', 'R2']);
  });
});

describe('004 carry-over of missed kills', () => {
  it('a kill that did not happen gives the killer a kill the next night', () => {
    const r = resolve(night(table(player('D', 'doctor')), [act('M1', 'kill', ['R1']), act('D', 'heal', ['R1'])], 1));
    expect(deaths(r)).toEqual([]);
    expect(r.reserveKills).toEqual({ mafia: 1, maniac: 0 });
  });
  it('an unused kill stays in reserve', () => {
    const r = resolve(night(table(), [], 1));
    expect(r.reserveKills.mafia).toBe(1);
  });
  it('a kill that killed a black gives the kill back', () => {
    const r = resolve(night(table(), [act('M1', 'kill', ['X'])], 1));
    expect(deaths(r)).toEqual(['X']);
    expect(r.reserveKills.mafia).toBe(1);
  });
  it('a realised kill on a red uses the kill up', () => {
    const r = resolve(night(table(), [act('M1', 'kill', ['R1'])], 1));
    expect(r.reserveKills.mafia).toBe(0);
  });
  it('the reserve kill is used on the other side’s night, after that side’s own killer', () => {
    // Night 2 is the Maniac's: he shoots first, so the Mafia member he kills loses the reserve shot;
    // his partner's insurance stands by default (L14: "Страховка стреляющего напарника действует по умолчанию").
    const r = resolve(night(table(), [act('M1', 'kill', ['R1'], 10), act('X', 'kill', ['M1'], 20)], 2, { reserveKills: { mafia: 1 } }));
    expect(deaths(r)).toEqual(['M1', 'R1']);
    expect(eventsOf(r, 'death').find((e) => e.player === 'R1')?.by).toEqual(['M2']);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'M1', cause: 'actor-died' }]);
  });
  it('on the Mafia’s night the order is reversed', () => {
    const r = resolve(night(table(), [act('M1', 'kill', ['X'], 20), act('X', 'kill', ['M1'], 10)], 1, { reserveKills: { maniac: 1 } }));
    expect(deaths(r)).toEqual(['X']);
  });
});

describe('004 insurance by a partner', () => {
  it('the shooter is stopped by an earlier role: the insurer shoots the same target', () => {
    const r = resolve(
      night(table(player('B', 'blocker')), [act('M1', 'kill', ['R1']), act('M2', 'insure', []), act('B', 'block', ['M1'])], 1),
    );
    expect(deaths(r)).toEqual(['R1']);
    expect(eventsOf(r, 'death')[0]?.by).toEqual(['M2']);
  });
  it('L14: insurance stands by default; with it turned off, the blocked shot simply fails', () => {
    const actions = [act('M1', 'kill', ['R1']), act('B', 'block', ['M1'])];
    const r = resolve(night(table(player('B', 'blocker')), actions, 1));
    expect(eventsOf(r, 'death').map((e) => e.by)).toEqual([['M2']]);
    const off = nightRulesFor(
      withNight(rulesets['russian-004'], {
        factionKills: { mafia: { kind: 'fixed', count: 1, reserve: true, maxPerMember: 1 }, maniac: { kind: 'fixed', count: 1 } },
      }),
    );
    expect(deaths(resolveNight(night(table(player('B', 'blocker')), actions, 1), off, createRng(3)))).toEqual([]);
  });
  it('insurance is not used when the shot goes through', () => {
    const r = resolve(night(table(), [act('M1', 'kill', ['R1']), act('M2', 'insure', [])], 1));
    expect(eventsOf(r, 'death').map((e) => e.by)).toEqual([['M1']]);
  });
});

describe('004 base roles', () => {
  it('Doctor heals the killers’ victim', () => {
    const r = resolve(night(table(player('D', 'doctor')), [act('M1', 'kill', ['R1']), act('D', 'heal', ['R1'])], 1));
    expect(deaths(r)).toEqual([]);
  });
  it('Blocker protection shields from negative moves and keeps the player home', () => {
    const players = table(player('B', 'blocker'), player('C', 'commissar'));
    const r = resolve(night(players, [act('M1', 'kill', ['C']), act('B', 'protect', ['C']), act('C', 'check', ['M1'])], 1));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'C', ability: 'check' }]);
  });
  it('a protected black’s own negative move still stands', () => {
    const r = resolve(night(table(player('B', 'blocker')), [act('B', 'protect', ['M1']), act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual(['R1']);
  });
  it('Commissar learns the exact colour', () => {
    const r = resolve(night(table(player('C', 'commissar')), [act('C', 'check', ['X'])], 1));
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['X'], true)]);
  });
  it('Detective tracks where the target went', () => {
    const r = resolve(night(table(player('E', 'detective')), [act('M1', 'kill', ['R1']), act('E', 'track', ['M1'])], 1));
    expect(messagesTo(r, 'E')).toEqual([told('target-visits', ['M1'], ['R1'])]);
  });
  it('Investigator receives the Commissar’s and Detective’s results', () => {
    const players = table(player('C', 'commissar'), player('I', 'investigator'));
    const r = resolve(night(players, [act('C', 'check', ['R1'])], 1));
    expect(messagesTo(r, 'I')).toEqual([
      told('forwarded-result', ['C'], { to: 'C', fact: 'alignment-check', about: ['R1'], value: false }),
    ]);
  });
  it('Investigator shoots only once Commissar and Detective are both dead, after the negative killers', () => {
    const alive = table(player('C', 'commissar'), player('I', 'investigator'));
    expect(resolve(night(alive, [act('I', 'investigate', ['X'])], 1)).refused.map((x) => x.reason)).toEqual(['night/not-available']);
    const dead = table(
      player('C', 'commissar', 'town', { alive: false }),
      player('E', 'detective', 'town', { alive: false }),
      player('I', 'investigator'),
    );
    const r = resolve(night(dead, [act('I', 'investigate', ['X'], 5), act('M1', 'kill', ['I'], 9)], 1));
    expect(deaths(r)).toEqual(['I']);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'I' }]);
  });
  it('Active Citizen inherits the peaceful role of a player who leaves', () => {
    const r = resolve(night(table(player('D', 'doctor'), player('A', 'active-citizen')), [act('M1', 'kill', ['D'])], 1));
    expect(eventsOf(r, 'role-changed')).toMatchObject([{ player: 'A', from: 'active-citizen', to: 'doctor' }]);
    expect(messagesTo(r, 'A')).toEqual([told('role-inherited', ['D'], 'doctor')]);
  });
  it('public results: the Doctor "hit" when the heal saved the victim, "missed" otherwise; the Blocker likewise', () => {
    const saved = resolve(night(table(player('D', 'doctor')), [act('M1', 'kill', ['R1']), act('D', 'heal', ['R1'])], 1));
    expect(announced(saved)).toEqual([told('morning-heal', ['D'], { role: 'doctor', hit: true })]);
    const missed = resolve(night(table(player('D', 'doctor')), [act('M1', 'kill', ['R1']), act('D', 'heal', ['R2'])], 1));
    expect(announced(missed)).toEqual([told('morning-heal', ['D'], { role: 'doctor', hit: false })]);
    const blockHit = resolve(night(table(player('B', 'blocker')), [act('M1', 'kill', ['R1']), act('B', 'block', ['M1'])], 1));
    expect(announced(blockHit)).toEqual([told('morning-block', ['B'], { role: 'blocker', hit: true })]);
    const blockMiss = resolve(night(table(player('B', 'blocker')), [act('B', 'block', ['R2'])], 1));
    expect(announced(blockMiss)).toEqual([told('morning-block', ['B'], { role: 'blocker', hit: false })]);
  });
  it('public results: the Commissar’s check goes through unless it was stopped', () => {
    const through = resolve(night(table(player('C', 'commissar')), [act('C', 'check', ['M1'])], 1));
    expect(announced(through)).toEqual([told('morning-check', ['C'], { role: 'commissar', hit: true })]);
    const stopped = resolve(
      night(table(player('C', 'commissar'), player('B', 'blocker')), [act('C', 'check', ['M1']), act('B', 'block', ['C'])], 1),
    );
    expect(announced(stopped)).toEqual([
      told('morning-block', ['B'], { role: 'blocker', hit: true }),
      told('morning-check', ['C'], { role: 'commissar', hit: false }),
    ]);
  });
  it('the unstated Blocker position is reported', () => {
    const r = resolve(night(table(player('B', 'blocker')), [act('B', 'block', ['M1'])], 1));
    expect(r.ambiguities.map((a) => a.setting)).toContain('order.blocker');
  });
});
