/**
 * Seed 004's remaining edges of four roles that use day choices at night
 * (shared/seeds/004 L22, L27, L41, L42, L44; digest §5.2, §5.6): the
 * Necromancer's undead shot and random curse, the Collector's several deaths
 * and his limit by day, the Pimp's Hacker exceptions, notes and day orders,
 * and the Forensic's evening examination and split samples. Each rule runs
 * through resolveNight with the 004 ruleset or a played game; the quoted
 * lines are the seed's own words, and the private messages are checked in the
 * words Gavel writes them (English and Russian).
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
  type PastMove,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';
import { act, deaths, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1, extra: Parameters<typeof night>[3] = {}): NightResolution =>
  resolveNight(night(players, actions, n, { statusRules, ...extra }), rulesRussian, createRng(5));
const red = (id: string, role: string, ...statuses: NightStatus[]): NightPlayer =>
  player(id, role, 'red', statuses.length === 0 ? {} : { statuses });
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);
const day = (n: number, ability: string, ...targets: string[]): PastMove => ({ night: n, day: true, ability, targets });
const applied = (r: NightResolution, status: string): string[] =>
  r.events.flatMap((e: NightEvent) => (e.type === 'status-applied' && e.status.id === status ? [`${e.player}:${e.status.by ?? ''}`] : []));
const cleared = (r: NightResolution, status: string): string[] =>
  r.events.flatMap((e: NightEvent) => (e.type === 'status-cleared' && e.status === status ? [e.player] : []));
const reasonCodes = (r: NightResolution): string[] =>
  r.events.flatMap((e) => e.reasons.flatMap((x) => (x.message === undefined ? [] : [x.message.code])));
/** A result in both languages, with the players' ids as their names and the 004 role names. */
const words = (result: NightResult): { en: string; ru: string } => {
  const ruleset = rulesets['russian-004'];
  const ids = ['M1', 'M2', 'R1', 'R2', 'N', 'K', 'F', 'V', 'W', 'P', 'S', 'H', 'A', 'B', 'C', 'D'].map((id) => ({ id, name: id }));
  const en = nightResultNames(ids, { roles: ruleset.roles.map((r) => ({ id: r.id, name: r.names?.en ?? r.name })) });
  const ru = nightResultNames(ids, { roles: ruleset.roles.map((r) => ({ id: r.id, name: r.names?.ru ?? r.name })) });
  return { en: renderNightResult(result, en, 'en'), ru: renderNightResult(result, ru, 'ru') };
};

describe('Necromancer (Некромант), L42: the undead shot, the random curse', () => {
  const undead: NightStatus = { id: 'undead', by: 'N' };

  it('"Если киллер тратит выстрел на нежить, то получает дополнительный ход в ближайшую ночь": the Investigator’s gun (L8) lays the undead to rest but gains no extra move', () => {
    // L8: the Investigator shoots once both checkers are gone.
    const r = resolve(
      table(red('N', 'necromancer'), red('I', 'investigator'), dead(red('U', 'commissar', undead))),
      [act('I', 'investigate', ['U'])],
      2,
    );
    expect(refusals(r)).toEqual([]);
    expect(deaths(r)).toEqual([]);
    expect(cleared(r, 'undead')).toEqual(['U']);
    expect(reasonCodes(r)).toContain('night/undead-laid-to-rest-no-shot');
    expect(reasonCodes(r)).not.toContain('night/undead-laid-to-rest');
    expect(r.reserveKills['red']).toBeUndefined();
    // A killer side's shot is kept (the Mafia, odd night).
    const mafiaShot = resolve(table(red('N', 'necromancer'), dead(red('U', 'commissar', undead))), [act('M1', 'kill', ['U'])]);
    expect(reasonCodes(mafiaShot)).toContain('night/undead-laid-to-rest');
    expect(mafiaShot.reserveKills['mafia']).toBe(1);
  });

  it('"Если киллер тратит выстрел на нежить …": the Fanatic’s revenge (L36) may aim at an undead, lays him to rest, and neither avenges the favourite nor gains a move', () => {
    const fanatic: NightPlayer = { ...red('FA', 'fanatic'), statuses: [{ id: 'favourite', with: 'L' }] };
    const players = table(red('N', 'necromancer'), fanatic, dead(red('L', 'doctor')), dead(mafia('U')));
    const withUndead = players.map((p) => (p.slotId === 'U' ? { ...p, statuses: [undead] } : p));
    const r = resolve(withUndead, [act('FA', 'avenge', ['U'])], 2);
    expect(refusals(r)).toEqual([]);
    expect(cleared(r, 'undead')).toEqual(['U']);
    expect(applied(r, 'avenged')).toEqual([]);
    expect(messagesTo(r, 'FA')).toEqual([]);
    expect(reasonCodes(r)).toContain('night/undead-laid-to-rest-no-shot');
  });

  it('"Некромант не может отказаться от назначения целей - в этом случае получит к утру цели по рандому": he is told whom the curse fell on', () => {
    const r = resolve(table(red('N', 'necromancer')), [act('M1', 'kill', ['R1'])]);
    const cursed = applied(r, 'cursed').map((c) => c.split(':')[0] ?? '');
    expect(cursed).toHaveLength(3);
    expect(messagesTo(r, 'N')).toEqual([told('cursed-at-random', cursed, null)]);
    const result: NightResult = { to: 'N', fact: 'cursed-at-random', about: ['M2', 'R2', 'N'].slice(0, 2), value: null };
    expect(words(result)).toEqual({
      en: 'You named no one to curse, so by the morning your curse fell at random on M2, R2.',
      ru: 'Вы не назначили цели проклятия, поэтому к утру по рандому прокляты игроки: M2, R2.',
    });
  });
});

describe('Pimp (Сутенер), L27 and the Hacker’s exceptions for him (L22)', () => {
  const pimp = (...moves: PastMove[]): NightPlayer => ({ ...red('P', 'pimp'), pastMoves: moves });
  const slaveOf = (p: NightPlayer): NightPlayer => ({ ...p, statuses: [...(p.statuses ?? []), { id: 'slave', by: 'P' }] });

  it('"Если сутенер взломан в тот же момент, когда берет хакера в рабство, взлом не пройдет и сутенер сможет сразу переназначить цель для хакера"', () => {
    const players = table(pimp(day(1, 'enslave', 'H')), red('H', 'hacker'));
    const failed = resolve(players, [act('H', 'hack', ['P'])]);
    expect(applied(failed, 'slave')).toEqual(['H:P']);
    expect(refusals(failed)).toEqual(['H:night/not-available']);
    expect(failed.refused[0]?.message?.code).toBe('night/refused-taken-by-target');
    expect(applied(failed, 'hacked')).toEqual([]);
    // He gives the Hacker's move a new target at once: it stands.
    const retargeted = resolve(players, [act('H', 'hack', ['P'], 10), act('P', 'order-slave', ['H', 'M1'], 20)]);
    expect(applied(retargeted, 'hacked')).toEqual(['M1:H']);
    // "… или блокнуть его самого": the punishment given the same day blocks the Hacker's move.
    const punished = resolve(table(pimp(day(1, 'enslave', 'H'), day(1, 'punish', 'H')), red('H', 'hacker')), [act('H', 'hack', ['M1'])]);
    expect(applied(punished, 'hacked')).toEqual(['H:P']);
    expect(refusals(punished)).toEqual(['H:night/actor-status']);
  });

  it('"Когда блокируется сутенер, он успевает взять раба": hacked at that end of day by another, he still takes the slave, but gives no orders that night', () => {
    const players = table(pimp(day(1, 'enslave', 'S')), red('S', 'doctor'), red('H', 'hacker'));
    const r = resolve(players, [act('H', 'hack', ['P'], 10), act('S', 'heal', ['R1'], 11), act('P', 'order-slave', ['S', 'R2'], 20)]);
    expect(applied(r, 'slave')).toEqual(['S:P']);
    expect(applied(r, 'hacked')).toEqual(['P:H']);
    expect(refusals(r)).toEqual(['P:night/actor-status']);
    expect(r.accepted.map((a) => `${a.actor}:${a.ability}:${a.targets.join(',')}`)).toContain('S:heal:R1');
  });

  it('"Сутенер может оставлять рабу ночные записки": the note reaches the slave, who still does not learn who his master is', () => {
    const players = table(red('P', 'pimp'), slaveOf(red('S', 'doctor')));
    const r = resolve(players, [act('P', 'note-slave', ['S'], 10, { text: 'Лечи R1.' })], 2);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'S')).toEqual([told('master-note', [], 'Лечи R1.')]);
    expect(words({ to: 'S', fact: 'master-note', about: [], value: 'Лечи R1.' })).toEqual({
      en: 'A note from your master: Лечи R1.',
      ru: 'Записка от хозяина: Лечи R1.',
    });
    // Not to another's slave, nor without a text, nor from a hacked Pimp.
    expect(refusals(resolve(table(red('P', 'pimp'), red('S', 'doctor')), [act('P', 'note-slave', ['S'], 10, { text: 'x' })], 2))).toEqual([
      'P:night/not-available',
    ]);
    expect(refusals(resolve(players, [act('P', 'note-slave', ['S'], 10)], 2))).toEqual(['P:night/not-available']);
    const hacked = table({ ...red('P', 'pimp'), statuses: [{ id: 'hacked', sinceNight: 1 }] }, slaveOf(red('S', 'doctor')));
    expect(messagesTo(resolve(hacked, [act('P', 'note-slave', ['S'], 10, { text: 'x' })], 2), 'S')).toEqual([]);
  });
});

describe('the Hacker’s exceptions for the Necromancer and the Pimp in a played game (L22)', () => {
  const roster = [
    'ruleset russian-004',
    'player Nik faction=red role=necromancer',
    'player Pia faction=red role=pimp',
    'player Hana faction=red role=hacker',
    'player Vera faction=red role=commissar',
    'player Olga faction=red role=doctor',
    'player Anna faction=red role=citizen',
    'player Boris faction=red role=citizen',
    'player Sasha faction=red role=blocker',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
  ];

  it('"Когда блокируется некромант, он успевает взять другой труп, но не сможет это сделать на следующий день"', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        '  Nik uses curse Vera Anna Boris',
        'night 1',
        '  Kolya uses kill Vera',
        '  resolve night',
        '  expect status Vera undead',
        'day 2',
        '  kill Olga : lynched',
        // The swap made at the end of the day the Hacker hacks him goes through.
        '  Nik uses swap-corpse Vera Olga',
        'night 2',
        '  Hana uses hack Nik',
        '  resolve night',
        '  expect status Nik hacked',
        '  expect status Vera not undead',
        'day 3',
        '  kill Boris : lynched',
        // The next day he is still hacked: no swap.
        '  Nik uses swap-corpse Olga Boris',
        '  expect rejected Nik action/actor-blocked',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('"Когда блокируется сутенер, он успевает взять раба, но не сможет взять его на следующий день"', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        '  Pia uses enslave Sasha',
        'night 1',
        '  Hana uses hack Pia',
        '  resolve night',
        '  expect status Sasha slave',
        'day 2',
        '  kill Sasha : lynched',
        '  Pia uses enslave Olga',
        '  expect rejected Pia action/actor-blocked',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});

describe('Forensic (Криминалист), L44: the evening examination and the split samples', () => {
  const forensic = (...moves: PastMove[]): NightPlayer => ({ ...red('F', 'forensic'), pastMoves: moves });
  const body = (id: string, killer: string, extra: Partial<NightPlayer> = {}): NightPlayer =>
    dead({ ...red(id, 'citizen'), killedBy: [killer], ...extra });
  const mercenary = player('W', 'citizen', 'mafia', { secondRole: 'mercenary' });

  it('"Допустимо разделить анализы - два для одного трупа и один для другого или по одному для трех трупов"', () => {
    const moves = [day(2, 'examine-bodies', 'A', 'B'), day(2, 'take-samples', 'A', 'M1', 'R1', 'B', 'M2')];
    const r = resolve(table(forensic(...moves), body('A', 'M1'), body('B', 'R2')), [], 2);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'F')).toEqual([told('samples-matched', ['A', 'M1', 'R1'], true), told('samples-matched', ['B', 'M2'], false)]);
  });

  it('"если только один анализ, то его можно сравнить с тремя разными трупами - в этих случаях результат для анализа будет без уточнения по жертве"', () => {
    const moves = [day(1, 'examine-bodies', 'A'), day(2, 'examine-bodies', 'B', 'C'), day(2, 'take-samples', 'A', 'B', 'C', 'M1')];
    const players = table(forensic(...moves), body('A', 'R2'), body('B', 'M1'), body('C', 'M2'));
    expect(messagesTo(resolve(players, [], 2), 'F')).toEqual([told('sample-against-bodies', ['M1', 'A', 'B', 'C'], true)]);
    expect(words({ to: 'F', fact: 'sample-against-bodies', about: ['M1', 'A', 'B', 'C'], value: true })).toEqual({
      en: 'The sample of M1 matches: the player killed one of A, B, C.',
      ru: 'Анализ игрока M1 совпал: он убил кого-то из игроков A, B, C.',
    });
    // "Если берутся только два анализа, один из них может быть за раз сравнен с двумя трупами": two against two bodies is too many.
    const twoOnTwo = [day(2, 'examine-bodies', 'B', 'C'), day(2, 'take-samples', 'B', 'C', 'M1', 'R1')];
    const r = resolve(table(forensic(...twoOnTwo), body('B', 'M1'), body('C', 'M2')), [], 2);
    expect(messagesTo(r, 'F')).toEqual([]);
    expect(reasonCodes(r)).toContain('night/samples-over-limit');
    // "Можно выбрать любой из ранее обследованных трупов": a body never examined gives nothing.
    const unexamined = resolve(table(forensic(day(2, 'take-samples', 'B', 'M1')), body('B', 'M1')), [], 2);
    expect(messagesTo(unexamined, 'F')).toEqual([]);
  });

  it('"Если убийство совершил наемник или отравитель через свой яд, то на них можно проверять не более одного игрока за раз, при этом недопустимы параллельные проверки"', () => {
    const byMercenary = body('A', 'W');
    const two = resolve(
      table(forensic(day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'A', 'W', 'R1')), byMercenary, mercenary),
      [],
      2,
    );
    expect(messagesTo(two, 'F')).toEqual([]);
    expect(reasonCodes(two)).toContain('night/samples-over-limit');
    const one = resolve(table(forensic(day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'A', 'W')), byMercenary, mercenary), [], 2);
    expect(messagesTo(one, 'F')).toEqual([told('samples-matched', ['A', 'W'], true)]);
    // A poison death: one sample, and no other body tested beside it.
    const poisoned = body('P', 'M1', { killedWith: 'poison' });
    const moves = [day(2, 'examine-bodies', 'P', 'B'), day(2, 'take-samples', 'P', 'M1', 'B', 'R1')];
    const parallel = resolve(table(forensic(...moves), poisoned, body('B', 'M2')), [], 2);
    expect(messagesTo(parallel, 'F')).toEqual([]);
  });

  it('"Результат проверки трупа предоставляется вечером - после итогов голосования": the killing role and the victim’s side, as a killer learns it', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Fedor faction=red role=forensic',
        'player Vera faction=red role=commissar',
        'player Olga faction=red role=doctor',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        'night 1',
        '  Kolya uses kill Vera',
        '  resolve night',
        'day 2',
        '  Fedor uses examine-bodies Vera',
        ...['Fedor', 'Olga', 'Boris', 'Kolya', 'Lena', 'Misha'].map((v) => `  ${v} votes Anna`),
        '  expect lynched Anna',
        'night 2',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const state = played.events;
    const results = state.flatMap((e) => (e.type === 'message/send' && e.result?.fact === 'body-examined' ? [e] : []));
    expect(results.map((e) => e.result)).toEqual([{ to: 'Fedor', fact: 'body-examined', about: ['Vera'], value: ['mafia', 'red'] }]);
    // After the vote's result: the examination comes after the day's lynch in the log.
    const lynchAt = state.findIndex((e) => e.type === 'player/die' && e.slotId === 'Anna');
    expect(lynchAt).toBeGreaterThan(-1);
    expect(state.findIndex((e) => e.type === 'message/send' && e.result?.fact === 'body-examined')).toBeGreaterThan(lynchAt);
    expect(words({ to: 'F', fact: 'body-examined', about: ['V'], value: ['mafia', 'red'] })).toEqual({
      en: 'The examination of the body of V: killed by the move of the Mafia; the victim played for red.',
      ru: 'Обследование тела игрока V: убит через ход роли «Мафия», жертва играла за сторону «red».',
    });
  });
});

describe('Collector (Коллекционер), L41: several deaths at once, the Active citizen, waivers, the limit by day', () => {
  const collector = (...moves: PastMove[]): NightPlayer => ({ ...red('K', 'collector'), pastMoves: moves });
  const citizen = red('A', 'active-citizen');
  const roleChanges = (r: NightResolution): string[] =>
    r.events.flatMap((e: NightEvent) => (e.type === 'role-changed' ? [`${e.player}:${e.to ?? ''}`] : []));
  const twoShots = [act('M1', 'kill', ['D'], 10), act('M2', 'kill', ['C'], 20)];
  const players = (...moves: PastMove[]): NightPlayer[] => table(collector(...moves), red('D', 'doctor'), red('C', 'commissar'), citizen);

  it('"Если за раз погибли несколько целей коллекционера, то он получит одну из их ролей по усмотрению ведущего, а остальное уйдет к активным жителям"', () => {
    const r = resolve(players(day(1, 'collect', 'D', 'C')), twoShots, 1, { reserveKills: { mafia: 1 } });
    expect(deaths(r)).toEqual(['C', 'D']);
    // Without the host's word, the first to die; the host is asked.
    expect(applied(r, 'in-collection')).toEqual(['D:K']);
    expect(roleChanges(r)).toEqual(['A:commissar']);
    expect(r.ambiguities.map((a) => `${a.setting}=${a.value}`)).toContain('collectChoice=first-to-die');
    // The host's choice.
    const chosen = resolve(players(day(1, 'collect', 'D', 'C')), twoShots, 1, { reserveKills: { mafia: 1 }, collectChoice: { K: 'C' } });
    expect(applied(chosen, 'in-collection')).toEqual(['C:K']);
    expect(roleChanges(chosen)).toEqual(['A:doctor']);
    expect(chosen.ambiguities.map((a) => a.setting)).not.toContain('collectChoice');
    expect(messagesTo(chosen, 'K')).toContainEqual(told('role-collected', ['C'], 'commissar'));
  });

  it('"Если так или иначе активный житель увел роль у коллекционера, то она автоматически попадет в коллекцию в случае его смерти"', () => {
    const r = resolve(players(day(1, 'collect', 'D', 'C')), twoShots, 1, { reserveKills: { mafia: 1 } });
    // The Active citizen took the Commissar's role, which the Collector named: he owes it.
    expect(applied(r, 'owes-collection')).toEqual(['A:K']);
    // He dies a later night: the role joins the collection, though the Collector did not name him.
    const owing: NightPlayer = { ...red('A', 'commissar'), statuses: [{ id: 'owes-collection', by: 'K' }] };
    const later = resolve(table(collector(), owing), [act('M1', 'kill', ['A'])], 3);
    expect(applied(later, 'in-collection')).toEqual(['A:K']);
    expect(messagesTo(later, 'K')).toContainEqual(told('role-collected', ['A'], 'commissar'));
    // Lynched by day: collected before the next night.
    const lynched = resolve(table(collector(), dead(owing)), [], 3);
    expect(applied(lynched, 'in-collection')).toEqual(['A:K']);
  });

  it('"Коллекционер может добровольно уступить приоритет активным жителям … либо указать конкретные роли, которые ему не нужны"', () => {
    // He names the holder of a role he does not want: the role goes to the Active citizen, though he holds none.
    const waived = resolve(players(day(1, 'collect', 'D'), day(1, 'waive-roles', 'D')), [act('M1', 'kill', ['D'])]);
    expect(applied(waived, 'in-collection')).toEqual([]);
    expect(roleChanges(waived)).toEqual(['A:doctor']);
    // A role he waived is not owed him.
    expect(applied(waived, 'owes-collection')).toEqual([]);
    // He yields his priority: the Active citizen takes it, and owes it to the collection.
    const yielded = resolve(players(day(1, 'collect', 'D'), day(1, 'waive-roles')), [act('M1', 'kill', ['D'])]);
    expect(roleChanges(yielded)).toEqual(['A:doctor']);
    expect(applied(yielded, 'owes-collection')).toEqual(['A:K']);
    // With no Active citizen alive, the yielded priority leaves the role to him.
    const alone = resolve(table(collector(day(1, 'collect', 'D'), day(1, 'waive-roles')), red('D', 'doctor')), [act('M1', 'kill', ['D'])]);
    expect(applied(alone, 'in-collection')).toEqual(['D:K']);
  });

  it('"Когда одна или две роли, можно выбирать до двух целей": names over his limit are refused when he names them by day', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Kira faction=red role=collector',
        'player Vera faction=red role=commissar',
        'player Olga faction=red role=doctor',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        '  Kira uses collect Vera Anna Boris',
        'night 1',
        '  Kolya uses kill Vera',
        '  resolve night',
        '  expect status Vera in-collection',
        'day 2',
        '  Kira uses collect Olga Anna Boris',
        '  expect rejected Kira action/over-limit',
        '  Kira uses collect Olga Anna',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(played.phases[2]?.rejected.map((x) => `${x.who}:${x.reason}`)).toEqual(['Kira:action/over-limit']);
  });
});

describe('Pimp (Сутенер), L27: approving the slave’s day moves', () => {
  const slave = (p: NightPlayer, ...moves: PastMove[]): NightPlayer => ({ ...p, statuses: [{ id: 'slave', by: 'P' }], pastMoves: moves });
  const pimp = (...moves: PastMove[]): NightPlayer => ({ ...red('P', 'pimp'), pastMoves: moves });
  const kills = [act('M1', 'kill', ['D'], 10), act('M2', 'kill', ['C'], 20)];
  const players = (k: NightPlayer, ...pimpMoves: PastMove[]): NightPlayer[] =>
    table(pimp(...pimpMoves), k, red('D', 'doctor'), red('C', 'commissar'));

  it('"должен либо подтвердить его, либо изменить, либо запретить. Если сутенер ничего не предпринимает, то ход раба пройдет свободно": the slave Collector’s names, read by the night', () => {
    const names = day(3, 'collect', 'D');
    const free = resolve(players(slave(red('K', 'collector'), names)), kills, 3, { reserveKills: { mafia: 1 } });
    expect(applied(free, 'in-collection')).toEqual(['D:K']);
    // Changed: he names C instead.
    const changed = resolve(players(slave(red('K', 'collector'), names), day(3, 'order-slave-day', 'K', 'C')), kills, 3, {
      reserveKills: { mafia: 1 },
    });
    expect(applied(changed, 'in-collection')).toEqual(['C:K']);
    // Forbidden: he names nobody.
    const forbidden = resolve(players(slave(red('K', 'collector'), names), day(3, 'order-slave-day', 'K')), kills, 3, {
      reserveKills: { mafia: 1 },
    });
    expect(applied(forbidden, 'in-collection')).toEqual([]);
    // "Если раб не делает ход, сутенер может назначить его за него".
    const made = resolve(players(slave(red('K', 'collector')), day(3, 'order-slave-day', 'K', 'C')), kills, 3, {
      reserveKills: { mafia: 1 },
    });
    expect(applied(made, 'in-collection')).toEqual(['C:K']);
    // "Если рабом взят … некромант …, то нельзя влиять на их ходы": a spared role's moves stand.
    const spared = resolve(
      table(pimp(day(1, 'order-slave-day', 'N')), slave(red('N', 'necromancer'), day(1, 'curse', 'R1', 'R2', 'M2'))),
      [],
      1,
    );
    expect(applied(spared, 'cursed').sort()).toEqual(['M2:N', 'R1:N', 'R2:N']);
  });

  it('the end of the day reads the approved moves: the slave Cultist’s marks as the Pimp changed or forbade them (L27, L43)', () => {
    const game = (order: string): string[] => [
      'ruleset russian-004',
      'player Pia faction=red role=pimp',
      'player Ivan faction=red role=cultist',
      'player Anna faction=red role=doctor',
      'player Boris faction=red role=citizen',
      'player Gleb faction=red role=citizen',
      'player Dima faction=red role=citizen',
      'player Olga faction=red role=citizen',
      'player Kolya faction=mafia role=citizen second=mafia',
      'player Lena faction=mafia role=citizen second=mafia',
      'player Misha faction=maniac role=citizen second=maniac',
      'day 1',
      '  Pia uses enslave Ivan',
      'night 1',
      '  resolve night',
      '  expect status Ivan slave',
      'day 2',
      '  Ivan uses mark Kolya Lena Boris',
      order,
      'night 2',
    ];
    const changed = playText(
      [
        ...game('  Pia uses order-slave-day Ivan Gleb Dima Olga'),
        '  expect status Gleb soul-mark',
        '  expect status Kolya not soul-mark',
      ].join('\n'),
    );
    expect(failedExpectations(changed)).toEqual([]);
    const forbidden = playText(
      [...game('  Pia uses order-slave-day Ivan'), '  expect status Kolya not soul-mark', '  expect status Gleb not soul-mark'].join('\n'),
    );
    expect(failedExpectations(forbidden)).toEqual([]);
    const free = playText([...game(''), '  expect status Kolya soul-mark'].join('\n'));
    expect(failedExpectations(free)).toEqual([]);
  });
});
