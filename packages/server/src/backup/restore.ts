import { loadConfig } from '../config.js';
import { commandLine, runCommand } from './cli.js';
import { formatBytes, localTime } from './create-backup.js';
import { restoreBackup } from './restore-backup.js';

/** `npm run restore -- <file> [--force]`: puts a backup's database and files back. */
const usage = `npm run restore -- <备份文件 backup file> [--force]
恢复到与服务相同的环境变量所指的位置 (DATA_DIR, DATABASE_URL) / restores into the server's DATA_DIR and DATABASE_URL.
须先停止服务 stop the server (every node) first.
--force: 替换非空的数据库和文件目录 / replace a database and file folders that are not empty.`;
const { file, force } = commandLine(usage);

runCommand('恢复失败 restore failed', async () => {
  if (!file) {
    console.log(usage);
    process.exit(1);
  }
  const started = Date.now();
  const config = loadConfig();
  const manifest = await restoreBackup(config, file, { force, log: (line) => console.log(`[restore] ${line}`) });
  const { database, files } = manifest;
  console.log(`\n恢复完成 restored: ${file}
  备份时间 made at ${localTime(new Date(manifest.created_at))}, ${((Date.now() - started) / 1000).toFixed(1)} s
  数据库 database: ${database.kind === 'pglite' ? `PGlite → ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}, 迁移 migration ${database.migration}
  上传文件 uploads: ${files.uploads.count} (${formatBytes(files.uploads.bytes)}), 固件文件 firmware: ${files.firmware.count} (${formatBytes(files.firmware.bytes)})
  现在可以启动服务 start the server now (npm start); 较新的迁移会在启动时执行 newer migrations run at start.`);
});
