import { createHash } from 'node:crypto';
import type { BoxEcho, BoxOta, BoxUpgrade } from '@gw/contracts';

/** Where an injected failure strikes: the download, the check, the install, or after the reboot (back on the old version). */
export const OTA_FAIL_STEPS = ['download', 'verify', 'install', 'rollback'] as const;
export type OtaFailStep = (typeof OTA_FAIL_STEPS)[number];

/** How a fleet's boxes update their firmware, and which of them fail on purpose. */
export interface OtaOptions {
  /** ms a box stays away between closing its connection and reconnecting on the new version (default 1000) */
  rebootMs?: number;
  /** ms a download may take before it fails (default 10 minutes) */
  downloadTimeoutMs?: number;
  /** share of the fleet (0..1) that fails: exactly round(rate × boxes) boxes, chosen by a hash of their gateway id */
  failRate?: number;
  /** the step they fail at (default install) */
  failAt?: OtaFailStep;
  /** fail only the first attempt at a given version, so a retry succeeds (default true) */
  once?: boolean;
}

/** The reasons a box gives on `ota` when an update fails. */
export const OTA_ERRORS = {
  sha256: 'SHA-256 校验失败',
  size: '文件大小不符',
  download: (reason: string) => `下载失败: ${reason}`,
  injected: { download: '模拟下载失败', verify: '模拟校验失败', install: '模拟安装失败' },
} as const;

/** Progress is reported at these steps of the download, not per chunk. */
const PROGRESS_STEP = 20;

const rank = (gatewayId: string) => createHash('sha256').update(`ota:${gatewayId}`).digest('hex');

/**
 * The boxes of `gatewayIds` that fail their updates at `rate`: exactly round(rate × n) of them, those whose
 * hash ranks first, so the same fleet always picks the same boxes and a test knows how many.
 */
export function otaFailures(gatewayIds: readonly string[], rate: number): Set<string> {
  if (!(rate >= 0 && rate <= 1)) throw new Error(`ota.failRate 应在 0 到 1 之间: ${rate}`);
  const count = Math.round(rate * gatewayIds.length);
  return new Set([...gatewayIds].sort((a, b) => rank(a).localeCompare(rank(b))).slice(0, count));
}

/** What an update needs of the box it runs on. */
export interface OtaHost {
  readonly gatewayId: string;
  /** The version the box runs now. */
  version(): string;
  /** Publishes on `ota` (QoS 1); resolves at the broker's acknowledgement. */
  report(ota: BoxOta): Promise<void>;
  /** Drops the connection as a power cycle does, and is back after a while running `version`; resolves once announced. */
  reboot(version: string): Promise<void>;
  /** Bytes that came over the box's link (its traffic counters). */
  received(bytes: number): void;
}

export interface OtaCounters {
  upgradesStarted: number;
  upgradesDone: number;
  upgradesFailed: number;
  downloadedBytes: number;
}

class OtaFailure extends Error {}

const reasonOf = (err: unknown): string => {
  if (err instanceof Error && err.name === 'TimeoutError') return '超时';
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
};

/** The server's own words for a refused download (its error envelope's msg), else the status. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const msg = (JSON.parse(text) as { msg?: unknown }).msg;
    if (typeof msg === 'string' && msg) return `HTTP ${res.status} ${msg}`;
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${res.status}`;
}

/**
 * A box's firmware updates, one at a time: downloads the file over HTTP(S) hashing as it streams, checks size
 * and SHA-256, "installs", reboots into the new version and says so on `ota` — or fails with its reason there.
 */
export class BoxUpgrader {
  private running: { order: BoxUpgrade; abort: AbortController } | null = null;
  /** versions this box already failed once on purpose (with `once`, a retry succeeds) */
  private failedOnce = new Set<string>();

  constructor(
    private readonly host: OtaHost,
    private readonly options: { failAt: OtaFailStep | null; once: boolean; downloadTimeoutMs: number },
    private readonly stats: OtaCounters,
  ) {}

  /** The box's answer to `POST /system/upgrade`: 0 at once (the work goes on afterwards), 409 while another runs. */
  start(order: BoxUpgrade): Pick<BoxEcho, 'ret' | 'msg'> {
    const busy = this.running?.order;
    if (busy) {
      // the platform may send the same order again (e.g. after its restart): that one is already under way
      if (busy.rollout_id === order.rollout_id && busy.version === order.version) return { ret: 0, msg: '升级进行中' };
      return { ret: 409, msg: `正在升级到 ${busy.version}, 请稍后再试` };
    }
    const abort = new AbortController();
    this.running = { order, abort };
    this.stats.upgradesStarted += 1;
    // after the echo, which the box sends as soon as this returns
    setImmediate(() => void this.run(order, abort.signal).finally(() => (this.running = null)));
    return { ret: 0, msg: '开始升级' };
  }

  /** The box is switched off: an update under way stops where it is, without a word. */
  stop(): void {
    this.running?.abort.abort();
  }

  private injected(step: OtaFailStep, version: string): boolean {
    if (this.options.failAt !== step) return false;
    if (!this.options.once) return true;
    if (this.failedOnce.has(version)) return false;
    this.failedOnce.add(version);
    return true;
  }

  private async run(order: BoxUpgrade, signal: AbortSignal): Promise<void> {
    const { rollout_id } = order;
    const report = (ota: Omit<BoxOta, 'rollout_id'>) => this.host.report({ rollout_id, ...ota });
    try {
      void report({ state: 'downloading', progress: 0 });
      if (this.injected('download', order.version)) throw new OtaFailure(OTA_ERRORS.injected.download);
      const { bytes, sha256 } = await this.download(order, signal, (progress) => void report({ state: 'downloading', progress }));
      void report({ state: 'verifying' });
      if (bytes !== order.size) throw new OtaFailure(OTA_ERRORS.size);
      if (sha256 !== order.sha256) throw new OtaFailure(OTA_ERRORS.sha256);
      if (this.injected('verify', order.version)) throw new OtaFailure(OTA_ERRORS.injected.verify);
      const installing = report({ state: 'installing' });
      if (this.injected('install', order.version)) throw new OtaFailure(OTA_ERRORS.injected.install);
      // the last word before the power cycle must be out, or it would be lost with the connection
      await Promise.race([installing, new Promise((r) => setTimeout(r, 5000))]);
      if (this.injected('rollback', order.version)) {
        // the new firmware does not come up: the box boots its old one again and says nothing more
        await this.host.reboot(this.host.version());
        this.stats.upgradesFailed += 1;
        return;
      }
      await this.host.reboot(order.version);
      if (signal.aborted) return;
      void report({ state: 'done', progress: 100, version: order.version });
      this.stats.upgradesDone += 1;
    } catch (err) {
      if (signal.aborted) return;
      this.stats.upgradesFailed += 1;
      void report({ state: 'failed', error: err instanceof OtaFailure ? err.message : OTA_ERRORS.download(reasonOf(err)) });
    }
  }

  /** Streams the file, counting and hashing it; progress at every PROGRESS_STEP %; more bytes than announced fail early. */
  private async download(order: BoxUpgrade, stop: AbortSignal, progress: (percent: number) => void) {
    const signal = AbortSignal.any([stop, AbortSignal.timeout(this.options.downloadTimeoutMs)]);
    const res = await fetch(order.url, { signal });
    if (!res.ok || !res.body) throw new OtaFailure(OTA_ERRORS.download(await refusal(res)));
    const hash = createHash('sha256');
    let bytes = 0;
    let next = PROGRESS_STEP;
    // (Node's fetch types leave the chunks untyped; they are bytes)
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      this.stats.downloadedBytes += chunk.byteLength;
      this.host.received(chunk.byteLength);
      // leaving the loop cancels the rest of the download
      if (bytes > order.size) throw new OtaFailure(OTA_ERRORS.size);
      hash.update(chunk);
      const percent = order.size ? Math.floor((bytes * 100) / order.size) : 100;
      if (percent >= next) {
        progress(Math.floor(percent / PROGRESS_STEP) * PROGRESS_STEP);
        next = (Math.floor(percent / PROGRESS_STEP) + 1) * PROGRESS_STEP;
      }
    }
    if (order.size === 0) progress(100);
    return { bytes, sha256: hash.digest('hex') };
  }
}
