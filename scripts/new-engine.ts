/**
 * `npm run new:engine <id> [--label <display name>] [--root <checkout>]`: starts a forum
 * engine. Writes src/parsers/<id>/ (selectors, adapter, body profile, page links and the
 * module that joins them), adds the id to the end of `forumEngineIds` (engine-id.ts, the
 * detection order) and the module to `engineModules` (engines.ts). The skeleton typechecks
 * and fails the engine's completeness test (test/parsers/engines.test.ts) until its
 * markers, quote markup and URL examples are filled in from the engine's real pages;
 * then `npm run fixture:add` makes its golden page.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineIdPattern } from '../src/parsers/engine-check';

/** Why the script could not start the engine, said to the developer. */
export class NewEngineError extends Error {}

/** The files of a new engine's folder, each a skeleton that typechecks. */
export function skeletonFiles(id: string, label: string): Record<string, string> {
  const quoted = JSON.stringify(label).slice(1, -1).replace(/'/g, "\\'");
  return {
    'selectors.ts': `/**
 * ${label}: every selector the adapter uses, alternatives in order, each with a comment
 * saying which version's markup it matches (the other engines' selectors.ts show how).
 * Verified against: (name the saved pages here).
 */
import type { EngineMarkers } from '../engine-module';

export const selectors: Record<'post' | 'body' | 'author' | 'title' | 'pagination', readonly string[]> = {
  /** Each post's container. */
  post: [],
  /** The element holding a post's message, inside the post. */
  body: [],
  /** The author's name (a profile link where there is one). */
  author: [],
  /** The thread's title. */
  title: [],
  /** The pagination blocks, for the thread's other pages. */
  pagination: [],
};

/** What marks a ${id} thread page (each group must match): entries of the table above, e.g. [selectors.post, selectors.body]. */
export const markers: EngineMarkers = { allOf: [] };
`,
    'body-profile.ts': `/** How ${label} marks quotes, spoilers and furniture inside a post body: data for the one body walker in \`body.ts\`. */
import { bodyProfile } from '../profile-parts';

export const ${id}BodyProfile = bodyProfile({
  // quote containers, quote headers ("alice wrote:"), spoilers and furniture: see BodyProfile in ../body.ts
  quote: [],
});
`,
    'adapter.ts': `/** ${label}. */
import { titleFrom } from '../common';
import { optionalOne, textOf } from '../dom';
import { detectorOf } from '../engine-module';
import { parseHtmlThread, type HtmlEngineSpec, type PostFields } from '../html-thread';
import type { ForumAdapter } from '../types';
import { ${id}BodyProfile } from './body-profile';
import { markers, selectors } from './selectors';

const spec: HtmlEngineSpec = {
  id: '${id}',
  bodyProfile: ${id}BodyProfile,
  postSelectors: selectors.post,
  readThread: ({ doc }) => ({
    threadId: null,
    title: titleFrom(doc, selectors.title),
    currentPage: 1,
    pageCount: null,
    nextPageUrl: null,
  }),
  readPost: (post): PostFields => ({
    id: post.id === '' ? undefined : post.id,
    number: undefined,
    author: textOf(optionalOne(post, selectors.author)),
    postedAt: null,
    body: optionalOne(post, selectors.body),
  }),
};

export const ${id}Adapter: ForumAdapter = {
  id: '${id}',
  label: '${quoted}',
  detect: detectorOf(markers),
  parseThreadPage: (doc, url, options) => parseHtmlThread(spec, doc, url, options),
};
`,
    'links.ts': `/** Where the thread's other pages are, as a ${id} page shows them: for the worker's crawl. */
import { readPageLinks } from '../page-links';
import type { PageLinks } from '../types';
import { selectors } from './selectors';

/** The pagination's numbered links; no address scheme until the engine's page addresses are known. */
export function ${id}PageLinks(doc: Document, url: URL, current: number): PageLinks {
  return readPageLinks(doc, url, current, { blocks: selectors.pagination }, null);
}
`,
    'index.ts': `/** ${id}: everything Gavel knows of the engine, in one module (see \`../engine-module.ts\`). */
import { plainNumbering } from '../../model/post';
import { defineEngine } from '../engine-module';
import { ${id}Adapter } from './adapter';
import { ${id}BodyProfile } from './body-profile';
import { ${id}PageLinks } from './links';
import { markers } from './selectors';

export const ${id}Engine = defineEngine({
  id: '${id}',
  adapter: ${id}Adapter,
  markers,
  bodyProfile: ${id}BodyProfile,
  pageLinks: ${id}PageLinks,
  // thread page addresses as the engine writes them
  urlExamples: [],
  // how the forum prints post numbers against ForumPost.number (SMF's module shows a forum that counts replies)
  numbering: plainNumbering,
});
`,
  };
}

/** engine-id.ts with `id` added last to `forumEngineIds`. */
export function withEngineId(source: string, id: string): string {
  const list = /export const forumEngineIds = \[\n([\s\S]*?)\] as const;/.exec(source);
  if (list?.[1] === undefined)
    throw new NewEngineError('engine-id.ts has no `export const forumEngineIds = [ … ] as const;` list to add the id to');
  if (new RegExp(`'${id}'`).test(list[1])) throw new NewEngineError(`"${id}" is already in forumEngineIds`);
  return source.replace(list[0], `export const forumEngineIds = [\n${list[1]}  '${id}',\n] as const;`);
}

/** engines.ts with the module imported and added to `engineModules`. */
export function withEngineModule(source: string, id: string): string {
  const marker = '  // new:engine adds here\n';
  if (!source.includes(marker))
    throw new NewEngineError(`engines.ts has lost the line "${marker.trim()}" that new:engine adds modules above`);
  const imports = [...source.matchAll(/^import \{ \w+Engine \} from '\.\/\w+\/index';\n/gm)];
  const last = imports[imports.length - 1];
  if (last === undefined) throw new NewEngineError('engines.ts imports no engine module to add this one beside');
  const at = (last.index ?? 0) + last[0].length;
  const withImport = `${source.slice(0, at)}import { ${id}Engine } from './${id}/index';\n${source.slice(at)}`;
  return withImport.replace(marker, `  ${id}: ${id}Engine,\n${marker}`);
}

/** Writes the engine's folder and adds it to the lists, in the checkout at `root`. Returns the files written or changed. */
export function newEngine(root: string, id: string, label: string): string[] {
  if (!engineIdPattern.test(id))
    throw new NewEngineError(`"${id}" is not an engine id: lower-case letters and digits, starting with a letter (2 to 24 of them)`);
  const parsers = join(root, 'src', 'parsers');
  const idFile = join(parsers, 'engine-id.ts');
  const enginesFile = join(parsers, 'engines.ts');
  if (!existsSync(idFile) || !existsSync(enginesFile))
    throw new NewEngineError(`${root} is not a Gavel checkout (no src/parsers/engine-id.ts and engines.ts)`);
  const folder = join(parsers, id);
  if (existsSync(folder)) throw new NewEngineError(`src/parsers/${id} already exists`);
  // work out every change before writing any, so a refusal leaves the checkout as it was
  const ids = withEngineId(readFileSync(idFile, 'utf8'), id);
  const modules = withEngineModule(readFileSync(enginesFile, 'utf8'), id);
  mkdirSync(folder);
  const written: string[] = [];
  for (const [name, text] of Object.entries(skeletonFiles(id, label))) {
    writeFileSync(join(folder, name), text);
    written.push(join(folder, name));
  }
  writeFileSync(idFile, ids);
  writeFileSync(enginesFile, modules);
  return [...written, idFile, enginesFile];
}

const usage = 'Usage: npm run new:engine <id> [--label "<display name>"] [--root <checkout>]';

function main(args: readonly string[]): number {
  const positional: string[] = [];
  let label: string | undefined;
  let root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--label' || arg === '--root') {
      const value = args[++i];
      if (value === undefined) {
        console.error(`${arg} needs a value\n${usage}`);
        return 2;
      }
      if (arg === '--label') label = value;
      else root = resolve(value);
    } else if (arg.startsWith('--')) {
      console.error(`unknown option ${arg}\n${usage}`);
      return 2;
    } else positional.push(arg);
  }
  // `npm run new:engine gamebb --label "GameBB"` (no `--`): npm takes --label for itself and leaves its value loose
  const npmLabel = process.env['npm_config_label'];
  if (label === undefined && npmLabel !== undefined && npmLabel !== '') label = npmLabel === 'true' ? positional.splice(1, 1)[0] : npmLabel;
  const id = positional[0];
  if (id === undefined || positional.length > 1) {
    console.error(usage);
    return 2;
  }
  try {
    const files = newEngine(root, id, label ?? id);
    for (const file of files) console.log(`wrote ${relative(root, file)}`);
    console.log(`
${id} is the last engine detection tries: move it up in forumEngineIds (src/parsers/engine-id.ts)
if its markers are more specific than an engine's before it. Then fill in, from the engine's real pages:
  src/parsers/${id}/selectors.ts     the selectors and the markers that detect a page
  src/parsers/${id}/body-profile.ts  quotes, spoilers, furniture
  src/parsers/${id}/adapter.ts       thread facts (id, pages) and each post's number, time and edits
  src/parsers/${id}/index.ts         URL examples and the post numbering
until \`npx vitest run test/parsers/engines.test.ts\` passes; add a row for ${id} to README's supported forums,
and a golden page with \`npm run fixture:add ${id} <slug> <saved page> -- --url <address>\`.`);
    return 0;
  } catch (error) {
    if (error instanceof NewEngineError) {
      console.error(`new:engine: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
