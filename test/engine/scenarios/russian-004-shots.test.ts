/**
 * Seed 004's shot economy around the black roles (../shared/seeds/004_f6d88bc78ab5cdbd.txt,
 * digest §1.3–1.5, §5.6): which shots come back, who may insure whom, the Poisoner's extra
 * poisonings, the Mercenary changing sides and the Mafia–Yakuza merge. Each test quotes the
 * seed line it implements.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, rulesets, withNight, type NightInput, type NightPlayer } from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, nightRulesFor, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput, rules = rulesRussian) => resolveNight({ ...input, statusRules }, rules, createRng(4));
const withSettings = (settings: Parameters<typeof withNight>[1]['settings']) =>
  nightRulesFor(withNight(rulesets['russian-004'], { settings: { ...rulesets['russian-004'].night?.settings, ...settings } }));
/** A black: a peaceful role with a negative one on top (L81). */
const black = (slotId: string, faction: string, negative: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, 'citizen', faction, { secondRole: negative, ...extra });
const red = (slotId: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, peaceful, 'red', extra);
const dead = (players: readonly NightPlayer[], ...ids: string[]) =>
  players.map((p) => (ids.includes(p.slotId) ? { ...p, alive: false } : p));

const mafia = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia')];
const maniac = black('X', 'maniac', 'maniac');
const reds = [red('R1'), red('R2'), red('R3')];

describe('L2, L3: a shot that kills a black and a red at once', () => {
  it('"Если от одного хода киллера одновременно умер черный и красный, то дополнительного хода за это не будет"', () => {
    const geisha = black('G', 'werewolf', 'geisha');
    // The Mafia shoots the Geisha, who took a red client for the night: the kill takes both (L54).
    const both = resolve(night([...mafia, maniac, geisha, ...reds], [act('G', 'entertain', ['R1']), act('M1', 'kill', ['G'])], 1));
    expect(deaths(both)).toEqual(['G', 'R1']);
    expect(both.reserveKills['mafia']).toBe(0);
    // The same shot on the Geisha alone kills only a black: the shot comes back (L2).
    const alone = resolve(night([...mafia, maniac, geisha, ...reds], [act('M1', 'kill', ['G'])], 1));
    expect(deaths(alone)).toEqual(['G']);
    expect(alone.reserveKills['mafia']).toBe(1);
  });
});

describe('L3: the Maniac does not combine a kill with insurance', () => {
  it('"нельзя совмещать одиночное убийство и страховку для мафии": of a kill and an insurance, the later PM stands', () => {
    const players = [...mafia, maniac, red('B', 'blocker'), ...reds];
    // Night 1 is the Mafia's; the Maniac holds a reserve shot. He insures, then shoots: the shot stands.
    const shoots = resolve(
      night(players, [act('X', 'insure', ['R3'], 1), act('X', 'kill', ['R2'], 2), act('M1', 'kill', ['R1'], 3)], 1, {
        reserveKills: { maniac: 1 },
      }),
    );
    expect(shoots.refused.map((x) => [x.action.actor, x.action.ability, x.reason])).toEqual([['X', 'insure', 'night/superseded']]);
    expect(deaths(shoots)).toEqual(['R1', 'R2']);
    // He shoots, then insures: the shot is withdrawn.
    const insures = resolve(
      night(players, [act('X', 'kill', ['R2'], 1), act('X', 'insure', ['R3'], 2), act('M1', 'kill', ['R1'], 3)], 1, {
        reserveKills: { maniac: 1 },
      }),
    );
    expect(insures.refused.map((x) => [x.action.actor, x.action.ability, x.reason])).toEqual([['X', 'kill', 'night/superseded']]);
    expect(deaths(insures)).toEqual(['R1']);
  });
  it('L2 "Если обе мафии стреляют, то они не могут страховать друг друга": a shooting Mafioso\'s insurance is withdrawn', () => {
    const r = resolve(
      night([...mafia, maniac, red('B', 'blocker'), ...reds], [act('M2', 'insure', ['R3'], 1), act('M2', 'kill', ['R2'], 2)], 1, {
        reserveKills: { mafia: 1 },
      }),
    );
    expect(r.refused.map((x) => [x.action.actor, x.action.ability, x.reason])).toEqual([['M2', 'insure', 'night/superseded']]);
  });
});
