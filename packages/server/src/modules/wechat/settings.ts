import { CONFIG_KEY, WECHAT_MODES, type WechatMode } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { readConfig } from '../../db/config-values.js';

/** The official account's callback settings, read from 通用配置 on each call (a change applies at once). */
export interface WechatSettings {
  token: string;
  appId: string;
  aesKey: string;
  mode: WechatMode;
}

const KEYS = [CONFIG_KEY.wechatToken, CONFIG_KEY.wechatAppId, CONFIG_KEY.wechatAesKey, CONFIG_KEY.wechatMode];

export async function readWechatSettings(db: Db): Promise<WechatSettings> {
  const values = await readConfig(db, KEYS);
  const mode = values[CONFIG_KEY.wechatMode];
  return {
    token: values[CONFIG_KEY.wechatToken],
    appId: values[CONFIG_KEY.wechatAppId],
    aesKey: values[CONFIG_KEY.wechatAesKey],
    mode: (WECHAT_MODES as readonly string[]).includes(mode) ? (mode as WechatMode) : 'plain',
  };
}
