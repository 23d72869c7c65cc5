import { assertHost } from './host.js';
import { HubUnavailableError } from './errors.js';
import { followPlatform } from './follow.js';
import { createHub } from './hub.js';
import { loadOrCreateKey } from './key-file.js';
import { platformClient } from './platform.js';
import { createRunner, stderrLog } from './runner.js';
import { HubSettingsError, loadHubSettings } from './settings.js';

/**
 * The VPN hub as a process of its own (`npm run vpn-hub`, as root on the VPN host): it checks the host, keeps
 * its key, seals its table, then follows the platform's state (follow.ts). SIGTERM and SIGINT stop it and leave
 * the table and the interface as they are, so a restart opens nothing in between. A setting, the host or the
 * key file it cannot run with is one line on stderr and exit code 1.
 */
async function main(): Promise<void> {
  const log = stderrLog;
  const settings = loadHubSettings();
  assertHost(log);
  const key = loadOrCreateKey(settings.keyFile);
  log(`${key.created ? '已生成新密钥 (new key made)' : '已读取密钥 (key read)'} ${settings.keyFile}`);
  // at every start, so the operator can set the platform's VPN_HUB_PUBLIC_KEY from it
  log(`公钥 (public key, the platform's VPN_HUB_PUBLIC_KEY): ${key.publicKey}`);
  log(`接口 ${settings.interfaceName}, 端口 ${settings.listenPort}, 平台 ${settings.api}`);
  const following = followPlatform({
    hub: createHub({ run: createRunner({ log }), log }),
    platform: platformClient(settings.api, settings.token),
    iface: { name: settings.interfaceName, private_key: key.privateKey, listen_port: settings.listenPort },
    log,
  });
  const stop = (signal: string) => {
    log(`收到 ${signal}, 停止; 表与接口保持原样 (stopping; the table and the interface stay as they are)`);
    void following.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  await following.done;
}

main().catch((error: unknown) => {
  // the host check and the settings have said their one line already or say it here; anything else too
  if (!(error instanceof HubUnavailableError)) stderrLog(error instanceof HubSettingsError ? error.message : `无法启动 (cannot start): ${(error as Error).message}`);
  process.exit(1);
});
