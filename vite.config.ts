import { defineConfig } from 'vite';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import manifest from './manifest.json' with { type: 'json' };

// Builds the unpacked extension into dist/ (or GAVEL_DIST): manifest.json at the
// root is the source of truth for entry points (content script, popup, service worker).
export default defineConfig({
  plugins: [preact(), crx({ manifest })],
  build: {
    outDir: process.env['GAVEL_DIST'] ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'chrome116',
    // Pages the manifest does not name: the offscreen document the worker parses fetched pages in.
    rollupOptions: { input: { offscreen: 'extension/offscreen/index.html' } },
  },
  server: { strictPort: true, port: 5173, hmr: { port: 5173 } },
});
