import type { AppDeps } from '../app-deps.js';
import type { ResourceDef } from '../http/resource/types.js';

/**
 * The resources an export job can run, by route path: a job stores only the path, and the runner (perhaps on
 * another node, after a restart) finds the declaration here. Filled by registerTransfer.
 */
const exportable = new Map<string, ResourceDef>();

export function registerExportable(def: ResourceDef): void {
  exportable.set(def.path, def);
}

export function exportableDef(path: string): ResourceDef | undefined {
  return exportable.get(path);
}

/** What a route needs of the runner: a nudge when it queued a job. */
export interface JobQueue {
  kick(): void;
}

const queues = new WeakMap<AppDeps, JobQueue>();

export function setJobQueue(deps: AppDeps, queue: JobQueue): void {
  queues.set(deps, queue);
}

/** The runner started for these deps; none in an app that does not run jobs (they wait for another node). */
export const jobQueueOf = (deps: AppDeps): JobQueue | undefined => queues.get(deps);
