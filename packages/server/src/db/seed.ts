import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_DEBUG_POOL,
  CONFIG_KEY,
  DEVICE_STATES,
  DEVICE_STATE_TITLES,
  FLEET_DICT,
  MACHINE_TOOL_CATEGORIES,
  NOTICE_TEMPLATE_KEY,
  OEE_DEFAULT_IDEAL_CYCLE_S,
  OEE_DEFAULT_SHIFTS,
  ROLE_ADMIN,
  ROLE_CUSTOMER,
  ROLE_NAMES,
  CUSTOMER_ROLE_MENUS,
  WECHAT_NOTICE_KINDS,
  WECHAT_NOTICE_KIND_TITLES,
} from '@gw/contracts';
import { newLicenseKeyPair } from '../lib/license.js';
import { generatePassword, hashPassword } from '../lib/password.js';
import type { Db } from './client.js';
import { adminUser, appSecret, config, customer, dictCategory, dictItem, role } from './schema.js';

/** The app_secret row keying the hashes of box secrets. */
export const DEVICE_SECRET_KEY = 'device_secret';
/** The app_secret row holding the private key (PKCS8 PEM) that signs licence certificates. */
export const LICENSE_PRIVATE_KEY = 'license_private_key';

export interface SeedResult {
  /** Set only when this start created the super user with a generated password. */
  generatedPassword?: string;
  jwtSecret: string;
}

const CATEGORIES = [
  { key: 'area', name: '地区' },
  { key: 'logaction', name: '操作类型' },
  { key: FLEET_DICT.machineToolCategory, name: '机床类型' },
  { key: FLEET_DICT.deviceState, name: '设备库存状态' },
];

/** Items of the fleet's categories; a category that already has items is left as its administrators made it. */
const FLEET_ITEMS = [
  ...MACHINE_TOOL_CATEGORIES.map(([value, title], i) => ({ category: FLEET_DICT.machineToolCategory, value, title, code: value, sort: i + 1 })),
  ...DEVICE_STATES.map((value, i) => ({ category: FLEET_DICT.deviceState, value, title: DEVICE_STATE_TITLES[value], code: value, sort: i + 1 })),
];

const LOG_ACTIONS = [
  { category: 'logaction', value: '1', title: '增加', code: 'add', sort: 1 },
  { category: 'logaction', value: '2', title: '删除', code: 'delete', sort: 2 },
  { category: 'logaction', value: '3', title: '修改', code: 'modify', sort: 3 },
];

const CONFIGS = [
  { key: 'site_title', value: '智能网关管理系统', description: '系统名称', public: true },
  {
    key: 'downloads',
    value: '[]',
    description: '首页下载专区列出的文件 (VPN 配置、客户端安装包等), 每项有名称、下载地址和说明',
    public: false,
  },
  { key: 'amap_key', value: '', description: '高德地图网页端的密钥, 在高德开放平台申请 (为空时地址只能手动输入, 不能在地图上选点)', public: true },
  { key: CONFIG_KEY.vpnPool, value: '10.8.0.0/16', description: '网关设备 VPN 地址池 (IPv4 网段;第一个地址留给 VPN 服务器)', public: false },
  { key: CONFIG_KEY.machinePool, value: '10.100.0.0/16', description: '机床地址池 (IPv4 网段;每台网关设备分得其中一个 /24)', public: false },
  {
    key: CONFIG_KEY.debugPool,
    value: DEFAULT_DEBUG_POOL,
    description: '调试代理地址池 (IPv4 网段): 工程师的电脑或手机远程访问时使用其中的地址, 网关设备只放行来自这个网段的访问',
    public: false,
  },
  {
    key: CONFIG_KEY.oeeShifts,
    value: JSON.stringify(OEE_DEFAULT_SHIFTS),
    description: 'OEE 默认班次 (机床未单独设置时使用): 每个班次有名称和开始、结束时间 (时:分), 结束早于开始表示跨到次日',
    public: false,
  },
  { key: CONFIG_KEY.oeeIdealCycle, value: String(OEE_DEFAULT_IDEAL_CYCLE_S), description: 'OEE 默认理想节拍 (秒/件,机床未单独设置时使用)', public: false },
  { key: CONFIG_KEY.wechatToken, value: '', description: '微信公众号 服务器配置 令牌 (Token): 3-32 位字母或数字, 与公众平台填写的一致; 为空时消息回调不可用', public: false },
  { key: CONFIG_KEY.wechatAppId, value: '', description: '微信公众号 AppID (开发者ID): 安全模式解密与发送通知需要', public: false },
  { key: CONFIG_KEY.wechatSecret, value: '', description: '微信公众号 AppSecret (开发者密码): 发送告警与授权到期通知需要; 为空时通知记为未发送', public: false },
  { key: CONFIG_KEY.wechatAesKey, value: '', description: '微信公众号 消息加解密密钥 (EncodingAESKey): 43 位字母或数字, 兼容与安全模式需要', public: false },
  { key: CONFIG_KEY.wechatMode, value: 'plain', description: '微信公众号 消息加解密方式: 明文、兼容或安全, 与公众平台服务器配置中选的一致', public: false },
  ...WECHAT_NOTICE_KINDS.map((kind) => ({
    key: NOTICE_TEMPLATE_KEY[kind],
    value: '',
    description: `${WECHAT_NOTICE_KIND_TITLES[kind]}通知用的微信模板消息: 公众平台模板库中的模板、各字段填入的文字 (可插入通知的内容) 和点击通知打开的地址; 为空时改发客服消息, 只送达 48 小时内与公众号互动过的用户`,
    public: false,
  })),
  { key: CONFIG_KEY.shortUrlBase, value: '', description: '短链接与二维码标签上印的公网地址, 以 HTTP 或 HTTPS 开头 (为空时使用服务器设置的公网地址, 或当前访问的地址)', public: false },
];

/**
 * First-start data, idempotent: roles 1 超级管理员 and 2 客户 (with what a factory's user needs), the vendor's own customer record, the super user,
 * the dictionary categories and built-in config items. Later starts change nothing that exists.
 */
export async function seed(db: Db, options: { superUser: string; adminPassword: string }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // nodes started together take turns: the second then finds the vendor and the super user the first made
    // (both would insert them otherwise, and the super user's unique name would stop its start)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gw_seed'))`);
    await tx
      .insert(role)
      .values([
        { id: ROLE_ADMIN, name: ROLE_NAMES[ROLE_ADMIN], description: '平台管理员, 拥有全部权限' },
        { id: ROLE_CUSTOMER, name: ROLE_NAMES[ROLE_CUSTOMER], description: '客户公司的用户: 本公司及下级的设备、机床、流量与标签, 远程访问', menus: [...CUSTOMER_ROLE_MENUS] },
      ])
      .onConflictDoNothing();
    await tx.execute(sql`select setval(pg_get_serial_sequence('role', 'id'), greatest((select max(id) from role), 2))`);

    let [vendor] = await tx.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true)).limit(1);
    if (!vendor) [vendor] = await tx.insert(customer).values({ company_name: '平台运营方', is_vendor: true }).returning({ id: customer.id });

    await tx.insert(dictCategory).values(CATEGORIES.map((c) => ({ ...c, builtin: true }))).onConflictDoNothing();
    for (const items of [LOG_ACTIONS, FLEET_ITEMS.filter((i) => i.category === FLEET_DICT.machineToolCategory), FLEET_ITEMS.filter((i) => i.category === FLEET_DICT.deviceState)]) {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(dictItem).where(eq(dictItem.category, items[0].category));
      if (n === 0) await tx.insert(dictItem).values(items);
    }
    await tx.insert(config).values(CONFIGS.map((c) => ({ ...c, builtin: true }))).onConflictDoNothing();

    let generatedPassword: string | undefined;
    const [existing] = await tx.select({ id: adminUser.id }).from(adminUser).where(eq(adminUser.username, options.superUser));
    if (!existing) {
      const password = options.adminPassword || generatePassword();
      if (!options.adminPassword) generatedPassword = password;
      await tx.insert(adminUser).values({
        username: options.superUser,
        name: '超级管理员',
        password_hash: await hashPassword(password),
        customer_id: vendor.id,
        roles: [ROLE_ADMIN],
      });
    }

    await tx
      .insert(appSecret)
      .values(['jwt', DEVICE_SECRET_KEY].map((name) => ({ name, value: randomBytes(32).toString('base64url') })))
      .onConflictDoNothing();
    // every box trusts the public half of this key for good: made once, and when nodes start together the
    // first insert wins and the others keep its key
    await tx.insert(appSecret).values({ name: LICENSE_PRIVATE_KEY, value: newLicenseKeyPair().privateKeyPem }).onConflictDoNothing();
    const [secret] = await tx.select().from(appSecret).where(eq(appSecret.name, 'jwt'));
    return { generatedPassword, jwtSecret: secret.value };
  });
}
