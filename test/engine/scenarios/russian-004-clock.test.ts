/**
 * Seed 004's day clock, played through scripts with `at` lines (the time of
 * each post and move): the vote opens at 21:00 Moscow (L150), absent voters
 * are forced at 22:00 (L150), late before-vote moves are skipped (L113), and
 * hunt approvals count within 15 minutes (L164). Each test quotes the seed line
 * (../shared/seeds/004_f6d88bc78ab5cdbd.txt).
 */
import { describe, expect, it } from 'vitest';
import { parseGameScript } from '../../../src/engine';
import { failedExpectations, playText } from './run-script';

const roster = [
  'ruleset russian-004',
  'player Anna   faction=red    role=judge',
  'player Boris  faction=red    role=priest',
  'player Vera   faction=red    role=hero',
  'player Grisha faction=red    role=terrorist',
  'player Dasha  faction=red    role=witness',
  'player Egor   faction=red    role=citizen',
  'player Ilya   faction=red    role=citizen',
  'player Kolya  faction=mafia  role=citizen second=mafia',
  'player Lena   faction=mafia  role=citizen second=mafia',
  'player Misha  faction=maniac role=citizen second=maniac',
  'player Oleg   faction=grey   role=faceless',
];

/** The election on Day 1 (Egor is Mayor) and a quiet first night. */
const opening = ['day 1', '  Anna votes Egor; Boris votes Egor; Vera votes Egor', '  expect title Egor mayor', 'night 1'];

const play = (...lines: string[]): ReturnType<typeof playText> => playText([...roster, ...opening, ...lines].join('\n'));

const codesOf = (played: ReturnType<typeof playText>, day: number): string[] =>
  played.phases
    .filter((p) => p.phase.kind === 'day' && p.phase.number === day)
    .flatMap((p) => p.tallies.flatMap((t) => (t.notes ?? []).map((n) => n.code)));

describe('seed 004 day clock, played with times', () => {
  it('L150 "Если к 22.00 по Москве не все проголосуют, ведущий поставит отсутствующим принудительный автоголос"', () => {
    const day2 = (end: string): ReturnType<typeof playText> =>
      play('day 2', '  at 2016-11-28 21:05', '  Boris votes Kolya', `  at ${end}`, 'night 2');
    // The host closes the vote at 21:50: only Boris's vote counts, and Kolya dies.
    const early = day2('21:50');
    expect(early.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.deaths.map((d) => d.name)).toEqual(['Kolya']);
    expect(codesOf(early, 2)).not.toContain('auto-vote-absent');
    // At 22:00 every absent voter votes against himself: the Judge's own 6 lynch him.
    const late = day2('22:00');
    expect(late.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.deaths.map((d) => d.name)).toEqual(['Anna']);
    expect(codesOf(late, 2)).toContain('auto-vote-absent');
  });

  it('L113 "делают ход перед началом голосования. Если не успевают, автоматически засчитывается пропуск хода"', () => {
    const day2 = (moveAt: string): ReturnType<typeof playText> =>
      play(
        'day 2',
        `  at 2016-11-28 ${moveAt}`,
        '  Dasha uses name-witnesses Egor',
        '  at 21:05',
        '  Dasha votes Kolya; Egor votes Kolya; Boris votes Lena; Vera votes Lena',
        '  at 21:30',
        'night 2',
      );
    // Sent at 20:40, before the vote: the Witness and Egor each count one more (L31).
    const onTime = day2('20:40');
    expect(onTime.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.deaths.map((d) => d.name)).toEqual(['Kolya']);
    expect(codesOf(onTime, 2)).not.toContain('late-move');
    // Sent at 21:01, after the vote opened: skipped, so Kolya and Lena tie.
    const late = day2('21:01');
    expect(codesOf(late, 2)).toContain('late-move');
    expect(late.phases.find((p) => p.phase.kind === 'day' && p.phase.number === 2)?.tallies[0]?.outcome.kind).toBe('runoff');
  });

  it('L164 "На сбор одобрений выделяется 15 минут": an approval after 21:15 does not count for the hunt', () => {
    const lines = (lastApproval: string): string[] => [
      'day 2',
      // A red lynch costs the Mayor his post.
      '  Kolya votes Ilya; Lena votes Ilya; Misha votes Ilya',
      'night 2',
      'day 3',
      '  at 2016-11-29 21:02',
      '  Anna approves hunt; Boris approves; Vera approves hunt; Egor approves hunt',
      `  at ${lastApproval}`,
      '  Dasha approves hunt',
      '  hunt',
    ];
    // 10 main players alive: 5 approvals are needed; Dasha's at 21:20 came after the 15 minutes.
    const refused = play(...lines('21:20'), '  expect rejected host hunt/not-approved');
    expect(failedExpectations(refused)).toEqual([]);
    const held = play(
      ...lines('21:14'),
      '  Anna votes Kolya; Anna votes Lena; Boris votes Kolya; Boris votes Lena',
      '  expect lynched Kolya Lena',
    );
    expect(failedExpectations(held)).toEqual([]);
  });

  it('the script clock: `at` needs a date first, and reads a time alone on the last date', () => {
    expect(parseGameScript([...roster, 'day 1', '  at 25:00'].join('\n')).ok).toBe(false);
    expect(() => play('day 2', '  at 21:05', '  Boris votes Kolya')).toThrow(/at: give the date/);
  });
});
