/**
 * `npm run bench` always reports: a part that fails is recorded in the JSON
 * with its error, and the other parts' figures still print (issue 18).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const corpus = mkdtempSync(path.join(tmpdir(), 'gavel-bench-corpus-'));
afterAll(() => rmSync(corpus, { recursive: true, force: true }));

describe('the bench with a failing part', () => {
  it('records the replay part failed on a corpus of no games, and still prints the night figures', { timeout: 180_000 }, () => {
    // An archive with no games: the replay's corpus loader throws.
    writeFileSync(path.join(corpus, 'archive.txt'), '');
    writeFileSync(path.join(corpus, 'transitions.tsv'), '');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'scripts', 'bench', 'index.ts'), '--quick', '--only', 'replay,night', '--corpus', corpus],
      { cwd: repoRoot, encoding: 'utf8', timeout: 170_000 },
    );
    expect(run.status).toBe(1);
    const result = JSON.parse(run.stdout) as {
      replay: { failed?: boolean; error?: string };
      night: { game000?: { resolutionMs?: number } };
      failedParts: string[];
    };
    expect(result.replay.failed).toBe(true);
    expect(result.replay.error).toMatch(/no games found/);
    expect(result.night.game000?.resolutionMs).toEqual(expect.any(Number));
    expect(result.failedParts).toEqual(['replay']);
  });
});
