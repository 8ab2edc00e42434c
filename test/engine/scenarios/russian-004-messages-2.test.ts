/**
 * 004's messages, second part: the Maid is handed what her target was told at
 * a day's end (L45), a side is named by the ruleset's faction name in the PM's
 * language (L55, L115.2), and the thread is told when the Faceless Phantom
 * leaves because his host's target died (L70).
 */
import { describe, expect, it } from 'vitest';
import {
  deriveState,
  engineMessage,
  nightResult,
  nightResultNames,
  renderNightResult,
  rulesets,
  word,
  type EngineMessage,
  type GameState,
  type NightResult,
  type PlayResult,
} from '../../../src/engine';
import { postResultNames } from '../../../src/engine/announce';
import { nightRulesOf } from '../../../src/engine/night/rules';
import { catalogWording } from '../../../extension/shared/engine-wording';
import { failedExpectations, playText } from './run-script';

const play = (lines: readonly string[]): PlayResult => {
  const played = playText(lines.join('\n'));
  expect(failedExpectations(played)).toEqual([]);
  return played;
};
const stateOf = (played: PlayResult): GameState => deriveState(played.events);
const slotOf = (state: GameState, name: string): string => state.players.find((p) => p.name === name)?.slot.id ?? name;
const resultsTo = (state: GameState, name: string): NightResult[] =>
  state.players.find((p) => p.name === name)?.inbox.flatMap((m) => (m.result === undefined ? [] : [m.result])) ?? [];
/** What the game rules told the thread, as messages. */
const toldThread = (played: PlayResult): EngineMessage[] =>
  played.events.flatMap((e) => (e.type === 'message/send' && e.to === null && e.message !== undefined ? [e.message] : []));

/** Seven reds, two Mafiosi and the Maniac: no side wins inside these short games. */
const roster = (roles: Readonly<Record<string, string>> = {}): string[] => {
  const line = (name: string, fallback: string): string => roles[name] ?? fallback;
  return [
    'ruleset russian-004',
    'seed 4',
    line('Sasha', 'player Sasha faction=red role=citizen'),
    line('Anna', 'player Anna faction=red role=doctor'),
    line('Boris', 'player Boris faction=red role=citizen'),
    line('Olga', 'player Olga faction=red role=citizen'),
    line('Ivan', 'player Ivan faction=red role=citizen'),
    line('Gleb', 'player Gleb faction=red role=citizen'),
    line('Dima', 'player Dima faction=red role=citizen'),
    line('Kolya', 'player Kolya faction=mafia role=citizen second=mafia'),
    line('Lena', 'player Lena faction=mafia role=priest second=mafia'),
    line('Misha', 'player Misha faction=maniac role=citizen second=maniac'),
  ];
};

describe('the Maid sees what her target was told at a day’s end (L45)', () => {
  it('«увидит всю общую информацию выбранного игрока, полученную им в течение игры»: the Fanatic’s favourite, told after day 1, is handed to the Maid who serves him on night 1', () => {
    const played = play([
      ...roster({ Ivan: 'player Ivan faction=red role=fanatic', Gleb: 'player Gleb faction=red role=maid' }),
      'day 1',
      '  Ivan uses favourite Boris',
      'night 1',
      '  Gleb uses serve Ivan',
      '  resolve night',
    ]);
    const state = stateOf(played);
    const ivan = slotOf(state, 'Ivan');
    const favourite = 'Ваш любимчик — Boris, его мирная роль — Мирный житель.';
    // Ivan was told it as a message of the game rules (no night result) at the end of day 1.
    expect(state.players.find((p) => p.name === 'Ivan')?.inbox.map((m) => m.text)).toContain(favourite);
    expect(resultsTo(state, 'Gleb')).toContainEqual({
      to: slotOf(state, 'Gleb'),
      fact: 'forwarded-result',
      about: [ivan],
      value: nightResult(ivan, 'host-note', [], favourite),
    });
    const names = postResultNames(state, rulesets['russian-004'], 'ru');
    const forwarded = resultsTo(state, 'Gleb').find((r) => r.fact === 'forwarded-result');
    expect(forwarded === undefined ? '' : renderNightResult(forwarded, names, 'ru')).toContain(favourite);
  });

  it('a player told nothing at a day’s end hands the Maid only his role', () => {
    const played = play([
      ...roster({ Gleb: 'player Gleb faction=red role=maid' }),
      'day 1',
      'night 1',
      '  Gleb uses serve Ivan',
      '  resolve night',
    ]);
    expect(resultsTo(stateOf(played), 'Gleb').map((r) => r.fact)).toEqual(['roles-learnt']);
  });
});

describe('a side in a PM is named by the ruleset, in the PM’s language (L55, L115.2)', () => {
  const rules = nightRulesOf(rulesets['russian-004']);
  const players = [
    { id: 'n', name: 'Никита' },
    { id: 'y', name: 'Юра' },
    { id: 'v', name: 'Вера' },
  ];

  it('«он автоматически перейдет в противоположную группу»: the Mercenary’s side change names «Якудза» in Russian, Yakuza in English', () => {
    const result = nightResult('n', 'side-changed', ['y'], 'yakuza');
    expect(renderNightResult(result, nightResultNames(players, rules, 'ru'), 'ru')).toBe(
      'Оба ваших нанимателя мертвы: теперь вы работаете на сторону «Якудза» — Юра. Выполняйте их заказы.',
    );
    expect(renderNightResult(result, nightResultNames(players, rules, 'en'), 'en')).not.toContain('yakuza');
    expect(renderNightResult(result, nightResultNames(players, rules, 'en'), 'en')).toContain('Yakuza');
  });

  it('the killers’ "victim’s team" names the reds by the ruleset’s name in both languages', () => {
    const result = nightResult('n', 'victim-team', ['v'], 'red');
    expect(renderNightResult(result, nightResultNames(players, rules, 'ru'), 'ru')).toBe('Команда вашей жертвы (Вера): Красные (мирные).');
    expect(renderNightResult(result, nightResultNames(players, rules, 'en'), 'en')).toBe('Your victim Вера played for Reds (town).');
  });

  it('the English sentence a played night stores names the side too', () => {
    const played = play([...roster(), 'day 1', 'night 1', '  Kolya uses kill Dima', '  resolve night', '  expect dead Dima']);
    const team = played.events.find((e) => e.type === 'message/send' && e.result?.fact === 'victim-team');
    expect(team?.type === 'message/send' && team.text).toBe('Your victim Dima played for Reds (town).');
  });
});

describe('the Faceless Phantom leaves when his host’s target dies (L70)', () => {
  const withFaceless = (): string[] => [
    ...roster({ Sasha: 'player Sasha faction=red role=citizen' }),
    'player Fyodor faction=grey role=phantom second=faceless',
  ];
  const lynch = (who: string): string[] =>
    ['Sasha', 'Anna', 'Boris', 'Olga', 'Ivan', 'Gleb', 'Dima'].filter((v) => v !== who).map((v) => `  ${v} votes ${who}`);

  it('«Если цель жертвы … так или иначе умрет, безликий сразу покинет игру»: the thread is told he left, in Russian and English', () => {
    const played = play([
      ...withFaceless(),
      'day 1',
      'night 1',
      '  Fyodor uses face-cut Olga Dima',
      '  resolve night',
      'day 2',
      '  Fyodor uses possess Olga',
      ...lynch('Fyodor'),
      'night 2',
      '  Misha uses kill Dima',
      '  resolve night',
      '  expect dead Dima',
      '  expect status Fyodor not possessing',
    ]);
    const left = engineMessage('day-end/phantom-leaves-target-dead', word.role('phantom'), word.text('Fyodor'), word.text('Olga'));
    expect(toldThread(played)).toContainEqual(left);
    expect(stateOf(played).publicMessages.map((m) => m.text)).toContain(
      'Фантом Fyodor покидает игрока Olga и выбывает из игры: цель игрока Olga мертва.',
    );
    expect(catalogWording(rulesets['russian-004'])(left, 'en')).toBe(
      'The Phantom Fyodor leaves Olga and the game: the target of Olga is dead.',
    );
    // Olga lives: it is not the message of a phantom leaving with his host (L18).
    expect(toldThread(played).map((m) => m.code)).not.toContain('day-end/phantom-leaves');
  });
});
