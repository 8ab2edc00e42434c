import { defineConfig } from 'vitest/config';

// End-to-end tests: the built dist/ loaded into Debian's Chromium by Playwright.
// One file at a time (each launches a browser); run after `npm run build`.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
