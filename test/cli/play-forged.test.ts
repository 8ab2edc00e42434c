/**
 * `gavel play` with a substitution of what the Investigator is handed (004 L85 "Имеет право подменить чек
 * следователя, то есть может заранее указать ведущему цвет чека, который тот получит утром"), and L17 "меняющий ее
 * игрок сам получает утром такой же результат": the script's `forges`, the private messages of the night, the open
 * question reported, and a substitution refused on a red Commissar's move.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const script = [
  'ruleset russian-004',
  'seed 85',
  'player Vera  faction=maniac role=commissar second=maniac',
  'player Ivan  faction=red    role=investigator',
  'player Olga  faction=red    role=commissar',
  'player Anna  faction=red    role=citizen',
  'player Dasha faction=red    role=citizen',
  'player Egor  faction=red    role=citizen',
  'player Kolya faction=mafia  role=citizen second=mafia',
  'player Lena  faction=mafia  role=citizen second=mafia',
  'day 1',
  'night 1',
  '  Vera uses check Kolya forges red if black',
  '  Olga uses check Lena forges red',
  '  resolve night',
  '  expect rejected Olga action/forged-not-allowed',
  'day 2',
].join('\n');

describe('gavel play: a black Commissar’s substitution (004 L85, L17)', () => {
  it('hands the Investigator the colour named, tells the Commissar the same, and refuses a red Commissar’s', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gavel-play-forged-')), 'forged.game');
    writeFileSync(path, script);
    const { code, out, err } = await run('play', path, '--posts');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('-- private to Vera --\nРезультат проверки игрока Kolya: красный.\n');
    expect(out).toContain('-- private to Ivan --\n(от игрока Vera) Результат проверки игрока Kolya: красный.\n');
    expect(out).toContain('refused (line 14): Olga: action/forged-not-allowed');
    expect(out).toContain('open question forgerAlsoToldTruth = no');
    expect(out).toContain('Expectations: 1 of 1 hold');
  });
});
