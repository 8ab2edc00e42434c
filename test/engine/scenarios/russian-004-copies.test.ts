/**
 * Seed 004's limits on copied roles (shared/seeds/004 L40, the Actor; L47, the
 * Wizard "как актер - ограничения на их использование полностью соответствуют
 * ограничениям актера"): what a copy of a role does not get or gets in another
 * form, at night through resolveNight and by day through the game's day moves
 * (checkAction) and the day tally. The quoted lines are the seed's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  checkAction,
  createRng,
  deriveState,
  renderNightResult,
  nightResultNames,
  resolveNight,
  rulesets,
  tallyDay,
  type GameEvent,
  type NightAction,
  type NightPlayer,
  type NightResolution,
  type NightStatus,
  type PastMove,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';
import { act, deaths, eventsOf, messagesTo, night, player, reasonTexts, rulesRussian, statusRulesOf, told } from '../night/helpers';
import { day, night as nightStart, setup, vote } from '../voting/helpers';

const ruleset = rulesets['russian-004'];
const statusRules = statusRulesOf('russian-004');
const resolve = (
  players: NightPlayer[],
  actions: NightAction[],
  n = 1,
  extra: { reserveKills?: Record<string, number> } = {},
): NightResolution => resolveNight(night(players, actions, n, { statusRules, ...extra }), rulesRussian, createRng(5));
const red = (id: string, role: string, ...statuses: NightStatus[]): NightPlayer =>
  player(id, role, 'red', statuses.length === 0 ? {} : { statuses });
const mafia = (id: string): NightPlayer => player(id, 'citizen', 'mafia', { secondRole: 'mafia' });
const dead = (p: NightPlayer): NightPlayer => ({ ...p, alive: false });
const copyOf = (who: string): NightStatus => ({ id: 'copied-role', with: who });
/** Two Mafiosi and two plain reds, plus the players a test adds. */
const table = (...extra: NightPlayer[]): NightPlayer[] => [mafia('M1'), mafia('M2'), red('R1', 'citizen'), red('R2', 'citizen'), ...extra];
const refusals = (r: NightResolution): string[] => r.refused.map((x) => `${x.action.actor}:${x.reason}`);
const statusesGiven = (r: NightResolution, id: string): string[] =>
  eventsOf(r, 'status-applied')
    .filter((e) => e.status.id === id)
    .map((e) => e.player)
    .sort();

describe('Actor (Актер), L40: the copy’s limits at night', () => {
  it('"Если скопировал фантома, не дает эффект фантома другим": the night’s dead do not linger for a copy', () => {
    // The Phantom died on an earlier night; the Actor copied him ("актер все равно сохраняет роль").
    const copy = resolve(table(red('A', 'actor', copyOf('PH')), dead(red('PH', 'phantom'))), [act('M1', 'kill', ['R1'])]);
    expect(deaths(copy)).toEqual(['R1']);
    expect(statusesGiven(copy, 'phantom')).toEqual([]);
    // The Phantom himself, alive, gives the effect.
    const own = resolve(table(red('PH', 'phantom')), [act('M1', 'kill', ['R1'])]);
    expect(statusesGiven(own, 'phantom')).toEqual(['R1']);
  });

  it('"За проститутку нельзя отказаться от презервативов": the copy always takes the client with protection', () => {
    const copy = resolve(table(red('A', 'actor', copyOf('P')), red('P', 'prostitute')), [
      act('A', 'take-home', ['R1']),
      act('M1', 'kill', ['A']),
    ]);
    // With protection the client survives crippled instead of dying with her.
    expect(deaths(copy)).toEqual(['A']);
    expect(statusesGiven(copy, 'crippled')).toEqual(['R1']);
    // The Prostitute herself may go without: her client dies with her.
    const own = resolve(table(red('P', 'prostitute')), [act('P', 'take-home', ['R1']), act('M1', 'kill', ['P'])]);
    expect(deaths(own)).toEqual(['P', 'R1']);
  });

  it('"За камикадзе нельзя убить киллера, но можно покалечить": the attacker of a copied Kamikaze is crippled, not killed', () => {
    const players = table(red('A', 'actor', copyOf('K')), red('K', 'kamikaze'));
    const copy = resolve(players, [act('M1', 'kill', ['A'])]);
    expect(deaths(copy)).toEqual(['A']);
    expect(statusesGiven(copy, 'crippled')).toEqual(['M1']);
    expect(reasonTexts(eventsOf(copy, 'status-applied').find((e) => e.player === 'M1')).join(' ')).toMatch(/copied Kamikaze/);
    // The Kamikaze himself takes the attacker along.
    expect(deaths(resolve(players, [act('M1', 'kill', ['K'])]))).toEqual(['K', 'M1']);
    // L38 "Камикадзе и его жертву нельзя спасти доктором" holds for the copy too.
    const healed = resolve([...players, red('D', 'doctor')], [act('D', 'heal', ['A']), act('M1', 'kill', ['A'])]);
    expect(deaths(healed)).toEqual(['A']);
    expect(statusesGiven(healed, 'crippled')).toEqual(['M1']);
  });

  it('"За горничную нельзя влиять на информацию": the copy serves, and the client is told what he would have been told', () => {
    const players = table(red('A', 'actor', copyOf('MD')), red('MD', 'maid'), red('C', 'commissar'));
    const copy = resolve(players, [act('A', 'serve-replace', ['C'], undefined, { text: 'Ваш чек: красный.' }), act('C', 'check', ['M1'])]);
    expect(refusals(copy)).toEqual([]);
    expect(messagesTo(copy, 'C')).toEqual([told('alignment-check', ['M1'], true)]);
    // She still learns the client's role, as a Maid does.
    expect(messagesTo(copy, 'A')).toContainEqual(told('roles-learnt', ['C'], ['commissar']));
    const add = resolve(players, [act('A', 'serve-add', ['C'], undefined, { text: 'Записка.' }), act('C', 'check', ['M1'])]);
    expect(messagesTo(add, 'C')).toEqual([told('alignment-check', ['M1'], true)]);
    // The Maid herself replaces it.
    const own = resolve(players, [act('MD', 'serve-replace', ['C'], undefined, { text: 'Ваш чек: красный.' }), act('C', 'check', ['M1'])]);
    expect(messagesTo(own, 'C')).toEqual([told('host-note', [], 'Ваш чек: красный.')]);
  });
});

describe('Actor (Актер), L40: "Если скопировал активного жителя без роли, то может на день перехватить покидающую игру роль"', () => {
  const players = (): NightPlayer[] => [
    mafia('M1'),
    mafia('M2'),
    red('A', 'actor', copyOf('AC')),
    red('AC', 'active-citizen'),
    red('D', 'doctor'),
    red('C', 'commissar'),
    red('R1', 'citizen'),
  ];

  it('"но актер уступает в приоритете любому конкуренту на нее": the Active citizen takes the first role, the copy the next', () => {
    const r = resolve(players(), [act('M1', 'kill', ['D'], 10), act('M2', 'kill', ['C'], 20)], 1, { reserveKills: { mafia: 1 } });
    expect(deaths(r)).toEqual(['C', 'D']);
    const inherited = eventsOf(r, 'role-changed').map((e) => `${e.player}:${e.to}`);
    expect(inherited).toHaveLength(1);
    const taken = inherited[0]?.endsWith('doctor') === true ? 'C' : 'D';
    const takenRole = taken === 'C' ? 'commissar' : 'doctor';
    // The Actor plays the other departed role for a game day: a copy status with its holder, and a PM.
    expect(eventsOf(r, 'status-applied').filter((e) => e.player === 'A')).toEqual([
      expect.objectContaining({ status: expect.objectContaining({ id: 'copied-role', with: taken }) }),
    ]);
    expect(messagesTo(r, 'A')).toEqual([told('role-taken-for-day', [taken], takenRole)]);
    const names = nightResultNames(
      players().map((p) => ({ id: p.slotId, name: p.slotId })),
      { roles: ruleset.roles.map((x) => ({ id: x.id, name: x.names?.ru ?? x.name })) },
    );
    expect(renderNightResult({ to: 'A', fact: 'role-taken-for-day', about: [taken], value: takenRole }, names, 'ru')).toMatch(
      /^На одни игровые сутки вы перехватили роль/,
    );
  });

  it('a single departed role goes to the Active citizen alone', () => {
    const r = resolve(players(), [act('M1', 'kill', ['D'])]);
    expect(eventsOf(r, 'role-changed').map((e) => e.player)).toEqual(['AC']);
    expect(eventsOf(r, 'status-applied').filter((e) => e.player === 'A')).toEqual([]);
  });

  it('the role taken over is played the next night, from its departed holder', () => {
    const next = players().map((p) =>
      p.slotId === 'A' ? red('A', 'actor', { id: 'copied-role', with: 'C', sinceNight: 1 }) : p.slotId === 'C' ? dead(p) : p,
    );
    const r = resolve(next, [act('A', 'check', ['M1'])], 2);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'A')).toEqual([told('alignment-check', ['M1'], true)]);
  });
});

describe('Wizard (Волшебник), L47: "ограничения на их использование полностью соответствуют ограничениям актера" at night', () => {
  it('an absent Prostitute’s move is always with protection', () => {
    const r = resolve(table(red('W', 'wizard')), [act('W', 'take-home', ['R1']), act('M1', 'kill', ['W'])]);
    expect(deaths(r)).toEqual(['W']);
    expect(statusesGiven(r, 'crippled')).toEqual(['R1']);
  });

  it('an absent Maid changes nothing of what the client is told', () => {
    const r = resolve(table(red('W', 'wizard'), red('C', 'commissar')), [
      act('W', 'serve-replace', ['C'], undefined, { text: 'Ваш чек: красный.' }),
      act('C', 'check', ['M1']),
    ]);
    expect(refusals(r)).toEqual([]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['M1'], true)]);
  });

  it('"нельзя выбирать больше трех ролей за игру": roles declared by day count among the three', () => {
    const w: NightPlayer = {
      ...red('W', 'wizard'),
      pastMoves: [
        { night: 1, day: true, ability: 'judge/absent-role', targets: [] },
        { night: 2, day: true, ability: 'priest/absent-role', targets: [] },
        { night: 2, day: false, ability: 'lawyer/check', targets: ['M1'] },
      ] satisfies PastMove[],
    };
    expect(refusals(resolve(table(w), [act('W', 'heal', ['R1'])], 3))).toEqual(['W:night/borrow-limit']);
    // Two roles so far: the third is his.
    const two = { ...w, pastMoves: w.pastMoves?.slice(0, 2) ?? [] };
    expect(refusals(resolve(table(two), [act('W', 'heal', ['R1'])], 3))).toEqual([]);
  });
});

// ---------------------------------------------------------------- by day

const roster = setup([
  { name: 'actor', faction: 'red', role: 'actor' },
  { name: 'wiz', faction: 'red', role: 'wizard' },
  { name: 'pol', faction: 'red', role: 'politician' },
  { name: 'mayor', faction: 'red', role: 'citizen' },
  { name: 'imm', faction: 'red', role: 'immortal' },
  { name: 'terror', faction: 'red', role: 'terrorist' },
  { name: 'hero', faction: 'red', role: 'hero' },
  { name: 'priest', faction: 'red', role: 'priest' },
  { name: 'phantom', faction: 'red', role: 'phantom' },
  { name: 'liar', faction: 'red', role: 'liar' },
  { name: 'judge', faction: 'red', role: 'judge' },
  { name: 'r1', faction: 'red', role: 'citizen' },
  { name: 'r2', faction: 'red', role: 'citizen' },
  { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'b2', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
]);
/** A roster with no Judge, Priest or Liar: the Wizard may take them (L47 "роли … что не были взяты на соответствующую игру"). */
const wizardRoster = setup([
  { name: 'wiz', faction: 'red', role: 'wizard' },
  { name: 'r1', faction: 'red', role: 'citizen' },
  { name: 'r2', faction: 'red', role: 'citizen' },
  { name: 'r3', faction: 'red', role: 'citizen' },
  { name: 'r4', faction: 'red', role: 'citizen' },
  { name: 'r5', faction: 'red', role: 'citizen' },
  { name: 'b1', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  { name: 'b2', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
]);
const use = (actor: string, ability: string, ...targets: string[]): GameEvent => ({ type: 'action/use', actor, ability, targets });
/** Day 1, the Actor's copy at its end, night 1, then day 2 with the events given. */
const copiedDay = (of: string, ...events: GameEvent[]): GameEvent[] => [
  roster,
  day(1),
  use('actor', 'copy-role', of),
  nightStart(1),
  day(2),
  ...events,
];
const check = (events: GameEvent[], actor: string, ability: string, ...targets: string[]) =>
  checkAction(deriveState(events), ruleset, actor, ability, targets);
const total = (t: ReturnType<typeof tallyDay>, id: string): number => t.totals.find((x) => x.target === id)?.total ?? 0;
const refused = (reason: string) => ({ ok: false, reason });

describe('Actor (Актер), L40: the copy’s day moves and their limits', () => {
  it('the day after the copy he has the copied role’s day moves: a copied Liar compromises two players', () => {
    const events = copiedDay('liar');
    expect(check(events, 'actor', 'scandal', 'r1', 'r2')).toEqual({ ok: true });
    // Without a copy he has none.
    expect(check([roster, day(2)], 'actor', 'scandal', 'r1', 'r2')).toEqual(refused('action/no-such-ability'));
    const t = tallyDay(
      deriveState([...events, use('actor', 'scandal', 'r1', 'r2'), vote('r1', 'b1'), vote('r2', 'b1'), vote('b1', 'r1')]),
      ruleset,
    );
    // The compromised players' votes count nothing.
    expect(total(t, 'b1')).toBe(0);
    expect(total(t, 'r1')).toBe(1);
  });

  it('"За лжеца нельзя дать себе барьер": the copy may not name himself', () => {
    expect(check(copiedDay('liar'), 'actor', 'scandal', 'actor')).toEqual(refused('action/self-target-limit'));
    expect(check(copiedDay('liar'), 'actor', 'scandal', 'actor', 'r1')).toEqual(refused('action/self-target-limit'));
    // The Liar himself may.
    expect(check(copiedDay('liar'), 'liar', 'scandal', 'liar')).toEqual({ ok: true });
  });

  it('"За бессмертного нельзя наложить связь"', () => {
    expect(check(copiedDay('imm'), 'actor', 'link', 'r1')).toEqual(refused('action/no-such-ability'));
    expect(check(copiedDay('imm'), 'imm', 'link', 'r1')).toEqual({ ok: true });
  });

  it('"За террориста нельзя применить детонатор"', () => {
    expect(check(copiedDay('terror'), 'actor', 'detonate', 'b1')).toEqual(refused('action/no-such-ability'));
    expect(check(copiedDay('terror'), 'terror', 'detonate', 'b1')).toEqual({ ok: true });
  });

  it('"За героя и священника нельзя никого спасти"', () => {
    expect(check(copiedDay('hero'), 'actor', 'save', 'r1')).toEqual(refused('action/no-such-ability'));
    expect(check(copiedDay('priest'), 'actor', 'forgive', 'r1')).toEqual(refused('action/no-such-ability'));
    expect(check(copiedDay('hero'), 'hero', 'save', 'r1')).toEqual({ ok: true });
  });

  it('"Если скопировал фантома, … не вселяется в игроков"', () => {
    expect(check(copiedDay('phantom'), 'actor', 'possess', 'r1')).toEqual(refused('action/no-such-ability'));
  });

  it('"За политика отсутствует неприкосновенность на голосовании": votes against a copied Politician count under the Mayor', () => {
    const mayor: GameEvent = { type: 'title/grant', slotId: 'mayor', title: 'mayor' };
    const t = tallyDay(deriveState(copiedDay('pol', mayor, vote('b1', 'actor'), vote('b2', 'actor'), vote('b1', 'pol'))), ruleset);
    expect(total(t, 'actor')).toBe(2);
    // The Politician himself is covered.
    const own = tallyDay(deriveState(copiedDay('pol', mayor, vote('b1', 'pol'), vote('b2', 'pol'))), ruleset);
    expect(total(own, 'pol')).toBe(0);
  });

  it('"Если скопировал судью … голос … будет на треть слабее базового": the copy chosen the day before weighs 4', () => {
    expect(total(tallyDay(deriveState(copiedDay('judge', vote('actor', 'b1'))), ruleset), 'b1')).toBe(4);
    // "Нельзя скопировать одного и того же игрока больше 1-го раза за игру": a second copy of the Judge gives nothing.
    const again = [
      roster,
      day(1),
      use('actor', 'copy-role', 'judge'),
      nightStart(1),
      day(2),
      use('actor', 'copy-role', 'judge'),
      nightStart(2),
      day(3),
    ];
    expect(total(tallyDay(deriveState([...again, vote('actor', 'b1')]), ruleset), 'b1')).toBe(1);
  });
});

describe('Wizard (Волшебник), L47: his absent role by day', () => {
  // Day 1 has no lynch: the second day's vote.
  const wizardDay = (...events: GameEvent[]): GameEvent[] => [wizardRoster, day(1), nightStart(1), day(2), ...events];

  it('"его судья или священник … на треть слабее" (L40 by L47): a Judge he takes today weighs 4', () => {
    const events = wizardDay(use('wiz', 'judge/absent-role'), vote('wiz', 'b1'));
    expect(check(wizardDay(), 'wiz', 'judge/absent-role')).toEqual({ ok: true });
    expect(total(tallyDay(deriveState(events), ruleset), 'b1')).toBe(4);
    // Without it he weighs 1.
    expect(total(tallyDay(deriveState(wizardDay(vote('wiz', 'b1'))), ruleset), 'b1')).toBe(1);
  });

  it('a Priest he takes today has a barrier a third weaker: 2 instead of 3', () => {
    const events = wizardDay(use('wiz', 'priest/absent-role'), vote('r1', 'wiz'), vote('r2', 'wiz'), vote('r3', 'wiz'), vote('b1', 'wiz'));
    expect(total(tallyDay(deriveState(events), ruleset), 'wiz')).toBe(2);
  });

  it('"Если указанная роль уже есть на игре, волшебник пропустит ход, но одна из трех попыток все равно будет потрачена"', () => {
    // The Judge is in this game: the declaration is recorded, and gives nothing.
    const events = [roster, day(1), nightStart(1), day(2), use('wiz', 'judge/absent-role'), vote('wiz', 'b1')];
    expect(check([roster, day(2)], 'wiz', 'judge/absent-role')).toEqual({ ok: true });
    expect(total(tallyDay(deriveState(events), ruleset), 'b1')).toBe(1);
  });

  it('"Нельзя использовать одну роль дважды": a role taken on an earlier day is refused', () => {
    const later = [wizardRoster, day(1), use('wiz', 'judge/absent-role'), nightStart(1), day(2)];
    expect(check(later, 'wiz', 'judge/absent-role')).toEqual(refused('action/uses-exhausted'));
    expect(check(later, 'wiz', 'priest/absent-role')).toEqual({ ok: true });
  });

  it('an absent role’s day move, with the Actor’s limits: the Liar’s scandal, not on himself; a Liar in the game is no absent role', () => {
    expect(check(wizardDay(), 'wiz', 'scandal', 'r1', 'r2')).toEqual({ ok: true });
    expect(check(wizardDay(), 'wiz', 'scandal', 'wiz')).toEqual(refused('action/self-target-limit'));
    expect(check(wizardDay(), 'wiz', 'forgive', 'r1')).toEqual(refused('action/no-such-ability'));
    expect(check([roster, day(1)], 'wiz', 'scandal', 'r1')).toEqual(refused('action/no-such-ability'));
  });
});

describe('a played game: the Actor’s and the Wizard’s copies by day (L40, L47)', () => {
  const roster = [
    'ruleset russian-004',
    'player Ivan   faction=red   role=actor',
    'player Zhenya faction=red   role=judge',
    'player Olga   faction=red   role=liar',
    'player Tolya  faction=red   role=terrorist',
    'player Vasya  faction=red   role=wizard',
    'player Anna   faction=red   role=citizen',
    'player Boris  faction=red   role=citizen',
    'player Vera   faction=red   role=citizen',
    'player Grisha faction=red   role=citizen',
    'player Kolya  faction=mafia role=citizen second=mafia',
    'player Lena   faction=mafia role=citizen second=mafia',
    'player Misha  faction=maniac role=citizen second=maniac',
  ];

  it('L40 "Если скопировал судью … на треть слабее"; "За героя и священника нельзя никого спасти"; L47 "волшебник … как актер"', () => {
    const played = playText(
      [
        ...roster,
        'day 1',
        '  Anna votes Boris; Boris votes Boris',
        '  Ivan uses copy-role Zhenya',
        'night 1',
        'day 2',
        // The copy plays the Judge only: no Liar's scandal. The Wizard may take the absent Priest, but not to forgive
        // ("За героя и священника нельзя никого спасти"); the Liar is in the game, so no scandal of his.
        '  Ivan uses scandal Anna',
        '  expect rejected Ivan action/no-such-ability',
        '  Vasya uses forgive Kolya',
        '  expect rejected Vasya action/no-such-ability',
        '  Vasya uses scandal Vasya',
        '  expect rejected Vasya action/no-such-ability',
        // The Actor's Judge weighs 4, not 6 (from scratch).
        '  Ivan votes Kolya',
        '  Anna votes Vera; Boris votes Vera; Grisha votes Vera',
        '  expect total Kolya 4',
        '  expect lynched Kolya',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
  });
});

describe('Copied passives at night (L40 "Если скопировал роль, играет за нее с нуля"; L47 "как актер")', () => {
  it('L19 "1 раз неуязвим, если его атаковали": a copied Immortal survives the attack on his spare life, from scratch', () => {
    // The Immortal himself spent his life earlier: the copy still has one.
    const immortal: NightPlayer = { ...red('I', 'immortal'), spent: { 'spare-life': 1 } };
    const copy = resolve(table(red('A', 'actor', copyOf('I')), immortal), [act('M1', 'kill', ['A'])]);
    expect(deaths(copy)).toEqual([]);
    // The life spent is the copy's own (russian-004-copies-2.test.ts: counted per copy, not per player).
    expect(eventsOf(copy, 'protection-spent').map((e) => `${e.player}:${e.protection}`)).toEqual(['A:spare-life@copy:I']);
    // Without the copy the Actor dies.
    expect(deaths(resolve(table(red('A', 'actor'), immortal), [act('M1', 'kill', ['A'])]))).toEqual(['A']);
  });

  it('L30 "Священник обладает правом узнавать утром о тех, кто навещал его ночью - именно роли": so does his copy', () => {
    const r = resolve(table(red('A', 'actor', copyOf('P')), red('P', 'priest'), red('D', 'doctor')), [act('D', 'heal', ['A'])]);
    expect(messagesTo(r, 'A')).toContainEqual(told('visitor-roles', [], ['doctor']));
  });

  it('L132 "Политик узнает утром о тех, кто навещал его ночью - именно роли": so does his copy', () => {
    const r = resolve(table(red('A', 'actor', copyOf('PO')), red('PO', 'politician'), red('D', 'doctor')), [act('D', 'heal', ['A'])]);
    expect(messagesTo(r, 'A')).toContainEqual(told('visitor-roles', [], ['doctor']));
  });

  it('L35 "Герой пассивно обладает способностью видеть имена всех игроков, которые заходили к нему ночью": so does his copy', () => {
    const r = resolve(table(red('A', 'actor', copyOf('H')), red('H', 'hero'), red('D', 'doctor')), [act('D', 'heal', ['A'])]);
    expect(messagesTo(r, 'A')).toContainEqual(told('visited-by', ['A'], ['D']));
    // Without the copy he is told nothing of his visitors.
    const none = resolve(table(red('A', 'actor'), red('H', 'hero'), red('D', 'doctor')), [act('D', 'heal', ['A'])]);
    expect(messagesTo(none, 'A')).toEqual([]);
  });

  it('L47 "может взять на выбор любую отсутствующую мирную роль": a Kamikaze declared by day takes his attacker as a copy does', () => {
    const w: NightPlayer = { ...red('W', 'wizard'), pastMoves: [{ night: 1, day: true, ability: 'kamikaze/absent-role', targets: [] }] };
    const r = resolve(table(w), [act('M1', 'kill', ['W'])]);
    expect(deaths(r)).toEqual(['W']);
    // L40 "За камикадзе нельзя убить киллера, но можно покалечить".
    expect(statusesGiven(r, 'crippled')).toEqual(['M1']);
    // "Если указанная роль уже есть на игре, волшебник пропустит ход": a Kamikaze in the game leaves him without it.
    const present = resolve(table(w, red('K', 'kamikaze')), [act('M1', 'kill', ['W'])]);
    expect(statusesGiven(present, 'crippled')).toEqual([]);
  });

  it('L47: an Immortal declared by day gives the Wizard a spare life; "Нельзя использовать одну роль дважды"', () => {
    const w: NightPlayer = { ...red('W', 'wizard'), pastMoves: [{ night: 2, day: true, ability: 'immortal/absent-role', targets: [] }] };
    expect(deaths(resolve(table(w), [act('M1', 'kill', ['W'])], 2))).toEqual([]);
    const twice: NightPlayer = {
      ...w,
      pastMoves: [{ night: 1, day: true, ability: 'immortal/absent-role', targets: [] }, ...(w.pastMoves ?? [])],
    };
    expect(deaths(resolve(table(twice), [act('M1', 'kill', ['W'])], 2))).toEqual(['W']);
  });
});

describe('A copy in the day tally (L40 "На одни игровые сутки актер дублирует эту роль и может ею пользоваться")', () => {
  const blocked = (t: ReturnType<typeof tallyDay>): string[] =>
    t.effects.flatMap((e) => (e.type === 'status/add' && e.status === 'blocked' ? [e.slotId] : [])).sort();

  it('L132 "каждый из них получает +1 к своему голосу, если голосует с политиком в одну цель": a copied Politician’s supporters', () => {
    const t = tallyDay(
      deriveState(copiedDay('pol', use('actor', 'support', 'r1', 'r2'), vote('actor', 'b1'), vote('r1', 'b1'), vote('r2', 'b1'))),
      ruleset,
    );
    // Each supporter 1 + 1, and the copy 1 + 1 for the pair: 6.
    expect(total(t, 'b1')).toBe(6);
    // Without the copy the support is no move of his.
    const plain = tallyDay(
      deriveState([
        roster,
        day(1),
        nightStart(1),
        day(2),
        use('actor', 'support', 'r1', 'r2'),
        vote('actor', 'b1'),
        vote('r1', 'b1'),
        vote('r2', 'b1'),
      ]),
      ruleset,
    );
    expect(total(plain, 'b1')).toBe(3);
  });

  it('L132 "политик дает бонус к голосу мэра … если они голосуют в одну цель": the Mayor voting with a copied Politician', () => {
    const mayor: GameEvent = { type: 'title/grant', slotId: 'mayor', title: 'mayor' };
    const votes = [vote('actor', 'b1'), vote('r1', 'b1'), vote('r2', 'b1'), vote('mayor', 'b1')];
    const withMayor = tallyDay(deriveState(copiedDay('pol', mayor, use('actor', 'support', 'r1', 'r2'), ...votes)), ruleset);
    const alone = tallyDay(deriveState(copiedDay('pol', use('actor', 'support', 'r1', 'r2'), ...votes)), ruleset);
    // The Mayor's vote gets the copy's own bonus (+1) on top of what the Mayor title gives.
    expect(total(withMayor, 'b1') - total(alone, 'b1')).toBeGreaterThan(0);
    const noCopy = tallyDay(deriveState([roster, day(1), nightStart(1), day(2), mayor, ...votes]), ruleset);
    expect(total(withMayor, 'b1') - total(noCopy, 'b1')).toBe(4);
  });

  it('L23 "если был успешно залинчован на голосовании, устраивает взрыв в зале суда": a lynched copy of the Terrorist blows up', () => {
    const votes = [vote('r1', 'actor'), vote('r2', 'actor'), vote('b1', 'actor')];
    const t = tallyDay(deriveState(copiedDay('terror', ...votes)), ruleset);
    expect(t.outcome).toEqual(expect.objectContaining({ kind: 'lynch', slotIds: ['actor'] }));
    expect(blocked(t)).toEqual(['b1', 'r1', 'r2']);
    // An Actor who copied no Terrorist is lynched quietly.
    const plain = tallyDay(deriveState([roster, day(1), nightStart(1), day(2), ...votes]), ruleset);
    expect(blocked(plain)).toEqual([]);
  });

  it('L47: a Terrorist the Wizard takes today blows up when he is lynched', () => {
    const events = [wizardRoster, day(1), nightStart(1), day(2), use('wiz', 'terrorist/absent-role'), vote('r1', 'wiz'), vote('r2', 'wiz')];
    expect(blocked(tallyDay(deriveState(events), ruleset))).toEqual(['r1', 'r2']);
  });
});
