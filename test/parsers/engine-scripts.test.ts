/**
 * The two developer scripts for forum engines, run as a developer runs them, into
 * temporary folders (nothing is left in the checkout):
 * - `npm run new:engine <id>` writes a module skeleton that typechecks, is in the engine
 *   list, and fails its completeness check until it is filled; it refuses a bad or taken id.
 * - `npm run fixture:add` writes a golden page whose expected.json is what the golden test
 *   expects of it, and refuses an unknown engine, a page of another engine and a page it cannot read.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addFixture, FixtureError, takeNpmOptions } from '../../scripts/fixture-add';
import { repoRoot } from './helpers';

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gavel-engine-scripts-'));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function runScript(script: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', script), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A copy of what new:engine edits and what typechecking the parsers needs. */
function checkoutCopy(): string {
  const root = tempDir();
  cpSync(path.join(repoRoot, 'src', 'parsers'), path.join(root, 'src', 'parsers'), { recursive: true });
  cpSync(path.join(repoRoot, 'src', 'model'), path.join(root, 'src', 'model'), { recursive: true });
  // The parsers word their issues with the engine's message type, the one engine module they may import.
  mkdirSync(path.join(root, 'src', 'engine'), { recursive: true });
  cpSync(path.join(repoRoot, 'src', 'engine', 'words.ts'), path.join(root, 'src', 'engine', 'words.ts'));
  cpSync(path.join(repoRoot, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
  return root;
}

describe('npm run new:engine', () => {
  it(
    'writes a module skeleton that typechecks, is in the engine list, and fails its completeness check until filled',
    { timeout: 120_000 },
    () => {
      const root = checkoutCopy();
      const run = runScript('new-engine.ts', ['gamebb', '--label', 'GameBB 1.x', '--root', root]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      for (const file of ['index.ts', 'adapter.ts', 'selectors.ts', 'body-profile.ts', 'links.ts'])
        expect(existsSync(path.join(root, 'src', 'parsers', 'gamebb', file)), file).toBe(true);
      expect(existsSync(path.join(repoRoot, 'src', 'parsers', 'gamebb'))).toBe(false);

      const tsc = spawnSync(
        process.execPath,
        [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'src', 'parsers')],
        {
          encoding: 'utf8',
        },
      );
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);

      // the copy's own modules, loaded as the developer's checkout would load them
      const checker = path.join(root, 'check.ts');
      writeFileSync(
        checker,
        [
          `import { JSDOM } from ${JSON.stringify(path.join(repoRoot, 'node_modules', 'jsdom', 'lib', 'api.js'))};`,
          "import { forumEngineIds } from './src/parsers/engine-id';",
          "import { engineModules } from './src/parsers/engines';",
          "import { engineProblems } from './src/parsers/engine-check';",
          "const doc = new JSDOM('<!doctype html><body></body>').window.document;",
          'const modules: Record<string, Parameters<typeof engineProblems>[0]> = engineModules;',
          'const problems = Object.fromEntries(Object.entries(modules).map(([id, m]) => [id, engineProblems(m, doc)]));',
          "console.log(JSON.stringify({ ids: forumEngineIds, label: modules['gamebb']?.label, problems }));",
        ].join('\n'),
      );
      const checked = spawnSync(process.execPath, ['--import', 'tsx', checker], { cwd: repoRoot, encoding: 'utf8' });
      expect(checked.stderr).toBe('');
      const report = JSON.parse(checked.stdout) as { ids: string[]; label: string; problems: Record<string, string[]> };
      expect(report.ids[report.ids.length - 1]).toBe('gamebb');
      expect(report.label).toBe('GameBB 1.x');
      expect(report.problems['gamebb']).toEqual([
        'gamebb: no markers: nothing would ever detect a page as this engine',
        'gamebb: the body profile knows no quote markup',
        'gamebb: no URL examples (thread page addresses as the engine writes them)',
      ]);
      // the engines already there stay complete
      for (const [id, problems] of Object.entries(report.problems)) if (id !== 'gamebb') expect(problems, id).toEqual([]);
    },
  );

  it('refuses an id already taken or not an id, and then changes nothing', { timeout: 60_000 }, () => {
    const root = checkoutCopy();
    const before = ['engine-id.ts', 'engines.ts'].map((f) => readFileSync(path.join(root, 'src', 'parsers', f), 'utf8'));
    const taken = runScript('new-engine.ts', ['smf', '--root', root]);
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('src/parsers/smf already exists');
    const bad = runScript('new-engine.ts', ['Game-BB', '--root', root]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('"Game-BB" is not an engine id');
    const none = runScript('new-engine.ts', ['--root', root]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Usage: npm run new:engine');
    expect(['engine-id.ts', 'engines.ts'].map((f) => readFileSync(path.join(root, 'src', 'parsers', f), 'utf8'))).toEqual(before);
    expect(existsSync(path.join(root, 'src', 'parsers', 'game-bb'))).toBe(false);
  });
});

describe('npm run fixture:add', () => {
  const golden = path.join(repoRoot, 'test', 'fixtures', 'forums', 'smf', 'smf20-game-page-1');
  const goldenExpected = JSON.parse(readFileSync(path.join(golden, 'expected.json'), 'utf8')) as { url: string; now: string };

  it('writes the page, the parse the golden test expects of it, and a SOURCE.md to complete', { timeout: 60_000 }, () => {
    const out = tempDir();
    const run = runScript('fixture-add.ts', [
      'smf',
      'again',
      path.join(golden, 'page.html'),
      '--url',
      goldenExpected.url,
      '--now',
      goldenExpected.now,
      '--out',
      out,
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Check expected.json by hand');
    const folder = path.join(out, 'smf', 'again');
    expect(readFileSync(path.join(folder, 'page.html'))).toEqual(readFileSync(path.join(golden, 'page.html')));
    const written = JSON.parse(readFileSync(path.join(folder, 'expected.json'), 'utf8')) as Record<string, unknown>;
    // the same parse the hand-checked golden page records (its `now` written as an ISO time)
    expect({ ...written, now: Date.parse(String(written['now'])) }).toEqual({ ...goldenExpected, now: Date.parse(goldenExpected.now) });
    expect(readFileSync(path.join(folder, 'SOURCE.md'), 'utf8')).toContain('NOT YET CHECKED BY HAND');
    // a second run does not write over it
    const again = runScript('fixture-add.ts', ['smf', 'again', path.join(golden, 'page.html'), '--url', goldenExpected.url, '--out', out]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('exists');
  });

  it('refuses an engine it does not know, a page of another engine, and a page it reads no post from', { timeout: 60_000 }, () => {
    const out = tempDir();
    const page = path.join(golden, 'page.html');
    const base = { slug: 'x', page, url: goldenExpected.url, now: goldenExpected.now, out };
    expect(() => addFixture({ ...base, engine: 'gamebb' })).toThrow(
      new FixtureError(
        '"gamebb" is not an engine Gavel knows (discourse, xenforo2, xenforo1, invision, vbulletin5, vbulletin4, vbulletin3, smf, mybb, phpbb, ucoz, curse)',
      ),
    );
    expect(() => addFixture({ ...base, engine: 'phpbb' })).toThrow(/reads as a smf page, not phpbb/);
    const blank = path.join(out, 'blank.html');
    writeFileSync(blank, '<!doctype html><title>Board index</title><p>No topics.</p>');
    expect(() => addFixture({ ...base, engine: 'smf', page: blank })).toThrow(/not a thread page of any engine Gavel reads/);
    // detected as SMF, but no post in it
    const empty = path.join(out, 'empty.html');
    writeFileSync(empty, '<!doctype html><form id="quickModForm"><div class="post"><div class="inner"></div></div></form>');
    expect(() => addFixture({ ...base, engine: 'smf', page: empty })).toThrow(/no post was read from empty\.html/);
    expect(() => addFixture({ ...base, engine: 'smf', url: 'file:///tmp/page.html' })).toThrow(/http\(s\) address/);
    expect(existsSync(path.join(out, 'smf'))).toBe(false);
    const cli = runScript('fixture-add.ts', ['gamebb', 'x', page, '--url', goldenExpected.url, '--out', out]);
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('fixture:add: "gamebb" is not an engine Gavel knows');
  });

  it('takes back the options npm took for itself when they come without `--` before them', () => {
    const values = new Map<string, string>();
    const left = takeNpmOptions(['2025-03-03T12:00:00Z', 'https://smf.example.com/index.php?topic=88.0', '/tmp/out'], values, {
      npm_config_url: 'true',
      npm_config_now: 'true',
      npm_config_out: 'true',
    });
    expect(left).toEqual([]);
    expect(Object.fromEntries(values)).toEqual({
      url: 'https://smf.example.com/index.php?topic=88.0',
      now: '2025-03-03T12:00:00Z',
      out: '/tmp/out',
    });
    // --url=<address>: npm keeps the value itself
    const equals = new Map<string, string>();
    expect(takeNpmOptions([], equals, { npm_config_url: 'https://a.example/t/1' })).toEqual([]);
    expect(equals.get('url')).toBe('https://a.example/t/1');
    // outside npm, or with the options after `--`, nothing is taken: a stray argument stays stray
    const plain = new Map<string, string>([['url', 'https://b.example/']]);
    expect(takeNpmOptions(['stray'], plain, { npm_config_url: 'true' })).toEqual(['stray']);
    expect(takeNpmOptions(['stray'], new Map(), {})).toEqual(['stray']);
  });

  it('runs as the README writes it, through npm, with --url and no `--`', { timeout: 60_000 }, () => {
    const out = tempDir();
    const npm = spawnSync(
      'npm',
      [
        'run',
        '-s',
        'fixture:add',
        'smf',
        'through-npm',
        path.join(golden, 'page.html'),
        '--url',
        goldenExpected.url,
        '--now',
        goldenExpected.now,
        '--out',
        out,
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(npm.stderr).toBe('');
    expect(npm.status).toBe(0);
    const written = JSON.parse(readFileSync(path.join(out, 'smf', 'through-npm', 'expected.json'), 'utf8')) as { url: string };
    expect(written.url).toBe(goldenExpected.url);
  });
});
