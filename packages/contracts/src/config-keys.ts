import { z } from 'zod';

/** Built-in config keys the console reads. */
export const CONFIG_KEY = {
  siteTitle: 'site_title',
  downloads: 'downloads',
  amapKey: 'amap_key',
  vpnPool: 'vpn_pool',
  machinePool: 'machine_pool',
  /** The engineers' clients' addresses (调试代理): a box lets these in through its tunnel. */
  debugPool: 'debug_pool',
  oeeShifts: 'oee_shifts',
  oeeIdealCycle: 'oee_ideal_cycle_s',
  /** The official account (公众号): the callback's token, AppID/AppSecret for notices, the message key and mode. */
  wechatToken: 'wechat_token',
  wechatAppId: 'wechat_appid',
  wechatSecret: 'wechat_secret',
  wechatAesKey: 'wechat_aes_key',
  wechatMode: 'wechat_mode',
  /** Notices as WeChat template messages (JSON, see wechat/template.ts); empty: customer-service messages. */
  wechatTemplateAlarm: 'wechat_template_alarm',
  wechatTemplateLicense: 'wechat_template_license',
  /** The public base URL printed in short links and QR labels, e.g. https://gw.example.com. */
  shortUrlBase: 'short_url_base',
} as const;

/** debug_pool until an administrator sets another: beside vpn_pool's 10.8/16 and machine_pool's 10.100/16. */
export const DEFAULT_DEBUG_POOL = '10.9.0.0/16';

/** 明文 (plain), 兼容 (compat: plain and encrypted both accepted) and 安全 (safe: encrypted only) message modes. */
export const WECHAT_MODES = ['plain', 'compat', 'safe'] as const;
export type WechatMode = (typeof WECHAT_MODES)[number];
/** What the console calls each message mode (the value stays the word the WeChat backend's settings use). */
export const WECHAT_MODE_TITLES: Record<WechatMode, string> = { plain: '明文', compat: '兼容', safe: '安全' };

/** One entry of the dashboard's 下载专区, published by administrators through the `downloads` config item. */
export const downloadItemSchema = z.object({
  title: z.string().min(1),
  url: z.string().min(1),
  description: z.string().optional(),
});
export type DownloadItem = z.infer<typeof downloadItemSchema>;
/** What a person calls each field of a download entry: the form's fields, the list's summary and the value's errors. */
export const DOWNLOAD_ITEM_LABELS: Record<keyof DownloadItem, string> = { title: '名称', url: '下载地址', description: '说明' };
