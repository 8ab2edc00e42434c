/**
 * Seed 004's Pimp (shared/seeds/004 L27) against the Hacker (L22) and the Drug dealer (L34): what the other 004 files
 * leave open. The quoted lines are the seed's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  deriveState,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  type GameEvent,
  type NightAction,
  type NightPlayer,
  type NightResolution,
  type NightStatus,
  type PlayResult,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';
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

describe('Pimp (Сутенер), L27: told of his slave’s day moves', () => {
  const roster = [
    'ruleset russian-004',
    'player Anna   faction=red    role=citizen',
    'player Boris  faction=red    role=priest',
    'player Vera   faction=red    role=commissar',
    'player Dasha  faction=red    role=citizen',
    'player Egor   faction=red    role=citizen',
    'player Zhenya faction=red    role=citizen',
    'player Pia    faction=red    role=pimp',
    'player Kolya  faction=mafia  role=citizen second=mafia',
    'player Lena   faction=mafia  role=citizen second=mafia',
    'player Misha  faction=maniac role=citizen second=maniac',
  ];
  const game = (...day2: string[]): PlayResult =>
    playText(
      [
        ...roster,
        'day 1',
        '  Anna votes Egor; Boris votes Egor',
        '  Pia uses enslave Boris',
        'night 1',
        '  resolve night',
        'day 2',
        '  Boris votes Zhenya; Kolya votes Zhenya; Lena votes Zhenya; Dasha votes Misha',
        ...day2,
      ].join('\n'),
    );
  const toPia = (r: PlayResult): GameEvent[] =>
    r.events.filter((e) => e.type === 'message/send' && e.to === slotOf(r, 'Pia') && e.result?.fact === 'slave-move-sent');
  const slotOf = (r: PlayResult, name: string): string => deriveState(r.events).players.find((p) => p.name === name)?.slot.id ?? name;

  it('"когда раб отправит дневной или ночной ход, сутенер узнает об этом и должен либо подтвердить его, либо изменить, либо запретить"', () => {
    const r = game('  Boris uses forgive Zhenya');
    const told = toPia(r);
    expect(told).toHaveLength(1);
    const message = told[0];
    if (message?.type !== 'message/send' || message.result === undefined) throw new Error('no message');
    expect(message.result).toEqual({
      to: slotOf(r, 'Pia'),
      fact: 'slave-move-sent',
      about: [slotOf(r, 'Boris'), slotOf(r, 'Zhenya')],
      value: 'priest',
    });
    const state = deriveState(r.events);
    const names = nightResultNames(
      state.players.map((p) => ({ id: p.slot.id, name: p.name })),
      { roles: rulesets['russian-004'].roles.map((x) => ({ id: x.id, name: x.names?.ru ?? x.name })) },
    );
    expect(renderNightResult(message.result, names, 'ru')).toBe(
      'Ваш раб Boris отправил ход за роль «Священник», цели: Zhenya. Подтвердите, измените или запретите его.',
    );
    // The event's own text is the English one the night's PMs carry too (each reader words the result in its language).
    expect(message.text).toMatch(/^Your slave Boris sent a move as Priest.*, targets: Zhenya\. Approve, change or forbid it\.$/);
  });

  it('a player who is nobody’s slave tells nobody; the master’s own order is no move of the slave’s to tell', () => {
    expect(toPia(game('  Vera uses check Kolya'))).toEqual([]);
    expect(toPia(game('  Boris uses forgive Zhenya', '  Pia uses order-slave-day Boris'))).toHaveLength(1);
  });

  it('L22 "Когда блокируется сутенер … не сможет": a hacked master learns nothing of it', () => {
    expect(toPia(game('  status Pia +hacked', '  Boris uses forgive Zhenya'))).toEqual([]);
  });
});

describe('Drug dealer (Наркодилер), L34, under the Pimp’s orders (L27)', () => {
  const roster = [
    'ruleset russian-004',
    'player Rita   faction=red    role=drug-dealer',
    'player Pia    faction=red    role=pimp',
    'player Anna   faction=red    role=citizen',
    'player Boris  faction=red    role=citizen',
    'player Vera   faction=red    role=citizen',
    'player Egor   faction=red    role=citizen',
    'player Zhenya faction=red    role=citizen',
    'player Kolya  faction=mafia  role=citizen second=mafia',
    'player Lena   faction=mafia  role=citizen second=mafia',
    'player Misha  faction=maniac role=citizen second=maniac',
  ];
  /** Day 1 Pia takes Rita; night 1 Rita drugs two players (two votes in her bank); day 2 as given. */
  const game = (...day2: string[]): PlayResult =>
    playText(
      [
        ...roster,
        'day 1',
        '  Pia uses enslave Rita',
        'night 1',
        '  Rita uses drug Anna Boris',
        '  resolve night',
        '  expect status Rita slave',
        'day 2',
        ...day2,
        '  Rita votes Kolya; Vera votes Kolya',
        '  Egor votes Misha; Zhenya votes Misha',
      ].join('\n'),
    );

  it('"Перед голосованием наркодилер указывает ведущему сколько голосов желает закупить - допустимо любое значение, кратное 0,5": a day move with the amount', () => {
    const played = game('  Rita uses buy-votes: 1,5', '  expect total Kolya 3.5');
    expect(failedExpectations(played)).toEqual([]);
    // The Pimp is told of it (L27 "когда раб отправит дневной … ход, сутенер узнает об этом").
    expect(played.events.some((e) => e.type === 'message/send' && e.result?.fact === 'slave-move-sent')).toBe(true);
  });

  it('L27 "должен либо подтвердить его, либо изменить, либо запретить": a forbidden purchase buys nothing, her own vote counts alone', () => {
    const played = game('  Rita uses buy-votes: 2', '  Pia uses order-slave-day Rita', '  expect total Kolya 2');
    expect(failedExpectations(played)).toEqual([]);
    // A purchase stated as her vote's weight (the host's shorthand) is forbidden all the same.
    const stated = playText(
      [
        ...roster,
        'day 1',
        '  Pia uses enslave Rita',
        'night 1',
        '  Rita uses drug Anna Boris',
        '  resolve night',
        'day 2',
        '  Pia uses order-slave-day Rita',
        '  Rita votes Kolya weight 3; Vera votes Kolya',
        '  Egor votes Misha; Zhenya votes Misha',
        '  expect total Kolya 2',
      ].join('\n'),
    );
    expect(failedExpectations(stated)).toEqual([]);
  });

  it('"Если наркодилер не указал число голосов, то по умолчанию используется только его собственный единичный голос"', () => {
    expect(failedExpectations(game('  expect total Kolya 2'))).toEqual([]);
  });
});
