import type { ConfigItem } from '@gw/contracts';
import type { config } from '../../../db/schema.js';
import type { Row } from '../../../http/resource/types.js';

export function serializeConfig(row: Row): ConfigItem {
  const c = row as typeof config.$inferSelect;
  return { ...c, created_at: c.created_at.toISOString(), updated_at: c.updated_at.toISOString() };
}
