/**
 * Names that look alike: two listed players a reader could take for one
 * another ("Bluebell" and "BlueBel1"), or a listed name and a poster's name
 * that is almost it ("Bluebel" listed, "Bluebell" posting): most often a typo
 * in the list, which the host fixes by renaming the player in place.
 */

/** A name as the eye reads it: case, accents, spacing, punctuation and look-alike digits set aside. */
export function nameShape(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/0/g, 'o')
    .replace(/[1|]/g, 'l')
    .replace(/3/g, 'e')
    .replace(/5/g, 's')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Whether two strings are one insertion, deletion or substitution apart (or equal). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Shapes shorter than this are only alike when equal: "Tom" and "Tim" are two people. */
const minShapeForTypo = 5;

/** Whether two different names look alike. */
export function looksAlike(a: string, b: string): boolean {
  if (a.trim().toLowerCase() === b.trim().toLowerCase()) return false;
  const x = nameShape(a);
  const y = nameShape(b);
  if (x === '' || y === '') return false;
  if (x === y) return true;
  return Math.min(x.length, y.length) >= minShapeForTypo && withinOneEdit(x, y);
}

/** One look-alike: a listed name, and the listed name or poster it could be taken for. */
export interface LookAlike {
  readonly name: string;
  readonly other: string;
  /** Whether `other` is listed too (else it is an account that posts in the thread and is not listed). */
  readonly listed: boolean;
}

/**
 * The look-alikes among listed names (each pair once, in list order), then
 * between a listed name and an unlisted poster. Bounded: a list of n names
 * and m posters costs n² + n·m comparisons of short strings.
 */
export function lookAlikeNames(listed: readonly string[], posters: readonly string[]): LookAlike[] {
  const found: LookAlike[] = [];
  listed.forEach((name, i) => {
    for (const other of listed.slice(i + 1)) if (looksAlike(name, other)) found.push({ name, other, listed: true });
  });
  const known = new Set(listed.map((n) => n.trim().toLowerCase()));
  const unlisted = [...new Set(posters.map((p) => p.trim()))].filter((p) => p !== '' && !known.has(p.toLowerCase()));
  for (const name of listed) for (const other of unlisted) if (looksAlike(name, other)) found.push({ name, other, listed: false });
  return found;
}
