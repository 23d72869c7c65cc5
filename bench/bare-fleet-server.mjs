// The baseline of bench/fleet-list.mjs: a minimal node:http server answering a page of boxes with the same SQL
// the API issues for it — the page with the company and type names, tags and machine tool counts of its boxes in
// one query, and the total kept for LIST_COUNT_CACHE_MS like the API keeps it — through bare `pg`, in the
// same list envelope. No auth, no validation, no framework. The caller's scope comes as ?scope=<customer id>;
// ?named=1 sends the SQL as named statements, as our server does, instead of unnamed ones.
// Usage: DATABASE_URL=… PORT=… LIST_COUNT_CACHE_MS=… node bench/bare-fleet-server.mjs
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 20) });
const TTL = Number(process.env.LIST_COUNT_CACHE_MS ?? 5000);
const COLUMNS = `"id", "gateway_id", "name", "customer_id", "goods_id", "fingerprint", "secret_hash", "vpn_ip", "machine_net",
  "firmware_version", "imei", "iccid", "address", "area_id", "online", "last_seen_at", "state", "remark", "created_at", "updated_at"`;
// the caller's subtree is read once a second, as our server reads it with the session it keeps that long, and
// goes into the list query as one array value
const SUBTREE = `select array_agg(id) as ids from (with recursive sub(id) as (select $1::integer union select c.id from customer c join sub on c.parent_id = sub.id) select id from sub) s`;
const SESSION_MS = 1000;
const subtrees = new Map();
async function subtreeOf(scope) {
  const kept = subtrees.get(scope);
  if (kept && Date.now() - kept.at < SESSION_MS) return kept.ids;
  const { rows } = await pool.query(SUBTREE, [scope]);
  const ids = `{${(rows[0].ids ?? []).join(',')}}`;
  subtrees.set(scope, { at: Date.now(), ids });
  return ids;
}
const counts = new Map();

/** WHERE and its parameters for the query string, as the API builds them. */
async function whereOf(url) {
  const conds = [];
  const params = [];
  const keywords = url.searchParams.get('keywords');
  if (keywords) {
    params.push(`%${keywords.replace(/[\\%_]/g, '\\$&')}%`);
    const p = `$${params.length}`;
    conds.push(`("device"."gateway_id" ilike ${p} or "device"."name" ilike ${p} or "device"."fingerprint" ilike ${p})`);
  }
  const tag = url.searchParams.get('tag_id');
  if (tag) {
    params.push(Number(tag));
    conds.push(`"device"."id" in (select device_id from device_tag_link where tag_id = $${params.length})`);
  }
  const scope = url.searchParams.get('scope');
  if (scope) {
    params.push(await subtreeOf(Number(scope)));
    conds.push(`"device"."customer_id" = any($${params.length}::int[])`);
  }
  return { where: conds.length ? `where ${conds.join(' and ')}` : '', params };
}

// the box's company and type names, tags and machine tool count, in the page's own query as the API reads them
const DERIVED = `(select c.company_name from customer c where c.id = device.customer_id) as company_name,
    (select g.name from goods g where g.id = device.goods_id) as goods_name,
    coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.id)
      from device_tag_link l join device_tag t on t.id = l.tag_id where l.device_id = device.id), '[]'::json) as tags,
    (select count(*)::int from machine_tool m where m.device_id = device.id) as machine_count,
    (case
      when exists (select 1 from license l where l.device_id = device.id and l.revoked_at is null and l.nbf <= now() and l.exp > now()) then 'licensed'
      when exists (select 1 from license l where l.device_id = device.id and l.revoked_at is null and l.exp <= now()) then 'expired'
      else 'none' end) as license_state`;

// ?named=1: each distinct text as a named statement (parsed and planned once per connection), as our server sends them
const names = new Map();
const query = (text, values, named) => {
  if (named && !names.has(text)) names.set(text, `bare_${names.size + 1}`);
  return pool.query({ text, values, name: named ? names.get(text) : undefined });
};

async function page(where, params, limit, start, named) {
  const n = params.length;
  const { rows } = await query(`select ${COLUMNS}, ${DERIVED} from "device" ${where} order by "device"."id" desc limit $${n + 1} offset $${n + 2}`, [...params, limit, start], named);
  const iso = (d) => (d ? d.toISOString() : null);
  return rows.map((r) => ({
    id: r.id, gateway_id: r.gateway_id, name: r.name, customer_id: r.customer_id, company_name: r.company_name,
    goods_id: r.goods_id, goods_name: r.goods_name, fingerprint: r.fingerprint, vpn_ip: r.vpn_ip, machine_net: r.machine_net,
    firmware_version: r.firmware_version, imei: r.imei, iccid: r.iccid, address: r.address, area_id: r.area_id,
    tags: r.tags, online: r.online, last_seen_at: iso(r.last_seen_at), state: r.state,
    license_state: r.license_state, machine_count: r.machine_count, remark: r.remark, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  }));
}

function total(where, params, named) {
  const text = `select count(*) from "device" ${where}`;
  const key = text + JSON.stringify(params);
  const known = counts.get(key);
  if (known && Date.now() - known.at < TTL) return known.total;
  const counted = query(text, params, named).then((r) => Number(r.rows[0].count));
  if (TTL > 0) counts.set(key, { at: Date.now(), total: counted });
  return counted;
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    const pageNo = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit') ?? 20)));
    const start = (pageNo - 1) * limit;
    const { where, params } = await whereOf(url);
    const named = url.searchParams.get('named') === '1';
    const [data, count] = await Promise.all([page(where, params, limit, start, named), total(where, params, named)]);
    const body = JSON.stringify({ code: 200, message: '成功', data, count, start, limit, next: start + limit < count ? pageNo + 1 : null, previous: pageNo > 1 ? pageNo - 1 : null });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
