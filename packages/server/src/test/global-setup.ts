import type { TestProject } from 'vitest/node';
import { makeTestTemplate } from './template-db.js';

/** Once per run, before any test file: the migrated, seeded database every test app starts from a copy of. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await makeTestTemplate(process.env.DATABASE_URL);
  project.provide('testTemplate', template);
  return remove;
}
