import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));
const alias = { '@gw/contracts': contracts };

// One runner for every package; each package is a project so `--project server` can run alone (CI does that
// a second time against real PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'web', root: 'packages/web', environment: 'jsdom', setupFiles: ['src/test/setup.ts'], testTimeout: 30_000 },
      },
    ],
  },
});
