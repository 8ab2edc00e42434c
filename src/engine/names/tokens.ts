/**
 * A post's words as the nickname reading splits it: runs of letters and digits, `/[\p{L}\p{N}]+/gu` in a
 * lower-cased text. The places of the runs are found without making a string of each (a post read for
 * explanations is thousands of words, of which a handful may start a nickname). Not exported from the
 * engine: `nicknames.ts` reads posts with it, and its test checks it against the pattern.
 */
/** One character of a token (a letter or digit of any script). */
const tokenChar = /^[\p{L}\p{N}]$/u;
/** Whether each BMP code unit past ASCII is a token character: 1 yes, 2 no, 0 not asked yet (made on first use). */
let tokenUnits: Uint8Array | undefined;

/** Whether the code point `cp` is a letter or digit (`tokenChar`), with no pattern call for ASCII. */
function isTokenPoint(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a);
  if (cp < 0x10000) {
    tokenUnits ??= new Uint8Array(0x10000);
    let known = tokenUnits[cp] ?? 0;
    if (known === 0) {
      known = tokenChar.test(String.fromCharCode(cp)) ? 1 : 2;
      tokenUnits[cp] = known;
    }
    return known === 1;
  }
  return tokenChar.test(String.fromCodePoint(cp));
}

/**
 * Where `text`'s tokens start and end, the first `most` of them: the places of `/[\p{L}\p{N}]+/gu`'s
 * matches, found without making a string of each (runs of letters and digits, a surrogate pair read as
 * one character and a lone surrogate as none). Written into `starts` and `ends` from index 0 over what they
 * held (arrays reused from post to post keep their room; past the count returned they hold stale places),
 * and returns how many there are.
 */
export function tokenSpans(text: string, starts: number[], ends: number[], most: number): number {
  const length = text.length;
  let count = 0;
  let start = -1;
  let i = 0;
  while (i < length) {
    const unit = text.charCodeAt(i);
    let cp = unit;
    let width = 1;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    // A lone surrogate is no letter: `isTokenPoint` reads it as what it is, a code point of no class.
    const token = isTokenPoint(cp);
    if (token && start < 0) start = i;
    else if (!token && start >= 0) {
      starts[count] = start;
      ends[count] = i;
      count++;
      start = -1;
      if (count >= most) return count;
    }
    i += width;
  }
  if (start >= 0) {
    starts[count] = start;
    ends[count] = length;
    count++;
  }
  return count;
}
