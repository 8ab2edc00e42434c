/**
 * Reading the files a host gives the CLI: every file is size-checked before it
 * is read, and a saved page is bounded in depth before a DOM is built from it,
 * so no input ends in an out-of-memory crash or a stack overflow.
 */
import { readFileSync, statSync } from 'node:fs';
import { limitNesting, maxNestingDepth } from '../src/parsers/index';
import { InputError } from './command';
import { htmlDocument } from './dom';

const MB = 1024 * 1024;

/**
 * The largest file each kind of input may be. The largest real thread page in
 * the shared fixtures is 1.4 MB and the largest corpus posts file 4.1 MB: the
 * limits leave a wide margin and stay far below what exhausts Node's memory
 * (a 62 MB page did, in jsdom, the CLI's DOM until issue 18).
 */
export const inputLimits = {
  /** A thread page saved from the browser (.html), or a Discourse .json page. */
  page: 20 * MB,
  /** A JSON file (game, ruleset, scenario), a game script, or a posts .jsonl file. */
  data: 64 * MB,
} as const;

export type InputKind = keyof typeof inputLimits;

const megabytes = (bytes: number): string => `${String(Math.round((bytes / MB) * 10) / 10)} MB`;

/** The text of `path` (shown as `shown`), refused with the limit when it is larger than inputs of its kind may be. */
export function readInputFile(path: string, shown: string, kind: InputKind, what = 'file'): string {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new InputError(`cannot read ${what} ${shown}: not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${what} ${shown}: no such file or not readable`);
  }
  const limit = inputLimits[kind];
  if (size > limit)
    throw new InputError(
      `${shown}: the ${what} is ${megabytes(size) === megabytes(limit) ? `${String(size)} bytes` : megabytes(size)}, over the ${megabytes(limit)} limit for ${kind === 'page' ? 'a saved page' : 'an input file'}`,
    );
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new InputError(`cannot read ${what} ${shown}: no such file or not readable`);
  }
}

/**
 * A saved page as a DOM (`cli/dom.ts`). Elements nested deeper than a browser
 * nests them (512) are attached at that depth, as a browser does, with a
 * warning: the page still parses what it can. The page's address is not
 * part of the document: the parsers are given it beside the document.
 */
export function pageDocument(html: string, _url: string, shown: string, warn: (text: string) => void): Document {
  const bounded = limitNesting(html);
  if (bounded.removed > 0)
    warn(
      `warning: ${shown}: elements nested ${String(bounded.deepest)} deep; ${String(bounded.removed)} beyond depth ${String(maxNestingDepth)} were read at that depth, as a browser reads them\n`,
    );
  return htmlDocument(bounded.html);
}
