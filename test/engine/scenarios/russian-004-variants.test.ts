/**
 * Seed 004's night details of the visiting and life roles that were still
 * missing (shared/seeds/004 L17–L46, the black variants L89–L100 and the
 * Faceless ones L70–L74, digest §5.6–§5.8): each through resolveNight with the
 * 004 ruleset, or through a played game where the detail spans nights. The
 * quoted lines are the seed's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  withNight,
  type GameEvent,
  type NightAction,
  type NightInput,
  type NightPlayer,
  type NightResolution,
  type NightResult,
  type NightStatus,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';
import {
  act,
  announced,
  deaths,
  eventsOf,
  messagesTo,
  night,
  nightRulesFor,
  player,
  rulesRussian,
  statusRulesOf,
  told,
} from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolveWith = (rules: typeof rulesRussian, input: NightInput): NightResolution =>
  resolveNight({ ...input, statusRules }, rules, createRng(4));
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1, extra: Partial<NightInput> = {}): NightResolution =>
  resolveWith(rulesRussian, night(players, actions, n, extra));

const red = (id: string, role = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer => player(id, role, 'red', extra);
const black = (id: string, faction: 'mafia' | 'maniac', peaceful = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer =>
  player(id, peaceful, faction, { secondRole: faction, ...extra });
const grey = (id: string, role: string, extra: Partial<NightPlayer> = {}): NightPlayer => player(id, role, 'grey', extra);
const withStatus = (p: NightPlayer, ...statuses: NightStatus[]): NightPlayer => ({ ...p, statuses: [...(p.statuses ?? []), ...statuses] });

/** Two Mafiosi, the Maniac and two reds, plus the players a test adds. */
const table = (...extra: NightPlayer[]): NightPlayer[] => [
  black('M1', 'mafia'),
  black('M2', 'mafia'),
  black('X', 'maniac'),
  red('R1'),
  red('R2'),
  ...extra,
];

const statusesGiven = (r: NightResolution, id: string): string[] =>
  eventsOf(r, 'status-applied')
    .filter((e) => e.status.id === id)
    .map((e) => e.player)
    .sort();
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);
const blockedMoves = (r: NightResolution): string[] => eventsOf(r, 'blocked').map((e) => `${e.player}:${e.ability}`);

describe('Hacker (Хакер): a black’s second day, L22 and L91', () => {
  it('«У черных блокируются обе роли разом, при этом одна из ролей у черного останется заблокированной на вторые сутки»', () => {
    const r = resolve([black('M1', 'mafia', 'doctor'), black('X', 'maniac'), red('R1'), red('H', 'hacker')], [act('H', 'hack', ['M1'])], 1);
    expect(statusesGiven(r, 'hacked')).toEqual(['M1']);
    expect(statusesGiven(r, 'hacked-one-role')).toEqual(['M1']);
    expect(messagesTo(r, 'M1')).toEqual([told('hacked-one-role', [], null)]);
    const names = nightResultNames([{ id: 'M1', name: 'M1' }], { roles: [] });
    expect(renderNightResult({ to: 'M1', fact: 'hacked-one-role', about: [], value: null }, names, 'ru')).toContain(
      'одна из них останется заблокированной на вторые сутки',
    );
  });
  it('«В конце дня взломанный черный выбирает роль, которую будет использовать»: the role of his first move is kept, the other stays blocked', () => {
    const second: NightStatus = { id: 'hacked-one-role', sinceNight: 2, by: 'H' };
    const players = [withStatus(black('M1', 'mafia', 'doctor'), second), black('X', 'maniac'), red('R1'), red('R2'), red('H', 'hacker')];
    // He chose his peaceful role: the Doctor's heal goes through, the Mafia shot is blocked.
    const healFirst = resolve(players, [act('M1', 'heal', ['R2'], 10), act('M1', 'kill', ['R1'], 20)], 3);
    expect(blockedMoves(healFirst)).toEqual(['M1:kill']);
    expect(deaths(healFirst)).toEqual([]);
    // He chose the negative role: the shot goes through, the heal is blocked.
    const shotFirst = resolve(players, [act('M1', 'kill', ['R1'], 10), act('M1', 'heal', ['R2'], 20)], 3);
    expect(blockedMoves(shotFirst)).toEqual(['M1:heal']);
    expect(deaths(shotFirst)).toEqual(['R1']);
  });
  it('L91: «черные блокируются только на одни сутки» when the Hacker is black', () => {
    const r = resolve([black('M1', 'mafia'), black('H', 'maniac', 'hacker'), red('R1')], [act('H', 'hack', ['M1'])], 1);
    expect(statusesGiven(r, 'hacked-one-role')).toEqual([]);
    expect(messagesTo(r, 'M1')).toEqual([told('hacked', [], null)]);
  });
  it('a played game: the second-day status lasts the next night and day, then goes', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Sasha faction=red role=hacker',
        'player Rita faction=red role=citizen',
        'player Olga faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=doctor second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        'night 1',
        '  Sasha uses hack Lena',
        '  resolve night',
        '  expect status Lena hacked-one-role',
        'day 2',
        'night 2',
        '  expect status Lena hacked-one-role',
        '  expect status Lena not hacked',
        '  resolve night',
        'day 3',
        '  expect status Lena hacked-one-role',
        'night 3',
        '  expect status Lena not hacked-one-role',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});

describe('Journalist (Журналист): the next night, L24', () => {
  const j = red('J', 'journalist');
  const comparedBy = (since: number): NightStatus => ({ id: 'compared', sinceNight: since, by: 'J' });
  it('a result marks both players as compared', () => {
    const r = resolve(table(j), [act('J', 'compare', ['R1', 'M1'])], 1);
    expect(messagesTo(r, 'J')).toEqual([told('colours-compared', ['R1', 'M1'], 'different')]);
    expect(statusesGiven(r, 'compared')).toEqual(['M1', 'R1']);
  });
  it('«Если успешно получил информацию, нельзя проверить в ближайшую ночь двух новых игроков»', () => {
    const players = [black('M1', 'mafia'), black('X', 'maniac'), withStatus(red('R1'), comparedBy(1)), red('R2'), red('R3'), j];
    const r = resolve(players, [act('J', 'compare', ['R2', 'R3'])], 2);
    expect(messagesTo(r, 'J')).toEqual([told('move-failed', ['R2', 'R3'], 'journalist')]);
  });
  it('«но можно сравнить одного из проверенных ранее игроков с кем-то новым»', () => {
    const players = [black('M1', 'mafia'), black('X', 'maniac'), withStatus(red('R1'), comparedBy(1)), red('R2'), j];
    const r = resolve(players, [act('J', 'compare', ['R1', 'X'])], 2);
    expect(messagesTo(r, 'J')).toEqual([told('colours-compared', ['R1', 'X'], 'different')]);
  });
  it('without a result the night before, two new players may be compared', () => {
    const players = [black('M1', 'mafia'), black('X', 'maniac'), withStatus(red('R1'), comparedBy(1)), red('R2'), red('R3'), j];
    const r = resolve(players, [act('J', 'compare', ['R2', 'R3'])], 3);
    expect(messagesTo(r, 'J')).toEqual([told('colours-compared', ['R2', 'R3'], 'same')]);
  });
  it('«выбрал покалеченного игрока»: a crippled player still gives no information', () => {
    const players = [...table(j), withStatus(red('C'), { id: 'crippled', sinceNight: 1 })];
    const r = resolve(players, [act('J', 'compare', ['R1', 'C'])], 2);
    expect(messagesTo(r, 'J')).toEqual([told('colours-compared', ['R1', 'C'], 'no-info')]);
  });
});

describe('Homeless (Бомж): the drunk night, L25', () => {
  const hm = red('HM', 'homeless');
  it('«все роли, включая киллеров, в текущую ночь будут считать бомжа мертвым»: the shot finds a corpse and stays in reserve', () => {
    const r = resolve(table(hm), [act('HM', 'get-drunk', []), act('M1', 'kill', ['HM'])], 1);
    expect(deaths(r)).toEqual([]);
    expect(r.reserveKills.mafia).toBe(1);
    // «Если под бухлом пережил покушение, то уже не сможет нажираться до конца игры»: counted on him.
    expect(eventsOf(r, 'protection-spent')).toEqual([expect.objectContaining({ player: 'HM', protection: 'played-dead-attacked' })]);
    expect(messagesTo(r, 'HM')).toEqual([told('attack-survived', [], null)]);
  });
  it('the Commissar who checks him: "чек не прошел"; the Doctor who heals him: "не попал"', () => {
    const r = resolve(
      table(hm, red('C', 'commissar'), red('D', 'doctor')),
      [act('HM', 'get-drunk', []), act('C', 'check', ['HM']), act('D', 'heal', ['HM'])],
      1,
    );
    expect(announced(r)).toContainEqual(told('morning-check', ['C'], { role: 'commissar', hit: false }));
    expect(announced(r)).toContainEqual(told('morning-heal', ['D'], { role: 'doctor', hit: false }));
    expect(messagesTo(r, 'C')).toEqual([told('move-failed', ['HM'], 'commissar')]);
  });
  it('«но и сам бомж не получит утром никакой информации от своей роли»', () => {
    const r = resolve(
      table(hm, red('D', 'doctor')),
      [act('HM', 'get-drunk', []), act('HM', 'watch-house', ['R1']), act('D', 'heal', ['R1'])],
      1,
    );
    expect(messagesTo(r, 'HM')).toEqual([]);
  });
  it('«Раз в две ночи»: not two nights running; and never again after an attempt survived drunk', () => {
    const drankLast = red('HM', 'homeless', { previousNight: { night: 1, actions: [{ ability: 'get-drunk', targets: [] }] } });
    expect(refusals(resolve(table(drankLast), [act('HM', 'get-drunk', [])], 2))).toEqual(['HM:night/twice-in-a-row']);
    const survived = red('HM', 'homeless', { spent: { 'played-dead-attacked': 1 } });
    expect(refusals(resolve(table(survived), [act('HM', 'get-drunk', [])], 3))).toEqual(['HM:night/not-available']);
    expect(refusals(resolve(table(hm), [act('HM', 'get-drunk', [])], 3))).toEqual([]);
  });
});

describe('Anonymous (Анонимус): the cap of four and changing a target, L26', () => {
  const watch: NightStatus = { id: 'watched', sinceNight: 1, by: 'A' };
  const four = ['W1', 'W2', 'W3', 'W4'].map((id) => withStatus(red(id), watch));
  it('«Суммарно можно вести наблюдение не более, чем за четырьмя игроками за раз»', () => {
    const r = resolve([...table(red('A', 'anonymous')), ...four], [act('A', 'surveil', ['R1'])], 3);
    expect(statusesGiven(r, 'watched')).toEqual([]);
    expect(messagesTo(r, 'A')).toEqual([told('move-failed', ['R1'], 'anonymous')]);
  });
  it('«Анонимус может сменить действующую цель, но не более одной за раз»: the watch moves from one player to another', () => {
    const r = resolve([...table(red('A', 'anonymous')), ...four], [act('A', 'change-watch', ['W1', 'R1'])], 3);
    expect(eventsOf(r, 'status-cleared').map((e) => `${e.player}:${e.status}`)).toEqual(['W1:watched']);
    expect(statusesGiven(r, 'watched')).toEqual(['R1']);
    expect(messagesTo(r, 'A')).toEqual([told('roles-learnt', ['R1'], ['citizen'])]);
    expect(messagesTo(r, 'R1')).toEqual([told('watched', [], null)]);
    expect(messagesTo(r, 'W1')).toEqual([]);
  });
  it('«Если меняет активную цель, может назначить только одну новую цель за раз»: a change and a new watch the same night: the later PM stands', () => {
    const r = resolve(
      [...table(red('A', 'anonymous')), ...four.slice(0, 2)],
      [act('A', 'change-watch', ['W1', 'R1'], 10), act('A', 'surveil', ['R2'], 20)],
      3,
    );
    expect(refusals(r)).toEqual(['A:night/superseded']);
    expect(statusesGiven(r, 'watched')).toEqual(['R2']);
  });
  it('«Если анонимус пытается сменить цель и ход не проходит, то наблюдение за заменяемой целью продолжается»', () => {
    const r = resolve(
      [...table(red('A', 'anonymous'), red('H', 'hacker')), ...four],
      // Both are end-of-day moves; the Hacker's comes first and blocks the change.
      [act('H', 'hack', ['A']), act('A', 'change-watch', ['W1', 'R1'])],
      3,
    );
    expect(eventsOf(r, 'status-cleared')).toEqual([]);
    expect(messagesTo(r, 'W1')).toContainEqual(told('watched', [], null));
  });
});

describe('what a watcher is passed: a killer’s "your victim’s team" (L17, open question forwardsVictimTeam)', () => {
  const players = (): NightPlayer[] => [
    withStatus(black('M1', 'mafia'), { id: 'watched', sinceNight: 1, by: 'A' }),
    black('X', 'maniac'),
    red('R1'),
    red('A', 'anonymous'),
  ];
  it('by default «общая информация роли… которая не дает четкого технического определения его команды» leaves it out, and the night reports the question', () => {
    const r = resolve(players(), [act('M1', 'kill', ['R1'])], 3);
    expect(messagesTo(r, 'M1')).toContainEqual(told('victim-team', ['R1'], 'red'));
    expect(messagesTo(r, 'A').filter((m) => m.fact === 'forwarded-result')).toEqual([]);
    expect(r.ambiguities.map((a) => `${a.setting}=${a.value}`)).toContain('forwardsVictimTeam=no');
  });
  it('with the setting on, the message is passed on', () => {
    const rules = nightRulesFor(withNight(rulesets['russian-004'], { settings: { ...rulesRussian.settings, forwardsVictimTeam: 'yes' } }));
    const r = resolveWith(rules, night(players(), [act('M1', 'kill', ['R1'])], 3));
    expect(messagesTo(r, 'A')).toContainEqual(
      told('forwarded-result', ['M1'], { to: 'M1', fact: 'victim-team', about: ['R1'], value: 'red' }),
    );
  });
  it('is a listed open question of the ruleset', () => {
    expect(rulesets['russian-004'].openQuestions?.map((q) => q.setting)).toContain('night.settings.forwardsVictimTeam');
  });
});

describe('Maid (Горничная): the whole game, and her substitution, L45', () => {
  const earlier: NightResult = { to: 'C', fact: 'alignment-check', about: ['X'], value: true };
  it('«увидит всю общую информацию выбранного игрока, полученную им в течение игры»: what he was told on earlier nights too', () => {
    const c = red('C', 'commissar', { pastResults: [earlier] });
    const r = resolve([...table(red('MD', 'maid')), c], [act('MD', 'serve', ['C']), act('C', 'check', ['M1'])], 2);
    expect(messagesTo(r, 'MD')).toEqual([
      told('roles-learnt', ['C'], ['commissar']),
      told('forwarded-result', ['C'], earlier),
      told('forwarded-result', ['C'], { to: 'C', fact: 'alignment-check', about: ['M1'], value: true }),
    ]);
  });
  it('a played game hands the night what the target was told before (the game keeps the inbox)', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Katya faction=red role=commissar',
        'player Masha faction=red role=maid',
        'player Rita faction=red role=citizen',
        'player Olga faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        'night 1',
        '  Katya uses check Misha',
        '  resolve night',
        'day 2',
        'night 2',
        '  Masha uses serve Katya',
        '  resolve night',
      ].join('\n'),
    );
    const toMaid = played.events
      .filter((e): e is Extract<GameEvent, { type: 'message/send' }> => e.type === 'message/send' && e.to === 'Masha')
      .map((e) => e.result);
    expect(toMaid).toContainEqual({
      to: 'Masha',
      fact: 'forwarded-result',
      about: ['Katya'],
      value: { to: 'Katya', fact: 'alignment-check', about: ['Misha'], value: true },
    });
  });
  it('«можно как заменить сообщение»: the target is told only her text; she still learns what he got', () => {
    const r = resolve(table(red('MD', 'maid'), red('C', 'commissar')), [
      act('MD', 'serve-replace', ['C'], undefined, { text: 'Ваш чек: красный.' }),
      act('C', 'check', ['M1']),
    ]);
    expect(messagesTo(r, 'C')).toEqual([told('host-note', [], 'Ваш чек: красный.')]);
    expect(messagesTo(r, 'MD')).toContainEqual(
      told('forwarded-result', ['C'], { to: 'C', fact: 'alignment-check', about: ['M1'], value: true }),
    );
  });
  it('«так и дополнить его»: the target is told both', () => {
    const r = resolve(table(red('MD', 'maid'), red('C', 'commissar')), [
      act('MD', 'serve-add', ['C'], undefined, { text: 'Записка.' }),
      act('C', 'check', ['M1']),
    ]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['M1'], true), told('host-note', [], 'Записка.')]);
  });
  it('«Можно получить информацию без ее подмены у цели»: a substitution with no text changes nothing', () => {
    const r = resolve(table(red('MD', 'maid'), red('C', 'commissar')), [act('MD', 'serve-replace', ['C']), act('C', 'check', ['M1'])]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['M1'], true)]);
  });
});

describe('Witch (Ведьма): the swap back, L46', () => {
  const swapped = (id: string, role: string, other: string): NightPlayer =>
    withStatus(red(id, role), { id: 'witch-swapped', sinceNight: 1, with: other, by: 'W' });
  it('the swap gives both players the status that remembers the pair', () => {
    const r = resolve(table(red('W', 'witch'), red('D', 'doctor')), [act('W', 'swap', ['D', 'R1'])], 1);
    expect(eventsOf(r, 'status-applied').map((e) => `${e.player}:${e.status.id}:${e.status.with ?? ''}`)).toEqual([
      'D:witch-swapped:R1',
      'R1:witch-swapped:D',
    ]);
  });
  it('«обмену мирных ролей у двух выбранных игроков на игровые сутки»: the next night the roles return, and both are told', () => {
    const players = [...table(red('W', 'witch')), swapped('D', 'citizen', 'R3'), swapped('R3', 'doctor', 'D')];
    const r = resolve(players, [act('R3', 'heal', ['R1'])], 2);
    expect(eventsOf(r, 'role-changed').map((e) => [e.player, e.to])).toEqual([
      ['D', 'doctor'],
      ['R3', 'citizen'],
    ]);
    expect(messagesTo(r, 'D')).toEqual([told('role-swapped', [], 'doctor')]);
    // The night's move made with the swapped role still counted (the swap back is at the end of the night).
    expect(announced(r)).toContainEqual(told('morning-heal', ['R3'], { role: 'doctor', hit: false }));
  });
  it('«Если же один из этих игроков умер до обратного обмена в следующую ночь, то роли все равно вернутся к владельцам»', () => {
    const players = [...table(red('W', 'witch')), swapped('D', 'citizen', 'R3'), swapped('R3', 'doctor', 'D')];
    const r = resolve(players, [act('X', 'kill', ['R3'])], 2);
    expect(deaths(r)).toEqual(['R3']);
    expect(eventsOf(r, 'role-changed').map((e) => [e.player, e.to])).toEqual([
      ['D', 'doctor'],
      ['R3', 'citizen'],
    ]);
  });
  it('«умер днем до того, как роли вернулись на свои места, то обратного обмена не будет»', () => {
    const players = [...table(red('W', 'witch')), swapped('D', 'citizen', 'R3'), { ...swapped('R3', 'doctor', 'D'), alive: false }];
    const r = resolve(players, [], 2);
    expect(eventsOf(r, 'role-changed')).toEqual([]);
    expect(eventsOf(r, 'status-cleared').map((e) => e.player)).toEqual(['D', 'R3']);
  });
  it('a new swap the next night comes after the old one is undone', () => {
    const players = [...table(red('W', 'witch')), swapped('D', 'citizen', 'R3'), swapped('R3', 'doctor', 'D')];
    const r = resolve(players, [act('W', 'swap', ['D', 'R1'])], 2);
    expect(eventsOf(r, 'role-changed').map((e) => [e.player, e.to])).toEqual([
      ['D', 'doctor'],
      ['R3', 'citizen'],
      ['D', 'citizen'],
      ['R1', 'doctor'],
    ]);
  });
});

describe('Hypnotist (Гипнотизер): the forced skip, L37', () => {
  it('«Допустимо вместо перевода хода заставить игрока пропустить его»: a check and a shot at him are skipped', () => {
    const r = resolve(
      table(red('HY', 'hypnotist'), red('C', 'commissar')),
      [act('HY', 'hypnotise-skip', []), act('C', 'check', ['HY']), act('X', 'kill', ['HY'])],
      2,
    );
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'C')).toEqual([]);
    expect(announced(r)).toContainEqual(told('morning-check', ['C'], { role: 'commissar', hit: false }));
    // «Нельзя больше 1-й ночи за игру влиять на киллеров»: making a killer skip is that night.
    expect(statusesGiven(r, 'killers-hypnotised')).toEqual(['HY']);
    expect(r.reserveKills.maniac).toBe(1);
  });
  it('once the killers’ night is spent, a killer is not made to skip', () => {
    const hy = red('HY', 'hypnotist', { statuses: [{ id: 'killers-hypnotised', sinceNight: 2, by: 'HY' }] });
    const r = resolve(table(hy), [act('HY', 'hypnotise-skip', []), act('X', 'kill', ['HY'])], 4);
    expect(deaths(r)).toEqual(['HY']);
  });
});

describe('black Inquisitor (инквизитор у черного), L96', () => {
  const inq = (extra: Partial<NightPlayer> = {}): NightPlayer => black('I', 'mafia', 'inquisitor', extra);
  const checkedRed: NightStatus = { id: 'inquisitor-checked-red', sinceNight: 1, by: 'I' };
  it('a red check marks the player for the black Inquisitor', () => {
    const r = resolve(table(inq()), [act('I', 'check', ['R1'])], 1);
    expect(statusesGiven(r, 'inquisitor-checked-red')).toEqual(['R1']);
  });
  it('«Через красный… чек разрешено сжечь с задержкой на одну ночь»: checked red on night 1, burnt on night 3', () => {
    const players = [black('M1', 'mafia'), black('X', 'maniac'), withStatus(red('R1'), checkedRed), red('R2'), inq()];
    expect(deaths(resolve(players, [act('I', 'burn', ['R1'])], 3))).toEqual(['R1']);
    // Not the next night: the delay is one night.
    expect(deaths(resolve(players, [act('I', 'burn', ['R1'])], 2))).toEqual([]);
  });
  it('a red Inquisitor may not burn a player he checked red', () => {
    const players = [black('M1', 'mafia'), black('X', 'maniac'), withStatus(red('R1'), checkedRed), red('I', 'inquisitor')];
    expect(deaths(resolve(players, [act('I', 'burn', ['R1'])], 3))).toEqual([]);
  });
  it('«Если сжег черного, будет чекаться красным, пока не сожжет красного»', () => {
    const players = [
      black('M1', 'mafia'),
      withStatus(black('X', 'maniac'), { id: 'checked-black', sinceNight: 1, by: 'I' }),
      red('R1'),
      inq(),
    ];
    const r = resolve(players, [act('I', 'burn', ['X'])], 2);
    expect(deaths(r)).toEqual(['X']);
    expect(statusesGiven(r, 'clean-hands')).toEqual(['I']);
    const clean = inq({ statuses: [{ id: 'clean-hands', sinceNight: 2, by: 'I' }] });
    const checked = resolve([black('M1', 'mafia'), black('X', 'maniac'), red('C', 'commissar'), clean], [act('C', 'check', ['I'])], 3);
    expect(messagesTo(checked, 'C')).toEqual([told('alignment-check', ['I'], false)]);
    const burntRed = resolve(
      [black('M1', 'mafia'), black('X', 'maniac'), withStatus(red('R1'), { ...checkedRed, sinceNight: 1 }), clean],
      [act('I', 'burn', ['R1'])],
      3,
    );
    expect(eventsOf(burntRed, 'status-cleared').map((e) => `${e.player}:${e.status}`)).toEqual(['I:clean-hands']);
  });
});

describe('black and Faceless Kamikaze (камикадзе у черного и безликого), L100 and L74', () => {
  it('«может добровольно самоубиться с указанной целью, игнорируя механики срыва хода»: both die, a block does not stop it', () => {
    const k = black('K', 'mafia', 'kamikaze');
    const r = resolve(
      [k, black('X', 'maniac'), red('R1'), red('D', 'doctor'), red('B', 'blocker')],
      [act('B', 'block', ['K']), act('D', 'heal', ['R1']), act('K', 'blow-up', ['R1'])],
      2,
    );
    expect(deaths(r)).toEqual(['K', 'R1']);
  });
  it('«но если зацепит черного, тот умрет в одиночку, а камикадзе получит дополнительный выстрел, при этом ход за киллера в ту же ночь у камикадзе будет пропущен»', () => {
    const k = black('K', 'mafia', 'kamikaze');
    const r = resolve([k, black('X', 'maniac'), red('R1'), red('R2')], [act('K', 'blow-up', ['X']), act('K', 'kill', ['R1'])], 1);
    expect(deaths(r)).toEqual(['X']);
    expect(blockedMoves(r)).toEqual(['K:kill']);
    // The night's shot is not spent (the kill was skipped) and one more is gained.
    expect(r.reserveKills.mafia).toBe(2);
  });
  it('a red Kamikaze has no such move', () => {
    const r = resolve(table(red('K', 'kamikaze')), [act('K', 'blow-up', ['M1'])], 1);
    expect(refusals(r)).toEqual(['K:night/not-available']);
  });
  it('L74: «Всегда может специально самоубиться с кем-либо - безликий умрет…, заблокировав игроку роль и цвет»', () => {
    const r = resolve(table(grey('F', 'kamikaze')), [act('F', 'blow-up', ['R1'])], 1);
    expect(deaths(r)).toEqual(['F']);
    expect(statusesGiven(r, 'crippled')).toEqual(['R1']);
  });
});

describe('Faceless Bodyguard (телохранитель у безликого), L71', () => {
  it('«не переводит на себя киллера при защите игрока»; «Если подопечный умрет, безликий узнает роль киллера, его изначальную цель и сторону убитого»', () => {
    const r = resolve(table(grey('F', 'bodyguard')), [act('F', 'guard', ['R1']), act('M1', 'kill', ['R1'])], 1);
    expect(deaths(r)).toEqual(['R1']);
    expect(messagesTo(r, 'F')).toEqual([told('guard-ward-killed-roles', ['R1', 'R1'], ['mafia']), told('team-learnt', ['R1'], false)]);
  });
  it('«Безликий может перевести черного киллера с себя на подопечного, если защищает красного игрока»', () => {
    const r = resolve(table(grey('F', 'bodyguard')), [act('F', 'guard', ['R1']), act('M1', 'kill', ['F'])], 1);
    expect(deaths(r)).toEqual(['R1']);
    expect(messagesTo(r, 'F')).toContainEqual(told('guard-ward-killed-roles', ['R1', 'F'], ['mafia']));
  });
  it('«В остальных случаях примет на себя удар стандартным образом»: guarding a black, he dies himself', () => {
    const r = resolve(table(grey('F', 'bodyguard')), [act('F', 'guard', ['X']), act('M1', 'kill', ['F'])], 1);
    expect(deaths(r)).toEqual(['F']);
  });
  it('«Может повторно защищать одинакового игрока»', () => {
    const players = [...table(grey('F', 'bodyguard'))].map((p) =>
      p.slotId === 'R1' ? withStatus(p, { id: 'guarded', sinceNight: 1, by: 'F' }) : p,
    );
    const r = resolve(players, [act('F', 'guard', ['R1']), act('X', 'kill', ['F'])], 2);
    expect(messagesTo(r, 'F').map((m) => m.fact)).not.toContain('move-failed');
    expect(deaths(r)).toEqual(['R1']);
  });
});

describe('black Fanatic (фанатик у черного), L99', () => {
  const fav = (fanatic: NightPlayer): NightPlayer => withStatus(fanatic, { id: 'favourite', with: 'R1', sinceNight: 1 });
  it('«получит право мстить… только при условии, что тот погибнет… от руки киллера, который не является самим фанатиком, его действующим напарником»', () => {
    const r = resolve(
      [fav(black('F', 'mafia', 'fanatic')), black('M2', 'mafia'), black('X', 'maniac'), red('R1'), red('R2')],
      [act('M2', 'kill', ['R1'])],
      1,
    );
    expect(deaths(r)).toEqual(['R1']);
    expect(statusesGiven(r, 'avenged')).toEqual(['F']);
  });
  it('the favourite killed by another side keeps the revenge', () => {
    const r = resolve(
      [fav(black('F', 'mafia', 'fanatic')), black('M2', 'mafia'), black('X', 'maniac'), red('R1'), red('R2')],
      [act('X', 'kill', ['R1'])],
      2,
    );
    expect(deaths(r)).toEqual(['R1']);
    expect(statusesGiven(r, 'avenged')).toEqual([]);
  });
  it('a red Fanatic is not held to it', () => {
    const r = resolve(
      [fav(red('F', 'fanatic')), black('M2', 'mafia'), black('X', 'maniac'), red('R1'), red('R2')],
      [act('M2', 'kill', ['R1'])],
      1,
    );
    expect(statusesGiven(r, 'avenged')).toEqual([]);
  });
});

describe('one message for one fact (L115)', () => {
  it('the Immortal attacked is told his spare life is spent, not also that he survived an attempt (L19, L115.4)', () => {
    const r = resolve(table(red('I', 'immortal')), [act('M1', 'kill', ['I'])], 1);
    expect(messagesTo(r, 'I')).toEqual([told('spare-life-spent', [], null)]);
  });
  it('the Cultist’s heal is told by its own result, not also by the Doctor’s "saved" (L43, L115.5)', () => {
    const r = resolve(
      table(red('CU', 'cultist', { spent: { 'souls-gained': 1 } })),
      [act('CU', 'soul-heal', ['R2']), act('M1', 'kill', ['R2'])],
      1,
    );
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'CU')).toEqual([told('heal-result', ['R2'], true)]);
  });
});

describe('a played 004 game: the details that span nights keep through the game model', () => {
  const roster = [
    'ruleset russian-004',
    'player Vika faction=red role=witch',
    'player Dima faction=red role=doctor',
    'player Rita faction=red role=citizen',
    'player Zhenya faction=red role=journalist',
    'player Olga faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
  ];
  it('L46: the Witch swaps Dima and Rita on night 1; Rita heals as the Doctor on night 2, and the roles return at its end', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        'night 1',
        '  Vika uses swap Dima Rita',
        '  resolve night',
        '  expect status Rita witch-swapped',
        'day 2',
        'night 2',
        '  Rita uses heal Olga',
        '  Misha uses kill Olga',
        '  resolve night',
        '  expect alive Olga',
        '  expect status Rita not witch-swapped',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const changes = played.events
      .filter((e): e is Extract<GameEvent, { type: 'role/change' }> => e.type === 'role/change')
      .map((e) => `${e.slotId}:${e.role}`);
    expect(changes).toEqual(['Dima:citizen', 'Rita:doctor', 'Dima:doctor', 'Rita:citizen']);
  });
  it('L24: Zhenya compares Rita and Kolya on night 1; on night 2 two new players are refused a comparison', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        'night 1',
        '  Zhenya uses compare Rita Kolya',
        '  resolve night',
        '  expect status Kolya compared',
        'day 2',
        'night 2',
        '  Zhenya uses compare Olga Misha',
        '  resolve night',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const toZhenya = played.events
      .filter((e): e is Extract<GameEvent, { type: 'message/send' }> => e.type === 'message/send' && e.to === 'Zhenya')
      .map((e) => e.result?.fact);
    expect(toZhenya).toEqual(['colours-compared', 'move-failed']);
  });
});
