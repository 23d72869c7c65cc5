import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { StartRefused, refusedListen } from './start-refused.js';

/** `npm start`: the whole system on its embedded defaults (or DATABASE_URL), stopped cleanly by SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    // a setting out of range: its message names it
    throw new StartRefused((err as Error).message);
  }
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'pglite'), poolMax: config.dbPoolMax });
  let built;
  try {
    built = await buildApp({ config, db: database.db });
  } catch (err) {
    // the embedded broker is the only listener the app starts itself (TCP or TLS on MQTT_PORT; its WebSocket
    // rides on the HTTP port); buildApp has stopped what it had started, the database is closed before the exit
    await database.close().catch(() => undefined);
    throw refusedListen(err, 'MQTT_PORT', config.mqttPort, config.host);
  }
  const { app, deps, generatedPassword } = built;
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

  try {
    if (deps.broker && config.port !== 0 && config.mqttPort === config.port) {
      throw new StartRefused(`PORT 和 MQTT_PORT 都设为 ${config.port},请为二者设置不同的端口后重试`);
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // nothing half started stays behind: the broker, the jobs and the database are stopped before the exit
    // (within the time a stop may take)
    closing = true;
    setTimeout(() => process.exit(1), 15_000).unref();
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw refusedListen(err, 'PORT', config.port, config.host);
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // the port listened on: PORT=0 takes any free one
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${shownHost}:${port}/custom/`;
  const db = database.kind === 'pglite' ? `PGlite (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL';
  const { broker } = deps;
  const mqtt = broker ? `${broker.tls ? 'mqtts' : 'mqtt'}://${shownHost}:${broker.port}, ws://${shownHost}:${port}/custom/mqtt` : '未启动内置服务';
  console.log(`\n智能网关管理系统已启动: ${url}\n数据库: ${db}\nMQTT: ${mqtt}\nAPI 文档: http://${shownHost}:${port}/custom/api/docs`);
  if (generatedPassword) {
    console.log(`\n首次启动已创建超级管理员 ${config.superUser},初始密码: ${generatedPassword}\n(只显示这一次,请登录后修改)\n`);
  }
}

main().catch((err) => {
  // a setting to change is one line; anything else keeps its stack, which is what a bug report needs
  if (err instanceof StartRefused) console.error(`启动失败: ${err.message}`);
  else console.error('启动失败:', err);
  process.exit(1);
});
