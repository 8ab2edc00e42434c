/**
 * Regular expressions a host writes (phase markers: `"pattern": "day\\s+(?<number>\\d+)\\s+begins"`)
 * are run by JavaScript's backtracking engine over every host post on every
 * count. A pattern such as `^(a|a)+$` or `(a+)+$` takes exponential time on a
 * post of a few dozen letters, and `\s*\s*\s*x` polynomial time: one such pattern in a
 * game file would hang the count. There is no bounded engine in the browser, and
 * a time limit cannot interrupt a running match, so such patterns are refused
 * when the file is read, with what is wrong in them.
 *
 * The check is on the pattern's structure, before it ever runs:
 * - a repeat (`*`, `+`, `{2,}`…) may only repeat a part that matches in one way:
 *   no repeat or optional part inside it, and no alternation whose choices can
 *   start with the same character (`(a|a)+`, `(ab|a)+`, `(a+)+`, `(a?a)+`);
 * - two repeats that can match the same characters may not follow each other
 *   with only optional parts, or parts the first can also match, between them
 *   (`\s*\s*`, `.*x.*`, `\d+\d+`), since the text between them could be split in
 *   many ways;
 * - no back-references, and repeat counts of at most 1000.
 * What remains takes at most time proportional to the post's length times
 * the length of one match attempt (quadratic in the worst case, as for any
 * pattern starting with `.*`): every default marker passes.
 */

/** A part of a pattern, with the text it was written as (for messages). */
type PatternNode =
  | { readonly k: 'char'; readonly src: string }
  | { readonly k: 'seq'; readonly items: readonly PatternNode[]; readonly src: string }
  | { readonly k: 'alt'; readonly branches: readonly PatternNode[]; readonly src: string }
  | { readonly k: 'group'; readonly body: PatternNode; readonly look: boolean; readonly src: string }
  | { readonly k: 'repeat'; readonly body: PatternNode; readonly min: number; readonly max: number; readonly src: string }
  | { readonly k: 'assert'; readonly src: string }
  | { readonly k: 'backref'; readonly src: string };

/** The largest repeat count accepted (`{0,1000}`). */
export const maxRepeatCount = 1000;

class Unsafe extends Error {}

/** Reads a pattern that `new RegExp(pattern, 'u')` accepted into its parts. */
function parsePattern(s: string): PatternNode {
  let i = 0;
  const alt = (): PatternNode => {
    const start = i;
    const branches = [seq()];
    while (s[i] === '|') {
      i++;
      branches.push(seq());
    }
    return branches.length === 1 ? (branches[0] as PatternNode) : { k: 'alt', branches, src: s.slice(start, i) };
  };
  const seq = (): PatternNode => {
    const start = i;
    const items: PatternNode[] = [];
    while (i < s.length && s[i] !== '|' && s[i] !== ')') items.push(quantified(atom()));
    return { k: 'seq', items, src: s.slice(start, i) };
  };
  const quantified = (node: PatternNode & { src: string }): PatternNode => {
    const start = i - node.src.length;
    let min: number;
    let max: number;
    const c = s[i];
    if (c === '*' || c === '+' || c === '?') {
      min = c === '+' ? 1 : 0;
      max = c === '?' ? 1 : Infinity;
      i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/u.exec(s.slice(i, i + 30));
      if (m === null) return node;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      i += m[0].length;
      if (min > maxRepeatCount || (max !== Infinity && max > maxRepeatCount))
        throw new Unsafe(`the repeat count in "${s.slice(start, i)}" is over ${maxRepeatCount}`);
    } else return node;
    if (s[i] === '?') i++;
    return { k: 'repeat', body: node, min, max, src: s.slice(start, i) };
  };
  const atom = (): PatternNode & { src: string } => {
    const start = i;
    const c = s[i] ?? '';
    if (c === '(') {
      let look = false;
      if (s.startsWith('(?:', i)) i += 3;
      else if (s.startsWith('(?=', i) || s.startsWith('(?!', i)) {
        i += 3;
        look = true;
      } else if (s.startsWith('(?<=', i) || s.startsWith('(?<!', i)) {
        i += 4;
        look = true;
      } else if (s.startsWith('(?<', i)) i = s.indexOf('>', i) + 1;
      else i++;
      const body = alt();
      i++; // the closing parenthesis
      return { k: 'group', body, look, src: s.slice(start, i) };
    }
    if (c === '[') {
      i++;
      while (i < s.length && s[i] !== ']') i += s[i] === '\\' ? 2 : 1;
      i++;
      return { k: 'char', src: s.slice(start, i) };
    }
    if (c === '^' || c === '$') {
      i++;
      return { k: 'assert', src: c };
    }
    if (c === '\\') {
      const d = s[i + 1] ?? '';
      i += 2;
      if (d === 'b' || d === 'B') return { k: 'assert', src: s.slice(start, i) };
      if (/[1-9]/u.test(d)) {
        while (/\d/u.test(s[i] ?? '')) i++;
        return { k: 'backref', src: s.slice(start, i) };
      }
      if (d === 'k') {
        i = s.indexOf('>', i) + 1;
        return { k: 'backref', src: s.slice(start, i) };
      }
      if ((d === 'p' || d === 'P' || d === 'u') && s[i] === '{') i = s.indexOf('}', i) + 1;
      else if (d === 'u') i += 4;
      else if (d === 'x') i += 2;
      else if (d === 'c') i += 1;
      return { k: 'char', src: s.slice(start, i) };
    }
    i += String.fromCodePoint(s.codePointAt(i) ?? 0).length;
    return { k: 'char', src: s.slice(start, i) };
  };
  return alt();
}

// ---------------------------------------------------------------- character sets, by probing

/**
 * The characters a set is tested on: Latin, its supplements and IPA
 * (0-0x2FF), Greek, Cyrillic, and the spaces, punctuation and other scripts
 * posts are written in. Two sets overlap when one probe matches both.
 */
const probes: readonly string[] = (() => {
  const out: string[] = [];
  for (let c = 0; c <= 0x2ff; c++) out.push(String.fromCodePoint(c));
  for (let c = 0x370; c <= 0x4ff; c++) out.push(String.fromCodePoint(c));
  for (const c of [
    0x5d0, 0x627, 0x905, 0xe01, 0x1680, 0x2000, 0x2003, 0x200a, 0x200b, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2026, 0x2028,
    0x2029, 0x202f, 0x205f, 0x20ac, 0x2122, 0x2212, 0x3000, 0x3042, 0x4e00, 0xac00, 0xfeff, 0xff01, 0x1f600,
  ])
    out.push(String.fromCodePoint(c));
  return out;
})();

type CharSet = Uint8Array;

const setCache = new Map<string, CharSet>();

function setOf(src: string): CharSet {
  let set = setCache.get(src);
  if (set === undefined) {
    const re = new RegExp(`^(?:${src})$`, 'iu');
    set = Uint8Array.from(probes, (p) => (re.test(p) ? 1 : 0));
    setCache.set(src, set);
  }
  return set;
}

function overlap(a: CharSet, b: CharSet): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] === 1 && b[i] === 1) return true;
  return false;
}

function union(sets: readonly CharSet[]): CharSet {
  const out = new Uint8Array(probes.length);
  for (const set of sets) for (let i = 0; i < set.length; i++) if (set[i] === 1) out[i] = 1;
  return out;
}

/** Every character a part can consume (lookarounds consume none). */
function charsOf(node: PatternNode): CharSet {
  switch (node.k) {
    case 'char':
      return setOf(node.src);
    case 'seq':
      return union(node.items.map(charsOf));
    case 'alt':
      return union(node.branches.map(charsOf));
    case 'group':
      return node.look ? new Uint8Array(probes.length) : charsOf(node.body);
    case 'repeat':
      return charsOf(node.body);
    default:
      return new Uint8Array(probes.length);
  }
}

function nullable(node: PatternNode): boolean {
  switch (node.k) {
    case 'char':
      return false;
    case 'seq':
      return node.items.every(nullable);
    case 'alt':
      return node.branches.some(nullable);
    case 'group':
      return node.look || nullable(node.body);
    case 'repeat':
      return node.min === 0 || nullable(node.body);
    default:
      return true;
  }
}

/** The characters a part's match can start with. */
function firstOf(node: PatternNode): CharSet {
  switch (node.k) {
    case 'char':
      return setOf(node.src);
    case 'seq': {
      const sets: CharSet[] = [];
      for (const item of node.items) {
        sets.push(firstOf(item));
        if (!nullable(item)) break;
      }
      return union(sets);
    }
    case 'alt':
      return union(node.branches.map(firstOf));
    case 'group':
      return node.look ? new Uint8Array(probes.length) : firstOf(node.body);
    case 'repeat':
      return firstOf(node.body);
    default:
      return new Uint8Array(probes.length);
  }
}

// ---------------------------------------------------------------- the rules

/** A repeated part must match in one way only. */
function checkRepeatedBody(node: PatternNode, repeat: PatternNode): void {
  switch (node.k) {
    case 'repeat':
      throw new Unsafe(
        `"${repeat.src}" repeats a part that holds another repeat or optional part ("${node.src}"), which can take exponential time`,
      );
    case 'group':
      if (node.look) throw new Unsafe(`"${repeat.src}" repeats a lookahead or lookbehind; move it out of the repeat`);
      checkRepeatedBody(node.body, repeat);
      return;
    case 'seq':
      for (const item of node.items) checkRepeatedBody(item, repeat);
      return;
    case 'alt': {
      const firsts = node.branches.map(firstOf);
      firsts.forEach((a, x) => {
        if (firsts.some((b, y) => y > x && overlap(a, b)) || nullable(node.branches[x] as PatternNode))
          throw new Unsafe(
            `"${repeat.src}" repeats a choice whose options can match the same text ("${node.src}"), which can take exponential time; use a character class such as [ab] or options that start differently`,
          );
      });
      for (const branch of node.branches) checkRepeatedBody(branch, repeat);
      return;
    }
    default:
      return;
  }
}

/** A repeat still able to take the characters that follow, and where it was written. */
interface Live {
  readonly set: CharSet;
  readonly src: string;
}

/** Walks the parts in order, keeping the repeats that could still take the next characters; returns them after `node`. */
function scan(node: PatternNode, live: readonly Live[]): readonly Live[] {
  switch (node.k) {
    case 'char': {
      const set = setOf(node.src);
      return live.filter((l) => overlap(l.set, set));
    }
    case 'seq':
      return node.items.reduce<readonly Live[]>((at, item) => scan(item, at), live);
    case 'alt': {
      const after: Live[] = [];
      for (const branch of node.branches)
        for (const l of scan(branch, live)) if (!after.some((a) => a.src === l.src && a.set === l.set)) after.push(l);
      return after;
    }
    case 'group':
      if (node.look) {
        scan(node.body, []);
        return live;
      }
      return scan(node.body, live);
    case 'repeat': {
      if (node.max <= 1) return [...live, ...scan(node.body, live)];
      checkRepeatedBody(node.body, node);
      if (nullable(node.body)) throw new Unsafe(`"${node.src}" repeats a part that can match nothing`);
      const set = charsOf(node.body);
      const before = live.find((l) => overlap(l.set, set));
      if (before !== undefined)
        throw new Unsafe(
          `"${before.src}" and "${node.src}" can match the same characters one after the other, so the text between them splits in many ways (slow on long posts); merge them into one repeat or separate them with a character neither matches`,
        );
      const self: Live = { set, src: node.src };
      return node.min === 0 ? [...live, self] : [self];
    }
    case 'backref':
      throw new Unsafe(`back-references such as "${node.src}" are not accepted: they can take exponential time`);
    default:
      return live;
  }
}

/**
 * What makes `pattern` unfit to run over posts (it is not a regular
 * expression, or it can take more than quadratic time), or undefined when it is fine.
 */
export function patternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'giu');
  } catch (error) {
    return `not a regular expression (${error instanceof Error ? error.message : String(error)})`;
  }
  try {
    scan(parsePattern(pattern), []);
    return undefined;
  } catch (error) {
    if (error instanceof Unsafe) return `${error.message}; see "Your posts as phase markers" in docs/phases-and-breaches.md`;
    throw error;
  }
}
