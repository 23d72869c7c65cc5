/**
 * A start that cannot go on because of a setting the person starting it can change: `main` prints the message
 * as one line, without a stack, and exits 1 — the stack would only hide the setting to change.
 */
export class StartRefused extends Error {}

/** The settings that choose a port this server listens on: HTTP (and MQTT over WebSocket), and MQTT (TCP or TLS). */
export type PortSetting = 'PORT' | 'MQTT_PORT';

/** The system error of a failed listen, looking through the wrapping of whoever rethrew it. */
function listenErrorOf(err: unknown): NodeJS.ErrnoException | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const failed: NodeJS.ErrnoException = e;
    if (failed.syscall === 'listen') return failed;
  }
  return undefined;
}

/**
 * A listen that failed for a reason the settings can fix (the port taken, a privileged port, a HOST this machine
 * does not have) as a StartRefused naming the setting; any other error as it was.
 */
export function refusedListen(err: unknown, setting: PortSetting, port: number, host: string): unknown {
  const failed = listenErrorOf(err);
  switch (failed?.code) {
    case 'EADDRINUSE':
      return new StartRefused(`端口 ${port} 已被占用(${setting}),请设置 ${setting} 为其他端口后重试`);
    case 'EACCES':
      return new StartRefused(`没有权限使用端口 ${port}(${setting}),请设置 ${setting} 为 1024 以上的端口后重试`);
    case 'EADDRNOTAVAIL':
      return new StartRefused(`本机没有地址 ${host}(HOST),请设置 HOST 为本机的地址或 0.0.0.0 后重试`);
    default:
      return err;
  }
}
