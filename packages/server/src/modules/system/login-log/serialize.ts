import type { LoginLog } from '@gw/contracts';
import type { loginLog } from '../../../db/schema.js';
import type { Row } from '../../../http/resource/types.js';

export function serializeLoginLog(row: Row): LoginLog {
  const r = row as typeof loginLog.$inferSelect & { company_name: string | null };
  return { ...r, created_at: r.created_at.toISOString() };
}
