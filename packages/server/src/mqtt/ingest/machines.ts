import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, machineTool } from '../../db/schema.js';
import { singleFlight } from '../../lib/single-flight.js';

export interface KnownMachine {
  id: number;
  category: string;
}

/** A box as the ingest needs it: its row, owner, and its machine tools by code. */
export interface KnownBox {
  deviceId: number;
  customerId: number;
  machines: Map<string, KnownMachine>;
}

/**
 * gateway id → box and its machine tools by code, read from the database on first use and again on a miss
 * (a code or box not known yet) at most every `refreshMs`, so a machine tool added in the console is picked up
 * within seconds and a box sending an unknown code does not query the database on every message. Every
 * `maxAgeMs` a box is read again anyway (a brand changed or a machine tool deleted in the console).
 */
export class MachineDirectory {
  private readonly boxes = new Map<string, { box: KnownBox | null; loadedAt: number }>();
  /**
   * One read of a box for all the messages asking meanwhile, which go on in the order they came: separate reads
   * on a pool of connections answer in any order, and a box's messages would reach the writer out of order (an
   * older reading then only history).
   */
  private readonly reads = singleFlight<KnownBox | null>();

  constructor(
    private readonly db: Db,
    private readonly refreshMs = 5000,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 60_000,
  ) {}

  /** The box of `gatewayId` with `codes` resolved as far as they are known (refreshing once on a stale miss). */
  async lookup(gatewayId: string, codes: string[]): Promise<KnownBox | null> {
    const entry = this.boxes.get(gatewayId);
    const missing = !entry || !entry.box || codes.some((code) => !entry.box!.machines.has(code));
    const age = entry ? this.now() - entry.loadedAt : Infinity;
    if (age >= this.maxAgeMs || (missing && age >= this.refreshMs)) return this.reads(gatewayId, () => this.load(gatewayId));
    return entry!.box;
  }

  /** Forgets every box (a write failed: perhaps a machine tool it still knew is gone). */
  clear(): void {
    this.boxes.clear();
  }

  /** Reads a box and its machine tools, and keeps them. */
  private async load(gatewayId: string): Promise<KnownBox | null> {
    const rows = await this.db
      .select({ deviceId: device.id, customerId: device.customer_id, machineId: machineTool.id, code: machineTool.code, category: machineTool.category })
      .from(device)
      .leftJoin(machineTool, eq(machineTool.device_id, device.id))
      .where(eq(device.gateway_id, gatewayId));
    const box = rows.length ? { deviceId: rows[0].deviceId, customerId: rows[0].customerId, machines: new Map<string, KnownMachine>() } : null;
    for (const r of rows) if (r.machineId !== null && r.code !== null) box!.machines.set(r.code, { id: r.machineId, category: r.category! });
    this.boxes.set(gatewayId, { box, loadedAt: this.now() });
    return box;
  }
}
