/**
 * Building the extension for the browser parts, and the bundle sizes: for
 * each entry (content script, popup, service worker) every file the browser
 * loads for it, followed through static imports, the content-script loader's
 * `chrome.runtime.getURL("…")` import and the popup page's script, preload
 * and stylesheet links. The content script's dynamic imports are counted
 * apart: a forum page loads exactly one engine's adapter (with the shared
 * parsing code), so its total is the static files plus the heaviest adapter. Sizes are raw and gzipped (each file on its own, as a
 * server would send it; extensions are not served gzipped, but gzip is the
 * usual yardstick for how much code there is).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { round, secondsSince, type Log } from './util';

export function buildExtension(repoRoot: string, distDir: string, log: Log): number {
  log(`build: vite build into ${distDir}`);
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    env: { ...process.env, GAVEL_DIST: distDir, NO_COLOR: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.split('\n').filter((l) => l.trim() !== '');
    throw new Error(
      `vite build into ${distDir} failed (the browser parts need a build; --only replay,night,fuzz runs without one):\n${output.slice(0, 30).join('\n')}`,
    );
  }
  if (!existsSync(join(distDir, 'manifest.json'))) throw new Error(`vite build wrote no manifest.json into ${distDir}`);
  return round(secondsSince(start), 1);
}

/** Files a JavaScript module loads, relative to the extension root: always (static) or when its code asks (dynamic `import()`). */
function importsOf(distDir: string, file: string): { readonly static: string[]; readonly dynamic: string[] } {
  const code = readFileSync(join(distDir, file), 'utf8');
  const found = { static: [] as string[], dynamic: [] as string[] };
  const at = (spec: string): string => normalize(join(dirname(file), spec));
  // `import … from "./x.js"` and the bare `import "./x.js"`.
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
    const spec = m[1];
    if (spec !== undefined) found.static.push(at(spec));
  }
  // `import("./x.js")`: a chunk loaded only when the code gets there (the content script's adapters).
  for (const m of code.matchAll(/\bimport\s*\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)) {
    const spec = m[1];
    if (spec !== undefined) found.dynamic.push(at(spec));
  }
  // crxjs' content-script loader: import(chrome.runtime.getURL("assets/…")), always taken.
  for (const m of code.matchAll(/getURL\(\s*["']([^"']+)["']\s*\)/g)) {
    const path = m[1];
    if (path !== undefined && path.endsWith('.js')) found.static.push(normalize(path.replace(/^\//, '')));
  }
  return found;
}

/**
 * Every file loaded from `entries` through static imports (sorted), and the
 * dynamic imports met on the way (files not in that closure).
 */
function closure(distDir: string, entries: readonly string[]): { readonly files: string[]; readonly dynamic: string[] } {
  const seen = new Set<string>();
  const dynamic = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === undefined || seen.has(file)) continue;
    if (!existsSync(join(distDir, file))) throw new Error(`bundle: ${file} is referenced but not in ${distDir}`);
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const imports = importsOf(distDir, file);
    queue.push(...imports.static);
    for (const d of imports.dynamic) dynamic.add(d);
  }
  return { files: [...seen].sort(), dynamic: [...dynamic].filter((d) => !seen.has(d)).sort() };
}

function htmlAssets(distDir: string, page: string): string[] {
  const html = readFileSync(join(distDir, page), 'utf8');
  const files = [page];
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)) {
    const ref = m[1];
    if (ref === undefined || /^[a-z]+:/i.test(ref)) continue;
    files.push(ref.startsWith('/') ? normalize(ref.slice(1)) : normalize(join(dirname(page), ref)));
  }
  return files;
}

interface EntrySize {
  readonly files: readonly { readonly file: string; readonly bytes: number; readonly gzipBytes: number }[];
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly gzipKB: number;
}

function sizeOf(distDir: string, files: readonly string[]): EntrySize {
  const list = files.map((file) => {
    const data = readFileSync(join(distDir, file));
    return { file: relative(distDir, join(distDir, file)), bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
  });
  const gzipBytes = list.reduce((n, f) => n + f.gzipBytes, 0);
  return { files: list, bytes: list.reduce((n, f) => n + f.bytes, 0), gzipBytes, gzipKB: round(gzipBytes / 1024, 1) };
}

interface BuiltManifest {
  readonly background?: { readonly service_worker?: string };
  readonly action?: { readonly default_popup?: string };
  readonly content_scripts?: readonly { readonly js?: readonly string[] }[];
}

/** The budget for everything the content script makes a forum page load. */
const contentScriptTargetKB = 30;

export function bundleSizes(distDir: string): Record<string, unknown> {
  const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as BuiltManifest;
  const content = (manifest.content_scripts ?? []).flatMap((c) => c.js ?? []);
  const worker = manifest.background?.service_worker;
  const popup = manifest.action?.default_popup;
  if (content.length === 0 || worker === undefined || popup === undefined)
    throw new Error('bundle: the built manifest lacks a content script, worker or popup');
  const popupFiles = htmlAssets(distDir, popup);
  // The content script: what every page it runs on loads (the loader and the chunks it imports
  // statically: detection, the panel), then, once the forum is detected, that forum's adapter
  // (a dynamic import of an `adapter-<engine>` chunk, with the chunks it imports that are not
  // loaded yet) and whatever else the script imports dynamically beside it (the parsing code
  // all adapters share, asked for together with the adapter). A forum page loads the static
  // part and one adapter with those; the figure counts the heaviest adapter, so no forum's
  // page loads more than it says.
  const always = closure(distDir, content);
  const isAdapter = (file: string): boolean => /(^|\/)adapter-[a-z0-9]+-[^/]*\.js$/.test(file);
  const companions = always.dynamic.filter((d) => !isAdapter(d));
  const adapters = always.dynamic.filter(isAdapter).map((entry) => {
    const extra = closure(distDir, [entry, ...companions]).files.filter((f) => !always.files.includes(f));
    return { engine: /adapter-([a-z0-9]+)-/.exec(entry)?.[1] ?? entry, entry, ...sizeOf(distDir, extra) };
  });
  const heaviest = adapters.reduce<(typeof adapters)[number] | undefined>(
    (top, a) => (top === undefined || a.gzipBytes > top.gzipBytes ? a : top),
    undefined,
  );
  const contentScript = {
    ...sizeOf(distDir, [
      ...always.files,
      ...(heaviest === undefined
        ? closure(distDir, companions).files.filter((f) => !always.files.includes(f))
        : heaviest.files.map((f) => f.file)),
    ]),
    static: sizeOf(distDir, always.files),
    loadedWithEveryAdapter: companions,
    adapters: adapters.map((a) => ({
      engine: a.engine,
      entry: a.entry,
      files: a.files.map((f) => f.file),
      bytes: a.bytes,
      gzipBytes: a.gzipBytes,
      gzipKB: a.gzipKB,
    })),
    heaviestAdapter: heaviest === undefined ? null : heaviest.engine,
  };
  return {
    contentScript,
    popup: sizeOf(distDir, [
      ...popupFiles.filter((f) => !f.endsWith('.js')),
      ...closure(
        distDir,
        popupFiles.filter((f) => f.endsWith('.js')),
      ).files,
    ]),
    worker: sizeOf(distDir, closure(distDir, [worker]).files),
    target: `content script under ${contentScriptTargetKB} KB gzipped: its static files plus the heaviest engine adapter a forum page loads (popup and worker: recorded to watch the trend)`,
    targetMet: contentScript.gzipKB < contentScriptTargetKB,
  };
}
