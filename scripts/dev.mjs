// `npm run dev`: the console from Vite on 9527 (hot reload) with /custom/api proxied to the server on 9528 (the
// live channel's WebSocket at /custom/api/v1/live too, see vite.config.ts),
// which is rebuilt and restarted on every change. Ctrl-C stops all three.
import { spawn } from 'node:child_process';

const children = [];
const run = (name, cmd, args, env = {}) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    if (code) console.error(`[dev] ${name} exited with ${code}`);
  });
  children.push(child);
};

const tsc = spawn('npx', ['tsc', '-b', 'packages/server/tsconfig.build.json'], { stdio: 'inherit' });
tsc.on('exit', (code) => {
  if (code) process.exit(code);
  run('tsc', 'npx', ['tsc', '-b', '-w', '--preserveWatchOutput', 'packages/server/tsconfig.build.json']);
  run('server', process.execPath, ['--watch', 'packages/server/dist/main.js'], {
    PORT: process.env.SERVER_PORT ?? '9528',
    // this machine's Mosquitto holds 1883: the dev broker takes a free port (logged) unless MQTT_PORT says which
    MQTT_PORT: process.env.MQTT_PORT ?? '0',
  });
  run('vite', 'npm', ['run', 'dev', '-w', '@gw/web']);
});

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
