/**
 * The extension as a reviewer sees it. Mozilla's linter (`web-ext lint`) reads
 * the Firefox build and must report no error; its warnings are printed. And
 * Gavel asks only for what it uses: every permission in the built manifest is
 * called somewhere in extension/, no site is granted up front beyond the
 * built-in forums' thread pages, the content security policy is the default,
 * and no code is loaded from anywhere but the extension itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, repoRoot } from '../../scripts/browser/harness';
import { buildFirefox } from '../../scripts/build-firefox';

interface LintMessage {
  readonly code: string;
  readonly message: string;
  readonly description?: string;
  readonly file?: string;
}
interface LintReport {
  readonly summary: { readonly errors: number; readonly warnings: number; readonly notices: number };
  readonly errors: readonly LintMessage[];
  readonly warnings: readonly LintMessage[];
  readonly notices: readonly LintMessage[];
}

interface Manifest {
  readonly permissions?: readonly string[];
  readonly host_permissions?: readonly string[];
  readonly optional_host_permissions?: readonly string[];
  readonly content_security_policy?: unknown;
  readonly content_scripts?: readonly { readonly matches: readonly string[] }[];
}

let firefoxDir: string;
const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as Manifest;

beforeAll(() => {
  firefoxDir = mkdtempSync(join(tmpdir(), 'gavel-firefox-'));
  buildFirefox(distDir, firefoxDir);
});

afterAll(() => {
  if (firefoxDir !== undefined) rmSync(firefoxDir, { recursive: true, force: true });
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('web-ext lint on the Firefox build', () => {
  it('reports no error (warnings are listed)', () => {
    const bin = join(repoRoot, 'node_modules', '.bin', 'web-ext');
    const run = spawnSync(bin, ['lint', '--source-dir', firefoxDir, '--output', 'json', '--no-config-discovery'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 120_000,
      // web-ext checks npm for a newer version of itself unless told not to: nothing leaves the machine.
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    });
    const start = run.stdout.indexOf('{');
    expect(start, `web-ext printed no report:\n${run.stdout}\n${run.stderr}`).toBeGreaterThanOrEqual(0);
    const report = JSON.parse(run.stdout.slice(start)) as LintReport;
    const line = (m: LintMessage): string => `  ${m.code} ${m.file ?? ''}: ${m.message}`;
    console.log(
      `web-ext lint: ${report.summary.errors} errors, ${report.summary.warnings} warnings, ${report.summary.notices} notices` +
        (report.warnings.length > 0 ? `\n${report.warnings.map(line).join('\n')}` : ''),
    );
    expect(report.errors.map(line)).toEqual([]);
  }, 150_000);
});

describe('least privilege', () => {
  /** Each permission Gavel may ask for, and a call in extension/ that needs it. */
  const uses: Readonly<Record<string, RegExp>> = {
    // Reading the address of the tab the host clicked Gavel in (popup: "Run Gavel on <forum>").
    activeTab: /\btabs\.query\(\s*\{\s*active:\s*true/,
    // Registering the content script on a forum the host enabled.
    scripting: /\bscripting\.(?:registerContentScripts|executeScript)\(/,
    alarms: /\balarms\.(?:create|onAlarm)\b/,
    // Deadline reminders (extension/background/index.ts).
    notifications: /\bnotifications\.create\(/,
    // Parsing fetched thread pages in an offscreen document (chrome.offscreen.createDocument, reason DOM_PARSER).
    offscreen: /\.createDocument\(\{[^}]*reasons:\s*\[[^\]]*DOM_PARSER/,
    // Learning where a redirect of the crawl's own request points before following it (extension/background/crawl-runtime.ts).
    webRequest: /\bwebRequest\?\.onBeforeRedirect\b/,
  };
  const source = files(join(repoRoot, 'extension'))
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => ({ file: relative(repoRoot, f), text: readFileSync(f, 'utf8') }));

  it('uses every permission it asks for', () => {
    const unused = (manifest.permissions ?? []).filter((permission) => {
      const pattern = uses[permission];
      return pattern === undefined || !source.some((s) => pattern.test(s.text));
    });
    expect(unused, 'permissions with no call in extension/ (or not known to this test: add where it is used)').toEqual([]);
  });

  it('asks up front only for the built-in forums; any other site waits until the host allows it', () => {
    const everywhere = /^(?:<all_urls>|\*:\/\/\*\/\*|https?:\/\/\*\/\*)$/;
    expect((manifest.host_permissions ?? []).filter((p) => everywhere.test(p))).toEqual([]);
    const matches = (manifest.content_scripts ?? []).flatMap((c) => c.matches);
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches)
      expect(m, 'a content script runs on thread pages of a named forum').toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\/[^*]/);
    // Other forums only through the permission prompt, and the popup asks for one origin at a time.
    expect(source.some((s) => /permissions\.request\(\{\s*origins:\s*\[`\$\{origin\}\/\*`\]/.test(s.text))).toBe(true);
  });

  it('keeps the default content security policy and loads no remote code', () => {
    expect(manifest.content_security_policy).toBeUndefined();
    const built = files(distDir);
    const remoteScript = /<script[^>]+src=["']?(?:https?:)?\/\//i;
    const remoteImport = /\bimport\(\s*["'`]https?:|\bimportScripts\(\s*["'`]https?:/;
    for (const file of built.filter((f) => f.endsWith('.html')))
      expect(readFileSync(file, 'utf8'), relative(distDir, file)).not.toMatch(remoteScript);
    for (const file of built.filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(file, 'utf8');
      expect(text, relative(distDir, file)).not.toMatch(remoteImport);
      expect(text, `${relative(distDir, file)} evaluates strings as code`).not.toMatch(/\beval\(|\bnew Function\(/);
    }
  });
});
