/**
 * Seed 004's day parts of the fifth day file: the witch hunt moves the Judge's
 * weight and the Politician's support limit as a lynch does (L33, L132,
 * L162), the host's refusal of the Agent's side (L125.9) and the word forms a
 * player writes when he tells the host his side (L125.9). Each test quotes the
 * seed line (../shared/seeds/004_f6d88bc78ab5cdbd.txt).
 */
import { describe, expect, it } from 'vitest';
import { deriveState, type GameState, type PlayResult } from '../../../src/engine';
import { russian004 } from '../../../src/engine/rules/presets/russian-004';
import { colorNamed } from '../../../src/engine/voting/day-004-lynch-2';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'player Anna   faction=red    role=citizen',
  'player Boris  faction=red    role=priest',
  'player Vera   faction=red    role=commissar',
  'player Judy   faction=red    role=judge',
  'player Dasha  faction=red    role=citizen',
  'player Egor   faction=red    role=citizen',
  'player Polly  faction=red    role=politician',
  'player Zhenya faction=red    role=citizen',
  'player Inna   faction=red    role=inquisitor',
  'player Kolya  faction=mafia  role=citizen second=mafia',
  'player Lena   faction=mafia  role=citizen second=mafia',
  'player Misha  faction=maniac role=citizen second=maniac',
  'player Oleg   faction=grey   role=faceless',
  'player Agent  faction=elite  role=agent',
];

const play = (...lines: string[]): PlayResult => playText([...roster, ...lines].join('\n'));
const dayOf = (played: PlayResult, n: number): PlayResult['phases'][number] | undefined =>
  played.phases.find((p) => p.phase.kind === 'day' && p.phase.number === n);
const stateOf = (played: PlayResult): GameState => deriveState(played.events);
const valueOf = (state: GameState, name: string, status: string): number | undefined =>
  state.players.find((p) => p.name === name)?.statuses.find((s) => s.id === status)?.value;
const explanationsOf = (played: PlayResult, n: number): string[] => dayOf(played, n)?.tallies.flatMap((t) => t.explanations) ?? [];

/**
 * Egor elected, Anna (red) lynched on day 2 (the Mayor loses his post; the Judge, who did not vote against her, falls
 * from 6 to 4), then the witch hunt on day 3 with `votes`.
 */
const hunt = (...votes: string[]): PlayResult =>
  play(
    'day 1',
    '  Anna votes Egor; Boris votes Egor',
    'night 1',
    'day 2',
    '  Kolya votes Anna; Lena votes Anna; Misha votes Anna',
    'night 2',
    'day 3',
    '  Boris approves hunt; Vera approves hunt; Dasha approves hunt; Egor approves hunt; Zhenya approves hunt; Polly approves hunt; Judy approves hunt',
    '  hunt',
    ...votes,
    'night 3',
  );

describe('seed 004: the witch hunt moves the Judge’s weight and the Politician’s limit (L33, L132, L162)', () => {
  it('L33 "За линчевание каждого черного игрока голос судьи возрастает на единицу, если он голосовал против этого черного … При двойном линчевании на голос влияют обе жертвы"', () => {
    const played = hunt('  Judy votes Kolya; Judy votes Lena; Boris votes Kolya; Boris votes Lena');
    expect(failedExpectations(played)).toEqual([]);
    expect(
      dayOf(played, 3)
        ?.deaths.map((d) => d.name)
        .sort(),
    ).toEqual(['Kolya', 'Lena']);
    // 4 after Anna's lynch; both hunted blacks had one of his two votes: 4 + 1 + 1.
    expect(valueOf(stateOf(played), 'Judy', 'vote-weight')).toBe(6);
    expect(explanationsOf(played, 3)).toContain("the Judge Judy's vote now weighs 6 (was 4)");
  });

  it('L33 "Если залинчуют красного игрока, против которого судья не голосовал, его голос упадет на две единицы": a red hunted without his vote', () => {
    const played = hunt('  Judy votes Kolya; Boris votes Dasha; Boris votes Kolya; Vera votes Dasha');
    expect(failedExpectations(played)).toEqual([]);
    // Dasha (red, not his vote): 4 − 2; Kolya (black, his vote): + 1.
    expect(valueOf(stateOf(played), 'Judy', 'vote-weight')).toBe(3);
  });

  it('L132 "он возрастает на единицу за каждого залинчованного черного и точно также падает при линчевании красного, если политик лично голосовал против залинчованного"', () => {
    const played = hunt('  Polly votes Dasha; Polly votes Zhenya; Boris votes Dasha; Boris votes Zhenya');
    expect(failedExpectations(played)).toEqual([]);
    // 2 at the start (Anna's red lynch without his vote moves nothing); Dasha and Zhenya, red with his votes: −1 each.
    expect(valueOf(stateOf(played), 'Polly', 'support-limit')).toBe(0);
    const blacks = hunt('  Polly votes Lena; Boris votes Kolya; Boris votes Lena; Vera votes Kolya');
    expect(failedExpectations(blacks)).toEqual([]);
    // Lena with his vote +1; Kolya without it +1 (`blackOther`, an open question the hunt reports too).
    expect(valueOf(stateOf(blacks), 'Polly', 'support-limit')).toBe(4);
    expect(blacks.openQuestions.some((q) => q.setting === 'voting.day.roleDay.support.limit.blackOther')).toBe(true);
  });

  it('L96 "в случае своего линчевания днем может казнить одного любого игрока": the hunt’s executed player moves the Judge’s weight too', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      'night 1',
      'day 2',
      '  Inna uses verify-check Kolya',
      '  Kolya votes Anna; Lena votes Anna; Misha votes Anna',
      'night 2',
      'day 3',
      '  Boris approves hunt; Vera approves hunt; Dasha approves hunt; Egor approves hunt; Zhenya approves hunt; Polly approves hunt; Judy approves hunt',
      '  hunt',
      '  Judy votes Lena; Judy votes Kolya; Boris votes Inna; Boris votes Lena; Dasha votes Inna; Dasha votes Lena',
      '  Inna uses execute Kolya',
      'night 3',
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(
      dayOf(played, 3)
        ?.deaths.map((d) => d.name)
        .sort(),
    ).toEqual(['Inna', 'Kolya', 'Lena']);
    // 4; Inna red without his vote −2; Lena black with it +1; the executed Kolya, black with his vote, +1: 4.
    expect(valueOf(stateOf(played), 'Judy', 'vote-weight')).toBe(4);
  });
});

describe('seed 004: the words a player writes for his side (L125.9)', () => {
  const words = (): Parameters<typeof colorNamed>[2] => {
    const voting = russian004.voting;
    return voting.kind === 'weighted-plurality' ? voting.day?.roleDay?.sideReport?.words : undefined;
  };
  const side = (text: string): string | undefined => colorNamed(text, russian004, words());

  it('L125.9 "Агент может сам указать ведущему свою команду": the forms Russian and English players write', () => {
    const forms: Record<string, readonly string[]> = {
      red: [
        'красных',
        'за красных',
        'Я за красных!',
        'красные',
        'Красная',
        'моя команда — красные',
        'играю за мирных',
        'за мирных жителей',
        'за город',
        'red',
        'The reds',
        "I'm with the town",
        'town',
      ],
      black: [
        'чёрных',
        'за черных',
        'мафию',
        'за мафию',
        'играю за мафию',
        'мафия',
        'черная сторона',
        'за маньяка',
        'black',
        'the mafia',
        'Mafia.',
        "I'm on the black side",
        'maniac',
      ],
      grey: ['за безликого', 'серые', 'безликий', 'grey', 'gray', 'the faceless'],
    };
    for (const [color, texts] of Object.entries(forms)) for (const t of texts) expect([t, side(t)]).toEqual([t, color]);
  });

  it('names no side for words it does not know, a negation or two sides at once', () => {
    for (const t of ['не за красных', 'за красных и чёрных', 'not the mafia', 'посмотрим', '', 'red or black'])
      expect([t, side(t)]).toEqual([t, undefined]);
  });

  it('L125.7 "после чего для всех откроется его сторона": the inflected words reach the vote result', () => {
    const toDay3 = ['day 1', '  Anna votes Egor; Boris votes Egor', 'night 1', 'day 2', '  Anna votes Lena', 'night 2', 'day 3'];
    const played = play(...toDay3, '  Agent uses choose-side: я за мафию', '  Anna votes Kolya', 'night 3');
    expect(failedExpectations(played)).toEqual([]);
    expect(dayOf(played, 3)?.resultPost).toContain('Агент Agent покинул город: его сторона — чёрная.');
  });
});

describe('seed 004: the host refuses the Agent his side (L125.9), as a logged event', () => {
  const toDay3 = ['day 1', '  Anna votes Egor; Boris votes Egor', 'night 1', 'day 2', '  Anna votes Lena', 'night 2', 'day 3'];

  it('L125.9 "Агент может сам указать ведущему свою команду, но ведущий может отказать ему в этой возможности, если сочтет нужным"', () => {
    const played = play(...toDay3, '  Agent uses choose-side: black', '  refuse Agent choose-side', '  Anna votes Kolya', 'night 3');
    expect(failedExpectations(played)).toEqual([]);
    // The refusal is an event of the log, naming the refused move by its index.
    const refusal = played.events.find((e) => e.type === 'action/cancel');
    expect(refusal).toMatchObject({ type: 'action/cancel', refused: true });
    const refusedAt = refusal?.type === 'action/cancel' ? refusal.at : -1;
    expect(played.events[refusedAt]).toMatchObject({ type: 'action/use', ability: 'choose-side' });
    const post = dayOf(played, 3)?.resultPost ?? '';
    expect(post).toContain('Агент Agent покинул город: ведущий отказал ему в выборе стороны, поэтому она остаётся скрытой.');
    expect(post).not.toContain('его сторона — чёрная');
    expect(explanationsOf(played, 3)).toContain(
      'the Agent Agent has left: the host refused him the choice of his side, so it stays hidden',
    );
  });

  it('a refusal covers only the move refused: a later choice the host accepts stands', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      'night 1',
      'day 2',
      '  Agent uses choose-side: black',
      '  refuse Agent choose-side',
      '  Anna votes Lena',
      'night 2',
      'day 3',
      '  Agent uses choose-side: за красных',
      '  Anna votes Kolya',
      'night 3',
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(dayOf(played, 3)?.resultPost).toContain('Агент Agent покинул город: его сторона — красная.');
  });

  it('a move taken back as entered by mistake (`cancel`) leaves no trace in the tally and gives the use back', () => {
    const played = play(...toDay3, '  Agent uses choose-side: black', '  cancel Agent choose-side', '  Anna votes Kolya', 'night 3');
    expect(failedExpectations(played)).toEqual([]);
    expect(dayOf(played, 3)?.resultPost).toContain('Агент Agent покинул город, не указав ведущему свою сторону: она остаётся скрытой.');
    const before = deriveState(played.events.slice(0, played.events.findIndex((e) => e.type === 'action/cancel') + 1));
    const agent = before.players.find((p) => p.name === 'Agent');
    expect(agent?.uses['choose-side'] ?? 0).toBe(0);
    expect(before.actions.some((a) => a.ability === 'choose-side')).toBe(false);
    expect(before.refusedMoves).toBeUndefined();
  });

  it('a script refusing a move that was not made says so', () => {
    expect(() => play(...toDay3, '  refuse Agent choose-side')).toThrow('Agent has no recorded choose-side this phase');
  });
});
