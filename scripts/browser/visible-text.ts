/**
 * What a host sees on a page, and whether any of it is English: for the
 * browser test that walks Gavel in Russian and fails on an English word that
 * is not a name or the forum's own text.
 *
 * `collectVisibleText(page, where)` reads the page's visible text the way a
 * reader meets it: the `innerText` of the page (and of every open shadow
 * root, where Gavel's panel and badge rows live), line by line, plus the
 * `title`, `placeholder` and `aria-label` of each visible element and the
 * options of each visible drop-down. `englishIn(text, allowed)` says which
 * words of a text are English.
 */
import type { Page } from 'playwright-core';

/** One text a host can see, and where. */
export interface VisibleText {
  /** The screen it was on ("popup", "dashboard: night"…). */
  readonly where: string;
  /** What kind of text: a line of the page, an attribute, a drop-down's option. */
  readonly kind: 'text' | 'title' | 'placeholder' | 'aria-label' | 'option' | 'post';
  /** The nearest `data-testid` (or id) around it, for a reader to find it. */
  readonly near: string;
  readonly text: string;
}

/**
 * Runs in the page (a string, so no bundler helper leaks into it). Lines of
 * text are located afterwards: for each line, the deepest element holding it
 * gives its `near`.
 */
const collector = String.raw`((shadowOnly) => {
  const out = [];
  const label = (el) => {
    for (let e = el; e; e = e.parentElement || (e.getRootNode && e.getRootNode().host) || null) {
      if (e.dataset && e.dataset.testid) return e.dataset.testid;
      if (e.id) return '#' + e.id;
    }
    return '';
  };
  const visible = (el) => {
    if (!(el instanceof HTMLElement)) return false;
    if (el.getClientRects().length === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const readRoot = (root, container) => {
    const text = container instanceof HTMLElement ? container.innerText : '';
    // Each visible element's text, read once: a line's place is the last (deepest) element holding it.
    const texts = [];
    for (const el of root.querySelectorAll('*')) {
      if (el instanceof HTMLElement && visible(el)) texts.push([el, el.innerText || '']);
    }
    const deepest = (line) => {
      let best = null;
      for (const [el, t] of texts) if (t.includes(line)) best = el;
      return best;
    };
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (line === '') continue;
      const el = deepest(line);
      // A post Gavel wrote for the forum (shown to copy) is in the game's post language, not the host's.
      const post = el && el.closest('pre');
      out.push({ kind: post ? 'post' : 'text', near: el ? label(el) : '', text: line });
    }
    for (const el of root.querySelectorAll('*')) {
      if (!visible(el)) continue;
      for (const name of ['title', 'placeholder', 'aria-label']) {
        const value = el.getAttribute(name);
        if (value && value.trim() !== '') out.push({ kind: name, near: label(el), text: value.trim() });
      }
      if (el instanceof HTMLSelectElement) {
        for (const option of el.options) {
          const value = option.text.trim();
          if (value !== '') out.push({ kind: 'option', near: label(el), text: value });
        }
      }
    }
  };
  if (!shadowOnly) readRoot(document, document.body);
  if (!shadowOnly && document.title.trim() !== '') out.push({ kind: 'title', near: 'document.title', text: document.title.trim() });
  for (const el of document.querySelectorAll('*')) {
    const shadow = el.shadowRoot;
    if (!shadow) continue;
    for (const child of shadow.children) {
      if (child instanceof HTMLElement && visible(child)) readRoot(shadow, child);
    }
  }
  return out;
})`;

/**
 * Every text a host can see on `page` now, labelled with `where`. On a
 * forum's page, `only: 'shadow'` reads Gavel's additions alone (its panel and
 * badge rows, in their shadow roots), not the forum's own text.
 */
export async function collectVisibleText(page: Page, where: string, only: 'all' | 'shadow' = 'all'): Promise<VisibleText[]> {
  const found = (await page.evaluate(`${collector}(${JSON.stringify(only === 'shadow')})`)) as Omit<VisibleText, 'where'>[];
  return found.map((f) => ({ where, ...f }));
}

/**
 * Words that are Gavel's or the web's own names, not English to translate:
 * the product, the markup dialects, the forum engines, the browsers.
 */
export const alwaysAllowed: readonly string[] = [
  'Gavel',
  'BBCode',
  'Markdown',
  'JSON',
  'HTTP',
  'UTC',
  'GMT',
  'phpBB',
  'MyBB',
  'SMF',
  'vBulletin',
  'XenForo',
  'Discourse',
  'Invision',
  'uCoz',
  'Chromium',
  'Chrome',
  'Firefox',
  // phpBB's style, named in the engine's label.
  'prosilver',
];

/** What may stand in a text without being English to translate. */
export interface Allowed {
  /** Names (players, hosts, thread titles, forum names): taken whole, as written. */
  readonly names: readonly string[];
  /**
   * The forum's own text (its posts): a quotation («…», “…”, "…") of words found
   * in it is the forum's, not Gavel's ("“Vote: Bluebell”: inside a quote").
   */
  readonly forumText?: readonly string[];
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English words in `text`: Latin-letter words that are not a name given
 * in `allowed`, not one of `alwaysAllowed`, not part of a web address, an
 * e-mail address, a time zone name (Europe/Moscow) or a quotation of the
 * forum («…», “…”, "…"). A letter glued to a number ("5h", "3d") is English
 * too: Russian writes "5 ч". Each word is returned once, in order. With
 * `forum-whole`, a text found whole in the forum's text is the forum's.
 */
export function englishIn(text: string, allowed: Allowed = { names: [] }, whole: 'forum-whole' | 'quoted-only' = 'forum-whole'): string[] {
  let rest = text;
  // A text the forum holds whole (a vote as a player wrote it, in a badge's title) is the forum's.
  const forum = allowed.forumText ?? [];
  const trimmed = rest.trim();
  if (whole === 'forum-whole' && trimmed !== '' && forum.some((f) => f.includes(trimmed))) return [];
  // So is a quotation of the forum's text, whatever its case.
  const forumLower = forum.map((f) => f.toLowerCase());
  rest = rest.replace(/«([^»]*)»|“([^”]*)”|„([^“”]*)[“”]|"([^"]*)"/g, (whole, ...inner: unknown[]) => {
    const quoted =
      inner
        .slice(0, 4)
        .find((q): q is string => typeof q === 'string')
        ?.trim() ?? '';
    return quoted !== '' && forumLower.some((f) => f.includes(quoted.toLowerCase())) ? ' ' : whole;
  });
  // Web and e-mail addresses, host names, paths.
  rest = rest.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
  rest = rest.replace(/\S+@\S+\.\S+/g, ' ');
  rest = rest.replace(/\b(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:\/\S*)?/gi, ' ');
  // A version: v0.1.0.
  rest = rest.replace(/\bv\d+(?:\.\d+)+\b/g, ' ');
  // Time zone names: Area/City.
  rest = rest.replace(/\b[A-Z][A-Za-z_]+\/[A-Za-z_/+-]+/g, ' ');
  // Names and allowed words, longest first, whole words only.
  const known = [...allowed.names, ...alwaysAllowed].filter((n) => n.trim() !== '').sort((a, b) => b.length - a.length);
  for (const name of known) {
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escape(name)}(?![\\p{L}\\p{N}_])`, 'gu'), ' ');
  }
  const words: string[] = [];
  for (const match of rest.matchAll(/[\p{N}]*[A-Za-z][A-Za-z0-9_'’-]*/gu)) {
    const word = match[0].replace(/['’-]+$/, '');
    if (!words.includes(word)) words.push(word);
  }
  return words;
}

/** An English text a host saw, with the words that make it English. */
export interface EnglishFinding extends VisibleText {
  readonly words: readonly string[];
}

/**
 * The texts that hold English, each once per screen (a line of a drop-down
 * is seen both as text and as an option: once). Posts Gavel wrote for the
 * forum (`post`) are left out: they are in the game's post language.
 */
export function findEnglish(texts: readonly VisibleText[], allowed: Allowed): EnglishFinding[] {
  const seen = new Set<string>();
  const out: EnglishFinding[] = [];
  for (const t of texts) {
    if (t.kind === 'post') continue;
    // Only a title (a badge's, holding the vote as written) may be the forum's text whole; a line or an option
    // that happens to be in a post ("Mafia Goon", the host's "Day 1 begins") is still Gavel's words.
    const words = englishIn(t.text, allowed, t.kind === 'title' ? 'forum-whole' : 'quoted-only');
    if (words.length === 0) continue;
    const key = `${t.where}|${t.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...t, words });
  }
  return out;
}

/** The findings as lines a reader can act on: screen, place, kind, text, and the English words. */
export function describeFindings(findings: readonly EnglishFinding[]): string {
  return findings.map((f) => `[${f.where}] ${f.near || '(page)'} ${f.kind}: ${JSON.stringify(f.text)} — ${f.words.join(', ')}`).join('\n');
}
