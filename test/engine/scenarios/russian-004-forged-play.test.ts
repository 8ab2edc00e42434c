/**
 * Seed 004 (../shared/seeds/004_f6d88bc78ab5cdbd.txt): a substitution of what the Investigator is handed, entered in a
 * played game (the `gavel play` script's `forges`, the game's `action/use` event), and L17, what the substituter
 * himself is told. Each test quotes the seed line.
 *
 * - L85 (the black Commissar) "Имеет право подменить чек следователя, то есть может заранее указать ведущему цвет чека,
 *   который тот получит утром. Разрешено поставить условие для подмены, связанное с настоящим результатом. Если ход так
 *   или иначе сорвется, подмены не будет."
 * - L86 (the black Detective) "Имеет право подменить данные следователя - может заранее указать ведущему
 *   местонахождение цели …"; L77 (the Faceless's) "Комиссар/Детектив - могут подменять информацию, как черные."
 * - L17 "Если совершается подмена информации у целевого игрока или роли, то меняющий ее игрок сам получает утром такой же
 *   результат, поэтому со стороны наблюдателя нельзя достоверно установить факт подмены."
 */
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  deriveState,
  json,
  parseGameScript,
  readJsonValue,
  rulesets,
  type GameEvent,
  type NightResult,
  type PlayResult,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'seed 85',
  // The Maniac holds the peaceful Commissar: a black Commissar (L85).
  'player Vera  faction=maniac role=commissar second=maniac',
  'player Ivan  faction=red    role=investigator',
  'player Boris faction=red    role=blocker',
  'player Olga  faction=red    role=commissar',
  'player Anna  faction=red    role=citizen',
  'player Dasha faction=red    role=citizen',
  'player Egor  faction=red    role=citizen',
  'player Kolya faction=mafia  role=citizen second=mafia',
  'player Lena  faction=mafia  role=citizen second=mafia',
];

/** Night 1 of the roster with these moves, resolved. */
const night1 = (...moves: string[]): PlayResult => {
  const played = playText([...roster, 'day 1', 'night 1', ...moves.map((m) => `  ${m}`), '  resolve night', 'day 2'].join('\n'));
  expect(failedExpectations(played)).toEqual([]);
  return played;
};

/** The results a player was told in the game, by fact. */
const told = (played: PlayResult, name: string, fact?: string): NightResult[] =>
  played.phases
    .flatMap((p) => p.privateMessages)
    .filter((m) => m.name === name && m.result !== undefined && (fact === undefined || m.result.fact === fact))
    .map((m) => m.result as NightResult);
/** What the Investigator is handed of the checkers' results. */
const handed = (played: PlayResult): unknown[] =>
  told(played, 'Ivan', 'forwarded-result').map((r) => {
    const inner = r.value as NightResult;
    return [inner.fact, inner.about.map((id) => nameOf(played, id)), inner.value];
  });
const nameOf = (played: PlayResult, id: string): string => deriveState(played.events).players.find((p) => p.slot.id === id)?.name ?? id;
/** The PMs' words of a player in the game's language (Russian). */
const pms = (played: PlayResult, name: string): string[] =>
  played.phases
    .flatMap((p) => p.privateMessages)
    .filter((m) => m.name === name)
    .map((m) => m.text);
const reported = (played: PlayResult, setting: string): string[] =>
  played.phases
    .flatMap((p) => p.night?.ambiguities ?? [])
    .filter((a) => a.setting === setting)
    .map((a) => a.value);

describe('L85 in a played game: the black Commissar substitutes the Investigator’s check', () => {
  it('"может заранее указать ведущему цвет чека, который тот получит утром": `Vera uses check Kolya forges red`', () => {
    const played = night1('Vera uses check Kolya forges red');
    // The move is recorded with its substitution (the action/use event) and reaches the night.
    const use = played.events.find((e): e is Extract<GameEvent, { type: 'action/use' }> => e.type === 'action/use');
    expect(use?.forged).toEqual({ value: false });
    expect(handed(played)).toEqual([['alignment-check', ['Kolya'], false]]);
    expect(pms(played, 'Ivan')).toEqual(['(от игрока Vera) Результат проверки игрока Kolya: красный.']);
  });

  it('"Разрешено поставить условие для подмены, связанное с настоящим результатом": `forges red if black`', () => {
    // Kolya is black: the condition holds, the Investigator reads red.
    const met = night1('Vera uses check Kolya forges red if black');
    expect(handed(met)).toEqual([['alignment-check', ['Kolya'], false]]);
    // Anna is red: the condition does not hold, the Investigator reads her real colour, and the Commissar is told it.
    const unmet = night1('Vera uses check Anna forges black if black');
    expect(handed(unmet)).toEqual([['alignment-check', ['Anna'], false]]);
    expect(told(unmet, 'Vera', 'alignment-check').map((r) => r.value)).toEqual([false]);
    expect(
      unmet.phases
        .flatMap((p) => p.night?.events ?? [])
        .flatMap((e) => ('reasons' in e ? e.reasons : []))
        .map((r) => r.message?.code),
    ).toContain('night/forged-condition-unmet');
    expect(reported(unmet, 'forgerAlsoToldTruth')).toEqual([]);
  });

  it('"Если ход так или иначе сорвется, подмены не будет": a blocked Commissar hands on no substitution', () => {
    const played = night1('Boris uses block Vera', 'Vera uses check Kolya forges red');
    // The Commissar learns no colour; the Investigator is handed the block, never the red he named.
    expect(told(played, 'Vera', 'alignment-check')).toEqual([]);
    expect(handed(played)).toEqual([['action-stopped', [], 'blocker']]);
    expect(reported(played, 'forgerAlsoToldTruth')).toEqual([]);
  });

  it('a red Commissar may not substitute: the move is refused with its reason (the engine’s `action/forged-not-allowed`)', () => {
    const played = night1('Olga uses check Kolya forges red', 'expect rejected Olga action/forged-not-allowed');
    expect(played.events.some((e) => e.type === 'action/use' && e.actor === 'slot-4')).toBe(false);
  });

  it('a check takes a colour, not places: refused (`action/forged-misfit`)', () => {
    night1('Vera uses check Kolya forges Anna', 'expect rejected Vera action/forged-misfit');
  });
});

describe('L86, L77 in a played game: the black and the Faceless’s Detective substitute a track', () => {
  const detectives = [
    'ruleset russian-004',
    'seed 86',
    'player Gleb  faction=maniac role=detective second=maniac',
    'player Fima  faction=grey   role=detective second=faceless',
    'player Ivan  faction=red    role=investigator',
    'player Anna  faction=red    role=citizen',
    'player Dasha faction=red    role=citizen',
    'player Egor  faction=red    role=doctor',
    'player Kolya faction=mafia  role=citizen second=mafia',
    'player Lena  faction=mafia  role=citizen second=mafia',
  ];
  it('"может заранее указать ведущему местонахождение цели": `forges home`, `forges Anna`', () => {
    const played = playText(
      [
        ...detectives,
        'day 1',
        'night 1',
        '  Egor uses heal Dasha',
        '  Gleb uses track Egor forges home',
        '  Fima uses track Kolya forges Anna',
        '  resolve night',
        'day 2',
      ].join('\n'),
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(handed(played)).toEqual(
      expect.arrayContaining([
        ['target-visits', ['Egor'], []],
        ['target-visits', ['Kolya'], ['Anna']],
      ]),
    );
  });
});

describe('L17 "меняющий ее игрок сам получает утром такой же результат, поэтому со стороны наблюдателя нельзя достоверно установить факт подмены"', () => {
  it('the black Commissar who substituted is told the forged colour, and no L85 "false black" that would tell the truth', () => {
    const played = night1('Vera uses check Kolya forges red');
    expect(told(played, 'Vera').map((r) => [r.fact, r.value])).toEqual([['alignment-check', false]]);
    expect(pms(played, 'Vera')).toEqual(['Результат проверки игрока Kolya: красный.']);
    // His words are the Investigator's, without the "from" line: a watcher reads the same colour in both.
    expect(pms(played, 'Ivan')[0]).toContain(pms(played, 'Vera')[0] ?? '-');
    expect(reported(played, 'forgerAlsoToldTruth')).toEqual(['no']);
    // The preset lists the question among its open ones.
    expect(rulesets['russian-004'].openQuestions?.map((q) => q.setting)).toContain('night.settings.forgerAlsoToldTruth');
  });

  it('without a substitution he is told the truth, with the false-black knowledge of L85', () => {
    const played = night1('Vera uses check Kolya');
    expect(told(played, 'Vera').map((r) => [r.fact, r.value])).toEqual([
      ['alignment-check', true],
      ['check-false-black', false],
    ]);
    expect(reported(played, 'forgerAlsoToldTruth')).toEqual([]);
  });

  it('setting forgerAlsoToldTruth `yes`: the forged colour, and the real one beside it, his alone', () => {
    const played = playText(
      [
        ...roster,
        'set night.settings.forgerAlsoToldTruth yes',
        'day 1',
        'night 1',
        '  Vera uses check Kolya forges red',
        '  resolve night',
        'day 2',
      ].join('\n'),
    );
    expect(told(played, 'Vera').map((r) => [r.fact, r.value])).toEqual([
      ['alignment-check', false],
      ['alignment-check', true],
      ['check-false-black', false],
    ]);
    // The Investigator is handed the substitution alone.
    expect(handed(played)).toEqual([['alignment-check', ['Kolya'], false]]);
    expect(reported(played, 'forgerAlsoToldTruth')).toEqual(['yes']);
  });
});

describe('the game’s `action/use` event carries the substitution', () => {
  it('into the recorded move, and through the saved log’s reader', () => {
    const event: GameEvent = {
      type: 'action/use',
      actor: 'slot-1',
      ability: 'check',
      targets: ['slot-8'],
      forged: { value: false, when: true },
    };
    const read = readJsonValue(JSON.parse(JSON.stringify(event)) as unknown, json.gameEventReader, 'log');
    expect(read).toEqual({ ok: true, value: event });
    const bad = readJsonValue({ ...event, forged: { value: 'red' } }, json.gameEventReader, 'log');
    expect(bad.ok).toBe(false);
    const played = night1();
    const state = applyEvent(deriveState([...played.events.slice(0, -1)]), event, played.events.length);
    expect(state.actions.at(-1)?.forged).toEqual({ value: false, when: true });
  });

  it('the script reads `forges` after the targets, and refuses it without a value', () => {
    const parsed = parseGameScript([...roster, 'day 1', 'night 1', '  Vera uses check Kolya forges'].join('\n'));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[0]?.message).toContain('forges <black|red|home|names…>');
  });
});
