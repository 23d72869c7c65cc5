import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  cidr,
  date,
  doublePrecision,
  index,
  inet,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  DeviceState,
  FlashBatchState,
  FlowType,
  LicenseCount,
  LicenseType,
  MachineState,
  MpArticle,
  MpMatchType,
  MpReplyTrigger,
  MpReplyType,
  OnlineReason,
  OrderStatus,
  RoleMenu,
  RolloutItemState,
  RolloutState,
  RemoteSessionEndReason,
  RemoteSessionState,
  RolloutTarget,
  VersionStatus,
  WechatNoticeKind,
  WechatNoticeState,
  WechatTemplateMessage,
} from '@gw/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Companies: a tree (group → factory → workshop). `is_vendor` marks the platform owner's own record. */
export const customer = pgTable(
  'customer',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id'),
    company_name: text('company_name').notNull(),
    name: text('name').notNull().default(''),
    uscc: text('uscc').notNull().default(''),
    bank: text('bank').notNull().default(''),
    bankno: text('bankno').notNull().default(''),
    area_id: integer('area_id').notNull().default(0),
    address: text('address').notNull().default(''),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    is_vendor: boolean('is_vendor').notNull().default(false),
    /** 远程访问需审批: remote sessions on its boxes (and its subsidiaries') opened from outside its tree wait for its approval. */
    remote_approval: boolean('remote_approval').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('customer_parent_idx').on(t.parent_id), index('customer_created_idx').on(t.created_at)],
);

export const role = pgTable(
  'role',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parent_id: integer('parent_id'),
    description: text('description').notNull().default(''),
    menus: jsonb('menus').$type<RoleMenu[]>().notNull().default([]),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('role_parent_idx').on(t.parent_id)],
);

export const adminUser = pgTable(
  'admin_user',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    name: text('name').notNull().default(''),
    password_hash: text('password_hash').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    customer_id: integer('customer_id'),
    roles: integer('roles').array().notNull().default(sql`'{}'::integer[]`),
    wx_openid: text('wx_openid').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('admin_user_customer_idx').on(t.customer_id), index('admin_user_roles_idx').using('gin', t.roles)],
);

/** Server side of a token: revoking the row ends the token before its expiry. */
export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id').notNull(),
    /** Set after POST /user/switch_role: the session acts with this one role only. */
    role_id: integer('role_id'),
    ip: text('ip').notNull().default(''),
    user_agent: text('user_agent').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('session_user_idx').on(t.user_id)],
);

export const captcha = pgTable(
  'captcha',
  {
    id: text('id').primaryKey(),
    answer: text('answer').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_expires_idx').on(t.expires_at)],
);

export const loginLog = pgTable(
  'login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customer_id: integer('customer_id'),
    user_id: integer('user_id'),
    username: text('username').notNull(),
    ip: text('ip').notNull().default(''),
    user_agent: text('user_agent').notNull().default(''),
    success: boolean('success').notNull(),
    /** ok | password | captcha | locked | disabled */
    reason: text('reason').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_log_attempts_idx').on(t.username, t.ip, t.created_at),
    index('login_log_created_idx').on(t.created_at),
    index('login_log_customer_idx').on(t.customer_id, t.created_at),
    index('login_log_success_idx').on(t.success, t.created_at),
    index('login_log_user_idx').on(t.user_id),
  ],
);

/** Written only by the audit_row() trigger (migration 0001), never by route code. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: smallint('action').notNull(),
    table_name: text('table_name').notNull(),
    record_id: text('record_id').notNull(),
    user_id: integer('user_id'),
    username: text('username').notNull().default(''),
    customer_id: integer('customer_id'),
    ip: text('ip').notNull().default(''),
    changes: jsonb('changes').$type<{ key: string; before: unknown; after: unknown }[]>().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('operation_log_created_idx').on(t.created_at),
    index('operation_log_record_idx').on(t.table_name, t.record_id),
    index('operation_log_user_idx').on(t.user_id, t.created_at),
    index('operation_log_action_idx').on(t.action, t.created_at),
    index('operation_log_customer_idx').on(t.customer_id, t.created_at),
  ],
);

export const dictCategory = pgTable('dict_category', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  builtin: boolean('builtin').notNull().default(false),
});

export const dictItem = pgTable(
  'dict_item',
  {
    id: serial('id').primaryKey(),
    category: text('category')
      .notNull()
      .references(() => dictCategory.key, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    title: text('title').notNull(),
    code: text('code').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('dict_item_category_idx').on(t.category, t.sort)],
);

export const config = pgTable('config', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  value: text('value').notNull().default(''),
  description: text('description').notNull().default(''),
  /** Readable without login (GET /tools/config). */
  public: boolean('public').notNull().default(false),
  builtin: boolean('builtin').notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** Secrets the platform generates for itself (the token signing key), shared by every API node. */
export const appSecret = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * A background export of one resource list with the filters it had: 排队 queued → 导出中 running → 完成 done
 * or 失败 failed. The file lives under DATA_DIR/exports until `expires_at`.
 */
export const exportJob = pgTable(
  'export_job',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull(),
    username: text('username').notNull().default(''),
    customer_id: integer('customer_id'),
    /** The resource's route path, e.g. /system/log. */
    resource: text('resource').notNull(),
    title: text('title').notNull(),
    /** The list query (keywords, dates, sort, filters) the export was asked with. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the console was reached when the export was asked (protocol://host): what a sheet's links open under. */
    origin: text('origin').notNull().default(''),
    state: text('state').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    row_count: integer('row_count').notNull().default(0),
    total: integer('total').notNull().default(0),
    file_name: text('file_name').notNull().default(''),
    file_path: text('file_path').notNull().default(''),
    file_size: integer('file_size').notNull().default(0),
    error: text('error').notNull().default(''),
    created_at: createdAt(),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    /** The server process running the job, and when it last said so: a silent one has died with its job. */
    runner: text('runner').notNull().default(''),
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('export_job_user_idx').on(t.user_id, t.created_at),
    index('export_job_state_idx').on(t.state),
    index('export_job_created_idx').on(t.created_at),
  ],
);

/** 设备类型: the box products that are bought and sold. Stock figures are counted from the boxes, never typed. */
export const goods = pgTable('goods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  spec: text('spec').notNull().default(''),
  /** 元, exact: numeric(12,2) reads back as the string it was written as. */
  price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
  image: text('image').notNull().default(''),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * 网关设备: one gateway box. `customer_id` is its owner (the vendor's own company while in stock); `secret_hash`
 * a keyed hash of its MQTT password; `vpn_ip` its address in the VPN pool and `machine_net` the /24 its machine
 * tools take their addresses from. Licence, presence and live values hang on this row in later tables.
 */
export const device = pgTable(
  'device',
  {
    id: serial('id').primaryKey(),
    gateway_id: text('gateway_id').notNull().unique(),
    name: text('name').notNull().default(''),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customer.id),
    goods_id: integer('goods_id').references(() => goods.id),
    fingerprint: text('fingerprint').notNull().default(''),
    secret_hash: text('secret_hash').notNull(),
    vpn_ip: inet('vpn_ip').unique(),
    machine_net: cidr('machine_net').unique(),
    firmware_version: text('firmware_version').notNull().default(''),
    imei: text('imei').notNull().default(''),
    iccid: text('iccid').notNull().default(''),
    address: text('address').notNull().default(''),
    area_id: integer('area_id').notNull().default(0),
    online: boolean('online').notNull().default(false),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
    /** The connection that made it online (a stamp per connect): a late offline of an older one changes nothing. */
    online_session: text('online_session').notNull().default(''),
    online_since: timestamp('online_since', { withTimezone: true }),
    /** The server node holding that connection (embedded broker) or that saw it (external broker). */
    online_node: text('online_node').notNull().default(''),
    /** The last telemetry refused (数据格式错误): when, why, and the message's first bytes as visible text. */
    rejected_at: timestamp('rejected_at', { withTimezone: true }),
    rejected_reason: text('rejected_reason').notNull().default(''),
    rejected_head: text('rejected_head').notNull().default(''),
    state: text('state').$type<DeviceState>().notNull().default('in_stock'),
    remark: text('remark').notNull().default(''),
    /**
     * The WireGuard public key the box reported first ('' until it reports one): the only key its tunnel is
     * made for. A different key later is refused (kept in wg_refused_key, shown as 密钥不符) until 重置密钥.
     */
    wg_public_key: text('wg_public_key').notNull().default(''),
    wg_refused_key: text('wg_refused_key').notNull().default(''),
    /** Hash of the tunnel config (POST /api/vpn) the box last answered ret 0 to; '' when it holds none. */
    vpn_acked: text('vpn_acked').notNull().default(''),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('device_customer_idx').on(t.customer_id, t.id),
    index('device_goods_idx').on(t.goods_id),
    index('device_created_idx').on(t.created_at),
    index('device_online_idx').on(t.online),
    // the list's keywords (ILIKE '%…%' on these three) through trigram indexes: a few ms instead of a scan
    // of every box (pg_trgm, created by migration 0005; PGlite loads it in db/client.ts)
    index('device_gateway_id_trgm_idx').using('gin', t.gateway_id.op('gin_trgm_ops')),
    index('device_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('device_fingerprint_trgm_idx').using('gin', t.fingerprint.op('gin_trgm_ops')),
    check('device_state_check', sql`${t.state} in ('in_stock', 'shipped', 'returned', 'repair', 'scrapped')`),
  ],
);

/** 设备标签: a customer's tags are its own; the vendor's are the vendor's. */
export const deviceTag = pgTable(
  'device_tag',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull().default('blue'),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customer.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('device_tag_owner_name_idx').on(t.customer_id, t.name)],
);

/** Which boxes carry which tags; a deleted tag or box takes its links along. */
export const deviceTagLink = pgTable(
  'device_tag_link',
  {
    device_id: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => deviceTag.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.device_id, t.tag_id] }), index('device_tag_link_tag_idx').on(t.tag_id, t.device_id)],
);

/** 机床: a machine tool behind one box, addressed inside the box's /24 (unique across the platform). */
export const machineTool = pgTable(
  'machine_tool',
  {
    id: serial('id').primaryKey(),
    device_id: integer('device_id')
      .notNull()
      .references(() => device.id),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    category: text('category').notNull(),
    model: text('model').notNull().default(''),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ip: inet('ip').notNull().unique(),
    /** The address the machine keeps on its own LAN (本地IP), reached 1:1 from `ip` through the box's NAT; null: none. */
    lan_ip: inet('lan_ip'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('machine_tool_device_code_idx').on(t.device_id, t.code)],
);

/**
 * 设备流转: the ledger of every movement of a box, written by the server only and refused UPDATE and DELETE by
 * the database itself (migration 0004). No foreign key on the box: the ledger outlives a deleted box, and keeps
 * its gateway id to name it.
 */
export const deviceFlow = pgTable(
  'device_flow',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    device_id: integer('device_id').notNull(),
    gateway_id: text('gateway_id').notNull(),
    type: text('type').$type<FlowType>().notNull(),
    from_customer_id: integer('from_customer_id'),
    to_customer_id: integer('to_customer_id'),
    /** The state the box is in after this movement. */
    state: text('state').$type<DeviceState>().notNull(),
    order_no: text('order_no').notNull().default(''),
    operator_id: integer('operator_id'),
    operator: text('operator').notNull().default(''),
    remark: text('remark').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [
    index('device_flow_device_idx').on(t.device_id, t.id),
    index('device_flow_created_idx').on(t.created_at),
    index('device_flow_to_idx').on(t.to_customer_id),
    index('device_flow_from_idx').on(t.from_customer_id),
    check('device_flow_type_check', sql`${t.type} in ('purchase_in', 'sale_out', 'transfer', 'return', 'repair', 'scrap')`),
  ],
);

/**
 * 授权: a licence certificate issued for a box (or a bare fingerprint). Never deleted: a licence is revoked,
 * and a deleted box leaves its licences with `device_id` null. `jti` names it inside the certificate.
 */
export const license = pgTable(
  'license',
  {
    id: serial('id').primaryKey(),
    device_id: integer('device_id').references(() => device.id, { onDelete: 'set null' }),
    gateway_id: text('gateway_id').notNull().default(''),
    finger_print: text('finger_print').notNull(),
    type: text('type').$type<LicenseType>().notNull(),
    nbf: timestamp('nbf', { withTimezone: true }).notNull(),
    exp: timestamp('exp', { withTimezone: true }).notNull(),
    iat: timestamp('iat', { withTimezone: true }).notNull(),
    jti: text('jti').notNull().unique(),
    vpn: boolean('vpn').notNull().default(false),
    count: jsonb('count').$type<LicenseCount[]>().notNull().default([]),
    certificate: text('certificate').notNull(),
    remark: text('remark').notNull().default(''),
    issuer: integer('issuer').references(() => adminUser.id, { onDelete: 'set null' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoke_reason: text('revoke_reason').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [
    index('license_device_idx').on(t.device_id),
    index('license_exp_idx').on(t.exp),
    check('license_type_check', sql`${t.type} in ('business', 'temp')`),
  ],
);

/** The columns 进货单 and 出货单 share: number, day, status (draft → confirmed | cancelled), who made it, when confirmed. */
const orderColumns = () => ({
  id: serial('id').primaryKey(),
  order_no: text('order_no').notNull().unique(),
  order_date: date('order_date', { mode: 'string' }).notNull(),
  status: text('status').$type<OrderStatus>().notNull().default('draft'),
  remark: text('remark').notNull().default(''),
  operator_id: integer('operator_id').references(() => adminUser.id, { onDelete: 'set null' }),
  confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

const orderStatusCheck = (name: string, status: AnyPgColumn) => check(name, sql`${status} in ('draft', 'confirmed', 'cancelled')`);

/**
 * The columns of an order line: a device type (its name as it was when the line was written, as a document
 * keeps it), how many at what price, the amount computed by the database (exact), and the boxes' serials.
 */
const orderLineColumns = (parent: () => AnyPgColumn) => ({
  id: serial('id').primaryKey(),
  order_id: integer('order_id')
    .notNull()
    .references(parent, { onDelete: 'cascade' }),
  goods_id: integer('goods_id')
    .notNull()
    .references(() => goods.id),
  goods_name: text('goods_name').notNull().default(''),
  quantity: integer('quantity').notNull(),
  unit_price: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).generatedAlwaysAs(sql`"quantity" * "unit_price"`),
  serials: text('serials').array().notNull().default(sql`'{}'::text[]`),
});

/** 进货单: boxes received from a supplier; confirming it creates one box in stock per serial. */
export const buyOrder = pgTable(
  'buy_order',
  { ...orderColumns(), supplier: text('supplier').notNull() },
  (t) => [orderStatusCheck('buy_order_status_check', t.status), index('buy_order_date_idx').on(t.order_date)],
);

export const buyOrderLine = pgTable('buy_order_line', orderLineColumns(() => buyOrder.id), (t) => [
  index('buy_order_line_order_idx').on(t.order_id, t.id),
  check('buy_order_line_quantity_check', sql`${t.quantity} > 0`),
]);

/** 出货单: boxes shipped to a customer; confirming it moves each serial from stock to the customer. */
export const sellOrder = pgTable(
  'sell_order',
  {
    ...orderColumns(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customer.id),
  },
  (t) => [orderStatusCheck('sell_order_status_check', t.status), index('sell_order_date_idx').on(t.order_date), index('sell_order_customer_idx').on(t.customer_id)],
);

export const sellOrderLine = pgTable('sell_order_line', orderLineColumns(() => sellOrder.id), (t) => [
  index('sell_order_line_order_idx').on(t.order_id, t.id),
  check('sell_order_line_quantity_check', sql`${t.quantity} > 0`),
]);

/**
 * The identities (设备ID, clear secret, type) of the boxes a confirmed 进货单 created, sealed with AES-256-GCM
 * under a platform key, until they are downloaded once; then the row is deleted. Not audited: the operation
 * log never holds a clear secret, sealed or not.
 */
export const buyOrderIdentity = pgTable('buy_order_identity', {
  order_id: integer('order_id')
    .primaryKey()
    .references(() => buyOrder.id, { onDelete: 'cascade' }),
  sealed: text('sealed').notNull(),
  created_at: createdAt(),
});

/** 上下线记录: each online/offline transition of a box, with why (connect, will, takeover, reconcile …). */
export const deviceOnlineLog = pgTable(
  'device_online_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    device_id: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    online: boolean('online').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    reason: text('reason').$type<OnlineReason>().notNull(),
    session: text('session').notNull().default(''),
    ip: text('ip').notNull().default(''),
    node: text('node').notNull().default(''),
  },
  (t) => [index('device_online_log_device_idx').on(t.device_id, t.id)],
);

/**
 * The latest values of one machine tool: one row upserted per ingest batch (fillfactor 70 keeps the updates
 * HOT). `state` is derived from the brand's enums; `parts_total` keeps counting across `cnc_products` resets;
 * `day_parts` and `day_run_s` are the day's so far, so 首页 reads today's output from one row per machine tool.
 * History is in `telemetry` (daily partitions, created in SQL by migration 0009 and by the ingest).
 */
export const machineLatest = pgTable(
  'machine_latest',
  {
    machine_tool_id: integer('machine_tool_id')
      .primaryKey()
      .references(() => machineTool.id, { onDelete: 'cascade' }),
    device_id: integer('device_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<MachineState>().notNull(),
    state_since: timestamp('state_since', { withTimezone: true }).notNull(),
    products: integer('products'),
    parts_total: integer('parts_total').notNull().default(0),
    /** The platform-zone day the two figures below are of: parts made that day and running seconds of periods closed that day. */
    day: date('day', { mode: 'string' }),
    day_parts: integer('day_parts').notNull().default(0),
    day_run_s: doublePrecision('day_run_s').notNull().default(0),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('machine_latest_device_idx').on(t.device_id)],
);

/**
 * A machine tool's finished days (China time, as `machine_latest.day`): the parts it made and its running seconds,
 * written by the ingest when a reading moves the machine into a later day, so 首页's trends read a row per
 * machine tool and day instead of the readings. Today's figures are still on `machine_latest`.
 */
export const machineDay = pgTable(
  'machine_day',
  {
    machine_tool_id: integer('machine_tool_id')
      .notNull()
      .references(() => machineTool.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    parts: integer('parts').notNull().default(0),
    run_s: doublePrecision('run_s').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.machine_tool_id, t.day] })],
);

/** A machine tool's state periods: a row per transition, closed (`ended_at`) by the next one. */
export const machineStateLog = pgTable(
  'machine_state_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    machine_tool_id: integer('machine_tool_id')
      .notNull()
      .references(() => machineTool.id, { onDelete: 'cascade' }),
    device_id: integer('device_id').notNull(),
    state: text('state').$type<MachineState>().notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('machine_state_log_machine_idx').on(t.machine_tool_id, t.started_at), index('machine_state_log_started_idx').on(t.started_at)],
);

/** Alarms of a machine tool: a row from when an alarm number appears in `cnc_alarm` until it is gone. */
export const machineAlarm = pgTable(
  'machine_alarm',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    machine_tool_id: integer('machine_tool_id')
      .notNull()
      .references(() => machineTool.id, { onDelete: 'cascade' }),
    device_id: integer('device_id').notNull(),
    alarm_no: text('alarm_no').notNull(),
    alarm_type: text('alarm_type').notNull().default(''),
    alarm_msg: text('alarm_msg').notNull().default(''),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('machine_alarm_machine_idx').on(t.machine_tool_id, t.started_at),
    index('machine_alarm_open_idx').on(t.machine_tool_id).where(sql`${t.ended_at} is null`),
    index('machine_alarm_started_idx').on(t.started_at),
  ],
);

/** 远程调试: a session of the box's own API an operator opened on a box (the box drawer's console). */
export const debugSession = pgTable(
  'debug_session',
  {
    id: serial('id').primaryKey(),
    device_id: integer('device_id').references(() => device.id, { onDelete: 'set null' }),
    gateway_id: text('gateway_id').notNull(),
    customer_id: integer('customer_id').notNull(),
    operator_id: integer('operator_id').references(() => adminUser.id, { onDelete: 'set null' }),
    operator: text('operator').notNull().default(''),
    ip: text('ip').notNull().default(''),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    commands: integer('commands').notNull().default(0),
  },
  (t) => [index('debug_session_started_idx').on(t.started_at), index('debug_session_customer_idx').on(t.customer_id)],
);

/** 远程配置: a user who logged in to a box with its own password may call its API until `expires_at` (any node). */
export const boxGrant = pgTable(
  'box_grant',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => adminUser.id, { onDelete: 'cascade' }),
    device_id: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.device_id] })],
);

/** One command sent in a debug session and the box's reply (ret null while waiting; -1 设备无响应). */
export const debugCommand = pgTable(
  'debug_command',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    session_id: integer('session_id')
      .notNull()
      .references(() => debugSession.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    url: text('url').notNull(),
    data: jsonb('data'),
    ret: integer('ret'),
    reply: jsonb('reply'),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    answered_at: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('debug_command_session_idx').on(t.session_id, t.id)],
);

/**
 * 调试代理: an engineer's WireGuard client (a PC or phone), a peer of the hub with an address of debug_pool. It
 * belongs to the user who made it and to that user's company (the scope). The private key is never stored: when
 * the platform made the pair it showed the private key once.
 */
export const debugClient = pgTable(
  'debug_client',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    address: inet('address').notNull().unique(),
    public_key: text('public_key').notNull().unique(),
    key_generated: boolean('key_generated').notNull().default(false),
    user_id: integer('user_id')
      .notNull()
      .references(() => adminUser.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('debug_client_customer_idx').on(t.customer_id, t.id), index('debug_client_user_idx').on(t.user_id)],
);

/**
 * 远程会话: one client let reach one box's machine tools (all, or `machine_ids`) and the box's own services from
 * `started_at` to `expires_at`, unless it ends before. The client's name, address and key, the user's name and the
 * box's id and company are copied at opening: the record stays readable after any of them changes or goes. The
 * hub's counters of the client at the start are the baseline of its bytes; the bytes and last handshake are kept
 * when it ends.
 */
export const remoteSession = pgTable(
  'remote_session',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<RemoteSessionState>().notNull(),
    client_id: integer('client_id').references(() => debugClient.id, { onDelete: 'set null' }),
    client_name: text('client_name').notNull(),
    client_address: text('client_address').notNull(),
    client_public_key: text('client_public_key').notNull(),
    user_id: integer('user_id').notNull(),
    username: text('username').notNull(),
    device_id: integer('device_id').notNull(),
    gateway_id: text('gateway_id').notNull(),
    /** The box's company when the session was opened (the scope): the box moving elsewhere ends the session. */
    customer_id: integer('customer_id').notNull(),
    machine_ids: integer('machine_ids').array().notNull().default(sql`'{}'::integer[]`),
    minutes: integer('minutes').notNull(),
    needs_approval: boolean('needs_approval').notNull().default(false),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull(),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    approved_by_id: integer('approved_by_id'),
    approved_by: text('approved_by').notNull().default(''),
    started_at: timestamp('started_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    ended_by_id: integer('ended_by_id'),
    ended_by: text('ended_by').notNull().default(''),
    end_reason: text('end_reason').$type<RemoteSessionEndReason>(),
    rx_base: bigint('rx_base', { mode: 'number' }).notNull().default(0),
    tx_base: bigint('tx_base', { mode: 'number' }).notNull().default(0),
    rx_bytes: bigint('rx_bytes', { mode: 'number' }).notNull().default(0),
    tx_bytes: bigint('tx_bytes', { mode: 'number' }).notNull().default(0),
    latest_handshake: timestamp('latest_handshake', { withTimezone: true }),
  },
  (t) => [
    index('remote_session_customer_idx').on(t.customer_id, t.id),
    index('remote_session_requested_idx').on(t.requested_at),
    index('remote_session_client_idx').on(t.client_id),
    index('remote_session_device_idx').on(t.device_id),
    // what the hub and the sweeper read: the sessions not yet over
    index('remote_session_open_idx').on(t.status, t.expires_at).where(sql`${t.status} in ('pending', 'active')`),
    check('remote_session_status_check', sql`${t.status} in ('pending', 'active', 'rejected', 'ended')`),
    check(
      'remote_session_end_reason_check',
      sql`${t.end_reason} is null or ${t.end_reason} in ('expired', 'closed', 'rejected', 'user_disabled', 'box_moved', 'box_scrapped', 'unlicensed', 'client_deleted')`,
    ),
  ],
);

/**
 * OEE's plan of a machine tool: its shifts (`[{name, start: 'HH:mm', end: 'HH:mm'}]`, an end not after the start
 * runs past midnight) and ideal cycle time in seconds; null takes the defaults from 通用配置.
 */
export const machinePlan = pgTable('machine_plan', {
  machine_tool_id: integer('machine_tool_id')
    .primaryKey()
    .references(() => machineTool.id, { onDelete: 'cascade' }),
  shifts: jsonb('shifts').$type<{ name: string; start: string; end: string }[]>(),
  ideal_cycle_s: numeric('ideal_cycle_s', { mode: 'number' }),
  updated_at: updatedAt(),
});

/** Scrap recorded for a machine tool's shift on a platform-zone day: OEE's quality is (total − scrap) ÷ total. */
export const machineScrap = pgTable(
  'machine_scrap',
  {
    machine_tool_id: integer('machine_tool_id')
      .notNull()
      .references(() => machineTool.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    shift: text('shift').notNull(),
    count: integer('count').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.machine_tool_id, t.day, t.shift] }), check('machine_scrap_count_check', sql`${t.count} >= 0`)],
);

/** 设备流量: bytes a box sent (up) and received (down) on a platform-zone day, from its `traffic` counters. */
export const deviceTraffic = pgTable(
  'device_traffic',
  {
    device_id: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    up_bytes: bigint('up_bytes', { mode: 'number' }).notNull().default(0),
    down_bytes: bigint('down_bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.device_id, t.day] }), index('device_traffic_day_idx').on(t.day)],
);

/** The last `traffic` counters a box reported (cumulative since its boot): the next report adds its difference. */
export const deviceTrafficCounter = pgTable('device_traffic_counter', {
  device_id: integer('device_id')
    .primaryKey()
    .references(() => device.id, { onDelete: 'cascade' }),
  tx: bigint('tx', { mode: 'number' }).notNull(),
  rx: bigint('rx', { mode: 'number' }).notNull(),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
});

/** A SIM plan: its monthly allowance; a box over it is shown in 设备流量. One may be the default of boxes without one. */
export const trafficPlan = pgTable(
  'traffic_plan',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    monthly_mb: integer('monthly_mb').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    remark: text('remark').notNull().default(''),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('traffic_plan_default_idx').on(t.is_default).where(sql`${t.is_default}`), check('traffic_plan_mb_check', sql`${t.monthly_mb} > 0`)],
);

/** The SIM plan of a box (none: the default plan, if any). */
export const trafficPlanBox = pgTable('traffic_plan_box', {
  device_id: integer('device_id')
    .primaryKey()
    .references(() => device.id, { onDelete: 'cascade' }),
  plan_id: integer('plan_id')
    .notNull()
    .references(() => trafficPlan.id, { onDelete: 'cascade' }),
});

/**
 * 固件版本: a firmware release. The file lives under DATA_DIR/firmware named by its SHA-256 (`sha256`); a
 * release is unique by version among the live (not deleted) releases of each device type it fits.
 */
export const firmwareVersion = pgTable(
  'firmware_version',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    /**
     * What 版本号 sorts by: each number as its digit count (3 digits) then its digits, so 1.10.0 comes after
     * 1.9.0, then 1 for a release or 0 and its label for a pre-release (2.0.0-rc.1 before 2.0.0). Digits and
     * letters only, so every collation orders it the same. `version` is a semantic version (SEMVER_RE).
     */
    version_key: text('version_key').generatedAlwaysAs(
      sql`lpad(length(split_part(split_part(version, '-', 1), '.', 1))::text, 3, '0') || split_part(split_part(version, '-', 1), '.', 1)
        || lpad(length(split_part(split_part(version, '-', 1), '.', 2))::text, 3, '0') || split_part(split_part(version, '-', 1), '.', 2)
        || lpad(length(split_part(split_part(version, '-', 1), '.', 3))::text, 3, '0') || split_part(split_part(version, '-', 1), '.', 3)
        || case when strpos(version, '-') > 0 then '0' || substr(version, strpos(version, '-') + 1) else '1' end`,
    ),
    goods_ids: integer('goods_ids').array().notNull(),
    file_name: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    changelog: text('changelog').notNull().default(''),
    status: text('status').$type<VersionStatus>().notNull().default('draft'),
    published_at: timestamp('published_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => adminUser.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('firmware_version_version_idx').on(t.version),
    index('firmware_version_goods_idx').using('gin', t.goods_ids),
    check('firmware_version_status_check', sql`${t.status} in ('draft', 'published', 'deleted')`),
  ],
);

/** 固件推送: one rollout of a published release to a set of boxes, fixed when it is created (rollout_item). */
export const rollout = pgTable(
  'rollout',
  {
    id: serial('id').primaryKey(),
    version_id: integer('version_id')
      .notNull()
      .references(() => firmwareVersion.id),
    target: jsonb('target').$type<RolloutTarget>().notNull(),
    batch_size: integer('batch_size').notNull(),
    concurrency: integer('concurrency').notNull(),
    pause_seconds: integer('pause_seconds').notNull().default(0),
    stop_failure_percent: integer('stop_failure_percent').notNull(),
    offline_deadline_minutes: integer('offline_deadline_minutes').notNull(),
    state: text('state').$type<RolloutState>().notNull().default('running'),
    stop_reason: text('stop_reason').notNull().default(''),
    /** The batch now running (1-based) and how many there are. */
    batch: integer('batch').notNull().default(1),
    batches: integer('batches').notNull(),
    /** The current batch's start; the next batch does not start before next_batch_at (the pause). */
    batch_started_at: timestamp('batch_started_at', { withTimezone: true }),
    next_batch_at: timestamp('next_batch_at', { withTimezone: true }),
    remark: text('remark').notNull().default(''),
    created_by: integer('created_by').references(() => adminUser.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('rollout_state_idx').on(t.state),
    index('rollout_version_idx').on(t.version_id),
    check('rollout_state_check', sql`${t.state} in ('running', 'paused', 'stopped', 'cancelled', 'done')`),
  ],
);

/** One box of a rollout: its batch and its way through the update. Not audited (the rollout's own row is). */
export const rolloutItem = pgTable(
  'rollout_item',
  {
    rollout_id: integer('rollout_id')
      .notNull()
      .references(() => rollout.id, { onDelete: 'cascade' }),
    device_id: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    gateway_id: text('gateway_id').notNull(),
    batch: integer('batch').notNull(),
    state: text('state').$type<RolloutItemState>().notNull().default('pending'),
    progress: smallint('progress').notNull().default(0),
    error: text('error').notNull().default(''),
    from_version: text('from_version').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** When the command went out (sending) and when the box last reported; the timeouts count from these. */
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** The box's connection (device.online_session) its order last went to: one back on another is sent it again. */
    session: text('session').notNull().default(''),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.rollout_id, t.device_id] }),
    index('rollout_item_batch_idx').on(t.rollout_id, t.batch, t.state),
    index('rollout_item_device_idx').on(t.device_id),
    check(
      'rollout_item_state_check',
      sql`${t.state} in ('pending', 'sending', 'downloading', 'verifying', 'installing', 'done', 'failed', 'skipped')`,
    ),
  ],
);

/** 刷机批次: a factory batch of new box identities (gateway ids reserved at creation, secrets at the one download). */
export const flashBatch = pgTable(
  'flash_batch',
  {
    id: serial('id').primaryKey(),
    goods_id: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    count: integer('count').notNull(),
    prefix: text('prefix').notNull().default(''),
    start: integer('start').notNull(),
    digits: integer('digits').notNull(),
    buy_order_id: integer('buy_order_id').references(() => buyOrder.id, { onDelete: 'set null' }),
    state: text('state').$type<FlashBatchState>().notNull().default('new'),
    remark: text('remark').notNull().default(''),
    created_by: integer('created_by').references(() => adminUser.id, { onDelete: 'set null' }),
    downloaded_at: timestamp('downloaded_at', { withTimezone: true }),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('flash_batch_state_check', sql`${t.state} in ('new', 'downloaded', 'confirmed')`)],
);

/**
 * One identity of a flash batch: its gateway id (unique across batches), the hash of the secret handed out in
 * the download, the box it became, and the fingerprint of its first connection, fixed from then on (a later
 * connection reporting another one is refused and counted as a possible clone).
 */
export const flashItem = pgTable(
  'flash_item',
  {
    id: serial('id').primaryKey(),
    batch_id: integer('batch_id')
      .notNull()
      .references(() => flashBatch.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    gateway_id: text('gateway_id').notNull().unique(),
    secret_hash: text('secret_hash').notNull().default(''),
    device_id: integer('device_id').references(() => device.id, { onDelete: 'set null' }),
    first_connected_at: timestamp('first_connected_at', { withTimezone: true }),
    fingerprint: text('fingerprint').notNull().default(''),
    clone_attempts: integer('clone_attempts').notNull().default(0),
    last_clone_at: timestamp('last_clone_at', { withTimezone: true }),
    last_clone_fingerprint: text('last_clone_fingerprint').notNull().default(''),
  },
  (t) => [index('flash_item_batch_idx').on(t.batch_id, t.seq), index('flash_item_device_idx').on(t.device_id)],
);

/** 自动回复 rules of the official account (see mpReplyResource for how a message picks one). */
export const mpReply = pgTable(
  'mp_reply',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    trigger: text('trigger').$type<MpReplyTrigger>().notNull().default('keyword'),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    match: text('match').$type<MpMatchType>().notNull().default('exact'),
    reply_type: text('reply_type').$type<MpReplyType>().notNull().default('text'),
    content: text('content').notNull().default(''),
    media_id: text('media_id').notNull().default(''),
    articles: jsonb('articles').$type<MpArticle[]>().notNull().default([]),
    priority: integer('priority').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    hits: integer('hits').notNull().default(0),
    last_hit_at: timestamp('last_hit_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('mp_reply_pick_idx').on(t.trigger, t.enabled, t.priority),
    check('mp_reply_trigger_check', sql`${t.trigger} in ('keyword', 'subscribe', 'default')`),
    check('mp_reply_match_check', sql`${t.match} in ('exact', 'contains', 'regex')`),
    check('mp_reply_type_check', sql`${t.reply_type} in ('text', 'image', 'news')`),
  ],
);

/**
 * Messages and events the callback has taken, by their dedupe key (`MsgId`, or sender + time + event for
 * events): WeChat delivers again when an answer is late, and a repeat gets the stored reply without acting
 * twice. Rows older than a day are removed.
 */
export const wechatMessage = pgTable(
  'wechat_message',
  {
    key: text('key').primaryKey(),
    openid: text('openid').notNull(),
    msg_type: text('msg_type').notNull(),
    content: text('content').notNull().default(''),
    /** The reply XML (plain), or '' for `success`; null while the first delivery is being answered. */
    reply: text('reply'),
    created_at: createdAt(),
  },
  (t) => [index('wechat_message_created_idx').on(t.created_at)],
);

/** One-time codes a user sends as `绑定 <code>` to bind its WeChat (10 minutes, once). */
export const wechatBindCode = pgTable(
  'wechat_bind_code',
  {
    code: text('code').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => adminUser.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('wechat_bind_code_user_idx').on(t.user_id)],
);

/**
 * The notice outbox: one row per notice per bound user (`dedupe` makes a notice once, e.g. `alarm:<id>:<user>`),
 * sent by the sender job; 未发送 keeps the reason.
 */
export const wechatNotice = pgTable(
  'wechat_notice',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<WechatNoticeKind>().notNull(),
    user_id: integer('user_id').references(() => adminUser.id, { onDelete: 'set null' }),
    openid: text('openid').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** The template message it goes as, filled when it was made (a template configured for its kind), else null: the text. */
    template: jsonb('template').$type<WechatTemplateMessage>(),
    dedupe: text('dedupe').notNull().unique(),
    state: text('state').$type<WechatNoticeState>().notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('wechat_notice_state_idx').on(t.state, t.id),
    check('wechat_notice_kind_check', sql`${t.kind} in ('alarm', 'license_expiry')`),
    check('wechat_notice_state_check', sql`${t.state} in ('pending', 'sent', 'unsent')`),
  ],
);

/** 短链接: `/s/{code}` redirects to `target` and counts the visit (also per day in short_url_day). */
export const shortUrl = pgTable(
  'short_url',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    target: text('target').notNull(),
    title: text('title').notNull().default(''),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    visits: bigint('visits', { mode: 'number' }).notNull().default(0),
    last_visit_at: timestamp('last_visit_at', { withTimezone: true }),
    /** A box link: the box whose page it opens (one per box). */
    device_id: integer('device_id')
      .unique()
      .references(() => device.id, { onDelete: 'cascade' }),
    created_by: integer('created_by').references(() => adminUser.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
);

/** Visits of a short link per day (China time). */
export const shortUrlDay = pgTable(
  'short_url_day',
  {
    short_url_id: integer('short_url_id')
      .notNull()
      .references(() => shortUrl.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.short_url_id, t.day] })],
);

/**
 * Work a server start does once after an upgrade (a migration adds its row): the start that does it deletes the
 * row in the same transaction, so a failed run is tried again at the next start and two nodes never both run it.
 */
export const pendingJob = pgTable('pending_job', {
  name: text('name').primaryKey(),
  added_at: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});
