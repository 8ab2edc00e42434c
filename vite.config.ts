import { defineConfig } from 'vite';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import manifest from './manifest.json' with { type: 'json' };

// Builds the unpacked extension into dist/ (or GAVEL_DIST): manifest.json at the
// root is the source of truth for entry points (content script, popup, service worker).
//
// The content script's chunks are web-accessible to every http(s) site with static URLs
// (`use_dynamic_url: false` in manifest.json), so a page can tell Gavel is installed. They
// cannot be narrowed: @crxjs loads the script with import(chrome.runtime.getURL(…)) from the
// page, custom forums (handlers/forums.ts) are any origin the host adds, and with dynamic URLs
// Chromium resolves a chunk's own imports against the static URL and refuses them (measured on
// Chromium 150: every test in test/e2e/thread.e2e.ts loses its content script;
// https://issues.chromium.org/issues/363027634). Ending the exposure means a content script
// built as one classic script, with no module chunks to expose.
export default defineConfig({
  plugins: [preact(), crx({ manifest })],
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
