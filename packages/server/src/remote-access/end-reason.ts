import { type SQL, sql } from 'drizzle-orm';
import type { RemoteSessionEndReason } from '@gw/contracts';
import { licenseInForce } from '../db/license-in-force.js';

/**
 * Why an open session (pending or active) of `remote_session` must end now, or null while it may go on, in the
 * order the record says it: its client deleted, its user disabled or deleted, its box scrapped (or gone), moved to
 * another company than the one it was opened on, without a licence in force with vpn, or — active — past its
 * expiry by `now` (the app's clock). The hub's state includes a session's flow only while this is null at the
 * moment it is read, so a session no sweep has ended yet opens nothing it should not.
 */
export function endReasonSql(now: Date): SQL<RemoteSessionEndReason | null> {
  return sql<RemoteSessionEndReason | null>`case
    when remote_session.client_id is null then 'client_deleted'
    when not exists (select 1 from admin_user u where u.id = remote_session.user_id and u.enabled) then 'user_disabled'
    when not exists (select 1 from device d where d.id = remote_session.device_id and d.state <> 'scrapped') then 'box_scrapped'
    when not exists (select 1 from device d where d.id = remote_session.device_id and d.customer_id = remote_session.customer_id) then 'box_moved'
    when not coalesce((select license.vpn from license where license.device_id = remote_session.device_id and ${licenseInForce}
                       order by license.iat desc, license.id desc limit 1), false) then 'unlicensed'
    when remote_session.status = 'active' and remote_session.expires_at <= ${now.toISOString()}::timestamptz then 'expired'
  end`;
}
