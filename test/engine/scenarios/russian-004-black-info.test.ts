/**
 * Seed 004 (../shared/seeds/004_f6d88bc78ab5cdbd.txt): the information roles held by a black (L85 Commissar, L86
 * Detective) or by the Faceless (L77), what they learn and what the Investigator is handed of their results; and the
 * Detective's priority of the negative role's moves they rest on (L7). Each test quotes the seed line.
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
} from '../../../src/engine';
import { act, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import type { PlayResult } from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput) => resolveNight({ ...input, statusRules }, rulesRussian, createRng(4));
const black = (slotId: string, peaceful: string, faction = 'mafia', negative = faction, extra: Partial<NightPlayer> = {}) =>
  player(slotId, peaceful, faction, { secondRole: negative, ...extra });
const red = (slotId: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, peaceful, 'red', extra);
const blackened = { statuses: [{ id: 'blackened', sinceNight: 1 }] };

const mafia = [black('M1', 'citizen'), black('M2', 'citizen')];
const maniac = black('X', 'citizen', 'maniac');
const investigator = red('I', 'investigator');

/** What the Investigator is handed, as the inner facts of his forwarded results. */
const handed = (r: ReturnType<typeof resolve>, to = 'I') =>
  messagesTo(r, to).flatMap((m) => (m.fact === 'forwarded-result' ? [told(m.value.fact, m.value.about, m.value.value as never)] : []));

/** A player's PMs of a night, in Russian, with the preset's Russian role names. */
const pmsRu = (r: ReturnType<typeof resolve>, to: string): string[] => {
  const preset = rulesets['russian-004'];
  const names = nightResultNames(
    r.events.flatMap((e) => ('player' in e ? [{ id: e.player, name: e.player }] : [])),
    {
      roles: preset.roles.map((x) => ({ id: x.id, name: x.names?.ru ?? x.name })),
      ...(preset.night ? { verdicts: preset.night.verdicts } : {}),
    },
  );
  return eventsOf(r, 'message')
    .filter((e) => e.to === to)
    .map((e) => renderNightResult(e.result, names, 'ru'));
};

describe('L85 black Commissar (Комиссар)', () => {
  const commissar = black('C', 'commissar', 'maniac', 'maniac');

  it('"сразу узнает был ли полученный черный чек ложным": a blackened red checks black, and he learns it is false', () => {
    const r = resolve(night([...mafia, commissar, red('R1', 'citizen', blackened), red('R2')], [act('C', 'check', ['R1'])], 1));
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['R1'], true), told('check-false-black', ['R1'], true)]);
    expect(pmsRu(r, 'C')[1]).toBe('Черный чек игрока R1 ложный.');
  });

  it('a true black check is told true; a red check tells nothing more', () => {
    const onBlack = resolve(night([...mafia, commissar, red('R1'), red('R2')], [act('C', 'check', ['M1'])], 1));
    expect(messagesTo(onBlack, 'C')).toEqual([told('alignment-check', ['M1'], true), told('check-false-black', ['M1'], false)]);
    expect(pmsRu(onBlack, 'C')[1]).toBe('Черный чек игрока M1 настоящий.');
    const onRed = resolve(night([...mafia, commissar, red('R1'), red('R2')], [act('C', 'check', ['R1'])], 1));
    expect(messagesTo(onRed, 'C')).toEqual([told('alignment-check', ['R1'], false)]);
  });

  it('a red Commissar gets the black check alone (the knowledge is the black variant’s)', () => {
    const r = resolve(night([...mafia, red('C', 'commissar'), red('R1', 'citizen', blackened), red('R2')], [act('C', 'check', ['R1'])], 1));
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['R1'], true)]);
  });

  it('"Имеет право подменить чек следователя, то есть может заранее указать ведущему цвет чека, который тот получит утром"', () => {
    const r = resolve(
      night(
        [...mafia, commissar, investigator, red('R1'), red('R2')],
        [act('C', 'check', ['M1'], undefined, { forged: { value: false } })],
        1,
      ),
    );
    // The Investigator is handed the red the Commissar named; L17: the Commissar himself is told the same
    // (russian-004-forged-play.test.ts).
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['M1'], false)]);
    expect(handed(r)).toEqual([told('alignment-check', ['M1'], false)]);
  });

  it('"Разрешено поставить условие для подмены, связанное с настоящим результатом": the forgery stands only when the real colour is the one named', () => {
    // "if the check is black, hand the Investigator red"
    const ifBlack = { forged: { value: false, when: true } };
    const met = resolve(
      night([...mafia, commissar, investigator, red('R1'), red('R2')], [act('C', 'check', ['M2'], undefined, ifBlack)], 1),
    );
    expect(handed(met)).toEqual([told('alignment-check', ['M2'], false)]);
    const unmet = resolve(
      night([...mafia, commissar, investigator, red('R1'), red('R2')], [act('C', 'check', ['R1'], undefined, ifBlack)], 1),
    );
    expect(handed(unmet)).toEqual([told('alignment-check', ['R1'], false)]);
    const because = eventsOf(unmet, 'message')
      .filter((e) => e.to === 'I')
      .flatMap((e) => e.reasons.map((x) => x.message?.code));
    expect(because).toContain('night/forged-condition-unmet');
  });

  it('"Если ход так или иначе сорвется, подмены не будет": a blocked check hands the Investigator nothing to forge', () => {
    const r = resolve(
      night(
        [...mafia, commissar, investigator, red('B', 'blocker'), red('R1')],
        [act('B', 'block', ['C']), act('C', 'check', ['M1'], undefined, { forged: { value: false } })],
        1,
      ),
    );
    expect(messagesTo(r, 'C').filter((m) => m.fact === 'alignment-check')).toEqual([]);
    // He is handed the block the Commissar was told of, and no colour.
    expect(handed(r)).toEqual([told('action-stopped', [], 'blocker')]);
  });

  it('a red Commissar’s substitution is not his to make: the Investigator gets the real colour', () => {
    const r = resolve(
      night(
        [...mafia, red('C', 'commissar'), investigator, red('R1')],
        [act('C', 'check', ['M1'], undefined, { forged: { value: false } })],
        1,
      ),
    );
    expect(handed(r)).toEqual([told('alignment-check', ['M1'], true)]);
  });
});

describe('L7 Detective (Детектив): the negative role first', () => {
  // A black Doctor heals one player and shoots another on his side's night.
  const blackDoctor = black('K', 'doctor');
  it('"Если совершено действие одновременно за мирную и негативную роль, то по приоритету отслеживается негативная"', () => {
    const tracked = resolve(
      night(
        [blackDoctor, black('M2', 'citizen'), red('E', 'detective'), red('R1'), red('R2')],
        [act('K', 'heal', ['R1']), act('K', 'kill', ['R2']), act('E', 'track', ['K'])],
        1,
      ),
    );
    expect(messagesTo(tracked, 'E')).toEqual([told('target-visits', ['K'], ['R2'])]);
  });
  it('a peaceful move alone is tracked as before', () => {
    const r = resolve(
      night(
        [blackDoctor, black('M2', 'citizen'), red('E', 'detective'), red('R1')],
        [act('K', 'heal', ['R1']), act('E', 'track', ['K'])],
        1,
      ),
    );
    expect(messagesTo(r, 'E')).toEqual([told('target-visits', ['K'], ['R1'])]);
  });
});

describe('L86 black Detective (Детектив)', () => {
  const blackDoctor = black('K', 'doctor');
  const detective = black('E', 'detective', 'maniac', 'maniac');
  const both = [act('K', 'heal', ['R1']), act('K', 'kill', ['R2'])];

  it('"чекает за раз мирную и негативную роль, но следователю передает стандартный результат"', () => {
    const r = resolve(
      night([blackDoctor, black('M2', 'citizen'), detective, investigator, red('R1'), red('R2')], [...both, act('E', 'track', ['K'])], 1),
    );
    expect(messagesTo(r, 'E')).toEqual([told('target-visits', ['K'], ['R1', 'R2'])]);
    expect(handed(r)).toEqual([told('target-visits', ['K'], ['R2'])]);
  });

  it('"Имеет право подменить данные следователя - может заранее указать ведущему местонахождение цели"', () => {
    const r = resolve(
      night(
        [...mafia, detective, investigator, red('R1'), red('R2')],
        [act('M1', 'kill', ['R1']), act('E', 'track', ['M1'], undefined, { forged: { value: [] } })],
        1,
      ),
    );
    // L17: the Detective is told what he handed on (russian-004-forged-play.test.ts).
    expect(messagesTo(r, 'E')).toEqual([told('target-visits', ['M1'], [])]);
    // The Investigator reads "сидел дома".
    expect(handed(r)).toEqual([told('target-visits', ['M1'], [])]);
  });

  it('"Разрешено поставить условие для подмены, связанное с настоящим результатом": only if the target stayed home', () => {
    const ifHome = { forged: { value: ['R2'], when: [] } };
    const home = resolve(
      night([...mafia, detective, investigator, red('R1'), red('R2')], [act('E', 'track', ['M1'], undefined, ifHome)], 1),
    );
    expect(handed(home)).toEqual([told('target-visits', ['M1'], ['R2'])]);
    const out = resolve(
      night(
        [...mafia, detective, investigator, red('R1'), red('R2')],
        [act('M1', 'kill', ['R1']), act('E', 'track', ['M1'], undefined, ifHome)],
        1,
      ),
    );
    expect(handed(out)).toEqual([told('target-visits', ['M1'], ['R1'])]);
  });

  it('"Если ход так или иначе сорвется или цель физически не могла его совершить, подмены не будет"', () => {
    const dead = red('R3', 'citizen', { alive: false });
    // A dead player is no place his target could have gone to.
    const r = resolve(
      night([...mafia, detective, investigator, red('R1'), dead], [act('E', 'track', ['M1'], undefined, { forged: { value: ['R3'] } })], 1),
    );
    expect(handed(r)).toEqual([told('target-visits', ['M1'], [])]);
    // A blocked track hands nothing on.
    const blocked = resolve(
      night(
        [...mafia, detective, investigator, red('B', 'blocker'), red('R1')],
        [act('B', 'block', ['E']), act('E', 'track', ['M1'], undefined, { forged: { value: ['R1'] } })],
        1,
      ),
    );
    // L7: the Investigator is handed the blocked track's "информация не предоставляется" (russian-004-detective.test.ts).
    expect(handed(blocked)).toEqual([told('track-no-info', ['M1'], null)]);
  });
});

describe('L77 the Faceless’s Commissar and Detective', () => {
  it('"Комиссар/Детектив - могут подменять информацию, как черные": the grey Commissar hands the Investigator the colour he names', () => {
    const grey = player('F', 'commissar', 'grey', { secondRole: 'faceless' });
    const r = resolve(
      night([...mafia, grey, investigator, red('R1')], [act('F', 'check', ['M1'], undefined, { forged: { value: false } })], 1),
    );
    // L17: he is told what he handed on.
    expect(messagesTo(r, 'F')).toEqual([told('alignment-check', ['M1'], false)]);
    expect(handed(r)).toEqual([told('alignment-check', ['M1'], false)]);
  });
  it('the grey Detective forges a location; he does not learn a false black (that is L85’s, the black’s) nor see both roles', () => {
    const grey = player('F', 'detective', 'grey', { secondRole: 'faceless' });
    const r = resolve(
      night(
        [black('K', 'doctor'), black('M2', 'citizen'), maniac, grey, investigator, red('R1'), red('R2')],
        [act('K', 'heal', ['R1']), act('K', 'kill', ['R2']), act('F', 'track', ['K'], undefined, { forged: { value: ['R1'] } })],
        1,
      ),
    );
    // He sees the negative role's move alone (the standard track); L17: he is told the place he handed on.
    expect(messagesTo(r, 'F')).toEqual([told('target-visits', ['K'], ['R1'])]);
    expect(handed(r)).toEqual([told('target-visits', ['K'], ['R1'])]);
    const commissar = player('G', 'commissar', 'grey', { secondRole: 'faceless' });
    const check = resolve(night([...mafia, commissar, red('R1', 'citizen', blackened)], [act('G', 'check', ['R1'])], 1));
    expect(messagesTo(check, 'G')).toEqual([told('alignment-check', ['R1'], true)]);
  });
});

describe('L7 Detective (Детектив): the peaceful-role check and a killed target', () => {
  const blackDoctor = black('K', 'doctor');
  it('"Имеет право прочекать не ходы у выбранного игрока, а именно его мирную роль - детектив узнает ее утром без информации о ходах"', () => {
    const r = resolve(
      night(
        [blackDoctor, black('M2', 'citizen'), red('E', 'detective'), investigator, red('R1')],
        [act('K', 'heal', ['R1']), act('E', 'check-role', ['K'])],
        1,
      ),
    );
    expect(messagesTo(r, 'E')).toEqual([told('roles-learnt', ['K'], ['doctor'])]);
    expect(pmsRu(r, 'E')).toEqual(['Роль игрока K: Доктор.']);
    expect(handed(r)).toEqual([told('roles-learnt', ['K'], ['doctor'])]);
  });
  it('the role check and the track are one move a night: the later PM stands', () => {
    const r = resolve(
      night(
        [blackDoctor, black('M2', 'citizen'), red('E', 'detective'), red('R1')],
        [act('K', 'heal', ['R1']), act('E', 'track', ['K']), act('E', 'check-role', ['K'])],
        1,
      ),
    );
    expect(messagesTo(r, 'E')).toEqual([told('roles-learnt', ['K'], ['doctor'])]);
  });
  it('"Если следил ночью за убитым игроком, то узнает его цвет, как если бы убил его сам"', () => {
    const r = resolve(
      night([...mafia, red('E', 'detective'), red('R1'), red('R2')], [act('M1', 'kill', ['R1']), act('E', 'track', ['R1'])], 1),
    );
    expect(messagesTo(r, 'E')).toEqual([told('target-visits', ['R1'], []), told('team-learnt', ['R1'], false)]);
    // A tracked player who lived tells no colour.
    const alive = resolve(
      night([...mafia, red('E', 'detective'), red('R1'), red('R2')], [act('M1', 'kill', ['R1']), act('E', 'track', ['R2'])], 1),
    );
    expect(messagesTo(alive, 'E')).toEqual([told('target-visits', ['R2'], [])]);
  });
});

describe('L7 Detective: the names of his own visitors while tracking', () => {
  it('"В случае слежки … дополнительно может увидеть имена тех, кто заходил к детективу ночью", told to him alone', () => {
    const r = resolve(
      night(
        [...mafia, red('E', 'detective'), red('D', 'doctor'), investigator, red('R1')],
        [act('D', 'heal', ['E']), act('E', 'track', ['M1'])],
        1,
      ),
    );
    expect(messagesTo(r, 'E')).toEqual([told('target-visits', ['M1'], []), told('visited-by', ['E'], ['D'])]);
    expect(handed(r)).toEqual([told('target-visits', ['M1'], [])]);
  });
  it('not in his role-check mode', () => {
    const r = resolve(
      night([...mafia, red('E', 'detective'), red('D', 'doctor'), red('R1')], [act('D', 'heal', ['E']), act('E', 'check-role', ['M1'])], 1),
    );
    expect(messagesTo(r, 'E')).toEqual([told('roles-learnt', ['M1'], ['citizen'])]);
  });
});

describe('L86 black Detective: the role check, and the open question of his modes', () => {
  const blackDoctor = black('K', 'doctor');
  const detective = black('E', 'detective', 'maniac', 'maniac');
  const players = [blackDoctor, black('M2', 'citizen'), detective, investigator, red('R1'), red('R2')];
  it('"чекает за раз мирную и негативную роль, но следователю передает стандартный результат": his role check shows both', () => {
    const r = resolve(night(players, [act('E', 'check-role', ['K'])], 1));
    expect(messagesTo(r, 'E')).toEqual([told('roles-learnt', ['K'], ['doctor', 'mafia'])]);
    expect(handed(r)).toEqual([told('roles-learnt', ['K'], ['doctor'])]);
    expect(r.ambiguities.map((a) => [a.setting, a.value])).toEqual([['blackDetectiveBothRoles', 'both']]);
  });
  it('setting blackDetectiveBothRoles: `track` keeps his role check standard, `role-check` his track', () => {
    const withSetting = (value: 'track' | 'role-check') => ({
      ...rulesRussian,
      settings: { ...rulesRussian.settings, blackDetectiveBothRoles: value },
    });
    const run = (value: 'track' | 'role-check', actions: Parameters<typeof night>[1]) =>
      resolveNight({ ...night(players, actions, 1), statusRules }, withSetting(value), createRng(4));
    const roleCheck = [act('E', 'check-role', ['K'])];
    const track = [act('K', 'heal', ['R1']), act('K', 'kill', ['R2']), act('E', 'track', ['K'])];
    expect(messagesTo(run('track', roleCheck), 'E')).toEqual([told('roles-learnt', ['K'], ['doctor'])]);
    expect(messagesTo(run('track', track), 'E')).toEqual([told('target-visits', ['K'], ['R1', 'R2'])]);
    expect(messagesTo(run('role-check', roleCheck), 'E')).toEqual([told('roles-learnt', ['K'], ['doctor', 'mafia'])]);
    expect(messagesTo(run('role-check', track), 'E')).toEqual([told('target-visits', ['K'], ['R2'])]);
    expect(run('role-check', track).ambiguities.map((a) => [a.setting, a.value])).toEqual([['blackDetectiveBothRoles', 'role-check']]);
  });
  it('a red target’s role check shows the one role and reports nothing', () => {
    const r = resolve(night(players, [act('E', 'check-role', ['R1'])], 1));
    expect(messagesTo(r, 'E')).toEqual([told('roles-learnt', ['R1'], ['citizen'])]);
    expect(r.ambiguities).toEqual([]);
  });
});

describe('L8 Investigator (Следователь): verifying the Commissar’s checks', () => {
  const roster = [
    'ruleset russian-004',
    'player Anna  faction=red    role=citizen',
    'player Boris faction=red    role=citizen',
    'player Vera  faction=red    role=commissar',
    'player Ivan  faction=red    role=investigator',
    'player Dasha faction=red    role=citizen',
    'player Egor  faction=red    role=citizen',
    'player Kolya faction=mafia  role=citizen second=mafia',
    'player Lena  faction=mafia  role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
  ];
  const toldOf = (played: PlayResult, name: string, fact: string): unknown[] =>
    played.phases
      .flatMap((p) => p.privateMessages)
      .filter((m) => m.to === name && m.result?.fact === fact)
      .map((m) => m.result);

  it('"Имеет возможность самостоятельно проверять ранее полученные от комиссара чеки": the exact colour comes the morning after', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        '  Anna votes Egor; Boris votes Egor',
        'night 1',
        '  Vera uses check Kolya',
        '  resolve night',
        'day 2',
        '  Ivan uses verify-check Kolya',
        '  Anna votes Lena',
        'night 2',
        '  resolve night',
        'day 3',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(toldOf(played, 'Ivan', 'forwarded-result')).toContainEqual(expect.objectContaining({ about: ['Vera'] }));
    expect(toldOf(played, 'Ivan', 'check-verified')).toEqual([expect.objectContaining({ about: [expect.any(String)], value: true })]);
  });

  it('a check he was never handed may not be verified', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        '  Anna votes Egor; Boris votes Egor',
        'night 1',
        '  resolve night',
        'day 2',
        '  Ivan uses verify-check Kolya',
        '  Anna votes Lena',
        'night 2',
        '  resolve night',
        'day 3',
      ].join('\n'),
    );
    expect(toldOf(played, 'Ivan', 'check-verified')).toEqual([]);
  });
});
