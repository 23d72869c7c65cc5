// What 首页 summarises, on top of a fleet from bench/fleet-seed.mjs: for every machine tool its latest row, a day
// of state periods (one open across midnight, then `periods` today, the last still open), part-counter readings
// (one before midnight, then `readings` today, a quarter of the machines resetting the counter halfway), an
// alarm today on one machine in ten (half of them ended), and a licence on one box in fifty ending within 30
// days. "Today" is China's (UTC+8) and the times are spread over the part of it gone by, so the dashboard
// finds them whenever it runs. Set-based SQL, row triggers off.
const MIDNIGHT = `(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;
const ELAPSED = `(now() - ${MIDNIGHT})`;
const STATES = `(array['running', 'idle', 'running', 'alarm', 'running', 'idle'])`;

/** Telemetry's daily partitions (UTC days) from the day before China's today until tomorrow. */
async function telemetryPartitions(client) {
  const { rows } = await client.query(
    `select to_char(d, 'YYYYMMDD') as key, d as from, d + interval '1 day' as to
       from generate_series(date_trunc('day', ${MIDNIGHT} at time zone 'UTC') - interval '1 day', date_trunc('day', now() at time zone 'UTC') + interval '1 day', interval '1 day') d`,
  );
  for (const { key, from, to } of rows) {
    await client.query(`create table if not exists telemetry_${key} partition of telemetry for values from ('${from.toISOString()}') to ('${to.toISOString()}')`);
  }
}

export async function seedDashboard(client, { periods = 6, readings = 24 } = {}) {
  const began = performance.now();
  await telemetryPartitions(client);
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  // period 0 from 20:00 yesterday; period i (1..periods) starts within the i-th slice of the day so far
  await client.query(
    `insert into machine_state_log (machine_tool_id, device_id, state, started_at, ended_at)
     select id, device_id, state, started_at, lead(started_at) over (partition by id order by i)
       from (select m.id, m.device_id, i, ${STATES}[1 + (m.id + i) % 6] as state,
                    case when i = 0 then ${MIDNIGHT} - interval '4 hours'
                         else ${MIDNIGHT} + ${ELAPSED} * 0.98 * ((i - 1 + 0.2 + 0.6 * ((m.id * 31 + i) % 100) / 100.0) / $1::int) end as started_at
               from machine_tool m cross join generate_series(0, $1::int) i) p`,
    [periods],
  );
  // the counter: c0 before midnight, then +step a reading; every fourth machine resets it halfway through
  await client.query(
    `insert into telemetry (machine_tool_id, ts, "values")
     select id, ts, jsonb_build_object('cnc_products', n)
       from (select m.id, ${MIDNIGHT} - interval '1 hour' as ts, (m.id * 13) % 500 as n from machine_tool m
             union all
             select m.id, ${MIDNIGHT} + ${ELAPSED} * 0.98 * (j - 0.5) / $1::int,
                    case when m.id % 4 = 0 and j > $1::int / 2 then (1 + m.id % 5) * (j - $1::int / 2) else (m.id * 13) % 500 + (1 + m.id % 5) * j end
               from machine_tool m cross join generate_series(1, $1::int) j) r`,
    [readings],
  );
  await client.query(
    `insert into machine_latest (machine_tool_id, device_id, ts, values, state, state_since, products, parts_total)
     select distinct on (l.machine_tool_id) l.machine_tool_id, l.device_id, now() - interval '5 seconds', '{}', l.state, l.started_at,
            (m.id * 13) % 500 + (1 + m.id % 5) * $1::int, 10000 + m.id
       from machine_state_log l join machine_tool m on m.id = l.machine_tool_id
      order by l.machine_tool_id, l.started_at desc`,
    [readings],
  );
  // the day so far the ingest keeps on each latest row: parts by the counter rule over today's readings, and the
  // seconds of running periods closed today (the open one is added when read)
  await client.query(
    `update machine_latest l set day = (${MIDNIGHT} at time zone 'Asia/Shanghai')::date, day_parts = coalesce(p.parts, 0), day_run_s = coalesce(r.s, 0)
       from machine_tool m
       left join (select machine_tool_id, sum(case when prev is null then 0 when n >= prev then n - prev else n end) as parts
                    from (select machine_tool_id, ts, ("values"->>'cnc_products')::int as n,
                                 lag(("values"->>'cnc_products')::int) over (partition by machine_tool_id order by ts) as prev
                            from telemetry) c
                   where ts >= ${MIDNIGHT} group by machine_tool_id) p on p.machine_tool_id = m.id
       left join (select machine_tool_id, sum(extract(epoch from ended_at - greatest(started_at, ${MIDNIGHT}))) as s
                    from machine_state_log where state = 'running' and ended_at >= ${MIDNIGHT} group by machine_tool_id) r on r.machine_tool_id = m.id
      where m.id = l.machine_tool_id`,
  );
  await client.query(
    `insert into machine_alarm (machine_tool_id, device_id, alarm_no, alarm_type, alarm_msg, started_at, ended_at)
     select m.id, m.device_id, 'EX' || (1000 + m.id % 50), '报警', '伺服报警 ' || (m.id % 50), ${MIDNIGHT} + ${ELAPSED} * 0.9 * ((m.id * 7) % 100) / 100.0,
            case when m.id % 20 = 0 then null else ${MIDNIGHT} + ${ELAPSED} * 0.9 * ((m.id * 7) % 100) / 100.0 + interval '3 minutes' end
       from machine_tool m where m.id % 10 = 0`,
  );
  await client.query(
    `insert into license (device_id, gateway_id, finger_print, type, nbf, exp, iat, jti, certificate)
     select d.id, d.gateway_id, d.fingerprint, 'temp', now() - interval '20 days', now() + (d.id % 30) * interval '1 day' + interval '1 hour', now() - interval '20 days',
            'bench-' || d.id, 'bench'
       from device d where d.id % 50 = 0`,
  );
  await client.query('commit');
  await client.query('vacuum analyze');
  return performance.now() - began;
}
