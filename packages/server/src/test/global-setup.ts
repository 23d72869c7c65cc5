import type { TestProject } from 'vitest/node';
import { type TestTemplate, makeTestTemplate } from './template-db.js';

interface Shared {
  made: Promise<{ template: TestTemplate; remove: () => Promise<void> }>;
  users: number;
}

// The projects that start servers (server, server-isolated, simulator) each run this set-up; they share one
// template, made once (making it is a migration and the seed, about 5 s), and removed after the last of them.
const shared = globalThis as typeof globalThis & { gwTestTemplate?: Shared };

/** Once per run, before any test file: the migrated, seeded database every test app starts from a copy of. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = (shared.gwTestTemplate ??= { made: makeTestTemplate(process.env.DATABASE_URL), users: 0 });
  entry.users++;
  const { template, remove } = await entry.made;
  project.provide('testTemplate', template);
  return async () => {
    if (--entry.users > 0) return;
    shared.gwTestTemplate = undefined;
    await remove();
  };
}
