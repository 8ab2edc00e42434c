/**
 * Seed 004's night core (../shared/seeds/004_f6d88bc78ab5cdbd.txt, digest §1.3–1.6,
 * §3.2–3.3, §4.4): what the morning post shows, the public words of the Doctor,
 * Blocker and Commissar, the private messages of §3.3, the saved victim's lost
 * move, the Doctor's two targets and the shot economy — played through the
 * scenario runner, so the game model, the night rules and the posts work together.
 */
import { describe, expect, it } from 'vitest';
import { createRng, resolveNight, rulesets, withNight, type NightInput, type NightPlayer } from '../../../src/engine';
import { act, deaths, eventsOf, night, nightRulesFor, player, rulesRussian } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'seed 4',
  'player Anna   faction=red    role=doctor',
  'player Boris  faction=red    role=blocker',
  'player Vera   faction=red    role=commissar',
  'player Grisha faction=red    role=detective',
  'player Ilya   faction=red    role=citizen',
  'player Zhenya faction=red    role=citizen',
  'player Kolya  faction=mafia  role=citizen second=mafia',
  'player Lena   faction=mafia  role=detective second=mafia',
  'player Misha  faction=maniac role=citizen second=maniac',
];

const play = (lines: string[]) => {
  const played = playText([...roster, ...lines].join('\n'));
  expect(failedExpectations(played)).toEqual([]);
  return played;
};

describe('L134: what the morning post shows of a night victim', () => {
  it('a black killed at night shows only his peaceful role ("Детектив"), never "Детектив + Мафия" or his team', () => {
    // L134: "У погибших ночью игроков не будет раскрываться их настоящая команда. У этих игроков раскроется только их мирная роль".
    const played = play(['day 1', 'night 1', '  Kolya uses kill Lena', '  resolve night', '  expect dead Lena', 'day 2']);
    const day2 = played.phases[2]?.openingPost ?? '';
    expect(day2).toContain('[b]Lena[/b] выбывает из игры (ночное убийство). Детектив');
    expect(day2).not.toContain('Мафия');
  });
  it('a lynched black shows both his roles and his team', () => {
    // L134 contrasts night deaths with lynches; L83: when a black leaves the game both roles are opened.
    const played = play([
      'day 1',
      'night 1',
      'day 2',
      '  Anna votes Lena; Boris votes Lena; Vera votes Lena; Grisha votes Lena; Ilya votes Lena',
      '  expect lynched Lena',
    ]);
    const result = played.phases[2]?.resultPost ?? '';
    expect(result).toContain('Детектив + Мафия');
    expect(result).toContain('Детектив + Мафия, Мафия');
  });
});

/** The private messages a night sent, as "name: text" in the game's language (Russian). */
const pms = (played: ReturnType<typeof playText>, phase: number): string[] =>
  (played.phases[phase]?.privateMessages ?? []).map((m) => `${m.name}: ${m.text}`);

describe('L4–L6, §3.2: the morning’s public words', () => {
  it('L6: the Commissar who checked a player killed that night reads "чек не прошел"', () => {
    // L6: "Если пропустил ход, выбрал убитого ... - чек не проходит."
    const played = play(['day 1', 'night 1', '  Kolya uses kill Ilya', '  Vera uses check Ilya', '  resolve night', 'day 2']);
    const day2 = played.phases[2]?.openingPost ?? '';
    expect(day2).toContain('Комиссар: чек не прошел');
    expect(day2).not.toContain('чек прошел\n');
    expect(pms(played, 1).filter((m) => m.startsWith('Vera'))).toEqual([]);
  });
  it('L6: a Commissar who skipped reads "чек не прошел"; a Doctor who skipped "не попал"; a Blocker who skipped "не попал"', () => {
    // L4: "При пропуске хода будет "не попал"." L5: "не попал (отказался от хода ...)".
    const played = play(['day 1', 'night 1', '  Kolya uses kill Ilya', '  resolve night', 'day 2']);
    const day2 = played.phases[2]?.openingPost ?? '';
    expect(day2).toContain('Доктор: не попал');
    expect(day2).toContain('Блокер: не попал');
    expect(day2).toContain('Комиссар: чек не прошел');
  });
  it('L6: the same target as the Doctor gives "информация не предоставляется", and no PM', () => {
    // L6: "такую же цель, как ... доктор/блокер ... - информация не предоставляется."
    const played = play(['day 1', 'night 1', '  Anna uses heal Kolya', '  Vera uses check Kolya', '  resolve night', 'day 2']);
    expect(played.phases[2]?.openingPost ?? '').toContain('Комиссар: информация не предоставляется');
    expect(pms(played, 1).filter((m) => m.startsWith('Vera'))).toEqual([]);
  });
  it('L4: the Doctor "попал" only when the healed player would have died; a blocked Doctor "не попал" and learns it', () => {
    const hit = play([
      'day 1',
      'night 1',
      '  Kolya uses kill Ilya',
      '  Anna uses heal Ilya',
      '  resolve night',
      '  expect alive Ilya',
      'day 2',
    ]);
    expect(hit.phases[2]?.openingPost ?? '').toContain('Доктор: попал');
    // L115.5: "Если доктор попал, получит имя жертвы."
    expect(pms(hit, 1)).toContain('Anna: Вы попали: ваша цель, которую вы спасли, — Ilya.');
    // L4: "Если был заблочен ... в утреннем отчете будет - не попал, но доктор получит от ведущего ЛС, что ход не прошел."
    const blocked = play([
      'day 1',
      'night 1',
      '  Kolya uses kill Ilya',
      '  Anna uses heal Ilya',
      '  Boris uses block Anna',
      '  resolve night',
      '  expect dead Ilya',
      'day 2',
    ]);
    expect(blocked.phases[2]?.openingPost ?? '').toContain('Доктор: не попал');
    expect(blocked.phases[2]?.openingPost ?? '').toContain('Блокер: попал');
    expect(pms(blocked, 1)).toContain('Anna: Ваше ночное действие прошлой ночью, если оно было, не состоялось из-за роли «Блокер».');
  });
});

describe('§3.3: the private messages of the night', () => {
  it('L17, L115.4: the survivor of an attack learns of the attempt', () => {
    // L115.4: "Если игрок был атакован, но по любой причине выжил, то он узнает утром о покушении."
    const played = play(['day 1', 'night 1', '  Kolya uses kill Ilya', '  Anna uses heal Ilya', '  resolve night', 'day 2']);
    expect(pms(played, 1)).toContain('Ilya: Этой ночью на вас было совершено покушение, но вы выжили.');
  });
  it('L115.2, L134: the killer who killed learns the victim’s team', () => {
    // L115.2: "Любой киллер узнает о команде своей жертвы."
    const played = play(['day 1', 'night 1', '  Kolya uses kill Ilya', '  resolve night', 'day 2']);
    expect(pms(played, 1)).toContain('Kolya: Команда вашей жертвы (Ilya): Красные (мирные).');
  });
  it('L5, L115.5: the Blocker on a hit learns the role he stopped; the blocked target learns of the block', () => {
    // L5: "Если блокер так или иначе попал, то узнает утром в ЛС название соответствующей роли."
    const played = play(['day 1', 'night 1', '  Boris uses block Vera', '  Vera uses check Kolya', '  resolve night', 'day 2']);
    expect(pms(played, 1)).toContain('Boris: Вы попали: роль игрока Vera — Комиссар.');
    expect(pms(played, 1)).toContain('Vera: Ваше ночное действие прошлой ночью, если оно было, не состоялось из-за роли «Блокер».');
    // A Blocker's protection that stops a killer: the Blocker learns the negative role.
    const guarded = play(['day 1', 'night 1', '  Boris uses protect Ilya', '  Kolya uses kill Ilya', '  resolve night', 'day 2']);
    expect(guarded.phases[2]?.openingPost ?? '').toContain('Блокер: попал');
    expect(pms(guarded, 1)).toContain('Boris: Вы попали: роль игрока Kolya — Мафия.');
  });
});

describe('L16: a saved attack victim loses his moves after the killers', () => {
  it('the Commissar attacked and healed does not check: "чек не прошел", with the reason in the explanation', () => {
    // L16: a survivor of an attack has his move ordered after the killers forcibly skipped.
    const played = play([
      'day 1',
      'night 1',
      '  Kolya uses kill Vera',
      '  Anna uses heal Vera',
      '  Vera uses check Kolya',
      '  resolve night',
      'day 2',
    ]);
    expect(played.phases[2]?.openingPost ?? '').toContain('Комиссар: чек не прошел');
    const skipped = played.phases[1]?.night?.events.find((e) => e.type === 'nullified' && e.player === 'Vera');
    expect(skipped).toMatchObject({ cause: 'attacked' });
    expect(JSON.stringify(skipped)).toContain('004 L16');
  });
  it('the Doctor’s self-heal is not skipped', () => {
    const played = play([
      'day 1',
      'night 1',
      '  Kolya uses kill Anna',
      '  Anna uses heal Anna',
      '  resolve night',
      '  expect alive Anna',
      'day 2',
    ]);
    expect(played.phases[2]?.openingPost ?? '').toContain('Доктор: попал');
  });
});

describe('L4, §4.4: the Doctor heals one or two players', () => {
  it('two targets at once; several killers on one healed player do no damage', () => {
    const played = play([
      'day 1',
      'night 1',
      '  Kolya uses kill Ilya',
      '  Anna uses heal Ilya Zhenya',
      '  resolve night',
      '  expect alive Ilya',
      'day 2',
    ]);
    expect(played.phases[2]?.openingPost ?? '').toContain('Доктор: попал');
  });
  it('no two targets two nights in a row, no self-heal two nights in a row, never himself among two', () => {
    // L4: "нельзя назначать двоих или хилить самого себя две ночи подряд и нельзя выбирать себя, когда назначаются две цели за раз."
    const played = play([
      'day 1',
      'night 1',
      '  Anna uses heal Ilya Zhenya',
      '  resolve night',
      'day 2',
      'night 2',
      '  Anna uses heal Ilya Zhenya',
      '  resolve night',
      'day 3',
      'night 3',
      '  Anna uses heal Anna',
      '  resolve night',
      'day 4',
      'night 4',
      '  Anna uses heal Anna',
      '  Boris uses block Misha',
      '  resolve night',
      'day 5',
      'night 5',
      '  Anna uses heal Anna Ilya',
      '  resolve night',
    ]);
    const refusals = (phase: number) => (played.phases[phase]?.night?.refused ?? []).map((r) => r.reason);
    expect(refusals(1)).toEqual([]);
    expect(refusals(3)).toEqual(['night/twice-in-a-row']);
    expect(refusals(5)).toEqual([]);
    expect(refusals(7)).toEqual(['night/twice-in-a-row']);
    expect(refusals(9)).toEqual(['night/self-among-several']);
  });
});

const resolve = (input: NightInput, rules = rulesRussian) => resolveNight(input, rules, createRng(4));
const black = (slotId: string, faction: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, 'citizen', faction, { secondRole: faction === 'werewolf' ? 'werewolf' : faction, ...extra });
const table = (...extra: NightPlayer[]): NightPlayer[] => [
  black('M1', 'mafia'),
  black('M2', 'mafia'),
  black('X', 'maniac'),
  player('R1', 'citizen', 'red'),
  player('R2', 'citizen', 'red'),
  player('R3', 'citizen', 'red'),
  ...extra,
];
const dead = (players: NightPlayer[], ...ids: string[]) => players.map((p) => (ids.includes(p.slotId) ? { ...p, alive: false } : p));
const withSettings = (settings: Parameters<typeof withNight>[1]['settings']) =>
  nightRulesFor(withNight(rulesets['russian-004'], { settings: { ...rulesets['russian-004'].night?.settings, ...settings } }));

describe('§1.3–1.5: the shot economy', () => {
  it('L2: on the Maniac’s night a Mafioso with no shot insures him; he fires only if the Maniac’s shot is stopped', () => {
    // L2: "Если мафия не имеет выстрела в ночь маньяка, то все равно может отправить ведущему ход в нее, но по приоритету
    // мафия уступает маньяку и пропустит ход, если маньяк успешно совершит убийство ..."
    const stopped = resolve(
      night(table(player('B', 'blocker', 'red')), [act('X', 'kill', ['R1']), act('M1', 'insure', ['R2']), act('B', 'block', ['X'])], 2),
    );
    expect(deaths(stopped)).toEqual(['R2']);
    // "Если мафия успешно совершила убийство, застраховав маньяка, тот не получит дополнительный ход в ночь мафии."
    expect(stopped.reserveKills['maniac']).toBe(0);
    const yields = resolve(night(table(), [act('X', 'kill', ['R1']), act('M1', 'insure', ['R2'])], 2));
    expect(deaths(yields)).toEqual(['R1']);
  });
  it('L14: a partner’s insurance stands by default: the blocked shooter’s partner fires at the same target', () => {
    const r = resolve(night(table(player('B', 'blocker', 'red')), [act('M1', 'kill', ['R1']), act('B', 'block', ['M1'])], 1));
    expect(eventsOf(r, 'death').map((e) => [e.player, e.by])).toEqual([['R1', ['M2']]]);
  });
  it('L11: the Faceless killed by a negative role gives the killer his shot again the next night', () => {
    // L11: "Если безликий убит через негативную роль, киллер получит право на дополнительный ход в следующую ночь."
    const r = resolve(night(table(player('F', 'faceless', 'grey')), [act('M1', 'kill', ['F'])], 1));
    expect(deaths(r)).toEqual(['F']);
    expect(r.reserveKills['mafia']).toBe(1);
    const red = resolve(night(table(), [act('M1', 'kill', ['R1'])], 1));
    expect(red.reserveKills['mafia']).toBe(0);
  });
  it('L11: the side that takes over the other’s nights takes its unrealised shots too', () => {
    // L11: "Если одна из сторон черных (мафия/маньяк) полностью выбывает ... то она также получает все их нереализованные выстрелы".
    const players = dead(table(), 'X');
    const r = resolve(night(players, [act('M1', 'kill', ['R1']), act('M2', 'kill', ['R2'])], 3, { reserveKills: { maniac: 1 } }));
    expect(deaths(r)).toEqual(['R1', 'R2']);
    // The Maniac dies tonight with a shot in reserve: the Mafia holds it from tomorrow.
    const tonight = resolve(night(table(), [act('M1', 'kill', ['X'])], 1, { reserveKills: { maniac: 1 } }));
    expect(deaths(tonight)).toEqual(['X']);
    expect(tonight.reserveKills).toEqual({ mafia: 2 });
  });
  it('L49–L54: a werewolf is a faction of his own, so the Mafia’s death hands its nights to the Maniac', () => {
    expect(rulesets['russian-004'].factions.map((f) => f.id)).toContain('werewolf');
    const players = [...dead(table(), 'M1', 'M2'), black('W', 'werewolf')];
    const r = resolve(night(players, [act('X', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual(['R1']);
  });
  it('open question: a lone Mafioso’s surplus shot stays in reserve, or passes to the Maniac, and the night reports it', () => {
    // L2: "Одна мафия не может сделать два выстрела за раз"; L11: a shot a side cannot realise passes to the other side.
    const players = dead(table(), 'M2');
    const input = night(players, [act('M1', 'kill', ['R1'])], 1, { reserveKills: { mafia: 1 } });
    const kept = resolve(input);
    expect(kept.ambiguities.map((a) => [a.setting, a.value])).toContainEqual(['loneShooterSurplus', 'kept-in-reserve']);
    expect(kept.reserveKills).toEqual({ mafia: 1, maniac: 0 });
    const passed = resolve(input, withSettings({ loneShooterSurplus: 'passes-to-other-side' }));
    expect(passed.reserveKills).toEqual({ mafia: 0, maniac: 1 });
    expect(rulesets['russian-004'].openQuestions.map((q) => q.setting)).toContain('night.settings.loneShooterSurplus');
  });
  it('open question: a forced skip counts as voluntary, so the insurer yields; the other answer fires the insurance', () => {
    // L2: the insurer "пропустит ход, если маньяк ... добровольно пропустит ход"; L165: a missing PM is a forced skip.
    const input = night(table(), [act('M2', 'insure', ['R1'])], 1);
    const yields = resolve(input);
    expect(deaths(yields)).toEqual([]);
    expect(yields.ambiguities.map((a) => [a.setting, a.value])).toContainEqual(['forcedSkipIsVoluntary', 'yes']);
    expect(deaths(resolve(input, withSettings({ forcedSkipIsVoluntary: 'no' })))).toEqual(['R1']);
    expect(rulesets['russian-004'].openQuestions.map((q) => q.setting)).toContain('night.settings.forcedSkipIsVoluntary');
  });
});

describe('L11, §1.6: black suicide', () => {
  it('any black may kill himself, even with no shot tonight; no block stops it; the killer’s shot resolves first', () => {
    // L11: "Любой черный имеет право на самоубийство ... даже в ту ночь, в которую нет права на ход киллера".
    const r = resolve(
      night(table(player('B', 'blocker', 'red')), [act('X', 'suicide', ['X']), act('B', 'block', ['X']), act('M1', 'kill', ['R1'])], 1),
    );
    expect(deaths(r)).toEqual(['R1', 'X']);
    expect(eventsOf(r, 'death').map((e) => e.player)).toEqual(['R1', 'X']);
  });
  it('a Doctor’s heal or a Blocker’s protection lets him survive it', () => {
    // L11: "его можно пережить при защите от блокера, хиле от доктора".
    const healed = resolve(night(table(player('D', 'doctor', 'red')), [act('X', 'suicide', ['X']), act('D', 'heal', ['X'])], 1));
    expect(deaths(healed)).toEqual([]);
    const guarded = resolve(night(table(player('B', 'blocker', 'red')), [act('M1', 'suicide', ['M1']), act('B', 'protect', ['M1'])], 2));
    expect(deaths(guarded)).toEqual([]);
  });
});
