// The baseline of bench/list-endpoint.mjs: a minimal node:http server answering one login-log page with the
// same SQL the API issues for it — the page, its count and the company names of the page's rows (the count runs
// while the names are looked up) — through bare `pg`, in the same list envelope. No auth, no validation, no
// framework: what is left when everything of ours but the data is taken away.
// Usage: DATABASE_URL=… PORT=… node bench/bare-list-server.mjs
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 20) });
const ROWS = `select "id", "customer_id", "user_id", "username", "ip", "user_agent", "success", "reason", "created_at"
  from "login_log" order by "login_log"."id" desc limit $1 offset $2`;
const COUNT = 'select count(*) from "login_log"';
const NAMES = (n) => `select "id", "company_name" from "customer" where "customer"."id" in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`;

async function page(limit, start) {
  const { rows } = await pool.query(ROWS, [limit, start]);
  const ids = [...new Set(rows.map((r) => r.customer_id).filter((id) => id != null))];
  const names = new Map(ids.length ? (await pool.query(NAMES(ids.length), ids)).rows.map((c) => [c.id, c.company_name]) : []);
  // id is a bigint, which pg hands over as a string; the API's column reads it as a number
  return rows.map((r) => ({ ...r, id: Number(r.id), company_name: names.get(r.customer_id) ?? null }));
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    const pageNo = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit') ?? 20)));
    const start = (pageNo - 1) * limit;
    const [data, total] = await Promise.all([page(limit, start), pool.query(COUNT)]);
    const count = Number(total.rows[0].count);
    const body = JSON.stringify({
      code: 200,
      message: '成功',
      data,
      count,
      start,
      limit,
      next: start + limit < count ? pageNo + 1 : null,
      previous: pageNo > 1 ? pageNo - 1 : null,
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
