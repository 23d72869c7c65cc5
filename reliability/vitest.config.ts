import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Reliability tests: the built server as real processes (killed, restarted, two at once) against services of
// their own (scripts/private-services.mjs). One file at a time: each keeps a core busy with load.
export default defineConfig({
  // the subpath first: '@gw/contracts' alone would also take '@gw/contracts/…'
  resolve: {
    alias: {
      '@gw/contracts/license-check': fileURLToPath(new URL('../packages/contracts/src/license-check.ts', import.meta.url)),
      '@gw/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
