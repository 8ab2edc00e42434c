/**
 * Seed 004's black (negative), werewolf, grey and elite roles acting through
 * the night resolver with the russian-004 preset: each test quotes the seed
 * line (../shared/seeds/004_f6d88bc78ab5cdbd.txt) it implements.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  renderNightResult,
  resolveNight,
  nightResultNames,
  rulesets,
  type NightEvent,
  type NightInput,
  type NightPlayer,
  type NightReason,
  type NightResolution,
} from '../../../src/engine';
import { translatorFor } from '../../../extension/shared/catalogs';
import { rulesetWords } from '../../../extension/shared/ruleset-words';
import { outcomeText, sayReason } from '../../../extension/popup/night-words';
import { failedExpectations, playText } from './run-script';
import { act, announced, deaths, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';

const statusRules = statusRulesOf('russian-004');
/** Every night these tests resolve, for the check of the host's notes in Russian at the end. */
const resolved: { readonly input: NightInput; readonly resolution: NightResolution }[] = [];
const resolve = (input: NightInput) => {
  const resolution = resolveNight({ ...input, statusRules }, rulesRussian, createRng(4));
  resolved.push({ input, resolution });
  return resolution;
};
/** A black: a peaceful role with a negative one on top (L81). */
const black = (slotId: string, faction: string, negative: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) =>
  player(slotId, peaceful, faction, { secondRole: negative, ...extra });
const red = (slotId: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, peaceful, 'red', extra);

const mafia = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia')];
const maniac = black('X', 'maniac', 'maniac');
const reds = [red('R1'), red('R2'), red('R3')];
/** The PMs a player gets, worded in a language with the preset's role names in it (the seed's Russian ones in Russian). */
const pmsIn = (r: ReturnType<typeof resolve>, to: string, language: 'en' | 'ru') => {
  const preset = rulesets['russian-004'];
  const names = nightResultNames(
    r.events.flatMap((e) => ('player' in e ? [{ id: e.player, name: e.player }] : [])),
    {
      roles: preset.roles.map((x) => ({ id: x.id, name: x.names?.[language] ?? x.name })),
      ...(preset.night ? { verdicts: preset.night.verdicts } : {}),
    },
  );
  return eventsOf(r, 'message')
    .filter((e) => e.to === to)
    .map((e) => renderNightResult(e.result, names, language));
};
const statusesOf = (r: ReturnType<typeof resolve>, who: string) =>
  eventsOf(r, 'status-applied')
    .filter((e) => e.player === who)
    .map((e) => e.status.id);

describe('Poisoner (Отравитель), L52', () => {
  const poisoner = black('P', 'werewolf', 'poisoner');
  it('"отравляет выбранного игрока … ночью к жертве не зашел доктор … она умрет": poisoned on night 1, dead on night 2', () => {
    const n1 = resolve(night([...mafia, maniac, poisoner, ...reds], [act('P', 'poison', ['R1'])], 1));
    expect(deaths(n1)).toEqual([]);
    expect(statusesOf(n1, 'R1')).toEqual(['poisoned']);
    const poisoned = red('R1', 'citizen', { statuses: [{ id: 'poisoned', sinceNight: 1, by: 'P' }] });
    const n2 = resolve(night([...mafia, maniac, poisoner, poisoned, red('R2'), red('R3')], [], 2));
    expect(deaths(n2)).toEqual(['R1']);
  });
  it('a Doctor who visits the victim the next night cures the poison', () => {
    const poisoned = red('R1', 'citizen', { statuses: [{ id: 'poisoned', sinceNight: 1, by: 'P' }] });
    const r = resolve(night([...mafia, maniac, poisoner, poisoned, red('D', 'doctor')], [act('D', 'heal', ['R1'])], 2));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'status-cleared').map((e) => e.player)).toEqual(['R1']);
  });
  it('"наткнулся на цель доктора … отравление сорвется, но отравитель получит об этом ЛС"', () => {
    const r = resolve(
      night([...mafia, maniac, poisoner, ...reds, red('D', 'doctor')], [act('D', 'heal', ['R1']), act('P', 'poison', ['R1'])], 1),
    );
    expect(statusesOf(r, 'R1')).toEqual([]);
    expect(messagesTo(r, 'P')).toEqual([told('move-failed', ['R1'], 'poisoner')]);
    expect(pmsIn(r, 'P', 'ru')).toEqual(['Ваш ход (Отравитель) в игрока R1 сорвался.']);
    expect(pmsIn(r, 'P', 'en')).toEqual(['Your move (Poisoner) on R1 failed.']);
  });
  it('"на защищенного блокером игрока … отравление сорвется" (the poison is a negative move)', () => {
    const r = resolve(
      night([...mafia, maniac, poisoner, ...reds, red('B', 'blocker')], [act('B', 'protect', ['R1']), act('P', 'poison', ['R1'])], 1),
    );
    expect(statusesOf(r, 'R1')).toEqual([]);
    expect(messagesTo(r, 'P')).toEqual([told('move-failed', ['R1'], 'poisoner')]);
  });
  it('L5 "Особые ходы оборотней нормально блокируются, но для них все равно будет сообщение - не попал": a blocked poisoning', () => {
    const r = resolve(
      night([...mafia, maniac, poisoner, ...reds, red('B', 'blocker')], [act('B', 'block', ['P']), act('P', 'poison', ['R1'])], 1),
    );
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'P', ability: 'poison', by: 'B' }]);
    expect(statusesOf(r, 'R1')).toEqual([]);
    expect(announced(r)).toEqual([told('morning-block', ['B'], { role: 'blocker', hit: false })]);
  });
  it('"Если выбыли все другие черные, отравитель берет ствол": the gun is refused while another black lives', () => {
    const r = resolve(night([...mafia, poisoner, ...reds], [act('P', 'gun', ['R1'])], 1));
    expect(r.refused.map((x) => x.reason)).toEqual(['night/not-available']);
    const alone = resolve(night([poisoner, ...reds], [act('P', 'gun', ['R1'])], 1));
    expect(deaths(alone)).toEqual(['R1']);
    // "если не хочет или не может использовать свой стандартный ход": the gun or the poison, the later PM stands.
    const both = resolve(night([poisoner, ...reds], [act('P', 'gun', ['R1'], 5), act('P', 'poison', ['R2'], 6)], 1));
    expect(both.refused.map((x) => [x.action.ability, x.reason])).toEqual([['gun', 'night/superseded']]);
    expect(deaths(both)).toEqual([]);
    expect(statusesOf(both, 'R2')).toEqual(['poisoned']);
  });
});

describe('Executioner (Экзекутор), L53', () => {
  const executioner = black('E', 'werewolf', 'executioner');
  it('"В конце ночи … отправляет ее в свою камеру пыток … узнает его мирную роль и команду"', () => {
    const r = resolve(night([...mafia, maniac, executioner, red('D', 'doctor'), ...reds], [act('E', 'torture', ['D'])], 1));
    expect(statusesOf(r, 'D')).toEqual(['tortured']);
    expect(messagesTo(r, 'D')).toEqual([told('tortured', [], null)]);
    expect(messagesTo(r, 'E')).toEqual([told('roles-learnt', ['D'], ['doctor']), told('team-learnt', ['D'], false)]);
    // A black's team is black: the Executioner learns it from the chamber.
    const onBlack = resolve(night([...mafia, maniac, executioner, ...reds], [act('E', 'torture', ['M1'])], 1));
    expect(messagesTo(onBlack, 'E')).toContainEqual(told('team-learnt', ['M1'], true));
  });
  it('"С момента попадания в камеру пыток мирная роль жертвы будет заблокирована": the next night the victim cannot heal', () => {
    const doctor = red('D', 'doctor', { statuses: [{ id: 'tortured', sinceNight: 1, untilNight: 2, by: 'E' }] });
    const r = resolve(night([...mafia, maniac, executioner, doctor, ...reds], [act('D', 'heal', ['R1'])], 2));
    expect(r.refused.map((x) => x.reason)).toEqual(['night/actor-status']);
  });
  it('"способен один раз выжить ночью, если станет целью убийства"', () => {
    const r = resolve(night([...mafia, maniac, executioner, ...reds], [act('M1', 'kill', ['E'])], 1));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'protection-spent')).toMatchObject([{ player: 'E', protection: 'vest' }]);
    const spent = { ...executioner, spent: { vest: 1 } };
    expect(deaths(resolve(night([...mafia, maniac, spent, ...reds], [act('M1', 'kill', ['E'])], 1)))).toEqual(['E']);
  });
});

describe('Geisha (Гейша), L54', () => {
  const geisha = black('G', 'werewolf', 'geisha');
  it('"Собственное действие этого игрока не проходит, если по очередности ночных ходов идет позже гейши"', () => {
    const r = resolve(
      night([...mafia, maniac, geisha, red('D', 'doctor'), ...reds], [act('G', 'entertain', ['D']), act('D', 'heal', ['R1'])], 1),
    );
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'D', ability: 'heal', by: 'G' }]);
    // "Взятый игрок знает, что развлекался ночью"; "Гейша всегда узнает мирную роль клиента".
    expect(messagesTo(r, 'D')).toEqual([told('pleasant-night', [], null)]);
    expect(messagesTo(r, 'G')).toEqual([told('roles-learnt', ['D'], ['doctor'])]);
  });
  it('"любое дальнейшее действие по отношению к нему тоже не проходит (кроме … негативных ролей)"', () => {
    const r = resolve(
      night(
        [...mafia, maniac, geisha, red('C', 'commissar'), red('D', 'doctor'), ...reds],
        [act('G', 'entertain', ['R1']), act('C', 'check', ['R1']), act('D', 'heal', ['R1']), act('M1', 'kill', ['R1'])],
        1,
      ),
    );
    expect(eventsOf(r, 'nullified').map((e) => [e.player, e.cause])).toEqual([
      ['D', 'thwarted'],
      ['C', 'thwarted'],
    ]);
    // The Mafia's kill is a negative move: it reaches the client, and the Doctor's heal did not.
    expect(deaths(r)).toEqual(['R1']);
  });
  it('"Если гейша стала целью киллера, то убийство распространяется на нее и клиента"; with a black client she dies alone', () => {
    const r = resolve(night([...mafia, maniac, geisha, ...reds], [act('G', 'entertain', ['R1']), act('M1', 'kill', ['G'])], 1));
    expect(deaths(r)).toEqual(['G', 'R1']);
    const alone = resolve(night([...mafia, maniac, geisha, ...reds], [act('G', 'entertain', ['X']), act('M1', 'kill', ['G'])], 1));
    expect(deaths(alone)).toEqual(['G']);
  });
  it('"Если выбыл маньяк, то берет катану и получает право в ночи маньяка засаживать ее … кому захочет"', () => {
    const withManiac = resolve(night([...mafia, maniac, geisha, ...reds], [act('G', 'katana', ['R1'])], 2));
    expect(withManiac.refused.map((x) => x.reason)).toEqual(['night/not-available']);
    const oddNight = resolve(night([...mafia, geisha, ...reds], [act('G', 'katana', ['R1'])], 1));
    expect(oddNight.refused.map((x) => x.reason)).toEqual(['night/not-this-night']);
    const evenNight = resolve(night([...mafia, geisha, ...reds], [act('G', 'katana', ['R1'])], 2));
    expect(deaths(evenNight)).toEqual(['R1']);
  });
  it('"Если забрала черного, которого атакует другой черный … этот киллер отменит ход"', () => {
    const r = resolve(night([...mafia, maniac, geisha, ...reds], [act('G', 'entertain', ['X']), act('M1', 'kill', ['X'])], 1));
    expect(deaths(r)).toEqual([]);
  });
});

describe('Mercenary (Наемник), L49', () => {
  const mercenary = black('N', 'mafia', 'mercenary');
  it('"По приоритету первым ходит наемник … Если наемник успешно совершает убийство любого игрока, мафия пропускает ход"', () => {
    const r = resolve(night([...mafia, mercenary, maniac, ...reds], [act('N', 'contract', ['R1']), act('M1', 'kill', ['R2'])], 1));
    expect(deaths(r)).toEqual(['R1']);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'M1', ability: 'kill', cause: 'thwarted' }]);
    // "Мафия видит команду жертв наемника, но наемник не видит команду жертв мафии."
    expect(messagesTo(r, 'M1')).toEqual([told('team-learnt', ['R1'], false)]);
    // He killed R1 himself, so he learns R1's team like every killer (L115.2); it is the Mafia's victims' teams he never sees.
    expect(messagesTo(r, 'N')).toEqual([told('victim-team', ['R1'], 'red')]);
    // The Mercenary's kill was the Mafia's shot: no kill carries over.
    expect(r.reserveKills.mafia).toBe(0);
  });
  it('"Если по любой причине убийство со стороны наемника не проходит, мафия устраняет свою цель"', () => {
    const r = resolve(
      night(
        [...mafia, mercenary, maniac, red('D', 'doctor'), ...reds],
        [act('D', 'heal', ['R1']), act('N', 'contract', ['R1']), act('M1', 'kill', ['R2'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual(['R2']);
  });
  it('"Если указан … другой черный или сам наемник - пропустит ход"', () => {
    const r = resolve(night([...mafia, mercenary, maniac, ...reds], [act('N', 'contract', ['X']), act('M1', 'kill', ['R2'])], 1));
    expect(deaths(r)).toEqual(['R2']);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'N', ability: 'contract' }]);
  });
  it('"Если вся мафия выбыла, наемник начинает самостоятельно убивать": his own kill then bloodies his hands', () => {
    const r = resolve(
      night([mercenary, maniac, red('C', 'commissar'), ...reds], [act('N', 'contract', ['R1']), act('C', 'check', ['N'])], 1),
    );
    expect(deaths(r)).toEqual(['R1']);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['N'], true)]);
  });
  it('"До первого успешного убийства, без учета заказов, будет чекаться мирным"', () => {
    const r = resolve(
      night([...mafia, mercenary, maniac, red('C', 'commissar'), ...reds], [act('N', 'contract', ['R1']), act('C', 'check', ['N'])], 1),
    );
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['N'], false)]);
  });
});

describe('Joker (Джокер), L51', () => {
  const joker = black('J', 'werewolf', 'joker');
  it('"его цвет в данную ночь меняется на противоположный … другой чек в эту же ночь покажет выбранного игрока под замененным цветом"', () => {
    const r = resolve(
      night([...mafia, maniac, joker, red('C', 'commissar'), ...reds], [act('J', 'flip-check', ['M1']), act('C', 'check', ['M1'])], 1),
    );
    // "Если чекнул черным чеком настоящего черного, то узнает его негативную роль."
    expect(messagesTo(r, 'J')).toEqual([told('alignment-check', ['M1'], true), told('roles-learnt', ['M1'], ['citizen', 'mafia'])]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['M1'], false)]);
    // "Информация с чеков джокера доступна мафии и маньяку каждое утро."
    expect(messagesTo(r, 'X')).toEqual([told('forwarded-result', ['J'], { to: 'J', fact: 'alignment-check', about: ['M1'], value: true })]);
  });
  it('"Правило смены цвета работает даже тогда, когда изначальный цвет является ложным - безликий и другой оборотень чекнется черным"', () => {
    const faceless = player('F', 'citizen', 'grey', { secondRole: 'faceless' });
    const werewolf = black('W', 'werewolf', 'werewolf');
    const r = resolve(
      night(
        [...mafia, maniac, joker, faceless, red('C', 'commissar'), ...reds],
        [act('J', 'flip-check', ['F']), act('C', 'check', ['F'])],
        1,
      ),
    );
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['F'], true)]);
    const other = resolve(
      night(
        [...mafia, maniac, joker, werewolf, red('C', 'commissar'), ...reds],
        [act('J', 'flip-check', ['W']), act('C', 'check', ['W'])],
        1,
      ),
    );
    expect(messagesTo(other, 'C')).toEqual([told('alignment-check', ['W'], true)]);
  });
  it('a red checked by the Joker checks black for the Commissar that night', () => {
    const r = resolve(
      night([...mafia, maniac, joker, red('C', 'commissar'), ...reds], [act('J', 'flip-check', ['R1']), act('C', 'check', ['R1'])], 1),
    );
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['R1'], true)]);
  });
  it('"Исключение - защитный блок блокера, при выборе цели которого чек джокера не пройдет"', () => {
    const r = resolve(
      night([...mafia, maniac, joker, red('B', 'blocker'), ...reds], [act('B', 'protect', ['R1']), act('J', 'flip-check', ['R1'])], 1),
    );
    expect(messagesTo(r, 'J')).toEqual([told('move-failed', ['R1'], 'joker')]);
    // L5: the Blocker "hits" when his protection thwarts a negative move on his ward.
    expect(announced(r)).toEqual([told('morning-block', ['B'], { role: 'blocker', hit: true })]);
  });
});

describe('Werewolves check red until their first kill (L49–L54, L131)', () => {
  it('"До первого успешного убийства будет чекаться мирным, а если убивает и чекается в одну ночь, чек сразу выдаст черного"', () => {
    const werewolf = black('W', 'werewolf', 'werewolf');
    const before = resolve(night([werewolf, red('C', 'commissar'), ...reds], [act('C', 'check', ['W'])], 1));
    expect(messagesTo(before, 'C')).toEqual([told('alignment-check', ['W'], false)]);
    const same = resolve(night([werewolf, red('C', 'commissar'), ...reds], [act('W', 'gun', ['R1']), act('C', 'check', ['W'])], 1));
    expect(deaths(same)).toEqual(['R1']);
    expect(statusesOf(same, 'W')).toEqual(['has-killed']);
    expect(messagesTo(same, 'C')).toEqual([told('alignment-check', ['W'], true)]);
    const later = { ...werewolf, statuses: [{ id: 'has-killed', sinceNight: 1 }] };
    expect(messagesTo(resolve(night([later, red('C', 'commissar'), ...reds], [act('C', 'check', ['W'])], 2)), 'C')).toEqual([
      told('alignment-check', ['W'], true),
    ]);
  });
});

describe("Boss's Son (Сын босса), L48", () => {
  const son = black('S', 'mafia', 'boss-son');
  it('"чекается красным даже после убийств"', () => {
    const r = resolve(
      night([...mafia, son, maniac, red('C', 'commissar'), ...reds], [act('S', 'kill', ['R1']), act('C', 'check', ['S'])], 1),
    );
    expect(deaths(r)).toEqual(['R1']);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['S'], false)]);
  });
  it('"допускает использование одновременно трех выстрелов при полной группе - по одному на каждого"', () => {
    const r = resolve(
      night([...mafia, son, maniac, ...reds], [act('M1', 'kill', ['R1']), act('M2', 'kill', ['R2']), act('S', 'kill', ['R3'])], 1, {
        reserveKills: { mafia: 2 },
      }),
    );
    expect(deaths(r)).toEqual(['R1', 'R2', 'R3']);
  });
});

describe('Yakuza (Якудза), L55', () => {
  it('"Выстрелы якудзы по порядку ночи соответствуют выстрелам маньяка": even nights', () => {
    const yakuza = [black('Y1', 'yakuza', 'yakuza'), black('Y2', 'yakuza', 'yakuza')];
    const odd = resolve(night([...mafia, ...yakuza, ...reds], [act('Y1', 'kill', ['R1'])], 1));
    expect(odd.refused.map((x) => x.reason)).toEqual(['night/not-this-night']);
    const even = resolve(night([...mafia, ...yakuza, ...reds], [act('Y1', 'kill', ['R1'])], 2));
    expect(deaths(even)).toEqual(['R1']);
  });
  it('"Обе якудзы чекаются наравне с мафией, но имеют право использовать “окраснение” на одного из пары"', () => {
    const plain = resolve(
      night([...mafia, black('Y1', 'yakuza', 'yakuza'), red('C', 'commissar'), ...reds], [act('C', 'check', ['Y1'])], 2),
    );
    expect(messagesTo(plain, 'C')).toEqual([told('alignment-check', ['Y1'], true)]);
    const reddened = black('Y1', 'yakuza', 'yakuza', 'citizen', { statuses: [{ id: 'reddened', sinceNight: 2, untilNight: 2 }] });
    const r = resolve(night([...mafia, reddened, red('C', 'commissar'), ...reds], [act('C', 'check', ['Y1'])], 2));
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['Y1'], false)]);
  });
});

describe('Imitator (Подражатель), L50', () => {
  it('"становится маньяком в случае смерти настоящего маньяка"', () => {
    const imitator = black('I', 'maniac', 'imitator');
    const r = resolve(night([...mafia, maniac, imitator, ...reds], [act('M1', 'kill', ['X'])], 1));
    expect(deaths(r)).toEqual(['X']);
    expect(eventsOf(r, 'role-changed')).toMatchObject([{ player: 'I', slot: 'secondRole', from: 'imitator', to: 'maniac' }]);
    expect(messagesTo(r, 'I')).toEqual([told('role-inherited', ['X'], 'maniac')]);
  });
});

describe('Imitator (Подражатель): the Maniac illusion, L50', () => {
  const imitator = black('I', 'maniac', 'imitator');
  it('"для всех ходов, направленных в маньяка, создается иллюзия … при этом сам маньяк остается неуязвимым": a kill destroys the illusion', () => {
    const r = resolve(night([...mafia, maniac, imitator, ...reds], [act('I', 'pretend', ['X']), act('M1', 'kill', ['X'])], 1));
    expect(deaths(r)).toEqual([]);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'M1', ability: 'kill', cause: 'thwarted' }]);
    // "в настоящего маньяка попадут все ходы, идущие после доктора": a second shot after the illusion died reaches him.
    const twice = resolve(
      night([...mafia, maniac, imitator, ...reds], [act('I', 'pretend', ['X']), act('M1', 'kill', ['X']), act('M2', 'kill', ['X'])], 1, {
        reserveKills: { mafia: 1 },
      }),
    );
    expect(deaths(twice)).toEqual(['X']);
  });
  it('"Цвет чека иллюзии всегда равен красному"; a block on the Maniac lands on the illusion', () => {
    const r = resolve(
      night(
        [...mafia, maniac, imitator, red('C', 'commissar'), red('B', 'blocker'), ...reds],
        [act('I', 'pretend', ['X']), act('B', 'block', ['X']), act('X', 'kill', ['R1']), act('C', 'check', ['X'])],
        2,
      ),
    );
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['X'], false)]);
    expect(deaths(r)).toEqual(['R1']);
  });
  it('"Если подражателю блокируют негативную роль … он все равно может использовать иллюзию"; it covers only his partner', () => {
    const r = resolve(
      night(
        [...mafia, maniac, imitator, red('B', 'blocker'), ...reds],
        [act('B', 'block', ['I']), act('I', 'pretend', ['X']), act('M1', 'kill', ['X'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual([]);
    const notPartner = resolve(night([...mafia, maniac, imitator, ...reds], [act('I', 'pretend', ['M2']), act('M1', 'kill', ['M2'])], 1));
    expect(deaths(notPartner)).toEqual(['M2']);
  });
});

describe('The Faceless (Безликий): the face cut, L60–L64', () => {
  const faceless = player('F', 'citizen', 'grey', { secondRole: 'faceless' });
  it('"срезает лицо": the victim is told whom to get lynched, the target is told, the Faceless learns the role', () => {
    const r = resolve(night([...mafia, maniac, faceless, red('D', 'doctor'), ...reds], [act('F', 'face-cut', ['D', 'R1'])], 1));
    expect(eventsOf(r, 'status-applied')).toMatchObject([{ player: 'D', status: { id: 'face-cut', with: 'R1', by: 'F' } }]);
    expect(messagesTo(r, 'D')).toEqual([told('face-cut', ['R1'], null)]);
    expect(messagesTo(r, 'R1')).toEqual([told('face-cut-target', [], null)]);
    expect(messagesTo(r, 'F')).toEqual([told('roles-learnt', ['D'], ['doctor'])]);
    expect(pmsIn(r, 'D', 'ru')).toEqual(['Вам срезали лицо: ваша мирная роль заблокирована, пока не будет залинчеван игрок R1.']);
    expect(pmsIn(r, 'D', 'en')).toEqual(['Your face was cut: your peaceful role is blocked until R1 is lynched.']);
  });
  it('a cut black loses his negative move that night; a cut player cannot use his peaceful role the next night', () => {
    const r = resolve(night([...mafia, maniac, faceless, ...reds], [act('F', 'face-cut', ['M1', 'R1']), act('M1', 'kill', ['R2'])], 1));
    // M1's shot does not go; his partner's insurance, on by default (L14), shoots the same target instead.
    expect(eventsOf(r, 'death')).toMatchObject([{ player: 'R2', by: ['M2'] }]);
    expect(eventsOf(r, 'blocked')).toMatchObject([{ player: 'M1', by: 'F' }]);
    const cut = red('D', 'doctor', { statuses: [{ id: 'face-cut', sinceNight: 1, with: 'R1', by: 'F' }] });
    const next = resolve(night([...mafia, maniac, faceless, cut, ...reds], [act('D', 'heal', ['R1'])], 2));
    expect(next.refused.map((x) => x.reason)).toEqual(['night/actor-status']);
  });
  it('a player whose face is already cut is not cut again, and the Faceless cannot name himself as the target', () => {
    const cut = red('R2', 'citizen', { statuses: [{ id: 'face-cut', sinceNight: 1, with: 'R1', by: 'F' }] });
    const again = resolve(night([...mafia, maniac, faceless, cut, red('R1'), red('R3')], [act('F', 'face-cut', ['R2', 'R3'])], 2));
    expect(statusesOf(again, 'R2')).toEqual([]);
    expect(messagesTo(again, 'F')).toEqual([told('move-failed', ['R2'], 'faceless')]);
    const self = resolve(night([...mafia, maniac, faceless, ...reds], [act('F', 'face-cut', ['R2', 'F'])], 1));
    expect(statusesOf(self, 'R2')).toEqual([]);
  });
  it('L64 "Срезание лица нельзя сбить или заблокировать": a Blocker on the Faceless does not stop the cut', () => {
    const r = resolve(
      night([...mafia, maniac, faceless, red('B', 'blocker'), ...reds], [act('B', 'block', ['F']), act('F', 'face-cut', ['R2', 'R1'])], 1),
    );
    expect(statusesOf(r, 'R2')).toEqual(['face-cut']);
  });
});

describe('Elite seats: Agent (Агент) and Servant (Слуга), L124–L129', () => {
  it('an elite seat cannot be targeted at night', () => {
    const agent = player('A', 'agent', 'elite', { statuses: [{ id: 'elite-seat' }] });
    const servant = player('V', 'servant', 'elite', { statuses: [{ id: 'elite-seat' }] });
    const r = resolve(
      night([...mafia, maniac, agent, servant, ...reds], [act('M1', 'kill', ['A']), act('M2', 'kill', ['V'])], 1, {
        reserveKills: { mafia: 1 },
      }),
    );
    expect(r.refused.map((x) => x.reason)).toEqual(['night/target-status', 'night/target-status']);
    expect(rulesets['russian-004'].statuses.find((s) => s.id === 'elite-seat')?.voteImmune).toBe(true);
  });
});

describe('a game with werewolves: statuses carry from night to night', () => {
  const played = playText(
    [
      'ruleset russian-004',
      ...[
        'Vera commissar',
        'Anna doctor',
        'Boris citizen',
        'Ilya citizen',
        'Oleg citizen',
        'Dima citizen',
        'Sasha citizen',
        'Tanya citizen',
        'Yura citizen',
        'Zhenya citizen',
      ].map((x) => `player ${x.split(' ')[0] ?? ''} faction=red role=${x.split(' ')[1] ?? ''}`),
      'player Kolya faction=mafia role=citizen second=mafia',
      'player Lena faction=mafia role=citizen second=mafia',
      'player Misha faction=maniac role=citizen second=maniac',
      'player Pasha faction=werewolf role=citizen second=poisoner',
      'player Gosha faction=werewolf role=citizen second=geisha',
      'player Egor faction=werewolf role=citizen second=executioner',
      'day 1',
      'night 1',
      '  Pasha uses poison Boris',
      '  Kolya uses kill Ilya',
      '  Gosha uses entertain Anna',
      '  Anna uses heal Ilya',
      '  Egor uses torture Vera',
      '  Vera uses check Pasha',
      '  resolve night',
      '  expect alive Boris',
      '  expect dead Ilya',
      'day 2',
      'night 2',
      '  Misha uses kill Oleg',
      '  Vera uses check Kolya',
      '  resolve night',
      '  expect dead Boris',
      '  expect dead Oleg',
      'day 3',
    ].join('\n'),
  );
  const [, n1, d2, n2, d3] = played.phases;

  it('holds every expectation: the poison of night 1 kills on night 2 (L52)', () => {
    expect(failedExpectations(played)).toEqual([]);
    expect(d3?.openingPost).toContain('[b]Boris[/b] выбывает из игры');
  });
  it('night 1: the Geisha’s client could not heal (L54: "Доктор: не попал"), the Poisoner checks red (L52), Vera is in the chamber (L53)', () => {
    expect(d2?.openingPost).toContain('Доктор: не попал');
    expect(n1?.night === undefined ? [] : messagesTo(n1.night, 'Vera')).toEqual([
      told('alignment-check', ['Pasha'], false),
      told('tortured', [], null),
    ]);
  });
  it('night 2: the tortured Commissar cannot check ("мирная роль жертвы будет заблокирована")', () => {
    expect(n2?.night?.refused.map((x) => [x.action.actor, x.reason])).toEqual([['Vera', 'night/actor-status']]);
  });
});

describe('the host’s notes on these nights, in Russian', () => {
  it('every outcome and reason has a message with Russian catalog words, and no English is left but names', () => {
    const preset = rulesets['russian-004'];
    const names = rulesetWords(preset, 'ru');
    const format = { t: translatorFor('ru'), names };
    const given = [
      ...preset.roles.flatMap((r) => [names.role(r.id), ...r.abilities.map((a) => names.ability(a.id))]),
      ...preset.statuses.map((x) => names.status(x.id)),
      ...preset.factions.map((f) => names.faction(f.id)),
    ].sort((a, b) => b.length - a.length);
    let statements = 0;
    for (const { input, resolution } of resolved) {
      const results = {
        ...nightResultNames(input.players.map((p) => ({ id: p.slotId, name: p.name }))),
        role: names.role,
        faction: names.faction,
      };
      const words = { name: (id: string) => id, format, results };
      const reasons = (list: readonly NightReason[]): string[] =>
        list.flatMap((r) => {
          expect(r.message, r.text).toBeDefined();
          return [sayReason(r, format), ...reasons(r.because ?? [])];
        });
      const told = (e: NightEvent): boolean => e.type === 'message' || e.type === 'announcement';
      const texts = resolution.events.flatMap((e) => [...(told(e) ? [] : [outcomeText(e, words)?.text ?? '']), ...reasons(e.reasons)]);
      for (const text of texts.filter((t) => t !== '')) {
        statements += 1;
        let rest = text;
        for (const name of given) rest = rest.split(name).join(' ');
        expect(rest.match(/[A-Za-z]{2,}/g) ?? [], text).toEqual([]);
        expect(text).not.toMatch(/engine_|popup_/);
      }
    }
    expect(statements).toBeGreaterThan(100);
  });
});
