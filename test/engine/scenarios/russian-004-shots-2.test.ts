/**
 * Seed 004's shot economy around the black roles, second part (../shared/seeds/004_f6d88bc78ab5cdbd.txt,
 * digest §1.3–1.5, §5.6): the Maniac insuring a Mercenary who took the Mafia's place, the shot the blacks
 * get when a black dies of the poison, the Mercenary's or Ninja's change of side and the new pair of a lone
 * Mafioso and a lone Yakuza, recorded in the game. Each test quotes the seed line it implements.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, type NightInput, type NightPlayer } from '../../../src/engine';
import { act, deaths, eventsOf, night, player, rulesRussian, statusRulesOf } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput, rules = rulesRussian) => resolveNight({ ...input, statusRules }, rules, createRng(4));
/** A black: a peaceful role with a negative one on top (L81). */
const black = (slotId: string, faction: string, negative: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, 'citizen', faction, { secondRole: negative, ...extra });
const red = (slotId: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, peaceful, 'red', extra);
const dead = (players: readonly NightPlayer[], ...ids: string[]) =>
  players.map((p) => (ids.includes(p.slotId) ? { ...p, alive: false } : p));

const mafia = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia')];
const maniac = black('X', 'maniac', 'maniac');
const reds = [red('R1'), red('R2'), red('R3')];
const blocker = red('B', 'blocker');

describe('L49: the Maniac and a Mercenary who took the Mafia’s place insure each other', () => {
  const mercenary = black('N', 'mafia', 'mercenary');
  const players = [...dead(mafia, 'M1', 'M2'), mercenary, maniac, blocker, ...reds];
  it('"Наемник может страховать маньяка, если сам занял место мафии, как и маньяк может страховать его": the Maniac insures his kill', () => {
    const r = resolve(night(players, [act('N', 'contract', ['R1']), act('B', 'block', ['N']), act('X', 'insure', ['R2'])], 3));
    // The Mercenary kills on his own in the Mafia's night (L49): blocked, his shot is the Maniac's to insure.
    expect(eventsOf(r, 'death').map((e) => [e.player, e.by])).toEqual([['R2', ['X']]]);
    // The insured kill is the Mafia side's shot: it is spent (L2: no extra move for it).
    expect(r.reserveKills['mafia']).toBe(0);
    // Without the Maniac's order nobody insures him: the Maniac is no partner of his by default.
    const alone = resolve(night(players, [act('N', 'contract', ['R1']), act('B', 'block', ['N'])], 3));
    expect(deaths(alone)).toEqual([]);
    expect(alone.reserveKills['mafia']).toBe(1);
  });
  it('while an employer lives, a blocked order is the Mafia’s own to fire (L49: "Если по любой причине убийство со стороны наемника не проходит, мафия устраняет свою цель")', () => {
    const employed = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia', { alive: false }), mercenary, maniac, blocker, ...reds];
    const r = resolve(night(employed, [act('N', 'contract', ['R1']), act('B', 'block', ['N']), act('X', 'insure', ['R2'])], 3));
    // No Mafia shot was sent: the Maniac's insurance has nothing to insure.
    expect(deaths(r)).toEqual([]);
  });
  it('"… если сам занял место мафии": the Mercenary insures the Maniac’s blocked shot on the Maniac’s night', () => {
    const r = resolve(night(players, [act('X', 'kill', ['R1']), act('B', 'block', ['X']), act('N', 'insure', ['R3'])], 4));
    expect(eventsOf(r, 'death').map((e) => [e.player, e.by])).toEqual([['R3', ['N']]]);
  });
});
