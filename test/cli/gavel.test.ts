import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const root = resolve(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };

describe('gavel (the command line)', () => {
  it('prints its version', async () => {
    expect(await run('--version')).toEqual({ code: 0, out: `${pkg.version}\n`, err: '' });
  });

  it('lists every command in --help', async () => {
    const { code, out } = await run('--help');
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage: gavel <command>/m);
    expect(out).toMatch(/^ {2}version +print the Gavel version$/m);
  });

  it('explains an unknown command and exits 2', async () => {
    const { code, err } = await run('frobnicate');
    expect(code).toBe(2);
    expect(err).toMatch(/unknown command "frobnicate"/);
  });

  it('shows usage and exits 2 when run with nothing', async () => {
    const { code, out } = await run();
    expect(code).toBe(2);
    expect(out).toMatch(/Commands:/);
  });

  it('runs as an installed bin', () => {
    const out = execFileSync(process.execPath, [resolve(root, 'bin/gavel.js'), '--version'], { encoding: 'utf8' });
    expect(out).toBe(`${pkg.version}\n`);
  });
});
