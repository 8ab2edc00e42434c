/**
 * How a player died is recorded as a code each reader words in its own
 * language: the event log in English or Russian through the catalogs, the
 * posts with the words they always had. A cause an older Gavel wrote in
 * English is read as its code; a host's own words are shown as written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dayDeathCause,
  deathCauseMessage,
  deathCauseOf,
  deathCauseText,
  deathCauseWords,
  nightDeathCauses,
  rulesets,
  type GameEvent,
} from '../../../src/engine';
import { describeLog } from '../../../extension/popup/components/event-log';
import { translatorFor } from '../../../extension/shared/catalogs';
import { sayMessage } from '../../../extension/shared/format';

const en = translatorFor('en');
const ru = translatorFor('ru');
const root = join(import.meta.dirname, '..', '..', '..');

describe('death causes', () => {
  it('are codes for every night death and every death a day tally causes', () => {
    expect(Object.values(nightDeathCauses).every((c) => deathCauseOf(c) === c)).toBe(true);
    // Every cause the voting engine writes (its literal strings) is read as a code, so no tally leaves English in the log.
    const dir = join(root, 'src', 'engine', 'voting');
    const written = readdirSync(dir).flatMap((f) =>
      [...readFileSync(join(dir, f), 'utf8').matchAll(/cause: '([^']+)'/g)].map((m) => m[1] ?? ''),
    );
    expect(written.length).toBeGreaterThan(5);
    for (const cause of written)
      expect(
        dayDeathCause(cause, () => undefined),
        cause,
      ).not.toBeNull();
    expect(dayDeathCause('court (Cohen)', () => undefined)).toEqual({ cause: 'family-court' });
    expect(dayDeathCause('revenge of Rob', (name) => (name === 'Rob' ? 's7' : undefined))).toEqual({ cause: 'court-revenge', by: 's7' });
    expect(dayDeathCause('struck by lightning', () => undefined)).toBeNull();
  });

  it('are worded in English and in Russian through the catalogs, as nouns whoever died', () => {
    expect(sayMessage(deathCauseMessage('night-kill'), { t: en })).toBe('night kill');
    expect(sayMessage(deathCauseMessage('night-kill'), { t: ru })).toBe('ночное убийство');
    expect(sayMessage(deathCauseMessage('lynch-plurality'), { t: ru })).toBe('линчевание большинством голосов');
    expect(sayMessage(deathCauseMessage('poison'), { t: ru })).toBe('отравление');
    for (const code of Object.keys(deathCauseWords.en)) {
      const said = sayMessage(deathCauseMessage(code), { t: ru });
      expect(said, code).toMatch(/^[а-яё ():,]+$/i);
    }
  });

  it('read the English an older Gavel stored as codes, and show a host’s own words as written', () => {
    expect(deathCauseOf('killed at night')).toBe('night-kill');
    expect(deathCauseOf("a drunkard's attack")).toBe('drunk');
    expect(sayMessage(deathCauseMessage('killed at night'), { t: ru })).toBe('ночное убийство');
    expect(sayMessage(deathCauseMessage('сгорел на работе'), { t: ru })).toBe('сгорел на работе');
    expect(sayMessage(deathCauseMessage('night kill'), { t: en })).toBe('night kill');
  });

  it('keep the words the posts always used', () => {
    expect(deathCauseText('night-kill')).toBe('killed at night');
    expect(deathCauseText('faction-kill')).toBe('killed at night');
    expect(deathCauseText('lynch-locked')).toBe('lynch (locked)');
    expect(deathCauseText('killed at night')).toBe('killed at night');
    expect(deathCauseText('a host’s words')).toBe('a host’s words');
    expect(deathCauseText('night-kill', 'ru')).toBe('ночное убийство');
  });

  it("show in the event log in the host's language", () => {
    const log: GameEvent[] = [
      {
        type: 'game/setup',
        players: [
          { slotId: 's1', name: 'Anna', faction: 'mafia', role: 'goon' },
          { slotId: 's2', name: 'Boris', faction: 'town', role: 'cop' },
          { slotId: 's3', name: 'Vera', faction: 'town', role: 'vanilla' },
        ],
      },
      { type: 'phase/start', phase: { kind: 'night', number: 1 } },
      { type: 'player/die', slotId: 's3', cause: 'faction-kill', by: 's1' },
      { type: 'phase/start', phase: { kind: 'day', number: 1 } },
      // Stored by an older Gavel, and typed by a host.
      { type: 'player/die', slotId: 's1', cause: 'killed at night' },
      { type: 'player/die', slotId: 's2', cause: 'утонул' },
    ];
    const ruleset = rulesets['forum-template-001'];
    const lines = (t: typeof en) => describeLog(log, t, ruleset).map((l) => l.text);
    expect(lines(ru).filter((l) => l.includes('погибает'))).toEqual([
      'Vera погибает (ночное убийство от команды)',
      'Anna погибает (ночное убийство)',
      'Boris погибает (утонул)',
    ]);
    expect(lines(en).filter((l) => l.includes('dies'))).toEqual([
      "Vera dies (a faction's night kill)",
      'Anna dies (night kill)',
      'Boris dies (утонул)',
    ]);
  });
});
