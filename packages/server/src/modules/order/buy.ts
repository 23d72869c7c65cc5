import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BUY_ORDER_PATH, type BoxIdentity, ORDER_NO_PREFIX, buyOrderResource as resource, idParamSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { buyOrder, buyOrderLine } from '../../db/schema.js';
import { XLSX_MIME, attachment } from '../../http/attachment.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import { lockRows } from '../../http/resource/writes.js';
import { xlsxBuffer } from '../../jobs/xlsx.js';
import { loadDeviceSecretKey } from '../../mqtt/identity/secret.js';
import { MSG } from './messages.js';
import { orderNoteXlsx } from './note.js';
import { readOrder } from './read.js';
import { identityContext, receiveOrder, takeIdentities } from './receive.js';
import { type OrderKind, cancelOrder, orderDerived, orderLines, orderWriteHooks, requireVendor } from './rules.js';
import { loadIdentityKey, unseal } from './seal.js';
import { orderSheet } from './sheet.js';

const kind: OrderKind = {
  name: 'buy_order',
  table: buyOrder,
  id: buyOrder.id,
  orderNo: buyOrder.order_no,
  prefix: ORDER_NO_PREFIX.buy,
  line: buyOrderLine,
  lineParent: buyOrderLine.order_id,
  lineId: buyOrderLine.id,
};

const IDENTITY_COLUMNS = [
  { title: '设备ID', width: 24 },
  { title: '密钥', width: 32 },
  { title: '设备类型', width: 24 },
];

/**
 * 进货管理 (/manager/buy_order): the vendor's staff draft what a supplier delivers and confirm it, each serial
 * becoming a box in stock; the new boxes' identities are downloaded once, and the 入库单 printed. A customer's
 * users see no 进货单 at all.
 */
export async function buyOrderRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const keys = { deviceKey: await loadDeviceSecretKey(db), identityKey: await loadIdentityKey(db), now: () => clock.now(), accounts: () => deps.boxAccounts };

  const def = registerResource(typed, deps, {
    resource,
    table: buyOrder,
    keywords: ['order_no', 'supplier', 'remark'],
    baseWhere: (req) => (req.user.scope === 'all' ? undefined : sql`false`),
    derived: {
      ...orderDerived(kind),
      identities_ready: sql<boolean>`exists (select 1 from buy_order_identity i where i.order_id = buy_order.id)`,
    },
    ...orderWriteHooks(kind),
    lines: orderLines(kind),
    actions: {
      confirm: async (req, [row], _body, tx) => ok(null, MSG.received(await receiveOrder(req, tx, kind, row, keys))),
      cancel: async (req, [row], _body, tx) => {
        await cancelOrder(req, tx, kind, row);
        return ok(null, MSG.cancelled);
      },
    },
    sheet: orderSheet({ key: 'supplier', width: 24 }),
  });

  typed.get(
    `${BUY_ORDER_PATH}/:id/identities`,
    {
      config: { access: { menu: BUY_ORDER_PATH, action: 'edit' } },
      schema: {
        tags: [resource.title],
        summary: '下载新设备的身份 (xlsx: 设备ID、密钥、设备类型;确认后只能下载一次,之后密钥不再保存)',
        params: idParamSchema,
        produces: [XLSX_MIME],
      },
    },
    async (req, reply) => {
      requireVendor(req);
      // opened and written inside the transaction that takes them: a failure keeps them for another try
      const { orderNo, file } = await req.tx(async (tx) => {
        const [row] = await lockRows(def, req, tx, [req.params.id]);
        const sealed = await takeIdentities(tx, row);
        const identities = JSON.parse(unseal(keys.identityKey, sealed, identityContext(row.id))) as BoxIdentity[];
        const rows = identities.map((i) => [i.gateway_id, i.secret, i.goods_name]);
        return { orderNo: row.order_no, file: await xlsxBuffer('设备身份', IDENTITY_COLUMNS, rows) };
      });
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', attachment(`设备身份-${orderNo}.xlsx`))
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  typed.get(
    `${BUY_ORDER_PATH}/:id/receipt_note`,
    {
      config: { access: { menu: BUY_ORDER_PATH, action: 'query' } },
      schema: { tags: [resource.title], summary: '入库单 (xlsx,可打印)', params: idParamSchema, produces: [XLSX_MIME] },
    },
    async (req, reply) => {
      const order = await readOrder(db, def, req, req.params.id);
      const file = await orderNoteXlsx({
        title: '入库单',
        orderNo: order.order_no,
        orderDate: order.order_date,
        party: { label: '供应商', name: order.supplier },
        remark: order.remark,
        lines: order.lines ?? [],
        quantity: order.quantity,
        amount: order.amount,
        signatures: ['交货人', '验收人'],
      });
      return reply.header('content-type', XLSX_MIME).header('content-disposition', attachment(`入库单-${order.order_no}.xlsx`)).send(file);
    },
  );
}
