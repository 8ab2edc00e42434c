/**
 * `npm run bench`: Gavel's benchmarks. Prints one JSON object of named
 * figures on stdout (progress goes to stderr). Numbers only: nothing here
 * passes or fails a build; each figure carries the target the project set
 * for it and whether this run met it. See BENCHMARKS.md.
 *
 *   npm run bench                          every part, full size (a few minutes)
 *   npm run bench -- --quick               every part, small sizes (a smoke run)
 *   npm run bench -- --only replay,night   some parts: replay, page, night, hostile, storage, bundle, fuzz, count, scale
 *   npm run bench -- --corpus <dir>        the replay corpus (default ../shared/corpus/mafiascum)
 *   npm run bench -- --unfiltered          also replay with every post parsed (no vote pre-filter; a minute more)
 *
 * Each part runs in a child process of its own with a time limit: a part that
 * throws, crashes or runs out of time is recorded in the JSON with its error
 * (`{ failed: true, error, seconds }`), and the other parts' figures still
 * print. The exit code is 1 when a part failed.
 *
 * Browser parts build the extension into GAVEL_DIST (default: a folder in the
 * system's temp dir, never dist/) and run Debian's Chromium (/usr/bin/chromium,
 * or GAVEL_CHROMIUM).
 */
import { execFileSync, spawn } from 'node:child_process';
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
const browserParts: ReadonlySet<Part> = new Set(['page', 'storage', 'bundle', 'scale']);

/** How long a part may run before it is stopped and recorded as failed (full size, quick). */
const partLimitMinutes: Record<Part, readonly [number, number]> = {
  replay: [30, 5],
  page: [15, 5],
  night: [15, 5],
  hostile: [15, 5],
  storage: [40, 10],
  bundle: [5, 5],
  fuzz: [30, 5],
  count: [20, 5],
  scale: [60, 15],
};

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
      // Internal: run one part in this process and print its result (the parent runs each part so).
      child: { type: 'string' },
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
  const child = values.child;
  if (child !== undefined && !(parts as readonly string[]).includes(child)) throw new Error(`unknown part "${child}"`);
  return {
    quick,
    child: child as Part | undefined,
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

/** One part's figures, in this process. */
async function runPart(part: Part, o: ReturnType<typeof options>): Promise<unknown> {
  const dist = process.env['GAVEL_DIST'] ?? '';
  switch (part) {
    case 'replay':
      return benchReplay(
        {
          corpusDir: o.corpus,
          ...(o.quick ? { maxGames: 5 } : {}),
          withUnfiltered: o.unfiltered,
          growthSizes: o.quick ? [2_000, 5_000] : [10_000, 25_000, 50_000],
        },
        log,
      );
    case 'page': {
      const { benchPageCost } = await import('./page-cost');
      return benchPageCost({ loads: o.quick ? 5 : 21 }, log);
    }
    case 'night':
      return benchNight({ sizes: o.quick ? [50, 500] : [50, 500, 5000] }, log);
    case 'hostile':
      return benchHostile({ runs: o.quick ? 5 : 15, ordinaryPosts: o.quick ? 500 : 2_000, threadPosts: o.quick ? 2_000 : 20_000 }, log);
    case 'storage': {
      const { benchStorage } = await import('./storage');
      return benchStorage({ posts: o.storagePosts, perPage: o.storagePageSize }, log);
    }
    case 'bundle':
      return bundleSizes(dist);
    case 'fuzz':
      return benchFuzz({ cases: o.fuzzCases, seed: 20_261_123 }, log);
    case 'count':
      return (await import('./count')).benchCount(o.quick ? { sizes: [2_000, 10_000], pages: 3 } : {}, log);
    case 'scale':
      return (await import('./scale')).benchScale(o.quick ? { sizes: [1_000, 5_000] } : {}, log);
  }
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs one part in a child process (this script with `--child <part>`),
 * stopped with its whole process group (its browser included) when it
 * overruns `limitMs`. Its progress goes on to stderr; its result comes back
 * as one JSON line on stdout.
 */
function runIsolated(part: Part, limitMs: number): Promise<Record<string, unknown>> {
  const started = Date.now();
  return new Promise((resolvePart) => {
    const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, ...process.argv.slice(2), '--child', part], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: process.env,
    });
    let stdout = '';
    const stderrTail: string[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      process.stderr.write(chunk);
      stderrTail.push(...chunk.split('\n').filter((l) => l.trim() !== ''));
      stderrTail.splice(0, Math.max(0, stderrTail.length - 8));
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      log(`bench: ${part} ran over its ${round(limitMs / 60_000, 1)} min limit; stopping it`);
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, limitMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = round((Date.now() - started) / 1000, 1);
      const failed = (error: string): void => resolvePart({ failed: true, error, seconds, lastLines: [...stderrTail] });
      if (timedOut) return failed(`timed out after ${round(limitMs / 60_000, 1)} min`);
      const line = stdout.trim().split('\n').pop() ?? '';
      let reply: { ok: boolean; value?: unknown; error?: string } | undefined;
      try {
        reply = JSON.parse(line) as typeof reply;
      } catch {
        reply = undefined;
      }
      if (reply?.ok === true) return resolvePart(reply.value as Record<string, unknown>);
      if (reply?.ok === false) return failed(reply.error ?? 'failed');
      failed(`the part's process ended (${signal === null ? `exit code ${String(code)}` : `signal ${signal}`}) without a result`);
    });
  });
}

async function main(): Promise<void> {
  const o = options();
  if (o.child !== undefined) {
    // A child: one part, its result as one JSON line.
    try {
      const value = await runPart(o.child, o);
      process.stdout.write(`${JSON.stringify({ ok: true, value })}\n`);
    } catch (error) {
      process.stderr.write(`bench: ${o.child}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.stdout.write(`${JSON.stringify({ ok: false, error: errorText(error) })}\n`);
      process.exitCode = 1;
    }
    return;
  }
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

  let buildError: string | null = null;
  if ([...o.parts].some((p) => browserParts.has(p))) {
    const dist = resolve(process.env['GAVEL_DIST'] ?? join(tmpdir(), 'gavel-bench-dist'));
    if (dist === join(repoRoot, 'dist')) throw new Error('the bench never builds into dist/: set GAVEL_DIST to another folder');
    // The children inherit it: the harness reads GAVEL_DIST when it loads.
    process.env['GAVEL_DIST'] = dist;
    try {
      result['build'] = { dist, seconds: buildExtension(repoRoot, dist, log) };
    } catch (error) {
      buildError = errorText(error);
      result['build'] = { dist, failed: true, error: buildError };
    }
  }

  const keys: Record<Part, string> = {
    replay: 'replay',
    page: 'pageCost',
    night: 'night',
    hostile: 'hostile',
    storage: 'storage',
    bundle: 'bundle',
    fuzz: 'fuzz',
    count: 'count',
    scale: 'scale',
  };
  const failedParts: Part[] = [];
  for (const part of parts) {
    if (!o.parts.has(part)) continue;
    if (buildError !== null && browserParts.has(part)) {
      result[keys[part]] = { failed: true, error: `not run: the extension did not build (${buildError})` };
      failedParts.push(part);
      continue;
    }
    const [full, quick] = partLimitMinutes[part];
    const value = await runIsolated(part, (o.quick ? quick : full) * 60_000);
    if (value['failed'] === true) {
      failedParts.push(part);
      log(`bench: ${part} failed: ${String(value['error'])}`);
    }
    result[keys[part]] = value;
  }
  result['failedParts'] = failedParts;
  result['loadAverageAtEnd'] = loadavg().map((l) => round(l, 2));
  result['totalSeconds'] = round((Date.now() - started) / 1000, 1);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  if (failedParts.length > 0 || buildError !== null) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
