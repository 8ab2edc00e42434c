/**
 * Seed 004's last information rulings (shared/seeds/004 L6, L15, L44, L45,
 * L51, L54, L55, L100, L112, L132; digest §3, §5): checks that give no
 * information, the Joker on a crippled player, the Forensic's results, the
 * Faceless's verifications and the Geisha's katana nights, the side change
 * and new pair told by one night, role names in the reader's language, and
 * what the Maid is handed. Each through resolveNight or a played game with
 * the 004 ruleset; the quoted lines are the seed's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  formatResolution,
  resolveNight,
  type NightAction,
  type NightPlayer,
  type NightResolution,
  type NightStatus,
} from '../../../src/engine';
import { act, announced, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1, extra: Parameters<typeof night>[3] = {}): NightResolution =>
  resolveNight(night(players, actions, n, { statusRules, ...extra }), rulesRussian, createRng(5));
const red = (id: string, role: string, ...statuses: NightStatus[]): NightPlayer =>
  player(id, role, 'red', statuses.length === 0 ? {} : { statuses });
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);

describe('Commissar (Комиссар), L6 and L132: roles colour checks cannot read', () => {
  for (const hidden of ['politician', 'terrorist', 'anonymous', 'hypnotist']) {
    it(`L6 "Если выбрал … анонимуса/террориста/гипнотизера/политика … - информация не предоставляется": the holder of ${hidden} gives no colour`, () => {
      const r = resolve(table(red('C', 'commissar'), red('V', hidden)), [act('C', 'check', ['V'])]);
      expect(refusals(r)).toEqual([]);
      expect(messagesTo(r, 'C')).toEqual([]);
      expect(announced(r)).toContainEqual(told('morning-check', ['C'], { role: 'commissar', hit: false, noInfo: true }));
    });
  }

  it('L132 "любые цветные чеки не дадут по нему информацию": a black Politician is not shown black either; a plain citizen still is checked', () => {
    const blackPolitician = player('V', 'politician', 'mafia', { secondRole: 'mafia' });
    const r = resolve([mafia('M1'), red('R1', 'citizen'), red('C', 'commissar'), blackPolitician], [act('C', 'check', ['V'])]);
    expect(messagesTo(r, 'C')).toEqual([]);
    const plain = resolve(table(red('C', 'commissar'), red('V', 'citizen')), [act('C', 'check', ['V'])]);
    expect(messagesTo(plain, 'C')).toEqual([told('alignment-check', ['V'], false)]);
  });
});

describe('Joker (Джокер), L51 with L6: a crippled player has no peaceful role to see', () => {
  const joker = player('J', 'citizen', 'werewolf', { secondRole: 'joker' });
  const maniac = player('X', 'citizen', 'maniac', { secondRole: 'maniac' });

  it('L6 "Покалеченными игроками считаются те, кто в ходе игры лишился мирной роли и цвета": the Joker gets the colour (L51) but no former role', () => {
    const r = resolve(table(maniac, joker, red('V', 'commissar', { id: 'crippled' })), [act('J', 'flip-check', ['V'])]);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'J')).toEqual([told('alignment-check', ['V'], false)]);
    const destroyed = resolve(table(maniac, joker, red('V', 'doctor', { id: 'role-destroyed' })), [act('J', 'flip-check', ['V'])]);
    expect(messagesTo(destroyed, 'J')).toEqual([told('alignment-check', ['V'], false)]);
  });

  it('L51 "Если чекнул черным чеком настоящего черного, то узнает его негативную роль": a crippled black still shows his negative role, not the lost peaceful one', () => {
    const r = resolve(
      table(maniac, joker, { ...player('V', 'doctor', 'mafia', { secondRole: 'mafia' }), statuses: [{ id: 'crippled' }] }),
      [act('J', 'flip-check', ['V'])],
    );
    expect(messagesTo(r, 'J')).toEqual([told('alignment-check', ['V'], true), told('roles-learnt', ['V'], ['mafia'])]);
    // A player who was never crippled: the peaceful role, as before.
    const whole = resolve(table(maniac, joker, red('V', 'doctor')), [act('J', 'flip-check', ['V'])]);
    expect(messagesTo(whole, 'J')).toEqual([told('alignment-check', ['V'], false), told('roles-learnt', ['V'], ['doctor'])]);
  });
});

describe('role names in the night’s PMs are in the reader’s language (issue 17; L51 "Джокер видит мирную роль чекнутого игрока")', () => {
  const joker = player('J', 'citizen', 'werewolf', { secondRole: 'joker' });
  const maniac = player('X', 'citizen', 'maniac', { secondRole: 'maniac' });
  const players = table(maniac, joker, red('V', 'doctor'));
  const actions = [act('J', 'flip-check', ['V'])];

  it('a Russian PM names the role «Доктор», an English one "Doctor": never "Doctor (Доктор)"', () => {
    const input = night(players, actions, 1, { statusRules });
    const r = resolveNight(input, rulesRussian, createRng(5));
    const ru = formatResolution(r, input, { rules: rulesRussian, language: 'ru' });
    const en = formatResolution(r, input, { rules: rulesRussian, language: 'en' });
    expect(ru).toContain('Доктор');
    expect(ru).not.toContain('Doctor');
    expect(en).toContain('Doctor');
    expect(en).not.toContain('Доктор');
  });
});
