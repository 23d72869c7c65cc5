import { rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.js';
import { exportJob } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { listWhere } from '../http/resource/list-query.js';
import { type ExportJobRow, diskPathOf, expiryFrom, exportFileName, removeFiles, scopeUserOf } from './export-jobs.js';
import { readerSource, tableSource } from './export-sources.js';
import { MSG } from './messages.js';
import { exportableDef, jobQueueOf, setJobQueue } from './registry.js';
import { XlsxWriter } from './xlsx.js';

export interface ExportRunnerOptions {
  /** How often the queue is read for jobs other nodes queued (this node's own are started at once). */
  pollMs?: number;
  /** How often expired files and their jobs are deleted. */
  sweepMs?: number;
  /** Rows read per query. */
  batchSize?: number;
  /**
   * This server's name in the job table, the same across its restarts: host and port unless given. Its own
   * jobs still running at a start died with its last run.
   */
  node?: string;
  /** How often this node says its running jobs are alive. */
  heartbeatMs?: number;
  /** A running job not heard of for this long died with its node, whichever that was. */
  staleMs?: number;
  log?: { error(obj: object, msg?: string): void };
}

const HEARTBEAT_MS = 10_000;
const STALE_MS = 60_000;

/** A failure whose message the user may read; anything else is logged and shown as 导出失败. */
class JobFailure extends Error {}

/**
 * The export runner of an app, not started: the jobs its routes queue (deps.sheets) reach it from now on, and
 * wait in the queue until it starts.
 */
export function exportRunner(deps: AppDeps, options: ExportRunnerOptions = {}): ExportRunner {
  const runner = new ExportRunner(deps, options);
  setJobQueue(deps, runner);
  return runner;
}

/** Starts the export runner of an app: fails the jobs a crash cut short, then runs queued jobs as they come. */
export async function startJobs(deps: AppDeps, options: ExportRunnerOptions = {}): Promise<ExportRunner> {
  const runner = exportRunner(deps, options);
  await runner.start();
  return runner;
}

/** The runner this app started (tests sweep and wait through it). */
export const exportRunnerOf = (deps: AppDeps) => jobQueueOf(deps) as ExportRunner | undefined;

/**
 * The in-process export queue: up to EXPORT_CONCURRENCY jobs at a time on this node. Jobs are claimed from
 * the table with FOR UPDATE SKIP LOCKED, so several nodes share one queue without running a job twice; a
 * running job carries its node and a heartbeat, so a node that dies mid-export is noticed by the others (or by
 * itself when it starts again) without failing what live nodes are running. Jobs still queued are kept. A job
 * pages through its list by keyset in the list's order (the id, newest first, unless the user sorted), or a
 * computed list through its reader, and streams the rows into an xlsx under DATA_DIR/exports, updating
 * progress every batch.
 */
export class ExportRunner {
  private readonly active = new Set<Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private started = false;
  private stopping = false;
  private filling: Promise<void> | null = null;
  private refill = false;
  private readonly batchSize: number;
  readonly node: string;

  constructor(
    private readonly deps: AppDeps,
    private readonly options: ExportRunnerOptions,
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.node = options.node ?? `${hostname()}:${deps.config.port}`;
  }

  async start(): Promise<void> {
    await this.failDead(true);
    await this.sweep();
    // only now: a job claimed before would count as one of this node's that died with its last run
    this.started = true;
    const log = (err: unknown) => this.options.log?.error({ err }, 'export jobs');
    const heartbeat = this.options.heartbeatMs ?? HEARTBEAT_MS;
    this.timers.push(setInterval(() => this.kick(), this.options.pollMs ?? 2000).unref());
    this.timers.push(setInterval(() => void this.sweep().catch(log), this.options.sweepMs ?? 600_000).unref());
    this.timers.push(setInterval(() => void this.beat().then(() => this.failDead(false)).catch(log), heartbeat).unref());
    this.kick();
  }

  /** Looks for queued jobs now (a new job was queued, or one finished); a runner not started yet takes none. */
  kick(): void {
    if (!this.started || this.stopping) return;
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = this.fill()
      .catch((err: unknown) => this.options.log?.error({ err }, 'export queue'))
      .finally(() => {
        this.filling = null;
        if (this.refill) {
          this.refill = false;
          this.kick();
        }
      });
  }

  /** Resolves when this node has nothing running and nothing left to claim. */
  async idle(): Promise<void> {
    while (this.filling || this.active.size) await Promise.allSettled([this.filling, ...this.active]);
  }

  /** Stops taking jobs; a running job ends at its next batch as failed (服务停止,导出中断). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.idle();
  }

  /** Deletes the jobs past their expiry and their files; returns how many. */
  async sweep(): Promise<number> {
    const gone = await this.deps.db
      .delete(exportJob)
      .where(lte(exportJob.expires_at, this.deps.clock.now()))
      .returning({ file: exportJob.file_path });
    await removeFiles(gone.map((g) => g.file));
    return gone.length;
  }

  /** Tells the other nodes that the jobs this node runs are alive. */
  async beat(): Promise<void> {
    if (!this.active.size) return;
    await this.deps.db
      .update(exportJob)
      .set({ heartbeat_at: this.deps.clock.now() })
      .where(and(eq(exportJob.state, 'running'), eq(exportJob.runner, this.node)));
  }

  /**
   * Fails the running jobs whose node died (服务重启,导出中断) and deletes their half-written files: those not
   * heard of for STALE_MS, and at this node's start its own (its last run ended with them). Returns how many.
   */
  async failDead(starting: boolean): Promise<number> {
    const now = this.deps.clock.now();
    const silent = or(isNull(exportJob.heartbeat_at), lt(exportJob.heartbeat_at, new Date(now.getTime() - (this.options.staleMs ?? STALE_MS))));
    const dead = await this.deps.db
      .update(exportJob)
      .set({ state: 'failed', error: MSG.interrupted, finished_at: now, expires_at: expiryFrom(this.deps.config, now) })
      .where(and(eq(exportJob.state, 'running'), starting ? or(eq(exportJob.runner, this.node), silent) : silent))
      .returning({ file: exportJob.file_path });
    await removeFiles(dead.map((d) => d.file));
    return dead.length;
  }

  private async fill(): Promise<void> {
    const slots = Math.max(1, Math.floor(this.deps.config.exportConcurrency));
    while (!this.stopping && this.active.size < slots) {
      const job = await this.claim();
      if (!job) return;
      const run: Promise<void> = this.run(job).finally(() => {
        this.active.delete(run);
        this.kick();
      });
      this.active.add(run);
    }
  }

  private async claim(): Promise<ExportJobRow | undefined> {
    const { db, clock } = this.deps;
    const oldest = db
      .select({ id: exportJob.id })
      .from(exportJob)
      .where(eq(exportJob.state, 'queued'))
      .orderBy(exportJob.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const now = clock.now();
    const [job] = await db
      .update(exportJob)
      .set({ state: 'running', started_at: now, runner: this.node, heartbeat_at: now })
      .where(eq(exportJob.id, oldest))
      .returning();
    return job;
  }

  private async run(job: ExportJobRow): Promise<void> {
    const { db, clock, config } = this.deps;
    const fileName = exportFileName(job.title, clock.now());
    let file = '';
    let writer: XlsxWriter | undefined;
    try {
      file = await diskPathOf(config, job.id, fileName);
      const def = exportableDef(job.resource);
      if (!def?.sheet) throw new JobFailure(MSG.notExportable);
      const user = scopeUserOf(job);
      const options = { db, def, where: listWhere(def, job.filters, { user }), filters: job.filters, user, batchSize: this.batchSize, sheet: { origin: job.origin } };
      const { total, batches } = def.reader ? await readerSource(def.reader, options) : await tableSource(options);
      if (!(await this.update(job.id, { file_name: fileName, file_path: file, total }))) return;
      writer = XlsxWriter.open(file, def.title, def.sheet);
      let written = 0;
      for await (const rows of batches) {
        if (this.stopping) throw new JobFailure(MSG.stopped);
        await writer.addRows(rows);
        written += rows.length;
        const progress = total ? Math.min(99, Math.floor((written * 100) / total)) : 99;
        if (!(await this.update(job.id, { row_count: written, progress }))) {
          await writer.abort();
          return;
        }
      }
      await writer.close();
      writer = undefined;
      const now = clock.now();
      const size = (await stat(file)).size;
      const done = { state: 'done', progress: 100, row_count: written, file_size: size, finished_at: now, expires_at: expiryFrom(config, now) } as const;
      // deleted (or failed by a restarting node) while finishing: the file has no job any more
      if (!(await this.update(job.id, done))) await rm(file, { force: true });
    } catch (err) {
      await writer?.abort();
      if (file) await rm(file, { force: true });
      const readable = err instanceof JobFailure || err instanceof AppError;
      if (!readable) this.options.log?.error({ err, job: job.id }, 'export failed');
      const now = clock.now();
      const failed = { state: 'failed', error: readable ? err.message : MSG.failed, finished_at: now, expires_at: expiryFrom(config, now) } as const;
      await this.update(job.id, failed).catch((e: unknown) => this.options.log?.error({ err: e }, 'export state'));
    }
  }

  /** Updates a job this node runs; false when it was deleted or failed meanwhile, which cancels the export. */
  private async update(id: number, values: Partial<ExportJobRow>): Promise<boolean> {
    const rows = await this.deps.db
      .update(exportJob)
      .set({ ...values, heartbeat_at: this.deps.clock.now() })
      .where(and(eq(exportJob.id, id), eq(exportJob.state, 'running'), eq(exportJob.runner, this.node)))
      .returning({ id: exportJob.id, user_id: exportJob.user_id, state: exportJob.state, progress: exportJob.progress });
    // 导出管理 shows the job's progress and state as they change (to its owner's tabs only)
    for (const row of rows) this.deps.live.publish({ type: 'job', user_id: row.user_id, job_id: row.id, status: row.state, progress: row.progress });
    return rows.length > 0;
  }
}
