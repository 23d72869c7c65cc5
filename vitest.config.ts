import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));
const licenseCheck = fileURLToPath(new URL('./packages/contracts/src/license-check.ts', import.meta.url));
// the subpath first: '@gw/contracts' alone would also take '@gw/contracts/…'
const alias = { '@gw/contracts/license-check': licenseCheck, '@gw/contracts': contracts };

// The suites that start servers: one migrated, seeded database made once per run (each test file starts from a
// copy of it) and passwords hashed at the test cost. `root` is the server package, relative to the project's root.
const serverDatabase = (server: string) => ({
  globalSetup: [`${server}/src/test/global-setup.ts`],
  setupFiles: [`${server}/src/test/setup.ts`],
});

// One runner for every package; each package is a project so `--project server` can run alone (CI does that
// a second time against real PostgreSQL).
export default defineConfig({
  test: {
    // A worker per core: the runner's own process mostly waits on its workers (vitest's default keeps a core for it,
    // which on a 2-core machine is one worker). CI, running two suites side by side, passes --maxWorkers=1 to each.
    maxWorkers: availableParallelism(),
    // React work a web test file left scheduled (an antd toast closing on its timer) that runs after the file's
    // jsdom is gone: an artefact of the teardown, not of the console. Only that exact error is let through.
    onUnhandledError(error): boolean | void {
      const stack = error.stack ?? '';
      if (error.name === 'ReferenceError' && error.message === 'window is not defined' && stack.includes('performWorkUntilDeadline')) return false;
      // the same for the top progress bar's fade-out timer (nprogress) of a page that finished loading just before
      if (error.name === 'ReferenceError' && error.message === 'document is not defined' && stack.includes('nprogress')) return false;
    },
    projects: [
      { resolve: { alias }, test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { resolve: { alias }, test: { name: 'simulator', root: 'packages/simulator', environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, ...serverDatabase('../server') } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...serverDatabase('.'),
        },
      },
      {
        resolve: { alias },
        test: { name: 'web', root: 'packages/web', environment: 'jsdom', setupFiles: ['src/test/setup.ts'], testTimeout: 30_000 },
      },
    ],
  },
});
