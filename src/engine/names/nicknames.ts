/**
 * Nicknames learnt from the thread itself.
 *
 * Players give each other names no roster lists: the character of an avatar, a
 * nickname from an earlier game. A host learns them by reading, and so does
 * Gavel, conservatively. Only a word some player VOTED with, and that names no
 * player by their own name, is ever considered. The thread's evidence that the
 * word means the player S:
 *
 * - explained: a player writes the word and S's name side by side as the same
 *   person: "W (S)", "S (W)", "W aka S", "W = S", in either order (never "W/S":
 *   a slash lists two players);
 * - addressed: a player quotes S and their own words right after the quote
 *   start with the word ("[quote=S]…[/quote] W, why…"), or "@W";
 * - restated: a voter whose vote with the word named nobody (or several players)
 *   votes S by name next.
 *
 * Reading posts for who they mention is NOT evidence: a post that calls one
 * player by a nickname quotes and names the others it argues with, so
 * co-occurrence points away from the right player.
 *
 * The word is learnt for S when S has at least two pieces of evidence, from at
 * least two posts, and every other player has less than half as many. A word
 * that `matchName` already reads as exactly one player is left to that reading
 * (on real threads "X/Y", "X (Y is next)" and a quote of Y beside X far more
 * often name two players than one player twice), except a reading by letters
 * alone (initials, an abbreviation, a short nickname, starts of words): the
 * thread's own word for a player outranks that, where at least two posts
 * explain it ("GF aka Quietgoldfish" over The Goodfather's initials).
 *
 * Every vote read through a learnt nickname is reported to the host
 * (`how: 'thread-nickname'`, ambiguity `names/thread-nickname`): it is
 * Gavel's reading of the thread, never the player's own name.
 */
import { bodyText, type BodyNode, type ForumPost } from '../../model/post';
import type { Roster } from '../types';
import { tokenSpans } from './tokens';
import { matchVoteTarget, normalizeName, strictMatchTiers, upToSentenceBreak, type MatchHow, type ThreadNickname } from './match';

/** A vote as `learnNicknames` needs it: who voted, where, and the name as written. */
export interface NicknameVote {
  readonly post: number;
  readonly author: string;
  readonly target: string;
}

/** A learnt nickname with the evidence for it, so the host can check it. */
export interface LearntNickname extends ThreadNickname {
  /** Posts where a player wrote the nickname and the player's name as the same person ("W (S)", "W aka S"). */
  readonly explained: number;
  /** Posts that quote the player and address the nickname right after the quote. */
  readonly addressed: number;
  /** Votes with the nickname whose voter's next vote named this player by name. */
  readonly restated: number;
}

export interface LearnNicknamesInput {
  readonly posts: readonly ForumPost[];
  readonly roster: Pick<Roster, 'slots' | 'hosts'>;
  /** Every vote of the thread (any day), with the name as written. */
  readonly votes: readonly NicknameVote[];
}

/** Longest nickname considered, in letters and digits (a longer target is a sentence). */
const maxNicknameLength = 30;
/** Most words a nickname is written in ("sleepy krew"). */
const maxNicknameWords = 3;
/** Most words of a player's name looked for beside a nickname. */
const maxNameWords = 6;

interface Evidence {
  readonly explained: Map<string, number>;
  readonly addressed: Map<string, number>;
  readonly restated: Map<string, number>;
  readonly posts: Map<string, Set<number>>;
  /** The slot a generic letters rule (initials, abbreviation…) reads the word as, when it does. */
  readonly generic: string | null;
}

function tokensOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/**
 * Tiers that read a word as a player by its letters alone (initials, an abbreviation, a short nickname, starts of
 * words): a host follows the thread's own word over them when the thread explains it.
 */
const genericLetterTiers: ReadonlySet<MatchHow> = new Set<MatchHow>(['initials', 'abbreviation', 'word-starts', 'short-nickname']);

/**
 * Text between two names that makes them one person: "aka", "a.k.a.", "=", "also known as", "он же". A slash
 * or a comma lists two players ("neil/bjc"), so neither is ever read as "the same person".
 */
const sameAs = /^\s*(?:aka|a\.k\.a\.?|=|also known as|alias|он же|она же)\s*$/iu;
/** The words of `sameAs`, as the tokens a post is split into. */
const connectorTokens: ReadonlySet<string> = new Set(['aka', 'a', 'k', 'also', 'known', 'as', 'alias', 'он', 'она', 'же']);
/** "W (S)": a parenthesis holding nothing but the other name. */
const openParen = /^\s*\(\s*$/u;
const closeParen = /^\s*\)/u;
/** What `explainedIn` reads a post's tokens against, the same for every post of a count. */
interface ExplainReading {
  readonly evidence: ReadonlyMap<string, Evidence>;
  readonly wordStarts: ReadonlySet<string>;
  readonly firstUnits: ReadonlySet<number>;
  /** Names long enough to be read when written out in a post, by their tokens joined. */
  readonly mentionable: ReadonlyMap<string, string>;
  /** Most tokens a name is read in. */
  readonly nameWords: number;
}

/** Counts one piece of evidence that the word means `slot`, found in post `post`. */
function note(e: Evidence, kind: 'explained' | 'addressed', slot: string, post: number): void {
  bump(e[kind], slot);
  const posts = e.posts.get(slot) ?? new Set<number>();
  posts.add(post);
  e.posts.set(slot, posts);
}

/**
 * The explanations in one post's text (lower case; its tokens at `starts`/`ends`): a word of `evidence`, in
 * one to three tokens, and a player's name right after or before it as the same person ("W (S)", "W aka S",
 * "S = W"). Not the poster's own slot (`own`).
 */
function explainedIn(lower: string, spans: TokenSpans, own: string | undefined, post: number, reading: ExplainReading): void {
  const { evidence, wordStarts, firstUnits } = reading;
  const { starts, ends, count } = spans;
  for (let i = 0; i < count; i++) {
    // Most tokens start no word: passed over on their first character, never made into a string.
    if (!firstUnits.has(lower.charCodeAt(starts[i] ?? 0))) continue;
    // The candidate word at i, in one to three tokens: looked up, never compared with every word.
    let run = '';
    for (let wl = 1; wl <= maxNicknameWords && i + wl <= count; wl++) {
      run += lower.slice(starts[i + wl - 1], ends[i + wl - 1]);
      if (run.length > maxNicknameLength) break;
      // No longer run can be a word when this one starts none.
      if (!wordStarts.has(run)) break;
      const e = evidence.get(run);
      if (e !== undefined) explainedAt(lower, spans, i, i + wl, e, own, post, reading);
    }
  }
}

/** Notes a player's name right after or before the word at tokens `i`..`end` (exclusive) as the same person. */
function explainedAt(
  lower: string,
  spans: TokenSpans,
  i: number,
  end: number,
  e: Evidence,
  own: string | undefined,
  post: number,
  reading: ExplainReading,
): void {
  const { mentionable, nameWords } = reading;
  const { starts, ends, count } = spans;
  const wordStart = starts[i] ?? 0;
  const wordEnd = ends[end - 1] ?? 0;
  // Words that say "the same person" are tokens too: the name may start after them.
  let after = end;
  while (after < count && after < end + 3 && connectorTokens.has(tokenAt(lower, spans, after))) after++;
  let before = i;
  while (before > 0 && before > i - 3 && connectorTokens.has(tokenAt(lower, spans, before - 1))) before--;
  // The name right after the word ("W (S)", "W aka S").
  for (let len = 1; len <= nameWords; len++) {
    const slot = nameIn(lower, spans, after, after + len, nameWords, mentionable);
    if (slot === undefined || slot === own) continue;
    const between = lower.slice(wordEnd, starts[after] ?? wordEnd);
    const rest = lower.slice(ends[after + len - 1] ?? 0);
    if (sameAs.test(between) || (openParen.test(between) && closeParen.test(rest))) note(e, 'explained', slot, post);
  }
  // The name right before the word ("S (W)", "S aka W").
  for (let len = 1; len <= nameWords; len++) {
    const slot = nameIn(lower, spans, before - len, before, nameWords, mentionable);
    if (slot === undefined || slot === own) continue;
    const between = lower.slice(ends[before - 1] ?? 0, wordStart);
    if (sameAs.test(between) || (openParen.test(between) && closeParen.test(lower.slice(wordEnd)))) note(e, 'explained', slot, post);
  }
}

/** The token at `k` (`''` past the ends, as a missing token was read before). */
function tokenAt(lower: string, spans: TokenSpans, k: number): string {
  if (k < 0 || k >= spans.count) return '';
  return lower.slice(spans.starts[k], spans.ends[k]);
}

/** The slot whose name the tokens from..to (exclusive) spell, if any. */
function nameIn(
  lower: string,
  spans: TokenSpans,
  from: number,
  to: number,
  nameWords: number,
  mentionable: ReadonlyMap<string, string>,
): string | undefined {
  if (from < 0 || to > spans.count || to - from > nameWords) return undefined;
  const { starts, ends } = spans;
  let name = '';
  for (let k = from; k < to; k++) name += lower.slice(starts[k], ends[k]);
  return mentionable.get(name);
}

/**
 * Whether a post's text holds anything `sameAs` or `openParen` could accept between a word and a name (the
 * same alternatives, found anywhere): a post without any is never read word by word for explanations.
 */
const mayExplain = /aka|a\.k\.a|=|also known as|alias|он же|она же|\(/iu;
/** The longest text `mayExplain` matches ("also known as"), less one: what a match across two text nodes can hold of either. */
const mayExplainReach = 12;

/**
 * Whether `mayExplain` matches the body's text as `bodyText(body, { skipQuotes: true })` joins it, read on the text
 * nodes as they are: each node on its own, and where two nodes meet with nothing between them in the joined text (a
 * quote left out puts nothing there) the last characters of the one and the first of the other. A break or a spoiler's
 * edge puts a newline there, which no match holds. Neither joined nor lower-cased (the pattern ignores case, and its
 * characters fold alike either way).
 */
export function bodyMayExplain(nodes: readonly BodyNode[]): boolean {
  return mayExplainIn(nodes, { text: '' });
}

function mayExplainIn(nodes: readonly BodyNode[], tail: { text: string }): boolean {
  for (const node of nodes) {
    if (node.type === 'text') {
      const { text } = node;
      if (mayExplain.test(text)) return true;
      if (tail.text !== '' && mayExplain.test(tail.text + text.slice(0, mayExplainReach))) return true;
      tail.text = text.length >= mayExplainReach ? text.slice(-mayExplainReach) : (tail.text + text).slice(-mayExplainReach);
    } else if (node.type === 'break') tail.text = '';
    else if (node.type === 'spoiler') {
      tail.text = '';
      if (mayExplainIn(node.children, tail)) return true;
      tail.text = '';
    }
  }
  return false;
}

/**
 * The nicknames the thread itself explains, each for exactly one slot, with its evidence. Deterministic:
 * the same posts and votes in any order give the same list, sorted by nickname.
 */
export function learnNicknames(input: LearnNicknamesInput): LearntNickname[] {
  const { roster } = input;
  const hosts = new Set(roster.hosts.map((h) => h.trim().toLowerCase()));
  const slotOfName = new Map<string, string>();
  for (const slot of roster.slots) for (const a of slot.accounts) slotOfName.set(normalizeName(a.name), slot.id);
  const evidence = evidenceOfVotes(input.votes, roster, hosts);
  if (evidence.size === 0) return [];
  // Names long enough to be read when written out in a post, with how many words they may take.
  const mentionable = new Map([...slotOfName].filter(([n]) => n.length >= 3));
  const nameWords = Math.min(maxNameWords, Math.max(1, ...roster.slots.flatMap((s) => s.accounts.map((a) => tokensOf(a.name).length))));
  // Every start of every word: a post's token that starts none is never joined with the next.
  const wordStarts = new Set<string>();
  // The first code unit of every word: a token starting with another starts no word, and is passed over unread.
  const firstUnits = new Set<number>();
  for (const word of evidence.keys()) {
    firstUnits.add(word.charCodeAt(0));
    for (let k = 1; k <= word.length; k++) wordStarts.add(word.slice(0, k));
  }
  const reading: ExplainReading = { evidence, wordStarts, firstUnits, mentionable, nameWords };
  const spans: TokenSpans = { starts: [], ends: [], count: 0 };
  for (const post of input.posts) {
    // A post without a body explains nothing and quotes nobody.
    if (post.body.length === 0) continue;
    if (hosts.has(post.author.trim().toLowerCase())) continue;
    readPostEvidence(post, slotOfName.get(normalizeName(post.author)), slotOfName, reading, spans);
  }
  return chosenNicknames(evidence);
}

/** Reused arrays for a text's token spans (`tokenSpans`): the first `count` places are the text's. */
interface TokenSpans {
  readonly starts: number[];
  readonly ends: number[];
  count: number;
}

/**
 * The words some vote used that are open to the thread's reading, each with the evidence its votes give: a voter
 * whose vote with the word named nobody and whose next vote named a player by name restates it.
 */
function evidenceOfVotes(
  given: readonly NicknameVote[],
  roster: Pick<Roster, 'slots' | 'hosts'>,
  hosts: ReadonlySet<string>,
): Map<string, Evidence> {
  const votes = [...given].sort((a, b) => a.post - b.post);
  const evidence = new Map<string, Evidence>();
  const resolved = votes.map((v) => matchVoteTarget(v.target, roster, { atPost: v.post }));
  // Each vote's voter's next vote, found in one pass from the end.
  const nextOfVoter: (number | undefined)[] = [];
  const lastSeen = new Map<string, number>();
  for (let i = votes.length - 1; i >= 0; i--) {
    const voter = votes[i]?.author.trim().toLowerCase() ?? '';
    nextOfVoter[i] = lastSeen.get(voter);
    lastSeen.set(voter, i);
  }
  votes.forEach((v, i) => {
    const m = resolved[i];
    if (m === undefined || hosts.has(v.author.trim().toLowerCase())) return;
    // Only a word that names nobody, several players, or one player by a generic letters rule is open to the thread's reading.
    if (m.kind === 'several' || ((m.kind === 'match' || m.kind === 'ambiguous') && strictMatchTiers.has(m.how))) return;
    if (m.kind === 'match' && !genericLetterTiers.has(m.how)) return;
    const generic = m.kind === 'match' ? m.slotId : null;
    const words = tokensOf(upToSentenceBreak(v.target) ?? v.target);
    const word = words.join('');
    if (words.length === 0 || words.length > maxNicknameWords || word.length < 2 || word.length > maxNicknameLength) return;
    let e = evidence.get(word);
    if (e === undefined) {
      e = { explained: new Map(), addressed: new Map(), restated: new Map(), posts: new Map(), generic };
      evidence.set(word, e);
    }
    if (generic !== null) return;
    // The voter's next vote, when it names a player by name, restates this one.
    const j = nextOfVoter[i];
    const n = j === undefined ? undefined : resolved[j];
    if (n?.kind === 'match' && strictMatchTiers.has(n.how) && n.how !== 'thread-nickname') {
      bump(e.restated, n.slotId);
      const posts = e.posts.get(n.slotId) ?? new Set<number>();
      posts.add(v.post);
      e.posts.set(n.slotId, posts);
    }
  });
  return evidence;
}

/** The evidence one player's post gives: the words it explains, and the words it addresses quoted players by. */
function readPostEvidence(
  post: ForumPost,
  own: string | undefined,
  slotOfName: ReadonlyMap<string, string>,
  reading: ExplainReading,
  spans: TokenSpans,
): void {
  // Explained: the word and a name side by side as one person, in the poster's own words.
  if (bodyMayExplain(post.body)) {
    const lower = bodyText(post.body, { skipQuotes: true }).toLowerCase();
    spans.count = tokenSpans(lower, spans.starts, spans.ends, Number.POSITIVE_INFINITY);
    explainedIn(lower, spans, own, post.number, reading);
  }
  // Addressed: a quote of a player, and the poster's next words start with the word (or "@word").
  const { body } = post;
  for (let index = 0; index < body.length; index++) {
    const node = body[index];
    if (node?.type !== 'quote' || node.author === undefined) continue;
    const slot = slotOfName.get(normalizeName(node.author));
    if (slot === undefined || slot === own) continue;
    addressedAfter(body, index, slot, post.number, reading.evidence, spans);
  }
}

/** Notes the word the poster's next words (after the quote at `index` of `slot`) start with, as addressing that player. */
function addressedAfter(
  body: readonly BodyNode[],
  index: number,
  slot: string,
  post: number,
  evidence: ReadonlyMap<string, Evidence>,
  spans: TokenSpans,
): void {
  const { starts, ends } = spans;
  const next = bodyText(body.slice(index + 1, index + 4), { skipQuotes: true }).toLowerCase();
  spans.count = tokenSpans(next, starts, ends, maxNicknameWords);
  let run = '';
  for (let k = 0; k < spans.count; k++) {
    run += next.slice(starts[k], ends[k]);
    const e = evidence.get(run);
    if (e !== undefined) note(e, 'addressed', slot, post);
  }
}

/** The words the evidence decides, each for one slot, sorted by word (see the file's comment for the rule). */
function chosenNicknames(evidence: ReadonlyMap<string, Evidence>): LearntNickname[] {
  const out: LearntNickname[] = [];
  for (const [word, e] of evidence) {
    const score = (slot: string): number => (e.explained.get(slot) ?? 0) + (e.addressed.get(slot) ?? 0) + (e.restated.get(slot) ?? 0);
    const ranked = [...e.posts.keys()].sort((a, b) => score(b) - score(a) || (a < b ? -1 : a > b ? 1 : 0));
    const [slotId, second] = ranked;
    if (slotId === undefined) continue;
    const best = score(slotId);
    const other = second === undefined ? 0 : score(second);
    if (best < 2 || (e.posts.get(slotId)?.size ?? 0) < 2 || other * 2 >= best) continue;
    // Over a generic letters rule, only the thread's own explanations count, and at least twice.
    const explained = e.explained.get(slotId) ?? 0;
    if (e.generic !== null && (e.generic === slotId || explained < 2 || (e.posts.get(slotId)?.size ?? 0) < 2)) continue;
    out.push({
      nickname: word,
      slotId,
      explained: e.explained.get(slotId) ?? 0,
      addressed: e.addressed.get(slotId) ?? 0,
      restated: e.restated.get(slotId) ?? 0,
    });
  }
  return out.sort((a, b) => (a.nickname < b.nickname ? -1 : a.nickname > b.nickname ? 1 : 0));
}
