/**
 * Seed 004 (../shared/seeds/004_f6d88bc78ab5cdbd.txt): the role request ("запрос на роль") of the Detective (L7) and
 * the Investigator (L8), a day move naming a peaceful role, answered the morning after. Each test quotes the seed line.
 */
import { describe, expect, it } from 'vitest';
import {
  checkAction,
  createRng,
  deriveState,
  json,
  parseGameScript,
  playGame,
  findRuleset,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  type NightInput,
  type NightPlayer,
  type PastMove,
  type PlayResult,
  withNight,
} from '../../../src/engine';
import { act, announced, messagesTo, night, nightRulesFor, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { failedExpectations, playScript, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput, rules = rulesRussian) => resolveNight({ ...input, statusRules }, rules, createRng(4));
const red = (slotId: string, role = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, role, 'red', extra);
const black = (slotId: string, faction = 'mafia') => player(slotId, 'citizen', faction, { secondRole: faction });
const request = (n: number, role: string, extra: Partial<PastMove> = {}): PastMove => ({
  night: n,
  day: true,
  ability: 'request-role',
  targets: [role],
  ...extra,
});
const moved = (n: number, ability: string, targets: string[]): PastMove => ({ night: n, day: false, ability, targets });

/** A player's PMs of a night, in Russian, with the preset's Russian role names. */
const pmsRu = (r: ReturnType<typeof resolve>, to: string): string[] => {
  const preset = rulesets['russian-004'];
  const names = nightResultNames(
    ['A', 'B', 'C', 'D', 'I', 'K', 'M', 'X', 'R1', 'R2'].map((id) => ({ id, name: id })),
    { roles: preset.roles.map((x) => ({ id: x.id, name: x.names?.ru ?? x.name })) },
  );
  return r.events.flatMap((e) => (e.type === 'message' && e.to === to ? [renderNightResult(e.result, names, 'ru')] : []));
};

/** Night 3 of a game: the Doctor A healed B on night 1 and stayed home on night 2; the Detective D asked for the Doctor on day 3. */
const doctor = red('A', 'doctor', { pastMoves: [moved(1, 'heal', ['B']), moved(2, 'heal', ['A'])] });
const detective = (extra: Partial<NightPlayer> = {}) => red('D', 'detective', { pastMoves: [request(3, 'doctor')], ...extra });
const others = [red('B'), red('C'), black('M'), black('K'), black('X', 'maniac')];

describe('L7 Detective (Детектив): "запрос на роль"', () => {
  it('"указать ведущему не игрока, а конкретную мирную роль и получить утром данные о ее местонахождении в каждую ночь в течение игры": every night so far, tonight too', () => {
    const r = resolve(night([doctor, detective(), ...others], [act('A', 'heal', ['C'])], 3));
    expect(messagesTo(r, 'D')).toEqual([
      told('role-request-places', [], {
        role: 'doctor',
        nights: [
          { night: 1, places: ['B'] },
          { night: 2, places: [] },
          { night: 3, places: ['C'] },
        ],
      }),
    ]);
    // L7's words: "ходил к другому игроку (имя игрока)", "сидел дома" (a move on oneself: "направил действие на себя - сидел дома").
    expect(pmsRu(r, 'D')).toEqual(['Запрос на роль «Доктор»: ночь 1 - ходил к игроку B; ночь 2 - сидел дома; ночь 3 - ходил к игроку C.']);
  });

  it('"альтернативный ход днем": the request takes his night move, the track he sends that night is skipped', () => {
    const r = resolve(night([doctor, detective(), ...others], [act('D', 'track', ['M']), act('A', 'heal', ['C'])], 3));
    expect(r.refused).toEqual([
      expect.objectContaining({ action: expect.objectContaining({ actor: 'D' }), reason: 'night/day-move-instead' }),
    ]);
    expect(messagesTo(r, 'D').map((m) => m.fact)).toEqual(['role-request-places']);
  });

  it('"если роль детектива была заблочена … - информация не предоставляется": the block of the night after his request', () => {
    const blocker = red('R1', 'blocker');
    const r = resolve(night([doctor, detective(), blocker, ...others], [act('R1', 'block', ['D']), act('A', 'heal', ['C'])], 3));
    expect(messagesTo(r, 'D')).toEqual([told('role-request-no-info', [], 'doctor')]);
    expect(pmsRu(r, 'D')).toEqual(['Запрос на роль «Доктор»: информация не предоставляется.']);
    // The request was his move: the Blocker hit (L5 "попал (сбил любому игроку ход)").
    expect(announced(r)).toContainEqual(told('morning-block', ['R1'], expect.objectContaining({ hit: true }) as never));
  });

  it('"если роль детектива была заблочена": a status that stops him acting that night (a hack) blocks it too', () => {
    const hacked = detective({ statuses: [{ id: 'hacked', sinceNight: 3 }] });
    const r = resolve(night([doctor, hacked, ...others], [act('A', 'heal', ['C'])], 3));
    expect(messagesTo(r, 'D')).toEqual([told('role-request-no-info', [], 'doctor')]);
  });

  it('"или выбрал отсутствующую на игре роль - информация не предоставляется": a role no player holds', () => {
    const r = resolve(night([doctor, red('D', 'detective', { pastMoves: [request(3, 'hacker')] }), ...others], [], 3));
    expect(messagesTo(r, 'D')).toEqual([told('role-request-no-info', [], 'hacker')]);
    expect(pmsRu(r, 'D')).toEqual(['Запрос на роль «Хакер»: информация не предоставляется.']);
  });

  it('a role whose holder died is not absent: its nights are told (the dead Doctor healed on night 1)', () => {
    const dead = red('A', 'doctor', { alive: false, pastMoves: [moved(1, 'heal', ['B'])] });
    const r = resolve(night([dead, red('D', 'detective', { pastMoves: [request(2, 'doctor')] }), ...others], [], 2));
    expect(messagesTo(r, 'D')).toEqual([
      told('role-request-places', [], {
        role: 'doctor',
        nights: [
          { night: 1, places: ['B'] },
          { night: 2, places: [] },
        ],
      }),
    ]);
  });

  it('"дополнительно может увидеть роли тех, кто заходил к детективу ночью, аналогично эффекту политика": his own, never the Investigator’s', () => {
    const r = resolve(night([doctor, detective(), red('I', 'investigator'), ...others], [act('A', 'heal', ['D'])], 3));
    expect(messagesTo(r, 'D')).toEqual([
      told('role-request-places', [], {
        role: 'doctor',
        nights: [
          { night: 1, places: ['B'] },
          { night: 2, places: [] },
          { night: 3, places: ['D'] },
        ],
      }),
      told('visitor-roles', [], ['doctor']),
    ]);
    expect(pmsRu(r, 'D')[1]).toBe('Этой ночью к вам заходили роли: Доктор.');
    // L8 "имеющий доступ к результатам ходов … детектива": the Investigator is handed the answer, not the visitors.
    const handed = messagesTo(r, 'I').flatMap((m) => (m.fact === 'forwarded-result' ? [m.value.fact] : []));
    expect(handed).toEqual(['role-request-places']);
  });

  it('setting requestBlockedSeesVisitors: a blocked requester with visitors sees none by default, and the question is reported; `yes` shows them', () => {
    const blocker = red('R1', 'blocker');
    const input = night([doctor, detective(), blocker, ...others], [act('R1', 'block', ['D']), act('A', 'heal', ['D'])], 3);
    const byDefault = resolve(input);
    expect(messagesTo(byDefault, 'D')).toEqual([told('role-request-no-info', [], 'doctor')]);
    expect(byDefault.ambiguities).toContainEqual(expect.objectContaining({ setting: 'requestBlockedSeesVisitors', value: 'no' }));
    const yes = resolve(input, { ...rulesRussian, settings: { ...rulesRussian.settings, requestBlockedSeesVisitors: 'yes' } });
    expect(messagesTo(yes, 'D').map((m) => m.fact)).toEqual(['role-request-no-info', 'visitor-roles']);
  });

  it('no request, no answer, and the question is not met: a Detective who only tracks', () => {
    const r = resolve(night([doctor, red('D', 'detective'), ...others], [act('D', 'track', ['A']), act('A', 'heal', ['C'])], 3));
    expect(messagesTo(r, 'D').map((m) => m.fact)).toEqual(['target-visits']);
    expect(r.ambiguities.map((a) => a.setting)).not.toContain('requestBlockedSeesVisitors');
  });
});

describe('L8 Investigator (Следователь): "совершать запрос на роль, как детектив, но без опознавания ночных посетителей"', () => {
  it('is told where the role went each night, and never the roles of his visitors', () => {
    const investigator = red('I', 'investigator', { pastMoves: [request(3, 'doctor')] });
    const r = resolve(night([doctor, investigator, red('D', 'detective'), ...others], [act('A', 'heal', ['I'])], 3));
    expect(messagesTo(r, 'I')).toEqual([
      told('role-request-places', [], {
        role: 'doctor',
        nights: [
          { night: 1, places: ['B'] },
          { night: 2, places: [] },
          { night: 3, places: ['I'] },
        ],
      }),
    ]);
  });

  it('"Из проверки чеков, запроса на роль и выстрела можно выбрать лишь одно действие за раз": the request takes the shot of that night', () => {
    // The Commissar and the Detective are dead: the Investigator has his gun (L8 "Если они оба погибли").
    const investigator = red('I', 'investigator', { pastMoves: [request(3, 'doctor')] });
    const deadCheckers = [red('V', 'commissar', { alive: false }), red('D', 'detective', { alive: false })];
    const r = resolve(night([doctor, investigator, ...deadCheckers, ...others], [act('I', 'investigate', ['M'])], 3));
    expect(r.refused).toEqual([expect.objectContaining({ reason: 'night/day-move-instead' })]);
    expect(r.events.some((e) => e.type === 'death')).toBe(false);
    expect(messagesTo(r, 'I').map((m) => m.fact)).toEqual(['role-request-places']);
  });
});

describe('the role request in a played game (gavel play)', () => {
  const toldOf = (played: PlayResult, name: string): string[] =>
    played.phases.flatMap((p) => p.privateMessages).flatMap((m) => (m.to === name ? [m.text] : []));

  it('L7, L9 "Когда занял роль, начинает играть с текущего момента…": the role’s places follow the role (the Doctor, then the Active citizen who took it)', () => {
    const played = playScript('russian-004-role-request.game');
    expect(failedExpectations(played)).toEqual([]);
    const dima = toldOf(played, 'Dima');
    expect(dima).toContain(
      'Запрос на роль «Доктор»: ночь 1 - ходил к игроку Boris; ночь 2 - ходил к игроку Vera; ночь 3 - ходил к игроку Dima.',
    );
    expect(dima).toContain('Этой ночью к вам заходили роли: Доктор.');
    // The request took his night 3 move: no track of Kolya that night (he tracked him on night 1).
    expect(dima.filter((t) => t.startsWith('Kolya'))).toHaveLength(1);
    const ivan = toldOf(played, 'Ivan');
    expect(ivan).toContain(
      '(от игрока Dima) Запрос на роль «Доктор»: ночь 1 - ходил к игроку Boris; ночь 2 - ходил к игроку Vera; ночь 3 - ходил к игроку Dima.',
    );
    expect(ivan.some((t) => t.includes('заходили роли'))).toBe(false);
  });

  const roster = [
    'ruleset russian-004',
    'player Anna  faction=red    role=doctor',
    'player Dima  faction=red    role=detective',
    'player Ivan  faction=red    role=investigator',
    'player Vera  faction=red    role=commissar',
    'player Egor  faction=red    role=citizen',
    'player Kolya faction=mafia  role=citizen second=mafia',
    'player Lena  faction=mafia  role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
  ];

  it('L8 "лишь одно действие за раз": a verification and a request the same day: the second is refused when entered', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        'night 1',
        '  Vera uses check Kolya',
        '  resolve night',
        'day 2',
        '  Ivan uses verify-check Kolya',
        '  Ivan uses request-role doctor',
        '  expect rejected Ivan action/one-move-a-day',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });

  it('"конкретную мирную роль": a side’s role or a player is no role to request', () => {
    const ruleset = rulesets['russian-004'];
    const played = playText([...roster, 'day 1'].join('\n'));
    const state = deriveState(played.events);
    const dima = state.players.find((p) => p.name === 'Dima')?.slot.id ?? '';
    const anna = state.players.find((p) => p.name === 'Anna')?.slot.id ?? '';
    expect(checkAction(state, ruleset, dima, 'request-role', ['doctor'])).toEqual({ ok: true });
    expect(checkAction(state, ruleset, dima, 'request-role', ['mafia'])).toEqual({ ok: false, reason: 'action/target-unknown' });
    for (const other of ['mercenary', 'faceless', 'agent'])
      expect(checkAction(state, ruleset, dima, 'request-role', [other])).toEqual({ ok: false, reason: 'action/target-unknown' });
    expect(checkAction(state, ruleset, dima, 'request-role', [anna])).toEqual({ ok: false, reason: 'action/target-unknown' });
    expect(checkAction(state, ruleset, dima, 'request-role', ['doctor', 'blocker'])).toEqual({
      ok: false,
      reason: 'action/target-unknown',
    });
  });
});

describe('L86 black Detective (Детектив): "может заранее указать ведущему … результат запроса на роль, что будет передан утром"', () => {
  const investigator = red('I', 'investigator');
  /** What the Investigator is handed of the Detective's answer. */
  const handed = (r: ReturnType<typeof resolve>) => messagesTo(r, 'I').flatMap((m) => (m.fact === 'forwarded-result' ? [m.value] : []));
  const blackDetective = (forged: NonNullable<PastMove['requestForged']>, faction = 'mafia') =>
    player('D', 'detective', faction, {
      secondRole: faction === 'grey' ? 'faceless' : faction,
      pastMoves: [request(3, 'doctor', { requestForged: forged })],
    });
  const real = [
    { night: 1, places: ['B'] },
    { night: 2, places: [] },
    { night: 3, places: ['C'] },
  ];

  it('"Имеет право подменить данные следователя": the Investigator is handed the nights he named, the others as they were', () => {
    const r = resolve(
      night([doctor, blackDetective({ nights: [{ night: 1, places: ['K'] }] }), investigator, ...others], [act('A', 'heal', ['C'])], 3),
    );
    expect(handed(r)).toEqual([
      expect.objectContaining({
        fact: 'role-request-places',
        value: {
          role: 'doctor',
          nights: [{ night: 1, places: ['K'] }, real[1], real[2]],
        },
      }),
    ]);
    // L17 "меняющий ее игрок сам получает утром такой же результат": he is told the answer he hands on.
    expect(messagesTo(r, 'D').filter((m) => m.fact === 'role-request-places')).toEqual([
      told('role-request-places', [], { role: 'doctor', nights: [{ night: 1, places: ['K'] }, ...real.slice(1)] }),
    ]);
    expect(r.ambiguities.map((a) => [a.setting, a.value])).toContainEqual(['forgerAlsoToldTruth', 'no']);
  });

  it('L17 with forgerAlsoToldTruth `yes`: the substituter is told the answer he hands on and the real one beside it, which the Investigator never gets', () => {
    const players = [doctor, blackDetective({ nights: [{ night: 1, places: ['K'] }] }), investigator, ...others];
    const rules = nightRulesFor(withNight(rulesets['russian-004'], { settings: { ...rulesRussian.settings, forgerAlsoToldTruth: 'yes' } }));
    const r = resolve(night(players, [act('A', 'heal', ['C'])], 3), rules);
    expect(messagesTo(r, 'D').filter((m) => m.fact === 'role-request-places')).toEqual([
      told('role-request-places', [], { role: 'doctor', nights: [{ night: 1, places: ['K'] }, ...real.slice(1)] }),
      told('role-request-places', [], { role: 'doctor', nights: real }),
    ]);
    expect(handed(r)).toEqual([
      expect.objectContaining({ value: { role: 'doctor', nights: [{ night: 1, places: ['K'] }, real[1], real[2]] } }),
    ]);
  });

  it('"Разрешено поставить условие для подмены, связанное с настоящим результатом": a condition the real answer does not meet hands on the real one', () => {
    const met = resolve(
      night(
        [doctor, blackDetective({ nights: [{ night: 3, places: [] }], when: [{ night: 3, places: ['C'] }] }), investigator, ...others],
        [act('A', 'heal', ['C'])],
        3,
      ),
    );
    expect(handed(met)[0]).toMatchObject({ value: { nights: [real[0], real[1], { night: 3, places: [] }] } });
    const unmet = resolve(
      night(
        [doctor, blackDetective({ nights: [{ night: 3, places: [] }], when: [{ night: 3, places: ['B'] }] }), investigator, ...others],
        [act('A', 'heal', ['C'])],
        3,
      ),
    );
    expect(handed(unmet)[0]).toMatchObject({ value: { nights: real } });
  });

  it('"Если ход так или иначе сорвется … подмены не будет": a blocked request hands on "информация не предоставляется"', () => {
    const r = resolve(
      night(
        [doctor, blackDetective({ nights: [{ night: 1, places: ['K'] }] }), investigator, red('R1', 'blocker'), ...others],
        [act('R1', 'block', ['D']), act('A', 'heal', ['C'])],
        3,
      ),
    );
    expect(handed(r)).toEqual([expect.objectContaining({ fact: 'role-request-no-info', value: 'doctor' })]);
  });

  it('"…или цель физически не могла его совершить": a place dead at dusk tonight, or a night not yet played, is no substitution', () => {
    const dead = red('R2', 'citizen', { alive: false });
    const r = resolve(
      night(
        [doctor, blackDetective({ nights: [{ night: 3, places: ['R2'] }] }), investigator, dead, ...others],
        [act('A', 'heal', ['C'])],
        3,
      ),
    );
    expect(handed(r)[0]).toMatchObject({ value: { nights: real } });
    const later = resolve(
      night([doctor, blackDetective({ nights: [{ night: 4, places: ['B'] }] }), investigator, ...others], [act('A', 'heal', ['C'])], 3),
    );
    expect(handed(later)[0]).toMatchObject({ value: { nights: real } });
  });

  it('L77 "Комиссар/Детектив - могут подменять информацию, как черные": the Faceless’s Detective may; a red one may not', () => {
    const grey = resolve(
      night(
        [doctor, blackDetective({ nights: [{ night: 1, places: ['K'] }] }, 'grey'), investigator, ...others],
        [act('A', 'heal', ['C'])],
        3,
      ),
    );
    expect(handed(grey)[0]).toMatchObject({ value: { nights: [{ night: 1, places: ['K'] }, real[1], real[2]] } });
    const redDetective = red('D', 'detective', {
      pastMoves: [request(3, 'doctor', { requestForged: { nights: [{ night: 1, places: ['K'] }] } })],
    });
    const r = resolve(night([doctor, redDetective, investigator, ...others], [act('A', 'heal', ['C'])], 3));
    expect(handed(r)[0]).toMatchObject({ value: { nights: real } });
  });

  it('in a played game: the script line `… request-role doctor instead 1=<name> when …`, kept in the game file', () => {
    const script = [
      'ruleset russian-004',
      'player Anna  faction=red    role=doctor',
      'player Boris faction=red    role=citizen',
      'player Dima  faction=mafia  role=detective second=mafia',
      'player Ivan  faction=red    role=investigator',
      'player Vera  faction=red    role=commissar',
      'player Egor  faction=red    role=citizen',
      'player Kolya faction=mafia  role=citizen second=mafia',
      'player Misha faction=maniac role=citizen second=maniac',
      'day 1',
      'night 1',
      '  Anna uses heal Boris',
      '  resolve night',
      'day 2',
      '  Dima uses request-role doctor instead 1=Egor 2=home when 1=Boris',
      'night 2',
      '  Anna uses heal Vera',
      '  resolve night',
      'day 3',
    ].join('\n');
    const played = playText(script);
    const texts = (name: string): string[] =>
      played.phases.flatMap((p) => p.privateMessages).flatMap((m) => (m.to === name ? [m.text] : []));
    // L17: the substituter is told what he hands on.
    expect(texts('Dima')).toContain('Запрос на роль «Доктор»: ночь 1 - ходил к игроку Egor; ночь 2 - сидел дома.');
    expect(texts('Dima')).not.toContain('Запрос на роль «Доктор»: ночь 1 - ходил к игроку Boris; ночь 2 - ходил к игроку Vera.');
    expect(texts('Ivan')).toContain('(от игрока Dima) Запрос на роль «Доктор»: ночь 1 - ходил к игроку Egor; ночь 2 - сидел дома.');
    // The game file keeps the substitution with the move; a corrupt one is refused with its field named.
    const use = played.events.find((e) => e.type === 'action/use' && e.ability === 'request-role');
    const read = json.readJsonText(JSON.stringify(played.events), json.array(json.gameEventReader, { max: 500 }), 'game.json');
    expect(read.ok && read.value).toEqual(played.events);
    const bad = json.readJsonText(
      JSON.stringify({ ...use, requestForged: { nights: [{ night: 0, places: [] }] } }),
      json.gameEventReader,
      'game.json',
    );
    expect(bad.ok).toBe(false);
    // `instead` goes only with a role request that may be substituted.
    const parsed = parseGameScript(script.replace('Anna uses heal Vera', 'Anna uses heal Vera instead 1=Egor'));
    if (!parsed.ok) throw new Error('the script parses');
    const run = playGame(parsed.script, findRuleset('russian-004') ?? rulesets['russian-004']);
    expect(run.ok).toBe(false);
    if (!run.ok)
      expect(run.errors.map((e) => e.message)).toContain('"heal" is no role request that may be substituted: "instead" has nowhere to go');
  });
});
