/**
 * The content script's build loads every engine's page-link reader (links.ts) as a stub
 * (scripts/crawl-only-stubs.ts): the stub exports the same functions, each refusing to run,
 * and nothing the content script runs (an engine's adapter and what it imports) imports a
 * page-link reader, so a forum page never calls one.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crawlOnlyFile, crawlOnlyStub } from '../../scripts/crawl-only-stubs';
import { forumEngineIds } from '../../src/parsers/index';
import { repoRoot } from './helpers';

const parsers = path.join(repoRoot, 'src', 'parsers');

describe('page-link readers left out of the content script', () => {
  it.each(forumEngineIds)('%s: its links.ts is stubbed with the same exported functions, which refuse to run', async (id) => {
    const file = path.join(parsers, id, 'links.ts');
    expect(crawlOnlyFile.test(file)).toBe(true);
    const real = (await import(`../../src/parsers/${id}/links.ts`)) as Record<string, unknown>;
    const stub = crawlOnlyStub(readFileSync(file, 'utf8'));
    const names = [...stub.matchAll(/^export function (\w+)\(\)/gm)].map((m) => m[1]);
    expect(names.sort()).toEqual(Object.keys(real).sort());
    const loaded = (await import(`data:text/javascript,${encodeURIComponent(stub)}`)) as Record<string, () => unknown>;
    for (const name of Object.keys(real)) expect(() => loaded[name]?.(), name).toThrow(/the content script does not read page links/);
  });

  it('stubs nothing else: no other parser file matches', () => {
    const others = readdirSync(parsers, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith(`${path.sep}links.ts`))
      .filter((f) => crawlOnlyFile.test(path.join(parsers, f)));
    expect(others).toEqual([]);
  });

  it('no file but an engine module or another page-link reader imports a page-link reader', () => {
    const importers = readdirSync(parsers, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from '\.{1,2}\/(?:[a-z0-9]+\/)?links'/.test(readFileSync(path.join(parsers, f), 'utf8')))
      .filter((f) => !/(?:^|[\\/])(?:index|links)\.ts$/.test(f));
    expect(importers).toEqual([]);
  });

  it('refuses to stub a file that exports more than functions', () => {
    expect(() => crawlOnlyStub('export const perPage = 25;\nexport function f() {}\n')).toThrow(/other than functions/);
  });
});
