/**
 * `npm run bench`: Gavel's benchmarks. Prints one JSON object of named
 * figures on stdout (progress goes to stderr). Numbers only: nothing here
 * passes or fails a build; each figure carries the target the project set
 * for it and whether this run met it. See BENCHMARKS.md.
 *
 *   npm run bench                          every part, full size (a few minutes)
 *   npm run bench -- --quick               every part, small sizes (a smoke run)
 *   npm run bench -- --only replay,night   some parts: replay, page, night, hostile, storage, bundle, fuzz
 *   npm run bench -- --corpus <dir>        the replay corpus (default ../shared/corpus/mafiascum)
 *   npm run bench -- --unfiltered          also replay with every post parsed (no vote pre-filter; a minute more)
 *
 * Browser parts build the extension into GAVEL_DIST (default: a folder in the
 * system's temp dir, never dist/) and run Debian's Chromium (/usr/bin/chromium,
 * or GAVEL_CHROMIUM).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildExtension, bundleSizes } from './bundle';
import { benchFuzz } from './fuzz';
import { benchHostile } from './hostile';
import { benchNight } from './night';
import { benchReplay } from './replay';
import { round, type Log } from './util';

const parts = ['replay', 'page', 'night', 'hostile', 'storage', 'bundle', 'fuzz', 'count', 'scale'] as const;
type Part = (typeof parts)[number];

const repoRoot = resolve(import.meta.dirname, '..', '..');
const log: Log = (line) => process.stderr.write(`${line}\n`);

const usage = `Usage: npm run bench -- [--quick] [--unfiltered] [--only ${parts.join(',')}] [--corpus <dir>] [--fuzz-cases N] [--storage-posts N] [--storage-page-size N]`;

function options() {
  const { values, positionals } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      unfiltered: { type: 'boolean', default: false },
      only: { type: 'string' },
      corpus: { type: 'string' },
      'fuzz-cases': { type: 'string' },
      'storage-posts': { type: 'string' },
      'storage-page-size': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const only = values.only === undefined ? [...parts] : values.only.split(',').map((p) => p.trim());
  for (const p of only) if (!(parts as readonly string[]).includes(p)) throw new Error(`unknown part "${p}"\n${usage}`);
  const number = (text: string | undefined, fallback: number): number => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`not a positive whole number: ${text}`);
    return n;
  };
  const quick = values.quick;
  return {
    quick,
    unfiltered: values.unfiltered,
    parts: new Set(only as Part[]),
    corpus: resolve(values.corpus ?? positionals[0] ?? join(repoRoot, '..', 'shared', 'corpus', 'mafiascum')),
    fuzzCases: number(values['fuzz-cases'], quick ? 2_000 : 100_000),
    storagePosts: number(values['storage-posts'], quick ? 5_000 : 50_000),
    storagePageSize: number(values['storage-page-size'], 200),
  };
}

function chromiumVersion(): string | null {
  const path = process.env['GAVEL_CHROMIUM'] ?? '/usr/bin/chromium';
  if (!existsSync(path)) return null;
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const o = options();
  const started = Date.now();
  const result: Record<string, unknown> = {
    machine: {
      date: new Date(started).toISOString(),
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      memoryGB: round(totalmem() / 2 ** 30, 1),
      freeMemoryGB: round(freemem() / 2 ** 30, 1),
      loadAverageAtStart: loadavg().map((l) => round(l, 2)),
      node: process.version,
      chromium: chromiumVersion(),
    },
    mode: o.quick ? 'quick' : 'full',
  };

  const browserParts = o.parts.has('page') || o.parts.has('storage') || o.parts.has('bundle') || o.parts.has('scale');
  if (browserParts) {
    // Set before the harness is first imported: it reads GAVEL_DIST when it loads.
    const dist = resolve(process.env['GAVEL_DIST'] ?? join(tmpdir(), 'gavel-bench-dist'));
    if (dist === join(repoRoot, 'dist')) throw new Error('the bench never builds into dist/: set GAVEL_DIST to another folder');
    process.env['GAVEL_DIST'] = dist;
    result['build'] = { dist, seconds: buildExtension(repoRoot, dist, log) };
  }
  const dist = process.env['GAVEL_DIST'] ?? '';

  if (o.parts.has('replay')) {
    result['replay'] = benchReplay({ corpusDir: o.corpus, ...(o.quick ? { maxGames: 5 } : {}), withUnfiltered: o.unfiltered }, log);
  }
  if (o.parts.has('page')) {
    const { benchPageCost } = await import('./page-cost');
    result['pageCost'] = await benchPageCost({ loads: o.quick ? 5 : 21 }, log);
  }
  if (o.parts.has('night')) {
    result['night'] = benchNight({ sizes: o.quick ? [50, 500] : [50, 500, 5000] }, log);
  }
  if (o.parts.has('hostile')) {
    result['hostile'] = benchHostile(
      { runs: o.quick ? 5 : 15, ordinaryPosts: o.quick ? 500 : 2_000, threadPosts: o.quick ? 2_000 : 20_000 },
      log,
    );
  }
  if (o.parts.has('storage')) {
    const { benchStorage } = await import('./storage');
    result['storage'] = await benchStorage({ posts: o.storagePosts, perPage: o.storagePageSize }, log);
  }
  if (o.parts.has('bundle')) {
    result['bundle'] = bundleSizes(dist);
  }
  if (o.parts.has('fuzz')) {
    result['fuzz'] = benchFuzz({ cases: o.fuzzCases, seed: 20_261_123 }, log);
  }
  if (o.parts.has('count'))
    result['count'] = (await import('./count')).benchCount(o.quick ? { sizes: [2_000, 10_000], pages: 3 } : {}, log);
  if (o.parts.has('scale')) result['scale'] = await (await import('./scale')).benchScale(o.quick ? { sizes: [1_000, 5_000] } : {}, log);
  result['loadAverageAtEnd'] = loadavg().map((l) => round(l, 2));
  result['totalSeconds'] = round((Date.now() - started) / 1000, 1);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
