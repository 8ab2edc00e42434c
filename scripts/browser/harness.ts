/**
 * Runs the built extension in Debian's Chromium, for the demo and the browser
 * tests: a forum served from 127.0.0.1 by this process, shown to the browser
 * under the forum's real address (so the manifest's `matches` apply exactly
 * as they will for a host), and nothing else reachable.
 *
 * Never downloads a browser: it uses /usr/bin/chromium (`apt-get install chromium`)
 * or the path in GAVEL_CHROMIUM.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
/** The built extension: dist/, or GAVEL_DIST (so two builds can be tested side by side). */
export const distDir = process.env['GAVEL_DIST'] === undefined ? join(repoRoot, 'dist') : resolve(repoRoot, process.env['GAVEL_DIST']);

export function chromiumPath(): string {
  const path = process.env['GAVEL_CHROMIUM'] ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. On Debian: apt-get install chromium (or set GAVEL_CHROMIUM to a Chromium or Chrome binary).`,
    );
  }
  return path;
}

/** A page the local forum serves: path and query (e.g. `/viewtopic.php?t=1&start=25`) → HTML, or null for 404. */
export type ForumRoutes = (pathAndQuery: string) => string | null;

export interface LocalForum {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** How many pages the forum served (for crawl tests). */
  readonly served: () => readonly string[];
  close(): Promise<void>;
}

export async function startLocalForum(routes: ForumRoutes): Promise<LocalForum> {
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const html = routes(path);
    served.push(path);
    if (html === null) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served: () => served,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

export interface ExtensionBrowser {
  readonly context: BrowserContext;
  readonly extensionId: string;
  readonly worker: Worker;
  readonly profileDir: string;
  /** Opens an extension page, e.g. `extension/popup/index.html`. */
  openExtensionPage(path: string): Promise<Page>;
  close(options?: { keepProfile?: boolean }): Promise<void>;
}

export interface LaunchOptions {
  /** Reuse a profile directory (to test that data survives a browser restart). */
  readonly profileDir?: string;
  readonly headless?: boolean;
  /** Forum hosts (e.g. `forum.mafiascum.net`) whose pages are answered by the local forum. */
  readonly forumHosts?: readonly string[];
  readonly forum?: LocalForum;
}

export async function launchWithExtension(options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  if (!existsSync(join(distDir, 'manifest.json'))) throw new Error(`No built extension in ${distDir}: run \`npm run build\` first.`);
  const profileDir = options.profileDir ?? mkdtempSync(join(tmpdir(), 'gavel-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath(),
    headless: options.headless ?? true,
    viewport: { width: 1280, height: 900 },
    args: [
      `--disable-extensions-except=${distDir}`,
      `--load-extension=${distDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Nothing leaves the machine: forum hosts go to the local forum, everything else is refused.
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'chrome-extension:' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    if (options.forum !== undefined && (options.forumHosts ?? []).includes(url.host)) {
      try {
        const response = await route.fetch({ url: `${options.forum.origin}${url.pathname}${url.search}` });
        return await route.fulfill({ response });
      } catch (error) {
        // A request still in flight when a test closes its browser (a crawl the test stopped watching): nothing to answer.
        if (/context disposed|closed/i.test(String(error))) return;
        throw error;
      }
    }
    if (url.hostname === '127.0.0.1') return route.continue();
    return route.abort('blockedbyclient');
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    worker,
    profileDir,
    openExtensionPage: async (path) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    close: async ({ keepProfile = false } = {}) => {
      await context.close();
      if (!keepProfile && options.profileDir === undefined) rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
