/**
 * Seed 004 (../shared/seeds/004_f6d88bc78ab5cdbd.txt): the black or the Faceless's Detective substitutes the
 * blackening the Investigator is handed, entered in a played game (the `gavel play` script's `forges … blackening`,
 * the game's `action/use` event). Each test quotes the seed line.
 *
 * - L86 (the black Detective) "Имеет право подменить данные следователя … Разрешено поставить условие для подмены,
 *   связанное с настоящим результатом. Если ход так или иначе сорвется или цель физически не могла его совершить,
 *   подмены не будет. Нельзя подменить информацию об очернении, если ее невозможно было получить из-за цветных чекеров."
 * - L7 "Детектив способен распознавать очернения … эти данные передаются следователю с задержкой на одну ночь."
 */
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  deriveState,
  json,
  parseGameScript,
  readJsonValue,
  type GameEvent,
  type NightReason,
  type NightResult,
  type PlayResult,
} from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'seed 86',
  // The Maniac holds the peaceful Detective: a black Detective (L86).
  'player Gleb  faction=maniac role=detective second=maniac',
  'player Ivan  faction=red    role=investigator',
  'player Olga  faction=red    role=commissar',
  'player Rita  faction=red    role=detective',
  'player Anna  faction=red    role=citizen',
  'player Dasha faction=red    role=citizen',
  'player Egor  faction=red    role=doctor',
  'player Vera  faction=maniac role=commissar second=maniac',
  'player Kolya faction=mafia  role=citizen second=mafia',
  'player Lena  faction=mafia  role=citizen second=mafia',
];

/** Day 1 (the Mafia blackens Anna, L15), night 1 with these moves, and night 2, when the Investigator is handed it (L7). */
const play = (...night1: string[]): PlayResult => {
  const played = playText(
    [
      ...roster,
      'day 1',
      '  Kolya uses blacken Anna',
      'night 1',
      ...night1.map((m) => `  ${m}`),
      '  resolve night',
      'day 2',
      'night 2',
      '  resolve night',
      'day 3',
    ].join('\n'),
  );
  expect(failedExpectations(played)).toEqual([]);
  return played;
};

const nameOf = (played: PlayResult, id: string): string => deriveState(played.events).players.find((p) => p.slot.id === id)?.name ?? id;
/** What the Investigator is handed of the Detectives' blackenings, by night: [night, about, side]. */
const blackeningsHanded = (played: PlayResult): unknown[] =>
  played.phases.flatMap((p) =>
    p.privateMessages
      .filter((m) => m.name === 'Ivan' && m.result?.fact === 'forwarded-result')
      .map((m) => (m.result as NightResult).value as NightResult)
      .filter((inner) => inner.fact === 'blackening-seen')
      .map((inner) => [p.phase.number, inner.about.map((id) => nameOf(played, id)), inner.value]),
  );
/** The Investigator's PMs of night `n`, in the game's language (Russian). */
const ivanPms = (played: PlayResult, n: number): string[] =>
  played.phases
    .filter((p) => p.phase.kind === 'night' && p.phase.number === n)
    .flatMap((p) => p.privateMessages)
    .filter((m) => m.name === 'Ivan')
    .map((m) => m.text);
/** Every reason of the night `n`'s events, nested ones too. */
const reasonsOf = (played: PlayResult, n: number): NightReason[] => {
  const all: NightReason[] = [];
  const walk = (rs: readonly NightReason[]): void => {
    for (const r of rs) {
      all.push(r);
      walk(r.because ?? []);
    }
  };
  for (const p of played.phases)
    if (p.phase.kind === 'night' && p.phase.number === n) for (const e of p.night?.events ?? []) if ('reasons' in e) walk(e.reasons);
  return all;
};
const codes = (played: PlayResult, n: number): (string | undefined)[] => reasonsOf(played, n).map((r) => r.message?.code);
const use = (played: PlayResult): Extract<GameEvent, { type: 'action/use' }> | undefined =>
  played.events.find((e): e is Extract<GameEvent, { type: 'action/use' }> => e.type === 'action/use' && e.ability === 'track');

describe('L86 in a played game: the black Detective substitutes the blackening the Investigator is handed (L7: the night after)', () => {
  it('"Имеет право подменить данные следователя": `Gleb uses track Anna forges blackening maniac`', () => {
    const played = play('Gleb uses track Anna forges blackening maniac');
    // The move is recorded with its substitution (the action/use event) and reaches the night.
    expect(use(played)?.forged).toEqual({ blackening: 'maniac' });
    // Anna is under the Mafia's blackening; the Investigator is handed the Maniac's, and only the night after (L7).
    expect(blackeningsHanded(played)).toEqual([[2, ['Anna'], 'maniac']]);
    expect(ivanPms(played, 2)).toContain('(от игрока Gleb) Игрок Anna был под очернением от стороны «Маньяк».');
    expect(ivanPms(played, 1).join('\n')).not.toContain('очернением');
    // The places are not substituted: the Investigator reads the real track.
    expect(ivanPms(played, 1)).toEqual(['(от игрока Gleb) Anna сидел(а) дома.']);
    expect(codes(played, 1)).toContain('night/forged-blackening');
  });

  it('`forges blackening none`: the Investigator is handed no blackening; without a substitution, the real one', () => {
    expect(blackeningsHanded(play('Gleb uses track Anna forges blackening none'))).toEqual([]);
    expect(blackeningsHanded(play('Gleb uses track Anna'))).toEqual([[2, ['Anna'], 'mafia']]);
  });

  it('places and blackening together: `forges Dasha blackening none`', () => {
    const played = play('Gleb uses track Anna forges Dasha blackening none');
    const dasha = deriveState(played.events).players.find((p) => p.name === 'Dasha')?.slot.id;
    expect(use(played)?.forged).toEqual({ value: [dasha], blackening: null });
    expect(ivanPms(played, 1)).toEqual(['(от игрока Gleb) Anna ходил(а) к: Dasha.']);
    expect(blackeningsHanded(played)).toEqual([]);
  });

  it('"Нельзя подменить информацию об очернении, если ее невозможно было получить из-за цветных чекеров": refused, the reason shown to the host', () => {
    // The Commissar's colour check read Anna tonight: the Detective could not recognise the blackening.
    const played = play('Olga uses check Anna', 'Gleb uses track Anna forges blackening maniac');
    expect(blackeningsHanded(played)).toEqual([]);
    expect(ivanPms(played, 2).join('\n')).not.toContain('очернением');
    const refusal = reasonsOf(played, 1).find((r) => r.message?.code === 'night/forged-blackening-impossible');
    expect(refusal?.text).toContain('Нельзя подменить информацию об очернении, если ее невозможно было получить из-за цветных чекеров');
    expect(codes(played, 1)).not.toContain('night/forged-blackening');
  });

  it('"Если ход так или иначе сорвется … подмены не будет": a blocked Detective hands on no substituted blackening', () => {
    const blocked = playText(
      [
        ...roster.map((l) => (l.startsWith('player Dasha') ? 'player Dasha faction=red role=blocker' : l)),
        'day 1',
        '  Kolya uses blacken Anna',
        'night 1',
        '  Dasha uses block Gleb',
        '  Gleb uses track Anna forges blackening maniac',
        '  resolve night',
        'day 2',
        'night 2',
        '  resolve night',
        'day 3',
      ].join('\n'),
    );
    expect(failedExpectations(blocked)).toEqual([]);
    expect(blackeningsHanded(blocked)).toEqual([]);
  });

  it('"Разрешено поставить условие для подмены, связанное с настоящим результатом": `blackening maniac if mafia`, `… if none`', () => {
    // The real blackening is the Mafia's: the condition holds.
    const met = play('Gleb uses track Anna forges blackening maniac if mafia');
    expect(use(met)?.forged).toEqual({ blackening: 'maniac', blackeningWhen: 'mafia' });
    expect(blackeningsHanded(met)).toEqual([[2, ['Anna'], 'maniac']]);
    // "if none": Anna is blackened, so the Investigator is handed the real one, and the night says why.
    const unmet = play('Gleb uses track Anna forges blackening maniac if none');
    expect(blackeningsHanded(unmet)).toEqual([[2, ['Anna'], 'mafia']]);
    expect(codes(unmet, 1)).toContain('night/forged-condition-unmet');
    // "if none" on a player nobody blackened: a blackening is handed where there was none.
    const planted = play('Gleb uses track Dasha forges blackening mafia if none');
    expect(blackeningsHanded(planted)).toEqual([[2, ['Dasha'], 'mafia']]);
    // The places' condition is the places' alone: it does not hold back the blackening.
    const places = play('Gleb uses track Anna forges Dasha if Egor blackening maniac');
    expect(ivanPms(places, 1)).toEqual(['(от игрока Gleb) Anna сидел(а) дома.']);
    expect(blackeningsHanded(places)).toEqual([[2, ['Anna'], 'maniac']]);
  });
});

describe('the check on entry (the script’s refusals, as the worker’s)', () => {
  const refused = (move: string, who: string, reason: string): void => {
    play(move, `expect rejected ${who} ${reason}`);
  };
  it('a red Detective may not substitute (`action/forged-not-allowed`)', () => {
    refused('Rita uses track Anna forges blackening maniac', 'Rita', 'action/forged-not-allowed');
  });
  it('a black Commissar’s check hands the Investigator no blackening (`action/forged-blackening-misfit`)', () => {
    refused('Vera uses check Anna forges blackening maniac', 'Vera', 'action/forged-blackening-misfit');
    refused('Vera uses check Anna forges red blackening none', 'Vera', 'action/forged-blackening-misfit');
  });
  it('a side the ruleset does not have, in the blackening or its condition (`action/forged-side-unknown`)', () => {
    refused('Gleb uses track Anna forges blackening vampires', 'Gleb', 'action/forged-side-unknown');
    refused('Gleb uses track Anna forges blackening none if vampires', 'Gleb', 'action/forged-side-unknown');
  });
  it('the script refuses `blackening` without a side, or a condition without one', () => {
    for (const tail of [
      'forges blackening',
      'forges blackening maniac if',
      'forges blackening maniac mafia',
      'forges home blackening if mafia',
    ]) {
      const parsed = parseGameScript([...roster, 'day 1', 'night 1', `  Gleb uses track Anna ${tail}`].join('\n'));
      expect(parsed.ok, tail).toBe(false);
      if (!parsed.ok) expect(parsed.errors[0]?.message).toContain('[blackening <side|none> [if <side|none>]]');
    }
  });
});

describe('the game’s `action/use` event carries the blackening', () => {
  it('into the recorded move, and through the saved log’s reader', () => {
    const event: GameEvent = {
      type: 'action/use',
      actor: 'slot-1',
      ability: 'track',
      targets: ['slot-5'],
      forged: { value: [], blackening: null, blackeningWhen: 'mafia' },
    };
    const read = readJsonValue(JSON.parse(JSON.stringify(event)) as unknown, json.gameEventReader, 'log');
    expect(read).toEqual({ ok: true, value: event });
    const bad = readJsonValue({ ...event, forged: { blackening: 7 } }, json.gameEventReader, 'log');
    expect(bad.ok).toBe(false);
    const state = applyEvent(deriveState(play().events.slice(0, -1)), event, 999);
    expect(state.actions.at(-1)?.forged).toEqual({ value: [], blackening: null, blackeningWhen: 'mafia' });
  });
});
