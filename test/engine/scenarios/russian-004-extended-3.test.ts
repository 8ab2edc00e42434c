/**
 * Seed 004's extended format (../shared/seeds/004_f6d88bc78ab5cdbd.txt L51, L52, L53, L131.3) as the
 * `russian-004-extended` preset: the Poisoner's two targets, the Executioner's two torture targets, the second
 * werewolf's share of the Joker's checks and which werewolf takes up the gun. Each test quotes its seed line; the
 * standard format is checked to stay as it was.
 */
import { describe, expect, it } from 'vitest';
import { createRng, parseRuleset, resolveNight, rulesets, withNight, type NightInput, type NightPlayer } from '../../../src/engine';
import { act, deaths, eventsOf, messagesTo, night, nightRulesFor, player, rulesRussian, statusRulesOf } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const extended = rulesets['russian-004-extended'];
const rulesExtended = nightRulesFor(extended);
const statusRules = statusRulesOf('russian-004-extended');
const resolveIn = (rules: typeof rulesExtended) => (input: NightInput) => resolveNight({ ...input, statusRules }, rules, createRng(4));
const resolveExtended = resolveIn(rulesExtended);
const resolveStandard = resolveIn(rulesRussian);
const withSetting = (settings: Partial<typeof rulesExtended.settings>) =>
  resolveIn(nightRulesFor(withNight(extended, { settings: { ...extended.night?.settings, ...settings } })));

/** A black: a peaceful role with a negative one on top (L81). */
const black = (slotId: string, faction: string, negative: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, 'citizen', faction, { secondRole: negative, ...extra });
const red = (slotId: string, role = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, role, 'red', extra);

const mafia = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia')];
const maniac = black('X', 'maniac', 'maniac');
const joker = black('J', 'werewolf', 'joker');
const poisoner = black('P', 'werewolf', 'poisoner');
const executioner = black('E', 'werewolf', 'executioner');
const reds = [red('R1'), red('R2'), red('R3'), red('R4')];

const refusals = (r: ReturnType<typeof resolveExtended>) => r.refused.map((x) => [x.action.actor, x.reason]);
const statusesApplied = (r: ReturnType<typeof resolveExtended>, id: string) =>
  eventsOf(r, 'status-applied')
    .filter((e) => e.status.id === id)
    .map((e) => e.player)
    .sort();
const poisoned = (by: string, since: number, pair?: string) => ({
  statuses: [{ id: 'poisoned', sinceNight: since, by, ...(pair === undefined ? {} : { with: pair }) }],
});

describe('the extended preset’s new data is valid as a host’s ruleset', () => {
  it('parses back to itself, and a malformed second-target rule or succession is refused naming the field', () => {
    const parsed = parseRuleset(JSON.parse(JSON.stringify(extended)));
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    const night = extended.night;
    const bad = {
      ...extended,
      night: { ...night, blackFormat: { ...night?.blackFormat, killerSuccession: { order: 'joker' } } },
      roles: extended.roles.map((r) =>
        r.id === 'executioner'
          ? {
              ...r,
              abilities: r.abilities.map((a) =>
                a.id === 'torture' && a.night !== undefined ? { ...a, night: { ...a.night, moreTargetsWhen: { untilNight: 0 } } } : a,
              ),
            }
          : r,
      ),
    };
    const refused = parseRuleset(JSON.parse(JSON.stringify(bad)));
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      const text = refused.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n');
      expect(text).toContain('night.blackFormat.killerSuccession.order');
      expect(text).toContain('moreTargetsWhen.untilNight');
    }
  });

  it('lists the two open questions it adds as settings', () => {
    const settings = extended.openQuestions.map((q) => q.setting);
    expect(settings).toContain('night.settings.oneDoseFirstNamedDies');
    expect(settings).toContain('night.settings.pendingPoisonIsSpent');
  });
});

describe('L52 the Poisoner’s two targets in the extended format', () => {
  const table = [...mafia, maniac, joker, poisoner, ...reds];

  it('"отравитель может выбрать две цели за раз, если ему в предыдущую ночь сбили ход…": not without that, nor ever in the standard format', () => {
    const r = resolveExtended(night(table, [act('P', 'poison', ['R1', 'R2'])], 3));
    expect(refusals(r)).toEqual([['P', 'night/wrong-target-count']]);
    const standard = resolveStandard(night(table, [act('P', 'poison', ['R1', 'R2'])], 3));
    expect(refusals(standard)).toEqual([['P', 'night/wrong-target-count']]);
  });

  it('"если ему в предыдущую ночь сбили ход": a blocked poisoning opens two targets for the next night', () => {
    const r = resolveExtended(night([...table, red('B', 'blocker')], [act('B', 'block', ['P']), act('P', 'poison', ['R1'])], 1));
    const granted = eventsOf(r, 'status-applied').filter((e) => e.status.id === 'second-dose');
    expect(granted.map((e) => [e.player, e.status.sinceNight, e.status.untilNight])).toEqual([['P', 1, 2]]);
    expect(granted[0]?.reasons[0]?.message?.code).toBe('night/more-targets-after-failure');
    // A poisoning that went through opens nothing.
    const clean = resolveExtended(night(table, [act('P', 'poison', ['R1'])], 1));
    expect(statusesApplied(clean, 'second-dose')).toEqual([]);
    // The standard format has no second target to open.
    const standard = resolveStandard(night([...table, red('B', 'blocker')], [act('B', 'block', ['P']), act('P', 'poison', ['R1'])], 1));
    expect(statusesApplied(standard, 'second-dose')).toEqual([]);
  });

  it('"…или если от яда умер черный/безликий": a black dead of his poison opens two targets, a red one does not', () => {
    const blackVictim = table.map((p) => (p.slotId === 'M2' ? { ...p, ...poisoned('P', 1) } : p));
    const r = resolveExtended(night(blackVictim, [], 2));
    expect(deaths(r)).toEqual(['M2']);
    expect(statusesApplied(r, 'second-dose')).toEqual(['P']);
    const redVictim = table.map((p) => (p.slotId === 'R1' ? { ...p, ...poisoned('P', 1) } : p));
    const red2 = resolveExtended(night(redVictim, [], 2));
    expect(deaths(red2)).toEqual(['R1']);
    expect(statusesApplied(red2, 'second-dose')).toEqual([]);
  });

  it('with the right open, both targets are poisoned by the normal poison mechanics (a Doctor’s target is not)', () => {
    const ready = table.map((p) =>
      p.slotId === 'P' ? { ...p, statuses: [{ id: 'second-dose', sinceNight: 2, untilNight: 3, by: 'P' }] } : p,
    );
    const r = resolveExtended(night(ready, [act('P', 'poison', ['R1', 'R2'])], 3));
    expect(refusals(r)).toEqual([]);
    expect(statusesApplied(r, 'poisoned')).toEqual(['R1', 'R2']);
    // The first named carries the other's id: one dose.
    const first = eventsOf(r, 'status-applied').find((e) => e.player === 'R1' && e.status.id === 'poisoned');
    expect(first?.status.with).toBe('R2');
    const doctor = resolveExtended(night([...ready, red('D', 'doctor')], [act('D', 'heal', ['R1']), act('P', 'poison', ['R1', 'R2'])], 3));
    expect(statusesApplied(doctor, 'poisoned')).toEqual(['R2']);
    // The right lasts one night.
    const late = resolveExtended(night(ready, [act('P', 'poison', ['R1', 'R2'])], 4));
    expect(refusals(late)).toEqual([['P', 'night/wrong-target-count']]);
  });

  it('"но в итоге умрет только одна из них - в случае выбора приоритет отдается красному": the red dies, the black is spared', () => {
    for (const [first, second] of [
      ['R1', 'M1'],
      ['M1', 'R1'],
    ] as const) {
      const dosed = table.map((p) =>
        p.slotId === first ? { ...p, ...poisoned('P', 3, second) } : p.slotId === second ? { ...p, ...poisoned('P', 3) } : p,
      );
      const r = resolveExtended(night(dosed, [], 4));
      expect(deaths(r), `${first} named first`).toEqual(['R1']);
      const cleared = eventsOf(r, 'status-cleared').filter((e) => e.player === 'M1');
      expect(cleared.map((e) => e.reasons[0]?.message?.code)).toEqual(['night/one-dose-spared']);
      expect(r.ambiguities.map((a) => a.setting)).not.toContain('oneDoseFirstNamedDies');
    }
  });

  it('two of one colour: the first named dies (open question `oneDoseFirstNamedDies`, reported); "no" kills the second', () => {
    const dosed = table.map((p) =>
      p.slotId === 'R1' ? { ...p, ...poisoned('P', 3, 'R2') } : p.slotId === 'R2' ? { ...p, ...poisoned('P', 3) } : p,
    );
    const r = resolveExtended(night(dosed, [], 4));
    expect(deaths(r)).toEqual(['R1']);
    expect(r.ambiguities.filter((a) => a.setting === 'oneDoseFirstNamedDies').map((a) => a.value)).toEqual(['yes']);
    const second = withSetting({ oneDoseFirstNamedDies: 'no' })(night(dosed, [], 4));
    expect(deaths(second)).toEqual(['R2']);
  });

  it('a Doctor who cures one of the two leaves the dose to the other, who dies', () => {
    const dosed = [
      ...table.map((p) =>
        p.slotId === 'R1' ? { ...p, ...poisoned('P', 3, 'R2') } : p.slotId === 'R2' ? { ...p, ...poisoned('P', 3) } : p,
      ),
      red('D', 'doctor'),
    ];
    const r = resolveExtended(night(dosed, [act('D', 'heal', ['R1'])], 4));
    expect(deaths(r)).toEqual(['R2']);
  });
});

describe('L53 the Executioner’s two torture targets in the extended format', () => {
  const table = [...mafia, maniac, joker, executioner, ...reds];

  it('"В расширенном формате разрешено выбирать по две цели в первую и вторую ночь": both taken into the chamber on nights 1 and 2', () => {
    for (const n of [1, 2]) {
      const r = resolveExtended(night(table, [act('E', 'torture', ['R1', 'R2'])], n));
      expect(refusals(r), `night ${n}`).toEqual([]);
      expect(statusesApplied(r, 'tortured'), `night ${n}`).toEqual(['R1', 'R2']);
      expect(
        messagesTo(r, 'E')
          .filter((m) => m.fact === 'roles-learnt')
          .map((m) => m.about),
      ).toEqual([['R1'], ['R2']]);
    }
  });

  it('from night 3 one target again, and the standard format never takes two', () => {
    expect(refusals(resolveExtended(night(table, [act('E', 'torture', ['R1', 'R2'])], 3)))).toEqual([['E', 'night/wrong-target-count']]);
    expect(refusals(resolveStandard(night(table, [act('E', 'torture', ['R1', 'R2'])], 1)))).toEqual([['E', 'night/wrong-target-count']]);
  });

  it('each target is taken as by a move of its own: a Blocker-protected one is not, the other is', () => {
    const r = resolveExtended(night([...table, red('B', 'blocker')], [act('B', 'protect', ['R1']), act('E', 'torture', ['R1', 'R2'])], 1));
    expect(statusesApplied(r, 'tortured')).toEqual(['R2']);
  });
});

describe('L51 the second werewolf’s share of the Joker’s checks', () => {
  const table = [...mafia, maniac, joker, poisoner, ...reds];
  const forwarded = (r: ReturnType<typeof resolveExtended>, to: string) =>
    messagesTo(r, to).filter((m) => m.fact === 'forwarded-result' && m.about.includes('J'));

  it('"В расширенном формате информацию джокера также получает второй оборотень"', () => {
    const r = resolveExtended(night(table, [act('J', 'flip-check', ['R1'])], 3));
    expect(forwarded(r, 'P')).toHaveLength(1);
    // The killers still get it (L51 "доступна мафии и маньяку").
    expect(forwarded(r, 'M1')).toHaveLength(1);
    // A red gets nothing.
    expect(forwarded(r, 'R2')).toEqual([]);
  });

  it('the standard format keeps it to the Mafia and the Maniac', () => {
    const r = resolveStandard(night(table, [act('J', 'flip-check', ['R1'])], 3));
    expect(forwarded(r, 'P')).toEqual([]);
    expect(forwarded(r, 'M1')).toHaveLength(1);
  });
});

describe('L131.3 which werewolf becomes the killer', () => {
  const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });
  const lastTwo = (...wolves: NightPlayer[]) => [...mafia.map(dead), dead(maniac), ...wolves, ...reds];
  const guns = (r: ReturnType<typeof resolveExtended>) => ({ accepted: r.accepted.map((a) => a.actor), refused: refusals(r) });

  it('"Если отравитель еще может кого-либо отравить, то приоритет: джокер > экзекутор > отравитель": the Joker before the Poisoner', () => {
    const r = resolveExtended(night(lastTwo(joker, poisoner), [act('J', 'gun', ['R1']), act('P', 'gun', ['R2'])], 5));
    expect(guns(r)).toEqual({ accepted: ['J'], refused: [['P', 'night/not-available']] });
    expect(deaths(r)).toEqual(['R1']);
    expect(r.ambiguities.filter((a) => a.setting === 'pendingPoisonIsSpent').map((a) => a.value)).toEqual(['no']);
  });

  it('"джокер > экзекутор": the Joker before the Executioner; "экзекутор > отравитель": the Executioner before the Poisoner', () => {
    const je = resolveExtended(night(lastTwo(joker, executioner), [act('J', 'gun', ['R1']), act('E', 'gun', ['R2'])], 5));
    expect(guns(je).accepted).toEqual(['J']);
    // No Poisoner left: the open question of his limit is not reached.
    expect(je.ambiguities.map((a) => a.setting)).not.toContain('pendingPoisonIsSpent');
    const ep = resolveExtended(night(lastTwo(executioner, poisoner), [act('E', 'gun', ['R1']), act('P', 'gun', ['R2'])], 5));
    expect(guns(ep).accepted).toEqual(['E']);
  });

  it('"новым киллером станет отравитель, если исчерпал лимит отравлений": with the setting `pendingPoisonIsSpent` = yes, a Poisoner whose victim still lives goes first', () => {
    const victimAlive = lastTwo(joker, poisoner).map((p) => (p.slotId === 'R3' ? { ...p, ...poisoned('P', 4) } : p));
    const actions = [act('J', 'gun', ['R1']), act('P', 'gun', ['R2'])];
    expect(guns(resolveExtended(night(victimAlive, actions, 5))).accepted).toEqual(['J']);
    const spent = withSetting({ pendingPoisonIsSpent: 'yes' })(night(victimAlive, actions, 5));
    expect(guns(spent).accepted).toEqual(['P']);
    expect(spent.ambiguities.filter((a) => a.setting === 'pendingPoisonIsSpent').map((a) => a.value)).toEqual(['yes']);
  });

  it('while another black lives nobody takes the gun; the standard format keeps both guns closed', () => {
    const withManiac = [...mafia.map(dead), maniac, joker, poisoner, ...reds];
    const r = resolveExtended(night(withManiac, [act('J', 'gun', ['R1'])], 5));
    expect(guns(r).refused).toEqual([['J', 'night/not-available']]);
    const standard = resolveStandard(night(lastTwo(joker, poisoner), [act('J', 'gun', ['R1']), act('P', 'gun', ['R2'])], 5));
    expect(guns(standard).accepted).toEqual([]);
  });
});

describe('a played extended game carries the second target from night to night (L52, L53)', () => {
  const played = playText(
    [
      'ruleset russian-004-extended',
      'seed 4',
      ...['Vera commissar', 'Anna doctor', 'Bella blocker', 'Boris citizen', 'Ilya citizen', 'Oleg citizen', 'Dima citizen'].map(
        (x) => `player ${x.split(' ')[0] ?? ''} faction=red role=${x.split(' ')[1] ?? ''}`,
      ),
      'player Kolya faction=mafia role=citizen second=mafia',
      'player Lena faction=mafia role=citizen second=mafia',
      'player Misha faction=maniac role=citizen second=maniac',
      'player Pasha faction=werewolf role=citizen second=poisoner',
      'player Egor faction=werewolf role=citizen second=executioner',
      'day 1',
      'night 1',
      '  Bella uses block Pasha',
      '  Pasha uses poison Boris',
      '  Egor uses torture Vera Dima',
      '  resolve night',
      '  expect status Pasha second-dose',
      '  expect status Vera tortured',
      '  expect status Dima tortured',
      'day 2',
      'night 2',
      '  Pasha uses poison Boris Ilya',
      '  resolve night',
      '  expect status Boris poisoned',
      '  expect status Ilya poisoned',
      'day 3',
      '  expect status Pasha not second-dose',
      'night 3',
      '  resolve night',
      '  expect dead Boris',
      '  expect alive Ilya',
      '  expect status Ilya not poisoned',
      'day 4',
    ].join('\n'),
  );

  it('"если ему в предыдущую ночь сбили ход" … "умрет только одна из них": blocked on night 1, two poisoned on night 2, one dead on night 3', () => {
    expect(failedExpectations(played)).toEqual([]);
    const n2 = played.phases[3]?.night;
    expect(n2?.refused).toEqual([]);
    const n3 = played.phases[5]?.night;
    expect(n3?.ambiguities.map((a) => a.setting)).toContain('oneDoseFirstNamedDies');
  });
});

describe('L131.3 with L15: the successor werewolf has the killer’s access by day too', () => {
  const game = (ruleset: string, ...day3: string[]) =>
    playText(
      [
        `ruleset ${ruleset}`,
        'seed 4',
        ...['Vera', 'Olga', 'Boris', 'Ilya', 'Oleg'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'player Jora faction=werewolf role=citizen second=joker',
        'player Pasha faction=werewolf role=citizen second=poisoner',
        'day 1',
        'night 1',
        '  kill Kolya : night-kill',
        '  kill Misha : night-kill',
        'day 2',
        'night 2',
        'day 3',
        ...day3,
      ].join('\n'),
    );

  it('"Оборотень имеет право на очернение только тогда, когда в полной мере получает доступ к выстрелу киллера": the Joker blackens, the Poisoner does not', () => {
    expect(failedExpectations(game('russian-004-extended', '  Jora uses blacken Olga', '  expect status Olga blackened'))).toEqual([]);
    expect(failedExpectations(game('russian-004-extended', '  Pasha uses blacken Boris', '  expect status Boris not blackened'))).toEqual(
      [],
    );
  });

  it('the standard format gives neither of two werewolves the gun, so neither blackens', () => {
    expect(failedExpectations(game('russian-004', '  Jora uses blacken Olga', '  expect status Olga not blackened'))).toEqual([]);
  });
});
