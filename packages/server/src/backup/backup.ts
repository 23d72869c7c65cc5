import { loadConfig } from '../config.js';
import { commandLine, runCommand } from './cli.js';
import { createBackup, formatBytes } from './create-backup.js';

/** `npm run backup -- [file or folder] [--force]`: the database and the stored files in one archive. */
const { file, force } = commandLine(`npm run backup -- [备份文件或目录 file or folder, 默认 default ./backups/] [--force]
读取与服务相同的环境变量 (DATA_DIR, DATABASE_URL) / reads the server's environment (DATA_DIR, DATABASE_URL).
PGlite: 需先停止服务 the server must be stopped;  PostgreSQL: 服务运行中也可备份 works while the server runs.
--force: 无法检测服务是否运行时 (没有 /proc),确认服务已停止 / vouch that the server is stopped where /proc cannot tell.`);

runCommand('备份失败 backup failed', async () => {
  const started = Date.now();
  const config = loadConfig();
  const { file: written, manifest, size } = await createBackup(config, { out: file, force, log: (line) => console.log(`[backup] ${line}`) });
  const { database, files } = manifest;
  console.log(`\n备份完成 backup written: ${written}
  ${formatBytes(size)}, ${((Date.now() - started) / 1000).toFixed(1)} s
  数据库 database: ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${database.version}, 迁移 migration ${database.migration}
  上传文件 uploads: ${files.uploads.count} (${formatBytes(files.uploads.bytes)}), 固件文件 firmware: ${files.firmware.count} (${formatBytes(files.firmware.bytes)})
  不含导出文件 exports (DATA_DIR/exports) are not included: they are temporary`);
});
