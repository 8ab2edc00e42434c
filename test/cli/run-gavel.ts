/**
 * The CLI tests' way in: `gavel` run in-process with its output captured, and
 * input files written into a test's own folder.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from '../../cli/gavel';

/** The repository's root, the folder the commands run in. */
export const repoRoot = resolve(import.meta.dirname, '..', '..');

/** Runs `gavel <argv…>` from the repository's root; its exit code, stdout and stderr. */
export async function runGavel(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd: repoRoot });
  return { code, out, err };
}

/** Writes `data` (text as it is, anything else as JSON) to `dir/name` and returns its path. */
export function writeInput(dir: string, name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
}
