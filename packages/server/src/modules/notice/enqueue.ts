import { sql } from 'drizzle-orm';
import { NOTICE_TEMPLATE_KEY, type NoticeTemplate, type WechatNoticeKind, fillTemplate, parseNoticeTemplate } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { readConfig } from '../../db/config-values.js';
import { wechatNotice } from '../../db/schema.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { type NoticeText, alarmNotice, licenseNotice } from './messages.js';

/** An alarm is told of while it is this fresh: a node that was down longer does not flood users with old alarms. */
export const ALARM_WINDOW_MS = 10 * 60_000;
/** A licence is told of once it expires within this long (and until it has expired). */
export const LICENSE_AHEAD_MS = 7 * 24 * 3600_000;
/** Rows one insert carries. */
const CHUNK = 500;

/**
 * Who is told of a box's alarm or licence: the enabled users bound to WeChat (`wx_openid` set) whose company is
 * the box's own company (`admin_user.customer_id = device.customer_id`). Not the vendor's staff (a box in the
 * vendor's stock tells nobody), not the users of the company's parents (a group's staff are not told of each
 * workshop's box) nor of its children. The openid is fixed in the notice when it is made.
 */
const RECIPIENTS = sql`
  join customer c on c.id = d.customer_id and not c.is_vendor
  join admin_user u on u.customer_id = d.customer_id and u.enabled and u.wx_openid <> ''`;

type NoticeRow = typeof wechatNotice.$inferInsert;

/** The template configured for a kind of notice (参数设置), or null: customer-service messages. */
async function templateOf(db: Db, kind: WechatNoticeKind): Promise<NoticeTemplate | null> {
  const key = NOTICE_TEMPLATE_KEY[kind];
  return parseNoticeTemplate(kind, (await readConfig(db, [key]))[key]);
}

/** A notice's row: its text, and its template message filled when its kind has a template. */
function noticeRow(base: Omit<NoticeRow, 'title' | 'content' | 'template'>, text: NoticeText, template: NoticeTemplate | null): NoticeRow {
  return { ...base, title: text.title, content: text.content, template: template ? fillTemplate(template, text.facts) : null };
}

/** Inserts what is not there yet (by `dedupe`): several nodes scanning at once make each notice once. */
async function insertNew(db: Db, rows: NoticeRow[]): Promise<number> {
  let made = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await db
      .insert(wechatNotice)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing({ target: wechatNotice.dedupe })
      .returning({ id: wechatNotice.id });
    made += inserted.length;
  }
  return made;
}

/** 设备告警: one notice per recipient of each alarm started within the window (`alarm:<alarm>:<user>`). Returns how many were made. */
export async function enqueueAlarmNotices(db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - ALARM_WINDOW_MS).toISOString();
  const { rows } = (await db.execute(sql`
    select a.id as alarm_id, a.alarm_no, a.alarm_msg, a.started_at, d.gateway_id,
           coalesce(nullif(m.name, ''), m.code) as machine, u.id as user_id, u.wx_openid as openid
      from machine_alarm a
      join machine_tool m on m.id = a.machine_tool_id
      join device d on d.id = m.device_id
      ${RECIPIENTS}
     where a.started_at > ${since}::timestamptz
       and not exists (select 1 from wechat_notice n where n.dedupe = 'alarm:' || a.id || ':' || u.id)
     order by a.id, u.id`)) as {
    rows: { alarm_id: number | string; alarm_no: string; alarm_msg: string; started_at: string | Date; gateway_id: string; machine: string; user_id: number; openid: string }[];
  };
  if (!rows.length) return 0;
  const template = await templateOf(db, 'alarm');
  return insertNew(
    db,
    rows.map((r) =>
      noticeRow(
        { kind: 'alarm', user_id: r.user_id, openid: r.openid, dedupe: `alarm:${r.alarm_id}:${r.user_id}` },
        alarmNotice({ ...r, started_at: new Date(r.started_at) }),
        template,
      ),
    ),
  );
}

/**
 * 授权即将到期: one notice per recipient of each licence in force that ends within the week, unless the box
 * already has a later one (renewed). `license:<licence>:<user>:<expiry day>`: a licence whose expiry is moved
 * is told of again.
 */
export async function enqueueLicenseNotices(db: Db, now: Date): Promise<number> {
  const { rows } = (await db.execute(sql`
    select l.id as license_id, l.exp, d.gateway_id, d.name as device_name, u.id as user_id, u.wx_openid as openid
      from license l
      join device d on d.id = l.device_id
      ${RECIPIENTS}
     where l.revoked_at is null
       and l.exp > ${now.toISOString()}::timestamptz
       and l.exp <= ${new Date(now.getTime() + LICENSE_AHEAD_MS).toISOString()}::timestamptz
       and not exists (select 1 from license r where r.device_id = l.device_id and r.revoked_at is null and r.exp > l.exp)
     order by l.id, u.id`)) as {
    rows: { license_id: number; exp: string | Date; gateway_id: string; device_name: string; user_id: number; openid: string }[];
  };
  if (!rows.length) return 0;
  const template = await templateOf(db, 'license_expiry');
  return insertNew(
    db,
    rows.map((r) => {
      const exp = new Date(r.exp);
      return noticeRow(
        { kind: 'license_expiry', user_id: r.user_id, openid: r.openid, dedupe: `license:${r.license_id}:${r.user_id}:${zoneTime(exp).slice(0, 10)}` },
        licenseNotice({ gateway_id: r.gateway_id, device_name: r.device_name, exp }),
        template,
      );
    }),
  );
}
