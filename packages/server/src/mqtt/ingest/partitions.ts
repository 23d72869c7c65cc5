import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

const DAY_MS = 86_400_000;

/** The UTC day of `at` as YYYYMMDD, the suffix of its partition telemetry_YYYYMMDD. */
export const dayKey = (at: Date) => at.toISOString().slice(0, 10).replaceAll('-', '');

/** The distinct UTC days of these times as dayKeys (one date formatted per day, not per time). */
export function daysOf(times: Iterable<Date>): Set<string> {
  const days = new Set<number>();
  for (const at of times) days.add(Math.floor(at.getTime() / DAY_MS));
  return new Set([...days].map((d) => dayKey(new Date(d * DAY_MS))));
}

const dayStart = (key: string) => new Date(`${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T00:00:00Z`);

/**
 * The daily partitions of `telemetry` (UTC days): made ahead of the data (today and tomorrow at start and daily,
 * any other day a batch needs on demand) and dropped whole once older than the retention.
 */
export class TelemetryPartitions {
  private readonly made = new Set<string>();

  constructor(private readonly db: Db) {}

  /** Makes the partitions of these days unless this node already made or saw them. */
  async ensure(days: Iterable<string>): Promise<void> {
    for (const key of days) {
      if (this.made.has(key)) continue;
      const from = dayStart(key);
      const to = new Date(from.getTime() + DAY_MS);
      try {
        await this.db.execute(
          sql.raw(`create table if not exists telemetry_${key} partition of telemetry for values from ('${from.toISOString()}') to ('${to.toISOString()}')`),
        );
      } catch (err) {
        // another node made it in the same instant: fine when it is there now
        if (!(await this.exists(key))) throw err;
      }
      this.made.add(key);
    }
  }

  /** Today's and tomorrow's partitions. */
  ensureAhead(now: Date): Promise<void> {
    return this.ensure([dayKey(now), dayKey(new Date(now.getTime() + DAY_MS))]);
  }

  /** Drops the partitions of days that ended more than `retentionDays` ago; the names of those dropped. */
  async dropOlderThan(now: Date, retentionDays: number): Promise<string[]> {
    const oldest = dayKey(new Date(now.getTime() - retentionDays * DAY_MS));
    const children = await queryRows<{ name: string }>(
      this.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'telemetry'`,
    );
    const old = children.map((r) => r.name).filter((name) => /^telemetry_\d{8}$/.test(name) && name.slice(10) < oldest);
    for (const name of old) {
      await this.db.execute(sql.raw(`drop table if exists ${name}`));
      this.made.delete(name.slice(10));
    }
    return old;
  }

  /** The oldest day a partition is kept for: data older than this is not stored. */
  static oldestKept(now: Date, retentionDays: number): Date {
    return dayStart(dayKey(new Date(now.getTime() - retentionDays * DAY_MS)));
  }

  private async exists(key: string): Promise<boolean> {
    const [row] = await queryRows<{ ok: boolean }>(this.db, sql`select to_regclass(${`telemetry_${key}`}) is not null as ok`);
    return row?.ok === true;
  }
}
