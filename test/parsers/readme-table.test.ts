/** The README's supported-forums table lists exactly the registry's engines (refined-github's readme meta-test). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forumEngineIds } from '../../src/parsers/index';
import { repoRoot } from './helpers';

describe('README supported forums', () => {
  it('has one table row per registered engine and no other', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const section = /<!-- forums:start -->([\s\S]*?)<!-- forums:end -->/.exec(readme)?.[1];
    expect(section, 'README forums section').toBeDefined();
    const ids = [...(section ?? '').matchAll(/^\|\s*`([a-z0-9]+)`\s*\|/gm)].map((m) => m[1]);
    expect([...ids].sort()).toEqual([...forumEngineIds].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });
});
