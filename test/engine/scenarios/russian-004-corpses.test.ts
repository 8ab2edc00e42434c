/**
 * Seed 004's Necromancer (shared/seeds/004 L42, digest §5.2, §5.6): his curse
 * chosen by day and read by the night after, the random curse, the undead
 * label, the corpse swap, and the undead as a killer's target; each through
 * resolveNight with the 004 ruleset or a played game. The quoted lines are the
 * seed's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  resolveNight,
  type NightAction,
  type NightEvent,
  type NightPlayer,
  type NightResolution,
  type NightStatus,
  type PastMove,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';
import { act, deaths, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (players: NightPlayer[], actions: NightAction[], n = 1, seed = 5): NightResolution =>
  resolveNight(night(players, actions, n, { statusRules }), rulesRussian, createRng(seed));
const red = (id: string, role: string, ...statuses: NightStatus[]): NightPlayer =>
  player(id, role, 'red', statuses.length === 0 ? {} : { statuses });
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);
const day = (night: number, ability: string, ...targets: string[]): PastMove => ({ night, day: true, ability, targets });
const necromancer = (...moves: PastMove[]): NightPlayer => ({ ...red('N', 'necromancer'), pastMoves: moves });
const applied = (r: NightResolution, status: string): string[] =>
  r.events.flatMap((e: NightEvent) => (e.type === 'status-applied' && e.status.id === status ? [`${e.player}:${e.status.by ?? ''}`] : []));
const cleared = (r: NightResolution, status: string): string[] =>
  r.events.flatMap((e: NightEvent) => (e.type === 'status-cleared' && e.status === status ? [e.player] : []));

describe('Necromancer (Некромант), L42: the curse', () => {
  it('"в конце первого дня проклинает трех игроков": the night after marks them cursed, and a cursed player who dies is "Нежить"', () => {
    const r = resolve(table(necromancer(day(1, 'curse', 'C', 'R2', 'M2')), red('C', 'commissar')), [act('M1', 'kill', ['C'])]);
    expect(deaths(r)).toEqual(['C']);
    expect(applied(r, 'cursed').sort()).toEqual(['C:N', 'M2:N', 'R2:N']);
    // 'Умерший игрок получит в шапке обозначение "Нежить" до конца игры'.
    expect(applied(r, 'undead')).toEqual(['C:N']);
  });

  it('"Мирная роль мертвого игрока … будет доступна некроманту": the undead Commissar checks the next night, for the Necromancer', () => {
    // The night after the curse left him cursed; he was lynched by day.
    const players = table(necromancer(day(1, 'curse', 'C', 'R2', 'M2')), dead(red('C', 'commissar', { id: 'cursed', by: 'N' })));
    const r = resolve(players, [act('C', 'check', ['M1'])], 2);
    expect(refusals(r)).toEqual([]);
    expect(applied(r, 'undead')).toEqual(['C:N']);
    expect(messagesTo(r, 'N')).toEqual([told('alignment-check', ['M1'], true)]);
  });

  it('"Некромант не может отказаться от назначения целей - в этом случае получит к утру цели по рандому, но их точно не будет среди жертв первой ночи"', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const r = resolve(table(necromancer()), [act('M1', 'kill', ['R1'])], 1, seed);
      const cursed = applied(r, 'cursed');
      expect(cursed).toHaveLength(3);
      expect(cursed.every((c) => c.endsWith(':N'))).toBe(true);
      expect(cursed.map((c) => c.split(':')[0])).not.toContain('R1');
      expect(cursed.map((c) => c.split(':')[0])).not.toContain('N');
    }
    // He who named his three is not cursed for at random.
    const chose = resolve(table(necromancer(day(1, 'curse', 'R2', 'M2', 'M1'))), [act('M1', 'kill', ['R1'])]);
    expect(applied(chose, 'cursed').sort()).toEqual(['M1:N', 'M2:N', 'R2:N']);
  });
});

describe('Necromancer (Некромант), L42: the undead as the killers’ target', () => {
  const undead: NightStatus = { id: 'undead', by: 'N' };

  it('"он может быть целью для киллеров. Если киллер тратит выстрел на нежить, то получает дополнительный ход в ближайшую ночь"', () => {
    const r = resolve(table(red('N', 'necromancer'), dead(red('U', 'commissar', undead))), [act('M1', 'kill', ['U'])]);
    expect(refusals(r)).toEqual([]);
    expect(deaths(r)).toEqual([]);
    // "Если игрок-нежить повторно убит, его уже нельзя вернуть".
    expect(cleared(r, 'undead')).toEqual(['U']);
    expect(r.reserveKills['mafia']).toBe(1);
    // An old curse does not raise him again.
    const laid = resolve(table(necromancer(day(1, 'curse', 'U', 'R2', 'M2')), dead(red('U', 'commissar'))), [act('U', 'check', ['M1'])], 3);
    expect(refusals(laid)).toEqual(['U:night/actor-dead']);
    expect(applied(laid, 'undead')).toEqual([]);
    // A plain dead player is still no target.
    const plain = resolve(table(dead(red('U', 'commissar'))), [act('M1', 'kill', ['U'])]);
    expect(refusals(plain)).toEqual(['M1:night/target-dead']);
  });
});

describe('Necromancer (Некромант), L42: the corpse swap', () => {
  it('"в конце любого дня имеет право отказаться от него, заменив другим убитым игроком … нельзя использовать роль взятого трупа в течение ближайших суток"', () => {
    const moves = [day(1, 'curse', 'U', 'R2', 'M2'), day(2, 'swap-corpse', 'U', 'Z')];
    const players = table(necromancer(...moves), dead(red('U', 'commissar', { id: 'undead', by: 'N' })), dead(red('Z', 'detective')));
    const r = resolve(players, [act('U', 'check', ['M1']), act('Z', 'track', ['M1'])], 2);
    expect(cleared(r, 'undead')).toContain('U');
    expect(applied(r, 'undead')).toEqual(['Z:N']);
    expect(refusals(r)).toEqual(['U:night/actor-dead', 'Z:night/actor-dead']);
    // The night after, the raised Detective tracks for the Necromancer.
    const next = resolve(
      table(necromancer(...moves), dead(red('U', 'commissar')), dead(red('Z', 'detective', { id: 'undead', by: 'N', sinceNight: 3 }))),
      [act('Z', 'track', ['M1'])],
      3,
    );
    expect(refusals(next)).toEqual([]);
    expect(messagesTo(next, 'N').map((m) => m.fact)).toEqual(['target-visits']);
  });
});

describe('Collector (Коллекционер), L41, L103: names by day, roles collected at a death', () => {
  const collector = (...moves: PastMove[]): NightPlayer => ({ ...red('K', 'collector'), pastMoves: moves });
  const roleChanges = (r: NightResolution): string[] =>
    r.events.flatMap((e: NightEvent) => (e.type === 'role-changed' ? [`${e.player}:${e.to ?? ''}`] : []));

  it('"Если кто-то из них вылетит из игры в течение суток, коллекционер автоматически получает мирные роли жертв … она автоматически активируется"', () => {
    const r = resolve(table(collector(day(1, 'collect', 'D', 'R2')), red('D', 'doctor')), [act('M1', 'kill', ['D'])]);
    expect(deaths(r)).toEqual(['D']);
    expect(applied(r, 'in-collection')).toEqual(['D:K']);
    expect(applied(r, 'collected-role')).toEqual(['K:']);
    expect(messagesTo(r, 'K')).toContainEqual(told('role-collected', ['D'], 'doctor'));
    // The next night he heals with it.
    const next = resolve(
      table(
        red('K', 'collector', { id: 'collected-role', with: 'D', sinceNight: 2 }),
        dead(red('D', 'doctor', { id: 'in-collection', by: 'K' })),
      ),
      [act('M1', 'kill', ['R1']), act('K', 'heal', ['R1'])],
      2,
    );
    expect(deaths(next)).toEqual([]);
  });

  it('"Если умер покалеченный игрок, нельзя получить его роль"', () => {
    const r = resolve(table(collector(day(1, 'collect', 'D')), red('D', 'doctor', { id: 'crippled' })), [act('M1', 'kill', ['D'])]);
    expect(applied(r, 'in-collection')).toEqual([]);
  });

  it('"По приоритету на роль уступает активному жителю, когда уже есть одна любая роль, и преобладает, пока ее нет" (§8)', () => {
    const citizen = red('AC', 'active-citizen');
    const first = resolve(table(collector(day(1, 'collect', 'D')), red('D', 'doctor'), citizen), [act('M1', 'kill', ['D'])]);
    expect(applied(first, 'in-collection')).toEqual(['D:K']);
    expect(roleChanges(first)).toEqual([]);
    const owner = dead(red('C', 'commissar', { id: 'in-collection', by: 'K' }));
    const later = resolve(table(collector(day(1, 'collect', 'D')), red('D', 'doctor'), citizen, owner), [act('M1', 'kill', ['D'])]);
    expect(applied(later, 'in-collection')).toEqual([]);
    expect(roleChanges(later)).toEqual(['AC:doctor']);
  });

  it('"Пока у коллекционера нет ролей, он может назначать до трех целей за раз. Когда одна или две роли, можно выбирать до двух целей"', () => {
    const owner = dead(red('C', 'commissar', { id: 'in-collection', by: 'K' }));
    const three = resolve(table(collector(day(2, 'collect', 'D', 'R1', 'R2')), red('D', 'doctor'), owner), [act('M1', 'kill', ['D'])], 2);
    expect(refusals(three)).toEqual(['K:night/over-limit']);
    expect(applied(three, 'in-collection')).toEqual([]);
    const two = resolve(table(collector(day(2, 'collect', 'D', 'R1')), red('D', 'doctor'), owner), [act('M1', 'kill', ['D'])], 2);
    expect(refusals(two)).toEqual([]);
    expect(applied(two, 'in-collection')).toEqual(['D:K']);
  });

  it('a player named at the end of day 1 and lynched on day 2 is collected before night 2 ("в течение суток")', () => {
    const r = resolve(table(collector(day(1, 'collect', 'D')), dead(red('D', 'doctor'))), [], 2);
    expect(applied(r, 'in-collection')).toEqual(['D:K']);
    expect(applied(r, 'collected-role')).toEqual(['K:']);
  });
});

describe('Collector (Коллекционер), L41: "Имеет право отключить/не активировать роль в конце дня" (the move deactivate-role)', () => {
  const collecting = (statuses: NightStatus[], ...moves: PastMove[]): NightPlayer => ({
    ...red('K', 'collector', ...statuses),
    pastMoves: moves,
  });
  const doctorGone = dead(red('D', 'doctor', { id: 'in-collection', by: 'K' }));
  const active: NightStatus = { id: 'collected-role', with: 'D', sinceNight: 2 };

  it('"отключить": with no role active from the night after, the collected Doctor’s heal is his no more', () => {
    const r = resolve(
      table(collecting([active], day(2, 'deactivate-role')), doctorGone),
      [act('M1', 'kill', ['R1']), act('K', 'heal', ['R1'])],
      2,
    );
    expect(cleared(r, 'collected-role')).toEqual(['K']);
    expect(refusals(r)).toEqual(['K:night/unknown-ability']);
    expect(deaths(r)).toEqual(['R1']);
    // The collection itself stays: the role is still his to activate later.
    expect(cleared(r, 'in-collection')).toEqual([]);
  });

  it('the last choice of the day stands: an activation after it makes the role active again, and a night without the choice keeps it', () => {
    const again = resolve(
      table(collecting([], day(2, 'deactivate-role'), day(2, 'activate-role', 'D')), doctorGone),
      [act('M1', 'kill', ['R1']), act('K', 'heal', ['R1'])],
      2,
    );
    expect(applied(again, 'collected-role')).toEqual(['K:']);
    expect(deaths(again)).toEqual([]);
    const kept = resolve(table(collecting([active]), doctorGone), [act('M1', 'kill', ['R1']), act('K', 'heal', ['R1'])], 2);
    expect(cleared(kept, 'collected-role')).toEqual([]);
    expect(deaths(kept)).toEqual([]);
  });

  it('"не активировать": a named player who dies that night joins the collection, and no role is activated on its own', () => {
    const r = resolve(table(collecting([], day(1, 'collect', 'D'), day(1, 'deactivate-role')), red('D', 'doctor')), [
      act('M1', 'kill', ['D']),
    ]);
    expect(applied(r, 'in-collection')).toEqual(['D:K']);
    expect(applied(r, 'collected-role')).toEqual([]);
    // Without the choice, the same death activates the role (the seed's default).
    const auto = resolve(table(collecting([], day(1, 'collect', 'D')), red('D', 'doctor')), [act('M1', 'kill', ['D'])]);
    expect(applied(auto, 'collected-role')).toEqual(['K:']);
  });

  it('a played game: the role activated by his target’s death, switched off at the end of day 2, is no longer his on night 2', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'seed 4',
        'player Kira faction=red role=collector',
        'player Dasha faction=red role=doctor',
        ...['Boris', 'Olga', 'Ivan', 'Gleb', 'Dima'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        '  Kira uses collect Dasha',
        'night 1',
        '  Kolya uses kill Dasha',
        '  resolve night',
        '  expect dead Dasha',
        'day 2',
        '  expect status Kira collected-role',
        '  Kira uses deactivate-role',
        'night 2',
        '  Kira uses heal Boris',
        '  resolve night',
        'day 3',
        '  expect status Kira not collected-role',
        '  expect status Dasha in-collection',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const n2 = played.phases.find((p) => p.phase.kind === 'night' && p.phase.number === 2)?.night;
    expect(n2?.refused.map((x) => `${x.action.ability}: ${x.reason}`)).toEqual(['heal: night/unknown-ability']);
  });
});

describe('Forensic (Криминалист), L44: the samples tested the night after', () => {
  const forensic = (...moves: PastMove[]): NightPlayer => ({ ...red('F', 'forensic'), pastMoves: moves });
  const body = dead({ ...red('V', 'citizen'), killedBy: ['M1'] });
  const samples = [day(2, 'examine-bodies', 'V'), day(2, 'take-samples', 'M1', 'R1')];

  it('"если среди выбранных есть непосредственный убийца, криминалист узнает об этом утром, сравнив его с умершим"', () => {
    const r = resolve(table(forensic(...samples), body), [], 2);
    expect(messagesTo(r, 'F')).toEqual([told('samples-matched', ['V', 'M1', 'R1'], true)]);
    const other = resolve(table(forensic(day(2, 'examine-bodies', 'V'), day(2, 'take-samples', 'R1', 'R2')), body), [], 2);
    expect(messagesTo(other, 'F')).toEqual([told('samples-matched', ['V', 'R1', 'R2'], false)]);
  });

  it('"Можно выбрать любой из ранее обследованных трупов": a body examined on an earlier day', () => {
    const r = resolve(table(forensic(day(1, 'examine-bodies', 'V'), day(3, 'take-samples', 'M1')), body), [], 3);
    expect(messagesTo(r, 'F')).toEqual([told('samples-matched', ['V', 'M1'], true)]);
  });

  it('"технически это два разных хода - дневной и ночной, поэтому эффекты любых блокирующих ролей могут сорвать получение результата"', () => {
    const r = resolve(table(forensic(...samples), body, red('B', 'blocker')), [act('B', 'block', ['F'])], 2);
    expect(messagesTo(r, 'F').filter((m) => m.fact === 'samples-matched')).toEqual([]);
  });

  it('"Криминалист пассивно обладает способностью видеть имена всех игроков, которые заходили к нему ночью"', () => {
    const r = resolve(table(forensic(), red('D', 'doctor')), [act('D', 'heal', ['F'])]);
    expect(messagesTo(r, 'F')).toContainEqual(told('visited-by', ['F'], ['D']));
  });
});

describe('a plain Werewolf (Оборотень), L131, L51–L54: his special move is a named werewolf kind’s', () => {
  const werewolf = player('W', 'citizen', 'werewolf', { secondRole: 'werewolf' });
  const players = [...table(red('C', 'commissar')), werewolf];

  it('"Пятым черным добавляется второй оборотень": a Joker’s check sent as "joker/flip-check" flips the colour for the Commissar', () => {
    const r = resolve(players, [act('W', 'joker/flip-check', ['M1'], 10), act('C', 'check', ['M1'], 20)]);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['M1'], false)]);
    // The seed does not describe a plain Werewolf's move: the answer used is reported.
    expect(r.ambiguities.map((a) => `${a.setting}=${a.value}`)).toContain('plainWerewolfMove=named-kind');
  });

  it('a kind not among the werewolves, or with the setting "none", is no move of his', () => {
    expect(refusals(resolve(players, [act('W', 'doctor/heal', ['R1'])]))).toEqual(['W:night/unknown-ability']);
    const none = { ...rulesRussian, settings: { ...rulesRussian.settings, plainWerewolfMove: 'none' as const } };
    const r = resolveNight(night(players, [act('W', 'joker/flip-check', ['M1'])], 1, { statusRules }), none, createRng(5));
    expect(refusals(r)).toEqual(['W:night/not-available']);
  });
});

describe('a played game: the curse by a day move, the undead by the night (L42)', () => {
  it('"в конце первого дня проклинает трех игроков … Умерший игрок получит в шапке обозначение \\"Нежить\\""', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Nik faction=red role=necromancer',
        'player Olga faction=red role=citizen',
        'player Vera faction=red role=commissar',
        'player Anna faction=red role=citizen',
        'player Boris faction=red role=citizen',
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        '  Nik uses curse Vera Anna Boris',
        'night 1',
        '  Kolya uses kill Vera',
        '  resolve night',
        '  expect dead Vera',
        '  expect status Vera undead',
        '  expect status Anna cursed',
        'day 2',
        'night 2',
        '  Vera uses check Misha',
        '  resolve night',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(played.phases[3]?.night?.refused).toEqual([]);
    expect(played.phases[3]?.night?.events).toContainEqual(
      expect.objectContaining({
        type: 'message',
        to: 'Nik',
        result: expect.objectContaining({ fact: 'alignment-check', about: ['Misha'] }),
      }),
    );
  });
});
