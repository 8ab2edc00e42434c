/**
 * Seed 004's words the code read one way without saying so, now night settings the ruleset lists among its open
 * questions and the night reports when a game meets them (../shared/seeds/004_f6d88bc78ab5cdbd.txt L6, L44, L112,
 * L131.3; issue 17):
 *
 * - L6 "выбрал … такую же цель, как адвокат/инквизитор/телохранитель/доктор/блокер/культист(хил)": a move that chose
 *   the checked player, or one that reached him (`sharedTargetCounts`, default `reached`);
 * - L131.3 "остались двое из джокер/отравитель/экзекутор" with three of them left (`threeLeftSuccession`, default
 *   `same-order`);
 * - L112 "взять анализы с трех выбранных игроков" against L44 "от одного до трех" (`blackForensicSamples`, default
 *   `three`).
 *
 * Each test quotes its seed line, runs the default and the other value, and checks what the host is told.
 */
import { describe, expect, it } from 'vitest';
import {
  createRng,
  parseGameScript,
  playGame,
  resolveNight,
  rulesets,
  withNight,
  type NightAction,
  type NightPlayer,
  type NightResolution,
  type NightSettings,
  type PastMove,
  type Ruleset,
} from '../../../src/engine';
import { catalogWording } from '../../../extension/shared/engine-wording';
import { act, announced, deaths, messagesTo, night, nightRulesFor, player, statusRulesOf, told } from '../night/helpers';
import { failedExpectations, playText } from './run-script';

const russian = rulesets['russian-004'];
const extended = rulesets['russian-004-extended'];

/** The ruleset with one night setting changed, as a host's own ruleset would set it. */
const setting = (ruleset: Ruleset, settings: Partial<NightSettings>): Ruleset =>
  withNight(ruleset, { settings: { ...ruleset.night?.settings, ...settings } });

const resolveIn =
  (ruleset: Ruleset) =>
  (players: NightPlayer[], actions: NightAction[], n = 2): NightResolution =>
    resolveNight(
      { ...night(players, actions, n), statusRules: statusRulesOf(ruleset.id as keyof typeof rulesets) },
      nightRulesFor(ruleset),
      createRng(4),
    );

/** The night's reports of one setting, as `value`. */
const reported = (r: NightResolution, key: keyof NightSettings): string[] =>
  r.ambiguities.filter((a) => a.setting === key).map((a) => a.value);

/** A report as the host reads it in the popup or a Russian post (the catalog's words). */
const worded = (r: NightResolution, key: keyof NightSettings, ruleset: Ruleset, language: 'en' | 'ru'): string => {
  const message = r.ambiguities.find((a) => a.setting === key)?.message;
  if (message === undefined) throw new Error(`no report of ${key}`);
  return catalogWording(ruleset)(message, language);
};

const red = (id: string, role = 'citizen', extra: Partial<NightPlayer> = {}): NightPlayer => player(id, role, 'red', extra);
const black = (id: string, faction: string, negative: string, extra: Partial<NightPlayer> = {}): NightPlayer =>
  player(id, 'citizen', faction, { secondRole: negative, ...extra });

describe('L6 "выбрал … такую же цель, как … доктор/блокер …": a move that chose the target, or one that reached it (setting `sharedTargetCounts`)', () => {
  const table = [
    red('C', 'commissar'),
    red('L', 'lawyer'),
    red('D', 'doctor'),
    red('B', 'blocker'),
    red('H', 'hypnotist'),
    black('M', 'mafia', 'mafia'),
    black('M2', 'mafia', 'mafia'),
    red('R1'),
    red('R2'),
  ];
  const standard = resolveIn(russian);
  const chosen = resolveIn(setting(russian, { sharedTargetCounts: 'chosen' }));
  /** The Commissar's public morning word (L6: "чек прошел" / "информация не предоставляется"). */
  const commissarWord = (r: NightResolution): unknown => announced(r).find((a) => a.fact === 'morning-check' && a.about[0] === 'C')?.value;
  // The Blocker stops the Doctor, whose heal named the player the Commissar checks.
  const blockedDoctor = [act('C', 'check', ['M']), act('D', 'heal', ['M']), act('B', 'block', ['D'])];

  it('by default (`reached`) a Doctor blocked on the way never came: the check goes through, "чек прошел", and the host is told the reading', () => {
    const r = standard(table, blockedDoctor);
    expect(messagesTo(r, 'C')).toContainEqual(told('alignment-check', ['M'], true));
    expect(commissarWord(r)).toEqual({ role: 'commissar', hit: true });
    expect(reported(r, 'sharedTargetCounts')).toEqual(['reached']);
    expect(worded(r, 'sharedTargetCounts', russian, 'ru')).toContain('ход считается там, куда он дошел');
    expect(worded(r, 'sharedTargetCounts', russian, 'en')).toContain('a move counts where it landed');
  });

  it('with `chosen`, the blocked Doctor "выбрал такую же цель": "информация не предоставляется", no PM', () => {
    const r = chosen(table, blockedDoctor);
    expect(messagesTo(r, 'C').filter((m) => m.fact === 'alignment-check')).toEqual([]);
    expect(commissarWord(r)).toEqual({ role: 'commissar', hit: false, noInfo: true });
    expect(reported(r, 'sharedTargetCounts')).toEqual(['chosen']);
    expect(worded(r, 'sharedTargetCounts', russian, 'ru')).toContain('ход считается по выбранной цели, дошел он или нет');
  });

  it('L28 "Принцип чеков полностью соответствует чекам комиссара": the Lawyer’s private check reads the setting the same way', () => {
    const actions = [act('L', 'check', ['M']), act('D', 'heal', ['M']), act('B', 'block', ['D'])];
    expect(messagesTo(standard(table, actions), 'L')).toEqual([told('alignment-check', ['M'], true)]);
    expect(messagesTo(chosen(table, actions), 'L')).toEqual([told('check-no-info', ['M'], null)]);
    expect(reported(chosen(table, actions), 'sharedTargetCounts')).toEqual(['chosen']);
  });

  it('a Doctor turned aside by the Hypnotist (L37) reaches the checked player without choosing him: no information by default, the colour with `chosen`', () => {
    const actions = [act('C', 'check', ['M']), act('D', 'heal', ['H']), act('H', 'hypnotise', ['M'])];
    const r = standard(table, actions);
    expect(commissarWord(r)).toEqual({ role: 'commissar', hit: false, noInfo: true });
    expect(reported(r, 'sharedTargetCounts')).toEqual(['reached']);
    expect(worded(r, 'sharedTargetCounts', russian, 'ru')).toContain('направленный в другого игрока');
    const c = chosen(table, actions);
    expect(messagesTo(c, 'C')).toContainEqual(told('alignment-check', ['M'], true));
    expect(reported(c, 'sharedTargetCounts')).toEqual(['chosen']);
  });

  it('where the readings agree the host is not asked: a Doctor who reached the target, or none on it', () => {
    const landed = standard(table, [act('C', 'check', ['M']), act('D', 'heal', ['M'])]);
    expect(commissarWord(landed)).toEqual({ role: 'commissar', hit: false, noInfo: true });
    expect(reported(landed, 'sharedTargetCounts')).toEqual([]);
    const elsewhere = chosen(table, [act('C', 'check', ['M']), act('D', 'heal', ['R1']), act('B', 'block', ['D'])]);
    expect(commissarWord(elsewhere)).toEqual({ role: 'commissar', hit: true });
    expect(reported(elsewhere, 'sharedTargetCounts')).toEqual([]);
    // A check another rule already settles (L6 "анонимуса/террориста/гипнотизера/политика") does not ask either.
    const hidden = chosen(table, [act('C', 'check', ['H']), act('D', 'heal', ['H']), act('B', 'block', ['D'])]);
    expect(reported(hidden, 'sharedTargetCounts')).toEqual([]);
  });

  it('a played game: the blocked Doctor’s target checked by the Commissar, the morning says "Комиссар: чек прошел" and the night reports the reading', () => {
    const played = playText(
      [
        'ruleset russian-004',
        'seed 4',
        'player Vera faction=red role=commissar',
        'player Anna faction=red role=doctor',
        ...['Boris', 'Olga', 'Ivan', 'Gleb', 'Dima'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=blocker second=mafia',
        'player Lena faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'day 1',
        'night 1',
        '  Kolya uses block Anna',
        '  Anna uses heal Lena',
        '  Vera uses check Lena',
        '  resolve night',
        'day 2',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(played.phases[2]?.openingPost ?? '').toContain('Комиссар: чек прошел');
    expect(played.phases[1]?.night?.ambiguities.map((a) => `${a.setting}=${a.value}`)).toContain('sharedTargetCounts=reached');
  });
});

describe('L131.3 "Если из команды черных остались двое из джокер/отравитель/экзекутор": three of them left (setting `threeLeftSuccession`)', () => {
  const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });
  const joker = black('J', 'werewolf', 'joker');
  const poisoner = black('P', 'werewolf', 'poisoner');
  const executioner = black('E', 'werewolf', 'executioner');
  const others = [black('M1', 'mafia', 'mafia'), black('M2', 'mafia', 'mafia'), black('X', 'maniac', 'maniac')].map(dead);
  const reds = [red('R1'), red('R2'), red('R3'), red('R4'), red('R5')];
  const three = [...others, joker, poisoner, executioner, ...reds];
  const guns = [act('P', 'gun', ['R1']), act('E', 'gun', ['R2']), act('J', 'gun', ['R3'])];
  const accepted = (r: NightResolution): string[] => r.accepted.map((a) => a.actor);
  const sameOrder = resolveIn(extended);
  const waitForTwo = resolveIn(setting(extended, { threeLeftSuccession: 'wait-for-two' }));

  it('by default (`same-order`) "приоритет: джокер > экзекутор > отравитель" picks among the three: the Joker shoots, and the host is told', () => {
    const r = sameOrder(three, guns, 5);
    expect(accepted(r)).toEqual(['J']);
    expect(deaths(r)).toEqual(['R3']);
    expect(reported(r, 'threeLeftSuccession')).toEqual(['same-order']);
    const ru = worded(r, 'threeLeftSuccession', extended, 'ru');
    expect(ru).toContain('Ствол берет J');
    expect(ru).toContain('порядок для двоих выбирает из троих');
    expect(worded(r, 'threeLeftSuccession', extended, 'en')).toContain('J takes up the gun');
  });

  it('"новым киллером станет отравитель, если исчерпал лимит отравлений" holds among three as well (with `pendingPoisonIsSpent` = yes)', () => {
    const victimAlive = three.map((p) => (p.slotId === 'R5' ? { ...p, statuses: [{ id: 'poisoned', sinceNight: 4, by: 'P' }] } : p));
    const r = resolveIn(setting(extended, { pendingPoisonIsSpent: 'yes' }))(victimAlive, guns, 5);
    expect(accepted(r)).toEqual(['P']);
    expect(reported(r, 'threeLeftSuccession')).toEqual(['same-order']);
  });

  it('with `wait-for-two`, nobody takes up the gun while three live; the host is told so', () => {
    const r = waitForTwo(three, guns, 5);
    expect(accepted(r)).toEqual([]);
    expect(r.refused.map((x) => [x.action.actor, x.reason])).toEqual([
      ['P', 'night/not-available'],
      ['E', 'night/not-available'],
      ['J', 'night/not-available'],
    ]);
    expect(deaths(r)).toEqual([]);
    expect(reported(r, 'threeLeftSuccession')).toEqual(['wait-for-two']);
    expect(worded(r, 'threeLeftSuccession', extended, 'ru')).toContain('Этой ночью ствол не берет никто');
    // The Poisoner's limit is not reached when nobody takes the gun.
    expect(reported(r, 'pendingPoisonIsSpent')).toEqual([]);
  });

  it('two left is the seed’s own case: the same under either value, and no question', () => {
    const two = [...others, joker, dead(poisoner), executioner, ...reds];
    for (const resolve of [sameOrder, waitForTwo]) {
      const r = resolve(two, [act('E', 'gun', ['R2']), act('J', 'gun', ['R3'])], 5);
      expect(accepted(r)).toEqual(['J']);
      expect(reported(r, 'threeLeftSuccession')).toEqual([]);
    }
    // While another black lives the succession is not reached at all.
    const maniacAlive = [...others.slice(0, 2), black('X', 'maniac', 'maniac'), joker, poisoner, executioner, ...reds];
    expect(reported(sameOrder(maniacAlive, guns, 5), 'threeLeftSuccession')).toEqual([]);
  });

  it('L15 "Оборотень имеет право на очернение только тогда, когда в полной мере получает доступ к выстрелу киллера": the day follows the setting too', () => {
    const game = (ruleset: string, blackens: boolean): string =>
      [
        `ruleset ${ruleset}`,
        'seed 4',
        ...['Vera', 'Olga', 'Boris', 'Ilya', 'Oleg', 'Dima'].map((n) => `player ${n} faction=red role=citizen`),
        'player Kolya faction=mafia role=citizen second=mafia',
        'player Misha faction=maniac role=citizen second=maniac',
        'player Jora faction=werewolf role=citizen second=joker',
        'player Pasha faction=werewolf role=citizen second=poisoner',
        'player Egor faction=werewolf role=citizen second=executioner',
        'day 1',
        'night 1',
        '  kill Kolya : night-kill',
        '  kill Misha : night-kill',
        'day 2',
        'night 2',
        'day 3',
        '  Jora uses blacken Olga',
        `  expect status Olga ${blackens ? '' : 'not '}blackened`,
      ].join('\n');
    expect(failedExpectations(playText(game('russian-004-extended', true)))).toEqual([]);
    // A host's ruleset with `wait-for-two`: with three werewolves left, none of them has the gun, so none blackens.
    const parsed = parseGameScript(game('russian-004-extended', false));
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    const hosts = setting(extended, { threeLeftSuccession: 'wait-for-two' });
    const run = playGame(parsed.script, hosts, { wording: catalogWording(hosts) });
    if (!run.ok) throw new Error(run.errors.map((e) => e.message).join('\n'));
    expect(failedExpectations(run.result)).toEqual([]);
  });
});

describe('L112 "взять анализы с трех выбранных игроков вечером" against L44 "от одного до трех" (setting `blackForensicSamples`)', () => {
  const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });
  const day = (n: number, ability: string, ...targets: string[]): PastMove => ({ night: n, day: true, ability, targets });
  const forensic = (faction: string, ...moves: PastMove[]): NightPlayer => ({
    ...player('F', 'forensic', faction, faction === 'red' ? {} : { secondRole: 'mafia' }),
    pastMoves: moves,
  });
  const mercenary = black('W', 'mafia', 'mercenary');
  const table = (...extra: NightPlayer[]): NightPlayer[] => [
    black('M1', 'mafia', 'mafia'),
    black('X', 'maniac', 'maniac'),
    red('R1'),
    red('R2'),
    mercenary,
    ...extra,
  ];
  const body = (id: string, killer: string): NightPlayer => dead({ ...red(id), killedBy: [killer] });
  const three = resolveIn(russian);
  const redRules = resolveIn(setting(russian, { blackForensicSamples: 'red-rules' }));
  const matched = (r: NightResolution) => messagesTo(r, 'F').filter((m) => m.fact === 'samples-matched');
  // "Если убийство совершил наемник … не более одного игрока за раз": two samples against the Mercenary's body.
  const onMercenaryBody = [day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'W', 'R1')];

  it('by default (`three`) the black Forensic’s samples all go against his body, a Mercenary’s too; the host is told the reading', () => {
    const r = three(table(forensic('mafia', ...onMercenaryBody), body('A', 'W')), []);
    expect(matched(r)).toEqual([told('samples-matched', ['A', 'W', 'R1'], true)]);
    expect(reported(r, 'blackForensicSamples')).toEqual(['three']);
    expect(worded(r, 'blackForensicSamples', russian, 'ru')).toContain('трое игроков против обследованного им трупа');
    expect(worded(r, 'blackForensicSamples', russian, 'en')).toContain('three players against the body he examined');
    // Three players at most: a fourth is over his three.
    const four = [day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'W', 'R1', 'R2', 'M1')];
    expect(matched(three(table(forensic('mafia', ...four), body('A', 'W')), []))).toEqual([]);
  });

  it('with `red-rules`, L44 holds for him: one sample alone on a Mercenary’s body, and the samples split between bodies as named', () => {
    const r = redRules(table(forensic('mafia', ...onMercenaryBody), body('A', 'W')), []);
    expect(matched(r)).toEqual([]);
    expect(reported(r, 'blackForensicSamples')).toEqual(['red-rules']);
    expect(worded(r, 'blackForensicSamples', russian, 'ru')).toContain('анализы и ограничения красного криминалиста');
    const one = redRules(table(forensic('mafia', day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'A', 'W')), body('A', 'W')), []);
    expect(matched(one)).toEqual([told('samples-matched', ['A', 'W'], true)]);
    // "два для одного трупа и один для другого": two bodies examined, the samples split between them.
    const split = [day(1, 'examine-bodies', 'B'), day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'A', 'R1', 'R2', 'B', 'X')];
    const bodies = [body('A', 'R2'), body('B', 'X')];
    expect(matched(redRules(table(forensic('mafia', ...split), ...bodies), []))).toEqual([
      told('samples-matched', ['A', 'R1', 'R2'], true),
      told('samples-matched', ['B', 'X'], true),
    ]);
    // Under `three` the same day's names all go against the body examined last (the bodies named are not samples).
    expect(matched(three(table(forensic('mafia', ...split), ...bodies), []))).toEqual([]);
  });

  it('the red Forensic is L44’s either way, and asks nothing', () => {
    const moves = [day(2, 'examine-bodies', 'A'), day(2, 'take-samples', 'A', 'W', 'R1')];
    for (const resolve of [three, redRules]) {
      const r = resolve(table(forensic('red', ...moves), body('A', 'W')), []);
      expect(matched(r)).toEqual([]);
      expect(reported(r, 'blackForensicSamples')).toEqual([]);
    }
  });
});

describe('the three readings are the presets’ open questions, each a setting with its values', () => {
  it('russian-004 lists `sharedTargetCounts` and `blackForensicSamples`; the extended format adds `threeLeftSuccession`', () => {
    const listed = (r: Ruleset): string[] => r.openQuestions.map((q) => q.setting);
    expect(listed(russian)).toEqual(expect.arrayContaining(['night.settings.sharedTargetCounts', 'night.settings.blackForensicSamples']));
    expect(listed(russian)).not.toContain('night.settings.threeLeftSuccession');
    expect(listed(extended)).toEqual(
      expect.arrayContaining([
        'night.settings.sharedTargetCounts',
        'night.settings.blackForensicSamples',
        'night.settings.threeLeftSuccession',
      ]),
    );
    expect(nightRulesFor(russian).settings).toMatchObject({ sharedTargetCounts: 'reached', blackForensicSamples: 'three' });
    expect(nightRulesFor(extended).settings).toMatchObject({ threeLeftSuccession: 'same-order' });
  });
});
