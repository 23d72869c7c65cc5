import { inArray } from 'drizzle-orm';
import { CONFIG_KEY, WECHAT_MODES, type WechatMode } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { config } from '../../db/schema.js';

/** The official account's callback settings, read from 通用配置 on each call (a change applies at once). */
export interface WechatSettings {
  token: string;
  appId: string;
  aesKey: string;
  mode: WechatMode;
}

const KEYS = [CONFIG_KEY.wechatToken, CONFIG_KEY.wechatAppId, CONFIG_KEY.wechatAesKey, CONFIG_KEY.wechatMode];

export async function readWechatSettings(db: Db): Promise<WechatSettings> {
  const rows = await db.select({ key: config.key, value: config.value }).from(config).where(inArray(config.key, KEYS));
  const value = (key: string) => rows.find((r) => r.key === key)?.value.trim() ?? '';
  const mode = value(CONFIG_KEY.wechatMode);
  return {
    token: value(CONFIG_KEY.wechatToken),
    appId: value(CONFIG_KEY.wechatAppId),
    aesKey: value(CONFIG_KEY.wechatAesKey),
    mode: (WECHAT_MODES as readonly string[]).includes(mode) ? (mode as WechatMode) : 'plain',
  };
}
