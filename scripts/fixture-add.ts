/**
 * `npm run fixture:add <engine> <slug> <saved page> -- --url <address> [--now <ISO time>]
 * [--time-zone <zone>] [--out <fixtures folder>] [--force]`: makes a golden page from a
 * saved one. The page is parsed as the golden test parses it (test/parsers/golden.test.ts)
 * and written, with the parse as `expected.json` and a `SOURCE.md` to complete, into
 * test/fixtures/forums/<engine>/<slug>/. The expected output is what the parser reads
 * today: check every field by hand against the page before committing it (as
 * Readability's test-case generator asks), since a golden page holds the parser to it.
 *
 * Refused: an engine Gavel does not know, a page Gavel does not detect as that engine,
 * a page with no post read, and a folder that exists (unless --force).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { forumEngineIds, isForumEngineId, parseThreadPage, toBoardZone } from '../src/parsers/index';

/** Why no fixture was written, said to the developer. */
export class FixtureError extends Error {}

export interface FixtureRequest {
  readonly engine: string;
  readonly slug: string;
  /** The saved page (HTML, or a Discourse topic's JSON). */
  readonly page: string;
  /** The address the page was saved from. */
  readonly url: string;
  /** When the page was saved (ISO), for "Today" and "5 minutes ago". */
  readonly now: string;
  readonly timeZone?: string;
  /** The golden pages' folder (test/fixtures/forums). */
  readonly out: string;
  readonly force?: boolean;
}

/** A fixture folder's name: lower-case letters, digits and hyphens. */
const slugPattern = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** The saved page as the golden test opens it: HTML as a document, JSON as a document whose text it is. */
function openPage(text: string, url: string): Document {
  if (!/^\s*[{[]/.test(text)) return new JSDOM(text, { url }).window.document;
  const doc = new JSDOM('<!doctype html><body></body>', { url }).window.document;
  doc.body.append(doc.createTextNode(text));
  return doc;
}

/** Parses the page and writes the fixture folder; returns the folder and what the developer should look at. */
export function addFixture(request: FixtureRequest): { readonly folder: string; readonly posts: number; readonly issues: number } {
  const { engine, slug } = request;
  if (!isForumEngineId(engine)) throw new FixtureError(`"${engine}" is not an engine Gavel knows (${forumEngineIds.join(', ')})`);
  if (!slugPattern.test(slug)) throw new FixtureError(`"${slug}" is not a fixture name: lower-case letters, digits and hyphens`);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new FixtureError(`--url is not an address: ${request.url}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FixtureError(`--url must be the http(s) address the page was saved from`);
  const now = Date.parse(request.now);
  if (Number.isNaN(now)) throw new FixtureError(`--now is not an ISO time: ${request.now}`);
  if (request.timeZone !== undefined && toBoardZone(request.timeZone) === undefined)
    throw new FixtureError(`--time-zone is not a known zone: ${request.timeZone}`);
  if (!existsSync(request.page)) throw new FixtureError(`no such file: ${request.page}`);
  const folder = join(request.out, engine, slug);
  if (existsSync(folder) && request.force !== true)
    throw new FixtureError(`${folder} exists: choose another name, or --force to write over it`);

  const text = readFileSync(request.page, 'utf8');
  const result = parseThreadPage(openPage(text, url.href), url, {
    now,
    ...(request.timeZone === undefined ? {} : { timeZone: request.timeZone }),
  });
  if (!result.supported)
    throw new FixtureError(
      `${basename(request.page)} is not a thread page of any engine Gavel reads, so it is not a ${engine} page (${result.reason})`,
    );
  if (result.engine !== engine)
    throw new FixtureError(
      `${basename(request.page)} reads as a ${result.engine} page, not ${engine}: its markers match ${result.engine}'s first`,
    );
  const { posts, ...thread } = result.data;
  if (posts.length === 0)
    throw new FixtureError(
      `no post was read from ${basename(request.page)}${result.issues.length === 0 ? '' : `: ${result.issues.map((i) => i.message).join('; ')}`}`,
    );

  const { engine: _engine, ...threadFacts } = thread;
  const expected = {
    url: url.href,
    now: new Date(now).toISOString(),
    ...(request.timeZone === undefined ? {} : { timeZone: request.timeZone }),
    engine,
    thread: threadFacts,
    posts,
    ...(result.issues.length === 0 ? {} : { issues: result.issues }),
  };
  mkdirSync(folder, { recursive: true });
  copyFileSync(request.page, join(folder, 'page.html'));
  writeFileSync(join(folder, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
  writeFileSync(
    join(folder, 'SOURCE.md'),
    `# ${engine}: ${thread.title ?? slug}

- Saved from ${url.href}; parsed as of ${expected.now}${request.timeZone === undefined ? '' : ` in ${request.timeZone}`} by \`npm run fixture:add\`.
- Say here which engine version and style the page is, and whether it is a real page or written for these tests.
- Covers: (what this page holds that the other golden pages do not).
- expected.json: produced by our parser (${posts.length} posts, ${result.issues.length} issues); NOT YET CHECKED BY HAND.
  Check every field against the page, fix the parser where they differ, then replace this line with
  "then every field checked by hand against this page".
`,
  );
  return { folder, posts: posts.length, issues: result.issues.length };
}

const usage =
  'Usage: npm run fixture:add <engine> <slug> <saved page> -- --url <address> [--now <ISO time>] [--time-zone <zone>] [--out <fixtures folder>] [--force]';

/**
 * The options npm took for itself. `npm run fixture:add smf p page.html --url https://…`
 * (no `--` before the options) makes npm read `--url` as its own setting: the script gets
 * `npm_config_url=true` and the address as a loose argument, or, for `--url=https://…`,
 * the address in `npm_config_url`. Each option npm took is given back: from its
 * `npm_config_*` value, else from the loose argument that has its form (a web address
 * for --url, an ISO time for --now, a zone for --time-zone, anything else for --out).
 * Returns the loose arguments left over.
 */
export function takeNpmOptions(loose: readonly string[], values: Map<string, string>, env: NodeJS.ProcessEnv = process.env): string[] {
  const left = [...loose];
  const forms: readonly (readonly [string, (text: string) => boolean])[] = [
    ['url', (text) => /^https?:\/\//i.test(text)],
    ['now', (text) => /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text))],
    ['time-zone', (text) => toBoardZone(text) !== undefined],
    ['out', () => true],
  ];
  for (const [name, fits] of forms) {
    const set = env[`npm_config_${name.replace('-', '_')}`];
    if (values.has(name) || set === undefined || set === '') continue;
    if (set !== 'true') {
      values.set(name, set);
      continue;
    }
    const at = left.findIndex(fits);
    if (at >= 0) values.set(name, left.splice(at, 1)[0] ?? '');
  }
  return left;
}

function main(args: readonly string[], cwd: string): number {
  const positional: string[] = [];
  const values = new Map<string, string>();
  let force = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--force') force = true;
    else if (['--url', '--now', '--time-zone', '--out'].includes(arg)) {
      const value = args[++i];
      if (value === undefined) {
        console.error(`${arg} needs a value\n${usage}`);
        return 2;
      }
      values.set(arg.slice(2), value);
    } else if (arg.startsWith('--')) {
      console.error(`unknown option ${arg}\n${usage}`);
      return 2;
    } else positional.push(arg);
  }
  const extras = takeNpmOptions(positional.splice(3), values);
  const [engine, slug, page] = positional;
  const url = values.get('url');
  if (engine === undefined || slug === undefined || page === undefined || extras.length > 0 || url === undefined) {
    console.error(usage);
    return 2;
  }
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const timeZone = values.get('time-zone');
  try {
    const written = addFixture({
      engine,
      slug,
      page: resolve(cwd, page),
      url,
      now: values.get('now') ?? new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
      ...(timeZone === undefined ? {} : { timeZone }),
      out: resolve(cwd, values.get('out') ?? join(repoRoot, 'test', 'fixtures', 'forums')),
      force,
    });
    const shown = relative(cwd, written.folder) || '.';
    console.log(`wrote ${shown}/page.html, expected.json and SOURCE.md (${written.posts} posts, ${written.issues} issues).
Check expected.json by hand against the page, field by field, and complete SOURCE.md before committing;
\`npx vitest run test/parsers/golden.test.ts\` then holds the parser to it.`);
    return 0;
  } catch (error) {
    if (error instanceof FixtureError) {
      console.error(`fixture:add: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2), process.cwd());
