/**
 * Gavel's own words in the host's language. The catalogs are the extension's
 * `_locales/<language>/messages.json` (Chrome's format), so the browser reads
 * the same files for the manifest's `__MSG_…__` names. This module only turns
 * a catalog into a translator: it makes no browser call and imports no
 * catalog (the content script uses it with the few messages the worker sends).
 *
 * Substitutions are Chrome's: `$1`…`$9` in a message (directly, or as the
 * `content` of a named `$NAME$` placeholder), `$$` for a dollar sign, so
 * `chrome.i18n.getMessage(key, subs)` and a translator give the same text.
 */
import type englishCatalog from '../../_locales/en/messages.json';

export type Language = 'en' | 'ru';

/** A key of the English catalog: a typo is a type error. */
export type MessageKey = keyof typeof englishCatalog;

/** A message counted in words: `<base>_one`, `<base>_other` (and in Russian `<base>_few`, `<base>_many`). */
export type PluralBase = { [K in MessageKey]: K extends `${infer B}_other` ? B : never }[MessageKey];

export interface CatalogEntry {
  readonly message: string;
  readonly description?: string;
  readonly placeholders?: Readonly<Record<string, { readonly content: string; readonly example?: string }>>;
}

export type Catalog = Readonly<Record<string, CatalogEntry>>;

export type Substitution = string | number;

export interface Translator {
  (key: MessageKey, ...subs: Substitution[]): string;
  /** The language the words are in. */
  readonly language: Language;
  /** The form of `<base>_…` for the count `n` (passed as `$1`, before `subs`). */
  plural(base: PluralBase, n: number, ...subs: Substitution[]): string;
  /** A number written the language's way. */
  number(n: number): string;
}

export const languages: readonly Language[] = ['en', 'ru'];

/** The host's setting and the browser's UI language → the language Gavel speaks. */
export function resolveLanguage(setting: 'auto' | Language, uiLanguage: string): Language {
  if (setting !== 'auto') return setting;
  return /^ru(?:$|[-_])/i.test(uiLanguage) ? 'ru' : 'en';
}

/** A message's text with its named placeholders replaced by their content (`$NAME$` → `$1`). */
export function messageText(entry: CatalogEntry): string {
  const placeholders = entry.placeholders;
  if (placeholders === undefined) return entry.message;
  const byName = new Map(Object.entries(placeholders).map(([name, p]) => [name.toLowerCase(), p.content]));
  return entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => byName.get(name.toLowerCase()) ?? whole);
}

/** Fills `$1`…`$9` from `subs` (a missing one gives nothing, as in Chrome) and `$$` with `$`. */
export function substitute(text: string, subs: readonly Substitution[]): string {
  return text.replace(/\$(\$|[1-9])/g, (_whole, mark: string) => (mark === '$' ? '$' : String(subs[Number(mark) - 1] ?? '')));
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/** Intl's plural category of `n` in `language` (`one`, `few`, `many`, `other`…). */
export function pluralCategory(language: Language, n: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (rules === undefined) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(n);
}

export interface PluralForms {
  readonly one: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** The form of a word for the count `n`: Russian tells one, few and many apart; English one and other. */
export function plural(language: Language, n: number, forms: PluralForms): string {
  const category = pluralCategory(language, n);
  return (category === 'one' || category === 'few' || category === 'many' ? forms[category] : undefined) ?? forms.other;
}

const pluralSuffixes = ['one', 'few', 'many', 'other'] as const;

/**
 * A translator over `catalog` in `language`, falling back to `fallback` (the
 * English catalog) for a key the catalog lacks; a key neither has comes back
 * as itself, so a missing message shows rather than vanishes.
 */
export function createTranslator(language: Language, catalog: Catalog, fallback: Catalog = {}): Translator {
  const lookup = (key: string): string | undefined => {
    const entry = catalog[key] ?? fallback[key];
    return entry === undefined ? undefined : messageText(entry);
  };
  const numbers = new Intl.NumberFormat(language);
  const t = ((key: MessageKey, ...subs: Substitution[]): string => {
    const text = lookup(key);
    return text === undefined ? key : substitute(text, subs);
  }) as Translator;
  const formsOf = (source: Catalog, base: string): PluralForms | null => {
    const found: Partial<Record<(typeof pluralSuffixes)[number], string>> = {};
    for (const suffix of pluralSuffixes) {
      const entry = source[`${base}_${suffix}`];
      if (entry !== undefined) found[suffix] = messageText(entry);
    }
    const { one, other } = found;
    if (one === undefined || other === undefined) return null;
    return {
      one,
      other,
      ...(found.few === undefined ? {} : { few: found.few }),
      ...(found.many === undefined ? {} : { many: found.many }),
    };
  };
  Object.defineProperties(t, {
    language: { value: language, enumerable: true },
    plural: {
      value: (base: PluralBase, n: number, ...subs: Substitution[]): string => {
        const own = formsOf(catalog, base);
        // English forms follow English rules: a catalog without the word falls back whole.
        const [forms, rules] = own !== null ? [own, language] : [formsOf(fallback, base), 'en' as const];
        if (forms === null) return `${base}_other`;
        return substitute(plural(rules, n, forms), [numbers.format(n), ...subs]);
      },
    },
    number: { value: (n: number): string => numbers.format(n) },
  });
  return t;
}

/** Only the messages whose keys start with one of `prefixes`, as plain text with placeholders resolved. */
export function pickMessages(catalog: Catalog, prefixes: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(catalog)) {
    if (prefixes.some((p) => key.startsWith(p))) out[key] = messageText(entry);
  }
  return out;
}

/** A catalog from plain messages (what the worker sends the content script). */
export function catalogOf(messages: Readonly<Record<string, string>>): Catalog {
  const out: Record<string, CatalogEntry> = {};
  for (const [key, message] of Object.entries(messages)) out[key] = { message };
  return out;
}
