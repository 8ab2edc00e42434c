/**
 * Seed 004's Pimp (shared/seeds/004 L27) against the Hacker (L22) and the Drug dealer (L34): what the other 004 files
 * leave open. The quoted lines are the seed's own words.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, type NightAction, type NightPlayer, type NightResolution, type NightStatus } from '../../../src/engine';
import { act, night, player, rulesRussian, statusRulesOf } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 2): NightResolution =>
  resolveNight(night(players, actions, n, { statusRules, deadline: 1000 }), rulesRussian, createRng(5));
const red = (id: string, role: string, ...statuses: NightStatus[]): NightPlayer =>
  player(id, role, 'red', statuses.length === 0 ? {} : { statuses });
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.action.ability}:${x.reason}`);
const slave: NightStatus = { id: 'slave', by: 'P' };
/** The Pimp forbids his slave the Doctor's heal while a Hacker hacks him. */
const hackedPimp = (hacker: NightPlayer, ...extra: NightPlayer[]): NightResolution =>
  resolve(table(red('P', 'pimp'), red('S', 'doctor', slave), hacker, ...extra), [
    act('H', 'hack', ['P'], 10),
    act('S', 'heal', ['R1'], 11),
    act('P', 'order-slave', ['S'], 20),
  ]);

describe('Pimp (Сутенер), L22: "Когда блокируется сутенер … не сможет": only a hack that goes through blocks him', () => {
  it('a hack that goes through stops his order: the slave’s heal stands', () => {
    const r = hackedPimp(red('H', 'hacker'));
    expect(refusals(r)).toEqual(['P:order-slave:night/actor-status']);
    expect(r.accepted).toContainEqual(expect.objectContaining({ actor: 'S', ability: 'heal' }));
  });

  it('a Hacker whose own role is blocked (hacked the day before) stops nothing: the order forbids the heal', () => {
    const r = hackedPimp(red('H', 'hacker', { id: 'hacked', sinceNight: 2 }));
    expect(refusals(r)).toContain('S:heal:night/forbidden');
    expect(refusals(r)).not.toContain('P:order-slave:night/actor-status');
    expect(refusals(r)).toContain('H:hack:night/actor-status');
  });

  it('a hack sent after the deadline stops nothing', () => {
    const r = resolve(table(red('P', 'pimp'), red('S', 'doctor', slave), red('H', 'hacker')), [
      act('H', 'hack', ['P'], 5000),
      act('S', 'heal', ['R1'], 11),
      act('P', 'order-slave', ['S'], 20),
    ]);
    expect(refusals(r)).toContain('S:heal:night/forbidden');
    expect(refusals(r)).toContain('H:hack:night/after-deadline');
  });

  it('L27 "эти ходы можно отменять": a Hacker who is another master’s slave, forbidden his moves tonight, stops nothing', () => {
    const players = table(red('P', 'pimp'), red('S', 'doctor', slave), red('H', 'hacker', { id: 'slave', by: 'Q' }), red('Q', 'pimp'));
    const r = resolve(players, [
      act('H', 'hack', ['P'], 10),
      act('S', 'heal', ['R1'], 11),
      act('Q', 'order-slave', ['H'], 15),
      act('P', 'order-slave', ['S'], 20),
    ]);
    expect(refusals(r)).toContain('H:hack:night/forbidden');
    expect(refusals(r)).toContain('S:heal:night/forbidden');
    expect(refusals(r)).not.toContain('P:order-slave:night/actor-status');
  });
});
