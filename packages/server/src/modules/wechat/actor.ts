import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

/** Who the operation log names for a write the callback makes on a user's behalf (no session there). */
export interface Actor {
  user_id: number;
  username: string;
  customer_id: number | null;
  ip: string;
}

/** A transaction whose audited writes are logged as `actor`'s. */
export function asActor<T>(db: Db, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.actor', ${JSON.stringify(actor)}, true)`);
    return fn(tx);
  });
}
