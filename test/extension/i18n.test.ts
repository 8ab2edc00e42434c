/**
 * Gavel's words in English and Russian: the two catalogs agree, every key the
 * code uses is in them, Russian counts take the right form, and a missing
 * message shows itself instead of vanishing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentMessagePrefixes, uiHandlers } from '../../extension/background/handlers/ui';
import { catalogs, translatorFor } from '../../extension/shared/catalogs';
import {
  catalogOf,
  createTranslator,
  messageText,
  plural,
  resolveLanguage,
  substitute,
  type Catalog,
  type MessageKey,
} from '../../extension/shared/i18n';
import { setSettings } from '../../extension/storage/repository';
import { engineMessageKey } from '../../src/engine/words';
import { freshDatabases } from './fresh-db';

const root = resolve(import.meta.dirname, '..', '..');
const freshDb = freshDatabases('i18n');
const fromContent = { sender: { id: 'gavel', url: 'https://forum.mafiascum.net/viewtopic.php?t=1' }, senderKind: 'content' } as const;
const en = catalogs.en;
const ru = catalogs.ru;

/** `$1`…`$9` a message uses, as a sorted list (named placeholders resolved first). */
function marks(text: string): number[] {
  return [...new Set([...text.matchAll(/\$([1-9])/g)].map((m) => Number(m[1])))].sort();
}

const pluralForm = /_(one|few|many|other)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the catalogs', () => {
  it('have the same messages in English and Russian, Russian adding only the few/many forms of counted words', () => {
    const enKeys = Object.keys(en);
    const ruKeys = Object.keys(ru);
    expect(enKeys.filter((k) => !(k in ru))).toEqual([]);
    const extra = ruKeys.filter((k) => !(k in en));
    for (const key of extra) {
      expect(key, `${key} is Russian only`).toMatch(/_(few|many)$/);
      expect(en[key.replace(/_(few|many)$/, '_other')], `${key} has no English "other" form`).toBeDefined();
    }
    // Every counted word has all four Russian forms and both English ones.
    for (const key of enKeys.filter((k) => k.endsWith('_other'))) {
      const base = key.slice(0, -'_other'.length);
      expect(en[`${base}_one`], `${base}_one in English`).toBeDefined();
      for (const form of ['one', 'few', 'many', 'other']) expect(ru[`${base}_${form}`], `${base}_${form} in Russian`).toBeDefined();
    }
  });

  it('use the same substitutions in both languages', () => {
    for (const [key, entry] of Object.entries(ru)) {
      const english = en[key] ?? en[key.replace(pluralForm, '_other')];
      if (english === undefined) throw new Error(`${key}: no English message`);
      expect(marks(messageText(entry)), key).toEqual(marks(messageText(english)));
    }
  });

  it("are in Chrome's format: snake_case keys with an area prefix, a message each, no text left untranslated by accident", () => {
    for (const catalog of [en, ru]) {
      for (const [key, entry] of Object.entries(catalog)) {
        expect(key).toMatch(/^(ext|common|popup|panel|badge|worker|engine)_[a-z0-9_]+$/);
        expect(typeof entry.message).toBe('string');
        expect(entry.message.trim()).not.toBe('');
      }
    }
    // Russian is Russian: most messages hold Cyrillic (names, formats and numbers may stay as they are).
    const cyrillic = Object.values(ru).filter((e) => /[а-яё]/i.test(e.message)).length;
    expect(cyrillic / Object.keys(ru).length).toBeGreaterThan(0.9);
  });

  it("hold every key the extension's code asks for", () => {
    const used = new Map<string, string>();
    for (const file of sourceFiles(join(root, 'extension'))) {
      const text = readFileSync(file, 'utf8');
      // t('key', …), t.plural('base', …), words)('key', …) and keys given by name in tables ('popup_…').
      for (const m of text.matchAll(/\b(?:t|t\.value|words\))\(\s*'([a-z0-9_]+)'/g)) used.set(m[1] ?? '', relative(root, file));
      for (const m of text.matchAll(/\bt\.plural\(\s*'([a-z0-9_]+)'/g)) used.set(`${m[1] ?? ''}_other`, relative(root, file));
      for (const m of text.matchAll(/'((?:popup|panel|badge|common|worker)_[a-z0-9_]+)'/g)) {
        const key = m[1] ?? '';
        if (!(`${key}_other` in en)) used.set(key, relative(root, file));
      }
    }
    expect(used.size).toBeGreaterThan(150);
    const missing = [...used]
      .filter(([key]) => !(key in en) || !(key in ru || `${key.replace(/_other$/, '')}_one` in ru))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('hold words for every message code the engine and the command line say', () => {
    // Codes are written as literals at the call: engineMessage('night/dies', …), countedMessage('vote/count', n, …).
    const said = new Map<string, string>();
    for (const dir of ['src', 'cli', 'extension']) {
      for (const file of sourceFiles(join(root, dir))) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/\bengineMessage\(\s*'([^']+)'/g)) said.set(engineMessageKey(m[1] ?? ''), relative(root, file));
        for (const m of text.matchAll(/\bcountedMessage\(\s*'([^']+)'/g))
          said.set(`${engineMessageKey(m[1] ?? '')}_other`, relative(root, file));
      }
    }
    const missing = [...said].filter(([key]) => !(key in en) || !(key in ru)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('stay out of the content script, which gets its few messages from the worker', () => {
    // Every module the content script loads, following value imports (a type-only import loads nothing).
    const seen = new Set<string>();
    const queue = [join(root, 'extension/content/content-script.ts')];
    while (queue.length > 0) {
      const file = queue.pop() ?? '';
      if (seen.has(file)) continue;
      seen.add(file);
      if (!/\.tsx?$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import\s+(?!type\b)[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
        const spec = resolve(dirname(file), (m[1] ?? '').replace(/\?.*$/, ''));
        const found = [spec, `${spec}.ts`, `${spec}.tsx`, join(spec, 'index.ts')].find((f) => existsSync(f) && statSync(f).isFile());
        if (found !== undefined) queue.push(found);
      }
    }
    const loaded = [...seen].map((f) => relative(root, f));
    expect(loaded).toContain('extension/shared/i18n.ts');
    expect(loaded.filter((f) => f.startsWith('_locales') || f === 'extension/shared/catalogs.ts')).toEqual([]);
  });

  it('give the content script only its own messages', async () => {
    const db = freshDb();
    await setSettings(db, { language: 'ru' });
    const { language, messages } = await uiHandlers(
      () => db,
      () => 'en-US',
    )['ui/messages']({}, fromContent);
    expect(language).toBe('ru');
    expect(Object.keys(messages).every((k) => contentMessagePrefixes.some((p) => k.startsWith(p)))).toBe(true);
    expect(messages['panel_track']).toBe('Отслеживать эту игру в Gavel');
    expect(Object.keys(messages).length).toBeLessThan(Object.keys(en).length / 3);
    await setSettings(db, { language: 'auto' });
    const auto = await uiHandlers(
      () => db,
      () => 'ru-RU',
    )['ui/messages']({}, fromContent);
    expect(auto.language).toBe('ru');
    const english = await uiHandlers(
      () => db,
      () => 'de',
    )['ui/messages']({}, fromContent);
    expect(english.messages['panel_track']).toBe('Track this game with Gavel');
  });
});

describe('counted words', () => {
  const t = translatorFor('ru');
  const players = (n: number): string => t.plural('popup_log_setup', n);

  it('take the Russian form for one, few and many', () => {
    expect(players(1)).toBe('Игра создана: 1 игрок');
    expect(players(2)).toBe('Игра создана: 2 игрока');
    expect(players(4)).toBe('Игра создана: 4 игрока');
    expect(players(5)).toBe('Игра создана: 5 игроков');
    expect(players(11)).toBe('Игра создана: 11 игроков');
    expect(players(12)).toBe('Игра создана: 12 игроков');
    expect(players(21)).toBe('Игра создана: 21 игрок');
    expect(players(22)).toBe('Игра создана: 22 игрока');
    expect(t.plural('popup_warnings', 3)).toBe('3 предупреждения');
    expect(t.plural('panel_posts_stored', 40, t.plural('panel_from_pages', 2))).toBe('40 постов сохранено с 2 страниц');
  });

  it('take the English form for one and other', () => {
    const english = translatorFor('en');
    expect(english.plural('popup_log_setup', 1)).toBe('The game is set up with 1 player');
    expect(english.plural('popup_log_setup', 0)).toBe('The game is set up with 0 players');
    expect(english.plural('popup_thread_posts', 13, english.plural('popup_thread_pages', 2))).toBe('13 posts on 2 pages');
    expect(english.plural('popup_thread_posts', 1, english.plural('popup_thread_pages', 1))).toBe('1 post on 1 page');
  });

  it("are picked by Intl's rules from the forms given", () => {
    const forms = { one: 'голос', few: 'голоса', many: 'голосов', other: 'голоса' };
    expect([1, 2, 5, 21, 111, 1.5].map((n) => plural('ru', n, forms))).toEqual([
      'голос',
      'голоса',
      'голосов',
      'голос',
      'голосов',
      'голоса',
    ]);
    expect([1, 2, 5].map((n) => plural('en', n, { one: 'vote', other: 'votes' }))).toEqual(['vote', 'votes', 'votes']);
    // A language's form the catalog lacks falls back to "other".
    expect(plural('ru', 5, { one: 'голос', other: 'голоса' })).toBe('голоса');
  });
});

describe('the translator', () => {
  it('fills $1…$9 the way chrome.i18n.getMessage does, named placeholders included', () => {
    expect(substitute('$1 of $2 alive', [7, 9])).toBe('7 of 9 alive');
    expect(substitute('costs $$5, $3 missing', ['a'])).toBe('costs $5,  missing');
    const catalog: Catalog = { hello: { message: 'Hello, $USER$ from $1', placeholders: { user: { content: '$2', example: 'Cira' } } } };
    const t = createTranslator('en', catalog);
    expect(t('hello' as MessageKey, 'Haifa', 'Anna')).toBe('Hello, Anna from Haifa');
  });

  it('falls back to English for a message Russian lacks, and shows the key of a message neither has', () => {
    const russian = createTranslator('ru', { common_day: { message: 'День $1' } }, en);
    expect(russian('common_day', 2)).toBe('День 2');
    expect(russian('common_night', 2)).toBe('Night 2');
    expect(russian('popup_no_such_message' as MessageKey)).toBe('popup_no_such_message');
    // A counted word Russian lacks comes whole from English, with English rules.
    expect(russian.plural('popup_warnings', 2)).toBe('2 warnings');
    // The content script's translator has only what the worker sent.
    const content = createTranslator('ru', catalogOf({ panel_track: 'Отслеживать' }));
    expect(content('panel_track')).toBe('Отслеживать');
    expect(content('panel_counting')).toBe('panel_counting');
  });

  it("speaks the setting's language, or the browser's when the setting is automatic", () => {
    expect(resolveLanguage('auto', 'ru')).toBe('ru');
    expect(resolveLanguage('auto', 'ru-RU')).toBe('ru');
    expect(resolveLanguage('auto', 'en-US')).toBe('en');
    expect(resolveLanguage('auto', 'uk')).toBe('en');
    expect(resolveLanguage('auto', 'rue')).toBe('en');
    expect(resolveLanguage('en', 'ru-RU')).toBe('en');
    expect(resolveLanguage('ru', 'en-GB')).toBe('ru');
  });
});

describe('counted messages in English', () => {
  it('say "1 time" and "1 reserve kill", not "1 times"', () => {
    const t = translatorFor('en');
    expect(t.plural('popup_list_problem_not_listed', 1, 'Kat')).toBe('Kat has posted 1 time but is not on the list');
    expect(t.plural('popup_list_problem_not_listed', 3, 'Kat')).toBe('Kat has posted 3 times but is not on the list');
    expect(t.plural('popup_log_night_carry', 1, 'Mafia')).toBe('Mafia carries 1 reserve kill to the next night');
    expect(translatorFor('ru').plural('popup_log_night_carry', 2, 'Мафия')).toBe('Мафия: запас выстрелов на следующую ночь — 2');
  });
});
