/**
 * The settings the rules leave open, in the host's language: every preset's open question, and every reason a setting
 * is written in a ruleset file, has words in both catalogs; the English words are the preset's own, the Russian ones
 * hold no English (but Gavel's name and the seeds' line numbers, "L44"); a host's own question is shown as he wrote it.
 */
import { describe, expect, it } from 'vitest';
import { catalogs, translatorFor } from '../../extension/shared/catalogs';
import { fileReasonWords, questionWords } from '../../extension/popup/components/rule-settings';
import { englishIn } from '../../scripts/browser/visible-text';
import { choiceFor, rulesets } from '../../src/engine';

const slug = (setting: string): string =>
  setting
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase()
    .replace(/_(one|few|many|other)$/, '_$1_setting');
const questions = new Map(Object.values(rulesets).flatMap((r) => r.openQuestions.map((q) => [q.setting, q] as const)));
const englishWords = (text: string): string[] => englishIn(text).filter((w) => !/^L\d/u.test(w));

describe('the open questions in both languages', () => {
  it('every preset question has its English words (the preset’s own) and Russian words with no English in them', () => {
    expect(questions.size).toBeGreaterThan(50);
    for (const [setting, q] of questions) {
      const key = `engine_rules_question_${slug(setting)}`;
      expect(catalogs.en[key]?.message, key).toBe(q.question);
      const russian = catalogs.ru[key]?.message;
      expect(russian, key).toBeDefined();
      expect(englishWords(russian ?? ''), `${key}: ${russian}`).toEqual([]);
    }
  });

  it('every reason a setting is written in a file has its words too', () => {
    const reasons = [...questions.keys()].flatMap((setting) => {
      const what = choiceFor(setting)?.what;
      return what?.kind === 'file' ? [[setting, what.reason] as const] : [];
    });
    expect(reasons.length).toBeGreaterThan(0);
    for (const [setting, reason] of reasons) {
      const key = `engine_rules_file_reason_${slug(setting)}`;
      expect(catalogs.en[key]?.message, key).toBe(reason);
      expect(englishWords(catalogs.ru[key]?.message ?? 'missing'), key).toEqual([]);
      expect(fileReasonWords(translatorFor('ru'), setting, reason)).toBe(catalogs.ru[key]?.message);
    }
  });

  it('the popup words a preset question in Russian for a Russian host, and a host’s own question as written', () => {
    const ru = translatorFor('ru');
    const q = rulesets['russian-004'].openQuestions[0];
    if (q === undefined) throw new Error('the 004 preset has open questions');
    expect(questionWords(ru, q)).toBe(catalogs.ru[`engine_rules_question_${slug(q.setting)}`]?.message);
    expect(questionWords(translatorFor('en'), q)).toBe(q.question);
    const own = { setting: q.setting, question: 'Our club’s question, in our words.' };
    expect(questionWords(ru, own)).toBe(own.question);
  });
});
