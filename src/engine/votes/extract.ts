/**
 * Vote extraction: every vote-like run of a post, counted or not, with why.
 *
 * Works on the post's BodyNode[] (src/model/post.ts), never on HTML: the
 * parser has already marked bold, struck, coloured and vote-tag text and put
 * quotes and spoilers into their own nodes. A run is a stretch of text on one
 * line with the same emphasis (a change of colour or size does not end it: rainbow
 * text is one run); a vote is a keyword at the start of a run, after a separator
 * following another action, or (`keywordAfterLead`) where it starts a clause after
 * other bold text and is followed by a short name.
 */
import type { BodyNode, ForumPost } from '../types';
import { normalizeName } from '../names/match';
import type { VoteGrammar, VoteRules } from './rules';

/** Why a vote-like run does not count as a vote (namespaced, one comment each). */
export type ExtractReason =
  /** Written in plain text; the rules want votes in bold (or the forum's vote tag). */
  | 'vote/not-bold'
  /** Inside a quotation of someone else's post. */
  | 'vote/in-quote'
  /** Inside a spoiler, and the rules do not count those. */
  | 'vote/in-spoiler'
  /** A short keyword the rules reject (`V:`, `UV`). */
  | 'vote/abbreviated'
  /** Struck through, and the rules read that as nothing. */
  | 'vote/struck'
  /** The rules require `Vote:` with a colon. */
  | 'vote/no-colon'
  /** The rules require the vote on a line of its own (`ownLine`), or at the start of its line (`lineStart`). */
  | 'vote/not-own-line'
  /** A vote keyword with no name after it. */
  | 'vote/no-target'
  /** A No Lynch vote where the rules do not allow one. */
  | 'vote/no-lynch-not-allowed'
  /** The rules keep the first vote of a post and this one came later. */
  | 'vote/not-first-in-post'
  /** The run shows literal forum tags (`[\b]`, `[/quote`): the markup was broken. */
  | 'vote/broken-markup';

/** Open questions of the seeds that a post ran into (see docs/votes.md). */
export type AmbiguityId =
  /** A struck-through bold vote: an unvote, or nothing? */
  | 'grammar/struck-vote'
  /** A vote inside a spoiler. */
  | 'grammar/vote-in-spoiler'
  /** A new vote while already voting, without an unvote (seed 001). */
  | '001/vote-without-unvote'
  /** The 50% rule at exact parity (seed 001). */
  | '001/fifty-percent-parity'
  /** A loosely written name fitted a living and a dead player; the living one was taken. */
  | 'names/ambiguous-living-preferred'
  /** A vote named two or more players ("X or Y"); it was refused. */
  | 'names/several-players'
  /** A vote was read through a nickname learnt from the thread, not from the roster. */
  | 'names/thread-nickname'
  /** Seed 004: a vote written as an inflected name ("Бориса" for Борис) was read as that player. */
  | 'names/inflected-name';

/** One vote-like piece of a post. */
export interface VoteCandidate {
  readonly action: 'vote' | 'unvote';
  /** The name as written (votes only; empty when missing). */
  readonly target: string;
  /** The target is one of the rules' No Lynch words. */
  readonly noLynch: boolean;
  /** The whole run the vote was read from, for display. */
  readonly text: string;
  /** Whether it is a vote as far as the grammar goes (the tally may still refuse it). */
  readonly counted: boolean;
  readonly reason?: ExtractReason;
  /** Set when the run hit an open question of the seeds; the value is the default ruling applied. */
  readonly ambiguity?: AmbiguityId;
  /**
   * The poster says, on the vote's line or the next, that this vote is cast once ("(single vote)", "one
   * vote only", "using one vote"): a doublevoter's vote then weighs one (`singleVoteNotes`).
   */
  readonly single?: true;
}

type RunKind = 'plain' | 'bold' | 'tag';

interface RunPart {
  /** The node's text as written (what its line's text holds). */
  readonly text: string;
  readonly struck: boolean;
  /** Read with a space before it: a vote tag's keyword run on into the tag before it. */
  readonly spaced: boolean;
}

interface Run {
  readonly kind: RunKind;
  readonly inQuote: boolean;
  readonly inSpoiler: boolean;
  readonly line: number;
  readonly green: boolean;
  readonly parts: RunPart[];
  /**
   * Some part holds a character of the grammar's `keyChars`: false, no keyword can be found in the run,
   * and it is skipped unless a vote tag or green font may make it a vote without one.
   */
  keyed: boolean;
}

const greenColours = new Set([
  'green',
  'lime',
  'darkgreen',
  'forestgreen',
  'limegreen',
  'seagreen',
  '#008000',
  '#00ff00',
  '#0f0',
  '#006400',
  '#00cc00',
  '#009900',
  '#090',
  '#0c0',
  '#228b22',
  '#32cd32',
  '#2e8b57',
]);

/** Colour strings the parser keeps (`green`, `#008000`, `rgb(0, 128, 0)`) that read as green. */
export function isGreen(colour: string | undefined): boolean {
  if (colour === undefined) return false;
  const c = colour.trim().toLowerCase();
  if (greenColours.has(c)) return true;
  const rgb = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(c);
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(c);
  const channels =
    rgb !== null ? [rgb[1], rgb[2], rgb[3]].map(Number) : hex !== null ? [hex[1], hex[2], hex[3]].map((h) => parseInt(h ?? '0', 16)) : null;
  if (channels === null) return false;
  const [r = 0, g = 0, b = 0] = channels;
  return g >= 96 && g > r * 1.6 && g > b * 1.6;
}

const keywordStart = /^\s*(?:un\s*-?\s*)?vote\b/i;
/** A character `trim` keeps: a line holding one has text before a later run. */
const nonBlank = /\S/;

/** Whether `text` holds a character `trim` keeps (`nonBlank`), with no pattern call when it starts with a printable ASCII one. */
function hasNonBlank(text: string): boolean {
  const first = text.charCodeAt(0);
  return (first > 32 && first < 127) || nonBlank.test(text);
}

/** Whether nothing but spaces stands before the run at `index` on its line: every part of the runs before it there is blank. */
function startsLine(runs: readonly Run[], index: number): boolean {
  const line = runs[index]?.line;
  for (let i = index - 1; i >= 0; i--) {
    const run = runs[i];
    if (run === undefined || run.line !== line) break;
    for (const part of run.parts) if (hasNonBlank(part.text)) return false;
  }
  return true;
}

/** What `toRuns` carries through its walk (a module-level walker: no function is made per post). */
interface RunWalk {
  readonly runs: Run[];
  readonly greenFontVotes: boolean;
  /** `Grammar.keyChars`: null when every run must be read. */
  readonly keyChars: RegExp | null;
  line: number;
}

/**
 * Splits a body into runs: same emphasis, same line, same quote/spoiler context. Colour splits a run
 * only where green font is a vote (`greenFontVotes`): elsewhere a bold run written in a new colour on
 * every letter (rainbow text) is still the one run a host reads. A line's text is its runs' parts, joined
 * only for a line a vote is read on (`lineText`).
 */
function toRuns(nodes: readonly BodyNode[], greenFontVotes: boolean, keyChars: RegExp | null): Run[] {
  const walk: RunWalk = { runs: [], greenFontVotes, keyChars, line: 0 };
  walkRuns(nodes, false, false, walk);
  return walk.runs;
}

function walkRuns(list: readonly BodyNode[], inQuote: boolean, inSpoiler: boolean, walk: RunWalk): void {
  for (const node of list) {
    switch (node.type) {
      case 'break':
        walk.line++;
        break;
      // A quote or a spoiler is lines of its own, its runs in that context (one branch: spoilers are rare, and a branch
      // of their own left the optimised code without type feedback).
      case 'quote':
      case 'spoiler':
        walk.line++;
        walkRuns(node.children, inQuote || node.type === 'quote', inSpoiler || node.type === 'spoiler', walk);
        walk.line++;
        break;
      case 'text': {
        const { line, runs } = walk;
        const text = node.text;
        const kind: RunKind = node.voteTag === true ? 'tag' : node.bold === true ? 'bold' : 'plain';
        const green = walk.greenFontVotes && isGreen(node.color);
        const struck = node.struck === true;
        const last = runs[runs.length - 1];
        const sameRun =
          last !== undefined &&
          last.kind === kind &&
          last.line === line &&
          last.inQuote === inQuote &&
          last.inSpoiler === inSpoiler &&
          last.green === green;
        if (sameRun) {
          last.parts.push({ text, struck, spaced: kind === 'tag' && keywordStart.test(text) });
          if (!last.keyed) last.keyed = walk.keyChars === null || walk.keyChars.test(text);
        } else {
          const keyed = walk.keyChars === null || walk.keyChars.test(text);
          runs.push({ kind, inQuote, inSpoiler, line, green, parts: [{ text, struck, spaced: false }], keyed });
        }
        break;
      }
    }
  }
}

/** The text of line `at`: the parts of its runs, in order (runs are in line order), or undefined when it holds none. */
function lineText(runs: readonly Run[], at: number, joined: Map<number, string | undefined>): string | undefined {
  if (joined.has(at)) return joined.get(at);
  // The first run on the line or after it.
  let lo = 0;
  let hi = runs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((runs[mid]?.line ?? Number.POSITIVE_INFINITY) < at) lo = mid + 1;
    else hi = mid;
  }
  let text: string | undefined;
  for (let i = lo; i < runs.length; i++) {
    const run = runs[i];
    if (run === undefined || run.line !== at) break;
    for (const part of run.parts) text = (text ?? '') + part.text;
  }
  joined.set(at, text);
  return text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A keyword pattern in which spaces and hyphens are optional between letters of multi-part words ("un vote"). */
function keywordPattern(word: string): string {
  const compact = word.replace(/[\s-]+/g, '');
  if (compact.toLowerCase() === 'unvote') return 'un[\\s-]*vote';
  return escapeRegExp(compact);
}

interface KeywordHit {
  readonly action: 'vote' | 'unvote';
  readonly abbreviated: boolean;
  readonly start: number;
  /** Where the argument starts (after the keyword, colon and spaces). */
  readonly argStart: number;
  readonly colon: boolean;
  /** The run's actions started after other text (`keywordAfterLead`): each must be followed by a short name. */
  readonly afterLead: boolean;
}

interface Grammar {
  readonly re: RegExp;
  /** `re` matching only where its `lastIndex` stands (`y`): the first keyword is looked for at its possible places only. */
  readonly at: RegExp;
  readonly kinds: Map<string, { action: 'vote' | 'unvote'; abbreviated: boolean }>;
  readonly noLynch: Set<string>;
  readonly afterLead: boolean;
  readonly leadWords: ReadonlySet<string>;
  /** Filler patterns, longest first, each matching the filler and the spaces or colon after it. */
  readonly fillers: readonly RegExp[];
  /**
   * A class of characters of which every match of `re` holds one (`keyCharsOf`): a text without any holds no
   * keyword. Null when no such class was found (a keyword of no characters).
   */
  readonly keyChars: RegExp | null;
}

/**
 * A few characters such that every keyword holds at least one of them (for the usual grammars, "v": every
 * keyword, typo and abbreviation of "vote" and "unvote" holds it), as a one-character class in the
 * keyword pattern's own flags, so case folds alike. `words` are the literal texts the pattern's
 * alternatives match (the "un vote" alternative's letters, with the spaces it allows left out). Chosen
 * greedily, the character held by most keywords not yet covered first; never a comma or a space, which a vote
 * tag's run may be given. Null when a keyword has no other character.
 */
function keyCharsOf(words: readonly string[], caseSensitive: boolean): RegExp | null {
  if (words.length === 0 || words.some((w) => w === '')) return null;
  // Characters grouped as the case-blind pattern reads them; each group's written characters all go into the class.
  const keyOf = (c: string): string => (caseSensitive ? c : c.toLowerCase());
  const written = new Map<string, Set<string>>();
  const holders = new Map<string, Set<number>>();
  words.forEach((word, i) => {
    for (const c of word) {
      // Not a comma or a space: a vote tag's run is read with ", " put in (`extractVotes`).
      if (c === ',' || /\s/u.test(c)) continue;
      const key = keyOf(c);
      let chars = written.get(key);
      if (chars === undefined) written.set(key, (chars = new Set()));
      chars.add(c);
      let held = holders.get(key);
      if (held === undefined) holders.set(key, (held = new Set()));
      held.add(i);
    }
  });
  const uncovered = new Set(words.map((_, i) => i));
  const chosen: string[] = [];
  while (uncovered.size > 0) {
    let best: string | undefined;
    let bestCount = 0;
    for (const [key, held] of holders) {
      let count = 0;
      for (const i of held) if (uncovered.has(i)) count++;
      if (count > bestCount || (count === bestCount && count > 0 && best !== undefined && key < best)) {
        best = key;
        bestCount = count;
      }
    }
    if (best === undefined) return null;
    for (const i of holders.get(best) ?? []) uncovered.delete(i);
    for (const c of written.get(best) ?? []) chosen.push(c);
  }
  const escaped = chosen.map((c) => (/[\\\][^-]/.test(c) ? `\\${c}` : c)).join('');
  return new RegExp(`[${escaped}]`, caseSensitive ? 'u' : 'iu');
}

/**
 * The keyword with two neighbouring letters swapped ("vote" → "ovte", "vtoe", "voet"), for words of four
 * letters or more: the typo hosts read through.
 */
function swaps(word: string): string[] {
  if (word.length < 4) return [];
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) {
    const a = word[i] ?? '';
    const b = word[i + 1] ?? '';
    if (a === b) continue;
    out.push(word.slice(0, i) + b + a + word.slice(i + 2));
  }
  return out;
}

const compiled = new WeakMap<VoteGrammar, Grammar>();

/** The grammar compiled last: a count reads every post with one grammar, and a `WeakMap` lookup per post cost more than this. */
let lastCompiled: { readonly grammar: VoteGrammar; readonly compiled: Grammar } | undefined;

/**
 * Grammars compiled, by what compiling reads of them (`grammarKey`): each count makes its own grammar object
 * (a replay, one per game), and the same keywords then share one set of patterns, which V8 has already compiled.
 */
const compiledByContent = new Map<string, Grammar>();
/** Most grammars `compiledByContent` keeps (a host tries a few; beyond it, they are compiled afresh). */
const maxCompiledByContent = 32;

function compile(grammar: VoteGrammar): Grammar {
  if (lastCompiled?.grammar === grammar) return lastCompiled.compiled;
  let cached = compiled.get(grammar);
  if (cached === undefined) {
    const key = grammarKey(grammar);
    cached = compiledByContent.get(key);
    if (cached === undefined) {
      cached = compileAfresh(grammar);
      if (compiledByContent.size >= maxCompiledByContent) compiledByContent.clear();
      compiledByContent.set(key, cached);
    }
    compiled.set(grammar, cached);
  }
  lastCompiled = { grammar, compiled: cached };
  return cached;
}

/** The JSON of every setting `compileAfresh` reads (and `keywordTypos` through it). */
function grammarKey(g: VoteGrammar): string {
  return JSON.stringify([
    g.voteKeywords,
    g.unvoteKeywords,
    g.abbreviatedVoteKeywords,
    g.abbreviatedUnvoteKeywords,
    g.keywordTypos,
    g.caseSensitive,
    g.targetFillers,
    g.noLynchWords,
    g.keywordAfterLead,
    g.leadWords,
  ]);
}

function compileAfresh(grammar: VoteGrammar): Grammar {
  const kinds = new Map<string, { action: 'vote' | 'unvote'; abbreviated: boolean }>();
  const add = (words: readonly string[], action: 'vote' | 'unvote', abbreviated: boolean): void => {
    for (const w of words) kinds.set(w.replace(/[\s-]+/g, '').toLowerCase(), { action, abbreviated });
  };
  add(grammar.abbreviatedVoteKeywords, 'vote', true);
  add(grammar.abbreviatedUnvoteKeywords, 'unvote', true);
  add(grammar.voteKeywords, 'vote', false);
  add(grammar.unvoteKeywords, 'unvote', false);
  const typos = grammar.keywordTypos ? keywordTypos(grammar) : [];
  for (const t of typos) if (!kinds.has(t.word.toLowerCase())) kinds.set(t.word.toLowerCase(), { action: t.action, abbreviated: false });
  const words = [
    ...grammar.unvoteKeywords,
    ...grammar.voteKeywords,
    ...grammar.abbreviatedUnvoteKeywords,
    ...grammar.abbreviatedVoteKeywords,
  ]
    .map(keywordPattern)
    .concat(typos.map((t) => escapeRegExp(t.word)))
    .sort((a, b) => b.length - a.length);
  const source = `(?<![\\p{L}\\p{N}])(${words.join('|')})(?![\\p{L}\\p{N}])(\\s*:)?\\s*`;
  const re = new RegExp(source, grammar.caseSensitive ? 'gu' : 'giu');
  const at = new RegExp(source, grammar.caseSensitive ? 'yu' : 'yiu');
  const fillers = [...grammar.targetFillers]
    .map((f) => f.trim().replace(/\s+/g, ' '))
    .filter((f) => f !== '')
    .sort((a, b) => b.length - a.length)
    .map((f) => new RegExp(`^${escapeRegExp(f).replace(/ /g, '\\s+')}(?:\\s*:\\s*|\\s+)(?=\\S)`, grammar.caseSensitive ? 'u' : 'iu'));
  // The texts the pattern's alternatives match: each keyword as `keywordPattern` reads it, and the typos.
  const literals = [
    ...grammar.unvoteKeywords,
    ...grammar.voteKeywords,
    ...grammar.abbreviatedUnvoteKeywords,
    ...grammar.abbreviatedVoteKeywords,
  ]
    .map((w) => {
      const compact = w.replace(/[\s-]+/g, '');
      return compact.toLowerCase() === 'unvote' ? 'unvote' : compact;
    })
    .concat(typos.map((t) => t.word));
  const result: Grammar = {
    re,
    at,
    keyChars: keyCharsOf(literals, grammar.caseSensitive),
    kinds,
    noLynch: new Set(grammar.noLynchWords.map(normalizeName)),
    afterLead: grammar.keywordAfterLead,
    leadWords: new Set(grammar.leadWords.map((w) => w.trim().toLowerCase())),
    fillers,
  };
  return result;
}

/** The grammar's vote and unvote keywords with two neighbouring letters swapped, none of them a keyword itself. */
function keywordTypos(grammar: VoteGrammar): { word: string; action: 'vote' | 'unvote' }[] {
  const compact = (w: string): string => {
    const c = w.replace(/[\s-]+/g, '');
    return grammar.caseSensitive ? c : c.toLowerCase();
  };
  const taken = new Set(
    [...grammar.voteKeywords, ...grammar.unvoteKeywords, ...grammar.abbreviatedVoteKeywords, ...grammar.abbreviatedUnvoteKeywords].map(
      compact,
    ),
  );
  const out: { word: string; action: 'vote' | 'unvote' }[] = [];
  const from = (words: readonly string[], action: 'vote' | 'unvote'): void => {
    for (const w of words)
      for (const t of swaps(compact(w)))
        if (!taken.has(t)) {
          taken.add(t);
          out.push({ word: t, action });
        }
  };
  from(grammar.voteKeywords, 'vote');
  from(grammar.unvoteKeywords, 'unvote');
  return out;
}

/**
 * A cheap test on raw text (markup included) before parsing a post: false only
 * when no keyword of the grammar appears anywhere, so the post cannot hold a
 * vote (rejected abbreviations are not looked for). Always true when names
 * alone can be votes (green font). A forum's vote tag must show in the raw
 * text (mafiascum's `class="bbvote"` does).
 */
export function mayContainVote(raw: string, grammar: VoteGrammar): boolean {
  if (grammar.greenFontVotes) return true;
  let re = anyKeyword.get(grammar);
  if (re === undefined) {
    const abbreviations = grammar.acceptAbbreviations ? [...grammar.abbreviatedVoteKeywords, ...grammar.abbreviatedUnvoteKeywords] : [];
    const typos = grammar.keywordTypos ? keywordTypos(grammar).map((t) => escapeRegExp(t.word)) : [];
    const words = [...grammar.voteKeywords, ...grammar.unvoteKeywords, ...abbreviations].map(keywordPattern).concat(typos);
    re = new RegExp(`(?:${words.join('|')})`, grammar.caseSensitive ? 'u' : 'iu');
    anyKeyword.set(grammar, re);
  }
  return re.test(raw);
}

const anyKeyword = new WeakMap<VoteGrammar, RegExp>();

/** Characters that may separate two actions in one run ("Unvote, Vote: X", "unvote; vote X"). */
const separatorChars = new Set([',', ';', '.', '!', '?', '/', '|', '&', '+', '>', ')', ']', '-', '–', '—', ':']);
/** Joining words that may separate two actions ("unvote and vote X", "unvote then vote X"). */
const joiningWords = ['and', 'then'];
const whitespace = /\s/u;
const letterOrDigit = /[\p{L}\p{N}]/u;

/** `letterOrDigit.test(text[i] ?? '')`, with no pattern call for an ASCII character. */
function letterOrDigitAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
  // Past the text's end `charCodeAt` is NaN, and `text[i]` is undefined.
  return c === c && letterOrDigit.test(text[i] ?? '');
}
const asciiWordChar = /[A-Za-z0-9_]/;

/**
 * Whether the text between the previous action's argument and a keyword (`text[from, to)`)
 * lets the keyword start a new action: nothing but spaces, or it ends with a separator
 * or a joining word. Only the gap's tail is read, so looking at every keyword of a run
 * costs one pass over the run however many keywords sit out of place (a post of
 * `vote Elm vote Elm …` used to re-read a growing gap for each keyword).
 */
function separatesActions(text: string, from: number, to: number): boolean {
  let end = to;
  while (end > from && whitespace.test(text[end - 1] ?? '')) end--;
  if (end === from) return true;
  if (separatorChars.has(text[end - 1] ?? '')) return true;
  const tail = text.slice(Math.max(from, end - 4), end).toLowerCase();
  return joiningWords.some((w) => tail.endsWith(w) && (end - w.length === from || !asciiWordChar.test(text[end - w.length - 1] ?? '')));
}

/** At most this many words may stand before a keyword in its run (`keywordAfterLead`): "FoS: X, Vote: Y", "By the way. Vote: X". */
const maxLeadWords = 3;
/** A lead is read back at most this far, so a keyword's cost does not grow with the run. */
const maxLeadChars = 60;
/** Words that make a bold line an appeal to others, not the poster's own vote ("Come on guys, vote X", "vote X with me", "vote X please"). */
const appealWords = new Set("please pls plz guys everyone everybody y'all yall people instead already let's lets with".split(' '));

/** Words that, right before a keyword, make it another kind of vote than the day's lynch vote ("Vig vote: X", "kill vote X"). */
const otherVotes = new Set(
  'vig vigilante kill night mafia scum wolf wolves werewolf mason faction factional team group self re'.split(' '),
);

const wordsOf = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '').toLowerCase())
    .filter((w) => w !== '');

/**
 * Whether a keyword at `at`, past the run's first letter (`runStart`), is where a host reads an action
 * after other bold text: the lead (the run's text before it) has at most `maxLeadWords` words, none an
 * appeal to others, and either the keyword has its colon ("Final vote: X"), or it follows a separator or
 * sentence break ("Cross fingers, vote X", "Hammer. Vote X"), or the lead is lead words only ("Hammer
 * vote X"). A keyword joined to the word before it ("vig-vote", "self-vote", "scum-read/vote") is part of
 * that word, never an action.
 */
function startsAction(text: string, runStart: number, at: number, colon: boolean, leadWords: ReadonlySet<string>): boolean {
  const joined = text[at - 1] ?? '';
  if ((joined === '-' || joined === '/') && letterOrDigit.test(text[at - 2] ?? '')) return false;
  if (at - runStart > maxLeadChars) return false;
  const lead = text.slice(runStart, at);
  const words = wordsOf(lead);
  if (words.length > maxLeadWords || words.some((w) => appealWords.has(w))) return false;
  // "Vig vote: X", "night vote X": the word right before the keyword names another kind of vote.
  const last = lead.trimEnd();
  const lastChar = last[last.length - 1] ?? '';
  if (letterOrDigit.test(lastChar) && otherVotes.has(words[words.length - 1] ?? '')) return false;
  if (colon) return true;
  if (separatorChars.has(lastChar)) return true;
  return words.length > 0 && words.every((w) => leadWords.has(w));
}

/**
 * The keyword matches `findKeywords` reads, in order, from `from`: the global pattern's matches, except that
 * before the first hit (`pastWindow` tells when a match can no longer be one) a long run is not scanned to
 * its end. There the pattern is tried only where a match may start (a place not right after a letter or
 * digit, as its look-behind asks) up to the window's end, skipping over each match as the global pattern
 * does, so the same matches come out. The mafiascum grammar reads keywords after a lead: without this, a
 * long bold or plain run was scanned whole although only its first `maxLeadChars` letters can hold one.
 */
function nextMatch(text: string, grammar: Grammar, from: number, windowEnd: number): RegExpExecArray | null {
  if (windowEnd === Number.POSITIVE_INFINITY || text.length - windowEnd <= maxLeadChars) {
    grammar.re.lastIndex = from;
    return grammar.re.exec(text);
  }
  const { at } = grammar;
  for (let p = from; p <= windowEnd && p < text.length; p++) {
    const before = text.charCodeAt(p - 1);
    // Not after a letter or digit, nor inside a pair of surrogates (the global pattern never starts there).
    if (p > 0 && ((before >= 0xd800 && before <= 0xdbff) || letterOrDigitAt(text, p - 1))) continue;
    at.lastIndex = p;
    const m = at.exec(text);
    if (m !== null) return m;
  }
  return null;
}

function findKeywords(text: string, grammar: Grammar): KeywordHit[] {
  const hits: KeywordHit[] = [];
  // The first keyword of a run comes before any letter or digit (only punctuation and spaces lead), or starts a clause after a lead.
  let lead = 0;
  while (lead < text.length && !letterOrDigitAt(text, lead)) lead++;
  // Until the first hit, a match past this place can be none (nor can any after it): the lead, or the lead's window.
  const windowEnd = grammar.afterLead ? lead + maxLeadChars : lead;
  let from = 0;
  for (
    let m = nextMatch(text, grammar, from, windowEnd);
    m !== null;
    m = nextMatch(text, grammar, from, hits.length === 0 ? windowEnd : Number.POSITIVE_INFINITY)
  ) {
    from = m.index + m[0].length;
    const word = (m[1] ?? '').replace(/[\s-]+/g, '').toLowerCase();
    const kind = grammar.kinds.get(word);
    if (kind === undefined) continue;
    const previous = hits[hits.length - 1];
    let afterLead = previous?.afterLead ?? false;
    if (previous === undefined && m.index > lead) {
      // Past the run's first letter, without `keywordAfterLead` no later keyword can lead the run either: nothing more to find.
      if (!grammar.afterLead) break;
      // Past the lead's window no keyword starts an action (`startsAction`), this one nor any later.
      if (m.index - lead > maxLeadChars) break;
      if (!startsAction(text, lead, m.index, m[2] !== undefined, grammar.leadWords)) continue;
      afterLead = true;
    }
    const atActionPosition = previous === undefined || previous.action === 'unvote' || separatesActions(text, previous.argStart, m.index);
    if (!atActionPosition) continue;
    // A lone abbreviation needs a colon or a following name to be vote-like ("V" alone is just a letter).
    const colon = m[2] !== undefined;
    if (kind.abbreviated && !colon) continue;
    hits.push({ action: kind.action, abbreviated: kind.abbreviated, start: m.index, argStart: from, colon, afterLead });
  }
  return hits;
}

/** The longest filler ("to hammer:", "for") at the start of a target, skipped when a name follows it. */
function skipFiller(target: string, grammar: Grammar): string {
  for (const re of grammar.fillers) {
    const m = re.exec(target);
    if (m !== null) return target.slice(m[0].length).replace(/^[\s:=\-–—>]+/u, '');
  }
  return target;
}

/**
 * First words after a keyword that make the rest a sentence, not a name: verbs ("my vote is on Bob", "vote
 * stays"), pronouns and appeals ("vote me", "vote him"), the vote count ("Official Vote Count", "vote count
 * please") and a vote's history ("Vote on X" in a summary).
 */
const notNameStarts = new Set(
  "is was were are stays still remains goes went got has had should would could did does isn't wasn't won't him her them me you yourself myself himself herself us this that these those there someone somebody anyone anybody everyone everybody it count counts counted counting tally on in at by as if when".split(
    ' ',
  ),
);
/** A name after a keyword that followed other bold text: at most this many words. */
const maxWordsAfterLead = 3;

/**
 * Whether the text after an action that followed other bold text reads as a name (or, for an unvote,
 * nothing), not a sentence: it starts with a letter or digit, has at most `maxWordsAfterLead` words, does
 * not start with a verb, pronoun or "count", and holds no appeal ("please", "with me", "instead").
 */
function nameAfterLead(after: string, action: 'vote' | 'unvote'): boolean {
  if (after === '') return action === 'unvote';
  if (!letterOrDigit.test(after[0] ?? '')) return false;
  const words = wordsOf(after);
  if (words.length > maxWordsAfterLead || words.some((w) => appealWords.has(w))) return false;
  return !notNameStarts.has(words[0] ?? '');
}

/**
 * A note that a vote is cast once: "(single vote)", "(one vote)", "single vote only", "one vote only",
 * "using one vote", "casting only one of my votes", "not using my double vote". Not "only one vote
 * away" nor "not a single vote on X", which speak of wagons.
 */
const singleVoteNote =
  /\(\s*(?:single|one|1)[\s-]*vote(?:\s+only)?\s*\)|\b(?:single|one|1)[\s-]*vote[\s-]+only\b|\b(?:using|casting|with|use|cast)\s+(?:only\s+|just\s+)?(?:one|1|a\s+single)\s+(?:of\s+my\s+)?(?:two\s+|2\s+)?votes?\b|\b(?:not|without|no)\s+(?:using\s+)?(?:my\s+)?double[\s-]*vot(?:e|ing)\b/iu;

/**
 * Every wording of `singleVoteNote` holds "vot" (any case; no other character folds to v, o or t),
 * so a line without it is not tested with the long pattern.
 */
const mayNoteSingleVote = /vot/i;

/** Whether `line` notes a single vote; each line's answer worked out once per post (`seen`). */
function notesSingleVote(line: string | undefined, seen: Map<string, boolean>): boolean {
  if (line === undefined || !mayNoteSingleVote.test(line)) return false;
  let noted = seen.get(line);
  if (noted === undefined) {
    noted = singleVoteNote.test(line);
    seen.set(line, noted);
  }
  return noted;
}

/** A forum tag left as text because its markup was broken (`[\b]`, `[b]`, `[/quote`). */
const literalTag = /\[\\?\/?(?:b|i|u|s|quote|vote|color|size|url|spoiler)(?:[\]=\s]|$)/i;

/** Trims what follows a name in the same run: closing punctuation and joining words. */
function cleanTarget(raw: string): string {
  return raw
    .replace(/\s+/g, ' ')
    .replace(/^[\s:=\-–—>]+/u, '')
    .replace(/(?:[\s,;.!?/|&+\-–—(]|\b(?:and|then)\b)+$/iu, '')
    .trim();
}

/** A run's text, its struck parts left out with `skipStruck`: a spaced part is read with a space before it. */
function runText(run: Run, skipStruck: boolean): string {
  let out = '';
  // The space is added to every part (most add none): a rare concatenation left the optimised code without its type feedback.
  for (const p of run.parts) if (!(skipStruck && p.struck)) out += (p.spaced ? ' ' : '') + p.text;
  return out;
}

/**
 * Every vote-like run of a post, in reading order, each counted or not with its
 * reason. Only grammar is decided here; who may vote and for whom is the tally's job.
 *
 * @example
 * extractVotes(post, defaultVoteRules) // [{ action: 'vote', target: 'Dredd', counted: true, ... }]
 */
export function extractVotes(post: Pick<ForumPost, 'body'>, rules: Pick<VoteRules, 'grammar'>): VoteCandidate[] {
  const grammarRules = rules.grammar;
  const grammar = compile(grammarRules);
  if (post.body.length === 0) return [];
  const runs = toRuns(post.body, grammarRules.greenFontVotes, grammar.keyChars);
  const reading: PostReading = { grammarRules, grammar, runs, noteSeen: new Map(), joined: new Map(), out: [] };
  const { bareNameInVoteTag, greenFontVotes } = grammarRules;
  for (let index = 0; index < runs.length; index++) {
    const run = runs[index];
    if (run === undefined) break;
    // No keyword can be found in a run without any of the grammar's key characters: only a vote tag or green font can make it a vote.
    if (!run.keyed && !(run.kind === 'tag' && bareNameInVoteTag) && !(run.green && greenFontVotes && !run.inQuote)) continue;
    readRun(reading, run, index);
  }
  const out = reading.out;
  if (grammarRules.severalVotesInPost === 'first') {
    let seen = false;
    return out.map((c) => {
      if (!c.counted || c.action !== 'vote') return c;
      if (!seen) {
        seen = true;
        return c;
      }
      return { ...c, counted: false, reason: 'vote/not-first-in-post' as const };
    });
  }
  return out;
}

/** What `extractVotes` carries from run to run of one post (built in one place, so it keeps one shape). */
interface PostReading {
  readonly grammarRules: VoteGrammar;
  readonly grammar: Grammar;
  readonly runs: readonly Run[];
  /** Each line's single-vote note, worked out once (`notesSingleVote`). */
  readonly noteSeen: Map<string, boolean>;
  /** Each line's text, joined once (`lineText`). */
  readonly joined: Map<number, string | undefined>;
  readonly out: VoteCandidate[];
}

/** What one run says about all of its keywords: its texts, and the facts every vote in it shares. */
interface RunReading {
  readonly run: Run;
  readonly index: number;
  /** The text keywords are read in. */
  readonly text: string;
  /** The run's whole text, for display. */
  readonly full: string;
  readonly allStruck: boolean;
  readonly emphasised: boolean;
  readonly ownLine: boolean;
  readonly single: boolean;
  readonly broken: boolean;
}

/** A keyword hit made up for a vote tag or green font that holds only a name. */
const bareNameHit: KeywordHit = { action: 'vote', abbreviated: false, start: 0, argStart: 0, colon: true, afterLead: false };

/** Reads the votes and unvotes of one run into `reading.out`. */
function readRun(reading: PostReading, run: Run, index: number): void {
  const { grammarRules, grammar, runs, joined, noteSeen } = reading;
  const allStruck = run.parts.every((p) => p.struck || p.text.trim() === '');
  // Two vote tags side by side can reach us as one run ("VOTE: RoflVOTE: X"): the tag's own capitals start a new vote.
  const raw = runText(run, !allStruck);
  const text = run.kind === 'tag' ? raw.replace(/(?<=[\p{L}\p{N}])(?<!UN)(?=(?:UN)?VOTE:)/gu, ', ') : raw;
  let hits = findKeywords(text, grammar);
  if (hits.length === 0 && run.kind === 'tag' && grammarRules.bareNameInVoteTag && text.trim() !== '') hits = [bareNameHit];
  if (hits.length === 0 && run.green && grammarRules.greenFontVotes && !run.inQuote && text.trim() !== '') hits = [bareNameHit];
  if (hits.length === 0) return;
  // The run's whole text, struck parts too (the text read, without struck parts beside others): made on every run with
  // a keyword, as the rare run with struck parts left the optimised code without type feedback for the call.
  const full = runText(run, false).trim();
  const runReading: RunReading = {
    run,
    index,
    text,
    full,
    allStruck,
    emphasised: run.kind !== 'plain',
    ownLine: (lineText(runs, run.line, joined) ?? '').trim() === full,
    single:
      grammarRules.singleVoteNotes &&
      (notesSingleVote(lineText(runs, run.line, joined), noteSeen) || notesSingleVote(lineText(runs, run.line + 1, joined), noteSeen)),
    broken: grammarRules.brokenMarkup === 'refuse' && literalTag.test(text),
  };
  // The candidate this run last added: an unvote repeated right after an unvote says nothing more.
  let previousInRun: VoteCandidate | undefined;
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i];
    if (hit === undefined) break;
    const candidate = candidateOf(reading, runReading, hit, hits[i + 1], previousInRun);
    if (candidate === undefined) continue;
    reading.out.push(candidate);
    previousInRun = candidate;
  }
}

/** The vote or unvote a keyword hit starts (its text runs to the next hit), or undefined when it reads as none. */
function candidateOf(
  reading: PostReading,
  r: RunReading,
  hit: KeywordHit,
  next: KeywordHit | undefined,
  previousInRun: VoteCandidate | undefined,
): VoteCandidate | undefined {
  const { grammarRules, grammar } = reading;
  const { run, text } = r;
  const after = skipFiller(cleanTarget(text.slice(hit.argStart, next === undefined ? text.length : next.start)), grammar);
  // After other bold text, a keyword followed by a sentence rather than a name is prose ("Bob. Vote him if you dare").
  if (hit.afterLead && !nameAfterLead(after, hit.action)) return undefined;
  const target = hit.action === 'vote' ? after : '';
  // "VOTE: unvote" from a vote tag: the empty vote is only the tag's label for what follows.
  if (hit.action === 'vote' && target === '' && next !== undefined) return undefined;
  const noLynch = hit.action === 'vote' && grammar.noLynch.has(normalizeName(target));
  let reason: ExtractReason | undefined;
  let ambiguity: AmbiguityId | undefined;
  let action = hit.action;
  if (run.inQuote) reason = 'vote/in-quote';
  else if (!r.emphasised && !(run.green && grammarRules.greenFontVotes) && !(action === 'unvote' && grammarRules.unboldedUnvotes))
    reason = 'vote/not-bold';
  else if (run.inSpoiler && !grammarRules.votesInSpoilers) {
    reason = 'vote/in-spoiler';
    ambiguity = 'grammar/vote-in-spoiler';
  } else if (r.allStruck) {
    ambiguity = 'grammar/struck-vote';
    if (grammarRules.struckVote === 'unvote') action = 'unvote';
    else reason = 'vote/struck';
  } else if (hit.abbreviated && !grammarRules.acceptAbbreviations) reason = 'vote/abbreviated';
  else if (r.broken) reason = 'vote/broken-markup';
  else if (grammarRules.colon === 'required' && !hit.colon && run.kind !== 'tag') reason = 'vote/no-colon';
  // A vote after other text in its run ("FoS: X, Vote: Y") does not stand on a line of its own either.
  else if (grammarRules.ownLine && (!r.ownLine || hit.afterLead)) reason = 'vote/not-own-line';
  else if (grammarRules.lineStart && (hit.afterLead || !startsLine(reading.runs, r.index))) reason = 'vote/not-own-line';
  else if (action === 'vote' && target === '') reason = 'vote/no-target';
  else if (action === 'vote' && noLynch && !grammarRules.noLynchAllowed) reason = 'vote/no-lynch-not-allowed';
  else if (run.inSpoiler) ambiguity = 'grammar/vote-in-spoiler';
  // "unvote, unvote, unvote…" in one run is one unvote: a second one changes nothing in any count, and
  // thousands of them (a post written to slow the count) would each be carried through the tally and the panel.
  if (action === 'unvote' && previousInRun?.action === 'unvote' && previousInRun.reason === reason && previousInRun.ambiguity === ambiguity)
    return undefined;
  // Built field by field in one order, the optional fields last, so candidates share few shapes.
  const candidate: { -readonly [K in keyof VoteCandidate]: VoteCandidate[K] } = {
    action,
    target: action === 'vote' ? target : '',
    noLynch: action === 'vote' && noLynch,
    text: r.full,
    counted: reason === undefined,
  };
  if (reason !== undefined) candidate.reason = reason;
  if (ambiguity !== undefined) candidate.ambiguity = ambiguity;
  if (r.single && action === 'vote') candidate.single = true;
  return candidate;
}
