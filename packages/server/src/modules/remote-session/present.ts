import { BOX_REMOTE_PORTS, type RemoteSession } from '@gw/contracts';
import { sql } from 'drizzle-orm';
import type { remoteSession } from '../../db/schema.js';
import { sessionTraffic } from '../../remote-access/bytes.js';
import type { HubPeers } from '../../remote-access/peers.js';

/**
 * What a session's row shows beside its columns, read with it: the box's name and company's name, the machine
 * tools' names (全部机床 when none was chosen) and what the hub lets through — the box's /24 or the chosen
 * machine tools' addresses still the box's, and the box's own services.
 */
export const sessionDerived = {
  device_name: sql<string>`coalesce((select name from device where device.id = remote_session.device_id), '')`,
  company_name: sql<string>`coalesce((select company_name from customer where customer.id = remote_session.customer_id), '')`,
  machines: sql<string>`case when cardinality(remote_session.machine_ids) = 0 then '全部机床' else coalesce((
      select string_agg(coalesce(nullif(m.name, ''), m.code), '、' order by m.id) from machine_tool m where m.id = any(remote_session.machine_ids)), '') end`,
  box_net: sql<string | null>`(select machine_net::text from device where device.id = remote_session.device_id)`,
  box_ip: sql<string | null>`(select host(vpn_ip) from device where device.id = remote_session.device_id)`,
  machine_ips: sql<string[] | null>`(select array_agg(host(m.ip) order by m.ip) from machine_tool m
      where m.id = any(remote_session.machine_ids) and m.device_id = remote_session.device_id)`,
};

/** A session's row with what sessionDerived reads beside it. */
export type SessionView = typeof remoteSession.$inferSelect & {
  device_name: string;
  company_name: string;
  machines: string;
  box_net: string | null;
  box_ip: string | null;
  machine_ips: string[] | null;
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What the hub lets the client reach, as people read it: '10.100.1.0/24', '10.100.1.7', '10.8.0.2:80,443'. */
function targetsOf(row: SessionView): string[] {
  const machines = row.machine_ids.length ? (row.machine_ips ?? []) : row.box_net ? [row.box_net] : [];
  return [...machines, ...(row.box_ip ? [`${row.box_ip}:${BOX_REMOTE_PORTS.join(',')}`] : [])];
}

/** A session as the API shows it: an active one's bytes and handshake from the hub's last report, an ended one's as kept. */
export function serializeSession(row: SessionView, peers: HubPeers): RemoteSession {
  const traffic =
    row.status === 'active' ? sessionTraffic(peers, row.client_public_key, row) : { rx_bytes: row.rx_bytes, tx_bytes: row.tx_bytes, latest_handshake: row.latest_handshake };
  return {
    id: row.id,
    status: row.status,
    client_id: row.client_id,
    client_name: row.client_name,
    client_address: row.client_address,
    user_id: row.user_id,
    username: row.username,
    device_id: row.device_id,
    gateway_id: row.gateway_id,
    device_name: row.device_name,
    customer_id: row.customer_id,
    company_name: row.company_name,
    machine_ids: row.machine_ids,
    machines: row.machines,
    targets: targetsOf(row),
    minutes: row.minutes,
    needs_approval: row.needs_approval,
    requested_at: row.requested_at.toISOString(),
    approved_at: iso(row.approved_at),
    approved_by: row.approved_by,
    started_at: iso(row.started_at),
    expires_at: iso(row.expires_at),
    ended_at: iso(row.ended_at),
    ended_by: row.ended_by,
    end_reason: row.end_reason,
    rx_bytes: Number(traffic.rx_bytes),
    tx_bytes: Number(traffic.tx_bytes),
    latest_handshake: iso(traffic.latest_handshake),
  };
}
