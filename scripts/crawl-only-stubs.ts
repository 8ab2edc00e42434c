/**
 * The content script reads the page in front of it; only the worker reads a thread's
 * other pages. Every engine module names its page-link reader (`src/parsers/<engine>/links.ts`),
 * so the content script's build (vite.config.ts) loads each of those files as a stub whose
 * functions say they are not for it: 1.6 KB gzipped of crawl code stays off every forum
 * page, and the engine modules stay whole everywhere else.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** An engine's page-link reader: `src/parsers/<engine>/links.ts`. */
export const crawlOnlyFile = /[\\/]src[\\/]parsers[\\/][a-z][a-z0-9]*[\\/]links\.ts$/;

/** The stub of a page-link reader file: each exported function, throwing if the content script ever called it. */
export function crawlOnlyStub(source: string): string {
  const names = [...source.matchAll(/^export function (\w+)/gm)].map((m) => m[1] ?? '');
  const others = /^export (?!function )/m.test(source);
  if (others)
    throw new Error('a page-link reader file exports something other than functions: the content script stub cannot stand in for it');
  return names
    .map(
      (name) =>
        `export function ${name}() {\n  throw new Error('${name}: the content script does not read page links; the worker does');\n}\n`,
    )
    .join('');
}

/** The vite plugin that loads every page-link reader file as its stub. */
export function crawlOnlyStubs(): Plugin {
  return {
    name: 'gavel-content-script-without-page-links',
    load(id) {
      const file = id.split('?')[0] ?? id;
      return crawlOnlyFile.test(file) ? crawlOnlyStub(readFileSync(file, 'utf8')) : null;
    },
  };
}
