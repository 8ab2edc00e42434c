/**
 * `npm run build:firefox`: makes dist-firefox/ from the Chromium build in dist/.
 * Firefox runs Manifest V3 extensions but starts the background as an event
 * page (`background.scripts`) rather than a service worker, wants an add-on id
 * in `browser_specific_settings`, and does not take `use_dynamic_url` in
 * `web_accessible_resources`. Firefox also asks every add-on to declare what data
 * it collects: Gavel collects none (`data_collection_permissions: none`). The
 * code is the same; only the manifest differs.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

interface Manifest {
  background?: { service_worker?: string; scripts?: string[]; type?: string };
  web_accessible_resources?: { resources: string[]; matches: string[]; use_dynamic_url?: boolean }[];
  browser_specific_settings?: unknown;
  minimum_chrome_version?: string;
  [key: string]: unknown;
}

export const geckoId = 'gavel@gavel-mafia.invalid';
/**
 * Firefox 140 (an ESR) is the first to read `data_collection_permissions`, and
 * is past 128, the first to take the `optional_host_permissions` Gavel asks for
 * when a host enables it on another forum; Firefox for Android reads the data
 * declaration from 142. `web-ext lint` warns below these.
 */
export const firefoxMinVersion = '140.0';
export const firefoxAndroidMinVersion = '142.0';

/** Permissions Firefox does not know (its linter calls them invalid): the code checks for the API before using it. */
export const chromeOnlyPermissions: readonly string[] = ['offscreen'];

export function toFirefoxManifest(chromium: Manifest): Manifest {
  const { minimum_chrome_version: _chromeOnly, ...rest } = chromium;
  const permissions = Array.isArray(chromium['permissions'])
    ? (chromium['permissions'] as unknown[]).filter((p) => typeof p !== 'string' || !chromeOnlyPermissions.includes(p))
    : undefined;
  const worker = chromium.background?.service_worker;
  if (worker === undefined) throw new Error('dist/manifest.json has no background.service_worker to convert');
  return {
    ...rest,
    ...(permissions === undefined ? {} : { permissions }),
    background: { scripts: [worker], type: 'module' },
    ...(chromium.web_accessible_resources === undefined
      ? {}
      : { web_accessible_resources: chromium.web_accessible_resources.map(({ use_dynamic_url: _dynamic, ...resource }) => resource) }),
    browser_specific_settings: {
      gecko: { id: geckoId, strict_min_version: firefoxMinVersion, data_collection_permissions: { required: ['none'] } },
      gecko_android: { strict_min_version: firefoxAndroidMinVersion },
    },
  };
}

/**
 * Where to read the Chromium build and write the Firefox one: dist/ and
 * dist-firefox/, or GAVEL_DIST (the same variable the build honours) and
 * GAVEL_FIREFOX_DIST, so a test can build side by side with another.
 */
export function buildPaths(root: string, env: Readonly<Record<string, string | undefined>>): { dist: string; out: string } {
  const dist = env['GAVEL_DIST'] === undefined ? join(root, 'dist') : resolve(root, env['GAVEL_DIST']);
  const out = env['GAVEL_FIREFOX_DIST'] === undefined ? join(root, 'dist-firefox') : resolve(root, env['GAVEL_FIREFOX_DIST']);
  if (resolve(dist) === resolve(out)) throw new Error(`the Firefox build must not overwrite the Chromium build (${dist})`);
  return { dist, out };
}

/** Makes the Firefox build in `out` from the Chromium build in `dist`. */
export function buildFirefox(dist: string, out: string): void {
  if (!existsSync(join(dist, 'manifest.json'))) throw new Error(`${dist} has no manifest.json: run \`npm run build\` first`);
  rmSync(out, { recursive: true, force: true });
  cpSync(dist, out, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Manifest;
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(toFirefoxManifest(manifest), null, 2)}\n`);
}

function main(): void {
  const root = resolve(import.meta.dirname, '..');
  const { dist, out } = buildPaths(root, process.env);
  buildFirefox(dist, out);
  console.log(`wrote ${out} (load its manifest.json from about:debugging → This Firefox → Load Temporary Add-on)`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
