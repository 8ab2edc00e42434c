/**
 * Seed 004's extended format (расширенный формат, ../shared/seeds/004_f6d88bc78ab5cdbd.txt L131, L55, L66, L163)
 * as the `russian-004-extended` preset: each test quotes the seed line it implements, and the standard format
 * is checked to stay as it was.
 */
import { describe, expect, it } from 'vitest';
import { createRng, parseRuleset, resolveNight, rulesets, type NightInput, type NightPlayer } from '../../../src/engine';
import { act, deaths, eventsOf, night, nightRulesFor, player, rulesRussian, statusRulesOf } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const extended = rulesets['russian-004-extended'];
const rulesExtended = nightRulesFor(extended);
const statusRules = statusRulesOf('russian-004-extended');
const resolveIn = (rules: typeof rulesExtended) => (input: NightInput) => resolveNight({ ...input, statusRules }, rules, createRng(4));
const resolveExtended = resolveIn(rulesExtended);
const resolveStandard = resolveIn(rulesRussian);

/** A black: a peaceful role with a negative one on top (L81). */
const black = (slotId: string, faction: string, negative: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, 'citizen', faction, { secondRole: negative, ...extra });
const red = (slotId: string) => player(slotId, 'citizen', 'red');

const mafia = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia')];
const maniac = black('X', 'maniac', 'maniac');
const werewolves = [black('W1', 'werewolf', 'joker'), black('W2', 'werewolf', 'poisoner')];
const reds = [red('R1'), red('R2'), red('R3'), red('R4')];
const table = [...mafia, maniac, ...werewolves, ...reds];
const refusedOf = (r: ReturnType<typeof resolveExtended>) => r.refused.map((x) => x.action.actor);

describe('the extended format is a preset a host picks (L131)', () => {
  it('is listed beside the standard format, named in Russian and English, and valid by the checks a host’s ruleset goes through', () => {
    expect(extended.id).toBe('russian-004-extended');
    expect(extended.name).toBe('Russian forum Mafia, extended format (16 players)');
    expect(extended.names?.ru).toBe('Русская форумная мафия, расширенный формат (16 игроков)');
    const parsed = parseRuleset(JSON.parse(JSON.stringify(extended)));
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    if (parsed.ok) expect(parsed.ruleset).toEqual(extended);
  });

  it('a ruleset with a malformed extended-format section is refused, naming the field', () => {
    const bad = { ...extended, night: { ...extended.night, blackFormat: { commonNights: -1, blackOnBlackCap: { nights: 2 } } } };
    const parsed = parseRuleset(JSON.parse(JSON.stringify(bad)));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      const paths = parsed.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('\n');
      expect(paths).toContain('night.blackFormat.commonNights');
      expect(paths).toContain('night.blackFormat.blackOnBlackCap.deaths');
    }
  });
});

describe('L131.4 common nights', () => {
  it('"Первая и вторая ночь считаются общими ночами для мафии и маньяка, поэтому они ходят одновременно": both sides shoot on nights 1 and 2', () => {
    for (const n of [1, 2]) {
      const r = resolveExtended(night(table, [act('M1', 'kill', ['R1']), act('X', 'kill', ['R2'])], n));
      expect(refusedOf(r), `night ${n}`).toEqual([]);
      expect(deaths(r), `night ${n}`).toEqual(['R1', 'R2']);
    }
  });

  it('"но внутренний порядок ходов киллеров не меняется": on night 2 the Maniac still shoots first (a shared target dies of his shot)', () => {
    const r = resolveExtended(night(table, [act('M1', 'kill', ['R1']), act('X', 'kill', ['R1'])], 2));
    const death = eventsOf(r, 'death').find((e) => e.player === 'R1');
    expect(death?.by).toEqual(['X']);
  });

  it('from night 3 the sides take turns again (odd nights the Mafia’s)', () => {
    const r = resolveExtended(night(table, [act('M1', 'kill', ['R1']), act('X', 'kill', ['R2'])], 3));
    expect(refusedOf(r)).toEqual(['X']);
    expect(deaths(r)).toEqual(['R1']);
  });
});

describe('L131.5 the black-death cap of the first two nights', () => {
  it('"В первые две ночи суммарно не может умереть больше одного черного от негативного хода киллера другого черного … этот ход будет пропущен, при этом запасного выстрела на следующую ночь для него не будет"', () => {
    const r = resolveExtended(night(table, [act('M1', 'kill', ['W1']), act('X', 'kill', ['W2'])], 1));
    expect(deaths(r)).toEqual(['W1']);
    // The Maniac's skipped shot is spent; the Mafia's shot that killed a black comes back (L2).
    expect(r.reserveKills['maniac'] ?? 0).toBe(0);
    expect(r.reserveKills['mafia']).toBe(1);
    const skipped = eventsOf(r, 'nullified').filter((e) => e.player === 'X');
    expect(skipped.map((e) => e.reasons[0]?.message?.code)).toEqual(['night/black-death-cap']);
  });

  it('"суммарно": a black killed by a black on night 1 leaves no room on night 2', () => {
    const afterNight1 = table.map((p) => (p.slotId === 'W1' ? { ...p, alive: false, killedBy: ['M1'], killedWith: 'faction-kill' } : p));
    const n2 = resolveExtended(night(afterNight1, [act('X', 'kill', ['W2'])], 2));
    expect(deaths(n2)).toEqual([]);
    expect(n2.reserveKills['maniac'] ?? 0).toBe(0);
    // "В первые две ночи": the third night shoots as usual.
    const n4 = resolveExtended(night(afterNight1, [act('X', 'kill', ['W2'])], 4));
    expect(deaths(n4)).toEqual(['W2']);
  });

  it('a black killed by the Poisoner’s poison is not a killer’s move and does not fill the cap', () => {
    const poisoned = table.map((p) => (p.slotId === 'W1' ? { ...p, alive: false, killedBy: ['W2'], killedWith: 'poison' } : p));
    const r = resolveExtended(night(poisoned, [act('X', 'kill', ['M1'])], 2));
    expect(deaths(r)).toEqual(['M1']);
  });

  it('red victims are not capped', () => {
    const r = resolveExtended(night(table, [act('M1', 'kill', ['W1']), act('X', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual(['R1', 'W1']);
  });
});

describe('L55 in the extended format: no side takes the other’s night over while one of it lives', () => {
  const yakuza = [black('Y1', 'yakuza', 'yakuza'), black('Y2', 'yakuza', 'yakuza')];
  const broken = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia', { alive: false }), ...yakuza, maniac, ...reds];
  it('"ни одна из сторон не может полностью перехватить вторую ночь, если жив хотя бы один черный с другой стороны": the lone Mafioso keeps the odd night', () => {
    const r = resolveExtended(night(broken, [act('M1', 'kill', ['R1'])], 3));
    expect(refusedOf(r)).toEqual([]);
    expect(deaths(r)).toEqual(['R1']);
  });
});

describe('L55 in the extended format: both pairs redden', () => {
  const roster = (ruleset: string): string[] => [
    `ruleset ${ruleset}`,
    'seed 4',
    'player Anna faction=red role=doctor',
    'player Boris faction=red role=citizen',
    'player Vera faction=red role=commissar',
    'player Olga faction=red role=citizen',
    'player Ivan faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Ken faction=yakuza role=citizen second=yakuza',
    'player Rin faction=yakuza role=citizen second=yakuza',
  ];
  const play = (lines: readonly string[]) => {
    const played = playText(lines.join('\n'));
    expect(failedExpectations(played)).toEqual([]);
    return played;
  };

  it('"В расширенном формате обе пары могут использовать окраснение, пока остаются целыми"', () => {
    play([
      ...roster('russian-004-extended'),
      'day 1',
      '  Ken uses redden Ken',
      '  Kolya uses redden Lena',
      '  expect status Ken reddened',
      '  expect status Lena reddened',
    ]);
  });

  it('the standard format keeps the right to one pair (the Yakuza’s while whole)', () => {
    play([
      ...roster('russian-004'),
      'day 1',
      '  Ken uses redden Ken',
      '  Kolya uses redden Lena',
      '  expect status Ken reddened',
      '  expect status Lena not reddened',
    ]);
  });
});

describe('L131.4 blackening on common nights', () => {
  const roster = (ruleset: string): string[] => [
    `ruleset ${ruleset}`,
    'seed 4',
    'player Anna faction=red role=doctor',
    'player Boris faction=red role=citizen',
    'player Vera faction=red role=commissar',
    'player Olga faction=red role=citizen',
    'player Ivan faction=red role=citizen',
    'player Gleb faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
  ];
  const play = (lines: readonly string[]) => {
    const played = playText(lines.join('\n'));
    expect(failedExpectations(played)).toEqual([]);
    return played;
  };

  it('"В данные ночи поправка по чекам допускает два очернения за ночь - одно от мафии и одно от маньяка"', () => {
    play([
      ...roster('russian-004-extended'),
      'day 1',
      '  Misha uses blacken Olga',
      '  Kolya uses blacken Boris',
      '  expect status Olga blackened',
      '  expect status Boris blackened',
    ]);
  });

  it('one per side still: the Mafia’s second rumour replaces its first', () => {
    play([
      ...roster('russian-004-extended'),
      'day 1',
      '  Kolya uses blacken Boris',
      '  Lena uses blacken Gleb',
      '  expect status Boris not blackened',
      '  expect status Gleb blackened',
    ]);
  });

  it('the standard format: only the side whose night it is (L15)', () => {
    play([
      ...roster('russian-004'),
      'day 1',
      '  Misha uses blacken Olga',
      '  Kolya uses blacken Boris',
      '  expect status Olga not blackened',
      '  expect status Boris blackened',
    ]);
  });
});

describe('the Faceless and the witch hunt in the extended format', () => {
  it('L66 "Если безликий смог пережить 9 (12 в расширенном) игроков"; L163 "6 или меньше в расширенном формате"', () => {
    const win = extended.win;
    expect(win.kind === 'colors' ? [win.greySurvivalDepartures, win.huntMinAlive] : []).toEqual([12, 6]);
    const standard = rulesets['russian-004'].win;
    expect(standard.kind === 'colors' ? [standard.greySurvivalDepartures, standard.huntMinAlive] : []).toEqual([9, 5]);
  });
});

describe('the standard format is unchanged', () => {
  it('has no extended-format night rules', () => {
    expect(rulesets['russian-004'].night?.blackFormat).toBeUndefined();
    expect(rulesRussian.blackFormat).toBeUndefined();
  });

  it('night 2 is the Maniac’s alone: the Mafia’s order is refused', () => {
    const r = resolveStandard(night(table, [act('M1', 'kill', ['R1']), act('X', 'kill', ['R2'])], 2));
    expect(refusedOf(r)).toEqual(['M1']);
    expect(deaths(r)).toEqual(['R2']);
  });

  it('no cap on blacks killed by blacks in the first nights (and the shot comes back, L2)', () => {
    const r = resolveStandard(night(table, [act('M1', 'kill', ['W1']), act('M2', 'kill', ['W2'])], 1, { reserveKills: { mafia: 1 } }));
    expect(deaths(r)).toEqual(['W1', 'W2']);
  });

  it('L55: the broken Mafia pair hands its odd night to the whole Yakuza pair', () => {
    const yakuza = [black('Y1', 'yakuza', 'yakuza'), black('Y2', 'yakuza', 'yakuza')];
    const broken = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia', { alive: false }), ...yakuza, maniac, ...reds];
    const r = resolveStandard(night(broken, [act('M1', 'kill', ['R1'])], 3));
    expect(refusedOf(r)).toEqual(['M1']);
  });
});
