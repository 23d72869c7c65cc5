import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: one file at a time against one real server each; Chromium is slow to start on 2 cores.
export default defineConfig({
  // the subpath first: '@gw/contracts' alone would also take '@gw/contracts/…'
  resolve: {
    alias: {
      '@gw/contracts/license-check': fileURLToPath(new URL('../packages/contracts/src/license-check.ts', import.meta.url)),
      '@gw/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // tests marked concurrent (independent browser contexts against one server) run three at a time
    maxConcurrency: 3,
    hookTimeout: 120_000,
    // a page on a loaded 2-core machine may take seconds to show what a poll waits for
    expect: { poll: { timeout: 20_000 } },
  },
});
