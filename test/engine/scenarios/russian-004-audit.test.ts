/**
 * Seed 004 (../shared/seeds/004_f6d88bc78ab5cdbd.txt) rules that the rule table of docs/rulesets.md listed
 * without a test of their own: the Yakuza's Ninja and Daughter of the Head (L55), and the witch hunt's
 * inactive players and tie-break (L163.3, L163.5); and the Detective's and the Journalist's PMs in the seed's own
 * words (L7, L24). Each test quotes the seed line.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  deriveState,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  tallyDay,
  type NightInput,
  type NightPlayer,
} from '../../../src/engine';
import { act, announced, deaths, eventsOf, messagesTo, night, player, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { day, setup, vote } from '../voting/helpers';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput) => resolveNight({ ...input, statusRules }, rulesRussian, createRng(4));
const black = (slotId: string, faction: string, negative: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, 'citizen', faction, { secondRole: negative, ...extra });
const red = (slotId: string, peaceful = 'citizen') => player(slotId, peaceful, 'red');

const mafia = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia')];
const yakuza = [black('Y1', 'yakuza', 'yakuza'), black('Y2', 'yakuza', 'yakuza')];
const reds = [red('R1'), red('R2'), red('R3')];

describe('L55 "Для якудзы зеркальными аналогами сына босса и наемника выступают дочь главы и ниндзя"', () => {
  const ninja = black('N', 'yakuza', 'ninja');
  it('the Ninja acts first on the Yakuza’s night; when he kills, the Yakuza skips (L49 as for the Mercenary)', () => {
    const r = resolve(night([...mafia, ...yakuza, ninja, ...reds], [act('N', 'contract', ['R1']), act('Y1', 'kill', ['R2'])], 2));
    expect(deaths(r)).toEqual(['R1']);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'Y1', ability: 'kill', cause: 'thwarted' }]);
    // "Мафия видит команду жертв наемника": the Yakuza learns the Ninja's victim's team.
    expect(messagesTo(r, 'Y1')).toEqual([told('team-learnt', ['R1'], false)]);
  });
  it('the Ninja’s order on another black is a skip, and the Yakuza kills its own target', () => {
    const r = resolve(night([...mafia, ...yakuza, ninja, ...reds], [act('N', 'contract', ['M1']), act('Y1', 'kill', ['R2'])], 2));
    expect(deaths(r)).toEqual(['R2']);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'N', ability: 'contract' }]);
  });
  it('the Ninja checks red until his first kill (L49 "До первого успешного убийства … будет чекаться мирным")', () => {
    const r = resolve(
      night([...mafia, ...yakuza, ninja, red('C', 'commissar'), ...reds], [act('N', 'contract', ['R1']), act('C', 'check', ['N'])], 2),
    );
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['N'], false)]);
  });

  const daughter = black('D', 'yakuza', 'head-daughter');
  it('the Daughter of the Head shoots on the Yakuza’s nights and always checks red (L48 "чекается красным даже после убийств")', () => {
    const odd = resolve(night([...mafia, ...yakuza, daughter, ...reds], [act('D', 'kill', ['R1'])], 1));
    expect(odd.refused.map((x) => x.reason)).toEqual(['night/not-this-night']);
    const even = resolve(
      night([...mafia, ...yakuza, daughter, red('C', 'commissar'), ...reds], [act('D', 'kill', ['R1']), act('C', 'check', ['D'])], 2),
    );
    expect(deaths(even)).toEqual(['R1']);
    expect(messagesTo(even, 'C')).toEqual([told('alignment-check', ['D'], false)]);
  });
  it('with the Daughter, the full Yakuza group fires three shots at once (L48 "по одному на каждого")', () => {
    const r = resolve(
      night([...mafia, ...yakuza, daughter, ...reds], [act('Y1', 'kill', ['R1']), act('Y2', 'kill', ['R2']), act('D', 'kill', ['R3'])], 2, {
        reserveKills: { yakuza: 2 },
      }),
    );
    expect(deaths(r)).toEqual(['R1', 'R2', 'R3']);
  });
});

describe('the witch hunt (L163)', () => {
  const ruleset = rulesets['russian-004'];
  const forced = ruleset.voting.kind === 'weighted-plurality' ? ruleset.voting.day?.forcedSelfVoteStatus : undefined;
  const roster = setup([
    { name: 'judge', faction: 'red', role: 'judge' },
    { name: 'r2', faction: 'red', role: 'doctor' },
    { name: 'r3', faction: 'red', role: 'commissar' },
    { name: 'r4', faction: 'red', role: 'citizen' },
    { name: 'r5', faction: 'red', role: 'citizen' },
    { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
    { name: 'b2', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
    { name: 'b3', faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
  ]);
  const hunt = (...events: Parameters<typeof deriveState>[0]) =>
    tallyDay(deriveState([roster, day(1), day(2), { type: 'ballot/open', ballot: 'hunt' }, ...events]), ruleset);

  it('L163.3 "Принудительного автоголоса на охоте за отсутствие стенки не будет, но игрок не сможет на ней голосовать"', () => {
    expect(forced).toBeDefined();
    const t = hunt(
      { type: 'status/add', slotId: 'r5', status: forced ?? '' },
      vote('r5', 'b1', 'hunt'),
      vote('r5', 'b2', 'hunt'),
      vote('r2', 'b3', 'hunt'),
      vote('r3', 'r4', 'hunt'),
    );
    expect(t.voided.filter((v) => v.voter === 'r5').map((v) => v.reason)).toEqual(['vote/voter-cannot-vote', 'vote/voter-cannot-vote']);
    // No auto-vote against himself either: r5 has no votes against him.
    expect(t.totals.find((x) => x.target === 'r5')).toBeUndefined();
    expect(t.deaths.map((d) => d.slotId)).toEqual(['b3', 'r4']);
  });

  it('L163.5 "в приоритете окажутся те игроки из их числа, в которых раньше закинули голоса, но без учета голосов, оставленных ведущему заранее в ЛС"', () => {
    const t = hunt(
      { type: 'vote/cast', voter: 'r2', ballot: 'hunt', target: 'b1', advance: true },
      vote('r3', 'b2', 'hunt'),
      vote('r4', 'b3', 'hunt'),
    );
    // b1, b2 and b3 each have one vote: b1's first vote was sent in advance, so b2 and b3 were voted first.
    expect(t.deaths.map((d) => d.slotId)).toEqual(['b2', 'b3']);
  });

  it('L163.5 "Если на игре присутствует судья, то в этой же ситуации по приоритету умирают … именно те, против кого он проголосовал"', () => {
    const t = hunt(vote('r3', 'b1', 'hunt'), vote('r4', 'b2', 'hunt'), vote('judge', 'b3', 'hunt'));
    expect(t.deaths.map((d) => d.slotId)).toEqual(['b3', 'b1']);
    expect(t.notes).toContainEqual(expect.objectContaining({ code: 'hunt-tie-settled' }));
  });
});

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

describe('the PMs in the seed’s own words', () => {
  it('L7 "Возможные варианты - сидел дома, ходил к другому игроку (имя игрока)": a move on himself is "сидел дома"', () => {
    const home = resolve(
      night([...mafia, ...reds, red('E', 'detective'), red('D', 'doctor')], [act('D', 'heal', ['D']), act('E', 'track', ['D'])], 1),
    );
    // "Если игрок не совершал ночью никаких активных действий или направил действие на себя - сидел дома."
    expect(pmsRu(home, 'E')).toEqual(['D сидел(а) дома.']);
    const out = resolve(night([...mafia, ...reds, red('E', 'detective')], [act('M1', 'kill', ['R1']), act('E', 'track', ['M1'])], 1));
    expect(pmsRu(out, 'E')).toEqual(['M1 ходил(а) к: R1.']);
  });
  it('L24 "Возможный результат - одинаковые, разные, информация не предоставляется"', () => {
    const same = resolve(night([...mafia, ...reds, red('J', 'journalist')], [act('J', 'compare', ['M1', 'M2'])], 1));
    expect(pmsRu(same, 'J')).toEqual(['M1, M2: цвета одинаковые.']);
    const other = resolve(night([...mafia, ...reds, red('J', 'journalist')], [act('J', 'compare', ['M1', 'R1'])], 1));
    expect(pmsRu(other, 'J')).toEqual(['M1, R1: цвета разные.']);
  });
});

describe('L9 Active citizen (Активный житель)', () => {
  it('"Если умер негатив, все равно забирает себе его мирную роль"', () => {
    const r = resolve(
      night(
        [...mafia, ...reds, black('X', 'maniac', 'maniac', { role: 'blocker' }), red('A', 'active-citizen')],
        [act('M1', 'kill', ['X'])],
        1,
      ),
    );
    expect(deaths(r)).toEqual(['X']);
    expect(eventsOf(r, 'role-changed')).toMatchObject([{ player: 'A', from: 'active-citizen', to: 'blocker' }]);
    expect(pmsRu(r, 'A')).toEqual(['Вы унаследовали роль Блокер от игрока X.']);
  });
  it('"Если умер покалеченный игрок, активный житель не получит его роль"', () => {
    const crippled = player('D', 'doctor', 'red', { statuses: [{ id: 'crippled', sinceNight: 1 }] });
    const r = resolve(night([...mafia, ...reds, crippled, red('A', 'active-citizen')], [act('M1', 'kill', ['D'])], 2));
    expect(deaths(r)).toEqual(['D']);
    expect(eventsOf(r, 'role-changed')).toEqual([]);
  });
  it('L6 "Покалеченными игроками считаются те, кто в ходе игры лишился мирной роли и цвета - жертвы экзекутора…": an Executioner\'s victim is crippled for the heir too', () => {
    const destroyed = player('D', 'doctor', 'red', { statuses: [{ id: 'role-destroyed', sinceNight: 1 }] });
    const r = resolve(night([...mafia, ...reds, destroyed, red('A', 'active-citizen')], [act('M1', 'kill', ['D'])], 2));
    expect(deaths(r)).toEqual(['D']);
    expect(eventsOf(r, 'role-changed')).toEqual([]);
    const lynched = { ...destroyed, alive: false };
    const after = resolve(night([...mafia, ...reds, lynched, red('A', 'active-citizen')], [], 2, { dayBefore: { lynched: ['D'] } }));
    expect(eventsOf(after, 'role-changed')).toEqual([]);
  });
});

describe('L8 Investigator (Следователь): the gun', () => {
  const checkersDead = [player('C', 'commissar', 'red', { alive: false }), player('E', 'detective', 'red', { alive: false })];
  const spentOf = (r: ReturnType<typeof resolve>, who: string) =>
    eventsOf(r, 'protection-spent')
      .filter((e) => e.player === who)
      .map((e) => e.protection);

  it('"может стрелять каждую ночь, пока не совершит убийство одного из негативов или безликого"', () => {
    const first = resolve(night([...mafia, ...reds, ...checkersDead, red('I', 'investigator')], [act('I', 'investigate', ['M1'])], 2));
    expect(deaths(first)).toEqual(['M1']);
    expect(spentOf(first, 'I')).toEqual(['gun-spent']);
    const later = red('I', 'investigator');
    const next = resolve(
      night([...mafia, ...reds, ...checkersDead, { ...later, spent: { 'gun-spent': 1 } }], [act('I', 'investigate', ['M2'])], 3),
    );
    expect(next.refused.map((x) => x.reason)).toEqual(['night/not-available']);
    expect(deaths(next)).toEqual([]);
  });

  it('"Может случайно убить игрока из своей команды": a red killed keeps the gun', () => {
    const r = resolve(night([...mafia, ...reds, ...checkersDead, red('I', 'investigator')], [act('I', 'investigate', ['R1'])], 2));
    expect(deaths(r)).toEqual(['R1']);
    expect(spentOf(r, 'I')).toEqual([]);
  });

  it('L87 "Следователь - теряет право стрелять после убийства любого красного игрока или безликого через свой ход" (a black Investigator)', () => {
    const blackInvestigator = black('I', 'mafia', 'mafia', { role: 'investigator' });
    const onBlack = resolve(night([...mafia, ...reds, ...checkersDead, blackInvestigator], [act('I', 'investigate', ['M1'])], 2));
    expect(deaths(onBlack)).toEqual(['M1']);
    expect(spentOf(onBlack, 'I')).toEqual([]);
    const onRed = resolve(night([...mafia, ...reds, ...checkersDead, blackInvestigator], [act('I', 'investigate', ['R1'])], 2));
    expect(deaths(onRed)).toEqual(['R1']);
    expect(spentOf(onRed, 'I')).toEqual(['gun-spent']);
  });

  it('a played game: the Investigator who killed a Mafioso on night 2 is refused on night 3', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Anna faction=red role=doctor',
        'player Vera faction=red role=commissar',
        'player Egor faction=red role=detective',
        'player Ivan faction=red role=investigator',
        ...['R1', 'R2', 'R3', 'R4', 'R5'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        '  Anna votes election R1; Vera votes election R1; Ivan votes election R1',
        'night 1',
        '  kill Vera by Kolya',
        '  kill Egor by Kolya',
        'day 2',
        'night 2',
        '  Ivan uses investigate Kolya',
        '  resolve night',
        '  expect dead Kolya',
        'day 3',
        'night 3',
        '  Ivan uses investigate Lena',
        '  resolve night',
        '  expect alive Lena',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});

describe('L9 "занимает первое свободное место после соответствующего линчевания или ночи"', () => {
  const lynchedBlocker = player('B', 'blocker', 'red', { alive: false });
  it('a player lynched by day: the Active citizen takes his role before the night, and plays it that night', () => {
    const r = resolve(
      night([...mafia, ...reds, lynchedBlocker, red('A', 'active-citizen')], [act('A', 'block', ['M1']), act('M1', 'kill', ['R1'])], 1, {
        dayBefore: { lynched: ['B'] },
      }),
    );
    expect(eventsOf(r, 'role-changed')).toMatchObject([{ player: 'A', from: 'active-citizen', to: 'blocker' }]);
    expect(pmsRu(r, 'A')).toContain('Вы унаследовали роль Блокер от игрока B.');
    expect(r.refused).toEqual([]);
    // His block stopped the Mafioso's move: "Блокер: попал".
    expect(announced(r)).toContainEqual(told('morning-block', ['A'], { role: 'blocker', hit: true }));
  });
  it('"Если за раз погибли несколько игроков, ведущий даст одну из их ролей, но в приоритете будут роли красных игроков"', () => {
    const lynchedBlack = black('K', 'mafia', 'mafia', { role: 'doctor', alive: false });
    const r = resolve(
      night([...mafia, ...reds, lynchedBlack, lynchedBlocker, red('A', 'active-citizen')], [], 1, {
        dayBefore: { ballot: 'hunt', lynched: ['K', 'B'] },
      }),
    );
    expect(eventsOf(r, 'role-changed')).toMatchObject([{ player: 'A', to: 'blocker' }]);
  });
  it('"Если умер покалеченный игрок, активный житель не получит его роль": not after a lynch either', () => {
    const crippled = player('B', 'blocker', 'red', { alive: false, statuses: [{ id: 'crippled', sinceNight: 1 }] });
    const r = resolve(night([...mafia, ...reds, crippled, red('A', 'active-citizen')], [], 2, { dayBefore: { lynched: ['B'] } }));
    expect(eventsOf(r, 'role-changed')).toEqual([]);
  });
  it('L41 "По приоритету на роль уступает активному жителю, когда уже есть одна любая роль, и преобладает, пока ее нет": a Collector with no role yet takes the lynched player he named', () => {
    const collector = { ...red('K', 'collector'), pastMoves: [{ night: 1, day: true, ability: 'collect', targets: ['B'] }] };
    const r = resolve(
      night([...mafia, ...reds, collector, lynchedBlocker, red('A', 'active-citizen')], [], 2, { dayBefore: { lynched: ['B'] } }),
    );
    expect(eventsOf(r, 'role-changed')).toEqual([]);
    expect(eventsOf(r, 'status-applied').map((e) => `${e.player}:${e.status.id}`)).toContain('B:in-collection');
  });
  it('"В расширенном формате два активных жителя, поэтому порядок получения роли определяется рандомом": the night\'s draw picks the heir, and says so', () => {
    const heirsOver = (input: NightInput) =>
      Array.from({ length: 24 }, (_, seed) => {
        const r = resolveNight({ ...input, statusRules }, rulesRussian, createRng(seed));
        const changed = eventsOf(r, 'role-changed');
        expect(changed).toHaveLength(1);
        expect(JSON.stringify(changed[0]?.reasons)).toContain('night/random-draw');
        return changed[0]?.player;
      });
    const two = [red('A', 'active-citizen'), red('A2', 'active-citizen')];
    // After a lynch (the role is his before the night) and at a death in the night.
    const afterLynch = heirsOver(night([...mafia, ...reds, lynchedBlocker, ...two], [], 2, { dayBefore: { lynched: ['B'] } }));
    expect(new Set(afterLynch)).toEqual(new Set(['A', 'A2']));
    const atNight = heirsOver(night([...mafia, ...reds, red('D', 'doctor'), ...two], [act('M1', 'kill', ['D'])], 2));
    expect(new Set(atNight)).toEqual(new Set(['A', 'A2']));
    // One Active citizen: no draw.
    const one = resolve(night([...mafia, ...reds, lynchedBlocker, red('A', 'active-citizen')], [], 2, { dayBefore: { lynched: ['B'] } }));
    expect(JSON.stringify(eventsOf(one, 'role-changed')[0]?.reasons)).not.toContain('night/random-draw');
  });
  it('a played game: Boris, the Blocker, is lynched on day 2; Gleb, the Active citizen, blocks that very night and keeps the role', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'player Anna faction=red role=doctor',
        'player Boris faction=red role=blocker',
        'player Vera faction=red role=commissar',
        'player Gleb faction=red role=active-citizen',
        ...['R1', 'R2', 'R3', 'R4'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        '  Anna votes election Vera; Boris votes election Vera; Gleb votes election Vera',
        'night 1',
        '  resolve night',
        'day 2',
        '  Anna votes Boris; Vera votes Boris; Gleb votes Boris; R1 votes Boris; Kolya votes Boris',
        '  expect lynched Boris',
        'night 2',
        // "занимает первое свободное место после соответствующего линчевания": his move is taken the night after.
        '  Gleb uses block Misha',
        '  Misha uses kill R2',
        '  resolve night',
        '  expect alive R2',
        'day 3',
        'night 3',
        '  Gleb uses block Kolya',
        '  Kolya uses kill R3',
        '  resolve night',
        'day 4',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const state = deriveState(played.events);
    expect(state.players.find((p) => p.name === 'Gleb')?.role).toBe('blocker');
    expect(state.players.find((p) => p.name === 'Gleb')?.inbox.map((m) => [m.result?.fact, m.result?.about])).toContainEqual([
      'role-inherited',
      ['Boris'],
    ]);
    // Night 3: his block is his own move now, and the morning reads it.
    expect(played.phases.at(-1)?.openingPost ?? '').toContain('Блокер: попал');
  });
});

describe('L41 "По приоритету на роль уступает активному жителю, когда уже есть одна любая роль"', () => {
  it('a Collector who holds a role already yields a lynched player he named to the Active citizen', () => {
    const owner = player('C', 'commissar', 'red', { alive: false, statuses: [{ id: 'in-collection', by: 'K' }] });
    const collector = {
      ...player('K', 'collector', 'red', { statuses: [{ id: 'collected-role', with: 'C', sinceNight: 1 }] }),
      pastMoves: [{ night: 1, day: true, ability: 'collect', targets: ['B'] }],
    };
    const lynched = player('B', 'blocker', 'red', { alive: false });
    const r = resolve(
      night([...mafia, ...reds, collector, owner, lynched, red('A', 'active-citizen')], [], 2, { dayBefore: { lynched: ['B'] } }),
    );
    expect(eventsOf(r, 'status-applied').map((e) => `${e.player}:${e.status.id}`)).not.toContain('B:in-collection');
    expect(eventsOf(r, 'role-changed')).toMatchObject([{ player: 'A', to: 'blocker' }]);
  });
});
