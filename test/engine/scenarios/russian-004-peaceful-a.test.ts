/**
 * Seed 004's additional peaceful roles that visit, block, redirect or check
 * (shared/seeds/004 L20–L46, digest §5.2/§5.6, black variants L89–L93), each
 * acting through resolveNight with the 004 ruleset. The quoted lines are the
 * seed's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  type NightInput,
  type NightPlayer,
  type NightResolution,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';
import { act, announced, deaths, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput): NightResolution => resolveNight({ ...input, statusRules }, rulesRussian, createRng(4));
const black = (slotId: string, faction: 'mafia' | 'maniac', peaceful = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer =>
  player(slotId, peaceful, faction, { secondRole: faction, ...extra });

/** Three blacks and two plain reds, plus the players a test adds. */
function table(...extra: NightPlayer[]): NightPlayer[] {
  return [black('M1', 'mafia'), black('M2', 'mafia'), black('X', 'maniac'), player('R1', 'citizen'), player('R2', 'citizen'), ...extra];
}

const statusesGiven = (r: NightResolution, id: string): string[] =>
  eventsOf(r, 'status-applied')
    .filter((e) => e.status.id === id)
    .map((e) => e.player)
    .sort();

describe('the 004 night order with these roles (digest §4.1)', () => {
  it('puts the Prostitute early, the Inquisitor last of the peaceful killers, the Maid near the end and the Witch at the end', () => {
    const order = rulesRussian.order;
    const at = (step: string): number => order.indexOf(step);
    expect(at('prostitute')).toBeLessThan(at('doctor'));
    expect(at('blocker')).toBeLessThan(at('prostitute'));
    expect(at('bodyguard')).toBeLessThan(at('faction-kill'));
    expect(at('inquisitor-burn')).toBe(at('peaceful-kill') + 1);
    expect(at('maid')).toBeGreaterThan(at('check'));
    // The Witch and the Executioner both act at the end of the night (L46, L53).
    expect(at('witch')).toBeGreaterThan(at('maid'));
    expect(at('witch')).toBeLessThan(at('poison-deaths'));
    expect(rulesRussian.roles.map((r) => r.id)).toEqual(
      expect.arrayContaining(['bodyguard', 'prostitute', 'hacker', 'journalist', 'lawyer']),
    );
  });
  it('names every role as the seed does', () => {
    const ru = (id: string): string | undefined => rulesets['russian-004'].roles.find((r) => r.id === id)?.names?.ru;
    expect(
      [
        'bodyguard',
        'prostitute',
        'hacker',
        'journalist',
        'homeless',
        'anonymous',
        'lawyer',
        'inquisitor',
        'drug-dealer',
        'forensic',
        'maid',
        'witch',
        'hypnotist',
      ].map(ru),
    ).toEqual([
      'Телохранитель',
      'Проститутка',
      'Хакер',
      'Журналист',
      'Бомж',
      'Анонимус',
      'Адвокат',
      'Инквизитор',
      'Наркодилер',
      'Криминалист',
      'Горничная',
      'Ведьма',
      'Гипнотизер',
    ]);
  });
});

describe('Bodyguard (Телохранитель), L20', () => {
  it('«Все действия атакующих переносятся на телохранителя»: the Bodyguard dies, the ward lives and learns the killer’s name', () => {
    const r = resolve(night(table(player('BG', 'bodyguard')), [act('BG', 'guard', ['R1']), act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual(['BG']);
    expect(messagesTo(r, 'R1')).toContainEqual(told('guard-died-for-you', ['BG'], ['M1']));
    // The shot killed a red (the Bodyguard): it is realised, no reserve shot (L2).
    expect(r.reserveKills.mafia).toBe(0);
  });
  it('«Если произошла атака, но телохранитель выжил, он узнает кто из пары был изначальной целью и негативную роль убийцы»', () => {
    const r = resolve(
      night(
        table(player('BG', 'bodyguard'), player('D', 'doctor')),
        [act('BG', 'guard', ['R1']), act('D', 'heal', ['BG']), act('M1', 'kill', ['R1'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'BG')).toContainEqual(told('guard-attack-survived', ['R1'], ['mafia']));
    // The Doctor saved the Bodyguard from the attack he drew: "попал".
    expect(announced(r)).toContainEqual(told('morning-heal', ['D'], { role: 'doctor', hit: true }));
  });
  it('«Отравление не считается за атаку» and «Если был заблочен … ход сорвется»: a blocked Bodyguard guards nobody', () => {
    const r = resolve(
      night(
        table(player('BG', 'bodyguard'), player('B', 'blocker')),
        [act('B', 'block', ['BG']), act('BG', 'guard', ['R1']), act('M1', 'kill', ['R1'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual(['R1']);
  });
  it('«Если телохранитель и блокер защищают одну цель … сработают оба их хода, при этом телохранитель все равно умрет»', () => {
    const r = resolve(
      night(
        table(player('BG', 'bodyguard'), player('B', 'blocker')),
        [act('B', 'protect', ['R1']), act('BG', 'guard', ['R1']), act('M1', 'kill', ['R1'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual(['BG']);
    expect(announced(r)).toContainEqual(told('morning-block', ['B'], { role: 'blocker', hit: true }));
  });
  it('L89 black Bodyguard: «не отводит на себя киллера, но нейтрализует доктора» and learns who killed the ward', () => {
    const bg = player('BG', 'bodyguard', 'maniac', { secondRole: 'maniac' });
    const r = resolve(
      night([...table(player('D', 'doctor')), bg], [act('D', 'heal', ['R1']), act('BG', 'guard', ['R1']), act('M1', 'kill', ['R1'])], 1),
    );
    expect(deaths(r)).toEqual(['R1']);
    expect(messagesTo(r, 'BG')).toContainEqual(told('guard-ward-killed', ['R1'], ['M1']));
  });
  it('L89: «Если черный киллер выбрал целью черного телохранителя, который защищал красного … он атакует именно защищаемого игрока»', () => {
    const bg = player('BG', 'bodyguard', 'maniac', { secondRole: 'maniac' });
    const r = resolve(night([...table(), bg], [act('BG', 'guard', ['R1']), act('M1', 'kill', ['BG'])], 1));
    expect(deaths(r)).toEqual(['R1']);
    expect(r.reserveKills.mafia).toBe(0);
  });
});

describe('Bodyguard, limits (L20, L89)', () => {
  it('«Нельзя две ночи подряд защищать одну цель»: guarding last night’s ward again fails and the ward is open', () => {
    const r1 = player('R1', 'citizen', 'town', { statuses: [{ id: 'guarded', sinceNight: 1, by: 'BG' }] });
    const players = [black('M1', 'mafia'), black('X', 'maniac'), r1, player('BG', 'bodyguard')];
    const r = resolve(night(players, [act('BG', 'guard', ['R1']), act('X', 'kill', ['R1'])], 2));
    expect(deaths(r)).toEqual(['R1']);
    expect(messagesTo(r, 'BG')).toEqual([told('move-failed', ['R1'], 'bodyguard')]);
  });
  it('a ward guarded two nights ago may be guarded again, and guarding marks the ward for the next night', () => {
    const r1 = player('R1', 'citizen', 'town', { statuses: [{ id: 'guarded', sinceNight: 1, by: 'BG' }] });
    const players = [black('M1', 'mafia'), black('X', 'maniac'), r1, player('BG', 'bodyguard')];
    const r = resolve(night(players, [act('BG', 'guard', ['R1']), act('M1', 'kill', ['R1'])], 3));
    expect(deaths(r)).toEqual(['BG']);
    expect(statusesGiven(r, 'guarded')).toEqual(['R1']);
  });
});

describe('a played 004 game: what a night leaves carries to the next (the game model keeps the statuses)', () => {
  const roster = [
    'ruleset russian-004',
    'player Inna faction=red role=inquisitor',
    'player Gleb faction=red role=bodyguard',
    'player Rita faction=red role=citizen',
    'player Sasha faction=red role=hacker',
    'player Olga faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
  ];
  it('L29: the Inquisitor checks Misha black on night 1 and burns him on night 2; L20: Gleb cannot guard Rita two nights running', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        'night 1',
        '  Inna uses check Misha',
        '  Gleb uses guard Rita',
        '  Sasha uses hack Lena',
        '  Kolya uses kill Olga',
        '  resolve night',
        '  expect dead Olga',
        '  expect status Rita guarded',
        '  expect status Misha checked-black',
        '  expect status Lena hacked',
        'day 2',
        '  expect status Lena hacked',
        'night 2',
        '  expect status Lena not hacked',
        '  Gleb uses guard Rita',
        '  Misha uses kill Rita',
        '  Inna uses burn Misha',
        '  resolve night',
        '  expect dead Rita',
        '  expect alive Gleb',
        '  expect dead Misha',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});

describe('Prostitute (Проститутка), L21', () => {
  it('«Его собственное действие не проходит»: a killer taken home does not kill; the client is told, she learns his peaceful role', () => {
    // A lone Mafioso: with a partner alive, the partner's insurance (on by default, L14) would shoot instead.
    const lone = [black('M1', 'mafia'), black('X', 'maniac'), player('R1', 'citizen'), player('R2', 'citizen'), player('P', 'prostitute')];
    const r = resolve(night(lone, [act('P', 'take-home', ['M1']), act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'M1')).toContainEqual(told('pleasant-night', [], null));
    expect(messagesTo(r, 'P')).toContainEqual(told('roles-learnt', ['M1'], ['citizen']));
  });
  it('«любое дальнейшее действие по отношению к нему тоже не проходит»: the Doctor does not reach the client and reads "не попал"', () => {
    const r = resolve(
      night(table(player('P', 'prostitute'), player('D', 'doctor')), [act('P', 'take-home', ['R1']), act('D', 'heal', ['R1'])], 1),
    );
    expect(announced(r)).toContainEqual(told('morning-heal', ['D'], { role: 'doctor', hit: false }));
    expect(messagesTo(r, 'D')).toContainEqual(told('move-failed', ['R1'], 'doctor'));
  });
  it('a killer aimed at the client misses him, and the shot stays in reserve', () => {
    const r = resolve(night(table(player('P', 'prostitute')), [act('P', 'take-home', ['R1']), act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual([]);
    expect(r.reserveKills.mafia).toBe(1);
  });
  it('«(кроме экзекутора, ведьмы, горничной, наркодилера и журналиста)»: the Maid still reaches the client', () => {
    const r = resolve(
      night(table(player('P', 'prostitute'), player('MD', 'maid')), [act('P', 'take-home', ['R1']), act('MD', 'serve', ['R1'])], 1),
    );
    expect(messagesTo(r, 'MD')).toContainEqual(told('roles-learnt', ['R1'], ['citizen']));
  });
  it('«Если проститутка цель киллера … действие распространяется на нее и клиента»: both die', () => {
    const r = resolve(night(table(player('P', 'prostitute')), [act('P', 'take-home', ['R1']), act('M1', 'kill', ['P'])], 1));
    expect(deaths(r)).toEqual(['P', 'R1']);
  });
  it('«Проститутка может предохраняться … клиент выживет, но … навсегда потеряет мирную роль и цвет»', () => {
    const r = resolve(night(table(player('P', 'prostitute')), [act('P', 'take-home-protected', ['R1']), act('M1', 'kill', ['P'])], 1));
    expect(deaths(r)).toEqual(['P']);
    expect(statusesGiven(r, 'crippled')).toEqual(['R1']);
    expect(messagesTo(r, 'R1')).toContainEqual(told('client-crippled', [], null));
  });
  it('«Если была заблочена … ход проститутки сорвется»', () => {
    const r = resolve(
      night(
        table(player('P', 'prostitute'), player('B', 'blocker')),
        [act('B', 'block', ['P']), act('P', 'take-home', ['M1']), act('M1', 'kill', ['R1'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual(['R1']);
  });
  it('L90: «если эта роль у негатива, то другие негативы самостоятельно натягивают презервативы»', () => {
    const p = player('P', 'prostitute', 'mafia', { secondRole: 'mafia' });
    const r = resolve(night([...table(), p], [act('P', 'take-home', ['X']), act('M1', 'kill', ['P'])], 1));
    expect(deaths(r)).toEqual(['P']);
    expect(statusesGiven(r, 'crippled')).toEqual(['X']);
  });
});

describe('Hacker (Хакер), L22', () => {
  it('«полностью блокирует возможности роли»; «Взломанный игрок получит соответствующий ЛС. Сам хакер узнает утром мирную роль»', () => {
    const r = resolve(
      night(
        table(player('H', 'hacker'), player('D', 'doctor')),
        [act('H', 'hack', ['D']), act('D', 'heal', ['R1']), act('M1', 'kill', ['R1'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual(['R1']);
    expect(messagesTo(r, 'D')).toContainEqual(told('hacked', [], null));
    expect(messagesTo(r, 'H')).toContainEqual(told('roles-learnt', ['D'], ['doctor']));
    expect(statusesGiven(r, 'hacked')).toEqual(['D']);
  });
  it('«У черных блокируются обе роли разом»: a hacked black neither shoots nor uses his peaceful role', () => {
    const m = black('M1', 'mafia', 'doctor');
    const r = resolve(
      night(
        // No partner, so no insurance (L14) shoots in his place.
        [m, black('X', 'maniac'), player('R1', 'citizen'), player('H', 'hacker')],
        [act('H', 'hack', ['M1']), act('M1', 'kill', ['R1']), act('M1', 'heal', ['M1'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(
      eventsOf(r, 'blocked')
        .map((e) => e.ability)
        .sort(),
    ).toEqual(['heal', 'kill']);
  });
  it('«Если хакера убили, эффект взлома все равно остается в силе»: the hack is an end-of-day move, before the night’s kills', () => {
    const r = resolve(night(table(player('H', 'hacker')), [act('H', 'hack', ['X']), act('M1', 'kill', ['H'])], 1));
    expect(deaths(r)).toEqual(['H']);
    expect(statusesGiven(r, 'hacked')).toEqual(['X']);
  });
});

describe('Journalist (Журналист), L24', () => {
  it('«сравнивает цвет двух выбранных игроков»: same and different', () => {
    const r = resolve(night(table(player('J', 'journalist')), [act('J', 'compare', ['R1', 'R2'])], 1));
    expect(messagesTo(r, 'J')).toEqual([told('colours-compared', ['R1', 'R2'], 'same')]);
    const r2 = resolve(night(table(player('J', 'journalist')), [act('J', 'compare', ['R1', 'M1'])], 1));
    expect(messagesTo(r2, 'J')).toEqual([told('colours-compared', ['R1', 'M1'], 'different')]);
  });
  it('«информация не предоставляется … умерла цель … цель комиссара … зацепил … гипнотизера»', () => {
    const dead = resolve(night(table(player('J', 'journalist')), [act('M1', 'kill', ['R1']), act('J', 'compare', ['R1', 'R2'])], 1));
    expect(messagesTo(dead, 'J')).toEqual([told('colours-compared', ['R1', 'R2'], 'no-info')]);
    const checked = resolve(
      night(table(player('J', 'journalist'), player('C', 'commissar')), [act('C', 'check', ['R2']), act('J', 'compare', ['R1', 'R2'])], 1),
    );
    expect(messagesTo(checked, 'J')).toEqual([told('colours-compared', ['R1', 'R2'], 'no-info')]);
    const hyp = resolve(night(table(player('J', 'journalist'), player('HY', 'hypnotist')), [act('J', 'compare', ['R1', 'HY'])], 1));
    expect(messagesTo(hyp, 'J')).toEqual([told('colours-compared', ['R1', 'HY'], 'no-info')]);
  });
  it('«выбрал покалеченного игрока»: a crippled target gives no information', () => {
    const r = resolve(
      night(
        table(player('J', 'journalist'), player('C1', 'citizen', 'town', { statuses: [{ id: 'crippled', sinceNight: 0 }] })),
        [act('J', 'compare', ['R1', 'C1'])],
        2,
      ),
    );
    expect(messagesTo(r, 'J')).toEqual([told('colours-compared', ['R1', 'C1'], 'no-info')]);
  });
  it('L93 black Journalist learns both colours outright', () => {
    const j = player('J', 'journalist', 'maniac', { secondRole: 'maniac' });
    const r = resolve(night([...table(), j], [act('J', 'compare', ['R1', 'M1'])], 1));
    expect(messagesTo(r, 'J')).toEqual([told('alignment-check', ['R1'], false), told('alignment-check', ['M1'], true)]);
  });
  it('words the result in both languages', () => {
    const r = resolve(night(table(player('J', 'journalist')), [act('J', 'compare', ['R1', 'M1'])], 1));
    const result = eventsOf(r, 'message')[0]?.result;
    if (result === undefined) throw new Error('no message');
    const names = nightResultNames(table().map((p) => ({ id: p.slotId, name: p.name })));
    expect(renderNightResult(result, names, 'ru')).toBe('R1, M1: цвета разные.');
    expect(renderNightResult(result, names, 'en')).toBe('R1, M1: different colours.');
  });
});

describe('Lawyer (Адвокат), L28', () => {
  it('«может прочекать любого игрока, как комиссар … но вся информация частная, то есть дается в ЛС утром»', () => {
    const r = resolve(night(table(player('L', 'lawyer')), [act('L', 'check', ['M1'])], 1));
    expect(messagesTo(r, 'L')).toEqual([told('alignment-check', ['M1'], true)]);
    expect(announced(r)).toEqual([]);
  });
  it('leaves the result on the player for the day rules: «Если получил красный чек … правовую защиту»; «Если получил черный чек … голос будет увеличен»', () => {
    const r = resolve(night(table(player('L', 'lawyer')), [act('L', 'check', ['M1'])], 1));
    expect(statusesGiven(r, 'lawyer-checked-black')).toEqual(['M1']);
    const red = resolve(night(table(player('L', 'lawyer')), [act('L', 'check', ['R1'])], 1));
    expect(statusesGiven(red, 'lawyer-checked-red')).toEqual(['R1']);
    expect(statusesGiven(red, 'lawyer-checked-black')).toEqual([]);
  });
});

describe('Inquisitor (Инквизитор), L29', () => {
  it('checks privately; a black check marks the player for the next night', () => {
    const r = resolve(night(table(player('I', 'inquisitor')), [act('I', 'check', ['X'])], 1));
    expect(messagesTo(r, 'I')).toEqual([told('alignment-check', ['X'], true)]);
    expect(announced(r)).toEqual([]);
    expect(statusesGiven(r, 'checked-black')).toEqual(['X']);
  });
  it('«на следующую ночь у инквизитора будет выбор - либо сжечь этого игрока»', () => {
    const x = black('X', 'maniac', 'citizen', { statuses: [{ id: 'checked-black', sinceNight: 1, by: 'I' }] });
    const r = resolve(night([black('M1', 'mafia'), x, player('R1', 'citizen'), player('I', 'inquisitor')], [act('I', 'burn', ['X'])], 2));
    expect(deaths(r)).toEqual(['X']);
  });
  it('«Запрещено использовать для убийства остаточный принцип»: no burning without last night’s black check', () => {
    const r = resolve(night(table(player('I', 'inquisitor')), [act('I', 'burn', ['R1'])], 2));
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'I')).toEqual([told('move-failed', ['R1'], 'inquisitor')]);
  });
});

describe('Homeless (Бомж), L25', () => {
  it('«Если ночью к нему кто-то пришел - узнает личность гостя, но не роль»', () => {
    const r = resolve(
      night(
        table(player('HM', 'homeless'), player('D', 'doctor')),
        [act('HM', 'watch-house', ['R1']), act('D', 'heal', ['R1']), act('M1', 'kill', ['R1'])],
        1,
      ),
    );
    // «Если бомж ... следил за спасенной жертвой, то не получит имя киллера»: R1 was healed, so not M1.
    expect(messagesTo(r, 'HM')).toEqual([told('visited-by', ['R1'], ['D'])]);
  });
  it('a killer whose victim dies is seen', () => {
    const r = resolve(night(table(player('HM', 'homeless')), [act('HM', 'watch-house', ['R1']), act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual(['R1']);
    expect(messagesTo(r, 'HM')).toEqual([told('visited-by', ['R1'], ['M1'])]);
  });
});

describe('Homeless, two nights at a house (L25)', () => {
  const watched = (since: number): NightPlayer =>
    player('R1', 'doctor', 'town', { statuses: [{ id: 'homeless-watch', sinceNight: since, by: 'HM' }] });
  it('«Бомж заметит, если игрок выходил из своего дома»', () => {
    const r = resolve(
      night(table(player('HM', 'homeless'), player('D', 'doctor')), [act('HM', 'watch-house', ['D']), act('D', 'heal', ['R2'])], 1),
    );
    expect(messagesTo(r, 'HM')).toEqual([told('visited-by', ['D'], []), told('left-home', ['D'], null)]);
  });
  it('«у выбранного игрока бомж ночует в течение двух ночей - технически считается, что бомж автоматически совершает повторный ход»', () => {
    const players = [black('M1', 'mafia'), black('X', 'maniac'), watched(1), player('D', 'doctor'), player('HM', 'homeless')];
    const r = resolve(night(players, [act('D', 'heal', ['R1']), act('X', 'kill', ['R1'])], 2));
    // The healed R1 survives X's shot: the Homeless does not get the killer's name (L25).
    expect(messagesTo(r, 'HM')).toEqual([told('visited-by', ['R1'], ['D'])]);
  });
  it('«Нельзя ходить две ночи подряд»: a new house on the second night fails; he stays at the old one', () => {
    const r = resolve(
      night(
        [black('M1', 'mafia'), black('X', 'maniac'), watched(1), player('R2', 'citizen'), player('HM', 'homeless')],
        [act('HM', 'watch-house', ['R2'])],
        2,
      ),
    );
    expect(messagesTo(r, 'HM')).toEqual([told('move-failed', ['R2'], 'homeless'), told('visited-by', ['R1'], [])]);
  });
  it('«всегда видит имена игроков, которые приходили к нему лично»', () => {
    const r = resolve(night(table(player('HM', 'homeless')), [act('HM', 'watch-house', ['R2']), act('M1', 'kill', ['HM'])], 1));
    expect(deaths(r)).toEqual(['HM']);
    // Dead players are told nothing (L116); alive, he would see the killer.
    const saved = resolve(
      night(table(player('HM', 'homeless'), player('D', 'doctor')), [act('HM', 'watch-house', ['R2']), act('D', 'heal', ['HM'])], 1),
    );
    expect(messagesTo(saved, 'HM')).toContainEqual(told('visited-by', ['HM'], ['D']));
  });
});

describe('Anonymous (Анонимус), L26', () => {
  it('«к утру узнает их мирные роли и будет каждое утро получать общую информацию»; «Целевой игрок почувствует, что за ним наблюдают»', () => {
    const r = resolve(
      night(table(player('A', 'anonymous'), player('C', 'commissar')), [act('A', 'surveil', ['C', 'R1']), act('C', 'check', ['M1'])], 1),
    );
    const toA = messagesTo(r, 'A');
    expect(toA).toContainEqual(told('roles-learnt', ['C'], ['commissar']));
    expect(toA).toContainEqual(told('forwarded-result', ['C'], { to: 'C', fact: 'alignment-check', about: ['M1'], value: true }));
    expect(messagesTo(r, 'C')).toContainEqual(told('watched', [], null));
    expect(statusesGiven(r, 'watched')).toEqual(['C', 'R1']);
  });
  it('the watch lasts: a player watched since an earlier night is still read', () => {
    const c = player('C', 'commissar', 'town', { statuses: [{ id: 'watched', sinceNight: 1, by: 'A' }] });
    const r = resolve(night([...table(), player('A', 'anonymous'), c], [act('C', 'check', ['R1'])], 3));
    expect(messagesTo(r, 'A')).toEqual([
      told('forwarded-result', ['C'], { to: 'C', fact: 'alignment-check', about: ['R1'], value: false }),
    ]);
  });
});

describe('Drug dealer (Наркодилер), L34', () => {
  it('drugs two players: each gets the single barrier status and is told; a corpse cannot be drugged', () => {
    const r = resolve(night(table(player('DD', 'drug-dealer')), [act('M1', 'kill', ['R2']), act('DD', 'drug', ['R1', 'R2'])], 1));
    expect(statusesGiven(r, 'drugged')).toEqual(['R1']);
    expect(messagesTo(r, 'R1')).toEqual([told('drugged', [], null)]);
    expect(messagesTo(r, 'DD')).toEqual([told('move-failed', ['R1', 'R2'], 'drug-dealer')]);
    expect(rulesets['russian-004'].statuses.find((s) => s.id === 'drugged')?.barrier).toBe(true);
  });
});

describe('Maid (Горничная), L45', () => {
  it('«узнает мирную роль цели и увидит всю общую информацию выбранного игрока»', () => {
    const r = resolve(
      night(table(player('MD', 'maid'), player('C', 'commissar')), [act('MD', 'serve', ['C']), act('C', 'check', ['X'])], 1),
    );
    expect(messagesTo(r, 'MD')).toEqual([
      told('roles-learnt', ['C'], ['commissar']),
      told('forwarded-result', ['C'], { to: 'C', fact: 'alignment-check', about: ['X'], value: true }),
    ]);
  });
  it('fails at a dead target', () => {
    const r = resolve(night(table(player('MD', 'maid')), [act('M1', 'kill', ['R1']), act('MD', 'serve', ['R1'])], 1));
    expect(messagesTo(r, 'MD')).toEqual([told('move-failed', ['R1'], 'maid')]);
  });
});

describe('Witch (Ведьма), L46', () => {
  it('«в конце каждой ночи … обмену мирных ролей у двух выбранных игроков на игровые сутки»; the night’s own moves are not undone', () => {
    const r = resolve(
      night(
        table(player('W', 'witch'), player('D', 'doctor')),
        [act('W', 'swap', ['D', 'R1']), act('D', 'heal', ['R2']), act('M1', 'kill', ['R2'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'role-changed').map((e) => [e.player, e.to])).toEqual([
      ['D', 'citizen'],
      ['R1', 'doctor'],
    ]);
    expect(messagesTo(r, 'R1')).toEqual([told('role-swapped', [], 'doctor')]);
  });
});

describe('Witch and the killers (L46, L106)', () => {
  it('«Если ведьма меняет местами киллера и его текущую жертву, соответствующий выстрел будет отменен»', () => {
    const r = resolve(night(table(player('W', 'witch')), [act('W', 'swap', ['M1', 'R1']), act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual([]);
    expect(r.reserveKills.mafia).toBe(1);
  });
  it('L106 black Witch: «выстрел не отменяется»', () => {
    const w = player('W', 'witch', 'maniac', { secondRole: 'maniac' });
    const r = resolve(night([...table(), w], [act('W', 'swap', ['M1', 'R1']), act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual(['R1']);
  });
  it('«если обе цели из разных команд и одна из них направила в ведьму ход киллера, то он будет … перенаправлен в противоположного»', () => {
    const r = resolve(night(table(player('W', 'witch')), [act('W', 'swap', ['M1', 'R2']), act('M1', 'kill', ['W'])], 1));
    expect(deaths(r)).toEqual(['R2']);
  });
});

describe('Hypnotist (Гипнотизер), L37', () => {
  it('«Если ночью к гипнотизеру применяют какие-либо действия, они перенаправляются в выбранного игрока»', () => {
    const r = resolve(
      night(
        table(player('HY', 'hypnotist'), player('C', 'commissar')),
        [act('HY', 'hypnotise', ['M1']), act('C', 'check', ['HY']), act('X', 'kill', ['HY'])],
        2,
      ),
    );
    expect(deaths(r)).toEqual(['M1']);
    // The check also went to M1, who is dead by the check's turn: "выбрал убитого - чек не проходит" (L6).
    expect(messagesTo(r, 'C')).toEqual([]);
  });
  it('a check aimed at the Hypnotist reaches the player he chose (L37)', () => {
    const r = resolve(
      night(table(player('HY', 'hypnotist'), player('C', 'commissar')), [act('HY', 'hypnotise', ['M1']), act('C', 'check', ['HY'])], 2),
    );
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['M1'], true)]);
  });
  it('«Если киллер получит в себя свой же выстрел, то пропустит ход»', () => {
    const r = resolve(night(table(player('HY', 'hypnotist')), [act('HY', 'hypnotise', ['X']), act('X', 'kill', ['HY'])], 2));
    expect(deaths(r)).toEqual([]);
  });
  it('«Нельзя больше 1-й ночи за игру влиять на киллеров»: on a later night the killer’s shot is not turned aside', () => {
    const hy = player('HY', 'hypnotist', 'town', { statuses: [{ id: 'killers-hypnotised', sinceNight: 2, by: 'HY' }] });
    const r = resolve(night([...table(), hy], [act('HY', 'hypnotise', ['M1']), act('X', 'kill', ['HY'])], 4));
    expect(deaths(r)).toEqual(['HY']);
  });
  it('turning a killer aside is remembered on the Hypnotist', () => {
    const r = resolve(night(table(player('HY', 'hypnotist')), [act('HY', 'hypnotise', ['M1']), act('X', 'kill', ['HY'])], 2));
    expect(statusesGiven(r, 'killers-hypnotised')).toEqual(['HY']);
  });
  it('«В случае блока гипноз сбивается»', () => {
    const r = resolve(
      night(
        table(player('HY', 'hypnotist'), player('B', 'blocker')),
        [act('B', 'block', ['HY']), act('HY', 'hypnotise', ['M1']), act('X', 'kill', ['HY'])],
        2,
      ),
    );
    expect(deaths(r)).toEqual(['HY']);
  });
});

describe('Forensic (Криминалист), L44', () => {
  it('is a day role: a night PM naming his moves is refused without effect', () => {
    const r = resolve(night(table(player('F', 'forensic')), [act('F', 'take-samples', ['R1'])], 1));
    expect(r.refused.map((x) => x.reason)).toEqual(['night/wrong-phase']);
  });
});
