// Preloaded into our server by bench/dashboard.mjs (`node --import ./bench/sql-capture.mjs`): while capturing
// (SIGUSR2 turns it on and off), every query the server sends through `pg` is appended to SQL_CAPTURE as a JSON
// line — text, parameters, row mode and statement name — so the bench can run the very same SQL through bare pg.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.SQL_CAPTURE;
if (file) {
  const pg = createRequire(import.meta.url)('pg');
  const query = pg.Client.prototype.query;
  let capturing = false;
  process.on('SIGUSR2', () => (capturing = !capturing));
  pg.Client.prototype.query = function capture(config, values, callback) {
    if (capturing) {
      // parameters come in the config or beside it (drizzle: `query({text, rowMode}, params)`)
      const q = typeof config === 'string' ? { text: config } : config;
      const params = q?.values ?? (Array.isArray(values) ? values : undefined);
      if (q?.text) appendFileSync(file, `${JSON.stringify({ text: q.text, values: params, rowMode: q.rowMode, name: q.name })}\n`);
    }
    return query.call(this, config, values, callback);
  };
}
