/**
 * Seed 004's colour checks that give no information (../shared/seeds/004_f6d88bc78ab5cdbd.txt L6, L28, L29, L132;
 * the digest §4.5, §5.6): the Lawyer's and the Inquisitor's private checks read the roles colour checks cannot read as
 * the Commissar's do, and the Politician in office takes a protégé for the night, who is hidden from every colour check
 * and whose visitors' roles the Politician learns. Each test quotes its seed line.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, type GameEvent, type NightAction, type NightPlayer, type NightResolution } from '../../../src/engine';
import { act, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 2): NightResolution =>
  resolveNight({ ...night(players, actions, n), statusRules }, rulesRussian, createRng(4));
const red = (id: string, role = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer => player(id, role, 'red', extra);
const black = (id: string, extra: Partial<NightPlayer> = {}): NightPlayer =>
  player(id, 'citizen', 'mafia', { secondRole: 'mafia', ...extra });

const table = [
  red('L', 'lawyer'),
  red('I', 'inquisitor'),
  red('C', 'commissar'),
  red('T', 'terrorist'),
  red('P', 'politician'),
  black('M'),
  red('R'),
];
const marks = (r: NightResolution): string[] => eventsOf(r, 'status-applied').map((e) => `${e.player}:${e.status.id}`);

describe('L28, L29: the Lawyer’s and the Inquisitor’s checks read the roles colour checks cannot read', () => {
  it('"Принцип чеков полностью соответствует чекам комиссара" with L6 "анонимуса/террориста/гипнотизера/политика … информация не предоставляется"', () => {
    for (const [checker, hidden] of [
      ['L', 'T'],
      ['L', 'P'],
      ['I', 'T'],
      ['I', 'P'],
    ] as const) {
      const r = resolve(table, [act(checker, 'check', [hidden])]);
      expect(messagesTo(r, checker), `${checker} on ${hidden}`).toEqual([told('check-no-info', [hidden], null)]);
      // No mark is left: a hidden player is neither "checked red" (legal protection, L28) nor "checked black" (burning, L29).
      expect(marks(r), `${checker} on ${hidden}`).toEqual([]);
      const why = eventsOf(r, 'nullified')[0]?.reasons[0]?.message;
      expect(why?.code).toBe('night/check-no-info-hidden');
    }
  });

  it('a player no role hides is checked as before (the red mark for the Lawyer, the black one for the Inquisitor)', () => {
    const lawyer = resolve(table, [act('L', 'check', ['R'])]);
    expect(messagesTo(lawyer, 'L')).toEqual([told('alignment-check', ['R'], false)]);
    expect(marks(lawyer)).toEqual(['R:lawyer-checked-red']);
    const inquisitor = resolve(table, [act('I', 'check', ['M'])]);
    expect(messagesTo(inquisitor, 'I')).toEqual([told('alignment-check', ['M'], true)]);
    expect(marks(inquisitor)).toEqual(['M:checked-black']);
  });
});

describe('L132: the Politician’s protégé', () => {
  const protege = (holder: NightPlayer): NightPlayer => ({
    ...holder,
    statuses: [{ id: 'protege', sinceNight: 2, untilNight: 2, with: 'P' }],
  });
  const guarded = table.map((p) => (p.slotId === 'M' ? protege(p) : p));

  it('"Фактически этот игрок временно приравнивается к политику, поэтому тоже получает защиту - цветные чеки не дадут по нему информацию"', () => {
    for (const checker of ['L', 'I']) {
      const r = resolve(guarded, [act(checker, 'check', ['M'])]);
      expect(messagesTo(r, checker)).toEqual([told('check-no-info', ['M'], null)]);
      expect(marks(r)).toEqual([]);
    }
    // The Commissar's public result: "информация не предоставляется" (L6), not his exact colour by PM.
    const commissar = resolve(guarded, [act('C', 'check', ['M'])]);
    expect(messagesTo(commissar, 'C').filter((m) => m.fact === 'alignment-check')).toEqual([]);
    const reasons = commissar.events.flatMap((e) => e.reasons.map((x) => x.message?.code));
    expect(reasons).toContain('night/check-no-info-status');
    // Without the patronage the same check reads black.
    const open = resolve(table, [act('C', 'check', ['M'])]);
    expect(messagesTo(open, 'C')).toContainEqual(told('alignment-check', ['M'], true));
  });

  it('the Journalist’s comparison of a protégé gives no information either (L24 "зацепил … политика")', () => {
    const r = resolve([...guarded, red('J', 'journalist')], [act('J', 'compare', ['M', 'R'])]);
    expect(messagesTo(r, 'J')).toEqual([told('colours-compared', ['M', 'R'], 'no-info')]);
  });

  it('"политик увидит роли всех, кто заходил к нему ночью, даже если этого игрока убьют"', () => {
    const r = resolve(
      [...guarded.map((p) => (p.slotId === 'R' ? protege(p) : p.slotId === 'M' ? black('M') : p)), red('D', 'doctor')],
      [act('C', 'check', ['R']), act('D', 'heal', ['C']), act('M', 'kill', ['R'])],
    );
    expect(r.events.some((e) => e.type === 'death' && e.player === 'R')).toBe(true);
    expect(messagesTo(r, 'P')).toContainEqual(told('visitor-roles', ['R'], ['mafia', 'commissar']));
    // Nobody else learns it.
    expect(messagesTo(r, 'C').filter((m) => m.fact === 'visitor-roles')).toEqual([]);
  });

  it('a quiet night still tells the Politician that nobody came', () => {
    const r = resolve(guarded, []);
    expect(messagesTo(r, 'P')).toEqual([told('visitor-roles', ['M'], [])]);
  });
});

describe('L132 in a played game: the patronage is a move at the end of the day, as Mayor or Secretary', () => {
  const game = (...lines: string[]) =>
    playText(
      [
        'ruleset russian-004',
        'seed 4',
        'player Pavel faction=red role=politician',
        'player Vera faction=red role=lawyer',
        'player Kira faction=red role=commissar',
        ...['Boris', 'Ilya', 'Oleg', 'Dima', 'Gena'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        ...lines,
      ].join('\n'),
    );
  const toPavel = (events: readonly GameEvent[]) =>
    events.flatMap((e) => (e.type === 'message/send' && e.to === 'Pavel' && e.message !== undefined ? [e.message.code] : []));

  it('"Если стал мэром или его секретаршей, то может в конце каждого дня брать на ночь под свое покровительство любого игрока"', () => {
    const played = game(
      '  title Pavel +mayor',
      '  Pavel uses patronage Kolya',
      'night 1',
      '  expect status Kolya protege',
      '  Vera uses check Kolya',
      '  resolve night',
      'day 2',
      '  expect status Kolya not protege',
    );
    expect(failedExpectations(played)).toEqual([]);
    const n1 = played.phases.find((p) => p.night !== undefined)?.night;
    expect(n1 === undefined ? [] : messagesTo(n1, 'Vera')).toEqual([told('check-no-info', ['Kolya'], null)]);
    expect(n1 === undefined ? [] : messagesTo(n1, 'Pavel')).toContainEqual(told('visitor-roles', ['Kolya'], ['lawyer']));
  });

  it('as the Secretary too; a Politician with neither title is refused when the move is entered (`action/needs-title`), and nobody is covered', () => {
    const secretary = game('  title Pavel +secretary', '  Pavel uses patronage Kolya', 'night 1', '  expect status Kolya protege');
    expect(failedExpectations(secretary)).toEqual([]);
    const plain = game(
      '  Pavel uses patronage Kolya',
      '  expect rejected Pavel action/needs-title',
      'night 1',
      '  expect status Kolya not protege',
    );
    expect(failedExpectations(plain)).toEqual([]);
    // Refused at entry, the move is not in the log, so the day's end has nothing to refuse again.
    expect(plain.events.some((e) => e.type === 'action/use' && e.ability === 'patronage')).toBe(false);
    expect(toPavel(plain.events)).not.toContain('day-end/needs-title');
  });

  it('a Mayor who makes the move and loses the title later in the day is refused when the day ends, with a PM telling him', () => {
    const lost = game(
      '  title Pavel +mayor',
      '  Pavel uses patronage Kolya',
      '  title Pavel -mayor',
      'night 1',
      '  expect status Kolya not protege',
    );
    expect(failedExpectations(lost)).toEqual([]);
    expect(toPavel(lost.events)).toContain('day-end/needs-title');
  });
});
