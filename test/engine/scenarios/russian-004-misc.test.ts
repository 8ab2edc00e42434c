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
  resolveGameNight,
  resolveNight,
  rulesets,
  type GameEvent,
  type NightAction,
  type NightPlayer,
  type NightResolution,
  type NightRules,
  type NightStatus,
  type PastMove,
} from '../../../src/engine';
import { catalogWording } from '../../../extension/shared/engine-wording';
import { act, announced, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1, extra: Parameters<typeof night>[3] = {}): NightResolution =>
  resolveNight(night(players, actions, n, { statusRules, ...extra }), rulesRussian, createRng(5));
const red = (id: string, role: string, ...statuses: NightStatus[]): NightPlayer =>
  player(id, role, 'red', statuses.length === 0 ? {} : { statuses });
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);
const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });
const day = (n: number, ability: string, ...targets: string[]): PastMove => ({ night: n, day: true, ability, targets });
const reasonCodes = (r: NightResolution): string[] =>
  r.events.flatMap((e) => e.reasons.flatMap((x) => (x.message === undefined ? [] : [x.message.code])));
const ambiguities = (r: NightResolution): string[] => r.ambiguities.map((a) => `${a.setting}=${a.value}`);

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

describe('Forensic (Криминалист), L44 and L112: the samples’ limits', () => {
  const forensic = (faction: string, ...moves: PastMove[]): NightPlayer => ({
    ...player('F', 'forensic', faction, faction === 'red' ? {} : { secondRole: 'mafia' }),
    pastMoves: moves,
  });
  const body = (id: string, killer: string, extra: Partial<NightPlayer> = {}): NightPlayer =>
    dead({ ...red(id, 'citizen'), killedBy: [killer], ...extra });
  const poisoned = body('P', 'M1', { killedWith: 'poison' });
  const parallelMoves = [day(2, 'examine-bodies', 'P', 'B'), day(2, 'take-samples', 'P', 'M1', 'B', 'R1')];
  const parallel = (rules: NightRules): NightResolution =>
    resolveNight(night(table(forensic('red', ...parallelMoves), poisoned, body('B', 'M2')), [], 2, { statusRules }), rules, createRng(5));
  const lenient: NightRules = {
    ...rulesRussian,
    borrowing: { ...rulesRussian.borrowing, singleSample: { ...rulesRussian.borrowing?.singleSample, parallel: 'other-bodies' } },
  };

  it('L44 "при этом недопустимы параллельные проверки": by default (strict) a poison body’s one sample allows no other body in the test, and the night says which reading it took', () => {
    const r = parallel(rulesRussian);
    expect(messagesTo(r, 'F')).toEqual([]);
    expect(reasonCodes(r)).toContain('night/samples-over-limit');
    expect(ambiguities(r)).toContain('night.borrowing.singleSample.parallel=none');
  });

  it('L44 with the setting `other-bodies`: the one sample stands, the other body is tested beside it; two samples on the poison body stay refused', () => {
    const r = parallel(lenient);
    expect(messagesTo(r, 'F')).toEqual([told('samples-matched', ['P', 'M1'], true), told('samples-matched', ['B', 'R1'], false)]);
    expect(ambiguities(r)).toContain('night.borrowing.singleSample.parallel=other-bodies');
    const two = [day(2, 'examine-bodies', 'P'), day(2, 'take-samples', 'P', 'M1', 'R1')];
    const r2 = resolveNight(night(table(forensic('red', ...two), poisoned), [], 2, { statusRules }), lenient, createRng(5));
    expect(messagesTo(r2, 'F')).toEqual([]);
    // One body alone asks nothing: the readings agree.
    const alone = resolveNight(
      night(table(forensic('red', day(2, 'examine-bodies', 'P'), day(2, 'take-samples', 'P', 'M1')), poisoned), [], 2, { statusRules }),
      rulesRussian,
      createRng(5),
    );
    expect(messagesTo(alone, 'F')).toEqual([told('samples-matched', ['P', 'M1'], true)]);
    expect(ambiguities(alone)).not.toContain('night.borrowing.singleSample.parallel=none');
  });

  it('L112 "взять анализы с трех выбранных игроков вечером": a black Forensic’s three samples all go against the body he examined, not split by the red rules', () => {
    // Three players against the body examined last.
    const moves = [day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'M2', 'R1', 'R2')];
    const r = resolve(table(forensic('mafia', ...moves), body('A', 'R2')), [], 2);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'F')).toContainEqual(told('samples-matched', ['A', 'M2', 'R1', 'R2'], true));
    // A fourth sample is over his three.
    const four = [day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'M2', 'R1', 'R2', 'M1')];
    const r4 = resolve([...table(forensic('mafia', ...four), body('A', 'R2'))], [], 2);
    expect(messagesTo(r4, 'F').filter((m) => m.fact === 'samples-matched')).toEqual([]);
    // A Mercenary's body: the red rule "не более одного игрока за раз" is the red Forensic's; the black's limit is his three.
    const mercenary = player('W', 'citizen', 'mafia', { secondRole: 'mercenary' });
    const byMercenary = [day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'W', 'R1')];
    const black = resolve(table(forensic('mafia', ...byMercenary), body('A', 'W'), mercenary), [], 2);
    expect(messagesTo(black, 'F')).toContainEqual(told('samples-matched', ['A', 'W', 'R1'], true));
    const red = resolve(
      table(forensic('red', day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'A', 'W', 'R1')), body('A', 'W'), mercenary),
      [],
      2,
    );
    expect(messagesTo(red, 'F')).toEqual([]);
  });
});

describe('Forensic (Криминалист), L112: the black Forensic’s examination is told in the morning', () => {
  const game = (forensic: string): string =>
    [
      'ruleset russian-004',
      forensic,
      'player Vera faction=red role=commissar',
      'player Olga faction=red role=doctor',
      'player Anna faction=red role=citizen',
      'player Boris faction=red role=citizen',
      'player Ivan faction=red role=citizen',
      'player Kolya faction=mafia role=citizen second=mafia',
      'player Lena faction=mafia role=citizen second=mafia',
      'player Misha faction=maniac role=citizen second=maniac',
      'day 1',
      'night 1',
      '  Kolya uses kill Vera',
      '  resolve night',
      'day 2',
      '  Fedor uses examine-bodies Vera',
      ...['Olga', 'Boris', 'Kolya', 'Lena', 'Misha'].map((v) => `  ${v} votes Anna`),
      '  expect lynched Anna',
      'night 2',
    ].join('\n');
  /** Where the examination's result stands in the log, against the move and the day's lynch. */
  const order = (text: string): { readonly move: number; readonly result: number; readonly lynch: number } => {
    const played = playText(text);
    expect(failedExpectations(played)).toEqual([]);
    const events = played.events;
    const results = events.filter((e) => e.type === 'message/send' && e.result?.fact === 'body-examined');
    expect(results).toHaveLength(1);
    return {
      move: events.findIndex((e) => e.type === 'action/use' && e.ability === 'examine-bodies'),
      result: events.findIndex((e) => e.type === 'message/send' && e.result?.fact === 'body-examined'),
      lynch: events.findIndex((e) => e.type === 'player/die' && e.slotId === 'Anna'),
    };
  };

  it('"Криминалист может обследовать чей-либо труп утром": a black Forensic learns the body at once, before the vote', () => {
    const black = order(game('player Fedor faction=mafia role=forensic second=mafia'));
    expect(black.result).toBe(black.move + 1);
    expect(black.result).toBeLessThan(black.lynch);
  });

  it('L44 "Результат проверки трупа предоставляется вечером - после итогов голосования": the red one still learns it after the vote', () => {
    const red = order(game('player Fedor faction=red role=forensic'));
    expect(red.result).toBeGreaterThan(red.lynch);
  });
});

describe('the verification of a check passed on to the checker (L15, L51)', () => {
  const roster = [
    'ruleset russian-004',
    'player Kolya faction=mafia role=commissar second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Pavel faction=werewolf role=citizen second=joker',
    'player Misha faction=maniac role=citizen second=maniac',
    'player Vera faction=red role=commissar',
    'player Olga faction=red role=doctor',
    'player Anna faction=red role=citizen',
    'player Boris faction=red role=citizen',
    'player Ivan faction=red role=citizen',
  ];
  const verified = (verifier: string, target: string): { readonly status: boolean; readonly verdicts: readonly unknown[] } => {
    const played = playText(
      [
        ...roster,
        'day 1',
        'night 1',
        `  Pavel uses flip-check ${target}`,
        '  resolve night',
        'day 2',
        `  ${verifier} uses verify-check ${target}`,
        'night 2',
        '  resolve night',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const id = (name: string): string =>
      played.events.flatMap((e) => (e.type === 'game/setup' ? e.players : [])).find((p) => p.name === name)?.slotId ?? name;
    const night2 = played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 2)?.night?.events ?? [];
    const statusGiven = played.events.some((e) => e.type === 'status/add' && e.status === 'verifying-check' && e.slotId === id(verifier));
    return {
      status: statusGiven,
      verdicts: night2.flatMap((e) =>
        e.type === 'message' && e.to === id(verifier) && e.result.fact === 'check-verified' ? [e.result.value] : [],
      ),
    };
  };

  it('L15 "Когда чекер получает черный чек, он может в конце любого дня отправить его на проверку подлинности": a black Commissar may send the Joker’s check the Mafia received (L51 "Информация с чеков джокера доступна мафии и маньяку каждое утро")', () => {
    const sent = verified('Kolya', 'Lena');
    expect(sent.status).toBe(true);
    // The Joker's black check of Lena, verified: the exact colour, black.
    expect(sent.verdicts).toEqual([true]);
  });

  it('a checker who received no check of that player, his own or passed on, sends nothing: the red Commissar never got the Joker’s check', () => {
    const sent = verified('Vera', 'Lena');
    expect(sent.status).toBe(false);
    expect(sent.verdicts).toEqual([]);
  });
});

describe('Geisha (Гейша), L15 with L54: her rumours follow the katana’s nights', () => {
  const roster = [
    'ruleset russian-004',
    'player Anna faction=red role=doctor',
    'player Boris faction=red role=citizen',
    'player Vera faction=red role=commissar',
    'player Olga faction=red role=citizen',
    'player Ivan faction=red role=citizen',
    'player Gleb faction=red role=citizen',
    'player Dima faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Pavel faction=werewolf role=citizen second=geisha',
    'player Misha faction=maniac role=citizen second=maniac',
  ];
  const game = (mafiaOut: boolean): string =>
    [
      ...roster,
      'day 1',
      'night 1',
      '  kill Misha : night-kill',
      ...(mafiaOut ? ['  kill Kolya : night-kill', '  kill Lena : night-kill'] : []),
      'day 2',
      // Night 2 is the Maniac's: "получает право в ночи маньяка засаживать ее".
      '  Pavel uses blacken Olga',
      '  expect status Olga blackened',
      'night 2',
      'day 3',
      // Night 3 is the Mafia's: her katana is not hers that night, nor the rumour.
      '  Pavel uses blacken Boris',
      `  expect status Boris ${mafiaOut ? '' : 'not '}blackened`,
    ].join('\n');

  it('L54 "Если выбыл маньяк, то берет катану и получает право в ночи маньяка засаживать ее" with L15 "Оборотень имеет право на очернение только тогда, когда в полной мере получает доступ к выстрелу киллера": on the Maniac’s nights only', () => {
    expect(failedExpectations(playText(game(false)))).toEqual([]);
  });

  it('L15 "Если одна из сторон выбыла, оставшаяся может очернять в каждую ночь": with the Mafia out too, every night', () => {
    expect(failedExpectations(playText(game(true)))).toEqual([]);
  });
});

describe('the new pair (L55) as the resolver reads it', () => {
  const doctor = red('D', 'doctor');
  const lone = (id: string, side: string, partner?: string): NightPlayer =>
    player(id, 'citizen', side, { secondRole: side, ...(partner === undefined ? {} : { statuses: [{ id: 'new-pair', with: partner }] }) });

  it('"Страховка в смешанной паре может срабатывать, даже если жертва основного киллера так или иначе была спасена": the recorded pair (status new-pair) acts as one, though the night lists none of their dead partners', () => {
    const players = (paired: boolean): NightPlayer[] => [
      lone('M1', 'mafia', paired ? 'Y1' : undefined),
      lone('Y1', 'yakuza', paired ? 'M1' : undefined),
      doctor,
      red('R1', 'citizen'),
      red('R2', 'citizen'),
      red('R3', 'citizen'),
    ];
    const actions = [act('D', 'heal', ['R1']), act('M1', 'kill', ['R1']), act('Y1', 'insure', ['R2'])];
    const r = resolve(players(true), actions, 3);
    expect(r.events.flatMap((e) => (e.type === 'death' ? [[e.player, e.by]] : []))).toEqual([['R2', ['Y1']]]);
    // Without the recorded pair, nothing tells the night that these two lost their partners: no mixed pair.
    const unpaired = resolve(players(false), actions, 3);
    expect(unpaired.events.filter((e) => e.type === 'death')).toEqual([]);
  });
});

describe('the new pair (L55): the Mafioso reddens too', () => {
  const game = (mover: string, target: string, pairUp = true): string =>
    [
      'ruleset russian-004',
      'player Anna   faction=red    role=doctor',
      'player Boris  faction=red    role=blocker',
      'player Vera   faction=red    role=commissar',
      'player Ilya   faction=red    role=citizen',
      'player Zhenya faction=red    role=citizen',
      'player Dasha  faction=red    role=citizen',
      'player Egor   faction=red    role=citizen',
      'player Kolya  faction=mafia  role=citizen second=mafia',
      'player Lena   faction=mafia  role=citizen second=mafia',
      'player Yura   faction=yakuza role=citizen second=yakuza',
      'player Yasha  faction=yakuza role=citizen second=yakuza',
      'day 1',
      'night 1',
      'day 2',
      '  kill Lena',
      ...(pairUp ? ['  kill Yasha'] : []),
      'night 2',
      'day 3',
      `  ${mover} uses redden ${target}`,
      `  expect status ${target} ${pairUp ? '' : 'not '}reddened`,
    ].join('\n');

  it('"они объединятся в новую пару и по-прежнему смогут использовать окраснение на одного из пары": the Mafioso reddens his Yakuza partner or himself', () => {
    expect(failedExpectations(playText(game('Kolya', 'Yura')))).toEqual([]);
    expect(failedExpectations(playText(game('Kolya', 'Kolya')))).toEqual([]);
    // Not while the Yakuza pair is whole and his own is broken (the right is the whole pair's).
    expect(failedExpectations(playText(game('Kolya', 'Kolya', false)))).toEqual([]);
  });
});

describe('L55: a side change and a new pair told by the night itself (gavel resolve of one night)', () => {
  const black = (id: string, side: string, negative = side): NightPlayer => player(id, 'citizen', side, { secondRole: negative });
  const deadBlack = (id: string, side: string): NightPlayer => ({ ...black(id, side), alive: false });

  it('"он автоматически перейдет в противоположную группу, когда умрут оба его нанимателя": the Yakuza kill the last Mafioso, and the Mercenary and his new employers are told that morning', () => {
    const players = [
      deadBlack('M2', 'mafia'),
      black('M1', 'mafia'),
      black('N', 'mafia', 'mercenary'),
      black('Y1', 'yakuza'),
      black('Y2', 'yakuza'),
      red('R1', 'citizen'),
    ];
    const r = resolve(players, [act('Y1', 'kill', ['M1'])], 4);
    expect(r.events.flatMap((e) => (e.type === 'death' ? [e.player] : []))).toEqual(['M1']);
    expect(messagesTo(r, 'N')).toContainEqual(told('side-changed', ['Y1', 'Y2'], 'yakuza'));
    expect(messagesTo(r, 'Y1')).toContainEqual(told('partner-joined', ['N'], 'mercenary'));
    expect(messagesTo(r, 'Y2')).toContainEqual(told('partner-joined', ['N'], 'mercenary'));
    // The Russian PM of the command line, by the ruleset's names.
    const input = night(players, [act('Y1', 'kill', ['M1'])], 4, { statusRules });
    const text = formatResolution(resolveNight(input, rulesRussian, createRng(5)), input, { rules: rulesRussian, language: 'ru' });
    expect(text).toContain('теперь вы работаете на сторону «Якудза»');
  });

  it('"Если мафия и якудза остались без напарников, они объединятся в новую пару": the night that leaves them alone pairs them (status new-pair) and tells each', () => {
    const players = [
      deadBlack('M2', 'mafia'),
      black('M1', 'mafia'),
      black('Y1', 'yakuza'),
      black('Y2', 'yakuza'),
      red('K', 'investigator'),
      red('R1', 'citizen'),
    ];
    const r = resolve(players, [act('K', 'investigate', ['Y2'])], 4);
    expect(r.events.flatMap((e) => (e.type === 'death' ? [e.player] : []))).toEqual(['Y2']);
    expect(
      r.events.flatMap((e) => (e.type === 'status-applied' && e.status.id === 'new-pair' ? [`${e.player}:${e.status.with ?? ''}`] : [])),
    ).toEqual(['M1:Y1', 'Y1:M1']);
    expect(messagesTo(r, 'M1')).toContainEqual(told('new-pair', ['Y1'], 'yakuza'));
    expect(messagesTo(r, 'Y1')).toContainEqual(told('new-pair', ['M1'], 'mafia'));
    // A pair already recorded is not told again.
    const again = resolve(
      players.map((p) =>
        p.slotId === 'M1'
          ? { ...p, statuses: [{ id: 'new-pair', with: 'Y1' }] }
          : p.slotId === 'Y1'
            ? { ...p, statuses: [{ id: 'new-pair', with: 'M1' }] }
            : p,
      ),
      [act('K', 'investigate', ['Y2'])],
      4,
    );
    expect(messagesTo(again, 'M1').filter((m) => m.fact === 'new-pair')).toEqual([]);
  });
});

describe('L55 in a played game: the night tells the side change once, the phase end records it', () => {
  it('"он автоматически перейдет в противоположную группу": one PM each, and the faction changes', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Anna   faction=red    role=doctor',
        'player Boris  faction=red    role=blocker',
        'player Vera   faction=red    role=commissar',
        'player Ilya   faction=red    role=citizen',
        'player Zhenya faction=red    role=citizen',
        'player Dasha  faction=red    role=citizen',
        'player Egor   faction=red    role=citizen',
        'player Kolya  faction=mafia  role=citizen second=mafia',
        'player Lena   faction=mafia  role=citizen second=mafia',
        'player Nikita faction=mafia  role=citizen second=mercenary',
        'player Yura   faction=yakuza role=citizen second=yakuza',
        'player Yasha  faction=yakuza role=citizen second=yakuza',
        'day 1',
        '  kill Lena',
        'night 1',
        'day 2',
        'night 2',
        '  Yura uses kill Kolya',
        '  resolve night',
        '  expect dead Kolya',
        'day 3',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const facts = (name: string): string[] =>
      played.events.flatMap((e) => (e.type === 'message/send' && e.to === name && e.result !== undefined ? [e.result.fact] : []));
    expect(facts('Nikita').filter((f) => f === 'side-changed')).toHaveLength(1);
    expect(facts('Yura').filter((f) => f === 'partner-joined')).toHaveLength(1);
    expect(played.events).toContainEqual({ type: 'player/faction', slotId: 'Nikita', faction: 'yakuza' });
  });
});

describe('Maid (Горничная), L45: what she is handed of her target’s past', () => {
  const lines = [
    'ruleset russian-004',
    'seed 4',
    'player Sasha faction=red role=citizen',
    'player Anna faction=red role=doctor',
    'player Boris faction=red role=citizen',
    'player Olga faction=red role=citizen',
    'player Ivan faction=red role=fanatic',
    'player Gleb faction=red role=maid',
    'player Dima faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=priest second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
    'day 1',
    '  Ivan uses favourite Boris',
    'night 1',
    '  Gleb uses serve Ivan',
  ];
  const ruleset = rulesets['russian-004'];
  /** The night's forwarded notes to the Maid, after `edit` changed the log the night reads. */
  const notes = (edit: (events: GameEvent[]) => GameEvent[], options: Parameters<typeof resolveGameNight>[4]): string[] => {
    const played = playText(lines.join('\n'));
    expect(failedExpectations(played)).toEqual([]);
    const resolved = resolveGameNight(edit([...played.events]), ruleset, 1, createRng(4), options);
    if (!resolved.ok) throw new Error(resolved.code);
    return resolved.resolution.events.flatMap((e) =>
      e.type === 'message' && e.to === 'Gleb' && e.result.fact === 'forwarded-result' && e.result.value.fact === 'host-note'
        ? [e.result.value.value]
        : [],
    );
  };
  const wording = catalogWording(ruleset);

  it('"увидит всю общую информацию выбранного игрока, полученную им в течение игры": an end-of-day message is worded again in her PM’s language, not as it was stored', () => {
    // The favourite's message as an English flow stored it.
    const english = (events: GameEvent[]): GameEvent[] =>
      events.map((e) =>
        e.type === 'message/send' && e.to === 'Ivan' && e.message !== undefined ? { ...e, text: wording(e.message, 'en') } : e,
      );
    const ru = notes(english, { language: 'ru', wording });
    expect(ru).toEqual(['Ваш любимчик — Boris, его мирная роль — Мирный житель.']);
    const en = notes(english, { language: 'en', wording });
    expect(en).toHaveLength(1);
    expect(en[0]).not.toMatch(/[А-Яа-я]/);
  });

  it('the host’s own text-only PMs to her target are handed to her too: they can show his team', () => {
    const hostPm = (events: GameEvent[]): GameEvent[] => {
      const night = events.findIndex((e) => e.type === 'phase/start' && e.phase.kind === 'night');
      return [...events.slice(0, night), { type: 'message/send', to: 'Ivan', text: 'Ваша команда — красные.' }, ...events.slice(night)];
    };
    expect(notes(hostPm, { language: 'ru', wording })).toContain('Ваша команда — красные.');
  });
});
