/**
 * Issue 17, "How we will know": a whole game of seed 004
 * (../shared/seeds/004_f6d88bc78ab5cdbd.txt, digest §3.2, §3.3), played from
 * scripts/russian-004-whole.game: eighteen players, fifteen of the seed's roles
 * acting at night, the mayor election, three resolved nights and four days,
 * until the reds win. The morning posts and the night's private messages are
 * checked word for word, in Russian, against the seed's forms.
 */
import { describe, expect, it } from 'vitest';
import { findRuleset } from '../../../src/engine';
import { failedExpectations, playScript, readScript } from './run-script';

const script = readScript('russian-004-whole.game');
const result = playScript('russian-004-whole.game');

/** The roster from the script's `player` lines: name -> [peaceful role, negative role?]. */
const roster = new Map(
  [...script.matchAll(/^player\s+(\S+)\s.*?\brole=(\S+)(?:\s+second=(\S+))?/gm)].map((m) => [
    m[1] ?? '',
    [m[2] ?? '', m[3]].filter((r): r is string => r !== undefined),
  ]),
);

/** The role each `X uses ABILITY …` line of the script acts with: the one of X's roles that holds the ability. */
function actingRoles(): Set<string> {
  const ruleset = findRuleset('russian-004');
  if (ruleset === undefined) throw new Error('no russian-004 preset');
  const acted = new Set<string>();
  for (const m of script.matchAll(/^\s*(\S+)\s+uses\s+(\S+)/gm)) {
    const holder = (roster.get(m[1] ?? '') ?? []).find((id) =>
      ruleset.roles.find((r) => r.id === id)?.abilities.some((a) => a.id === m[2]),
    );
    if (holder === undefined) throw new Error(`${m[1]} holds no role with ${m[2]}`);
    acted.add(holder);
  }
  return acted;
}

/** The lines of a day's opening post between its header and the list of the living. */
const morning = (phase: number): string[] => {
  const lines = (result.phases[phase]?.openingPost ?? '').split('\n');
  const living = lines.findIndex((l) => l.startsWith('[b]В живых'));
  return lines.slice(1, living).filter((l) => l !== '');
};

/** The private messages a night sent, as "name: text" in the game's language (Russian). */
const pms = (phase: number): string[] => (result.phases[phase]?.privateMessages ?? []).map((m) => `${m.name}: ${m.text}`);

describe('seed 004, a whole game: 18 players, 15 roles acting, until the reds win', () => {
  it('holds every expectation the script states, and nothing it sends is refused', () => {
    expect(result.expectations.length).toBeGreaterThanOrEqual(15);
    expect(failedExpectations(result)).toEqual([]);
    expect(result.phases.flatMap((p) => p.rejected)).toEqual([]);
    expect(result.phases.flatMap((p) => p.night?.refused ?? [])).toEqual([]);
  });

  it('has at least 12 players and 15 different roles of the seed, each acting at least once', () => {
    expect(roster.size).toBeGreaterThanOrEqual(12);
    const acted = actingRoles();
    expect(acted.size).toBeGreaterThanOrEqual(15);
    expect([...acted].sort()).toEqual(
      [
        'anonymous',
        'blocker',
        'bodyguard',
        'commissar',
        'detective',
        'doctor',
        'drug-dealer',
        'hacker',
        'homeless',
        'inquisitor',
        'journalist',
        'mafia',
        'maid',
        'maniac',
        'prostitute',
      ].sort(),
    );
  });

  it('L171: ends on day 4 when the last black is lynched: "после выбывания всех черных и безликого" the reds win', () => {
    expect(result.phases).toHaveLength(7);
    expect(result.end?.reason).toBe('win/reds-cleared');
    expect(result.end?.winningSides).toEqual(['red']);
  });

  it('day 2 morning (night 1): the Doctor saved the mafia’s victim, the Blocker stopped the Prostitute, the check went through', () => {
    expect(morning(2)).toEqual([
      'Никто не погиб.',
      // L34: "Ведущий в самом начале голосования укажет этих игроков" — Rita drugged Misha and Kolya.
      'Игрок Kolya под наркотиком.',
      'Игрок Misha под наркотиком.',
      // L5: "попал (сбил любому игроку ход)": Boris blocked Olga, who was taking Pavel home.
      'Блокер: попал',
      // L4: "Если этот игрок должен был умереть, в итоге будет "попал"": Kolya shot Maxim, Anna healed him.
      'Доктор: попал',
      // L6: "Если попал или не попал, получает точный ответ в ЛС, а для всех остальных будет - чек прошел".
      'Комиссар: чек прошел',
    ]);
  });

  it('night 1: the private messages, word for word', () => {
    expect(pms(1)).toEqual([
      // L115.5: "Если доктор попал, получит имя жертвы."
      'Anna: Вы попали: ваша цель, которую вы спасли, — Maxim.',
      // L5: "Если блокер так или иначе попал, то узнает утром в ЛС название соответствующей роли."
      'Boris: Вы попали: роль игрока Olga — Проститутка.',
      // L6: "Если попал или не попал, получает точный ответ в ЛС".
      'Vera: Результат проверки игрока Kolya: чёрный.',
      // L115.18: "детектив (при слежке) видят имена своих гостей" — tracking, Grisha sees where Kolya went.
      'Grisha: Kolya ходил(а) к: Maxim.',
      // L8: "имеющий доступ к результатам ходов комиссара и детектива ... получает всю информацию от ведущего утром".
      'Dasha: (от игрока Vera) Результат проверки игрока Kolya: чёрный.',
      'Dasha: (от игрока Grisha) Kolya ходил(а) к: Maxim.',
      // L115.9: "Если хакер сделал ход, целевой игрок узнает утром о взломе, а хакер узнает его мирную роль."
      'Egor: Роль игрока Lena: Мирный житель.',
      // L24: "Возможный результат - одинаковые, разные, информация не предоставляется."
      'Inna: Misha, Rita: цвета разные.',
      // L25: "Если ночью к нему кто-то пришел - узнает личность гостя, но не роль." Not Kolya: "Если бомж ...
      // следил за спасенной жертвой, то не получит имя киллера."
      'Kirill: К игроку Maxim приходили: Anna.',
      // L26: "к утру узнает их мирные роли и будет каждое утро получать общую информацию этих ролей, которую получают выбранные игроки".
      'Lyuba: Роль игрока Misha: Мирный житель.',
      'Lyuba: (от игрока Misha) Вас накачали наркотиками.',
      // L115.4: "Если игрок был атакован, но по любой причине выжил, то он узнает утром о покушении."
      'Maxim: Этой ночью на вас было совершено покушение, но вы выжили.',
      // L115.5: "его цель узнает о блоке своего хода".
      'Olga: Ваше ночное действие прошлой ночью, если оно было, не состоялось из-за роли «Блокер».',
      // L29: the Inquisitor checks a player's colour by night; his result comes by PM (L115.2).
      'Pavel: Результат проверки игрока Lena: чёрный.',
      // L115.13: "Клиент наркодилера почувствует, что его накачали."
      'Kolya: Вас накачали наркотиками.',
      // L115.9: "целевой игрок узнает утром о взломе".
      // L22: Lena is black, so one of her two roles stays blocked a second day.
      'Lena: Вас взломал хакер: обе ваши роли заблокированы на игровые сутки, и одна из них останется заблокированной на вторые сутки. В конце дня сообщите ведущему, какую роль будете использовать.',
      'Misha: Вас накачали наркотиками.',
      // L115.10: "Жертвы анонимуса почувствуют, что за ними наблюдают."
      'Misha: Вы чувствуете, что за вами наблюдают.',
    ]);
  });

  it('day 2: Kolya, lynched, shows both roles and his team (L83)', () => {
    expect(result.phases[3]?.openingPost ?? '').toContain('[b]Kolya[/b] выбывает из игры (линчевание). Мирный житель + Мафия, Мафия');
  });

  it('day 3 morning (night 2): the victims show only their peaceful role; nobody was blocked or saved', () => {
    expect(morning(4)).toEqual([
      // L134: "У погибших ночью игроков не будет раскрываться их настоящая команда. У этих игроков раскроется только их мирная роль".
      '[b]Nina[/b] выбывает из игры (ночное убийство). Телохранитель',
      // Lena, a black burnt by the Inquisitor: "Мирный житель", never "Мафия".
      '[b]Lena[/b] выбывает из игры (ночное убийство). Мирный житель',
      // L5: "не попал (... игрок ничего не делал ...)": Lena had nothing to do on the maniac's night.
      'Блокер: не попал',
      // L4: Anna healed Rita, whom nobody attacked.
      'Доктор: не попал',
      // L6: Vera checked Misha.
      'Комиссар: чек прошел',
    ]);
  });

  it('night 2: the private messages, word for word', () => {
    // L17: the Anonymous is handed "общая информация роли", which "не дает четкого технического определения его
    // команды"; Misha's "Команда вашей жертвы" plainly shows he killed, so by default it is not passed on (the open
    // question `forwardsVictimTeam`), and the night reports the question to the host.
    const relayedKill = 'Lyuba: (от игрока Misha) Команда вашей жертвы (Nina): Красные (мирные).';
    expect(pms(3)).not.toContain(relayedKill);
    expect(result.phases[3]?.nightNotes?.filter((n) => n.includes('forwardsVictimTeam = no'))).toHaveLength(1);
    // L45: the Maid sees "всю общую информацию выбранного игрока, полученную им в течение игры": Vera's check of
    // night 1 (Kolya) as well as tonight's (Misha).
    const maidSaw = (m: string): boolean => m.startsWith('Maxim: (от игрока Vera)');
    expect(pms(3).filter(maidSaw)).toEqual([
      'Maxim: (от игрока Vera) Результат проверки игрока Kolya: чёрный.',
      'Maxim: (от игрока Vera) Результат проверки игрока Misha: чёрный.',
    ]);
    expect(pms(3).filter((m) => !maidSaw(m))).toEqual([
      'Vera: Результат проверки игрока Misha: чёрный.',
      'Grisha: Misha ходил(а) к: Kirill.',
      // L8: the Investigator gets the Commissar's and the Detective's results.
      'Dasha: (от игрока Vera) Результат проверки игрока Misha: чёрный.',
      'Dasha: (от игрока Grisha) Misha ходил(а) к: Kirill.',
      // L115.12: "Клиент проститутки/гейши вспомнит утром, как хорошо провел ночь!"
      'Egor: Этой ночью вы развлекались и провели ночь не дома.',
      // L20: "Если телохранитель погиб на задании, когда атаковали подопечного, спасенный игрок узнает имя убийцы."
      'Kirill: На вас напали, и игрок Nina погиб, защищая вас. Убийца: Misha.',
      // L115.4: the survivor of an attack learns of the attempt.
      'Kirill: Этой ночью на вас было совершено покушение, но вы выжили.',
      // L25: the second night at the same house: "Бомж заметит, если игрок выходил из своего дома" (Maxim went to Vera).
      'Kirill: К игроку Maxim никто не приходил.',
      'Kirill: Игрок Maxim ночью выходил из дома.',
      // L25: "Бомж не имеет собственного дома и всегда видит имена игроков, которые приходили к нему лично" — but
      // not Misha: "Если бомж стал жертвой покушения, но был спасен ... то не получит имя киллера."
      'Kirill: К игроку Kirill приходили: Nina.',
      // L45: "Горничная узнает мирную роль цели и увидит всю общую информацию выбранного игрока".
      'Maxim: Роль игрока Vera: Комиссар.',
      // L115.12: "Они обе узнают мирную роль клиента."
      'Olga: Роль игрока Egor: Хакер.',
      // L115.2: "Любой киллер узнает о команде своей жертвы." — the Inquisitor's burn, too (L134: "своими руками").
      'Pavel: Команда вашей жертвы (Lena): Мафия.',
      'Misha: Команда вашей жертвы (Nina): Красные (мирные).',
      // L115.10: the watched feel it.
      'Misha: Вы чувствуете, что за вами наблюдают.',
    ]);
  });

  it('day 3: the lynch of a red (Rita) costs the Mayor his post', () => {
    const post = result.phases[4]?.resultPost ?? '';
    expect(post).toContain('Rita (линчевание): Наркодилер, Красные (мирные)');
    expect(post).toContain('Линчеван красный: игрок Zhenya теряет пост (Мэр).');
  });

  it('day 4 morning (night 3): the Blocker stopped the Maniac; nobody died', () => {
    expect(morning(6)).toEqual([
      'Никто не погиб.',
      // L5: "попал (сбил любому игроку ход)": Boris blocked Misha's kill.
      'Блокер: попал',
      // L4: Anna healed Olga, whom nobody attacked.
      'Доктор: не попал',
      'Комиссар: чек прошел',
    ]);
  });

  it('night 3: the private messages, word for word', () => {
    expect(pms(5)).toEqual([
      // L5: the Blocker learns the role he stopped — the negative one.
      'Boris: Вы попали: роль игрока Misha — Маньяк.',
      'Vera: Результат проверки игрока Dasha: красный.',
      'Dasha: (от игрока Vera) Результат проверки игрока Dasha: красный.',
      // L26: the Anonymous still watches Misha.
      'Lyuba: (от игрока Misha) Ваше ночное действие прошлой ночью, если оно было, не состоялось из-за роли «Блокер».',
      // L115.5: "его цель узнает о блоке своего хода".
      'Misha: Ваше ночное действие прошлой ночью, если оно было, не состоялось из-за роли «Блокер».',
      'Misha: Вы чувствуете, что за вами наблюдают.',
    ]);
  });
});
