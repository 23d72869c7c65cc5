import safeRegex from 'safe-regex2';
import { z } from 'zod';
import { defineResource } from '../resource.js';
import { httpUrlSchema } from '../url.js';
import { menuPath } from '../menus.js';

/** 自动回复: the official account's reply rules. */
export const MP_REPLY_PATH = menuPath('mp-reply');
/** `POST /system/mp_reply/test`: which rule a message would hit, and the reply XML it would get (nothing is sent). */
export const MP_REPLY_TEST_PATH = `${MP_REPLY_PATH}/test`;
/**
 * The official account's message callback, public (WeChat signs each call): GET verifies the server, POST carries
 * the users' messages and events. Full path, outside the `/custom/api/v1` prefix.
 */
export const WECHAT_CALLBACK_PATH = '/custom/api/wechat/callback';

/** What fires a rule: a text message's keywords, a new follower (welcome), or nothing else matching (default). */
export const MP_REPLY_TRIGGERS = ['keyword', 'subscribe', 'default'] as const;
export type MpReplyTrigger = (typeof MP_REPLY_TRIGGERS)[number];
export const MP_REPLY_TRIGGER_TITLES: Record<MpReplyTrigger, string> = { keyword: '关键词回复', subscribe: '关注回复', default: '默认回复' };

/** How a keyword meets a message: the whole message, a part of it, or a regular expression (checked safe). */
export const MP_MATCH_TYPES = ['exact', 'contains', 'regex'] as const;
export type MpMatchType = (typeof MP_MATCH_TYPES)[number];
export const MP_MATCH_TITLES: Record<MpMatchType, string> = { exact: '全匹配', contains: '包含', regex: '正则' };

export const MP_REPLY_TYPES = ['text', 'image', 'news'] as const;
export type MpReplyType = (typeof MP_REPLY_TYPES)[number];
export const MP_REPLY_TYPE_TITLES: Record<MpReplyType, string> = { text: '文本', image: '图片', news: '图文' };

/** A text message longer than this is not matched against regular expressions (WeChat's own limit is 2048). */
export const MP_MATCH_MAX_INPUT = 2048;

/** Why a pattern is refused as a regular expression, or null: it must compile and not backtrack catastrophically. */
export function mpRegexError(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return `正则表达式无效: ${pattern}`;
  }
  return safeRegex(pattern) ? null : `正则表达式可能导致回溯过慢, 请简化: ${pattern}`;
}

/** One article of a 图文 reply (WeChat shows up to 8). */
export const mpArticleSchema = z.object({
  title: z.string().trim().min(1, '请输入图文标题').max(64),
  description: z.string().trim().max(256).default(''),
  /** The picture and the link, each empty or an http(s) URL. */
  pic_url: z.union([z.literal(''), httpUrlSchema]).default(''),
  url: z.union([z.literal(''), httpUrlSchema]).default(''),
});
export type MpArticle = z.infer<typeof mpArticleSchema>;

export const mpReplySchema = z.object({
  id: z.number(),
  name: z.string(),
  trigger: z.enum(MP_REPLY_TRIGGERS),
  /** Keyword rules only: any one of them matching fires the rule. */
  keywords: z.array(z.string()),
  match: z.enum(MP_MATCH_TYPES),
  reply_type: z.enum(MP_REPLY_TYPES),
  /** The text of a 文本 reply. */
  content: z.string(),
  /** The WeChat media id of a 图片 reply (uploaded to the account's material library). */
  media_id: z.string(),
  /** The articles of a 图文 reply. */
  articles: z.array(mpArticleSchema),
  /** Higher first; among equals the older rule first. */
  priority: z.number(),
  enabled: z.boolean(),
  /** How many messages this rule has answered, and when last. */
  hits: z.number(),
  last_hit_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MpReply = z.infer<typeof mpReplySchema>;

/** The fields as an update takes them: each optional, no defaults (a field left out stays as it is). */
const mpReplyFields = {
  name: z.string().trim().min(1, '请输入规则名称').max(64),
  trigger: z.enum(MP_REPLY_TRIGGERS),
  keywords: z.array(z.string().trim().min(1).max(200)).max(50),
  match: z.enum(MP_MATCH_TYPES),
  reply_type: z.enum(MP_REPLY_TYPES),
  content: z.string().max(2000, '回复内容过长 (不超过 2000 字)'),
  media_id: z.string().trim().max(200),
  articles: z.array(mpArticleSchema).max(8, '图文最多 8 条'),
  priority: z.number().int().min(0).max(9999),
  enabled: z.boolean(),
};
const f = mpReplyFields;

type MpReplyWrite = Partial<{ [K in keyof typeof mpReplyFields]: z.infer<(typeof mpReplyFields)[K]> }>;

/** The rules a whole rule must keep (the update checks them again on the merged row). */
export function mpReplyIssues(v: MpReplyWrite): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (v.trigger === 'keyword' && v.keywords !== undefined && v.keywords.length === 0) issues.push({ path: 'keywords', message: '请输入关键词' });
  if (v.match === 'regex') for (const k of v.keywords ?? []) {
    const error = mpRegexError(k);
    if (error) issues.push({ path: 'keywords', message: error });
  }
  if (v.reply_type === 'text' && v.content !== undefined && !v.content.trim()) issues.push({ path: 'content', message: '请输入回复内容' });
  if (v.reply_type === 'image' && v.media_id !== undefined && !v.media_id) issues.push({ path: 'media_id', message: '请输入图片素材的 MediaId' });
  if (v.reply_type === 'news' && v.articles !== undefined && v.articles.length === 0) issues.push({ path: 'articles', message: '请添加至少一条图文' });
  return issues;
}

const refineRule = (v: MpReplyWrite, ctx: z.RefinementCtx) => {
  for (const issue of mpReplyIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

export const mpReplyCreateSchema = z
  .object({
    name: f.name,
    trigger: f.trigger.default('keyword'),
    keywords: f.keywords.default([]),
    match: f.match.default('exact'),
    reply_type: f.reply_type.default('text'),
    content: f.content.default(''),
    media_id: f.media_id.default(''),
    articles: f.articles.default([]),
    priority: f.priority.default(0),
    enabled: f.enabled.default(true),
  })
  .superRefine(refineRule);
export type MpReplyCreate = z.infer<typeof mpReplyCreateSchema>;
/** Checked again by the server on the merged row (a field sent alone may break the rule with the stored rest). */
export const mpReplyUpdateSchema = z.object(mpReplyFields).partial().superRefine(refineRule);
export type MpReplyUpdate = z.infer<typeof mpReplyUpdateSchema>;

/** What the 测试 box sends: a text message, or a follow (subscribe) / scan event. */
export const MP_TEST_KINDS = ['text', 'subscribe', 'scan'] as const;
export const mpReplyTestSchema = z.object({
  kind: z.enum(MP_TEST_KINDS).default('text'),
  content: z.string().max(MP_MATCH_MAX_INPUT).default(''),
});
export type MpReplyTest = z.infer<typeof mpReplyTestSchema>;

/** The 测试 box's answer: the rule hit (none: WeChat gets `success`), and the XML the account would answer. */
export const mpReplyTestResultSchema = z.object({
  rule_id: z.number().nullable(),
  rule_name: z.string(),
  /** How it was chosen, e.g. 关键词“价格”(包含) or 绑定指令 or 无匹配规则. */
  reason: z.string(),
  xml: z.string(),
});
export type MpReplyTestResult = z.infer<typeof mpReplyTestResultSchema>;

/**
 * 自动回复 rules. A text message takes the enabled keyword rule of the highest priority that matches (older
 * first among equals), else the default rule; a new follower gets the subscribe rule; `绑定 <code>` binds the
 * sender to a console user before any rule.
 */
export const mpReplyResource = defineResource({
  path: MP_REPLY_PATH,
  title: '自动回复',
  audit: { table: 'mp_reply', labels: { id: 'ID' } },
  item: mpReplySchema,
  create: mpReplyCreateSchema,
  update: mpReplyUpdateSchema,
  labels: {
    name: '规则名称',
    trigger: '触发方式',
    keywords: '关键词',
    match: '匹配方式',
    reply_type: '回复类型',
    content: '回复内容',
    media_id: '图片 MediaId',
    articles: '图文',
    priority: '优先级',
    enabled: '启用',
    hits: '命中次数',
    last_hit_at: '最近命中',
    created_at: '创建时间',
    updated_at: '更新时间',
  },
  sortable: ['id', 'priority', 'hits', 'created_at'],
  defaultSort: '-priority',
  dateField: 'created_at',
  keywordsHint: '规则名称或关键词',
  filters: {
    trigger: {
      label: '触发方式',
      schema: z.enum(MP_REPLY_TRIGGERS),
      input: { type: 'select', options: MP_REPLY_TRIGGERS.map((t) => ({ label: MP_REPLY_TRIGGER_TITLES[t], value: t })) },
    },
  },
});
