/**
 * Both catalogs, for the extension pages and the worker. The content script
 * must not import this (every message would land in each forum page): it asks
 * the worker for its few messages with `ui/messages`.
 */
import en from '../../_locales/en/messages.json';
import ru from '../../_locales/ru/messages.json';
import { createTranslator, type Catalog, type Language, type Translator } from './i18n';

export const catalogs: Readonly<Record<Language, Catalog>> = { en, ru };

const translators = new Map<Language, Translator>();

/** The translator for a language (English fills any gap), made once. */
export function translatorFor(language: Language): Translator {
  let t = translators.get(language);
  if (t === undefined) {
    t = createTranslator(language, catalogs[language], language === 'en' ? {} : catalogs.en);
    translators.set(language, t);
  }
  return t;
}
