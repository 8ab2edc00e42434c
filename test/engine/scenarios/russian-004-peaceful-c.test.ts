/**
 * Seed 004's peaceful roles that use roles they do not hold (shared/seeds/004
 * L27, L40–L42, L47, digest §4.6, §5.2, §5.6), each acting through
 * resolveNight with the 004 ruleset: the Actor's copy, the Wizard's absent
 * role, the Necromancer's undead, the Collector's collected role and the
 * Pimp's punishment. The quoted lines are the seed's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  type NightAction,
  type NightPlayer,
  type NightResolution,
  type NightStatus,
  type PastMove,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';
import { act, announced, deaths, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1): NightResolution =>
  resolveNight(night(players, actions, n, { statusRules }), rulesRussian, createRng(5));
const red = (id: string, role: string, ...statuses: NightStatus[]): NightPlayer =>
  player(id, role, 'red', statuses.length === 0 ? {} : { statuses });
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });

/** Two Mafiosi and two plain reds, plus the players a test adds. */
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];

const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);
const order = (r: NightResolution): string[] => r.accepted.map((a) => `${a.actor}:${a.ability}`);
const ruNames = (players: readonly NightPlayer[]) =>
  nightResultNames(
    players.map((p) => ({ id: p.slotId, name: p.name })),
    { roles: rulesets['russian-004'].roles.map((r) => ({ id: r.id, name: r.names?.ru ?? r.name })) },
  );

describe('the preset', () => {
  it('names the five roles as the seed does (L27, L40, L41, L42, L47)', () => {
    const ru = Object.fromEntries(rulesets['russian-004'].roles.map((r) => [r.id, r.names?.ru]));
    expect(ru).toMatchObject({ actor: 'Актер', wizard: 'Волшебник', necromancer: 'Некромант', collector: 'Коллекционер', pimp: 'Сутенер' });
    // L42: 'Умерший игрок получит в шапке обозначение "Нежить"'.
    expect(rulesets['russian-004'].statuses.find((s) => s.id === 'undead')).toMatchObject({ public: true, names: { ru: 'Нежить' } });
  });
});

describe('Actor (Актер), L40', () => {
  const copyOf = (who: string): NightStatus => ({ id: 'copied-role', with: who });

  it('"может скопировать для себя мирную роль выбранного игрока": a copied Doctor heals the Mafia’s victim, by PM only', () => {
    const players = table(red('A', 'actor', copyOf('D')), red('D', 'doctor'));
    const r = resolve(players, [act('M1', 'kill', ['R1']), act('A', 'heal', ['R1']), act('D', 'heal', ['R2'])]);
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'A')).toContainEqual(told('saved-victim', ['R1'], null));
    // "Если скопировал доктора, блокера или комиссара - результат хода будет только в ЛС": only the Doctor's own word is public.
    expect(announced(r)).toEqual([told('morning-heal', ['D'], { role: 'doctor', hit: false })]);
    expect(renderNightResult({ to: 'A', fact: 'saved-victim', about: ['R1'], value: null }, ruNames(players), 'ru')).toMatch(/R1/);
  });

  it('"по приоритету первым учитывается оригинал": the Doctor’s heal resolves before the copy’s, whoever sent first', () => {
    const r = resolve(table(red('A', 'actor', copyOf('D')), red('D', 'doctor')), [
      act('A', 'heal', ['R1'], 10),
      act('D', 'heal', ['R1'], 20),
      act('M1', 'kill', ['R1'], 30),
    ]);
    expect(order(r)).toEqual(['D:heal', 'A:heal', 'M1:kill']);
    expect(announced(r)).toEqual([told('morning-heal', ['D'], { role: 'doctor', hit: true })]);
  });

  it('"За доктора можно выбрать только одну цель"', () => {
    const r = resolve(table(red('A', 'actor', copyOf('D')), red('D', 'doctor')), [act('A', 'heal', ['R1', 'R2'])]);
    expect(refusals(r)).toEqual(['A:night/wrong-target-count']);
  });

  it('"Если скопировал комиссара - результат хода будет только в ЛС": the copy’s check reaches the Actor privately', () => {
    const players = table(red('A', 'actor', copyOf('C')), red('C', 'commissar'));
    const r = resolve(players, [act('A', 'check', ['M2'])]);
    expect(messagesTo(r, 'A')).toEqual([told('alignment-check', ['M2'], true)]);
    expect(announced(r)).toEqual([told('morning-check', ['C'], { role: 'commissar', hit: false })]);
  });

  it('"Если пытается скопировать покалеченного игрока, тоже будет пропуск хода"; "Нельзя копировать роли у нежити"', () => {
    const crippled = resolve(table(red('A', 'actor', copyOf('D')), red('D', 'doctor', { id: 'crippled' })), [act('A', 'heal', ['R1'])]);
    expect(refusals(crippled)).toEqual(['A:night/not-available']);
    const undead = resolve(
      table(red('A', 'actor', copyOf('D')), dead(red('D', 'doctor', { id: 'undead', by: 'N' })), red('N', 'necromancer')),
      [act('A', 'heal', ['R1'])],
    );
    expect(refusals(undead)).toEqual(['A:night/not-available']);
  });

  it('"Если скопировал бомжа… то не может направить соответствующий ход на владельца роли - будет пропуск хода"', () => {
    const players = table(red('A', 'actor', copyOf('H')), red('H', 'homeless'));
    expect(refusals(resolve(players, [act('A', 'watch-house', ['H'])]))).toEqual(['A:night/not-available']);
    expect(refusals(resolve(players, [act('A', 'watch-house', ['R1'])]))).toEqual([]);
  });

  it('with no copy he has no night move, and a copy is played from scratch (the original’s spent uses do not count)', () => {
    expect(refusals(resolve(table(red('A', 'actor'), red('D', 'doctor')), [act('A', 'heal', ['R1'])]))).toEqual([
      'A:night/unknown-ability',
    ]);
    const spent = { ...red('H', 'homeless'), usesLeft: { 'watch-house': 0 } };
    expect(refusals(resolve(table(red('A', 'actor', copyOf('H')), spent), [act('A', 'watch-house', ['R1'])]))).toEqual([]);
  });
});

describe('Actor (Актер), L40: the copy chosen by day and its limits', () => {
  /** The Actor's copy made at the end of a day, as the game's history gives it to the night after. */
  const copied = (night: number, who: string): PastMove => ({ night, day: true, ability: 'copy-role', targets: [who] });
  const actor = (...moves: PastMove[]): NightPlayer => ({ ...red('A', 'actor'), pastMoves: moves });

  it('"в конце каждого дня может скопировать для себя мирную роль выбранного игрока": the day’s choice is read by the night after', () => {
    const r = resolve(table(actor(copied(2, 'D')), red('D', 'doctor')), [act('M1', 'kill', ['R1']), act('A', 'heal', ['R1'])], 2);
    expect(refusals(r)).toEqual([]);
    expect(deaths(r)).toEqual([]);
    // A choice of an earlier day is spent: "На одни игровые сутки".
    const old = resolve(table(actor(copied(1, 'D')), red('D', 'doctor')), [act('A', 'heal', ['R1'])], 2);
    expect(refusals(old)).toEqual(['A:night/unknown-ability']);
  });

  it('"Нельзя скопировать одного и того же игрока больше 1-го раза за игру": a second copy of the Doctor is refused', () => {
    const r = resolve(table(actor(copied(1, 'D'), copied(3, 'D')), red('D', 'doctor')), [act('A', 'heal', ['R1'])], 3);
    expect(refusals(r)).toEqual(['A:night/borrow-limit']);
    expect(r.refused[0]?.message?.code).toBe('night/refused-borrow-limit');
  });

  it('"нельзя скопировать более 3-х разных игроков за игру": the fourth player is refused', () => {
    const players = table(
      actor(copied(1, 'R1'), copied(2, 'R2'), copied(3, 'C'), copied(4, 'D')),
      red('D', 'doctor'),
      red('C', 'commissar'),
    );
    expect(refusals(resolve(players, [act('A', 'heal', ['R1'])], 4))).toEqual(['A:night/borrow-limit']);
    const third = table(actor(copied(1, 'R1'), copied(2, 'R2'), copied(3, 'D')), red('D', 'doctor'));
    expect(refusals(resolve(third, [act('A', 'heal', ['R1'])], 3))).toEqual([]);
  });

  it('"За телохранителя и бомжа нельзя узнать имя киллера": a copied Homeless sees the visitors but not the killer', () => {
    const players = table(actor(copied(1, 'H')), red('H', 'homeless'), red('D', 'doctor'));
    const r = resolve(players, [act('M1', 'kill', ['R1']), act('D', 'heal', ['R2']), act('A', 'watch-house', ['R1'])]);
    const seen = messagesTo(r, 'A').filter((m) => m.fact === 'visited-by');
    expect(seen).toEqual([told('visited-by', ['R1'], [])]);
    // The Homeless himself sees the killer at the same house.
    const own = resolve(players, [act('M1', 'kill', ['R1']), act('H', 'watch-house', ['R1'])]);
    expect(messagesTo(own, 'H').filter((m) => m.fact === 'visited-by')).toEqual([told('visited-by', ['R1'], ['M1'])]);
  });

  it('"За гипнотизера нельзя отклонять киллеров": the killer aimed at a copied Hypnotist still reaches him', () => {
    const hypnotist = red('Y', 'hypnotist');
    const copy = resolve(table(actor(copied(1, 'Y')), hypnotist), [act('A', 'hypnotise', ['R1'], 10), act('M1', 'kill', ['A'], 20)]);
    expect(deaths(copy)).toEqual(['A']);
    // The Hypnotist himself turns the killer aside to the player he names.
    const own = resolve(table(hypnotist), [act('Y', 'hypnotise', ['R1'], 10), act('M1', 'kill', ['Y'], 20)]);
    expect(deaths(own)).toEqual(['R1']);
  });

  it('"Если скопировал судью или священника, то голос или барьер будет на треть слабее базового": data for the day tally', () => {
    expect(rulesets['russian-004'].night?.borrowing?.copyWeightFactor).toEqual({ judge: 2 / 3, priest: 2 / 3 });
  });
});

describe('Wizard (Волшебник), L47: his game limits, from the game’s history', () => {
  const wizard = (...moves: [number, string][]): NightPlayer => ({
    ...red('W', 'wizard'),
    pastMoves: moves.map(([night, ability]) => ({ night, day: false, ability, targets: ['R1'] })),
  });

  it('"Нельзя использовать одну роль дважды"', () => {
    expect(refusals(resolve(table(wizard([1, 'heal'])), [act('W', 'heal', ['R1'])], 2))).toEqual(['W:night/borrow-limit']);
    expect(refusals(resolve(table(wizard([1, 'lawyer/check'])), [act('W', 'heal', ['R1'])], 2))).toEqual([]);
  });

  it('"нельзя выбирать больше трех ролей за игру … но одна из трех попыток все равно будет потрачена"', () => {
    // Night 1 named the Commissar, who is in the game: a skip, but an attempt spent.
    const w = wizard([1, 'commissar/check'], [2, 'heal'], [3, 'lawyer/check']);
    const r = resolve(table(w, red('C', 'commissar')), [act('W', 'watch-house', ['R1'])], 4);
    expect(refusals(r)).toEqual(['W:night/borrow-limit']);
  });
});

describe('Wizard (Волшебник), L47', () => {
  it('"может взять на выбор любую отсутствующую мирную роль": with no Doctor in the game he heals as one', () => {
    const r = resolve(table(red('W', 'wizard')), [act('M1', 'kill', ['R1']), act('W', 'heal', ['R1'])]);
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'W')).toContainEqual(told('saved-victim', ['R1'], null));
  });

  it('"Если указанная роль уже есть на игре, волшебник пропустит ход"', () => {
    const r = resolve(table(red('W', 'wizard'), red('D', 'doctor')), [act('M1', 'kill', ['R1']), act('W', 'heal', ['R1'])]);
    expect(refusals(r)).toEqual(['W:night/not-available']);
    expect(deaths(r)).toEqual(['R1']);
  });

  it('names the role where several share a move ("lawyer/check"), with the Actor’s limits ("как актер")', () => {
    const players = table(red('W', 'wizard'), red('C', 'commissar'));
    expect(refusals(resolve(players, [act('W', 'commissar/check', ['M1'])]))).toEqual(['W:night/not-available']);
    const r = resolve(players, [act('W', 'lawyer/check', ['M1'])]);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'W')).toHaveLength(1);
    expect(refusals(resolve(table(red('W', 'wizard')), [act('W', 'heal', ['R1', 'R2'])]))).toEqual(['W:night/wrong-target-count']);
  });

  it('"приоритет хода … все равно равен приоритету оригинала": his heal resolves in the Doctor’s step, before the killers', () => {
    const r = resolve(table(red('W', 'wizard')), [act('M1', 'kill', ['R1'], 10), act('W', 'heal', ['R1'], 20)]);
    expect(order(r)).toEqual(['W:heal', 'M1:kill']);
  });
});

describe('Necromancer (Некромант), L42', () => {
  const curse: NightStatus = { id: 'undead', by: 'N' };

  it('"ходы этой роли отсылаются со стороны мертвого игрока": a dead cursed Commissar checks, and the Necromancer learns it', () => {
    const players = table(red('N', 'necromancer'), dead(red('U', 'commissar', curse)));
    const r = resolve(players, [act('U', 'check', ['M1'])]);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'N')).toEqual([told('alignment-check', ['M1'], true)]);
    expect(messagesTo(r, 'U')).toEqual([]);
    expect(renderNightResult({ to: 'N', fact: 'alignment-check', about: ['M1'], value: true }, ruNames(players), 'ru')).toMatch(/M1/);
  });

  it('a dead player who is not undead still does not act', () => {
    expect(refusals(resolve(table(dead(red('U', 'commissar'))), [act('U', 'check', ['M1'])]))).toEqual(['U:night/actor-dead']);
  });

  it('"доступна только половина": an undead Bodyguard gives nothing (not on the list of eighteen)', () => {
    const r = resolve(table(red('N', 'necromancer'), dead(red('U', 'bodyguard', curse))), [act('U', 'guard', ['R1'])]);
    expect(refusals(r)).toEqual(['U:night/not-available']);
  });

  it('"ходы или действия игрока-нежити всегда идут самыми последними по приоритету": after the Doctor and after a copy', () => {
    const r = resolve(
      table(
        red('N', 'necromancer'),
        dead(red('U', 'doctor', curse)),
        red('D', 'doctor'),
        red('A', 'actor', { id: 'copied-role', with: 'D' }),
      ),
      [act('U', 'heal', ['R1'], 10), act('A', 'heal', ['R1'], 20), act('D', 'heal', ['R1'], 30), act('M1', 'kill', ['R1'], 40)],
    );
    expect(order(r)).toEqual(['D:heal', 'A:heal', 'U:heal', 'M1:kill']);
    expect(deaths(r)).toEqual([]);
  });

  it('"Если роль некроманта заблокирована, то автоматически блокируется вся его нежить"', () => {
    const players = table(red('N', 'necromancer'), dead(red('U', 'commissar', curse)), red('B', 'blocker'));
    const r = resolve(players, [act('B', 'block', ['N']), act('U', 'check', ['M1'])]);
    expect(messagesTo(r, 'N')).not.toContainEqual(told('alignment-check', ['M1'], true));
    expect(eventsOf(r, 'blocked').map((e) => `${e.player}:${e.ability}:${e.by}`)).toEqual(['U:check:B']);
    const held = resolve(table(red('N', 'necromancer', { id: 'blocked' }), dead(red('U', 'commissar', curse))), [
      act('U', 'check', ['M1']),
    ]);
    expect(refusals(held)).toEqual(['U:night/actor-status']);
  });

  it('"Если роль нежити была заблокирована до смерти данного игрока, некромант все равно сможет ее использовать"', () => {
    const r = resolve(table(red('N', 'necromancer'), dead(red('U', 'commissar', curse, { id: 'blocked' }))), [act('U', 'check', ['M1'])]);
    expect(refusals(r)).toEqual([]);
  });

  it('"Некроманту запрещено направлять ходы любых ролей на самого себя"', () => {
    const r = resolve(table(red('N', 'necromancer'), dead(red('U', 'doctor', curse))), [act('U', 'heal', ['N'])]);
    expect(refusals(r)).toEqual(['U:night/self-target']);
  });
});

describe('Collector (Коллекционер), L41', () => {
  const collected = (from: string): NightStatus => ({ id: 'collected-role', with: from });

  it('"коллекционер автоматически получает мирные роли жертв … использует ее с текущего момента": he heals with a dead Doctor’s role', () => {
    const r = resolve(table(red('K', 'collector', collected('D')), dead(red('D', 'doctor'))), [
      act('M1', 'kill', ['R1']),
      act('K', 'heal', ['R1']),
    ]);
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'K')).toContainEqual(told('saved-victim', ['R1'], null));
  });

  it('"Если умер покалеченный игрок, нельзя получить его роль"', () => {
    const r = resolve(table(red('K', 'collector', collected('D')), dead(red('D', 'doctor', { id: 'crippled' }))), [
      act('K', 'heal', ['R1']),
    ]);
    expect(refusals(r)).toEqual(['K:night/unknown-ability']);
  });

  it('L40: "Коллекционер копируется с той ролью, которую активировал в последний раз"', () => {
    const r = resolve(
      table(red('K', 'collector', collected('D')), dead(red('D', 'doctor')), red('A', 'actor', { id: 'copied-role', with: 'K' })),
      [act('M1', 'kill', ['R1']), act('A', 'heal', ['R1'])],
    );
    expect(deaths(r)).toEqual([]);
  });
});

describe('Pimp (Сутенер), L27', () => {
  const slave: NightStatus = { id: 'slave', by: 'S' };

  it('"каждое утро видит общую информацию этой роли, которую получает раб": the slave’s PMs reach the Pimp too', () => {
    const players = table(red('S', 'pimp'), red('D', 'doctor', slave));
    const r = resolve(players, [act('M1', 'kill', ['R1']), act('D', 'heal', ['R1'])]);
    const saved = told('saved-victim', ['R1'], null);
    expect(messagesTo(r, 'D')).toContainEqual(saved);
    const relayed = {
      to: 'S',
      fact: 'forwarded-result',
      about: ['D'],
      value: { to: 'D', fact: 'saved-victim', about: ['R1'], value: null },
    } as const;
    // L27 "сутенер узнает об этом": first the slave's move itself, then what it gave him.
    expect(messagesTo(r, 'S')).toEqual([told('slave-move-sent', ['D', 'R1'], 'doctor'), told('forwarded-result', ['D'], relayed.value)]);
    expect(renderNightResult(relayed, ruNames(players), 'ru')).toMatch(/^\(от игрока D\) .*R1/);
    expect(renderNightResult(relayed, ruNames(players), 'en')).toMatch(/^\(from D\) .*R1/);
  });

  it('"до конца игры или до тех пор, пока сутенера не убьют": a dead Pimp sees nothing', () => {
    const r = resolve(table(dead(red('S', 'pimp')), red('D', 'doctor', slave)), [act('M1', 'kill', ['R1']), act('D', 'heal', ['R1'])]);
    expect(messagesTo(r, 'S')).toEqual([]);
  });

  it('"Сутенер может в конце каждого дня наказывать раба - блокировать ему роль на игровые сутки": the punished slave does not act', () => {
    const r = resolve(table(red('S', 'pimp'), red('D', 'doctor', slave, { id: 'blocked' })), [
      act('M1', 'kill', ['R1']),
      act('D', 'heal', ['R1']),
    ]);
    expect(refusals(r)).toEqual(['D:night/actor-status']);
    expect(deaths(r)).toEqual(['R1']);
  });
});

describe('Pimp (Сутенер), L27: the slave taken by a day move, the limit, the punishment and the orders', () => {
  const day = (night: number, ability: string, ...targets: string[]): PastMove => ({ night, day: true, ability, targets });
  const pimp = (...moves: PastMove[]): NightPlayer => ({ ...red('S', 'pimp'), pastMoves: moves });
  const slaveOf: NightStatus = { id: 'slave', by: 'S' };
  const applied = (r: NightResolution): string[] =>
    r.events.flatMap((e) => (e.type === 'status-applied' ? [`${e.player}:${e.status.id}:${e.status.by ?? ''}`] : []));

  it('"в конце первого дня забирает паспорт … Сутенер сразу узнает его мирную роль"; "Раб узнает о том, кем является"', () => {
    const players = table(pimp(day(1, 'enslave', 'D')), red('D', 'doctor'));
    const r = resolve(players, [act('M1', 'kill', ['R1']), act('D', 'heal', ['R1'])]);
    expect(applied(r)).toContain('D:slave:S');
    expect(messagesTo(r, 'S')).toContainEqual(told('slave-taken', ['D'], 'doctor'));
    expect(messagesTo(r, 'D')).toContainEqual(told('passport-taken', [], null));
    // "каждое утро видит общую информацию этой роли" from the first night on.
    expect(messagesTo(r, 'S').map((m) => m.fact)).toContain('forwarded-result');
    const taken = { to: 'S', fact: 'slave-taken', about: ['D'], value: 'doctor' } as const;
    expect(renderNightResult(taken, ruNames(players), 'ru')).toBe(
      'Вы забрали паспорт у игрока D: теперь это ваш раб, его мирная роль — Доктор.',
    );
    // The slave is not told who his master is.
    expect(renderNightResult({ to: 'D', fact: 'passport-taken', about: [], value: null }, ruNames(players), 'ru')).not.toMatch(/S/);
  });

  it('"Через каждые два дня лимит одновременно взятых рабов возрастает на единицу"; "Если раб умрет, сутенер может назначить нового"', () => {
    const second = (n: number, first: NightPlayer): NightResolution => resolve(table(pimp(day(n, 'enslave', 'R2')), first), [], n);
    const held = red('D', 'doctor', slaveOf);
    expect(refusals(second(2, held))).toEqual(['S:night/over-limit']);
    expect(second(2, held).refused[0]?.message?.code).toBe('night/refused-over-limit');
    expect(refusals(second(3, held))).toEqual([]);
    expect(refusals(second(2, dead(held)))).toEqual([]);
  });

  it('"Сутенер может в конце каждого дня наказывать раба - блокировать ему роль на игровые сутки"', () => {
    const r = resolve(
      table(pimp(day(2, 'punish', 'D')), red('D', 'doctor', slaveOf)),
      [act('M1', 'kill', ['R1']), act('D', 'heal', ['R1'])],
      2,
    );
    expect(refusals(r)).toEqual(['D:night/actor-status']);
    expect(deaths(r)).toEqual(['R1']);
    expect(applied(r)).toContain('D:hacked:S');
    expect(messagesTo(r, 'D')).toContainEqual(told('punished', [], null));
    // Only his own slave.
    const free = resolve(table(pimp(day(2, 'punish', 'D')), red('D', 'doctor')), [act('D', 'heal', ['R1'])], 2);
    expect(refusals(free)).toEqual([]);
  });

  it('"должен либо подтвердить его, либо изменить, либо запретить … Если раб не делает ход, сутенер может назначить его за него"', () => {
    const players = table(red('S', 'pimp'), red('D', 'doctor', slaveOf));
    const forbid = resolve(players, [act('M1', 'kill', ['R1']), act('D', 'heal', ['R1']), act('S', 'order-slave', ['D'])]);
    expect(refusals(forbid)).toEqual(['D:night/forbidden']);
    expect(deaths(forbid)).toEqual(['R1']);
    expect(messagesTo(forbid, 'D')).toContainEqual(told('move-overruled', [], 'doctor'));
    const change = resolve(players, [act('M1', 'kill', ['R2']), act('D', 'heal', ['R1']), act('S', 'order-slave', ['D', 'R2'])]);
    expect(deaths(change)).toEqual([]);
    const made = resolve(players, [act('M1', 'kill', ['R1']), act('S', 'order-slave', ['D', 'R1'])]);
    expect(deaths(made)).toEqual([]);
    // "Если сутенер ничего не предпринимает, то ход раба пройдет свободно".
    expect(deaths(resolve(players, [act('M1', 'kill', ['R1']), act('D', 'heal', ['R1'])]))).toEqual([]);
  });

  it('"Нельзя назначать или менять цель для ходов, связанных с убийством … но эти ходы можно отменять"; spared roles', () => {
    const killer = { ...mafia('M1'), statuses: [slaveOf] };
    const players = [killer, mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), red('S', 'pimp')];
    const aim = resolve(players, [act('M1', 'kill', ['R1']), act('S', 'order-slave', ['M1', 'R2'])]);
    expect(refusals(aim)).toEqual(['S:night/not-available']);
    expect(deaths(aim)).toEqual(['R1']);
    const cancel = resolve(players, [act('M1', 'kill', ['R1']), act('S', 'order-slave', ['M1'])]);
    expect(refusals(cancel)).toEqual(['M1:night/forbidden']);
    expect(deaths(cancel)).toEqual([]);
    // "Если рабом взят бессмертный, анонимус, актер, некромант или волшебник, то нельзя влиять на их ходы".
    const wizard = resolve(table(red('S', 'pimp'), red('W', 'wizard', slaveOf)), [
      act('W', 'heal', ['R1']),
      act('S', 'order-slave', ['W']),
    ]);
    expect(refusals(wizard)).toEqual(['S:night/not-available']);
  });
});

describe('a played game: the Actor copies by a day move (L40)', () => {
  it('"в конце каждого дня может скопировать … Нельзя скопировать одного и того же игрока больше 1-го раза за игру"', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Ivan faction=red role=actor',
        'player Olga faction=red role=citizen',
        'player Vera faction=red role=doctor',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        '  Ivan uses copy-role Vera',
        'night 1',
        '  Kolya uses kill Olga',
        '  Ivan uses heal Olga',
        '  resolve night',
        '  expect alive Olga',
        'day 2',
        '  Ivan uses copy-role Vera',
        'night 2',
        '  Misha uses kill Anna',
        '  Ivan uses heal Anna',
        '  resolve night',
        '  expect dead Anna',
      ].join('\n'),
    );
    expect(played.phases[3]?.night?.refused.map((r) => `${r.action.actor}:${r.reason}`)).toEqual(['Ivan:night/borrow-limit']);
    expect(failedExpectations(played)).toEqual([]);
  });
});

describe('a played game: the Actor’s copy made at the end of day 1 acts on night 1 and is gone by night 2', () => {
  it('L40 "в конце каждого дня может скопировать … На одни игровые сутки актер дублирует эту роль"', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Ivan faction=red role=actor',
        'player Olga faction=red role=citizen',
        'player Vera faction=red role=doctor',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        '  status Ivan +copied-role with Vera',
        'night 1',
        '  Kolya uses kill Olga',
        '  Ivan uses heal Olga',
        '  resolve night',
        '  expect alive Olga',
        'day 2',
        'night 2',
        '  Misha uses kill Anna',
        '  Ivan uses heal Anna',
        '  resolve night',
        '  expect dead Anna',
      ].join('\n'),
    );
    // Night 2: the copy has run out, so the Actor has no heal of his own: the night's intake refuses it.
    expect(played.phases[3]?.night?.refused.map((r) => `${r.action.actor}:${r.reason}`)).toEqual(['Ivan:night/unknown-ability']);
    expect(failedExpectations(played)).toEqual([]);
  });
});
