// Seeds a fleet for bench/fleet-list.mjs straight in PostgreSQL: 2,000 customers in a four-level tree
// (5 groups → 45 factories → 450 workshops → 1,500 lines; the vendor's own record makes it 2,001), 5 device types, 100,000 boxes spread over the
// customers, 300,000 machine tools (three per box, each in its box's /24) and one tag per customer on 30 % of
// the boxes. Set-based SQL with row triggers off (a bulk load, not audited administrator actions), so the
// seeding time is the database's, not a client loop's. `boxes` sets another count of boxes (the same tree).
export const FLEET = { customers: 2_000, boxes: 100_000, machinesPerBox: 3 };

export async function seedFleet(client, boxes = FLEET.boxes) {
  const began = performance.now();
  await client.query('begin');
  // a bulk load, not 400,000 administrator actions: the audit trigger would write an operation-log row for each
  await client.query('set local session_replication_role = replica');
  // ids follow the level: groups 1..5 under the vendor's record, then each level under the one above
  await client.query(`
    insert into customer (company_name, parent_id, contact, phone)
    select '集团 ' || g, null, '联系人' || g, '0512-' || lpad(g::text, 8, '0') from generate_series(1, 5) g`);
  // each level hangs below the one above, `perParent` children a parent (the last parents get fewer)
  const level = (name, count, parentPrefix, perParent) =>
    client.query(
      `with parents as (select array_agg(id order by id) ids from customer where company_name like $3)
       insert into customer (company_name, parent_id)
       select $1 || ' ' || g, parents.ids[1 + g / $4] from generate_series(0, $2 - 1) g, parents`,
      [name, count, `${parentPrefix} %`, perParent],
    );
  await level('工厂', 45, '集团', 9);
  await level('车间', 450, '工厂', 10);
  await level('产线', 1_500, '车间', 4);
  await client.query(`insert into goods (name, code, spec, price) select '网关 型号' || g, 'GW-T' || g, '4G/WiFi', 1000 + g * 100 from generate_series(1, 5) g`);
  await client.query(`
    insert into device (gateway_id, name, customer_id, goods_id, fingerprint, secret_hash, vpn_ip, machine_net, firmware_version,
                        imei, state, online, last_seen_at, created_at)
    select 'GW' || lpad(g::text, 7, '0'), '网关 ' || g,
           a.ids[1 + (g * 7919) % array_length(a.ids, 1)], (select min(id) from goods) + g % 5, md5(g::text), 'bench', '10.0.0.0'::inet + (g + 1),
           set_masklen('11.0.0.0'::inet + g::bigint * 256, 24)::cidr, 'v2.' || (g % 7), lpad((860000000000000 + g)::text, 15, '0'),
           case when g % 10 = 0 then 'in_stock' else 'shipped' end, g % 3 <> 0, now() - (g % 1000) * interval '1 minute',
           now() - ($1::int - g) * interval '1 minute'
      from generate_series(1, $1::int) g,
           (select array_agg(id order by id) ids from customer where not is_vendor) a`, [boxes]);
  await client.query(`
    insert into machine_tool (device_id, code, name, category, model, ip)
    select d.id, 'M' || m, '机床 ' || m, (array['fanuc','mitsubishi','siemens_cnc','gsk','syntec'])[1 + (d.id + m) % 5], '0i-MF',
           host(d.machine_net)::inet + (m + 1)
      from device d cross join generate_series(1, ${FLEET.machinesPerBox}) m`);
  await client.query(`insert into device_tag (name, color, customer_id) select '标签 ' || id, 'blue', id from customer where not is_vendor`);
  await client.query(`
    insert into device_tag_link (device_id, tag_id)
    select d.id, t.id from device d join device_tag t on t.customer_id = d.customer_id where d.id % 10 < 3`);
  await client.query('commit');
  await client.query('vacuum analyze');
  return performance.now() - began;
}
