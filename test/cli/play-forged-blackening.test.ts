/**
 * `gavel play` with the black Detective's substituted blackening (004 L86 "Имеет право подменить данные следователя …
 * Нельзя подменить информацию об очернении, если ее невозможно было получить из-за цветных чекеров"; L7 "эти данные
 * передаются следователю с задержкой на одну ночь"): the script's `forges blackening <side>`, the Investigator's private
 * message the night after, and a substitution refused on a move that hands him no blackening.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const script = [
  'ruleset russian-004',
  'seed 86',
  'player Gleb  faction=maniac role=detective second=maniac',
  'player Vera  faction=maniac role=commissar second=maniac',
  'player Ivan  faction=red    role=investigator',
  'player Anna  faction=red    role=citizen',
  'player Dasha faction=red    role=citizen',
  'player Egor  faction=red    role=citizen',
  'player Kolya faction=mafia  role=citizen second=mafia',
  'player Lena  faction=mafia  role=citizen second=mafia',
  'day 1',
  '  Kolya uses blacken Anna',
  'night 1',
  '  Gleb uses track Anna forges blackening maniac if mafia',
  '  Vera uses check Egor forges blackening none',
  '  resolve night',
  '  expect rejected Vera action/forged-blackening-misfit',
  'day 2',
  'night 2',
  '  resolve night',
  'day 3',
].join('\n');

describe('gavel play: a black Detective’s substituted blackening (004 L86, L7)', () => {
  it('hands the Investigator the side named the night after, and refuses it on a Commissar’s check', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gavel-play-forged-blackening-')), 'blackening.game');
    writeFileSync(path, script);
    const { code, out, err } = await run('play', path, '--posts');
    expect(err).toBe('');
    expect(code).toBe(0);
    const night2 = out.slice(out.indexOf('== Night 2 =='));
    expect(night2).toContain('-- private to Ivan --\n(от игрока Gleb) Игрок Anna был под очернением от стороны «Маньяк».\n');
    // The Detective himself saw the Mafia's (L7); night 1 hands the Investigator no blackening yet.
    expect(out.slice(0, out.indexOf('== Night 2 =='))).not.toContain('(от игрока Gleb) Игрок Anna был под очернением');
    expect(out).toContain('refused (line 15): Vera: action/forged-blackening-misfit');
    expect(out).toContain('Expectations: 1 of 1 hold');
  });
});
