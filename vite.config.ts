import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import { contentScriptFile } from './extension/shared/content-script-file';
import { crawlOnlyStubs } from './scripts/crawl-only-stubs';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import manifest from './manifest.json' with { type: 'json' };

// Builds the unpacked extension into dist/ (or GAVEL_DIST): manifest.json at the
// root is the source of truth for entry points (content script, popup, service worker).
//
// The content script is built a second time as one classic script (assets/content-script.js, every
// adapter inside, no import()), and the built manifest names that file and exposes nothing to pages.
// @crxjs's own content script is a loader that import()s module chunks from the page, which makes
// them web-accessible to every site at fixed addresses: any page could tell that Gavel is installed.
// Per-session addresses (`use_dynamic_url`) do not help: Chromium resolves a module chunk's own
// imports against the fixed address and refuses them (https://issues.chromium.org/issues/363027634).
// A classic content script is injected by the browser itself and needs no web-accessible resource.

function classicContentScript(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gavel-classic-content-script',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        // the page-link readers are the worker's (scripts/crawl-only-stubs.ts)
        plugins: [preact(), crawlOnlyStubs()],
        build: {
          outDir,
          emptyOutDir: false,
          target: 'chrome116',
          sourcemap: false,
          lib: {
            entry: 'extension/content/content-script.ts',
            formats: ['iife'],
            name: 'gavelContentScript',
            fileName: () => contentScriptFile,
          },
          rollupOptions: { output: { codeSplitting: false } },
        },
      });
      const path = join(outDir, 'manifest.json');
      const built = JSON.parse(readFileSync(path, 'utf8')) as { content_scripts?: { js?: string[] }[]; web_accessible_resources?: unknown };
      for (const script of built.content_scripts ?? []) script.js = [contentScriptFile];
      delete built.web_accessible_resources;
      writeFileSync(path, `${JSON.stringify(built, null, 2)}\n`);
      // @crxjs's loader for the module build is named by nothing now.
      for (const file of readdirSync(join(outDir, 'assets')))
        if (/^content-script\.ts-loader-.*\.js$/.test(file)) rmSync(join(outDir, 'assets', file));
    },
  };
}

export default defineConfig({
  plugins: [preact(), crx({ manifest }), classicContentScript()],
  build: {
    outDir: process.env['GAVEL_DIST'] ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'chrome116',
    // The content script imports one forum's adapter when it has detected the forum
    // (extension/content/adapters.ts). Vite would preload that import's chunks by adding
    // <link rel="modulepreload"> elements to the document, which there is the forum's page:
    // Gavel never changes a forum page for its own loading, so a script's dynamic imports
    // preload nothing (the module loader fetches their imports itself). HTML pages keep theirs.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps) },
    // Pages the manifest does not name: the offscreen document the worker parses fetched pages in.
    rollupOptions: {
      input: { offscreen: 'extension/offscreen/index.html' },
      // Each engine's adapter is a chunk of its own (the content script loads only the one
      // its page needs); name it after the engine, so the build and the bundle bench say which.
      output: {
        // The parsing code every adapter shares stays one chunk, so the content script can ask
        // for it together with the adapter (adapters.ts) instead of after it.
        codeSplitting: {
          groups: [{ name: 'parsers', test: /[\\/]src[\\/]parsers[\\/](body|body-profiles|time|common|dom|html-thread)\.ts$/ }],
        },
        chunkFileNames: (chunk) => {
          const engines = chunk.moduleIds.flatMap((id) => /\/src\/parsers\/([a-z0-9]+)\/adapter\.ts$/.exec(id)?.[1] ?? []);
          if (engines.length === 1) return `assets/adapter-${engines[0]}-[hash].js`;
          // The parsing code every adapter shares (the body walker, dates and zones).
          return chunk.moduleIds.some((id) => id.endsWith('/src/parsers/body.ts')) ? 'assets/parsers-[hash].js' : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: { strictPort: true, port: 5173, hmr: { port: 5173 } },
});
