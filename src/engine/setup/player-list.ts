/**
 * Reads the player list a host puts in a game's opening post, so a thread can
 * be counted before the host has set the roster by hand. The host confirms or
 * edits it in the popup; this is only where a new game starts from, and every
 * line it could not read is given back as a problem, never guessed at.
 *
 * What it recognises, as a host reading the post would:
 * - The list: a line that is only a heading such as "Players", "Player list",
 *   "Roster", "Living players" or "Игроки" (any case, optional colon, optional
 *   count like "Players (9)" or "Players [7/9]"), then one player per line
 *   until a blank line or the end. A blank line followed by a "Dead" or
 *   "Graveyard" heading goes on with the dead players.
 * - Numbering and bullets ("1.", "2)", "#3", "-", "*", "•"), BBCode list items
 *   (`[*]`) and the colour, link, size and font tags a host wraps names in
 *   (the parsers drop the markup itself; a plain-text body keeps its tags).
 * - A struck-through name (`[s]Elmo[/s] - lynched Day 1, Vanilla Townie`): the
 *   slot is dead. The notes after a name (after " - ", "(", "," or ":") give
 *   its fate ("lynched Day 1", "killed N1", "modkilled D2", "D3 lynch",
 *   "survived") and its role (what is left, when short: "Mafia Goon").
 * - Replacements: "X replaced Y", "X replaces Y", "X (replacing Y)", "X in for
 *   Y", "Y (replaced by X)" and "Y, replaced by X" are one slot held first by
 *   Y, then X. A struck earlier holder is replaced, not dead.
 * - Hosts: the opening post's author, and co-hosts named anywhere in the post
 *   outside quotes and spoilers ("Co-host: X", "Hosts: A and B", "Mod: X",
 *   "Backup mod: X", "Hosted by X").
 *
 * What it refuses and reports: a line too long to be a name, a "name" that
 * reads as a sentence ("Roles have been sent by PM."), the same name twice, a
 * dead slot whose list does not say when it died. `crossCheckPlayerList` adds
 * what the thread shows: a listed player who never posts, and a frequent
 * poster who is not listed.
 */
import { numberWords } from '../phases/posts';
import type { BodyNode, ForumPost } from '../../model/post';
import type { PhaseKind } from '../phases';
import { currentName, type Account, type Roster, type Slot } from '../types';

/** What the list says became of a slot: a death with the phase it happened in (null: not said), or that it survived. */
export type ListedFate =
  | {
      readonly kind: 'lynched' | 'killed' | 'modkilled';
      readonly phase: { readonly kind: PhaseKind; readonly number: number } | null;
    }
  | { readonly kind: 'survived' };

/** One slot as the list gives it. */
export interface ListedSlot {
  readonly slotId: string;
  /** Its holders' names, the first holder first. */
  readonly accounts: readonly string[];
  /** Struck through, or with a fate that is a death. */
  readonly dead: boolean;
  readonly fate: ListedFate | null;
  /** The role the notes name ("Vanilla Townie"), null where they name none. */
  readonly role: string | null;
  /** The line as the post shows it. */
  readonly line: string;
}

/** Something the host should look at before trusting the list. */
export type PlayerListProblem =
  /** A line in the list that is not a player's (too long, or nothing left once its markup is gone). */
  | { readonly code: 'player-list/unreadable'; readonly line: string }
  /** A line that reads as a sentence, not a name: left out. */
  | { readonly code: 'player-list/sentence'; readonly line: string }
  /** A name listed twice: the second line is left out. */
  | { readonly code: 'player-list/duplicate'; readonly name: string; readonly line: string }
  /** A dead slot (struck, or "dead") whose line does not say in which phase: the count takes the death from the host's posts. */
  | { readonly code: 'player-list/dead-no-phase'; readonly name: string; readonly line: string }
  /** A slot none of whose accounts has posted in the thread. */
  | { readonly code: 'player-list/never-posts'; readonly name: string }
  /** An account that posts often and is neither listed nor a host. */
  | { readonly code: 'player-list/not-listed'; readonly name: string; readonly posts: number };

export interface PlayerListResult {
  /** The slots, and the hosts: the opening post's author first, then the co-hosts the post names. */
  readonly roster: Roster;
  /** Where the list was found, in the host's words. */
  readonly source: string;
  readonly slots: readonly ListedSlot[];
  /** The deaths the list dates, each in the phase it happened in (slot ids). */
  readonly deaths: readonly { readonly slot: string; readonly phase: { readonly kind: PhaseKind; readonly number: number } }[];
  /** The lines it could not read, the names it left out and the dead it could not date. */
  readonly problems: readonly PlayerListProblem[];
}

/** Lines longer than these cannot be a heading or a player's line; skipping them keeps a hostile post cheap. */
const maxHeadingLength = 100;
const maxNameLineLength = 300;
const maxNameLength = 60;
/** A list line as a problem shows it. */
const shown = (line: string): string => (line.length > 120 ? `${line.slice(0, 117)}…` : line);

const countSuffix = String.raw`(?:[(\[]\s*\d+\s*(?:\/\s*\d+\s*)?[)\]])?`;
const heading = new RegExp(
  String.raw`^\s*(?:the\s+)?(?:(?:living|alive|remaining|current)\s+)?(?:players?(?:\s*list)?|playerlist|roster|participants|список\s+игроков|игроки|участники)\s*${countSuffix}\s*:?\s*$`,
  'iu',
);
const aliveHeading = new RegExp(String.raw`^\s*(?:alive|living)(?:\s+players)?\s*${countSuffix}\s*:?\s*$`, 'iu');
const deadHeading = new RegExp(
  String.raw`^\s*(?:the\s+)?(?:dead(?:\s+players)?|graveyard|deceased|eliminated(?:\s+players)?|мёртвые|мертвые|погибшие)\s*${countSuffix}\s*:?\s*$`,
  'iu',
);
/** "1.", "2)", "#3", "•", "[*]", and "-", "*", "+", ">" followed by a space (without one they may begin a name: "-grey-"). */
const oneBullet = /\s*(?:\d+\s*[.):]|#\d+[.):]?|[•·]|[-*+>](?=\s)|\[\*\])\s*/uy;

/**
 * The text without the bullets and numbering it starts with ("1. - Alice" is "Alice"), or the text as it is
 * when it starts with none. One bullet at a time: a pattern repeating a group that holds `\s*` and `\d+`
 * could try every split of a long run of digits and spaces.
 */
function stripBullets(text: string): string {
  // Sticky: each bullet is looked for where the last one ended, so a line of a thousand "1." costs one pass.
  let at = 0;
  oneBullet.lastIndex = 0;
  while (oneBullet.exec(text) !== null && oneBullet.lastIndex > at) {
    at = oneBullet.lastIndex;
  }
  return text.slice(at);
}
/** A legend under a list ("* = prodded", "Bold = confirmed"): no player's line. */
const legend = /\s=\s|^\s*[*†‡]+\s*=/u;
/** The tags a host wraps a name in, as BBCode text (a plain-text body keeps them). */
const wrapperTag = /\[\/?(?:colou?r|url|b|i|u|size|font|highlight|user|member|center|left|right|list|li)(?:=[^\]]{0,200})?\]/giu;
const strikeTag = /\[(\/?)(?:s|strike|del)\]/giu;

const phasePattern = String.raw`(day|night|d|n)\s*(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\b`;
const verbPattern = String.raw`(lynch(?:ed)?|hang(?:ed)?|executed|voted\s+out|mod-?\s?kill(?:ed)?|mk'?d|night-?\s?kill(?:ed)?|nk'?d|nked|kill(?:ed)?|shot|vigg?ed|eliminated|died|dead|death)`;
/** "lynched Day 1", "killed by the mafia on N1", "modkilled D2". */
const verbThenPhase = new RegExp(String.raw`\b${verbPattern}\b(?:\s+[\p{L}']+){0,4}?\s*(?:on|in|during|at)?\s*\b${phasePattern}`, 'iu');
/** "D1 lynch", "Night 2 kill". */
const phaseThenVerb = new RegExp(String.raw`\b${phasePattern}\s*(?:-\s*)?${verbPattern}\b`, 'iu');
/** Alone, only the words that cannot be part of a role's name ("1-Shot Vigilante", "Serial Killer"). */
const verbOnly =
  /\b(lynched|hanged|executed|voted\s+out|mod-?\s?killed|modkilled|night-?\s?killed|nk'?d|nked|killed|died|eliminated|vigged)\b|^(dead)$/iu;
const survived = /^(?:survived|survivor|alive|won|winner|victorious|endgamed)$/iu;

function fateKind(verb: string): 'lynched' | 'killed' | 'modkilled' {
  const v = verb.toLowerCase().replace(/[\s'-]/gu, '');
  if (/^(?:lynch|hang|executed|votedout)/u.test(v)) return 'lynched';
  if (/^(?:modkill|mkd)/u.test(v)) return 'modkilled';
  return 'killed';
}

function phaseOf(kind: string, number: string): { kind: PhaseKind; number: number } {
  const n = numberWords[number.toLowerCase()] ?? Number(number);
  return { kind: kind.toLowerCase().startsWith('d') ? 'day' : 'night', number: n };
}

/** The fate a note names, and what is left of the note once the fate is taken out. */
function readFate(note: string): { fate: ListedFate; rest: string } | null {
  if (survived.test(note.trim())) return { fate: { kind: 'survived' }, rest: '' };
  const a = verbThenPhase.exec(note);
  if (a !== null) {
    return { fate: { kind: fateKind(a[1] ?? ''), phase: phaseOf(a[2] ?? '', a[3] ?? '') }, rest: note.replace(a[0], ' ') };
  }
  const b = phaseThenVerb.exec(note);
  if (b !== null) {
    return { fate: { kind: fateKind(b[3] ?? ''), phase: phaseOf(b[1] ?? '', b[2] ?? '') }, rest: note.replace(b[0], ' ') };
  }
  const c = verbOnly.exec(note);
  if (c !== null) return { fate: { kind: fateKind(c[1] ?? c[2] ?? ''), phase: null }, rest: note.replace(c[0], ' ') };
  return null;
}

/** Words that sentences have and player names almost never do. */
const sentenceWords = new Set(
  'a an is are be been to of in on for and or will your you my me we our has have was were by with not no please this that it can may must should do does if at as from all any each who what when here there'.split(
    ' ',
  ),
);

/**
 * Whether a line read as a name is a sentence: five words or more, two or
 * more ending in ".", "!" or "?", or three or more words one of which (not a
 * leading "The") is a word sentences are built with, written in lower case
 * (two such words in any line). "Mister Two Words", "The Fool", "Lord Of
 * Nothing" and "Mr. Smith" are names; "Roles have been sent by PM." is not.
 */
export function looksLikeSentence(name: string): boolean {
  const words = name.trim().split(/\s+/u);
  if (words.length >= 5) return true;
  if (words.length >= 2 && /[.!?]$/u.test(name.trim())) return true;
  // Written in lower case: "Lord Of Nothing" is a name in title case, "Lord of the Flies" reads as words.
  const stops = words.filter((w, i) => !(i === 0 && w.toLowerCase() === 'the') && sentenceWords.has(w)).length;
  return stops >= 2 || (words.length >= 3 && stops >= 1);
}

/** A run of a line's text and whether it is struck through. */
interface Piece {
  readonly text: string;
  readonly struck: boolean;
}

/** The post's own lines (quotes and spoilers left out), each as struck and unstruck pieces. */
function linesOf(body: readonly BodyNode[]): Piece[][] {
  const lines: Piece[][] = [[]];
  const current = (): Piece[] => lines[lines.length - 1] ?? [];
  for (const node of body) {
    if (node.type === 'break') lines.push([]);
    else if (node.type === 'text') {
      // A plain-text body keeps its BBCode: list items are lines (a new line only where the line has begun), and [s] marks what is struck.
      const parts = node.text
        .replace(/[\uE001\uE002]/gu, '')
        .replace(/\[\*\]|\[\/?list(?:=[^\]]{0,20})?\]/giu, '\uE000')
        .split(/(\n|\uE000)/u);
      for (const part of parts) {
        if (part === '\n') {
          lines.push([]);
          continue;
        }
        if (part === '\uE000') {
          if (current().some((p) => p.text.trim() !== '')) lines.push([]);
          continue;
        }
        let struck = node.struck === true;
        let at = 0;
        for (const m of part.matchAll(strikeTag)) {
          current().push({ text: part.slice(at, m.index), struck });
          struck = m[1] !== '/';
          at = m.index + m[0].length;
        }
        current().push({ text: part.slice(at), struck });
      }
    }
  }
  return lines.map((pieces) => pieces.map((p) => ({ ...p, text: p.text.replace(wrapperTag, '') })).filter((p) => p.text !== ''));
}

const lineText = (pieces: readonly Piece[]): string => pieces.map((p) => p.text).join('');

const hostWords = String.raw`(?:co-?|assistant\s+|backup\s+|back-up\s+)?(?:hosts?|mods?|moderators?|gms?|game\s*masters?|ведущи[йе])`;
const hostLine = new RegExp(
  String.raw`^\s*(?:${hostWords}\s*(?:\(\s*\w+\s*\))?\s*[:\-–—]\s*|(?:co-?)?(?:hosted|modded|moderated|run)\s+by\s+)(.+)$`,
  'iu',
);

/** The names a host line gives ("Hosts: A and B" gives A and B), or null when it is no host line or names nothing a host could be. */
function hostNames(line: string): string[] | null {
  const m = hostLine.exec(line);
  if (m === null) return null;
  const names = (m[1] ?? '')
    .replace(/\([^)]*\)/gu, ' ')
    .split(/\s*(?:,|&|\/|\+|\band\b|\bи\b)\s*/u)
    .map((n) => cleanName(n))
    .filter((n) => n !== '');
  // A host's name is a few words, none of them a word sentences are built with ("Mod: please do not PM me" names no one).
  const plausible = (n: string): boolean =>
    n.length <= 40 &&
    n.split(/\s+/u).length <= 3 &&
    !/[.!?]$/u.test(n) &&
    !n.split(/\s+/u).some((w, i) => !(i === 0 && w.toLowerCase() === 'the') && sentenceWords.has(w.toLowerCase()));
  return names.length > 0 && names.every(plausible) ? names : null;
}

/** A name as written, without the marks around it: quotes, an "@", a trailing colon, footnote marks ("Kid A*", "Not_Mafia***": a prod or a confirmation). */
function cleanName(raw: string): string {
  return raw
    .replace(/[\uE001\uE002]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[*†‡]+$/u, '')
    .trim()
    .replace(/^@/u, '')
    .replace(/^["'“”«»]+|["'“”«»]+$/gu, '')
    .replace(/\s*[:;,]$/u, '')
    .trim();
}

const before = String.raw`(?:replacing|replaces|replaced|repl?\.|in\s+for|subbed\s+in\s+for|subbing\s+for|sub\s+for)`;
const after = String.raw`(?:replaced\s+by|subbed\s+out\s+for)`;
/** "(replaced by X)", "(replacing Y)" anywhere in the line; the innermost first where they nest. */
const replacementAside = new RegExp(String.raw`\(\s*(${after}|${before})\s*:?\s+([^()]+?)\s*\)`, 'iu');
const afterWords = new RegExp(`^${after}`, 'iu');
/** Where a struck run starts and ends in a line's text (private-use characters, never in a post's text once read). */
const strikeOpen = '\uE001';
const strikeClose = '\uE002';
/** `stripBullets` behind the strike marks a line may open with (a struck numbered line: the marks stay). */
function stripBulletsAfterMarks(text: string): string {
  const marks = /^[\uE001\uE002]*/u.exec(text)?.[0] ?? '';
  return marks + stripBullets(text.slice(marks.length));
}

/** The runs of a name's text with letters in them, struck or not, in order. */
function runsOf(text: string): { readonly text: string; readonly struck: boolean }[] {
  const runs: { text: string; struck: boolean }[] = [];
  let struck = false;
  let buffer = '';
  for (const ch of text) {
    if (ch !== strikeOpen && ch !== strikeClose) {
      buffer += ch;
      continue;
    }
    runs.push({ text: buffer, struck });
    buffer = '';
    struck = ch === strikeOpen;
  }
  runs.push({ text: buffer, struck });
  return runs.filter((r) => /[\p{L}\p{N}]/u.test(r.text));
}
const afterNote = new RegExp(String.raw`^${after}\s*:?\s+(.+)$`, 'iu');
const beforeNote = new RegExp(String.raw`^${before}\s*:?\s+(.+)$`, 'iu');
const separator = /\s+[-–—]+\s+|\s*[([]|,\s*|;\s*|:\s+|\s+[-–—]+$/u;

interface ReadLine {
  readonly holders: string[];
  /** The current holder's name is struck through. */
  readonly struck: boolean;
  readonly fate: ListedFate | null;
  readonly role: string | null;
}

/**
 * One list line (its struck runs between `strikeOpen` and `strikeClose`): its
 * holders (first holder first), whether the current one is struck, its fate
 * and role. A struck name next to an unstruck one ("~~Vinkah~~ Oversoul",
 * "Oversoul ~~Vinkah~~") is a replaced player, the unstruck one holding the
 * slot now; a struck name followed by its fate ("~~Elmo~~ lynched D1") is dead.
 */
function readLine(text: string): ReadLine | { problem: 'unreadable' | 'sentence' } {
  let line = stripBulletsAfterMarks(text).replace(/\s+/gu, ' ').trim();
  // "(replacing Y)" and "(replaced by X)" asides, innermost first: "C (replacing B (replacing A))" was held by A, B, then C.
  const asides: { readonly who: string; readonly at: number; readonly later: boolean }[] = [];
  for (let m = replacementAside.exec(line); m !== null && asides.length < 20; m = replacementAside.exec(line)) {
    asides.push({ who: cleanName(m[2] ?? ''), at: m.index, later: afterWords.test(m[1] ?? '') });
    line = `${line.slice(0, m.index)}${' '.repeat(m[0].length)}${line.slice(m.index + m[0].length)}`;
  }
  const earlier = asides
    .filter((a) => !a.later)
    .sort((a, b) => b.at - a.at)
    .map((a) => a.who);
  const later = asides
    .filter((a) => a.later)
    .sort((a, b) => a.at - b.at)
    .map((a) => a.who);
  line = line.replace(/\s+/gu, ' ').trim();
  const cut = separator.exec(line);
  const head = cut === null ? line : line.slice(0, cut.index);
  let notes = cut === null ? '' : line.slice(cut.index + cut[0].length);
  // "C replaced B replaced A" / "A replaced by B": the chain of holders in the head.
  const chain = head.split(new RegExp(String.raw`\s+(${after}|${before})\s+`, 'iu')).map((part) => part.trim());
  // `marked`: set apart by markup (a struck run), so a name even where its words read like a sentence's ("Jake from State Farm").
  type Holder = { name: string; struck: boolean; marked?: boolean };
  let holders: Holder[];
  const holderOf = (part: string): { name: string; struck: boolean } => {
    const runs = runsOf(part);
    return { name: cleanName(part), struck: runs.length > 0 && runs.every((r) => r.struck) };
  };
  if (chain.length === 1) {
    const runs = runsOf(head);
    const struck = runs.filter((r) => r.struck);
    const plain = runs.filter((r) => !r.struck);
    const rest = plain.map((r) => r.text).join(' ');
    if (struck.length > 0 && plain.length > 0 && readFate(rest) === null) {
      // The nearer a struck name is to the current one, the more recently it held the slot: "~~A~~ ~~B~~ C" and "C ~~B~~ ~~A~~" were held by A, B, then C.
      const at = runs.findIndex((r) => !r.struck);
      const before = runs.slice(0, at).filter((r) => r.struck);
      const after = runs
        .slice(at)
        .filter((r) => r.struck)
        .reverse();
      holders = [...before, ...after, ...plain].map((r) => ({ name: cleanName(r.text), struck: r.struck, marked: true }));
    } else if (struck.length > 0 && plain.length > 0) {
      // "~~Elmo~~ lynched Day 1": what is not struck is the note.
      holders = [{ name: cleanName(struck.map((r) => r.text).join(' ')), struck: true }];
      notes = `${rest}, ${notes}`;
    } else holders = [holderOf(head)];
  } else {
    holders = [holderOf(chain[0] ?? '')];
    for (let i = 1; i + 1 < chain.length; i += 2) {
      const holder = holderOf(chain[i + 1] ?? '');
      if (new RegExp(`^${after}$`, 'iu').test(chain[i] ?? '')) holders.push(holder);
      else holders.unshift(holder);
    }
  }
  let fate: ListedFate | null = null;
  const roles: string[] = [];
  for (const raw of notes.replace(/[\uE001\uE002]/gu, '').split(/[,;()[\]]|\s[-–—]+\s|:\s/u)) {
    const note = raw.trim();
    if (note === '') continue;
    const by = afterNote.exec(note);
    const of = beforeNote.exec(note);
    if (by !== null) later.push(cleanName(by[1] ?? ''));
    else if (of !== null) earlier.push(cleanName(of[1] ?? ''));
    else {
      const read: ReturnType<typeof readFate> = fate === null ? readFate(note) : null;
      if (read !== null) fate = read.fate;
      const rest = (read?.rest ?? note).replace(/\s+/gu, ' ').trim();
      if (rest !== '' && /\p{L}/u.test(rest) && rest.split(' ').length <= 6 && !looksLikeSentence(rest)) roles.push(rest);
    }
  }
  const all: Holder[] = [
    ...earlier.map((name) => ({ name, struck: false })),
    ...holders,
    ...later.map((name) => ({ name, struck: false })),
  ].filter((h) => h.name !== '');
  if (all.length === 0) return { problem: 'unreadable' };
  const names = all.map((h) => h.name);
  const plainHead = cleanName(head);
  if (names.some((h) => h.length > maxNameLength)) return { problem: looksLikeSentence(plainHead) ? 'sentence' : 'unreadable' };
  if (all.some((h) => (h.marked === true ? h.name.split(' ').length >= 5 || /[.!?]$/u.test(h.name) : looksLikeSentence(h.name))))
    return { problem: 'sentence' };
  return { holders: names, struck: all[all.length - 1]?.struck ?? false, fate, role: roles.length === 0 ? null : roles.join(', ') };
}

/** The co-hosts the opening post names besides its author, in the order it names them. */
export function namedHosts(body: readonly BodyNode[]): string[] {
  const names: string[] = [];
  for (const pieces of linesOf(body)) {
    const text = stripBullets(lineText(pieces));
    if (text.length > maxHeadingLength) continue;
    for (const name of hostNames(text) ?? []) if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names;
}

/** The hosts of a thread by default: the opening post's author, then the co-hosts the post names. */
export function hostsOfOpeningPost(opening: Pick<ForumPost, 'author' | 'body'>): string[] {
  const hosts = [opening.author.trim()];
  for (const name of namedHosts(opening.body)) if (!hosts.some((h) => h.toLowerCase() === name.toLowerCase())) hosts.push(name);
  return hosts.filter((h) => h !== '');
}

/**
 * The roster from an opening post, or null when the post has no recognisable
 * player list. `host` is the opening post's author: the first host of the game.
 * `posters` are the accounts that post in the thread: a list line that is one
 * of them whole is that account, though it holds a comma, a semicolon or a
 * bracket the reader would otherwise take for the start of a note ("Tom; Jerry").
 */
export function readPlayerList(
  body: readonly BodyNode[],
  host: string,
  postNumber: number,
  posters: readonly string[] = [],
): PlayerListResult | null {
  const posterNames = new Map(posters.map((p) => [p.trim().toLowerCase(), p.trim()]));
  const lines = linesOf(body);
  const texts = lines.map(lineText);
  // "Players", or a "Living"/"Alive" heading that a "Dead" section follows.
  const start = texts.findIndex(
    (line) => line.length <= maxHeadingLength && (heading.test(stripBullets(line)) || aliveHeading.test(stripBullets(line))),
  );
  if (start === -1) return null;
  const slots: ListedSlot[] = [];
  const problems: PlayerListProblem[] = [];
  const seen = new Map<string, string>();
  let deadSection = false;
  // Footnote marks used after names above ("Kid A*"): a line starting with one is their legend.
  const footnotes = new Set<string>();
  // ...unless the list's own lines start with it ("* Alice*").
  const bullets = new Set<string>();
  for (let i = start + 1; i < lines.length; i++) {
    const pieces = lines[i] ?? [];
    const text = texts[i] ?? '';
    const bare = stripBullets(text).trim();
    if (bare === '') {
      if (slots.length === 0) continue;
      // The list goes on past a blank line only into a section of the same list ("Dead:").
      const next = texts.slice(i + 1).find((t) => t.trim() !== '') ?? '';
      if (next.length <= maxHeadingLength && (deadHeading.test(next) || aliveHeading.test(next))) continue;
      break;
    }
    if (text.length <= maxHeadingLength && (deadHeading.test(bare) || aliveHeading.test(bare))) {
      deadSection = deadHeading.test(bare);
      continue;
    }
    // A host line inside the list names a host, not a player; a legend ("* = prodded", or "* Prods" under names marked "Kid A*") names no one.
    const mark = /^\s*([*†‡])/u.exec(text)?.[1];
    if (
      text.length <= maxHeadingLength &&
      (hostNames(bare) !== null || legend.test(text) || (mark !== undefined && footnotes.has(mark) && !bullets.has(mark)))
    )
      continue;
    if (mark !== undefined) bullets.add(mark);
    for (const m of text.matchAll(/[\p{L}\p{N}_)\]]([*†‡])/gu)) footnotes.add(m[1] ?? '');
    if (text.length > maxNameLineLength) {
      problems.push({ code: 'player-list/unreadable', line: shown(text.trim()) });
      continue;
    }
    const poster = pieces.some((p) => p.struck)
      ? undefined
      : (posterNames.get(bare.replace(/\s+/gu, ' ').toLowerCase()) ?? posterNames.get(cleanName(bare).toLowerCase()));
    const read =
      poster !== undefined
        ? { holders: [poster], struck: false, fate: null, role: null }
        : readLine(pieces.map((p) => (p.struck ? `${strikeOpen}${p.text}${strikeClose}` : p.text)).join(''));
    if ('problem' in read) {
      problems.push({ code: read.problem === 'sentence' ? 'player-list/sentence' : 'player-list/unreadable', line: shown(text.trim()) });
      continue;
    }
    // A name listed again on its own is the same slot twice; inside a replacement chain it is one account that
    // held two slots (replaced out of one, later into another), which the count tells the host about.
    const twice = read.holders.length === 1 ? read.holders.find((h) => seen.has(h.toLowerCase())) : undefined;
    if (twice !== undefined) {
      problems.push({ code: 'player-list/duplicate', name: twice, line: shown(text.trim()) });
      continue;
    }
    const slotId = `slot-${slots.length + 1}`;
    for (const h of read.holders) seen.set(h.toLowerCase(), slotId);
    const dead = deadSection || read.struck || (read.fate !== null && read.fate.kind !== 'survived');
    slots.push({ slotId, accounts: read.holders, dead, fate: read.fate, role: read.role, line: text.trim() });
  }
  if (slots.length < 2) return null;
  const deaths: PlayerListResult['deaths'][number][] = [];
  for (const s of slots) {
    if (!s.dead) continue;
    const phase = s.fate !== null && s.fate.kind !== 'survived' ? s.fate.phase : null;
    if (phase === null)
      problems.push({ code: 'player-list/dead-no-phase', name: s.accounts[s.accounts.length - 1] ?? '', line: shown(s.line) });
    else deaths.push({ slot: s.slotId, phase });
  }
  const hosts = [host.trim()];
  for (const name of namedHosts(body))
    if (!hosts.some((h) => h.toLowerCase() === name.toLowerCase()) && !seen.has(name.toLowerCase())) hosts.push(name);
  const rosterSlots: Slot[] = slots.map((s) => ({ id: s.slotId, accounts: s.accounts.map((name): Account => ({ name })) }));
  return {
    roster: { slots: rosterSlots, hosts: hosts.filter((h) => h !== '') },
    source: `the player list in post #${postNumber}`,
    slots,
    deaths,
    problems,
  };
}

/** How many posts make an unlisted account "frequent": fewer is a passer-by (a spectator, a replacement asking in). */
export const frequentPosterPosts = 3;

/**
 * What the thread says about a list read from its opening post: slots none of
 * whose accounts ever posts after it, and accounts that post at least
 * `frequentPosterPosts` times but are neither listed nor hosts (a renamed
 * account, a misspelt roster entry, a replacement the list does not name).
 * Reported only: linking a poster to a slot is the host's call (or the
 * account linking's).
 */
export function crossCheckPlayerList(roster: Roster, posts: readonly ForumPost[]): PlayerListProblem[] {
  const opening = posts.reduce<ForumPost | undefined>(
    (first, p) => (first === undefined || p.number < first.number ? p : first),
    undefined,
  );
  const counts = new Map<string, { name: string; posts: number }>();
  for (const p of posts) {
    if (p === opening) continue;
    const key = p.author.trim().toLowerCase();
    const known = counts.get(key);
    if (known === undefined) counts.set(key, { name: p.author.trim(), posts: 1 });
    else known.posts++;
  }
  return crossCheckPosters(roster, counts);
}

/**
 * `crossCheckPlayerList` from the thread's posters already counted: each account's posts after the
 * opening post, by its trimmed lower-case form, with its name as first written, in the order they
 * first posted (a thread counter keeps these from count to count).
 */
export function crossCheckPosters(
  roster: Roster,
  counts: ReadonlyMap<string, { readonly name: string; readonly posts: number }>,
): PlayerListProblem[] {
  const problems: PlayerListProblem[] = [];
  const listed = new Set<string>();
  for (const slot of roster.slots) {
    const names = [...slot.accounts.map((a) => a.name), ...(slot.aliases ?? [])].map((n) => n.trim().toLowerCase());
    for (const n of names) listed.add(n);
    if (!names.some((n) => counts.has(n))) problems.push({ code: 'player-list/never-posts', name: currentName(slot) });
  }
  const hosts = new Set(roster.hosts.map((h) => h.trim().toLowerCase()));
  const unlisted = [...counts.entries()]
    .filter(([key, c]) => !listed.has(key) && !hosts.has(key) && c.posts >= frequentPosterPosts)
    .map(([, c]) => c)
    .sort((a, b) => b.posts - a.posts);
  for (const c of unlisted) problems.push({ code: 'player-list/not-listed', name: c.name, posts: c.posts });
  return problems;
}
