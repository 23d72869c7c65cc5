import { z } from 'zod';
import { idSchema } from '../api.js';
import { defineResource } from '../resource.js';
import { VERSION_PATH } from './version.js';

/** 固件推送: rollouts of a published release, guarded by 版本管理's permissions. */
export const ROLLOUT_PATH = '/system/rollout';

/** Who a rollout goes to: chosen boxes, the boxes of tags, of customers (each with its subtree), of device types. */
export const ROLLOUT_TARGET_TYPES = ['devices', 'tag', 'customer', 'goods'] as const;
export type RolloutTargetType = (typeof ROLLOUT_TARGET_TYPES)[number];
export const ROLLOUT_TARGET_TITLES: Record<RolloutTargetType, string> = {
  devices: '指定设备',
  tag: '设备标签',
  customer: '客户 (含下级)',
  goods: '设备类型',
};

/** A rollout's own state: 进行中, 已暂停 (by a person), 已中止 (a batch failed past the threshold), 已取消, 已完成. */
export const ROLLOUT_STATES = ['running', 'paused', 'stopped', 'cancelled', 'done'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
export const ROLLOUT_STATE_TITLES: Record<RolloutState, string> = {
  running: '进行中',
  paused: '已暂停',
  stopped: '已中止',
  cancelled: '已取消',
  done: '已完成',
};

/**
 * One box's way through a rollout: pending → sending (command out) → downloading → verifying → installing →
 * done; or failed (with the box's reason), or skipped (offline past the deadline, already on the version, wrong
 * type). A cancelled rollout's unstarted boxes are skipped too.
 */
export const ROLLOUT_ITEM_STATES = ['pending', 'sending', 'downloading', 'verifying', 'installing', 'done', 'failed', 'skipped'] as const;
export type RolloutItemState = (typeof ROLLOUT_ITEM_STATES)[number];
export const ROLLOUT_ITEM_STATE_TITLES: Record<RolloutItemState, string> = {
  pending: '等待',
  sending: '下发中',
  downloading: '下载中',
  verifying: '校验中',
  installing: '安装中',
  done: '成功',
  failed: '失败',
  skipped: '跳过',
};
/** States a box is in while it is busy with the update (counted against the concurrency limit). */
export const ROLLOUT_ACTIVE_STATES: readonly RolloutItemState[] = ['sending', 'downloading', 'verifying', 'installing'];
export const ROLLOUT_FINAL_STATES: readonly RolloutItemState[] = ['done', 'failed', 'skipped'];

/** The steps a box reports on `ota/{gw}/v1`, in order. */
export const OTA_STEPS = ['downloading', 'verifying', 'installing', 'done', 'failed'] as const;
export type OtaStep = (typeof OTA_STEPS)[number];

/** Limits of a rollout plan. */
export const ROLLOUT_LIMITS = { maxBoxes: 100_000, maxConcurrency: 5_000, maxPauseSeconds: 86_400 } as const;
/** Default minutes a box of a started batch may stay offline before it is skipped. */
export const ROLLOUT_OFFLINE_DEADLINE_MINUTES = 30;
/** Default minutes a busy box (发送中 … 安装中) may stay silent before it fails with 升级超时; each of its words starts them again. */
export const ROLLOUT_ITEM_TIMEOUT_MINUTES = 30;

export const rolloutTargetSchema = z.object({
  type: z.enum(ROLLOUT_TARGET_TYPES),
  ids: z.array(idSchema).min(1, '请选择推送对象').max(ROLLOUT_LIMITS.maxBoxes),
});
export type RolloutTarget = z.infer<typeof rolloutTargetSchema>;

/**
 * `POST /system/rollout`. A batch is `batch_size` boxes, or `batch_percent` % of the target when that is given
 * instead; at most `concurrency` boxes update at once; `pause_seconds` between batches; the rollout stops when
 * more than `stop_failure_percent` % of a batch failed.
 */
export const rolloutCreateSchema = z
  .object({
    version_id: idSchema,
    target: rolloutTargetSchema,
    batch_size: z.number().int().min(1, '每批数量至少为 1').max(ROLLOUT_LIMITS.maxBoxes).optional(),
    batch_percent: z.number().int().min(1, '每批比例至少为 1%').max(100, '每批比例最多为 100%').optional(),
    concurrency: z.number().int().min(1, '并发数至少为 1').max(ROLLOUT_LIMITS.maxConcurrency).default(50),
    pause_seconds: z.number().int().min(0).max(ROLLOUT_LIMITS.maxPauseSeconds).default(0),
    stop_failure_percent: z.number().int().min(0).max(100).default(20),
    offline_deadline_minutes: z.number().int().min(1).max(7 * 24 * 60).default(ROLLOUT_OFFLINE_DEADLINE_MINUTES),
    remark: z.string().trim().max(200).default(''),
  })
  .refine((b) => (b.batch_size === undefined) !== (b.batch_percent === undefined), {
    message: '请填写每批数量或每批比例 (二选一)',
    path: ['batch_size'],
  });
export type RolloutCreate = z.infer<typeof rolloutCreateSchema>;

export const rolloutCountsSchema = z.object(Object.fromEntries(ROLLOUT_ITEM_STATES.map((s) => [s, z.number()])) as Record<RolloutItemState, z.ZodNumber>);
export type RolloutCounts = z.infer<typeof rolloutCountsSchema>;

export const rolloutSchema = z.object({
  id: z.number(),
  version_id: z.number(),
  version: z.string(),
  target: rolloutTargetSchema,
  /** The target in words, e.g. 设备标签: 一车间, 二车间. */
  target_text: z.string(),
  batch_size: z.number(),
  concurrency: z.number(),
  pause_seconds: z.number(),
  stop_failure_percent: z.number(),
  offline_deadline_minutes: z.number(),
  state: z.enum(ROLLOUT_STATES),
  /** Why it stopped (a batch's failures past the threshold), or ''. */
  stop_reason: z.string(),
  /** The batch now running (1-based), and how many there are. */
  batch: z.number(),
  batches: z.number(),
  total: z.number(),
  counts: rolloutCountsSchema,
  remark: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Rollout = z.infer<typeof rolloutSchema>;

export const rolloutItemSchema = z.object({
  device_id: z.number(),
  gateway_id: z.string(),
  batch: z.number(),
  state: z.enum(ROLLOUT_ITEM_STATES),
  /** 0–100 while downloading. */
  progress: z.number(),
  error: z.string(),
  /** The version the box had when its batch started. */
  from_version: z.string(),
  updated_at: z.string(),
});
export type RolloutItem = z.infer<typeof rolloutItemSchema>;

/** `GET /system/rollout/{id}`: the rollout and every box of it. */
export const rolloutDetailSchema = rolloutSchema.extend({ items: z.array(rolloutItemSchema) });
export type RolloutDetail = z.infer<typeof rolloutDetailSchema>;

/**
 * Rollouts; permissions on 版本管理's menu. Created, never edited or deleted: `pause`, `resume`, `cancel`, and
 * `retry` (the failed boxes go again) steer one.
 */
export const rolloutResource = defineResource({
  path: ROLLOUT_PATH,
  menu: VERSION_PATH,
  title: '固件推送',
  audit: { table: 'rollout', labels: { id: 'ID', created_by: '创建人' } },
  item: rolloutSchema,
  labels: {
    version_id: '固件版本',
    version: '版本号',
    target: '推送对象',
    target_text: '推送对象',
    batch_size: '每批数量',
    batch_percent: '每批比例(%)',
    concurrency: '并发数',
    pause_seconds: '批次间隔(秒)',
    stop_failure_percent: '失败率阈值(%)',
    offline_deadline_minutes: '离线等待(分钟)',
    state: '状态',
    stop_reason: '中止原因',
    batch: '当前批次',
    batches: '批次数',
    total: '设备数',
    counts: '进度',
    remark: '备注',
    created_by_name: '创建人',
    created_at: '创建时间',
    updated_at: '更新时间',
    finished_at: '结束时间',
    gateway_id: '网关ID',
    progress: '下载进度',
    error: '失败原因',
    from_version: '原版本',
  },
  sortable: ['id', 'created_at'],
  defaultSort: '-id',
  dateField: 'created_at',
  keywordsHint: '版本号或备注',
  filters: {
    state: {
      label: '状态',
      schema: z.enum(ROLLOUT_STATES),
      input: { type: 'select', options: ROLLOUT_STATES.map((s) => ({ label: ROLLOUT_STATE_TITLES[s], value: s })) },
    },
    version_id: { label: '固件版本', schema: z.coerce.number().int().positive(), hidden: true },
  },
  actions: {
    pause: { title: '暂停', permission: 'edit', target: 'row' },
    resume: { title: '继续', permission: 'edit', target: 'row' },
    cancel: { title: '取消', permission: 'edit', target: 'row', confirm: '取消后未开始的设备将不再升级, 确定取消?' },
    retry: { title: '重试失败', permission: 'edit', target: 'row' },
  },
});

/** A box's firmware (the device drawer's 固件 tab): `GET /device/device/{id}/firmware`. */
export const deviceFirmwarePath = (id: number | ':id') => `/device/device/${id}/firmware`;
export const deviceFirmwareSchema = z.object({
  firmware_version: z.string(),
  /** The box's rollouts, latest first; empty for a caller without 版本管理's 查询. */
  history: z.array(
    z.object({
      rollout_id: z.number(),
      version: z.string(),
      state: z.enum(ROLLOUT_ITEM_STATES),
      error: z.string(),
      from_version: z.string(),
      updated_at: z.string(),
    }),
  ),
});
export type DeviceFirmware = z.infer<typeof deviceFirmwareSchema>;

/** What a box reports on `ota/{gw}/v1` while it updates. */
export const boxOtaSchema = z.object({
  rollout_id: z.number().int().positive(),
  state: z.enum(OTA_STEPS),
  progress: z.number().min(0).max(100).optional(),
  error: z.string().max(500).optional(),
  /** The version the box runs when it reports done. */
  version: z.string().max(64).optional(),
});
export type BoxOta = z.infer<typeof boxOtaSchema>;

/** The command's `data` (`control` `POST /system/upgrade`). */
export const boxUpgradeSchema = z.object({
  rollout_id: z.number().int().positive(),
  version: z.string(),
  url: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
});
export type BoxUpgrade = z.infer<typeof boxUpgradeSchema>;
