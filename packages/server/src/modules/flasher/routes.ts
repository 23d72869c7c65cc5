import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FLASHER_PATH, flashBatchResource as resource, flashDownloadQuerySchema, flashGatewayId, flasherDownloadPath, idParamSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { flashBatch } from '../../db/schema.js';
import { attachment } from '../../http/attachment.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import { lockRows } from '../../http/resource/writes.js';
import { loadDeviceSecretKey } from '../../mqtt/identity/secret.js';
import { flasherAccounts } from './accounts.js';
import { confirmBatch } from './confirm.js';
import { identitiesFile, takeSecrets } from './download.js';
import { MSG } from './messages.js';
import { type BatchRow, batchDetail, checkCreate, checkDelete, decorateBatches, insertItems, requireVendor } from './rules.js';

/** Every gateway id of a batch row, from its prefix, sequence and digits. */
const gatewayIdsOf = (row: BatchRow) => Array.from({ length: row.count }, (_, i) => flashGatewayId(row.prefix, row.start + i, row.digits));

/**
 * 刷机助手 (/system/box_flasher): the factory's provisioning batches. A batch reserves gateway ids; its one
 * download hands out a fresh secret per identity (CSV or JSON for the flashing tool; the server keeps only the
 * hashes); 确认入库 makes every identity a box in stock. The detail lists the identities with what the boxes
 * reported on their first connection (mqtt/identity). Vendor staff only: a customer's user sees no batch.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  let key: Promise<string> | undefined;
  const accounts = flasherAccounts(() => deps.boxAccounts);
  /** What a request changed on the broker's accounts, done once its answer went out (committed). */
  const afterCommit = new WeakMap<FastifyRequest, () => Promise<void>>();
  typed.addHook('onResponse', async (req, reply) => {
    const work = afterCommit.get(req);
    if (work && reply.statusCode === 200) void work().catch((err: unknown) => req.log.error({ err }, '同步外部 MQTT 账号失败'));
  });

  const def = registerResource(typed, deps, {
    resource,
    table: flashBatch,
    keywords: ['prefix', 'remark'],
    baseWhere: (req) => (req.user.scope === 'all' ? undefined : sql`false`),
    derived: {
      goods_name: sql<string>`coalesce((select g.name from goods g where g.id = flash_batch.goods_id), '')`,
      created_by_name: sql<string>`coalesce((select coalesce(nullif(u.name, ''), u.username) from admin_user u where u.id = flash_batch.created_by), '')`,
    },
    decorate: (rows, ctx) => decorateBatches(rows, ctx.db),
    detail: batchDetail,
    checkWrite: (req, values, _current, tx) => checkCreate(req, values, tx),
    toColumns: (values, req) => ({ ...values, created_by: req.user.id }),
    afterWrite: (_req, row, _current, tx) => insertItems(tx, row),
    checkDelete: async (req, row) => {
      checkDelete(req, row);
      // a downloaded batch's identities have accounts on an external broker
      if (row.state === 'downloaded') {
        const previous = afterCommit.get(req);
        afterCommit.set(req, async () => {
          await previous?.();
          await accounts.deleted(row.id, gatewayIdsOf(row));
        });
      }
    },
    actions: {
      confirm: async (req, [row], _body, tx) => {
        const gatewayIds = await confirmBatch(req, tx, row, clock.now());
        afterCommit.set(req, () => accounts.confirmed(row.id, gatewayIds));
        return ok(null, MSG.confirmed(gatewayIds.length));
      },
    },
  });

  typed.get(
    flasherDownloadPath(':id'),
    {
      config: { access: { menu: FLASHER_PATH, action: 'edit' } },
      schema: {
        tags: [resource.title],
        summary: '下载身份文件 (CSV: gateway_id,secret,goods_code;或 JSON)。只能下载一次, 之后服务端不再保存密钥',
        params: idParamSchema,
        querystring: flashDownloadQuerySchema,
        produces: ['text/csv', 'application/json'],
      },
    },
    async (req, reply) => {
      requireVendor(req);
      const secretKey = await (key ??= loadDeviceSecretKey(db));
      const identities = await req.tx(async (tx) => {
        const [row] = await lockRows(def, req, tx, [req.params.id]);
        return takeSecrets(tx, row, secretKey, clock.now());
      });
      void accounts.downloaded(identities.batch_id, identities.items);
      const { format } = req.query;
      const file = identitiesFile(identities, format);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', attachment(MSG.fileName(identities.batch_id, format)))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
