import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));
const licenseCheck = fileURLToPath(new URL('./packages/contracts/src/license-check.ts', import.meta.url));
const netnsLab = fileURLToPath(new URL('./packages/simulator/src/netns/index.ts', import.meta.url));
// the subpath first: '@gw/contracts' alone would also take '@gw/contracts/…'
const alias = { '@gw/contracts/license-check': licenseCheck, '@gw/contracts': contracts, '@gw/simulator/netns': netnsLab };

// The suites that start servers: one migrated, seeded database made once per run (each test file starts from a
// copy of it) and passwords hashed at the test cost. `root` is the server package, relative to the project's root.
const serverDatabase = (server: string) => ({
  globalSetup: [`${server}/src/test/global-setup.ts`],
  setupFiles: [`${server}/src/test/setup.ts`],
});

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The test files of a package that run each in a worker of its own: those that replace a module (vi.mock), and
 * those that check what happens the first time a module is loaded, which say so in a first line
 * `// isolated: <why>`. Every other file shares its worker's loaded modules with the files before it
 * (isolate: false) — loading the server or antd again for each file was a third of the suite's time — and so
 * must not change a module, or the worker's jsdom window, for the files after it. Each file still has its own
 * database; the window is cleaned after every test.
 */
function filesThatRunAlone(root: string): string[] {
  const dir = path.join(here, root);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .filter((file) => /\bvi\.(do)?mock\(|^\/\/ isolated: /m.test(readFileSync(path.join(dir, file), 'utf8')))
    .map((file) => file.split(path.sep).join('/'));
}

/** The tests that run in network namespaces as root: the `vpn` project's, no other's. */
const NETNS_TESTS = ['**/*.netns.test.ts'];

/**
 * A package's tests as two projects: `name` sharing loaded modules within a worker (with `sharedSetup` run in
 * each of its files as well), `name-isolated` the files that must not share.
 */
function splitByIsolation(name: string, root: string, test: { setupFiles?: string[] } & Record<string, unknown>, sharedSetup: string[] = []) {
  const alone = filesThatRunAlone(root);
  const setupFiles = [...(test.setupFiles ?? []), ...sharedSetup];
  return [
    { resolve: { alias }, test: { ...test, setupFiles, name, root, isolate: false, exclude: [...configDefaults.exclude, ...NETNS_TESTS, ...alone] } },
    { resolve: { alias }, test: { ...test, name: `${name}-isolated`, root, include: alone } },
  ];
}

/**
 * The order the projects' files start in. Vitest runs projects by name, which put the ten web files that each load
 * the console for themselves last, where three workers then had little else to do. A file that runs alone pays
 * its own start, so those come first and the many short files that share a worker fill the end; within a project
 * vitest's own order holds (the longest first when it has timed them, the largest otherwise).
 */
const PROJECT_ORDER = ['server-isolated', 'server', 'simulator', 'contracts', 'web-isolated', 'web'];

class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => PROJECT_ORDER.indexOf(file.project.name);
    // Array.prototype.sort is stable: vitest's order stays within a project
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// One runner for every package; each package is a project so `--project server` can run alone (CI does that
// a second time against real PostgreSQL).
export default defineConfig({
  test: {
    sequence: { sequencer: ProjectOrderSequencer },
    // A worker per core and one more: the runner's own process mostly waits on its workers (vitest's default keeps
    // a core for it), and a server test spends part of its time waiting on a timer, a socket or the broker, which
    // the extra worker fills (on 2 cores the server suite took 225 s with 2 workers, 179 s with 3).
    maxWorkers: availableParallelism() + 1,
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
      { resolve: { alias }, test: { name: 'simulator', root: 'packages/simulator', exclude: [...configDefaults.exclude, ...NETNS_TESTS], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, ...serverDatabase('../server') } },
      ...splitByIsolation('server', 'packages/server', { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, ...serverDatabase('.') }),
      // The WireGuard hub and the simulator's tunnelled boxes in network namespaces (root; wireguard-go, wg, nft), one
      // file at a time: each makes namespaces, tunnels and traffic of its own, and a cut is timed. Without root or a
      // tool each file says so and skips.
      { resolve: { alias }, test: { name: 'vpn', root: '.', include: ['packages/server/**/*.netns.test.ts', 'packages/simulator/**/*.netns.test.ts'], exclude: [...configDefaults.exclude, '**/dist/**'], environment: 'node', maxWorkers: 1, testTimeout: 30_000, hookTimeout: 60_000 } },
      ...splitByIsolation('web', 'packages/web', { environment: 'jsdom', setupFiles: ['src/test/setup.ts'], testTimeout: 30_000 }, ['src/test/shared-worker.tsx']),
    ],
  },
});
