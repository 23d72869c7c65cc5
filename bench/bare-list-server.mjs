// The baseline of bench/list-endpoint.mjs: a minimal node:http server answering one login-log page with the
// same two SQL statements the API issues for it (rows + count), through bare `pg`, in the same list envelope.
// Usage: DATABASE_URL=… PORT=… node bench/bare-list-server.mjs
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const ROWS = `select "id", "customer_id", "user_id", "username", "ip", "user_agent", "success", "reason", "created_at"
  from "login_log" order by "login_log"."id" desc limit $1 offset $2`;
const COUNT = 'select count(*) from "login_log"';

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit') ?? 20)));
    const start = (page - 1) * limit;
    const [rows, total] = await Promise.all([pool.query(ROWS, [limit, start]), pool.query(COUNT)]);
    const count = Number(total.rows[0].count);
    const body = JSON.stringify({
      code: 200,
      message: '成功',
      data: rows.rows,
      count,
      start,
      limit,
      next: start + limit < count ? page + 1 : null,
      previous: page > 1 ? page - 1 : null,
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
