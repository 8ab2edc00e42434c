/**
 * The formatting layer: phases, moments, lengths of time, lists and engine
 * messages in the host's language.
 */
import { describe, expect, it } from 'vitest';
import { countedMessage, engineMessage, engineMessageKey, word } from '../../src/engine/words';
import {
  formatList,
  formatMinutes,
  formatMoment,
  parseWallClock,
  phaseLabel,
  sayMessage,
  wallClockText,
} from '../../extension/shared/format';
import { createTranslator, catalogOf } from '../../extension/shared/i18n';
import { translatorFor } from '../../extension/shared/catalogs';

const en = translatorFor('en');
const ru = translatorFor('ru');

describe('formatting', () => {
  it('names phases in both languages', () => {
    expect(phaseLabel({ kind: 'day', number: 2 }, en)).toBe('Day 2');
    expect(phaseLabel({ kind: 'night', number: 1 }, ru)).toBe('Ночь 1');
    expect(phaseLabel(null, en)).toBe('Before the game');
  });

  it('writes a moment day-first in the game’s time zone, never as month-first numbers', () => {
    const at = Date.UTC(2026, 2, 11, 22, 30); // 11 March 2026, 22:30 UTC
    expect(formatMoment(at, { t: en, timeZone: 'UTC' })).toBe('11 Mar 2026, 22:30');
    // The same moment in Jerusalem is already the next day.
    expect(formatMoment(at, { t: en, timeZone: 'Asia/Jerusalem' }, 'date')).toBe('12 Mar 2026');
    expect(formatMoment(at, { t: ru, timeZone: 'UTC' })).toMatch(/^11 мар\.? 2026( г\.)?,? 22:30$/);
    expect(formatMoment(at, { t: en, timeZone: 'UTC' }, 'time')).toBe('22:30');
  });

  it('writes lengths of time with the language’s units', () => {
    expect(formatMinutes(300, en)).toMatch(/^5 hrs?$/);
    expect(formatMinutes(300, ru)).toBe('5 ч');
    expect(formatMinutes(90, en)).toMatch(/^1 hr 30 mins?$/);
    expect(formatMinutes(45, ru)).toBe('45 мин');
  });

  it('joins a list the language’s way, a name with a comma kept whole', () => {
    expect(formatList(['Alice', 'Mister Two, Words'], en)).toBe('Alice and Mister Two, Words');
    expect(formatList(['Alice', 'Bob', 'Carol'], ru)).toBe('Alice, Bob и Carol');
  });

  it('words an engine message from the catalog, each argument in the language', () => {
    const t = createTranslator(
      'ru',
      catalogOf({
        engine_test_dies: '$1 погибает ($2, $3)',
        engine_test_votes_one: '$1 голос за $2',
        engine_test_votes_few: '$1 голоса за $2',
        engine_test_votes_many: '$1 голосов за $2',
        engine_test_votes_other: '$1 голоса за $2',
        common_day: 'День $1',
      }),
    );
    const names = {
      role: (id: string) => (id === 'doc' ? 'Доктор' : id),
      ability: (id: string) => id,
      status: (id: string) => id,
      faction: (id: string) => id,
    };
    expect(engineMessageKey('test/dies')).toBe('engine_test_dies');
    expect(
      sayMessage(engineMessage('test/dies', word.text('Alice'), word.phase({ kind: 'day', number: 2 }), word.role('doc')), { t, names }),
    ).toBe('Alice погибает (День 2, Доктор)');
    expect(sayMessage(countedMessage('test/votes', 3, word.text('Bob')), { t })).toBe('3 голоса за Bob');
    expect(sayMessage(countedMessage('test/votes', 5, word.text('Bob')), { t })).toBe('5 голосов за Bob');
    // A code the catalog lacks shows as its key: a gap is seen, not hidden.
    expect(sayMessage(engineMessage('test/unknown'), { t })).toBe('engine_test_unknown');
  });
});

describe('a moment typed by the host', () => {
  it('is read on the game’s clock, year first, and written back the same way', () => {
    const at = parseWallClock('2026-03-11 21:30', 'Europe/Moscow');
    expect(at).toBe(Date.UTC(2026, 2, 11, 18, 30));
    expect(wallClockText(at ?? 0, 'Europe/Moscow')).toBe('2026-03-11 21:30');
    // The picker's own form ("T") is read too.
    expect(parseWallClock('2026-03-11T21:30', 'UTC')).toBe(Date.UTC(2026, 2, 11, 21, 30));
  });

  it('refuses what is no moment rather than guessing', () => {
    for (const text of ['11/03/2026 21:30', '2026-04-31 10:00', '2026-13-01 10:00', '2026-03-11 24:00', 'tonight']) {
      expect(parseWallClock(text, 'UTC'), text).toBeNull();
    }
  });
});
