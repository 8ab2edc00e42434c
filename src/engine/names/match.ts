/**
 * Name matching: which roster slot a name written in a vote means.
 *
 * Players misspell, shorten and abbreviate names. A careful host reads
 * "vote magnus" as magnus_orion when nobody else starts with "magnus", and
 * refuses to guess when two players fit equally well. The matcher works in
 * tiers from the strictest to the loosest; the first tier with any candidate
 * decides, and two or more slots in that tier are an ambiguity, never a guess.
 *
 * Every account that ever held a slot names that slot, and dead slots stay in
 * the search: a vote for a dead player's name is that dead player (the tally
 * then refuses it), never a living player with a similar name.
 */
import type { Roster, Slot } from '../types';
import { accountStem, minStemLength } from './account-stem';

/** How a name was matched, strictest first. */
export type MatchHow =
  /** The text is a host-given alias of the slot (case and punctuation ignored). */
  | 'alias'
  /** The text is an account name exactly. */
  | 'exact'
  /** Equal once case, spaces and punctuation are ignored. */
  | 'normalized'
  /** Equal once look-alike characters are folded too (capital I, small l, 1 and | all read as l; 0 as o). */
  | 'look-alike'
  /** The text starts with the full name and then goes on with other words ("Vote: Mute, obviously"). */
  | 'name-then-words'
  /** The text is the start of exactly one name ("magnus" for magnus_orion). */
  | 'prefix'
  /** The text starts with a whole name and runs on ("Anenineninenineni" for Aneninen). */
  | 'starts-with-name'
  /** The text is one word (or a run of words) of the name ("Gin" for TheRealGin-N-Tonic, "AJ" for Aj The Epic). */
  | 'word'
  /** The text (long enough) appears inside exactly one name ("orion" for magnus_orion). */
  | 'substring'
  /** The initials of the name's words ("HC" for Haschel Cedricson, "TSO" for T S O). */
  | 'initials'
  /**
   * A short abbreviation whose letters appear in order in the name, the first at the start of
   * a word ("ns" for notscience, "mbg" for mattblackguy, "GF" for The Goodfather).
   */
  | 'abbreviation'
  /** A small number of typing mistakes (letters swapped, missing, extra or wrong). */
  | 'edit-distance'
  /** One typing mistake in one word of a name of several words ("brian" for Prolapsed Brain). */
  | 'word-typo'
  /** The start of the name with a typing mistake ("Misty" for Mist7676, "rolf" for roflcopter). */
  | 'prefix-typo'
  /** The same letters in another order ("saalndar" for Slandaar). */
  | 'anagram'
  /** A long shared start and the rest mistyped ("mariomaker4" for MarioManiac4): at least 5 letters and 60% of the text. */
  | 'shared-start';

export type NameMatch =
  | {
      readonly kind: 'match';
      readonly slotId: string;
      readonly how: MatchHow;
      /** The account or alias that matched. */ readonly name: string;
    }
  | {
      readonly kind: 'ambiguous';
      readonly how: MatchHow;
      readonly candidates: readonly { readonly slotId: string; readonly name: string }[];
    }
  | { readonly kind: 'none' };

export interface MatchOptions {
  /**
   * Shortest text accepted as a prefix of a name.
   * @default 3
   */
  readonly minPrefixLength?: number;
  /**
   * Shortest text accepted as a substring inside a name (shorter fragments match too many names).
   * @default 4
   */
  readonly minSubstringLength?: number;
  /**
   * Shortest text tried against initials (one letter is never an acronym).
   * @default 2
   */
  readonly minInitialsLength?: number;
  /**
   * Largest edit distance accepted, as a function of the typed length: by
   * default 0 below 4 characters, 1 up to 6, 2 up to 10, 3 beyond.
   */
  readonly maxEditDistance?: (typedLength: number) => number;
  /**
   * Tiers to skip (a host who wants exact names only turns off everything but 'alias', 'exact' and 'normalized').
   * @default []
   */
  readonly disabled?: readonly MatchHow[];
}

/** Lower-case, letters and digits only (any script), for comparisons that ignore case, spaces and punctuation. */
export function normalizeName(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The words of a name: split on spaces, underscores, punctuation, CamelCase humps and letter/digit changes. */
export function splitNameWords(name: string): string[] {
  return name
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** The acronyms a name is known by: its word initials, with and without the digits part. */
export function nameInitials(name: string): string[] {
  const words = splitNameWords(name);
  if (words.length < 2) return [];
  const all = words
    .map((w) => w.charAt(0))
    .join('')
    .toLowerCase();
  const lettersOnly = words
    .filter((w) => /^\p{L}/u.test(w))
    .map((w) => w.charAt(0))
    .join('')
    .toLowerCase();
  const out = new Set([all]);
  if (lettersOnly.length >= 2) out.add(lettersOnly);
  return [...out];
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent swaps), stopping early above `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) row.push(i === 0 ? j : 0);
    rows.push(row);
  }
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i];
    if (row === undefined) break;
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, at(i - 2, j - 2) + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
  }
  return at(a.length, b.length);
}

function defaultMaxEditDistance(length: number): number {
  if (length < 4) return 0;
  if (length <= 6) return 1;
  if (length <= 10) return 2;
  return 3;
}

interface NameEntry {
  readonly slotId: string;
  readonly name: string;
  readonly alias: boolean;
  readonly norm: string;
  readonly lookAlike: string;
  readonly words: readonly string[];
}

/** Folds characters that look alike in forum fonts (I, l, 1, |; 0 and O) before normalizing. */
export function foldLookAlikes(text: string): string {
  return normalizeName(text.replace(/[Il1|]/g, 'l').replace(/0/g, 'o'));
}

/** Whether `abbr` reads as an abbreviation of the words: its letters in order, the first at a word start. */
function isAbbreviationOf(abbr: string, words: readonly string[]): boolean {
  const joined = words.join('');
  let offset = 0;
  const starts = words.map((w) => {
    const at = offset;
    offset += w.length;
    return at;
  });
  for (const start of starts) {
    if (joined[start] !== abbr[0]) continue;
    let i = 1;
    for (let j = start + 1; j < joined.length && i < abbr.length; j++) if (joined[j] === abbr[i]) i++;
    if (i === abbr.length) return true;
  }
  return false;
}

/** Smallest edit distance between `typed` and any start of `name` of a similar length. */
function prefixDistance(typed: string, name: string, limit: number): number {
  let best = limit + 1;
  for (let len = Math.max(1, typed.length - limit); len <= Math.min(name.length, typed.length + limit); len++) {
    best = Math.min(best, editDistance(typed, name.slice(0, len), limit));
  }
  return best;
}

/** Whether some run of consecutive words (not all of them) spells `norm`. */
function hasWordRun(words: readonly string[], norm: string): boolean {
  for (let i = 0; i < words.length; i++) {
    let run = '';
    for (let j = i; j < words.length && run.length < norm.length; j++) {
      run += words[j] ?? '';
      if (run === norm && !(i === 0 && j === words.length - 1)) return true;
    }
  }
  return false;
}

function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function sortedLetters(text: string): string {
  return [...text].sort().join('');
}

function entriesOf(slots: readonly Slot[]): NameEntry[] {
  const out: NameEntry[] = [];
  for (const slot of slots) {
    const entry = (name: string, alias: boolean): NameEntry => ({
      slotId: slot.id,
      name,
      alias,
      norm: normalizeName(name),
      lookAlike: foldLookAlikes(name),
      words: splitNameWords(name).map((w) => w.toLowerCase()),
    });
    for (const account of slot.accounts) out.push(entry(account.name, false));
    for (const alias of slot.aliases ?? []) out.push(entry(alias, true));
  }
  return out;
}

/** One tier's verdict: unique slot, ambiguity, or nothing (go on to the next tier). */
function decide(how: MatchHow, hits: readonly NameEntry[]): NameMatch | undefined {
  if (hits.length === 0) return undefined;
  const bySlot = new Map<string, string>();
  for (const hit of hits) if (!bySlot.has(hit.slotId)) bySlot.set(hit.slotId, hit.name);
  const slots = [...bySlot.entries()].map(([slotId, name]) => ({ slotId, name }));
  const only = slots[0];
  if (slots.length === 1 && only !== undefined) return { kind: 'match', slotId: only.slotId, how, name: only.name };
  return { kind: 'ambiguous', how, candidates: slots };
}

/**
 * Which slot `text` names, in tiers: alias, exact, normalized, look-alike
 * characters, name followed by other words, unique prefix, a word of the name,
 * a name the text starts with, unique substring, initials, abbreviation,
 * smallest edit distance, a word of the name with a typo, start of the name
 * with a typo, anagram, long shared start. The first tier with a hit decides; several slots in it is
 * `ambiguous`.
 *
 * @example
 * matchName('magnus', roster) // { kind: 'match', slotId: 's3', how: 'prefix', name: 'magnus_orion' }
 */
export function matchName(text: string, roster: Pick<Roster, 'slots'>, options: MatchOptions = {}): NameMatch {
  const typed = text.trim();
  const norm = normalizeName(typed);
  if (norm.length === 0) return { kind: 'none' };
  const entries = entriesOf(roster.slots);
  const off = new Set(options.disabled ?? []);
  const tiers: [MatchHow, () => NameEntry[]][] = [
    ['alias', () => entries.filter((e) => e.alias && e.norm === norm)],
    ['exact', () => entries.filter((e) => !e.alias && e.name === typed)],
    ['normalized', () => entries.filter((e) => e.norm === norm)],
    [
      'look-alike',
      () => {
        const folded = foldLookAlikes(typed);
        return folded.length > 0 ? entries.filter((e) => e.lookAlike === folded) : [];
      },
    ],
    [
      'name-then-words',
      () => {
        const lower = typed.toLowerCase();
        const hits = entries.filter((e) => {
          const name = e.name.toLowerCase();
          return e.norm.length > 0 && lower.startsWith(name) && /^[^\p{L}\p{N}]/u.test(lower.slice(name.length));
        });
        // The longest name wins ("Mute" vs "Mute Button" for "Mute Button please").
        const longest = Math.max(0, ...hits.map((h) => h.name.length));
        return hits.filter((h) => h.name.length === longest);
      },
    ],
    ['prefix', () => (norm.length >= (options.minPrefixLength ?? 3) ? entries.filter((e) => e.norm.startsWith(norm)) : [])],
    ['word', () => (norm.length >= 2 ? entries.filter((e) => e.words.length > 1 && hasWordRun(e.words, norm)) : [])],
    [
      'starts-with-name',
      () => {
        const hits = entries.filter((e) => e.norm.length >= 4 && norm.startsWith(e.norm));
        const longest = Math.max(0, ...hits.map((h) => h.norm.length));
        return hits.filter((h) => h.norm.length === longest);
      },
    ],
    ['substring', () => (norm.length >= (options.minSubstringLength ?? 4) ? entries.filter((e) => e.norm.includes(norm)) : [])],
    ['initials', () => (norm.length >= (options.minInitialsLength ?? 2) ? entries.filter((e) => nameInitials(e.name).includes(norm)) : [])],
    [
      'abbreviation',
      () => (norm.length >= 2 && norm.length <= 5 && /^\p{L}+$/u.test(norm) ? entries.filter((e) => isAbbreviationOf(norm, e.words)) : []),
    ],
    [
      'edit-distance',
      () => {
        const limit = (options.maxEditDistance ?? defaultMaxEditDistance)(norm.length);
        if (limit <= 0) return [];
        const scored = entries.map((e) => ({ e, d: editDistance(norm, e.norm, limit) })).filter((s) => s.d <= limit);
        const best = Math.min(Number.POSITIVE_INFINITY, ...scored.map((s) => s.d));
        return scored.filter((s) => s.d === best).map((s) => s.e);
      },
    ],
    [
      'word-typo',
      () =>
        norm.length >= 4
          ? entries.filter((e) => e.words.length > 1 && e.words.some((w) => w.length >= 4 && editDistance(norm, w, 1) <= 1))
          : [],
    ],
    [
      'prefix-typo',
      () => {
        const limit = norm.length >= 8 ? 2 : norm.length >= 4 ? 1 : 0;
        if (limit === 0) return [];
        const scored = entries.map((e) => ({ e, d: prefixDistance(norm, e.norm, limit) })).filter((s) => s.d <= limit);
        const best = Math.min(Number.POSITIVE_INFINITY, ...scored.map((s) => s.d));
        return scored.filter((s) => s.d === best).map((s) => s.e);
      },
    ],
    [
      'anagram',
      () => {
        // Only a name of the same length can be an anagram: a long text is never sorted (n log n), whatever it says.
        const sameLength = entries.filter((e) => e.norm.length === norm.length);
        if (norm.length < 5 || sameLength.length === 0) return [];
        const letters = sortedLetters(norm);
        return sameLength.filter((e) => sortedLetters(e.norm) === letters);
      },
    ],
    [
      'shared-start',
      () => {
        const shared = entries.map((e) => ({ e, n: sharedStart(norm, e.norm) })).filter((x) => x.n >= 5 && x.n >= 0.6 * norm.length);
        const best = Math.max(0, ...shared.map((x) => x.n));
        return shared.filter((x) => x.n === best).map((x) => x.e);
      },
    ],
  ];
  for (const [how, find] of tiers) {
    if (off.has(how)) continue;
    const verdict = decide(how, find());
    if (verdict !== undefined) return verdict;
  }
  return { kind: 'none' };
}

/**
 * `matchName` for the target of a vote as written, with two readings a host
 * makes when the whole text names nobody: alternatives that all name the same
 * slot ("Bezu/Jily" for a slot held by Bezukhov then jilynne1991), and the text
 * up to the first sentence break ("saalndar... because" reads "saalndar").
 */
export function matchVoteTarget(text: string, roster: Pick<Roster, 'slots'>, options: MatchOptions = {}): NameMatch {
  const whole = matchName(text, roster, options);
  if (whole.kind !== 'none') return whole;
  // Split, then trim: spaces matched inside the split pattern would be re-scanned from every position of a long run.
  const parts = text
    .split(/\/|&|\bor\b/i)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length > 1) {
    const matches = parts.map((p) => matchName(p, roster, options));
    const first = matches[0];
    if (first?.kind === 'match' && matches.every((m) => m.kind === 'match' && m.slotId === first.slotId)) return first;
  }
  const cut = upToSentenceBreak(text);
  if (cut !== undefined && cut.trim() !== text.trim()) return matchName(cut, roster, options);
  return whole;
}

/**
 * The text before the first sentence break (`.,;!?(`) that follows its first
 * letter, or undefined when there is none. Two plain searches, so the cost is
 * linear in the text however long a player's bold line is.
 */
function upToSentenceBreak(text: string): string | undefined {
  const letter = text.search(/\p{L}/u);
  if (letter < 0) return undefined;
  const rest = text.slice(letter + 1).search(/[.,;!?(]/);
  return rest < 0 ? undefined : text.slice(0, letter + 1 + rest);
}

/**
 * The slot a forum account posts for at a given post: the account's slot, or
 * undefined when the account holds no slot. With `renamedAccounts`, an author
 * on no slot whose name differs from exactly one slot account only by case,
 * punctuation or a trailing number is that account renamed (the same rule is
 * `renamed` evidence in `findAccountLinks`, which a count applies to the roster
 * first). `replacedOut` is set when the account held the slot once but a
 * replacement holds it from a post at or before `atPost` (replacement points
 * come from `Account.fromPost`).
 *
 * An account listed in several slots (replaced out of one, replaced into
 * another) is never decided by roster order: the slot it holds at `atPost`
 * (started, not replaced out) wins, and among those the holding that started
 * latest: a known replacement point, else a replacement (a later account of
 * its slot) over a first holder, else the slot whose current holder it is.
 * Only when it holds none of them at that post is it the latest holding it
 * was replaced out of. `findAccountLinks` reports such accounts to the host.
 */
export function slotOfAccount(
  author: string,
  roster: Pick<Roster, 'slots'>,
  atPost: number,
  options: { readonly renamedAccounts?: boolean } = {},
): { readonly slotId: string; readonly replacedOut: boolean; readonly renamed?: true } | undefined {
  const replacedOut = (slot: Slot, index: number): boolean => {
    const next = slot.accounts[index + 1];
    return next?.fromPost !== undefined && next.fromPost <= atPost;
  };
  const wanted = author.trim().toLowerCase();
  const holdings: { slot: Slot; index: number }[] = [];
  for (const slot of roster.slots) {
    const index = slot.accounts.findLastIndex((a) => a.name.trim().toLowerCase() === wanted);
    if (index !== -1) holdings.push({ slot, index });
  }
  const [first] = holdings;
  if (first !== undefined) {
    if (holdings.length === 1) return { slotId: first.slot.id, replacedOut: replacedOut(first.slot, first.index) };
    const chosen = latestHolding(first, holdings, atPost, replacedOut);
    return { slotId: chosen.slot.id, replacedOut: replacedOut(chosen.slot, chosen.index) };
  }
  if (options.renamedAccounts !== true) return undefined;
  // A renamed forum account (Wake88 posting as Wake1): the same name once case, punctuation and a trailing number are set aside.
  const key = accountStem(author);
  if (key.length < minStemLength) return undefined;
  const hits: { slot: Slot; index: number }[] = [];
  for (const slot of roster.slots) {
    slot.accounts.forEach((a, index) => {
      if (accountStem(a.name) === key) hits.push({ slot, index });
    });
  }
  const only = hits[0];
  if (only === undefined || hits.some((h) => h.slot.id !== only.slot.id)) return undefined;
  return { slotId: only.slot.id, replacedOut: replacedOut(only.slot, only.index), renamed: true };
}

/** Of one account's holdings in several slots, the one it holds at `atPost` that started latest (see `slotOfAccount`). */
function latestHolding<H extends { readonly slot: Slot; readonly index: number }>(
  first: H,
  holdings: readonly H[],
  atPost: number,
  replacedOut: (slot: Slot, index: number) => boolean,
): H {
  const fromOf = (h: H): number | undefined => h.slot.accounts[h.index]?.fromPost;
  const started = (h: H): boolean => (fromOf(h) ?? -Infinity) <= atPost;
  // A known replacement point orders holdings; an unknown one is after the game's start (a replacement) or at it (a first holder).
  const start = (h: H): number => fromOf(h) ?? (h.index > 0 ? 0.5 : 0);
  const isCurrent = (h: H): number => (h.index === h.slot.accounts.length - 1 ? 1 : 0);
  const better = (a: H, b: H): H => (start(b) > start(a) || (start(b) === start(a) && isCurrent(b) > isCurrent(a)) ? b : a);
  const holding = holdings.filter((h) => started(h) && !replacedOut(h.slot, h.index));
  const pool = holding.length > 0 ? holding : holdings.filter(started);
  const [head = first, ...rest] = pool.length > 0 ? pool : holdings;
  return rest.reduce(better, head);
}
