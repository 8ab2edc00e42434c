import { defineConfig } from 'vitest/config';

// Unit, scenario, property and golden tests. Each area runs in the environment
// it is allowed to touch: the engine in plain Node (no DOM), parsers in jsdom.
// No test asserts a time: the limits below only stop a test that hangs, and are
// wide enough for a shared two-core machine (the RAR redirection stress test and
// the real saved pages took over 5 s there). Speed is the bench's business.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'engine', include: ['test/engine/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'model', include: ['test/model/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'parsers', include: ['test/parsers/**/*.test.ts'], environment: 'jsdom', testTimeout: 60_000 } },
      { test: { name: 'cli', include: ['test/cli/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      // Co-hosts' sync: a real Hocuspocus server on a free port and provider clients (Node, ws).
      { test: { name: 'sync', include: ['test/sync/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      { test: { name: 'lint', include: ['test/lint/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      // Hostile input: linear-time regular expressions and fuzzing of the grammar, names and adapters (jsdom for the adapters).
      { test: { name: 'hardening', include: ['test/hardening/**/*.test.ts'], environment: 'jsdom', testTimeout: 120_000 } },
      {
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        test: {
          name: 'extension',
          include: ['test/extension/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/extension/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
