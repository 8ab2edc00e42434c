/**
 * Seed 004's peaceful roles with lives, deaths and lasting effects, each
 * acting in a night of the Russian preset: the Immortal (L19), the Kamikaze
 * (L38), the Madman (L39, black L101) and the Fanatic (L36, black L99).
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
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';
import { act, announced, deaths, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const red = (id: string, role: string, extra: Partial<NightPlayer> = {}): NightPlayer => player(id, role, 'red', extra);
const mafia = (id: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer =>
  player(id, peaceful, 'mafia', { secondRole: 'mafia', ...extra });
const maniac = (id: string, peaceful = 'citizen'): NightPlayer => player(id, peaceful, 'maniac', { secondRole: 'maniac' });
const withStatus = (p: NightPlayer, ...statuses: NightStatus[]): NightPlayer => ({ ...p, statuses: [...(p.statuses ?? []), ...statuses] });

function resolve(players: NightPlayer[], actions: NightAction[], n = 1, reserveKills?: Record<string, number>): NightResolution {
  return resolveNight(
    night(players, actions, n, { statusRules, ...(reserveKills === undefined ? {} : { reserveKills }) }),
    rulesRussian,
    createRng(7),
  );
}

const statusesOf = (r: NightResolution, id: string): string[] =>
  eventsOf(r, 'status-applied')
    .filter((e) => e.player === id)
    .map((e) => e.status.id);

const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);

const ruNames = (players: readonly NightPlayer[]) =>
  nightResultNames(
    players.map((p) => ({ id: p.slotId, name: p.name })),
    { roles: rulesets['russian-004'].roles.map((r) => ({ id: r.id, name: r.names?.ru ?? r.name })) },
  );

describe('Immortal (Бессмертный), L19', () => {
  const base = [red('I', 'immortal'), red('P', 'citizen'), red('D', 'doctor'), mafia('M1'), mafia('M2'), maniac('X')];

  it('"1 раз неуязвим, если его атаковали": survives the first attack, spends the life and learns it by PM', () => {
    const r = resolve(base, [act('M1', 'kill', ['I'])]);
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'protection-spent')).toEqual([expect.objectContaining({ player: 'I', protection: 'spare-life' })]);
    expect(messagesTo(r, 'I')).toContainEqual(told('spare-life-spent', [], null));
    expect(renderNightResult({ to: 'I', fact: 'spare-life-spent', about: [], value: null }, ruNames(base), 'ru')).toBe(
      'На вас напали: ваша запасная жизнь потрачена.',
    );
  });

  it('the second attack, a night later, kills him', () => {
    const spent = base.map((p) => (p.slotId === 'I' ? { ...p, spent: { 'spare-life': 1 } } : p));
    const r = resolve(spent, [act('M1', 'kill', ['I'])], 3);
    expect(deaths(r)).toEqual(['I']);
  });

  it('"Запас жизней не тратится, если был застрахован": a Doctor’s heal keeps the life', () => {
    const r = resolve(base, [act('D', 'heal', ['I']), act('M1', 'kill', ['I'])]);
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'protection-spent')).toEqual([]);
    expect(announced(r)).toContainEqual(told('morning-heal', ['D'], { role: 'doctor', hit: true }));
  });

  it('"При двойной атаке в одну ночь все равно потеряет только одну жизнь": two shots, one life', () => {
    // Both mafiosi shoot with a reserve shot: two killer moves at the Immortal in one night.
    const r = resolve(base, [act('M1', 'kill', ['I']), act('M2', 'kill', ['I'])], 1, { mafia: 1 });
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'protection-spent')).toHaveLength(1);
  });

  const linked = base.map((p) => (p.slotId === 'I' ? withStatus(p, { id: 'life-link', with: 'P' }) : p));

  it('"любые атаки по одному из них уйдут в запасную жизнь": an attack on the linked player takes the life; only the Immortal is told', () => {
    const r = resolve(linked, [act('M1', 'kill', ['P'])]);
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'I')).toEqual([told('spare-life-spent', ['P'], null)]);
    // P learns of the attempt like any survivor (L115.4), never of the link.
    expect(messagesTo(r, 'P')).toEqual([told('attack-survived', [], null)]);
    expect(renderNightResult({ to: 'I', fact: 'spare-life-spent', about: ['P'], value: null }, ruNames(base), 'ru')).toBe(
      'Ваша запасная жизнь потрачена: было совершено нападение на игрока P.',
    );
  });

  it('"Если оба одновременно атакованы, запасная жизнь исчезнет, нейтрализовав за раз все атаки"', () => {
    const r = resolve(linked, [act('M1', 'kill', ['P']), act('M2', 'kill', ['I'])], 1, { mafia: 1 });
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'protection-spent')).toHaveLength(1);
  });

  it('"убийство одного из пары приведет к смерти обоих" once the life is spent', () => {
    const spent = linked.map((p) => (p.slotId === 'I' ? { ...p, spent: { 'spare-life': 1 } } : p));
    expect(deaths(resolve(spent, [act('M1', 'kill', ['P'])], 3))).toEqual(['I', 'P']);
    expect(deaths(resolve(spent, [act('M1', 'kill', ['I'])], 3))).toEqual(['I', 'P']);
  });
});

describe('Kamikaze (Камикадзе), L38', () => {
  it('"если был атакован ночью, убивает убийцу вместе с собой. Камикадзе и его жертву нельзя спасти доктором"', () => {
    const players = [red('K', 'kamikaze'), red('D', 'doctor'), mafia('M1'), mafia('M2'), red('C', 'citizen')];
    const r = resolve(players, [act('D', 'heal', ['K']), act('M1', 'kill', ['K'])]);
    expect(deaths(r)).toEqual(['K', 'M1']);
    expect(eventsOf(r, 'death').find((e) => e.player === 'M1')).toEqual(expect.objectContaining({ cause: 'revenge', by: ['K'] }));
    // The heal saved nobody: the Doctor "не попал".
    expect(announced(r)).toContainEqual(told('morning-heal', ['D'], { role: 'doctor', hit: false }));
  });

  it('"Всегда отказывается … от защиты блокера": the Blocker’s protection does not keep him alive', () => {
    const players = [red('K', 'kamikaze'), red('B', 'blocker'), mafia('M1'), red('C', 'citizen')];
    const r = resolve(players, [act('B', 'protect', ['K']), act('M1', 'kill', ['K'])]);
    expect(deaths(r)).toEqual(['K', 'M1']);
  });

  it('"Если атакован киллером из своей команды, камикадзе умрет в одиночку, но киллер лишится мирной роли и цвета"', () => {
    // A red Investigator whose checkers are dead shoots the red Kamikaze.
    const players = [red('K', 'kamikaze'), red('V', 'investigator'), mafia('M1'), red('C', 'citizen')];
    const r = resolve(players, [act('V', 'investigate', ['K'])], 2);
    expect(deaths(r)).toEqual(['K']);
    expect(statusesOf(r, 'V')).toEqual(['crippled']);
    expect(messagesTo(r, 'V')).toContainEqual(told('crippled', [], null));
    expect(renderNightResult({ to: 'V', fact: 'crippled', about: [], value: null }, ruNames(players), 'ru')).toBe(
      'Вы лишились мирной роли и цвета до конца игры.',
    );
  });

  it('"террорист, камикадзе, безумец … просто отнимут у него жизнь": an attacker linked to an Immortal loses the spare life instead of being crippled (L19)', () => {
    const players = [red('K', 'kamikaze'), red('V', 'investigator'), red('I', 'immortal'), mafia('M1')];
    const linked = players.map((p) => (p.slotId === 'I' ? withStatus(p, { id: 'life-link', with: 'V' }) : p));
    const r = resolve(linked, [act('V', 'investigate', ['K'])], 2);
    expect(deaths(r)).toEqual(['K']);
    expect(statusesOf(r, 'V')).toEqual([]);
    expect(messagesTo(r, 'I')).toEqual([told('spare-life-spent', ['V'], null)]);
  });

  it('an Active citizen inherits the Kamikaze role, and the killer still dies with the Kamikaze (L9)', () => {
    const players = [red('K', 'kamikaze'), red('A', 'active-citizen'), mafia('M1'), red('C', 'citizen')];
    const r = resolve(players, [act('M1', 'kill', ['K'])]);
    expect(deaths(r)).toEqual(['K', 'M1']);
    expect(eventsOf(r, 'role-changed')).toContainEqual(expect.objectContaining({ player: 'A', to: 'kamikaze' }));
  });

  it('"Если роль камикадзе перешла к кому-либо после успешного убийства черного, она теряет возможность убивать … новый владелец узнает об этом"', () => {
    const players = [red('K', 'kamikaze'), red('A', 'active-citizen'), mafia('M1'), mafia('M2'), red('C', 'citizen')];
    const r = resolve(players, [act('M1', 'kill', ['K'])]);
    expect(messagesTo(r, 'A')).toContainEqual(told('role-disarmed', [], 'kamikaze'));
    expect(eventsOf(r, 'protection-spent')).toContainEqual(expect.objectContaining({ player: 'A', protection: 'takes-attacker-lost' }));
    expect(renderNightResult({ to: 'A', fact: 'role-disarmed', about: [], value: 'kamikaze' }, ruNames(players), 'ru')).toBe(
      'Ваша роль «Камикадзе» потеряла возможность убивать до конца игры.',
    );
    // The next night the heir is an ordinary victim: the killer survives.
    const heir = [red('A', 'kamikaze', { spent: { 'takes-attacker-lost': 1 } }), mafia('M2'), red('C', 'citizen')];
    expect(deaths(resolve(heir, [act('M2', 'kill', ['A'])], 3))).toEqual(['A']);
  });
});

describe('Madman (Безумец), L39 and black L101', () => {
  const town = [
    red('Z', 'madman'),
    red('R1', 'citizen'),
    red('R2', 'citizen'),
    red('CO', 'commissar'),
    mafia('M1'),
    mafia('M2'),
    maniac('X'),
    player('F', 'citizen', 'grey', { secondRole: 'faceless' }),
  ];

  it('"если доживает до третьей ночи": the fire is refused before night 3', () => {
    const r = resolve(town, [act('Z', 'fire', ['R1'])], 1);
    expect(refusals(r)).toEqual(['Z:night/not-this-night']);
  });

  it('"у тех, кто ходит позже безумца, принудительно срывается ход": the killers and the Commissar fail; the Commissar "чек не прошел"', () => {
    const r = resolve(town, [act('Z', 'fire', []), act('M1', 'kill', ['R1']), act('CO', 'check', ['M2'])], 3);
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'blocked').map((e) => `${e.player}:${e.by}`)).toEqual(['M1:Z', 'CO:Z']);
    expect(announced(r)).toContainEqual(told('morning-check', ['CO'], { role: 'commissar', hit: false }));
    // "Допустимо устроить поджог без самоубийства": with no one chosen, the Madman lives; the unused shot stays in reserve.
    expect(r.reserveKills['mafia']).toBe(1);
    // The seed does not place the Madman in the night order: the resolution says where Gavel put him.
    expect(r.ambiguities.map((a) => a.setting)).toContain('order.fire');
  });

  it('"Нельзя убить двух игроков из одинаковой команды": one of two unprotected reds dies at random, the other is crippled', () => {
    const r = resolve(town, [act('Z', 'fire', ['R1', 'R2'])], 3);
    const dead = deaths(r);
    expect(dead).toContain('Z');
    expect(dead.filter((d) => d === 'R1' || d === 'R2')).toHaveLength(1);
    const survivor = dead.includes('R1') ? 'R2' : 'R1';
    expect(statusesOf(r, survivor)).toEqual(['crippled']);
  });

  it('"сжигается выстрел той негативной стороны": two non-black victims burn the mafia’s shot on night 3', () => {
    const r = resolve(town, [act('Z', 'fire', ['R1', 'F']), act('M1', 'kill', ['R2'])], 3);
    expect(deaths(r)).toEqual(['F', 'R1', 'Z']);
    expect(r.reserveKills['mafia']).toBe(0);
  });

  it('"Если зацепил черного, выстрел остается в силе, а если двух черных, то они получат дополнительный выстрел"', () => {
    const one = resolve(town, [act('Z', 'fire', ['R1', 'M2']), act('M1', 'kill', ['R2'])], 3);
    expect(deaths(one)).toEqual(['M2', 'R1', 'Z']);
    expect(one.reserveKills['mafia']).toBe(1);
    const two = resolve(town, [act('Z', 'fire', ['M2', 'X']), act('M1', 'kill', ['R2'])], 3);
    expect(deaths(two)).toEqual(['M2', 'X', 'Z']);
    expect(two.reserveKills['mafia']).toBe(2);
  });

  it('a protected target survives the fire ("без какой-либо страховки"), and the fire succeeds once per game', () => {
    const players = [...town, red('D', 'doctor')];
    const r = resolve(players, [act('D', 'heal', ['R1']), act('Z', 'fire', ['R1', 'R2'])], 3);
    expect(deaths(r)).toEqual(['R2', 'Z']);
    expect(eventsOf(r, 'uses-spent')).toContainEqual(expect.objectContaining({ player: 'Z', ability: 'fire' }));
  });

  it('"Нельзя убить через безумца другого черного": a black Madman’s black target survives crippled (L101)', () => {
    const players = [
      player('Z', 'madman', 'maniac', { secondRole: 'maniac' }),
      ...town.filter((p) => p.slotId !== 'Z' && p.slotId !== 'X'),
    ];
    const r = resolve(players, [act('Z', 'fire', ['M2', 'R1'])], 3);
    expect(deaths(r)).toEqual(['R1', 'Z']);
    expect(statusesOf(r, 'M2')).toEqual(['crippled']);
  });
});

describe('Fanatic (Фанатик), L36 and black L99', () => {
  const fav = (target: string): NightStatus => ({ id: 'favourite', with: target });
  const players = (favouriteAlive: boolean, ...extra: NightStatus[]): NightPlayer[] => [
    withStatus(red('FA', 'fanatic'), fav('L'), ...extra),
    red('L', 'doctor', { alive: favouriteAlive }),
    red('R1', 'citizen'),
    red('B', 'blocker'),
    mafia('M1'),
    mafia('M2'),
  ];

  it('"Если любимчик выбывает, фанатик получает право отомстить": no revenge while the favourite lives', () => {
    const r = resolve(players(true), [act('FA', 'avenge', ['M1'])], 2);
    expect(refusals(r)).toEqual(['FA:night/not-available']);
  });

  it('"Если убил противоположного по команде игрока … любимчик будет отомщен": the kill ends the revenge, told by PM', () => {
    const r = resolve(players(false), [act('FA', 'avenge', ['M1'])], 2);
    expect(deaths(r)).toEqual(['M1']);
    expect(statusesOf(r, 'FA')).toEqual(['avenged']);
    expect(messagesTo(r, 'FA')).toContainEqual(told('avenged', ['M1'], null));
    expect(renderNightResult({ to: 'FA', fact: 'avenged', about: ['M1'], value: null }, ruNames(players(false)), 'ru')).toBe(
      'Ваш любимчик отомщён: игрок M1 мёртв. Больше убивать вы не можете.',
    );
    const after = resolve(players(false, { id: 'avenged' }), [act('FA', 'avenge', ['M2'])], 3);
    expect(refusals(after)).toEqual(['FA:night/not-available']);
  });

  it('"Если убил своего по команде, лимит мести возрастет": killing a red does not end the revenge', () => {
    const r = resolve(players(false), [act('FA', 'avenge', ['R1'])], 2);
    expect(deaths(r)).toEqual(['R1']);
    expect(statusesOf(r, 'FA')).toEqual([]);
  });

  it('the revenge counts as negative for the Blocker’s protection (L5); a failed attempt is told it may try again (L115.8)', () => {
    const r = resolve(players(false), [act('B', 'protect', ['M1']), act('FA', 'avenge', ['M1'])], 2);
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'FA')).toEqual([told('another-attempt', ['M1'], null)]);
    expect(announced(r)).toContainEqual(told('morning-block', ['B'], { role: 'blocker', hit: true }));
  });

  it('L120: the Fanatic shoots after the negative killers, so the mafia’s victim is already dead', () => {
    const r = resolve(players(false), [act('FA', 'avenge', ['R1']), act('M1', 'kill', ['R1'])], 3);
    expect(eventsOf(r, 'death')).toEqual([expect.objectContaining({ player: 'R1', cause: 'faction-kill' })]);
  });

  it('"будет каждое утро узнавать цели ее дневных или ночных ходов": the Fanatic learns whom the favourite visited', () => {
    const r = resolve(players(true), [act('L', 'heal', ['R1'])], 2);
    expect(messagesTo(r, 'FA')).toEqual([told('target-visits', ['L'], ['R1'])]);
  });
});

describe('Cultist (Культист), L43', () => {
  const mark = (cultist: string): NightStatus => ({ id: 'soul-mark', with: cultist });
  const cult = (spent: Record<string, number> = {}, ...extra: NightPlayer[]): NightPlayer[] => [
    red('CU', 'cultist', { spent }),
    withStatus(red('R1', 'citizen'), mark('CU')),
    red('R2', 'citizen'),
    red('D', 'doctor'),
    mafia('M1'),
    mafia('M2'),
    ...extra,
  ];
  const counted = (r: NightResolution, id: string): string[] =>
    eventsOf(r, 'protection-spent')
      .filter((e) => e.player === id)
      .map((e) => e.protection);

  it('"указывает трех игроков, чьи души должны быть пожраны": a marked player killed by another gives the Cultist a soul', () => {
    const r = resolve(cult(), [act('M1', 'kill', ['R1'])]);
    expect(deaths(r)).toEqual(['R1']);
    expect(counted(r, 'CU')).toEqual(['souls-gained']);
  });

  it('"Нельзя забрать душу игрока, убитого через ход культиста": his own kill gives no soul', () => {
    const r = resolve(cult({ 'souls-gained': 3 }), [act('CU', 'devour', ['R1'])], 2);
    expect(deaths(r)).toEqual(['R1']);
    expect(counted(r, 'CU')).toEqual(['devoured', 'spare-life-gained']);
  });

  it('"исцеление другого игрока отнимает одну из накопленных душ": a needed heal of another costs one soul; the result comes by PM', () => {
    const r = resolve(cult({ 'souls-gained': 1 }), [act('CU', 'soul-heal', ['R2']), act('M1', 'kill', ['R2'])]);
    expect(deaths(r)).toEqual([]);
    expect(counted(r, 'CU')).toEqual(['souls-spent']);
    expect(messagesTo(r, 'CU')).toContainEqual(told('heal-result', ['R2'], true));
    expect(renderNightResult({ to: 'CU', fact: 'heal-result', about: ['R2'], value: true }, ruNames(cult()), 'ru')).toBe(
      'Исцеление игрока R2: попал.',
    );
  });

  it('without the souls to pay, the heal does not happen', () => {
    const r = resolve(cult(), [act('CU', 'soul-heal', ['R2']), act('M1', 'kill', ['R2'])]);
    expect(deaths(r)).toEqual(['R2']);
    expect(messagesTo(r, 'CU')).toEqual([told('heal-result', ['R2'], false)]);
  });

  it('"исцеление себя по две души … на одну душу меньше": an unneeded self-heal costs one soul', () => {
    const r = resolve(cult({ 'souls-gained': 2 }), [act('CU', 'soul-heal', ['CU'])]);
    expect(counted(r, 'CU')).toEqual(['souls-spent']);
    expect(messagesTo(r, 'CU')).toEqual([told('heal-result', ['CU'], false)]);
  });

  it('"по приоритету действия всегда уступает" the Doctor: the Doctor hits, the Cultist’s heal was not needed and costs nothing', () => {
    const r = resolve(cult({ 'souls-gained': 1 }), [
      act('CU', 'soul-heal', ['R2'], 1),
      act('D', 'heal', ['R2'], 2),
      act('M1', 'kill', ['R2']),
    ]);
    expect(deaths(r)).toEqual([]);
    expect(announced(r)).toContainEqual(told('morning-heal', ['D'], { role: 'doctor', hit: true }));
    expect(counted(r, 'CU')).toEqual([]);
    expect(messagesTo(r, 'CU')).toEqual([told('heal-result', ['R2'], false)]);
  });

  it('"Как только культист заберет любые три свои жертвы … пожрать душу": devouring needs three souls, and happens once', () => {
    expect(refusals(resolve(cult({ 'souls-gained': 2 }), [act('CU', 'devour', ['M1'])], 2))).toEqual(['CU:night/not-available']);
    const r = resolve(cult({ 'souls-gained': 3 }), [act('CU', 'devour', ['M1'])], 2);
    expect(deaths(r)).toEqual(['M1']);
    expect(counted(r, 'CU')).toEqual(['devoured']);
    expect(refusals(resolve(cult({ 'souls-gained': 3, devoured: 1 }), [act('CU', 'devour', ['M2'])], 4))).toEqual([
      'CU:night/not-available',
    ]);
  });

  it('"Если культист убьет кого-либо из своей команды, то получит запасную жизнь, как у бессмертного"', () => {
    const r = resolve(cult({ 'souls-gained': 3, devoured: 1, 'spare-life-gained': 1 }), [act('M1', 'kill', ['CU'])], 3);
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'CU')).toContainEqual(told('spare-life-spent', [], null));
  });

  it('a failed devour is told it may try again (L115.8), and the kill is negative for the Blocker’s protection (L5)', () => {
    const r = resolve(cult({ 'souls-gained': 3 }, red('B', 'blocker')), [act('B', 'protect', ['M1']), act('CU', 'devour', ['M1'])], 2);
    expect(deaths(r)).toEqual([]);
    expect(messagesTo(r, 'CU')).toEqual([told('another-attempt', ['M1'], null)]);
  });
});

describe('visitors seen by the Priest, the Politician (roles) and the Hero (names), L115.17–18', () => {
  const players = [red('PR', 'priest'), red('PO', 'politician'), red('H', 'hero'), red('D', 'doctor'), mafia('M1'), mafia('M2')];

  it('"Священник … политик … видят роли тех, кто заходил к ним ночью - как мирные, так и негативные"', () => {
    const r = resolve(players, [act('D', 'heal', ['PR']), act('M1', 'kill', ['PR'])]);
    expect(messagesTo(r, 'PR')).toContainEqual(told('visitor-roles', [], ['doctor', 'mafia']));
    expect(renderNightResult({ to: 'PR', fact: 'visitor-roles', about: [], value: ['doctor', 'mafia'] }, ruNames(players), 'ru')).toBe(
      'Этой ночью к вам заходили роли: Доктор, Мафия.',
    );
    const p = resolve(players, [act('D', 'heal', ['PO'])]);
    expect(messagesTo(p, 'PO')).toEqual([told('visitor-roles', [], ['doctor'])]);
  });

  it('"Бомж, герой … видят имена своих гостей"', () => {
    const r = resolve(players, [act('D', 'heal', ['H'])]);
    expect(messagesTo(r, 'H')).toEqual([told('visited-by', ['H'], ['D'])]);
    expect(messagesTo(r, 'PR')).toEqual([]);
  });
});

describe('Phantom (Фантом), L18: the phantom effect for night-killed players', () => {
  const players = [red('PH', 'phantom'), red('R1', 'citizen'), red('R2', 'citizen'), mafia('M1'), mafia('M2')];

  it('"Пока фантом жив, все убитые ночью игроки автоматически получают эффект фантома на один день"', () => {
    const r = resolve(players, [act('M1', 'kill', ['R1'])]);
    expect(deaths(r)).toEqual(['R1']);
    expect(statusesOf(r, 'R1')).toEqual(['phantom']);
  });

  it('"Если фантома убили ночью, его получит только он сам"', () => {
    const r = resolve(players, [act('M1', 'kill', ['PH']), act('M2', 'kill', ['R2'])], 1, { mafia: 1 });
    expect(deaths(r)).toEqual(['PH', 'R2']);
    expect(statusesOf(r, 'PH')).toEqual(['phantom']);
    expect(statusesOf(r, 'R2')).toEqual([]);
  });

  it('without a Phantom in the game nobody lingers', () => {
    const r = resolve(
      players.filter((p) => p.slotId !== 'PH'),
      [act('M1', 'kill', ['R1'])],
    );
    expect(statusesOf(r, 'R1')).toEqual([]);
  });
});

describe('a played game: a status that names a partner lasts from the day into later nights', () => {
  const roster = [
    'ruleset russian-004',
    'player Ivan faction=red role=immortal',
    'player Olga faction=red role=citizen',
    'player Vera faction=red role=commissar',
    'player Anna faction=red role=citizen',
    'player Boris faction=red role=citizen',
    'player Kolya faction=mafia role=citizen second=mafia',
    'player Lena faction=mafia role=citizen second=mafia',
    'player Misha faction=maniac role=citizen second=maniac',
  ];

  it('L19 "в конце любого дня имеет право создать связь": the link set at the end of day 1 takes the attack on Olga on night 1, and on night 3 the pair dies together', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        '  status Ivan +life-link with Olga',
        'night 1',
        '  Kolya uses kill Olga',
        '  resolve night',
        '  expect alive Olga',
        '  expect alive Ivan',
        'day 2',
        'night 2',
        'day 3',
        'night 3',
        '  Lena uses kill Olga',
        '  resolve night',
        '  expect dead Olga',
        '  expect dead Ivan',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    // The link reached the night through the game model: night 1's PM to Ivan names Olga.
    expect(played.phases[1]?.night === undefined ? [] : messagesTo(played.phases[1].night, 'Ivan')).toContainEqual(
      told('spare-life-spent', ['Olga'], null),
    );
  });

  it('a script names the partner only when a status is given: "with" after a removal is refused', () => {
    expect(() => playText([...roster, 'day 1', '  status Ivan -life-link with Olga'].join('\n'))).toThrow(
      '"with" names a partner only when a status is given',
    );
  });
});
