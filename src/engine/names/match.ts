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
  /**
   * A nickname the thread itself uses for exactly one player (`learnNicknames`): the host reads it as the
   * thread does, before any generic reading of the letters.
   */
  | 'thread-nickname'
  /** The text starts with the full name and then goes on with other words ("Vote: Mute, obviously"). */
  | 'name-then-words'
  /** The text is the start of exactly one name ("magnus" for magnus_orion). */
  | 'prefix'
  /** The text starts with a whole name and runs on ("Anenineninenineni" for Aneninen). */
  | 'starts-with-name'
  /** The text is one word (or a run of words) of the name ("Gin" for TheRealGin-N-Tonic, "AJ" for Aj The Epic). */
  | 'word'
  /**
   * Equal once every run of a repeated letter is read as one letter ("Kirrrrby" for Kirby, "Elmmo" for
   * Elmo): a typist holding a key, however many times, is one typing mistake to a host.
   */
  | 'repeated-letters'
  /** The text (long enough) appears inside exactly one name ("orion" for magnus_orion). */
  | 'substring'
  /** The initials of the name's words ("HC" for Haschel Cedricson, "TSO" for T S O). */
  | 'initials'
  /**
   * A short abbreviation whose letters appear in order in the name, the first at the start of
   * a word ("ns" for notscience, "mbg" for mattblackguy, "GF" for The Goodfather).
   */
  | 'abbreviation'
  /**
   * A longer abbreviation, or one with digits, made of the starts of the name's words in order
   * ("MarManiac" for MarioManiac4, "Kmd43" for Kmd4390, "jily91" for jilynne1991: a number may be
   * given by its start or its end, as years are).
   */
  | 'word-starts'
  /**
   * One to three letters that fit exactly one name: one letter that starts it ("K" for Kirby), or two or
   * three letters that start or end it ("Ki", "jt" for Luckyjt, "kop" for pisskop). Short function words
   * ("I", "a", "to", "и", "la") are never read as a name, and only a vote's whole text is read this way
   * ("P.Edit:" is not "P").
   */
  | 'short-nickname'
  /** A small number of typing mistakes (letters swapped, missing, extra or wrong). */
  | 'edit-distance'
  /** One typing mistake in one word of a name of several words ("brian" for Prolapsed Brain). */
  | 'word-typo'
  /** The start of the name with a typing mistake ("Misty" for Mist7676, "rolf" for roflcopter). */
  | 'prefix-typo'
  /** The same letters in another order ("saalndar" for Slandaar). */
  | 'anagram'
  /** A long shared start and the rest mistyped ("mariomaker4" for MarioManiac4): at least 5 letters and 60% of the text. */
  | 'shared-start'
  /**
   * A pun on a name of several words: every word the same but one ("SleepyKrew" for WormyKrew, "Golden
   * Douchebag" for Golden Robster); the words kept must be at least four letters and not function words.
   */
  | 'word-pun';

/** How `matchVoteTarget` read the text before matching it, when it was not read whole. */
export type MatchReading =
  /** Alternatives that all name the same slot ("Bezu/Jily"). */
  | 'alternatives'
  /** An article before the name ("the Kirby", "der Elmo"). */
  | 'article'
  /** "X's slot", "X's", "slot X" read as X. */
  | 'slot-words'
  /** A word written twice in a row read once ("Elmo Elmo"). */
  | 'repeated-word'
  /** The text up to the first sentence break ("saalndar... because"). */
  | 'sentence-break';

/** A nickname learnt from the thread: `nickname` names the slot `slotId` (see `learnNicknames`). */
export interface ThreadNickname {
  readonly nickname: string;
  readonly slotId: string;
}

export type NameMatch =
  | {
      readonly kind: 'match';
      readonly slotId: string;
      readonly how: MatchHow;
      /** The account or alias that matched. */ readonly name: string;
      /** Set when the text was read (`matchVoteTarget`) rather than matched whole. */
      readonly reading?: MatchReading;
    }
  | {
      readonly kind: 'ambiguous';
      /** The strictest tier with a hit: it had two or more slots. */
      readonly how: MatchHow;
      /**
       * Every slot the text fits in any tier: the deciding tier's first (`closest` of them), then those
       * that only looser tiers fit, so the host sees every player the name could mean.
       */
      readonly candidates: readonly { readonly slotId: string; readonly name: string }[];
      /** How many of `candidates` (from the start) the deciding tier found. */
      readonly closest: number;
      readonly reading?: MatchReading;
    }
  | {
      /**
       * The text names two or more different players joined by "or", "and", "/", "&" (or the same words
       * in another language: "или", "oder", "ou", "lub"…). A host asks which one is meant; nothing is counted.
       */
      readonly kind: 'several';
      readonly candidates: readonly { readonly slotId: string; readonly name: string; readonly written: string }[];
      /** One of the sides is a No Lynch word ("Kirby or No Lynch"): a player and nobody. */
      readonly noLynch?: true;
    }
  | { readonly kind: 'none' };

export interface MatchOptions {
  /**
   * The rules' No Lynch words: a vote target joining a player and one of them ("Kirby or no lynch") names
   * two targets, and a host asks which. Compared ignoring case, spaces and punctuation.
   * @default []
   */
  readonly noLynchWords?: readonly string[];
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
  /**
   * The post the name is written in. Accounts that join a slot after it (a replacement's `fromPost`
   * later than this) are not yet in the game: only their exact name reaches them, so they never make an
   * earlier loose name ambiguous.
   */
  readonly atPost?: number;
  /** Nicknames learnt from the thread (`learnNicknames`), read by the 'thread-nickname' tier. */
  readonly nicknames?: readonly ThreadNickname[];
}

/** Lower-case, letters and digits only (any script), for comparisons that ignore case, spaces and punctuation. */
export function normalizeName(text: string): string {
  // A count compares the same few account names on every post: each short name is normalized once.
  if (text.length > 64) return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  let norm = normalizedNames.get(text);
  if (norm === undefined) {
    norm = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    if (normalizedNames.size >= 20_000) normalizedNames.clear();
    normalizedNames.set(text, norm);
  }
  return norm;
}
const normalizedNames = new Map<string, string>();

/** The words of a name: split on spaces, underscores, punctuation, CamelCase humps and letter/digit changes. */
export function splitNameWords(name: string): string[] {
  return isAscii(name) ? asciiNameWords(name) : nameWordsByPattern(name);
}

/** Whether every code unit of `text` is ASCII. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** ASCII classes `asciiNameWords` reads: 0 none (a separator), lower- and upper-case letters, digits. */
function asciiClass(unit: number): 0 | 'lower' | 'upper' | 'digit' {
  if (unit >= 0x61 && unit <= 0x7a) return 'lower';
  if (unit >= 0x41 && unit <= 0x5a) return 'upper';
  return unit >= 0x30 && unit <= 0x39 ? 'digit' : 0;
}

/**
 * `nameWordsByPattern` for an ASCII name, in one pass with no pattern: a word ends at a separator, between a
 * lower-case and an upper-case letter ("aB"), before the last of several capitals when a lower-case letter
 * follows ("ABc": "A", "Bc"), and between a letter and a digit either way. (Each of the pattern's splits
 * looks at neighbours only, and no two of its matches can overlap, so these are exactly its splits.)
 */
function asciiNameWords(name: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= name.length; i++) {
    const here = i < name.length ? asciiClass(name.charCodeAt(i)) : 0;
    if (here === 0) {
      if (start >= 0) words.push(name.slice(start, i));
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      continue;
    }
    const before = asciiClass(name.charCodeAt(i - 1));
    const next = i + 1 < name.length ? asciiClass(name.charCodeAt(i + 1)) : 0;
    const hump = before === 'lower' && here === 'upper';
    const lastCapital = before === 'upper' && here === 'upper' && next === 'lower';
    const digitChange = (before === 'digit') !== (here === 'digit');
    if (hump || lastCapital || digitChange) {
      words.push(name.slice(start, i));
      start = i;
    }
  }
  return words;
}

/** The words of a name by its patterns (any script). */
function nameWordsByPattern(name: string): string[] {
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
  const n = b.length;
  // Three rows of the table, reused across calls: two rows back (for a swap), the last row, and the row being filled.
  const rows = scratchRows(editRows, n + 1);
  if (n < maxKeptRow) editRows = rows;
  let [twoBack, last, row] = rows;
  for (let j = 0; j <= n; j++) last[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = Number.POSITIVE_INFINITY;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min((last[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (last[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        d = Math.min(d, (twoBack[j - 2] ?? 0) + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    const spare = twoBack;
    twoBack = last;
    last = row;
    row = spare;
  }
  return last[n] ?? 0;
}

type Rows = [Int32Array, Int32Array, Int32Array];
/** `editDistance`'s and `lastRow`'s rows, each kept for the next call and grown when a longer name comes (up to `maxKeptRow`). */
const maxKeptRow = 4096;
let editRows: Rows | undefined;
let lastRows: Rows | undefined;

function scratchRows(rows: Rows | undefined, length: number): Rows {
  if (rows !== undefined && rows[0].length >= length) return rows;
  const size = Math.max(length, 64);
  return [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
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
  /** `nameInitials(name)`, worked out once per roster rather than on every name matched. */
  readonly initials: readonly string[];
  /** The name in lower case, its `norm` with repeats collapsed, and its `norm`'s letters sorted: each once per roster. */
  readonly lower: string;
  readonly collapsed: string;
  readonly sorted: string;
  /** The post from which the account holds its slot, for a replacement (undefined for the others, set on every entry so all share one shape). */
  readonly from: number | undefined;
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

/**
 * Smallest edit distance between `typed` and any start of `name` of a similar length (within `limit` letters
 * of `typed`'s), or `limit + 1` when none is within `limit`. One table of `typed` against the longest such
 * start: its last row holds the distance to every shorter start.
 */
export function prefixDistance(typed: string, name: string, limit: number): number {
  const from = Math.max(1, typed.length - limit);
  const to = Math.min(name.length, typed.length + limit);
  let best = limit + 1;
  if (from > to) return best;
  const row = lastRow(typed, name.slice(0, to));
  for (let len = from; len <= to; len++) best = Math.min(best, row[len] ?? best);
  return best;
}

/**
 * The last row of `editDistance`'s table of `a` against `b`, in full: entry j is the distance from `a` to `b`'s
 * first j characters. The row is scratch space, valid until the next call.
 */
function lastRow(a: string, b: string): Int32Array {
  const n = b.length;
  const rows = scratchRows(lastRows, n + 1);
  if (n < maxKeptRow) lastRows = rows;
  let [twoBack, last, row] = rows;
  for (let j = 0; j <= n; j++) last[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min((last[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (last[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        d = Math.min(d, (twoBack[j - 2] ?? 0) + 1);
      row[j] = d;
    }
    const spare = twoBack;
    twoBack = last;
    last = row;
    row = spare;
  }
  return last;
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

/** Every run of one repeated character read as one ("kirrrrby" → "kirby"). */
export function collapseRepeats(norm: string): string {
  return norm.replace(/(.)\1+/gu, '$1');
}

/**
 * Short function words of the languages hosts meet most (en, ru, de, fr, es, pl, it): written in lower
 * case they are words, never a nickname ("vote: to", "и"); written in capitals they may be initials ("IS").
 * Only words that are not also common short names or initials of names are listed ("ik", "ce", "una", "who"
 * are not).
 */
const functionWords: ReadonlySet<string> = new Set(
  (
    'a i an as at be by do go he if in is it me my no of oh ok on or so to up us we the and for not you but ' +
    'и а в на не я он по за из от до же ли но то что как или ты мы вы ' +
    'der die das und ich er es sie wir ein mit von zu im am um auf ist ' +
    'le la les de du un et ou je tu il en au ' +
    'el lo los las y o e u yo del al con ' +
    'w z nie ja ty że czy lub albo oraz ' +
    'gli di da per che'
  ).split(/\s+/u),
);

/**
 * Words of the game itself, in the languages above: a vote "for the town" or "on scum" names no player,
 * whatever a player's name starts with.
 */
const gameWords: ReadonlySet<string> = new Set(
  (
    'town towns townie townies scum scummy mafia maf mafioso wolf wolves werewolf village villager villagers cult cultist ' +
    'everyone everybody anyone anybody someone somebody nobody noone myself yourself himself herself themselves ' +
    'me you him her them host mod moderator player players lynch hammer vote unvote today tomorrow ' +
    'город мафия мирный мирные мирных ведущий стадт dorf mafia ville village pueblo miasto'
  ).split(/\s+/u),
);

/**
 * Whether `typed` is made of the starts of `words` in order, starting at any word and skipping none but
 * whole words: each piece the start of one word (a word of digits may give its start or its end).
 * At least two pieces, so a single word's start (the 'prefix' and 'word' tiers) is not read again.
 */
function isWordStarts(typed: string, words: readonly string[]): boolean {
  return wordStartsFrom(typed, words, new Map<number, boolean>(), 0, 0, 0);
}

/** `isWordStarts` from `typed`'s place `t` and the name's word `w`, with `pieces` read so far (a module-level function: none is made per call). */
function wordStartsFrom(
  typed: string,
  words: readonly string[],
  memo: Map<number, boolean>,
  t: number,
  w: number,
  pieces: number,
): boolean {
  if (t === typed.length) return pieces >= 2;
  const key = (t * (words.length + 1) + w) * 3 + Math.min(pieces, 2);
  const known = memo.get(key);
  if (known !== undefined) return known;
  let ok = false;
  for (let i = w; i < words.length && !ok; i++) {
    const word = words[i] ?? '';
    const digits = /^\p{N}+$/u.test(word);
    for (let len = Math.min(word.length, typed.length - t); len >= 1 && !ok; len--) {
      const piece = typed.slice(t, t + len);
      if (word.startsWith(piece) || (digits && len >= 2 && word.endsWith(piece)))
        ok = wordStartsFrom(typed, words, memo, t + len, i + 1, pieces + 1);
    }
  }
  memo.set(key, ok);
  return ok;
}

/**
 * Whether `typed` is a pun on a name of several words: the same number of words, all equal but one, the
 * equal ones at least four letters in all and not function words.
 */
function isWordPun(typed: readonly string[], words: readonly string[]): boolean {
  if (words.length < 2 || typed.length !== words.length) return false;
  let differ = 0;
  let kept = 0;
  for (let i = 0; i < words.length; i++) {
    const a = typed[i] ?? '';
    const b = words[i] ?? '';
    if (a === b) {
      if (!functionWords.has(a)) kept += a.length;
    } else differ++;
  }
  return differ === 1 && kept >= 4;
}

/** Each roster's name entries, built once per slots list (a count matches thousands of vote lines against one roster). */
const entriesMemo = new WeakMap<readonly Slot[], readonly NameEntry[]>();

function entriesOf(slots: readonly Slot[]): readonly NameEntry[] {
  const known = entriesMemo.get(slots);
  if (known !== undefined) return known;
  const out: NameEntry[] = [];
  for (const slot of slots) {
    const entry = (name: string, alias: boolean, from?: number): NameEntry => ({
      slotId: slot.id,
      name,
      alias,
      norm: normalizeName(name),
      lookAlike: foldLookAlikes(name),
      words: splitNameWords(name).map((w) => w.toLowerCase()),
      initials: nameInitials(name),
      lower: name.toLowerCase(),
      collapsed: collapseRepeats(normalizeName(name)),
      sorted: sortedLetters(normalizeName(name)),
      from,
    });
    slot.accounts.forEach((account, i) => out.push(entry(account.name, false, i > 0 ? account.fromPost : undefined)));
    for (const alias of slot.aliases ?? []) out.push(entry(alias, true));
  }
  entriesMemo.set(slots, out);
  return out;
}

/** The distinct slots of a tier's hits, in order, each with the first name that hit. */
function slotsOf(hits: readonly NameEntry[]): { slotId: string; name: string }[] {
  const bySlot = new Map<string, string>();
  for (const hit of hits) if (!bySlot.has(hit.slotId)) bySlot.set(hit.slotId, hit.name);
  return [...bySlot.entries()].map(([slotId, name]) => ({ slotId, name }));
}

/** Tiers where the text is the player's own name (or the thread's name for them): loose readings never reach past them. */
export const strictMatchTiers: ReadonlySet<MatchHow> = new Set<MatchHow>(['alias', 'exact', 'normalized', 'look-alike', 'thread-nickname']);

/** What the tiers of `readName` read: the text typed, its normalized form, the roster's names (all, and those in the game at the post) and the options. */
interface NameQuery {
  readonly typed: string;
  readonly norm: string;
  readonly all: readonly NameEntry[];
  readonly entries: readonly NameEntry[];
  readonly options: MatchOptions;
}

/** `readName`'s tiers, closest first: made once, not for every text read. */
const nameTiers: readonly (readonly [MatchHow, (c: NameQuery) => NameEntry[]])[] = [
  ['alias', (c) => c.all.filter((e) => e.alias && e.norm === c.norm)],
  ['exact', (c) => c.all.filter((e) => !e.alias && e.name === c.typed)],
  ['normalized', (c) => c.all.filter((e) => e.norm === c.norm)],
  [
    'look-alike',
    (c) => {
      const folded = foldLookAlikes(c.typed);
      return folded.length > 0 ? c.all.filter((e) => e.lookAlike === folded) : [];
    },
  ],
  [
    'thread-nickname',
    (c) => {
      const slots = new Set((c.options.nicknames ?? []).filter((n) => normalizeName(n.nickname) === c.norm).map((n) => n.slotId));
      // The slot's current name stands for it (the first account that is in the game at this post).
      return slots.size === 0 ? [] : [...slots].flatMap((id) => c.entries.filter((e) => e.slotId === id && !e.alias).slice(0, 1));
    },
  ],
  [
    'name-then-words',
    (c) => {
      const lower = c.typed.toLowerCase();
      const hits = c.entries.filter(
        (e) => e.norm.length > 0 && lower.startsWith(e.lower) && /^[^\p{L}\p{N}]/u.test(lower.slice(e.lower.length)),
      );
      // The longest name wins ("Mute" vs "Mute Button" for "Mute Button please").
      const longest = Math.max(0, ...hits.map((h) => h.name.length));
      return hits.filter((h) => h.name.length === longest);
    },
  ],
  ['prefix', (c) => (c.norm.length >= (c.options.minPrefixLength ?? 3) ? c.entries.filter((e) => e.norm.startsWith(c.norm)) : [])],
  ['word', (c) => (c.norm.length >= 2 ? c.entries.filter((e) => e.words.length > 1 && hasWordRun(e.words, c.norm)) : [])],
  [
    'starts-with-name',
    (c) => {
      const hits = c.entries.filter((e) => e.norm.length >= 4 && c.norm.startsWith(e.norm));
      const longest = Math.max(0, ...hits.map((h) => h.norm.length));
      return hits.filter((h) => h.norm.length === longest);
    },
  ],
  [
    'repeated-letters',
    (c) => {
      const collapsed = collapseRepeats(c.norm);
      return collapsed.length >= 3 && collapsed !== c.norm ? c.entries.filter((e) => e.collapsed === collapsed) : [];
    },
  ],
  ['substring', (c) => (c.norm.length >= (c.options.minSubstringLength ?? 4) ? c.entries.filter((e) => e.norm.includes(c.norm)) : [])],
  ['initials', (c) => (c.norm.length >= (c.options.minInitialsLength ?? 2) ? c.entries.filter((e) => e.initials.includes(c.norm)) : [])],
  [
    'abbreviation',
    (c) =>
      c.norm.length >= 2 && c.norm.length <= 5 && /^\p{L}+$/u.test(c.norm)
        ? c.entries.filter((e) => isAbbreviationOf(c.norm, e.words))
        : [],
  ],
  [
    'word-starts',
    (c) =>
      // Names are short: a text of more than 40 characters is a sentence, never pieces of a name.
      c.norm.length >= 3 && c.norm.length <= 40 && (c.norm.length > 5 || /\p{N}/u.test(c.norm))
        ? c.entries.filter((e) => e.words.length > 1 && isWordStarts(c.norm, e.words))
        : [],
  ],
  [
    'short-nickname',
    (c) => {
      if (c.norm.length > 3 || !/^\p{L}+$/u.test(c.norm)) return [];
      return c.norm.length === 1
        ? c.entries.filter((e) => e.norm.startsWith(c.norm))
        : c.entries.filter((e) => e.norm.length > c.norm.length && (e.norm.startsWith(c.norm) || e.norm.endsWith(c.norm)));
    },
  ],
  [
    'edit-distance',
    (c) => {
      const limit = (c.options.maxEditDistance ?? defaultMaxEditDistance)(c.norm.length);
      if (limit <= 0) return [];
      const scored = c.entries.map((e) => ({ e, d: editDistance(c.norm, e.norm, limit) })).filter((s) => s.d <= limit);
      const best = Math.min(Number.POSITIVE_INFINITY, ...scored.map((s) => s.d));
      return scored.filter((s) => s.d === best).map((s) => s.e);
    },
  ],
  [
    'word-typo',
    (c) =>
      c.norm.length >= 4
        ? c.entries.filter((e) => e.words.length > 1 && e.words.some((w) => w.length >= 4 && editDistance(c.norm, w, 1) <= 1))
        : [],
  ],
  [
    'prefix-typo',
    (c) => {
      const limit = c.norm.length >= 8 ? 2 : c.norm.length >= 4 ? 1 : 0;
      if (limit === 0) return [];
      const scored = c.entries.map((e) => ({ e, d: prefixDistance(c.norm, e.norm, limit) })).filter((s) => s.d <= limit);
      const best = Math.min(Number.POSITIVE_INFINITY, ...scored.map((s) => s.d));
      return scored.filter((s) => s.d === best).map((s) => s.e);
    },
  ],
  [
    'anagram',
    (c) => {
      // Only a name of the same length can be an anagram: a long text is never sorted (n log n), whatever it says.
      const sameLength = c.entries.filter((e) => e.norm.length === c.norm.length);
      if (c.norm.length < 5 || sameLength.length === 0) return [];
      const letters = sortedLetters(c.norm);
      return sameLength.filter((e) => e.sorted === letters);
    },
  ],
  [
    'shared-start',
    (c) => {
      const shared = c.entries.map((e) => ({ e, n: sharedStart(c.norm, e.norm) })).filter((x) => x.n >= 5 && x.n >= 0.6 * c.norm.length);
      const best = Math.max(0, ...shared.map((x) => x.n));
      return shared.filter((x) => x.n === best).map((x) => x.e);
    },
  ],
  [
    'word-pun',
    (c) => {
      if (c.norm.length > 60) return [];
      const words = splitNameWords(c.typed).map((w) => w.toLowerCase());
      return c.entries.filter((e) => isWordPun(words, e.words));
    },
  ],
];

/**
 * Which slot `text` names, in tiers: alias, exact, normalized, look-alike
 * characters, a nickname the thread uses, name followed by other words, unique prefix, a word of the name,
 * a name the text starts with, repeated letters, unique substring, initials, abbreviation, starts of
 * words, a short nickname, smallest edit distance, a word of the name with a typo, start of the name
 * with a typo, anagram, long shared start, a pun on one word. The first tier with a hit decides; several
 * slots in it is `ambiguous`, listing every slot any tier fits (the deciding tier's first). A short
 * function word ("to", "the", "и") or a word of the game ("town", "scum", "everyone") is read by the strict
 * tiers only (a game word also as a whole word of a name: "mafia" for Not_Mafia, never "town" for Townsend).
 *
 * @example
 * matchName('magnus', roster) // { kind: 'match', slotId: 's3', how: 'prefix', name: 'magnus_orion' }
 */
export function matchName(text: string, roster: Pick<Roster, 'slots'>, options: MatchOptions = {}): NameMatch {
  return remembered('names', text, roster, options, readName);
}

function readName(text: string, roster: Pick<Roster, 'slots'>, options: MatchOptions): NameMatch {
  const typed = text.trim();
  const norm = normalizeName(typed);
  if (norm.length === 0) return { kind: 'none' };
  const all = entriesOf(roster.slots);
  const off = new Set(options.disabled ?? []);
  // Most texts are a player's own name: the strict tiers first, one slot in the first that has any deciding it
  // as the loop below would, before its tiers are made (several slots are an ambiguity, read below in full).
  const own = ownNameMatch(typed, norm, all, off);
  if (own !== undefined) return own;
  const { atPost } = options;
  // A replacement who joins after this post is not yet a player the text could loosely mean.
  const entries = atPost === undefined ? all : all.filter((e) => e.from === undefined || e.from <= atPost);
  // A function word or a word of the game ("to", "the", "town", "scum") names a player only as their own name.
  const letters = typed.replace(/[^\p{L}]/gu, '');
  const functionWord = functionWords.has(norm) && !/^\p{Lu}{2,}$/u.test(letters);
  const gameWord = gameWords.has(norm);
  const skip: TierSkip = { off, functionWord, gameWord };
  const query: NameQuery = { typed, norm, all, entries, options };
  const tiers = nameTiers;
  for (let t = 0; t < tiers.length; t++) {
    const tier = tiers[t];
    if (tier === undefined) break;
    const [how, find] = tier;
    if (skipped(skip, how)) continue;
    const slots = slotsOf(find(query));
    const only = slots[0];
    if (only === undefined) continue;
    if (slots.length === 1) return { kind: 'match', slotId: only.slotId, how, name: only.name };
    return ambiguousFrom(t, how, slots, query, skip);
  }
  return { kind: 'none' };
}

const ownNameTiers = ['alias', 'exact', 'normalized', 'look-alike'] as const;

/** The one slot whose own name (alias, exact, normalized, look-alike) the text is, by the first of those tiers with any. */
function ownNameMatch(typed: string, norm: string, all: readonly NameEntry[], off: ReadonlySet<MatchHow>): NameMatch | undefined {
  for (const how of ownNameTiers) {
    if (off.has(how)) continue;
    let hits: NameEntry[];
    if (how === 'alias') hits = all.filter((e) => e.alias && e.norm === norm);
    else if (how === 'exact') hits = all.filter((e) => !e.alias && e.name === typed);
    else if (how === 'normalized') hits = all.filter((e) => e.norm === norm);
    else {
      const folded = foldLookAlikes(typed);
      hits = folded.length > 0 ? all.filter((e) => e.lookAlike === folded) : [];
    }
    const slots = slotsOf(hits);
    const only = slots[0];
    if (only === undefined) continue;
    if (slots.length === 1) return { kind: 'match', slotId: only.slotId, how, name: only.name };
    return undefined;
  }
  return undefined;
}

/** Which tiers a text is not read by: the disabled ones, and for a function or game word every loose one. */
interface TierSkip {
  readonly off: ReadonlySet<MatchHow>;
  readonly functionWord: boolean;
  readonly gameWord: boolean;
}

/** Whether tier `how` is skipped. A game word may still be a whole word of a name ("mafia" for Not_Mafia), never the start or a piece of one. */
function skipped(skip: TierSkip, how: MatchHow): boolean {
  return skip.off.has(how) || ((skip.functionWord || skip.gameWord) && !strictMatchTiers.has(how) && !(skip.gameWord && how === 'word'));
}

/** An ambiguity at tier `t` names every player the text could mean: the looser tiers' fits follow the closest ones. */
function ambiguousFrom(t: number, how: MatchHow, slots: { slotId: string; name: string }[], query: NameQuery, skip: TierSkip): NameMatch {
  const closest = slots.length;
  const seen = new Set(slots.map((x) => x.slotId));
  for (const [laterHow, laterFind] of nameTiers.slice(t + 1)) {
    if (skipped(skip, laterHow)) continue;
    for (const x of slotsOf(laterFind(query))) {
      if (seen.has(x.slotId)) continue;
      seen.add(x.slotId);
      slots.push(x);
    }
  }
  return { kind: 'ambiguous', how, candidates: slots, closest };
}

/**
 * Words joining two names that a host reads as "one of these", in the languages hosts meet most: en or/and,
 * ru или/либо/и, de oder/und, fr ou/et, es o/u/y/e, pl lub/albo/czy/i/oraz (it and pt share o/e), and the
 * signs / & +. Split on them, each side is read as a name on its own. Words that also start common phrases
 * after a name ("of course", Dutch "of"/"en") are not among them.
 */
const joinWords = /\s*(?:\/|&|\+|\s(?:or|and|или|либо|и|oder|und|ou|et|o|y|e|u|lub|albo|czy|i|oraz)\s)\s*/iu;

/** Tiers too loose to say that one side of "X or Y" names a player (any short word or pun would). */
const looseForParts: readonly MatchHow[] = ['short-nickname', 'anagram', 'shared-start', 'word-pun', 'prefix-typo'];

/** Longest text read for words around a name ("the X", "X's slot", "Elmo Elmo"). */
const maxReadingLength = 100;

/** The readings of a vote's text that drop words around a name, each with the text it leaves. */
function readingsOf(text: string): { reading: MatchReading; text: string }[] {
  const out: { reading: MatchReading; text: string }[] = [];
  const trimmed = text.trim();
  // A name with a word or two around it is short; a longer text is a sentence, and is not scanned again.
  if (trimmed.length > maxReadingLength) return out;
  // An article before the name: en the/a/an, de der/die/das/den, fr le/la/les/l', es el/la/los/las, it il/lo/la.
  const article = /^(?:the|an?|der|die|das|den|le|la|les|l'|el|los|las|il|lo)\s+(?=\S)/iu.exec(trimmed);
  if (article !== null) out.push({ reading: 'article', text: trimmed.slice(article[0].length) });
  // "X's slot", "X's", "X slot", "slot X", "X’s".
  const slotWords = trimmed
    .replace(/^slot\s+(?:of\s+)?/iu, '')
    .replace(/(?:['’]s)?\s+slot$/iu, '')
    .replace(/['’]s?$/u, '');
  if (slotWords !== trimmed && slotWords.trim().length > 0) out.push({ reading: 'slot-words', text: slotWords });
  // A word written twice in a row ("Elmo Elmo", "vote Kid Kid A").
  const words = trimmed.split(/\s+/u);
  const once = words.filter((w, i) => i === 0 || w.toLowerCase() !== words[i - 1]?.toLowerCase());
  if (once.length < words.length) out.push({ reading: 'repeated-word', text: once.join(' ') });
  return out;
}

/**
 * `matchName` for the target of a vote as written, read as a host reads it:
 *
 * 1. The whole text, when it is a player's own name (or the thread's nickname for one).
 * 2. Names joined by "or", "and", "/", "&" (in any of several languages): when the sides name two or more
 *    different players, or a player and No Lynch (`noLynchWords`), the vote names several targets
 *    (`kind: 'several'`) and a host asks; when they all
 *    name the same slot ("Bezu/Jily" for a slot held by Bezukhov then jilynne1991), that slot.
 * 3. The whole text by the looser tiers.
 * 4. When that names nobody, the text without words around the name: an article ("the Kirby"), slot
 *    words ("Kirby's slot"), a word written twice ("Elmo Elmo"), and finally the text up to the first
 *    sentence break ("saalndar... because" reads "saalndar").
 */
export function matchVoteTarget(text: string, roster: Pick<Roster, 'slots'>, options: MatchOptions = {}): NameMatch {
  return remembered('targets', text, roster, options, readVoteTarget);
}

/**
 * A count reads the same few names in thousands of votes: each reading is remembered per roster (its slots
 * list, as `entriesOf` keeps its names), options and text, by `matchVoteTarget` and by `matchName` (which
 * reads no `noLynchWords`, so a name read for the nicknames and again for the tally is read once). A host's
 * own edit-distance function has no key, so with one every text is read afresh.
 */
function remembered(
  kind: 'targets' | 'names',
  text: string,
  roster: Pick<Roster, 'slots'>,
  options: MatchOptions,
  read: (text: string, roster: Pick<Roster, 'slots'>, options: MatchOptions) => NameMatch,
): NameMatch {
  if (options.maxEditDistance !== undefined) return read(text, roster, options);
  let memo = readingsMemo.get(roster.slots);
  if (memo === undefined) {
    const points = new Set<number>();
    for (const e of entriesOf(roster.slots)) if (e.from !== undefined) points.add(e.from);
    memo = { joins: [...points].sort((a, b) => a - b), targets: new Map(), names: new Map() };
    readingsMemo.set(roster.slots, memo);
  }
  // What `atPost` changes is only which replacements have joined: posts between two joins read names alike.
  const { atPost } = options;
  let joined = 0;
  if (atPost !== undefined) for (const from of memo.joins) if (from <= atPost) joined++;
  const byOptions = memo[kind];
  const base = optionsKey(kind, options);
  let byJoined = byOptions.get(base);
  if (byJoined === undefined) {
    byJoined = new Map();
    byOptions.set(base, byJoined);
  }
  const joinedKey = atPost === undefined ? 'all' : joined;
  let byText = byJoined.get(joinedKey);
  if (byText === undefined) {
    byText = new Map();
    byJoined.set(joinedKey, byText);
  }
  const known = byText.get(text);
  if (known !== undefined) return known;
  const reading = read(text, roster, options);
  // A long-lived roster (the extension's worker) keeps a bounded memory: beyond it, names are read afresh.
  if (byText.size >= maxRememberedTexts) byText.clear();
  byText.set(text, reading);
  return reading;
}

const noList: readonly never[] = [];
const listJsons = new WeakMap<readonly unknown[], string>();

/** `JSON.stringify(list ?? [])`, once per list. */
function listJson(list: readonly string[] | undefined): string {
  const of = list ?? noList;
  let json = listJsons.get(of);
  if (json === undefined) {
    json = JSON.stringify(of);
    listJsons.set(of, json);
  }
  return json;
}

/** `JSON.stringify(n ?? null)`. */
function numberJson(n: number | undefined): string {
  return JSON.stringify(n ?? null);
}

/** `JSON.stringify` of each nickname as `[nickname, slotId]`, once per list. */
function nicknamesJson(list: readonly ThreadNickname[] | undefined): string {
  const of = list ?? noList;
  let json = listJsons.get(of);
  if (json === undefined) {
    json = JSON.stringify(of.map((n) => [n.nickname, n.slotId]));
    listJsons.set(of, json);
  }
  return json;
}

/** Most texts remembered per roster, options and kind of reading. */
const maxRememberedTexts = 20_000;

/**
 * The readings remembered per slots list: its replacement points, and by kind, options key (`optionsKey`) and
 * replacements joined (`'all'` without `atPost`), the reading of each text.
 */
const readingsMemo = new WeakMap<
  readonly Slot[],
  {
    readonly joins: readonly number[];
    readonly targets: Map<string, Map<'all' | number, Map<string, NameMatch>>>;
    readonly names: Map<string, Map<'all' | number, Map<string, NameMatch>>>;
  }
>();

/** The option values `optionsKey` last made a key of, per kind of reading, and that key. */
interface OptionsKeyed {
  readonly noLynchWords: readonly string[] | undefined;
  readonly minPrefixLength: number | undefined;
  readonly minSubstringLength: number | undefined;
  readonly minInitialsLength: number | undefined;
  readonly disabled: readonly MatchHow[] | undefined;
  readonly nicknames: readonly ThreadNickname[] | undefined;
  readonly key: string;
}
/** The options keyed last, per kind, newest first: a vote's reading passes a few option sets in turn (the whole text, its parts, its readings). */
const recentKeyed: { readonly targets: OptionsKeyed[]; readonly names: OptionsKeyed[] } = { targets: [], names: [] };
/** How many option sets `recentKeyed` keeps per kind. */
const recentKeyedSize = 4;

/**
 * The JSON of the options a reading depends on but `atPost`: [noLynchWords (targets only), minPrefixLength,
 * minSubstringLength, minInitialsLength, disabled, nicknames]. Each list's JSON is worked out once per list, and
 * the key itself is reused (the same string, its hash known) while a count passes the same options with every name.
 */
function optionsKey(kind: 'targets' | 'names', options: MatchOptions): string {
  const noLynchWords = kind === 'targets' ? options.noLynchWords : undefined;
  const { minPrefixLength, minSubstringLength, minInitialsLength, disabled, nicknames } = options;
  const recent = recentKeyed[kind];
  for (const last of recent)
    if (
      last.noLynchWords === noLynchWords &&
      last.minPrefixLength === minPrefixLength &&
      last.minSubstringLength === minSubstringLength &&
      last.minInitialsLength === minInitialsLength &&
      last.disabled === disabled &&
      last.nicknames === nicknames
    )
      return last.key;
  const key = `[${kind === 'targets' ? listJson(noLynchWords) : 'null'},${numberJson(minPrefixLength)},${numberJson(
    minSubstringLength,
  )},${numberJson(minInitialsLength)},${listJson(disabled)},${nicknamesJson(nicknames)}]`;
  recent.unshift({ noLynchWords, minPrefixLength, minSubstringLength, minInitialsLength, disabled, nicknames, key });
  if (recent.length > recentKeyedSize) recent.pop();
  return key;
}

const shortNicknameOff: readonly MatchHow[] = ['short-nickname'];
/** The lists `disabledWith` made, by the list it extended and the tiers it added. */
const extendedLists = new WeakMap<readonly MatchHow[], WeakMap<readonly MatchHow[], readonly MatchHow[]>>();

/**
 * `disabled` with the tiers `extra` after it, the same list each time for the same two (so the options it goes
 * into are keyed by `optionsKey` without making the list's JSON again).
 */
function disabledWith(disabled: readonly MatchHow[] | undefined, extra: readonly MatchHow[]): readonly MatchHow[] {
  const base = disabled ?? noList;
  let byExtra = extendedLists.get(base);
  if (byExtra === undefined) {
    byExtra = new WeakMap();
    extendedLists.set(base, byExtra);
  }
  let list = byExtra.get(extra);
  if (list === undefined) {
    list = [...base, ...extra];
    byExtra.set(extra, list);
  }
  return list;
}

function readVoteTarget(text: string, roster: Pick<Roster, 'slots'>, options: MatchOptions): NameMatch {
  const whole = matchName(text, roster, options);
  if ((whole.kind === 'match' || whole.kind === 'ambiguous') && strictMatchTiers.has(whole.how)) return whole;
  // A name that itself holds a joining word ("Salt and Pepper, obviously") is not split.
  if (whole.kind === 'match' && whole.how === 'name-then-words' && joinWords.test(` ${whole.name} `)) return whole;
  // Only a short text is split (two names and a joining word are short): the pattern's spaces would be
  // re-scanned from every position of a long run of them.
  const parts =
    text.length > maxReadingLength * 2
      ? []
      : text
          .split(joinWords)
          .map((p) => p.trim())
          .filter((p) => p.length > 0);
  if (parts.length > 1) {
    const partOptions: MatchOptions = { ...options, disabled: disabledWith(options.disabled, looseForParts) };
    const matches = parts.map((p) => ({ written: p, m: matchName(p, roster, partOptions) }));
    const named = matches.flatMap(({ written, m }) => (m.kind === 'match' ? [{ written, slotId: m.slotId, name: m.name }] : []));
    const distinct = named.filter((x, i) => named.findIndex((y) => y.slotId === x.slotId) === i);
    if (distinct.length > 1) return { kind: 'several', candidates: distinct };
    const nobody = new Set((options.noLynchWords ?? []).map(normalizeName));
    if (distinct.length === 1 && matches.some(({ written }) => nobody.has(normalizeName(written))))
      return { kind: 'several', candidates: distinct, noLynch: true };
    const first = matches[0]?.m;
    if (first?.kind === 'match' && matches.every(({ m }) => m.kind === 'match' && m.slotId === first.slotId))
      return whole.kind === 'match' ? whole : { ...first, reading: 'alternatives' };
  }
  if (whole.kind !== 'none') return whole;
  // A word or letter left over by a reading is not a vote's short nickname: only the whole text is.
  const readOptions: MatchOptions = { ...options, disabled: disabledWith(options.disabled, shortNicknameOff) };
  for (const r of readingsOf(text)) {
    const m = matchName(r.text, roster, readOptions);
    if (m.kind === 'match' || m.kind === 'ambiguous') return { ...m, reading: r.reading };
  }
  const cut = upToSentenceBreak(text);
  if (cut !== undefined && cut.trim() !== text.trim()) {
    const m = matchName(cut, roster, readOptions);
    return m.kind === 'match' || m.kind === 'ambiguous' ? { ...m, reading: 'sentence-break' } : m;
  }
  return whole;
}

/**
 * The text before the first sentence break (`.,;!?(`) that follows its first
 * letter, or undefined when there is none. Two plain searches, so the cost is
 * linear in the text however long a player's bold line is.
 */
export function upToSentenceBreak(text: string): string | undefined {
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
  const known = holdingsOf(roster.slots);
  const holdings = known.byName.get(author.trim().toLowerCase()) ?? noHoldings;
  const [first] = holdings;
  if (first !== undefined) {
    if (holdings.length === 1) return { slotId: first.slot.id, replacedOut: replacedOutAt(first.slot, first.index, atPost) };
    const chosen = latestHolding(first, holdings, atPost, (slot, index) => replacedOutAt(slot, index, atPost));
    return { slotId: chosen.slot.id, replacedOut: replacedOutAt(chosen.slot, chosen.index, atPost) };
  }
  if (options.renamedAccounts !== true) return undefined;
  // A renamed forum account (Wake88 posting as Wake1): the same name once case, punctuation and a trailing number are set aside.
  const key = accountStem(author);
  if (key.length < minStemLength) return undefined;
  const hits = known.byStem.get(key) ?? noHoldings;
  const only = hits[0];
  if (only === undefined || hits.some((h) => h.slot.id !== only.slot.id)) return undefined;
  return { slotId: only.slot.id, replacedOut: replacedOutAt(only.slot, only.index, atPost), renamed: true };
}

/** Whether the account at `index` of `slot` was replaced out at or before `atPost` (the next account's `fromPost`). */
function replacedOutAt(slot: Slot, index: number, atPost: number): boolean {
  const next = slot.accounts[index + 1];
  return next?.fromPost !== undefined && next.fromPost <= atPost;
}

interface Holding {
  readonly slot: Slot;
  readonly index: number;
}

const noHoldings: readonly Holding[] = [];

/**
 * Per slots list (a count asks for every post's author): by account name (trimmed, lower case), each slot
 * listing it with the last place it has there, in roster order; by `accountStem`, every slot and place of
 * an account with that stem, in roster order.
 */
const holdingsMemo = new WeakMap<
  readonly Slot[],
  { readonly byName: ReadonlyMap<string, readonly Holding[]>; readonly byStem: ReadonlyMap<string, readonly Holding[]> }
>();

function holdingsOf(slots: readonly Slot[]): {
  readonly byName: ReadonlyMap<string, readonly Holding[]>;
  readonly byStem: ReadonlyMap<string, readonly Holding[]>;
} {
  const known = holdingsMemo.get(slots);
  if (known !== undefined) return known;
  const byName = new Map<string, Holding[]>();
  const byStem = new Map<string, Holding[]>();
  const add = (map: Map<string, Holding[]>, key: string, holding: Holding): void => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [holding]);
    else list.push(holding);
  };
  for (const slot of slots) {
    const last = new Map<string, number>();
    slot.accounts.forEach((a, index) => {
      last.set(a.name.trim().toLowerCase(), index);
      add(byStem, accountStem(a.name), { slot, index });
    });
    for (const [name, index] of last) add(byName, name, { slot, index });
  }
  const built = { byName, byStem };
  holdingsMemo.set(slots, built);
  return built;
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
