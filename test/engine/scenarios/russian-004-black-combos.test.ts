/**
 * Seed 004's black roles combined with peaceful ones (L107, L109, L110), and
 * how a host reads the moves of the night: each test quotes the seed line
 * (../shared/seeds/004_f6d88bc78ab5cdbd.txt) it implements.
 */
import { describe, expect, it } from 'vitest';
import { createRng, nightResultNames, resolveNight, rulesets, type NightInput, type NightRules } from '../../../src/engine';
import { postNames } from '../../../src/engine/announce/phrases';
import { translatorFor } from '../../../extension/shared/catalogs';
import { rulesetWords } from '../../../extension/shared/ruleset-words';
import { outcomeText } from '../../../extension/popup/night-words';
import { moveName } from '../../../extension/popup/move-name';
import { failedExpectations, playText } from './run-script';
import { act, deaths, eventsOf, night, player, rulesRussian, statusRulesOf } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput, rules: NightRules = rulesRussian) => resolveNight({ ...input, statusRules }, rules, createRng(4));
const red = (id: string, role = 'citizen', extra: Parameters<typeof player>[3] = {}) => player(id, role, 'red', extra);
const black = (id: string, faction: string, negative: string, peaceful = 'citizen', extra: Parameters<typeof player>[3] = {}) =>
  player(id, peaceful, faction, { secondRole: negative, ...extra });
const mafia = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia')];
const maniac = black('X', 'maniac', 'maniac');
const reds = [red('R1'), red('R2'), red('R3')];
const refusals = (r: ReturnType<typeof resolve>) => r.refused.map((x) => [x.action.actor, x.action.ability, x.reason]);

describe('L107 Mercenary combined with the Investigator, Fanatic or Cultist', () => {
  const line =
    'L107 "Наемник - если сочетается со следователем, фанатиком или культистом, то использование хода киллера от любой из этих ролей приведет к автопропуску хода с заказом"';
  it(`${line}: the Investigator's shot skips the contract, whichever PM came later; the Mafia shoots its own target`, () => {
    const merc = black('N', 'mafia', 'mercenary', 'investigator');
    for (const [contractAt, shotAt] of [
      [1, 2],
      [2, 1],
    ] as const) {
      const r = resolve(
        night(
          [...mafia, maniac, merc, ...reds],
          [act('N', 'contract', ['R1'], contractAt), act('N', 'investigate', ['R2'], shotAt), act('M1', 'kill', ['R3'], 3)],
          1,
        ),
      );
      expect(refusals(r)).toEqual([['N', 'contract', 'night/skipped-for-move']]);
      expect(deaths(r).sort()).toEqual(['R2', 'R3']);
    }
  });
  it(`${line}: the Fanatic's revenge skips it too`, () => {
    const merc = black('N', 'mafia', 'mercenary', 'fanatic', { statuses: [{ id: 'favourite', with: 'F' }] });
    const favourite = red('F', 'citizen', { alive: false });
    const r = resolve(
      night([...mafia, maniac, merc, favourite, ...reds], [act('N', 'avenge', ['R2'], 1), act('N', 'contract', ['R1'], 2)], 1),
    );
    expect(refusals(r)).toEqual([['N', 'contract', 'night/skipped-for-move']]);
    expect(deaths(r)).toEqual(['R2']);
  });
  it(`${line}: so does the Cultist's devouring`, () => {
    const merc = black('N', 'mafia', 'mercenary', 'cultist', { spent: { 'souls-gained': 3 } });
    const r = resolve(night([...mafia, maniac, merc, ...reds], [act('N', 'devour', ['R2'], 1), act('N', 'contract', ['R1'], 2)], 1));
    expect(refusals(r)).toEqual([['N', 'contract', 'night/skipped-for-move']]);
    expect(deaths(r)).toEqual(['R2']);
  });
  it('the Ninja, the Yakuza’s Mercenary (L55), is skipped the same way', () => {
    const yakuza = [black('Y1', 'yakuza', 'yakuza'), black('Y2', 'yakuza', 'yakuza')];
    const ninja = black('J', 'yakuza', 'ninja', 'investigator');
    const r = resolve(
      night([...mafia, ...yakuza, ninja, ...reds], [act('J', 'contract', ['R1'], 1), act('J', 'investigate', ['R2'], 2)], 2),
    );
    expect(refusals(r)).toEqual([['J', 'contract', 'night/skipped-for-move']]);
  });
  it('a killer move that is not open to him tonight (the Commissar lives: no gun for the Investigator, L8) skips nothing', () => {
    const merc = black('N', 'mafia', 'mercenary', 'investigator');
    const r = resolve(
      night(
        [...mafia, maniac, merc, red('C', 'commissar'), ...reds],
        [act('N', 'contract', ['R1'], 1), act('N', 'investigate', ['R2'], 2)],
        1,
      ),
    );
    expect(refusals(r)).toEqual([['N', 'investigate', 'night/not-available']]);
    expect(deaths(r)).toEqual(['R1']);
  });
  it('a Mercenary whose peaceful role has no killer move keeps his contract', () => {
    const merc = black('N', 'mafia', 'mercenary', 'doctor');
    const r = resolve(night([...mafia, maniac, merc, ...reds], [act('N', 'contract', ['R1'], 1), act('N', 'heal', ['R2'], 2)], 1));
    expect(refusals(r)).toEqual([]);
    expect(deaths(r)).toEqual(['R1']);
  });
  it('the refusal reads in the host’s language', () => {
    const merc = black('N', 'mafia', 'mercenary', 'investigator');
    const r = resolve(night([...mafia, maniac, merc, ...reds], [act('N', 'contract', ['R1'], 1), act('N', 'investigate', ['R2'], 2)], 1));
    const t = translatorFor('ru');
    const refused = r.refused[0];
    expect(refused?.message).toBeDefined();
    expect(t(`engine_${refused?.message?.code.replace(/[^A-Za-z0-9]+/g, '_') ?? ''}` as Parameters<typeof t>[0])).toMatch(
      /автоматически пропущен/,
    );
  });
});

describe('L109 Poisoner whose peaceful role is the Fanatic', () => {
  const line =
    'L109 "Отравитель - если получил в качестве мирной роли фанатика, убийство любимчика через отравление не даст возможность мстить"';
  it(`${line}: the favourite dies of his poison; the Fanatic is left without revenge (his favourite counts as avenged)`, () => {
    const p = black('P', 'werewolf', 'poisoner', 'fanatic', { statuses: [{ id: 'favourite', with: 'R1' }] });
    const poisoned = red('R1', 'citizen', { statuses: [{ id: 'poisoned', sinceNight: 1, by: 'P' }] });
    const r = resolve(night([...mafia, maniac, p, poisoned, red('R2')], [], 2));
    expect(deaths(r)).toEqual(['R1']);
    expect(eventsOf(r, 'status-applied').map((e) => [e.player, e.status.id])).toEqual([['P', 'avenged']]);
    // The next night his revenge is refused: the favourite counts as avenged.
    const after = resolve(
      night(
        [
          ...mafia,
          maniac,
          black('P', 'werewolf', 'poisoner', 'fanatic', { statuses: [{ id: 'favourite', with: 'R1' }, { id: 'avenged' }] }),
          red('R1', 'citizen', { alive: false }),
          red('R2'),
        ],
        [act('P', 'avenge', ['R2'])],
        3,
      ),
    );
    expect(deaths(after)).toEqual([]);
  });
  it('a red Fanatic whose favourite another player poisoned keeps his revenge (L36)', () => {
    const p = black('P', 'werewolf', 'poisoner');
    const fanatic = red('F', 'fanatic', { statuses: [{ id: 'favourite', with: 'R1' }] });
    const poisoned = red('R1', 'citizen', { statuses: [{ id: 'poisoned', sinceNight: 1, by: 'P' }] });
    const r = resolve(night([...mafia, maniac, p, fanatic, poisoned, red('R2')], [], 2));
    expect(deaths(r)).toEqual(['R1']);
    expect(eventsOf(r, 'status-applied').filter((e) => e.status.id === 'avenged')).toEqual([]);
  });
});

describe('L110 Executioner combined with the Immortal', () => {
  const line =
    'L110 "Экзекутор - если сочетается с бессмертным, то в приоритете учитывается жизнь бессмертного. Если экзекутор или связанный с ним игрок стал целью убийства, при этом жизнь бессмертного была потрачена ранее, а жизнь экзекутора осталась нетронутой, то связанный игрок умрет в одиночку"';
  const executioner = (extra: Parameters<typeof player>[3] = {}) =>
    black('E', 'werewolf', 'executioner', 'immortal', { statuses: [{ id: 'life-link', with: 'R1' }], ...extra });
  const spent = { spent: { 'spare-life': 1 } };
  const protections = (r: ReturnType<typeof resolve>) => eventsOf(r, 'protection-spent').map((e) => [e.player, e.protection]);
  it(`${line}: the first kill on him takes the Immortal's life, not the Executioner's`, () => {
    const r = resolve(night([...mafia, maniac, executioner(), red('R1'), red('R2')], [act('M1', 'kill', ['E'])], 1));
    expect(deaths(r)).toEqual([]);
    expect(protections(r)).toEqual([['E', 'spare-life']]);
  });
  it(`${line}: the Immortal's life spent, a kill on the Executioner takes his own life and the linked player dies alone`, () => {
    const r = resolve(night([...mafia, maniac, executioner(spent), red('R1'), red('R2')], [act('M1', 'kill', ['E'])], 1));
    expect(deaths(r)).toEqual(['R1']);
    expect(protections(r)).toEqual([['E', 'vest']]);
  });
  it(`${line}: the Immortal's life spent, a kill on the linked player kills him alone (open question: the Executioner keeps his own life)`, () => {
    const r = resolve(night([...mafia, maniac, executioner(spent), red('R1'), red('R2')], [act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r)).toEqual(['R1']);
    expect(protections(r)).toEqual([]);
    expect(r.ambiguities.map((a) => [a.setting, a.value])).toContainEqual(['linkedDeathSpendsOwnLife', 'no']);
    const spends = { ...rulesRussian, settings: { ...rulesRussian.settings, linkedDeathSpendsOwnLife: 'yes' as const } };
    const other = resolve(night([...mafia, maniac, executioner(spent), red('R1'), red('R2')], [act('M1', 'kill', ['R1'])], 1), spends);
    expect(deaths(other)).toEqual(['R1']);
    expect(protections(other)).toEqual([['E', 'vest']]);
  });
  it('both lives spent: the L19 link holds again, the pair dies together', () => {
    const r = resolve(
      night([...mafia, maniac, executioner({ spent: { 'spare-life': 1, vest: 1 } }), red('R1'), red('R2')], [act('M1', 'kill', ['R1'])], 1),
    );
    expect(deaths(r).sort()).toEqual(['E', 'R1']);
  });
  it('L19 without the Executioner: an Immortal whose life is spent dies with the linked player', () => {
    const immortal = red('I', 'immortal', { statuses: [{ id: 'life-link', with: 'R1' }], spent: { 'spare-life': 1 } });
    const r = resolve(night([...mafia, maniac, immortal, red('R1'), red('R2')], [act('M1', 'kill', ['R1'])], 1));
    expect(deaths(r).sort()).toEqual(['I', 'R1']);
  });
});

describe('a move named by the role that holds it', () => {
  const preset = rulesets['russian-004'];
  const blockedKill = (killer: ReturnType<typeof black>, n: number) =>
    resolve(
      night(
        [...mafia, maniac, killer, red('B', 'blocker'), ...reds].filter((p, i, all) => all.findIndex((q) => q.slotId === p.slotId) === i),
        [act(killer.slotId, 'kill', ['R1'], 1), act('B', 'block', [killer.slotId], 2)],
        n,
      ),
    );
  const outcome = (r: ReturnType<typeof resolve>, language: 'en' | 'ru') => {
    const names = rulesetWords(preset, language);
    const format = { t: translatorFor(language), names };
    const results = { ...nightResultNames([]), role: names.role, faction: names.faction };
    return eventsOf(r, 'blocked').map((e) => outcomeText(e, { name: (id) => id, format, results })?.text);
  };
  it('a blocked Maniac’s kill is his own «Убийство (чётные ночи)», not the Mafia’s «Убийство (нечётные ночи)»', () => {
    const r = blockedKill(maniac, 2);
    expect(outcome(r, 'ru')).toEqual(['X: действие «Убийство (чётные ночи)» заблокировал(а) B']);
    expect(outcome(r, 'en')).toEqual(["X's Kill (even nights) was blocked by B"]);
  });
  it('a blocked Mafioso’s kill stays the Mafia’s', () => {
    const r = blockedKill(mafia[0] ?? maniac, 1);
    expect(outcome(r, 'ru')).toEqual(['M1: действие «Убийство (нечётные ночи)» заблокировал(а) B']);
  });
  it('the reasons and the popup’s lists name it the same way', () => {
    const names = postNames(preset, 'ru');
    expect(names.ability('kill', 'maniac')).toBe('Убийство (чётные ночи)');
    expect(names.ability('kill', 'mafia')).toBe('Убийство (нечётные ночи)');
    expect(moveName(rulesetWords(preset, 'ru'), preset, 'kill', ['citizen', 'maniac'])).toBe('Убийство (чётные ночи)');
    expect(moveName(rulesetWords(preset, 'ru'), preset, 'maniac/kill')).toBe('Маньяк: Убийство (чётные ночи)');
    const r = blockedKill(maniac, 2);
    const reason = eventsOf(r, 'blocked')[0]?.reasons[0]?.message;
    expect(reason?.args).toContainEqual({ kind: 'ability', value: 'kill', role: 'maniac' });
  });
});

describe('L166–L170 night notes', () => {
  const game = (night1: string, day1 = '') => `ruleset russian-004
seed 4
player Misha  faction=mafia  role=citizen second=mafia
player Pasha  faction=mafia  role=citizen second=mafia
player Yura   faction=maniac role=citizen second=maniac
player Anya   faction=red    role=citizen
player Boris  faction=red    role=citizen
player Vera   faction=red    role=citizen
player Gleb   faction=red    role=citizen
player Lev    faction=red    role=citizen
day 1
${day1}
night 1
${night1}
day 2
`;
  const morning = (night1: string, day1 = '') => {
    const result = playText(game(night1, day1));
    expect(failedExpectations(result)).toEqual([]);
    return result;
  };
  it('L166 "Ночные записки - это сообщения, которые любой игрок может передать ведущему после объявления ночи. Ведущий выставит такое сообщение утром под результатами ночи, но не будет указывать отправителя"', () => {
    const result = morning('  note Anya: Я комиссар, Миша черный\n  Misha uses kill Boris\n  resolve night');
    const post = result.phases[2]?.openingPost ?? '';
    expect(post).toContain('Ночная записка: Я комиссар, Миша черный');
    // No sender: Anya is named in the post only as a living player, never beside the note.
    expect(post.split('\n').filter((l) => l.includes('Я комиссар'))).toEqual(['Ночная записка: Я комиссар, Миша черный']);
    expect(post.indexOf('Boris')).toBeLessThan(post.indexOf('Ночная записка'));
  });
  it('L166 "Ведущий выставит такое сообщение утром под результатами ночи": a night that ends the game shows its notes in the final post', () => {
    const result = playText(`ruleset russian-004
seed 4
player Misha faction=mafia role=citizen second=mafia
player Anya  faction=red   role=citizen
player Boris faction=red   role=citizen
day 1
night 1
  note Anya: Миша черный
  Misha uses kill Boris
  resolve night
`);
    expect(failedExpectations(result)).toEqual([]);
    const end = result.endPost ?? '';
    expect(end).toContain('Ночная записка: Миша черный');
    expect(end.indexOf('Boris')).toBeLessThan(end.indexOf('Ночная записка'));
  });
  it('L168 "От лица одного игрока может быть больше одной записки": each is posted, as from different unknowns', () => {
    const post = morning('  note Anya: первая\n  note Anya: вторая\n  resolve night').phases[2]?.openingPost ?? '';
    expect(post).toContain('Ночная записка: первая');
    expect(post).toContain('Ночная записка: вторая');
  });
  it('L169 "Мертвый игрок не может писать записки. Если игрок был убит ночью, оставив записку, она будет показана утром"', () => {
    const result = morning(
      '  note Boris: меня убьют\n  note Anya: я жива\n  Misha uses kill Boris\n  resolve night\n  expect dead Boris',
      '  kill Lev: lynched',
    );
    const post = result.phases[2]?.openingPost ?? '';
    expect(post).toContain('Ночная записка: меня убьют');
    const dead = morning('  note Lev: из могилы\n  resolve night', '  kill Lev: lynched');
    expect(dead.phases[1]?.rejected).toEqual([expect.objectContaining({ who: 'Lev', reason: 'note/author-dead' })]);
    expect(dead.phases[2]?.openingPost ?? '').not.toContain('из могилы');
  });
  it('L166 "после объявления ночи": a note during the day is refused', () => {
    const result = morning('  resolve night', '  note Anya: днем');
    expect(result.phases[0]?.rejected).toEqual([expect.objectContaining({ who: 'Anya', reason: 'note/not-at-night' })]);
  });
  it('L170 "Ведущий не будет выставлять записку, если ее содержание не имеет даже отдаленной связи с игрой": the host refuses it', () => {
    const post = morning('  note Anya: реклама\n  note Vera: по игре\n  refuse-note Anya\n  resolve night').phases[2]?.openingPost ?? '';
    expect(post).not.toContain('реклама');
    expect(post).toContain('Ночная записка: по игре');
  });
  it('a ruleset without night notes refuses them', () => {
    const result = playText(`ruleset forum-template-001
player A faction=town role=cop
player B faction=town role=cop
player C faction=mafia role=goon
day 1
night 1
  note A: hello
`);
    expect(result.phases[1]?.rejected).toEqual([expect.objectContaining({ reason: 'note/not-in-this-ruleset' })]);
  });
});
