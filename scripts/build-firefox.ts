/**
 * `npm run build:firefox`: makes dist-firefox/ from the Chromium build in dist/.
 * Firefox runs Manifest V3 extensions but starts the background as an event
 * page (`background.scripts`) rather than a service worker, wants an add-on id
 * in `browser_specific_settings`, and does not take `use_dynamic_url` in
 * `web_accessible_resources`. The code is the same; only the manifest differs.
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

export function toFirefoxManifest(chromium: Manifest): Manifest {
  const { minimum_chrome_version: _chromeOnly, ...rest } = chromium;
  const worker = chromium.background?.service_worker;
  if (worker === undefined) throw new Error('dist/manifest.json has no background.service_worker to convert');
  return {
    ...rest,
    background: { scripts: [worker], type: 'module' },
    ...(chromium.web_accessible_resources === undefined
      ? {}
      : { web_accessible_resources: chromium.web_accessible_resources.map(({ use_dynamic_url: _dynamic, ...resource }) => resource) }),
    browser_specific_settings: { gecko: { id: geckoId, strict_min_version: '121.0' } },
  };
}

function main(): void {
  const root = resolve(import.meta.dirname, '..');
  const dist = join(root, 'dist');
  const out = join(root, 'dist-firefox');
  if (!existsSync(join(dist, 'manifest.json'))) throw new Error('dist/ has no manifest.json: run `npm run build` first');
  rmSync(out, { recursive: true, force: true });
  cpSync(dist, out, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Manifest;
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(toFirefoxManifest(manifest), null, 2)}\n`);
  console.log(`wrote ${out} (load dist-firefox/manifest.json from about:debugging → This Firefox → Load Temporary Add-on)`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
