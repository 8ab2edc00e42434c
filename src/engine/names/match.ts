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

/** How a name was matched, strictest first. */
export type MatchHow =
  /** The text is a host-given alias of the slot (case and punctuation ignored). */
  | 'alias'
  /** The text is an account name exactly. */
  | 'exact'
  /** Equal once case, spaces and punctuation are ignored. */
  | 'normalized'
  /** The text starts with the full name and then goes on with other words ("Vote: Mute, obviously"). */
  | 'name-then-words'
  /** The text is the start of exactly one name ("magnus" for magnus_orion). */
  | 'prefix'
  /** The text (long enough) appears inside exactly one name ("orion" for magnus_orion). */
  | 'substring'
  /** The initials of the name's words ("HC" for Haschel Cedricson, "TSO" for T S O). */
  | 'initials'
  /** A small number of typing mistakes (letters swapped, missing, extra or wrong). */
  | 'edit-distance';

export type NameMatch =
  | { readonly kind: 'match'; readonly slotId: string; readonly how: MatchHow; /** The account or alias that matched. */ readonly name: string }
  | { readonly kind: 'ambiguous'; readonly how: MatchHow; readonly candidates: readonly { readonly slotId: string; readonly name: string }[] }
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
  const all = words.map((w) => w.charAt(0)).join('').toLowerCase();
  const lettersOnly = words.filter((w) => /^\p{L}/u.test(w)).map((w) => w.charAt(0)).join('').toLowerCase();
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
}

function entriesOf(slots: readonly Slot[]): NameEntry[] {
  const out: NameEntry[] = [];
  for (const slot of slots) {
    for (const account of slot.accounts) out.push({ slotId: slot.id, name: account.name, alias: false, norm: normalizeName(account.name) });
    for (const alias of slot.aliases ?? []) out.push({ slotId: slot.id, name: alias, alias: true, norm: normalizeName(alias) });
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
 * Which slot `text` names, in tiers: alias, exact, normalized, name followed
 * by other words, unique prefix, unique substring, initials, smallest edit
 * distance. The first tier with a hit decides; several slots in it is
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
    ['substring', () => (norm.length >= (options.minSubstringLength ?? 4) ? entries.filter((e) => e.norm.includes(norm)) : [])],
    ['initials', () => (norm.length >= (options.minInitialsLength ?? 2) ? entries.filter((e) => nameInitials(e.name).includes(norm)) : [])],
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
  ];
  for (const [how, find] of tiers) {
    if (off.has(how)) continue;
    const verdict = decide(how, find());
    if (verdict !== undefined) return verdict;
  }
  return { kind: 'none' };
}

/**
 * The slot a forum account posts for at a given post: the account's slot, or
 * undefined when the account holds no slot. `replacedOut` is set when the
 * account held the slot once but a replacement holds it from a post at or
 * before `atPost` (replacement points come from `Account.fromPost`).
 */
export function slotOfAccount(
  author: string,
  roster: Pick<Roster, 'slots'>,
  atPost: number,
): { readonly slotId: string; readonly replacedOut: boolean } | undefined {
  const wanted = author.trim().toLowerCase();
  for (const slot of roster.slots) {
    const index = slot.accounts.findIndex((a) => a.name.trim().toLowerCase() === wanted);
    if (index === -1) continue;
    const next = slot.accounts[index + 1];
    const replacedOut = next?.fromPost !== undefined && next.fromPost <= atPost;
    return { slotId: slot.id, replacedOut };
  }
  return undefined;
}
