import { adminUserResource } from './admin-user.js';
import { configResource } from './config.js';
import { customerResource } from './customer.js';
import { debugAudit } from './debug.js';
import { debugClientResource } from './debug-client.js';
import { remoteSessionResource } from './remote-session.js';
import { flashBatchResource, rolloutResource, versionResource } from './firmware/index.js';
import { deviceResource } from './fleet/device.js';
import { deviceTagResource } from './fleet/tag.js';
import { goodsResource } from './fleet/goods.js';
import { machineToolResource } from './fleet/machine-tool.js';
import { buyOrderResource, sellOrderResource } from './fleet/order.js';
import { trafficPlanResource } from './fleet/traffic.js';
import { licenseResource } from './license.js';
import { own } from './own.js';
import type { AuditTable, ResourceDescriptor } from './resource.js';
import { roleResource } from './role.js';
import { shortUrlResource } from './short-url.js';
import { mpReplyResource } from './wechat/mp-reply.js';

type Audited = Pick<ResourceDescriptor, 'title' | 'labels' | 'audit'>;

/**
 * The resources whose writes the operation log shows, in the order its table filter offers them. Each carries its
 * own table, title and labels (`audit`); this list only says which ones are audited.
 */
export const AUDITED: readonly Audited[] = [
  customerResource,
  adminUserResource,
  roleResource,
  configResource,
  goodsResource,
  deviceResource,
  deviceTagResource,
  machineToolResource,
  licenseResource,
  buyOrderResource,
  sellOrderResource,
  debugAudit,
  debugClientResource,
  remoteSessionResource,
  trafficPlanResource,
  versionResource,
  rolloutResource,
  flashBatchResource,
  mpReplyResource,
  shortUrlResource,
];

/** Every audited table with its title and column labels: a resource's own, then the tables written beside it. */
export const AUDIT_TABLES: Readonly<Record<string, AuditTable>> = Object.fromEntries(
  AUDITED.flatMap(({ title, labels, audit }) =>
    audit ? [[audit.table, { title: audit.title ?? title, labels: { ...labels, ...audit.labels } }] as const, ...Object.entries(audit.tables ?? {})] : [],
  ),
);

/** The label of one column of an audited table; '' for a column the catalogue does not know. */
export const fieldComment = (table: string, key: string): string => {
  const labels = own(AUDIT_TABLES, table)?.labels;
  return (labels && own(labels, key)) ?? '';
};

/** The title of an audited table, or its own name for a table the catalogue does not know. */
export const tableTitle = (table: string): string => own(AUDIT_TABLES, table)?.title ?? table;
