import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { CountCache } from './http/resource/count-cache.js';
import type { SheetJobs } from './http/resource/sheets.js';
import type { Clock } from './lib/clock.js';
import type { Captchas } from './modules/tools/captcha.js';
import type { Sessions } from './modules/user/sessions.js';

/** What route plugins receive as their options: the shared services, built once in app.ts. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: Sessions;
  captchas: Captchas;
  /** Totals of list queries this node counted recently (forgotten on every write it serves). */
  counts: CountCache;
  /** Export and import work for the resource machine's spreadsheet routes. */
  sheets: SheetJobs;
}
