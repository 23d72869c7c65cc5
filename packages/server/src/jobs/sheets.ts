import { exportJob } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { requestOrigin } from '../http/origin.js';
import type { SheetJobs } from '../app-deps.js';
import { exportScopeOf, serializeJob } from './export-jobs.js';
import { MAX_IMPORT_ROWS, importColumns, importSheet } from './import.js';
import { MSG } from './messages.js';
import { jobQueueOf, registerExportable } from './registry.js';
import { NotXlsxError, TooManyRowsError, readFirstSheet } from './xlsx-read.js';
import { xlsxBuffer } from './xlsx.js';

/** The job side of the machine's export and import routes. */
export const sheetJobs: SheetJobs = {
  register: registerExportable,

  async queueExport(deps, req, def, filters, title = def.title) {
    const now = deps.clock.now();
    const { user } = req;
    const [job] = await deps.db
      .insert(exportJob)
      .values({ user_id: user.id, username: user.username, customer_id: exportScopeOf(user, def), resource: def.path, title, filters, origin: requestOrigin(req), created_at: now })
      .returning();
    jobQueueOf(deps)?.kick();
    return serializeJob(job, now);
  },

  template: (def) => xlsxBuffer(def.title, importColumns(def).map((c) => ({ title: c.title, width: c.width }))),

  async importFile(req, deps, def, file) {
    let sheet;
    try {
      sheet = await readFirstSheet(file, MAX_IMPORT_ROWS);
    } catch (err) {
      if (err instanceof TooManyRowsError) throw badRequest(MSG.tooManyRows(MAX_IMPORT_ROWS));
      if (err instanceof NotXlsxError) throw badRequest(MSG.notXlsx);
      throw err;
    }
    return importSheet(req, deps, def, sheet);
  },
};
