/**
 * Seed 004's shot economy around the black roles, second part (../shared/seeds/004_f6d88bc78ab5cdbd.txt,
 * digest §1.3–1.5, §5.6): the Maniac insuring a Mercenary who took the Mafia's place, the shot the blacks
 * get when a black dies of the poison, the Mercenary's or Ninja's change of side and the new pair of a lone
 * Mafioso and a lone Yakuza, recorded in the game. Each test quotes the seed line it implements.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  deriveState,
  nightResult,
  nightResultNames,
  renderNightResult,
  resolveNight,
  rulesets,
  withNight,
  type GameEvent,
  type NightInput,
  type NightPlayer,
} from '../../../src/engine';
import { describeLog } from '../../../extension/popup/components/event-log';
import { translatorFor } from '../../../extension/shared/catalogs';
import { groupChanges, type GroupMember } from '../../../src/engine/night/shots';
import { act, deaths, eventsOf, night, nightRulesFor, player, rulesRussian, statusRulesOf } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const statusRules = statusRulesOf('russian-004');
const resolve = (input: NightInput, rules = rulesRussian) => resolveNight({ ...input, statusRules }, rules, createRng(4));
const withSettings = (settings: Parameters<typeof withNight>[1]['settings']) =>
  nightRulesFor(withNight(rulesets['russian-004'], { settings: { ...rulesets['russian-004'].night?.settings, ...settings } }));
/** A black: a peaceful role with a negative one on top (L81). */
const black = (slotId: string, faction: string, negative: string, extra: Partial<NightPlayer> = {}) =>
  player(slotId, 'citizen', faction, { secondRole: negative, ...extra });
const red = (slotId: string, peaceful = 'citizen', extra: Partial<NightPlayer> = {}) => player(slotId, peaceful, 'red', extra);
const dead = (players: readonly NightPlayer[], ...ids: string[]) =>
  players.map((p) => (ids.includes(p.slotId) ? { ...p, alive: false } : p));

const mafia = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia')];
const maniac = black('X', 'maniac', 'maniac');
const reds = [red('R1'), red('R2'), red('R3')];
const blocker = red('B', 'blocker');

describe('L49: the Maniac and a Mercenary who took the Mafia’s place insure each other', () => {
  const mercenary = black('N', 'mafia', 'mercenary');
  const players = [...dead(mafia, 'M1', 'M2'), mercenary, maniac, blocker, ...reds];
  it('"Наемник может страховать маньяка, если сам занял место мафии, как и маньяк может страховать его": the Maniac insures his kill', () => {
    const r = resolve(night(players, [act('N', 'contract', ['R1']), act('B', 'block', ['N']), act('X', 'insure', ['R2'])], 3));
    // The Mercenary kills on his own in the Mafia's night (L49): blocked, his shot is the Maniac's to insure.
    expect(eventsOf(r, 'death').map((e) => [e.player, e.by])).toEqual([['R2', ['X']]]);
    // The insured kill is the Mafia side's shot: it is spent (L2: no extra move for it).
    expect(r.reserveKills['mafia']).toBe(0);
    // Without the Maniac's order nobody insures him: the Maniac is no partner of his by default.
    const alone = resolve(night(players, [act('N', 'contract', ['R1']), act('B', 'block', ['N'])], 3));
    expect(deaths(alone)).toEqual([]);
    expect(alone.reserveKills['mafia']).toBe(1);
  });
  it('while an employer lives, a blocked order is the Mafia’s own to fire (L49: "Если по любой причине убийство со стороны наемника не проходит, мафия устраняет свою цель")', () => {
    const employed = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia', { alive: false }), mercenary, maniac, blocker, ...reds];
    const r = resolve(night(employed, [act('N', 'contract', ['R1']), act('B', 'block', ['N']), act('X', 'insure', ['R2'])], 3));
    // No Mafia shot was sent: the Maniac's insurance has nothing to insure.
    expect(deaths(r)).toEqual([]);
  });
  it('"… если сам занял место мафии": the Mercenary insures the Maniac’s blocked shot on the Maniac’s night', () => {
    const r = resolve(night(players, [act('X', 'kill', ['R1']), act('B', 'block', ['X']), act('N', 'insure', ['R3'])], 4));
    expect(eventsOf(r, 'death').map((e) => [e.player, e.by])).toEqual([['R3', ['N']]]);
  });
});

describe('L52: a black dead of the poison gives the surviving blacks a shot', () => {
  const poisoner = black('P', 'werewolf', 'poisoner');
  /** M2 was poisoned by P on night 2 (an extra poisoning carries value 1) and dies of it on night 3. */
  const poisoned = (value?: number) =>
    mafia.map((p) =>
      p.slotId === 'M2' ? { ...p, statuses: [{ id: 'poisoned', sinceNight: 2, by: 'P', ...(value === undefined ? {} : { value }) }] } : p,
    );
  it('"либо если черный умер от яда вслед за отравителем, то выжившие черные получат дополнительный выстрел - по приоритету его получает маньяк, если одна из мафий мертва"', () => {
    const r = resolve(night([...poisoned(), maniac, { ...poisoner, alive: false }, ...reds], [act('M1', 'kill', ['R1'])], 3));
    expect(eventsOf(r, 'death').map((e) => [e.player, e.cause])).toEqual([
      ['R1', 'faction-kill'],
      ['M2', 'poison'],
    ]);
    // One Mafioso is dead now: the Maniac takes the shot; the Mafia's own shot was spent on R1.
    expect(r.reserveKills).toEqual({ mafia: 0, maniac: 1 });
    expect(r.ambiguities.map((a) => a.setting)).not.toContain('poisonedBlackShot');
  });
  it('the Faceless dead of the poison after the Poisoner counts as a black ("не была черной или безликим")', () => {
    const faceless = player('F', 'faceless', 'grey', { statuses: [{ id: 'poisoned', sinceNight: 2, by: 'P' }] });
    const r = resolve(night([...mafia, maniac, faceless, { ...poisoner, alive: false }, ...reds], [act('M1', 'kill', ['R1'])], 3));
    expect(deaths(r)).toEqual(['F', 'R1']);
    // Both sides are whole: by priority the shot goes to the Mafia ("маньяк, если одна из мафий мертва").
    expect(r.reserveKills).toEqual({ mafia: 1, maniac: 0 });
  });
  it('"Если цель успешно умерла от яда и не была черной или безликим, отравление считается реализованным": an extra poisoning that killed a black comes back', () => {
    const extra = resolve(night([...poisoned(1), maniac, poisoner, ...reds], [act('M1', 'kill', ['R1'])], 3));
    expect(deaths(extra)).toEqual(['M2', 'R1']);
    expect(extra.reserveKills).toEqual({ mafia: 0, maniac: 1 });
    // An extra poisoning that killed a red is realised: no shot.
    const onRed = resolve(
      night(
        [...mafia, maniac, poisoner, red('R1', 'citizen', { statuses: [{ id: 'poisoned', sinceNight: 2, by: 'P', value: 1 }] })],
        [],
        3,
      ),
    );
    expect(deaths(onRed)).toEqual(['R1']);
    expect(onRed.reserveKills).toEqual({ mafia: 1, maniac: 0 });
  });
  it('"Если дополнительное отравление … сорвалось после его смерти": an extra poisoning cured after the Poisoner died comes back', () => {
    const victim = red('R1', 'citizen', { statuses: [{ id: 'poisoned', sinceNight: 2, by: 'P', value: 1 }] });
    const cured = resolve(
      night(
        [...mafia, maniac, { ...poisoner, alive: false }, victim, red('R2'), red('D', 'doctor')],
        [act('D', 'heal', ['R1']), act('X', 'kill', ['R2'])],
        4,
      ),
    );
    expect(deaths(cured)).toEqual(['R2']);
    // The Maniac spent his own shot; the one that came back goes to the whole Mafia first.
    expect(cured.reserveKills).toEqual({ mafia: 1, maniac: 0 });
    // While the Poisoner lives, a cure is just a cure.
    const living = resolve(
      night([...mafia, maniac, poisoner, victim, red('R2'), red('D', 'doctor')], [act('D', 'heal', ['R1']), act('X', 'kill', ['R2'])], 4),
    );
    expect(living.reserveKills).toEqual({ mafia: 0, maniac: 0 });
  });
  it('open question: a black dead of the living Poisoner’s own poisoning gives no shot by default (night.settings.poisonedBlackShot)', () => {
    const players = [...poisoned(), maniac, poisoner, ...reds];
    const r = resolve(night(players, [act('M1', 'kill', ['R1'])], 3));
    expect(deaths(r)).toEqual(['M2', 'R1']);
    expect(r.reserveKills).toEqual({ mafia: 0, maniac: 0 });
    expect(r.ambiguities.map((a) => [a.setting, a.value])).toEqual([['poisonedBlackShot', 'no']]);
    const yes = resolve(night(players, [act('M1', 'kill', ['R1'])], 3), withSettings({ poisonedBlackShot: 'yes' }));
    expect(yes.reserveKills).toEqual({ mafia: 0, maniac: 1 });
    expect(rulesets['russian-004'].openQuestions.map((q) => q.setting)).toContain('night.settings.poisonedBlackShot');
  });
  it('the extra poisoning is marked on the status, so the night it kills can tell it from the Poisoner’s own', () => {
    const victim = red('R1', 'citizen', { statuses: [{ id: 'poisoned', sinceNight: 2, by: 'P' }] });
    const table = [...dead(mafia, 'M2'), maniac, poisoner, victim, red('R2'), red('R3')];
    const r = resolve(night(table, [act('P', 'poison', ['R2']), act('M1', 'kill', ['R3'])], 3, { reserveKills: { mafia: 1 } }));
    expect(eventsOf(r, 'status-applied').map((e) => [e.player, e.status])).toEqual([
      ['R2', { id: 'poisoned', sinceNight: 3, by: 'P', value: 1 }],
    ]);
    // The Poisoner's own poisoning carries no mark.
    const own = resolve(night([...mafia, maniac, poisoner, ...reds], [act('P', 'poison', ['R2'])], 3));
    expect(eventsOf(own, 'status-applied').map((e) => [e.player, e.status])).toEqual([['R2', { id: 'poisoned', sinceNight: 3, by: 'P' }]]);
  });
});

describe('L55: the game records a change of side and a new pair, and tells them', () => {
  const roster = (extra: readonly string[]) => [
    'ruleset russian-004',
    'seed 4',
    'player Anna   faction=red    role=doctor',
    'player Boris  faction=red    role=blocker',
    'player Vera   faction=red    role=commissar',
    'player Ilya   faction=red    role=citizen',
    'player Zhenya faction=red    role=citizen',
    'player Dasha  faction=red    role=citizen',
    'player Egor   faction=red    role=citizen',
    'player Kolya  faction=mafia  role=citizen second=mafia',
    'player Lena   faction=mafia  role=citizen second=mafia',
    'player Yura   faction=yakuza role=citizen second=yakuza',
    'player Yasha  faction=yakuza role=citizen second=yakuza',
    ...extra,
  ];
  const slot = (played: ReturnType<typeof playText>, name: string) => {
    const p = deriveState(played.events).players.find((x) => x.name === name);
    if (p === undefined) throw new Error(name);
    return p;
  };
  const results = (played: ReturnType<typeof playText>, name: string) =>
    slot(played, name).inbox.flatMap((m) =>
      m.result === undefined ? [] : [{ fact: m.result.fact, about: m.result.about, value: m.result.value }],
    );
  it('"Если участвует именно наемник или ниндзя, то он автоматически перейдет в противоположную группу, когда умрут оба его нанимателя": his faction changes, he and his new employers are told', () => {
    const played = playText(
      [
        ...roster(['player Nikita faction=mafia role=citizen second=mercenary']),
        'day 1',
        'night 1',
        'day 2',
        '  kill Kolya',
        '  kill Lena',
        'night 2',
        '  Nikita uses contract Ilya',
        '  resolve night',
        '  expect dead Ilya',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    const id = (name: string) => slot(played, name).slot.id;
    // Recorded at the end of day 2, as the game's state (the win check and the nights read the faction).
    expect(slot(played, 'Nikita').faction).toBe('yakuza');
    expect(played.events).toContainEqual({ type: 'player/faction', slotId: id('Nikita'), faction: 'yakuza' });
    expect(results(played, 'Nikita')[0]).toEqual({ fact: 'side-changed', about: [id('Yura'), id('Yasha')], value: 'yakuza' });
    expect(results(played, 'Yura')[0]).toEqual({ fact: 'partner-joined', about: [id('Nikita')], value: 'mercenary' });
    expect(results(played, 'Yasha')[0]).toEqual({ fact: 'partner-joined', about: [id('Nikita')], value: 'mercenary' });
    // Night 2 is the Yakuza's: their order is his, and they learn his victim's team (L49).
    expect(results(played, 'Yura')[1]).toEqual({ fact: 'team-learnt', about: [id('Ilya')], value: false });
    // Told once: the next phase's end changes nothing.
    expect(played.events.filter((e) => e.type === 'player/faction')).toHaveLength(1);
  });
  it('the PMs in Russian and English name the new side and the new employers', () => {
    const names = nightResultNames(
      [
        { id: 'n', name: 'Никита' },
        { id: 'y', name: 'Юра' },
      ],
      rulesRussian,
      'ru',
    );
    // The side by the ruleset's name for it in the PM's language, not its id.
    expect(renderNightResult(nightResult('n', 'side-changed', ['y'], 'yakuza'), names, 'ru')).toBe(
      'Оба ваших нанимателя мертвы: теперь вы работаете на сторону «Якудза» — Юра. Выполняйте их заказы.',
    );
    // The role by its name in the PM's language too: no "Mercenary (Наемник)" in either.
    const english = nightResultNames([{ id: 'n', name: 'Никита' }], rulesRussian, 'en');
    expect(renderNightResult(nightResult('y', 'partner-joined', ['n'], 'mercenary'), english, 'en')).toBe(
      'Both employers of Никита (Mercenary) are dead: he works for your side now. Send him your orders.',
    );
    expect(renderNightResult(nightResult('y', 'partner-joined', ['n'], 'mercenary'), names, 'ru')).toContain('(Наемник)');
    expect(renderNightResult(nightResult('y', 'partner-joined', ['n'], 'mercenary'), names, 'ru')).not.toContain('Mercenary');
    expect(renderNightResult(nightResult('y', 'new-pair', ['n'], 'mafia'), names, 'ru')).toMatch(
      /^Ваши напарники мертвы: вы и игрок Никита \(/,
    );
  });
  it('"Если мафия и якудза остались без напарников, они объединятся в новую пару и по-прежнему смогут использовать окраснение на одного из пары"', () => {
    const script = (pairUp: boolean) =>
      [
        ...roster([]),
        'day 1',
        'night 1',
        'day 2',
        '  kill Lena',
        ...(pairUp ? ['  kill Yasha'] : []),
        'night 2',
        'day 3',
        '  Yura uses redden Kolya',
        'night 3',
        '  Vera uses check Kolya',
        '  resolve night',
      ].join('\n');
    const played = playText(script(true));
    expect(failedExpectations(played)).toEqual([]);
    const id = (name: string) => slot(played, name).slot.id;
    // The pair: a status naming the partner on each (their shared chat), and a PM to each naming the other.
    expect(
      slot(played, 'Kolya')
        .statuses.filter((s) => s.id === 'new-pair')
        .map((s) => s.with),
    ).toEqual([id('Yura')]);
    expect(
      slot(played, 'Yura')
        .statuses.filter((s) => s.id === 'new-pair')
        .map((s) => s.with),
    ).toEqual([id('Kolya')]);
    expect(results(played, 'Kolya')[0]).toEqual({ fact: 'new-pair', about: [id('Yura')], value: 'yakuza' });
    expect(results(played, 'Yura')[0]).toEqual({ fact: 'new-pair', about: [id('Kolya')], value: 'mafia' });
    // The Yakuza reddens the Mafioso of his new pair: the Commissar's check shows red.
    expect(slot(played, 'Kolya').statuses.map((s) => s.id)).toContain('reddened');
    expect(results(played, 'Vera')).toEqual([{ fact: 'alignment-check', about: [id('Kolya')], value: false }]);
    // Without the pair, a Yakuza cannot redden a Mafioso (L55: "на одного из пары").
    const apart = playText(script(false));
    expect(slot(apart, 'Kolya').statuses.map((s) => s.id)).not.toContain('reddened');
    expect(results(apart, 'Vera')).toEqual([{ fact: 'alignment-check', about: [slot(apart, 'Kolya').slot.id], value: true }]);
  });
});

describe('the host’s log tells a change of side', () => {
  it('L55: "player/faction" reads as the player playing for the new side, in English and Russian', () => {
    const log: GameEvent[] = [
      { type: 'game/setup', players: [{ slotId: 's1', name: 'Nikita', faction: 'mafia', role: 'citizen', secondRole: 'mercenary' }] },
      { type: 'phase/start', phase: { kind: 'day', number: 2 } },
      { type: 'player/faction', slotId: 's1', faction: 'yakuza' },
    ];
    const ruleset = rulesets['russian-004'];
    expect(describeLog(log, translatorFor('en'), ruleset).at(-1)?.text).toBe('Nikita plays for Yakuza from now on');
    expect(describeLog(log, translatorFor('ru'), ruleset).at(-1)?.text).toBe('Nikita теперь играет за сторону «Якудза»');
    expect(deriveState(log).players[0]?.faction).toBe('yakuza');
  });
});

describe('L55: which changes of group the deaths bring about (groupChanges)', () => {
  const m = (slotId: string, faction: string, alive = true, extra: Partial<GroupMember> = {}): GroupMember => ({
    slotId,
    faction,
    alive,
    contractKiller: false,
    ...extra,
  });
  const groups = ['mafia', 'yakuza'];
  it('"Для якудзы зеркальными аналогами … наемника выступают … ниндзя": a Ninja whose employers are dead joins the Mafia', () => {
    const players = [
      m('M1', 'mafia'),
      m('M2', 'mafia'),
      m('Y1', 'yakuza', false),
      m('Y2', 'yakuza', false),
      m('J', 'yakuza', true, { contractKiller: true }),
    ];
    expect(groupChanges(groups, players)).toEqual([{ kind: 'side', player: 'J', from: 'yakuza', to: 'mafia', partners: ['M1', 'M2'] }]);
  });
  it('L49 "Если вся мафия выбыла, наемник начинает самостоятельно убивать в ее ночи": with the other group gone too, he stays', () => {
    const players = [
      m('M1', 'mafia', false),
      m('M2', 'mafia', false),
      m('N', 'mafia', true, { contractKiller: true }),
      m('Y1', 'yakuza', false),
    ];
    expect(groupChanges(groups, players)).toEqual([]);
  });
  it('a Mercenary who joins a lone Yakuza makes him whole again: no new pair (he "считается третьим членом")', () => {
    const players = [
      m('M1', 'mafia', false),
      m('M2', 'mafia', false),
      m('N', 'mafia', true, { contractKiller: true }),
      m('Y1', 'yakuza'),
      m('Y2', 'yakuza', false),
    ];
    expect(groupChanges(groups, players)).toEqual([{ kind: 'side', player: 'N', from: 'mafia', to: 'yakuza', partners: ['Y1'] }]);
  });
  it('a pair is made once: members the game already paired are not paired again', () => {
    const lone = [m('M1', 'mafia'), m('M2', 'mafia', false), m('Y1', 'yakuza'), m('Y2', 'yakuza', false)];
    expect(groupChanges(groups, lone)).toEqual([{ kind: 'pair', players: ['M1', 'Y1'] }]);
    const paired = lone.map((p) => (p.slotId === 'M1' ? { ...p, pairedWith: 'Y1' } : p.slotId === 'Y1' ? { ...p, pairedWith: 'M1' } : p));
    expect(groupChanges(groups, paired)).toEqual([]);
  });
  it('later nights read the recorded faction: the Mercenary now of the Yakuza carries out their order on the Mafia’s old nights too', () => {
    const mercenary = black('N', 'yakuza', 'mercenary');
    const yakuza = [black('Y1', 'yakuza', 'yakuza'), black('Y2', 'yakuza', 'yakuza')];
    const r = resolve(
      night([...dead(mafia, 'M1', 'M2'), mercenary, ...yakuza, ...reds], [act('N', 'contract', ['R1']), act('Y1', 'kill', ['R2'])], 5),
    );
    expect(deaths(r)).toEqual(['R1']);
    expect(eventsOf(r, 'nullified')).toMatchObject([{ player: 'Y1', ability: 'kill', cause: 'thwarted' }]);
  });
});
