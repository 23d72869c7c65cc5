import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

/** `npm start`: the whole system on its embedded defaults (or DATABASE_URL), stopped cleanly by SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'pglite'), poolMax: config.dbPoolMax });
  const { app, deps, generatedPassword } = await buildApp({ config, db: database.db });
  if (!config.loginCaptcha) {
    app.log.warn('!!! LOGIN_CAPTCHA=off: 登录不再需要验证码,只可用于自动化测试,切勿用于生产环境 !!!');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '正在停止服务');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, '停止服务时出错');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}/custom/`;
  const db = database.kind === 'pglite' ? `PGlite (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL';
  const { broker } = deps;
  const mqtt = broker ? `${broker.tls ? 'mqtts' : 'mqtt'}://${shownHost}:${broker.port}, ws://${shownHost}:${config.port}/custom/mqtt` : '未启动内置服务';
  console.log(`\n智能网关管理系统已启动: ${url}\n数据库: ${db}\nMQTT: ${mqtt}\nAPI 文档: http://${shownHost}:${config.port}/custom/api/docs`);
  if (generatedPassword) {
    console.log(`\n首次启动已创建超级管理员 ${config.superUser},初始密码: ${generatedPassword}\n(只显示这一次,请登录后修改)\n`);
  }
}

main().catch((err) => {
  console.error('启动失败:', err);
  process.exit(1);
});
