/**
 * Seed 004's further edges (shared/seeds/004 L6, L15, L22, L27, L41, L42, L44,
 * L49, L51, L112; digest §3.2, §5.6): the hacked Collector's names, the
 * Mercenary's order on an undead, the Pimp told of his slave's move, the
 * host's choice of a collected role in a played game, the Forensic's bodies
 * of earlier nights, the Joker's check of a crippled player and the public
 * word of a Commissar who verifies. Each through resolveNight with the 004
 * ruleset or a played game; the quoted lines are the seed's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  type NightAction,
  type NightEvent,
  type NightPlayer,
  type NightResolution,
  type NightResult,
  type NightStatus,
} from '../../../src/engine';
import { deriveState } from '../../../src/engine/game';
import { toNightInput } from '../../../src/engine/game/night-bridge';
import { rulesetNightRules } from '../../../src/engine/rules/sections';
import { failedExpectations, playText } from './run-script';
import { act, announced, deaths, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1, extra: Parameters<typeof night>[3] = {}): NightResolution =>
  resolveNight(night(players, actions, n, { statusRules, ...extra }), rulesRussian, createRng(5));
const red = (id: string, role: string, ...statuses: NightStatus[]): NightPlayer =>
  player(id, role, 'red', statuses.length === 0 ? {} : { statuses });
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);
const cleared = (r: NightResolution, status: string): string[] =>
  r.events.flatMap((e: NightEvent) => (e.type === 'status-cleared' && e.status === status ? [e.player] : []));
/** A result in both languages, with the players' ids as their names and the 004 role names. */
const words = (result: NightResult): { en: string; ru: string } => {
  const ruleset = rulesets['russian-004'];
  const ids = ['M1', 'M2', 'R1', 'R2', 'N', 'K', 'F', 'V', 'W', 'P', 'S', 'H', 'A', 'B', 'C', 'D'].map((id) => ({ id, name: id }));
  const en = nightResultNames(ids, { roles: ruleset.roles.map((r) => ({ id: r.id, name: r.names?.en ?? r.name })) });
  const ru = nightResultNames(ids, { roles: ruleset.roles.map((r) => ({ id: r.id, name: r.names?.ru ?? r.name })) });
  return { en: renderNightResult(result, en, 'en'), ru: renderNightResult(result, ru, 'ru') };
};

describe('Mercenary (Наемник), L49 with L42: an order on an undead', () => {
  const mercenary = player('W', 'citizen', 'mafia', { secondRole: 'mercenary' });
  const undead: NightStatus = { id: 'undead', by: 'N' };

  it('"он может быть целью для киллеров" (L42): the order may name an undead, lays him to rest, and the Mafia shoots its own target ("Если по любой причине убийство со стороны наемника не проходит, мафия устраняет свою цель", L49)', () => {
    const r = resolve(table(mercenary, red('N', 'necromancer'), dead(red('U', 'commissar', undead))), [
      act('W', 'contract', ['U']),
      act('M1', 'kill', ['R2']),
    ]);
    expect(refusals(r)).toEqual([]);
    // "Если игрок-нежить повторно убит, его уже нельзя вернуть".
    expect(cleared(r, 'undead')).toEqual(['U']);
    expect(deaths(r)).toEqual(['R2']);
  });

  it('with no own move of the Mafia, the shot spent on the undead is kept ("Если киллер тратит выстрел на нежить, то получает дополнительный ход в ближайшую ночь")', () => {
    const r = resolve(table(mercenary, red('N', 'necromancer'), dead(red('U', 'commissar', undead))), [act('W', 'contract', ['U'])]);
    expect(refusals(r)).toEqual([]);
    expect(deaths(r)).toEqual([]);
    expect(r.reserveKills['mafia']).toBe(1);
    // A plain dead player is still no target of an order.
    const plain = resolve(table(mercenary, dead(red('U', 'commissar'))), [act('W', 'contract', ['U'])]);
    expect(refusals(plain)).toEqual(['W:night/target-dead']);
  });
});

describe('the Hacker’s exception for the Collector in a played game (L22)', () => {
  it('"Нельзя помешать культисту или коллекционеру выбрать новые цели": a hacked Collector still names his players by day; a hacked Cultist his three', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Kira faction=red role=collector',
        'player Kult faction=red role=cultist',
        'player Hana faction=red role=hacker',
        'player Vera faction=red role=commissar',
        'player Olga faction=red role=doctor',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        'night 1',
        '  Hana uses hack Kira',
        '  resolve night',
        '  expect status Kira hacked',
        'day 2',
        // Hacked for the game day, he still names his three (no roles yet) at its end.
        '  Kira uses collect Anna Boris Olga',
        'night 2',
        '  Hana uses hack Kult',
        '  resolve night',
        '  expect status Kult hacked',
        'day 3',
        '  Kult uses mark Anna Boris Olga',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(played.phases.flatMap((p) => p.rejected ?? [])).toEqual([]);
    // His other day moves stay blocked: the hack is on his role (a waiver of roles is no new target).
    const waiver = playText(
      [
        'ruleset russian-004',
        'player Kira faction=red role=collector',
        'player Hana faction=red role=hacker',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        'night 1',
        '  Hana uses hack Kira',
        '  resolve night',
        'day 2',
        '  Kira uses waive-roles Anna',
        '  expect rejected Kira action/actor-blocked',
      ].join('\n'),
    );
    expect(failedExpectations(waiver)).toEqual([]);
  });
});

describe('the Commissar’s public word on the night he verifies a check (L6, L15)', () => {
  it('L15 "в эту ночь у него не будет хода" with L6 "Если пропустил ход … чек не проходит": the morning says "чек не прошел", as for any night without a move', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Vera faction=red role=commissar',
        'player Olga faction=red role=doctor',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Ivan faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        '  Kolya uses blacken Olga',
        'night 1',
        '  Vera uses check Olga',
        '  resolve night',
        'day 2',
        '  Vera uses verify-check Olga',
        'night 2',
        '  Vera uses check Boris',
        '  resolve night',
        'day 3',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const words = (n: number): unknown[] =>
      (played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === n)?.night?.events ?? []).flatMap((e) =>
        e.type === 'announcement' && e.result.fact === 'morning-check' ? [e.result.value] : [],
      );
    expect(words(1)).toEqual([{ role: 'commissar', hit: true }]);
    expect(words(2)).toEqual([{ role: 'commissar', hit: false }]);
    const day3 = played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 3);
    expect(day3?.openingPost).toContain('Комиссар: чек не прошел');
  });
});

describe('Joker (Джокер), L51: a check where others get no information', () => {
  const joker = player('J', 'citizen', 'werewolf', { secondRole: 'joker' });
  const maniac = player('X', 'citizen', 'maniac', { secondRole: 'maniac' });
  const crippled: NightStatus = { id: 'crippled' };

  it('"Принцип чеков соответствует чекам комиссара, однако в случаях, когда информация не предоставляется, чек джокера пройдет успешно": a crippled player (L6: "лишился мирной роли и цвета") is checked by him', () => {
    const r = resolve(table(maniac, joker, red('C', 'commissar'), red('V', 'citizen', crippled)), [
      act('J', 'flip-check', ['V']),
      act('C', 'check', ['V']),
    ]);
    expect(refusals(r)).toEqual([]);
    // The Commissar gets no information on a crippled player (L6: "информация не предоставляется", said in the morning)…
    expect(messagesTo(r, 'C')).toEqual([]);
    expect(announced(r)).toContainEqual(told('morning-check', ['C'], { role: 'commissar', hit: false, noInfo: true }));
    // …the Joker's check goes through: the colour of his team.
    expect(messagesTo(r, 'J')[0]).toEqual(told('alignment-check', ['V'], false));
    // A destroyed colour is checked the same way (the Executioner's "role-destroyed", L53).
    const destroyed = resolve(table(maniac, joker, red('V', 'citizen', { id: 'role-destroyed' })), [act('J', 'flip-check', ['V'])]);
    expect(messagesTo(destroyed, 'J')[0]).toEqual(told('alignment-check', ['V'], false));
    // A black whose colour was destroyed still shows black to the Joker.
    const black = resolve(table(maniac, joker, { ...mafia('V'), statuses: [crippled] }), [act('J', 'flip-check', ['V'])]);
    expect(messagesTo(black, 'J')[0]).toEqual(told('alignment-check', ['V'], true));
  });

  it('L6 "анонимуса/террориста/гипнотизера/политика … информация не предоставляется": the Joker’s check of a Politician goes through as well', () => {
    const r = resolve(table(maniac, joker, red('V', 'politician')), [act('J', 'flip-check', ['V'])]);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'J')[0]).toEqual(told('alignment-check', ['V'], false));
  });
});

describe('Pimp (Сутенер), L27: told of his slave’s move', () => {
  const slave: NightStatus = { id: 'slave', by: 'P' };
  const sent = (r: NightResolution): unknown[] => messagesTo(r, 'P').filter((m) => m.fact === 'slave-move-sent');

  it('"когда раб отправит дневной или ночной ход, сутенер узнает об этом и должен либо подтвердить его, либо изменить, либо запретить"', () => {
    const r = resolve(table(red('P', 'pimp'), red('S', 'commissar', slave)), [act('S', 'check', ['M1'])]);
    expect(refusals(r)).toEqual([]);
    expect(sent(r)).toEqual([told('slave-move-sent', ['S', 'M1'], 'commissar')]);
    expect(words({ to: 'P', fact: 'slave-move-sent', about: ['S', 'M1'], value: 'commissar' })).toEqual({
      en: 'Your slave S sent a move as Commissar, targets: M1. Approve, change or forbid it.',
      ru: 'Ваш раб S отправил ход за роль «Комиссар», цели: M1. Подтвердите, измените или запретите его.',
    });
    // The slave himself is told nothing of it; a player who is nobody's slave tells nobody.
    expect(messagesTo(r, 'S')).toEqual([told('alignment-check', ['M1'], true)]);
    const free = resolve(table(red('P', 'pimp'), red('S', 'commissar')), [act('S', 'check', ['M1'])]);
    expect(sent(free)).toEqual([]);
  });

  it('a master who is dead or whose role is blocked tonight learns nothing of it (L22: "Когда блокируется сутенер … не сможет")', () => {
    const deadMaster = resolve(table(dead(red('P', 'pimp')), red('S', 'commissar', slave)), [act('S', 'check', ['M1'])]);
    expect(sent(deadMaster)).toEqual([]);
    const hacked = resolve(table(red('P', 'pimp', { id: 'hacked', sinceNight: 1 }), red('S', 'commissar', slave)), [
      act('S', 'check', ['M1']),
    ]);
    expect(sent(hacked)).toEqual([]);
  });
});

describe('Forensic (Криминалист), L44 and L112: which bodies he examines', () => {
  const roster = (forensic: string): string[] => [
    'ruleset russian-004',
    forensic,
    'player Vera faction=red role=commissar',
    'player Olga faction=red role=doctor',
    'player Anna faction=red role=citizen',
    'player Boris faction=red role=citizen',
    'player Ivan faction=red role=citizen',
    'player Pavel faction=red role=citizen',
    'player Roma faction=red role=citizen',
    'player Sveta faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
  ];
  const game = (forensic: string, examiner: string): string[] => [
    ...roster(forensic),
    'day 1',
    'night 1',
    '  Kolya uses kill Vera',
    '  resolve night',
    'day 2',
    ...['Olga', 'Boris', 'Kolya', 'Lena', 'Misha', 'Ivan'].map((v) => `  ${v} votes Anna`),
    'night 2',
    '  Misha uses kill Olga',
    '  resolve night',
    'day 3',
    // Vera died the night before last; Anna was lynched; Olga is the night's body.
    `  ${examiner} uses examine-bodies Vera Anna Olga`,
    ...['Boris', 'Kolya', 'Lena', 'Misha'].map((v) => `  ${v} votes Ivan`),
    'night 3',
  ];
  const examined = (events: readonly { type: string; result?: NightResult | undefined }[]): unknown[] =>
    events.flatMap((e) => (e.type === 'message/send' && e.result?.fact === 'body-examined' ? [e.result.about[0]] : []));

  it('L44 "проводит обследование тел ночных жертв": only the bodies of the night before that day; an earlier one only through an examination made then ("Можно выбрать любой из ранее обследованных трупов")', () => {
    const played = playText(game('player Fedor faction=red role=forensic', 'Fedor').join('\n'));
    expect(failedExpectations(played)).toEqual([]);
    expect(examined(played.events)).toEqual(['Olga']);
  });

  it('L112 "Криминалист может обследовать чей-либо труп утром и взять анализы с трех выбранных игроков вечером": the black Forensic examines anyone’s body', () => {
    const played = playText(game('player Fedor faction=mafia role=forensic second=mafia', 'Fedor').join('\n'));
    expect(failedExpectations(played)).toEqual([]);
    expect(examined(played.events)).toEqual(['Vera', 'Anna', 'Olga']);
  });
});

describe('Collector (Коллекционер), L41: the host’s choice recorded in a played game', () => {
  it('"он получит одну из их ролей по усмотрению ведущего": `collect-choice` records the host’s choice, the night reads it, the next phase forgets it', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Kira faction=red role=collector',
        'player Dasha faction=red role=doctor',
        'player Vera faction=red role=commissar',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Ivan faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        '  Kira uses collect Dasha Vera',
        'night 1',
        '  Kolya uses kill Vera',
        '  collect-choice Kira Vera',
        '  resolve night',
        '  expect status Vera in-collection',
        'day 2',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const at = played.events.findIndex((e) => e.type === 'night/collect-choice');
    expect(played.events[at]).toEqual({ type: 'night/collect-choice', collector: 'Kira', victim: 'Vera' });
    const ruleset = rulesets['russian-004'];
    const nightRules = rulesetNightRules(ruleset);
    if (nightRules === undefined) throw new Error('004 has night rules');
    const tonight = deriveState(played.events.slice(0, at + 1));
    expect(toNightInput(tonight, nightRules, ruleset).collectChoice).toEqual({ Kira: 'Vera' });
    // A new phase starts without it.
    expect(deriveState(played.events).collectChoice).toBeUndefined();
  });
});
