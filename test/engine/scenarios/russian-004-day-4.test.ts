/**
 * Seed 004's day rulings of the fourth day file, played through scripts: the
 * side the Agent reveals when he leaves (L125), the Judge's weight and the
 * Politician's limit after an execution (L33, L96, L132), executions in the
 * witch hunt (a setting: the seed is silent), the Priest's re-vote's own hour
 * (L150, L155), the possessing Faceless's vote of 0 (L70), the Pimp's day
 * orders read by the tally (L27) and the English result naming roles. Each
 * test quotes the seed line (../shared/seeds/004_f6d88bc78ab5cdbd.txt).
 */
import { describe, expect, it } from 'vitest';
import { deriveState, type GameState, type PlayResult } from '../../../src/engine';
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
const codesOf = (played: PlayResult, n: number): string[] =>
  dayOf(played, n)?.tallies.flatMap((t) => (t.notes ?? []).map((x) => x.code)) ?? [];
const explanationsOf = (played: PlayResult, n: number): string[] => dayOf(played, n)?.tallies.flatMap((t) => t.explanations) ?? [];

/** The election (Egor is Mayor), a quiet night, a second vote: the Agent leaves with the third day's result. */
const toDay3 = ['day 1', '  Anna votes Egor; Boris votes Egor', 'night 1', 'day 2', '  Anna votes Lena', 'night 2', 'day 3'];

describe('seed 004: the Agent’s side when he leaves (L125)', () => {
  it('L125.7 "после итога второго голосования, после чего для всех откроется его сторона"; L125.9 "Агент может сам указать ведущему свою команду"', () => {
    const played = play(...toDay3, '  Agent uses choose-side: black', '  Anna votes Kolya', 'night 3', '  expect status Agent departed');
    expect(failedExpectations(played)).toEqual([]);
    expect(dayOf(played, 3)?.resultPost).toContain('Агент Agent покинул город: его сторона — чёрная.');
    expect(explanationsOf(played, 3)).toContain('the Agent Agent has left: his side is black');
    // The words may be the colour's Russian word too ("красная").
    const red = play(...toDay3, '  Agent uses choose-side: Красная', '  Anna votes Kolya', 'night 3');
    expect(dayOf(red, 3)?.resultPost).toContain('Агент Agent покинул город: его сторона — красная.');
  });

  it('L125.10 "агент может указать ведущему любого игрока, не узнавая команды, но по итогу игры ему пойдет в зачет сторона этого игрока"', () => {
    // Named on day 2, read when he leaves on day 3.
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      'night 1',
      'day 2',
      '  Agent uses name-side Lena',
      '  Anna votes Kolya',
      'night 2',
      'day 3',
      '  Anna votes Dasha',
      'night 3',
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(dayOf(played, 2)?.resultPost ?? '').not.toContain('сторона');
    expect(dayOf(played, 3)?.resultPost).toContain(
      'Агент Agent покинул город: его сторона — чёрная, сторона игрока Lena, которого он указал ведущему.',
    );
  });

  it('L125.10 "Если выбранный игрок выбыл ночью, ведущий сообщит агенту его команду"', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      'night 1',
      'day 2',
      '  Agent uses name-side Lena',
      '  Anna votes Kolya',
      'night 2',
      '  kill Lena by Misha',
      'day 3',
    );
    expect(failedExpectations(played)).toEqual([]);
    const told = played.phases.flatMap((p) => p.privateMessages).filter((m) => JSON.stringify(m).includes('Agent'));
    expect(JSON.stringify(told)).toContain('Указанный вами игрок Lena выбыл этой ночью: его сторона — чёрная, и она идёт вам в зачёт.');
  });

  it('L125: an Agent who named no side leaves with it hidden (the host may refuse him the choice, L125.9)', () => {
    const played = play(...toDay3, '  Anna votes Kolya', 'night 3');
    expect(dayOf(played, 3)?.resultPost).toContain('Агент Agent покинул город, не указав ведущему свою сторону: она остаётся скрытой.');
    expect(codesOf(played, 3)).toContain('side-unreported');
  });
});

/** Day 2 on which the red Inquisitor is lynched with the black Kolya he verified (L29). */
const inquisitorLynch = (...votes: string[]): PlayResult =>
  play(
    'day 1',
    '  Anna votes Egor; Boris votes Egor',
    'night 1',
    'day 2',
    '  Inna uses verify-check Kolya',
    '  Anna votes Lena',
    'night 2',
    'day 3',
    ...votes,
    '  Inna uses execute Kolya',
    '  expect lynched Inna Kolya',
    'night 3',
  );

describe('seed 004: an executed player "считается залинчованным" for the Judge and the Politician (L33, L96, L132)', () => {
  it('L33 "Если на голосовании успешно залинчуют красного игрока, против которого голосовал судья, его голос упадет на три единицы … При двойном линчевании на голос влияют обе жертвы"', () => {
    const played = inquisitorLynch('  Judy votes Inna; Anna votes Inna; Boris votes Inna; Polly votes Inna; Dasha votes Lena');
    expect(failedExpectations(played)).toEqual([]);
    // Inna red, voted against: 6 − 3 = 3; Kolya, the executed black, not voted against: no change.
    expect(valueOf(stateOf(played), 'Judy', 'vote-weight')).toBe(3);
    // The executed black does raise the weight of a Judge who voted against him ("если он голосовал против этого черного").
    const against = inquisitorLynch(
      '  Judy votes Kolya; Anna votes Inna; Boris votes Inna; Polly votes Inna; Dasha votes Inna; Egor votes Inna; Vera votes Inna; Zhenya votes Inna',
    );
    expect(failedExpectations(against)).toEqual([]);
    // Inna red, not voted against: 6 − 2 = 4; Kolya black, voted against: 5.
    expect(valueOf(stateOf(against), 'Judy', 'vote-weight')).toBe(5);
  });

  it('L132 "он возрастает на единицу за каждого залинчованного черного и точно также падает при линчевании красного, если политик лично голосовал против залинчованного"', () => {
    const played = inquisitorLynch('  Judy votes Inna; Anna votes Inna; Boris votes Inna; Polly votes Inna; Dasha votes Lena');
    // 2 at the start, + 1 for Lena lynched on day 2 ("за каждого залинчованного черного"); on day 3, − 1 for Inna (red,
    // voted against) and + 1 for the executed black Kolya: 3 (2 if the executed player did not count as lynched).
    expect(failedExpectations(played)).toEqual([]);
    expect(valueOf(stateOf(played), 'Polly', 'support-limit')).toBe(3);
    expect(played.openQuestions.some((q) => q.setting === 'voting.day.roleDay.support.limit.blackOther')).toBe(true);
  });
});

describe('seed 004: death executions in the witch hunt (a setting: the seed is silent)', () => {
  /** The red Inquisitor verified Kolya's black check on day 2, and Anna's red lynch cost the Mayor his post. */
  const hunted = (...settings: string[]): PlayResult =>
    play(
      ...settings,
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
      '  Boris votes Inna; Boris votes Lena; Dasha votes Inna; Dasha votes Lena',
      '  Inna uses execute Kolya',
      'night 3',
    );

  it('L96 "в случае своего линчевания днем может казнить одного любого игрока"; L162 "Охота на ведьм - альтернативная форма дневного голосования, позволяющая стабильно залинчевать двух выбранных игроков": by default the execution stands', () => {
    const played = hunted();
    expect(
      dayOf(played, 3)
        ?.deaths.map((d) => d.name)
        .sort(),
    ).toEqual(['Inna', 'Kolya', 'Lena']);
    expect(dayOf(played, 3)?.resultPost).toContain(
      'Инквизитор Inna использует предсмертную казнь: игрок Kolya считается залинчованным вместе с ним.',
    );
    expect(played.openQuestions.map((q) => [q.setting, q.chosen])).toContainEqual(['voting.day.roleDay.huntExecutions', 'allowed']);
    // The host's English report names the role by the ruleset's English name, not its id.
    expect(explanationsOf(played, 3)).toContain('the Inquisitor Inna uses his death execution on Kolya, who counts as lynched with him');
  });

  it('with `huntExecutions none` the execution is refused and said so', () => {
    const played = hunted('set voting.day.roleDay.huntExecutions none');
    expect(
      dayOf(played, 3)
        ?.deaths.map((d) => d.name)
        .sort(),
    ).toEqual(['Inna', 'Lena']);
    expect(dayOf(played, 3)?.resultPost).toContain('На охоте на ведьм предсмертной казни нет: игрок Inna умирает без неё.');
    expect(played.openQuestions.map((q) => [q.setting, q.chosen])).toContainEqual(['voting.day.roleDay.huntExecutions', 'none']);
  });
});

describe('seed 004: the Priest’s re-vote has its own hour (L150, L155)', () => {
  const revote = (end: string): PlayResult =>
    play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      'night 1',
      'day 2',
      '  at 2016-11-28 21:05',
      '  Boris votes Zhenya; Kolya votes Zhenya; Lena votes Zhenya; Dasha votes Misha',
      '  Boris uses forgive Zhenya',
      '  at 21:40',
      '  revote',
      '  at 21:45',
      '  Kolya votes Dasha; Lena votes Dasha',
      `  at ${end}`,
      'night 2',
    );
  const revoteCodes = (played: PlayResult): string[] =>
    dayOf(played, 2)
      ?.tallies.filter((t) => t.ballot === 'revote')
      .flatMap((t) => (t.notes ?? []).map((n) => n.code)) ?? [];

  it('L155 "Если переголосование спровоцировано ходом священника, то оно будет проходить по правилам обычного голосования"; L150 "Максимальная продолжительность - 1 час"', () => {
    // Opened at 21:40: at 22:10 the re-vote still runs, so the day's 22:00 forces nobody.
    const running = revote('22:10');
    expect(revoteCodes(running)).not.toContain('auto-vote-absent');
    expect(dayOf(running, 2)?.deaths.map((d) => d.name)).toEqual(['Dasha']);
    // At 22:40, an hour after it opened, the absent voters get their auto-vote.
    const over = revote('22:40');
    expect(revoteCodes(over)).toContain('auto-vote-absent');
    expect(dayOf(over, 2)?.deaths.map((d) => d.name)).not.toEqual(['Dasha']);
  });
});

describe('seed 004: the Faceless Phantom votes 0 (L70)', () => {
  it('L70 "Безликий вселяется только в того игрока, у которого было срезано лицо … при этом голос безликого будет равен нулю"', () => {
    const played = play(
      'day 1',
      '  Anna votes Egor; Boris votes Egor',
      'night 1',
      '  kill Oleg by Kolya',
      'day 2',
      '  status Oleg +possessing with Egor',
      // With his host, against Kolya: without L70 Kolya would have 2 and die; the Faceless's vote counts 0.
      '  Egor votes Kolya; Oleg votes Kolya; Anna votes Lena',
      '  expect total Kolya 1',
    );
    expect(failedExpectations(played)).toEqual([]);
    expect(codesOf(played, 2)).toContain('possessing-zero');
    expect(dayOf(played, 2)?.resultPost).toContain('Игрок Oleg вселился в другого игрока: его голос равен нулю.');
  });
});

describe('seed 004: the Pimp’s day orders stand for the day moves the tally reads (L27)', () => {
  const withPimp = (...lines: string[]): PlayResult =>
    playText(
      [
        ...roster,
        'player Pia    faction=red    role=pimp',
        'day 1',
        '  Anna votes Egor; Boris votes Egor',
        '  Pia uses enslave Boris',
        'night 1',
        '  resolve night',
        '  expect status Boris slave',
        'day 2',
        '  Boris votes Zhenya; Kolya votes Zhenya; Lena votes Zhenya; Dasha votes Misha',
        '  Boris uses forgive Zhenya',
        ...lines,
      ].join('\n'),
    );

  it('L27 "когда раб отправит дневной … ход, сутенер … должен либо подтвердить его, либо изменить, либо запретить": a forbidden forgiveness (L30) saves nobody', () => {
    const forgiven = withPimp('  revote', '  expect alive Zhenya');
    expect(failedExpectations(forgiven)).toEqual([]);
    const forbidden = withPimp('  Pia uses order-slave-day Boris', '  expect lynched Zhenya');
    expect(failedExpectations(forbidden)).toEqual([]);
    expect(codesOf(forbidden, 2)).not.toContain('forgiven');
  });
});
