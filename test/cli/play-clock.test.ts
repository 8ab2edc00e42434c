/**
 * `gavel play` judges a 004 day by the script's clock (`at` lines): L150 "Если
 * к 22.00 по Москве не все проголосуют, ведущий поставит отсутствующим
 * принудительный автоголос".
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const script = (end: string): string =>
  [
    'ruleset russian-004',
    'player Anna   faction=red    role=judge',
    'player Boris  faction=red    role=citizen',
    'player Vera   faction=red    role=citizen',
    'player Egor   faction=red    role=citizen',
    'player Ilya   faction=red    role=citizen',
    'player Kolya  faction=mafia  role=citizen second=mafia',
    'player Lena   faction=mafia  role=citizen second=mafia',
    'day 1',
    '  Boris votes Egor; Vera votes Egor',
    'night 1',
    'day 2',
    '  at 2016-11-28 21:05',
    '  Boris votes Kolya',
    `  at ${end}`,
    `  expect lynched ${end === '22:00' ? 'Anna' : 'Kolya'}`,
    'night 2',
  ].join('\n');

function tempFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gavel-play-clock-')), 'day.game');
  writeFileSync(path, text);
  return path;
}

describe('gavel play with a clock', () => {
  it('closed at 21:50, only the votes cast count; at 22:00 the absent voters vote against themselves', async () => {
    for (const end of ['21:50', '22:00']) {
      const { code, out, err } = await run('play', tempFile(script(end)));
      expect(err).toBe('');
      expect(out).toMatch(/Expectations: 1 of 1 hold/);
      expect(code).toBe(0);
    }
  });

  it('refuses an `at` line with no date given yet, naming the line', async () => {
    const { code, err } = await run('play', tempFile(script('21:50').replace('at 2016-11-28 21:05', 'at 21:05')));
    expect(code).toBe(1);
    expect(err).toContain('line 13');
    expect(err).toContain('at: give the date with the first time');
  });
});
