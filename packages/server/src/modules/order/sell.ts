import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ORDER_NO_PREFIX,
  SELL_ORDER_COMPANIES_URL,
  SELL_ORDER_PATH,
  companyOptionSchema,
  envelopeSchema,
  idParamSchema,
  sellOrderResource as resource,
} from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { customer, sellOrder, sellOrderLine } from '../../db/schema.js';
import { XLSX_MIME, attachment } from '../../http/attachment.js';
import { companyOptions } from '../../http/company-options.js';
import { refused } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { registerResource } from '../../http/resource/register.js';
import { MSG } from './messages.js';
import { orderNoteXlsx } from './note.js';
import { readOrder } from './read.js';
import { type OrderKind, cancelOrder, orderDerived, orderLines, orderWriteHooks } from './rules.js';
import { orderSheet } from './sheet.js';
import { shipOrder } from './ship.js';

const kind: OrderKind = {
  name: 'sell_order',
  table: sellOrder,
  id: sellOrder.id,
  orderNo: sellOrder.order_no,
  prefix: ORDER_NO_PREFIX.sell,
  line: sellOrderLine,
  lineParent: sellOrderLine.order_id,
  lineId: sellOrderLine.id,
};

/** A 出货单 goes to a customer that exists, never to the vendor itself. */
async function checkCustomer(tx: Tx, customerId: number): Promise<void> {
  const [found] = await tx.select({ is_vendor: customer.is_vendor }).from(customer).where(eq(customer.id, customerId));
  if (!found) throw refused(MSG.customerMissing);
  if (found.is_vendor) throw refused(MSG.sellToVendor);
}

/**
 * 出货管理 (/manager/sell_order): the vendor's staff draft what goes to a customer and confirm it, each serial
 * leaving stock for the customer; the 送货单 is printed from it. A customer's users read the 出货单 of their
 * subtree and print their 送货单, nothing more.
 */
export function sellOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const hooks = orderWriteHooks(kind);

  // the customers a sale may go to, for the form's picker: 出货's users need not hold 客户管理
  typed.get(
    SELL_ORDER_COMPANIES_URL,
    {
      config: { access: { menu: SELL_ORDER_PATH, action: 'query' } },
      schema: {
        tags: [resource.title],
        summary: '可出货的客户 (按名称搜索, 本公司及下级)',
        querystring: z.object({ keywords: z.string().trim().max(100).optional(), limit: z.coerce.number().int().min(1).max(1000).default(100) }),
        response: { 200: envelopeSchema(z.array(companyOptionSchema)) },
      },
    },
    async (req) => ok(await companyOptions(db, req.user, req.query.keywords, req.query.limit)),
  );

  const def = registerResource(typed, deps, {
    resource,
    table: sellOrder,
    scope: 'customer_id',
    keywords: ['order_no', 'remark'],
    derived: {
      ...orderDerived(kind),
      company_name: sql<string | null>`(select c.company_name from customer c where c.id = sell_order.customer_id)`,
    },
    ...hooks,
    async checkWrite(req, values, current, tx) {
      await hooks.checkWrite!(req, values, current, tx);
      if (typeof values.customer_id === 'number') await checkCustomer(tx, values.customer_id);
    },
    lines: orderLines(kind),
    actions: {
      confirm: async (req, [row], _body, tx) => ok(null, MSG.shipped(await shipOrder(req, tx, kind, row, () => clock.now()))),
      cancel: async (req, [row], _body, tx) => {
        await cancelOrder(req, tx, kind, row);
        return ok(null, MSG.cancelled);
      },
    },
    sheet: orderSheet({ key: 'company_name', width: 24 }),
  });

  typed.get(
    `${SELL_ORDER_PATH}/:id/delivery_note`,
    {
      config: { access: { menu: SELL_ORDER_PATH, action: 'query' } },
      schema: { tags: [resource.title], summary: '送货单 (xlsx,可打印:单号、日期、客户、明细、序列号、合计、签收栏)', params: idParamSchema, produces: [XLSX_MIME] },
    },
    async (req, reply) => {
      const order = await readOrder(db, def, req, req.params.id);
      const file = await orderNoteXlsx({
        title: '送货单',
        orderNo: order.order_no,
        orderDate: order.order_date,
        party: { label: '客户', name: order.company_name ?? '' },
        remark: order.remark,
        lines: order.lines ?? [],
        quantity: order.quantity,
        amount: order.amount,
        signatures: ['送货人', '收货人'],
      });
      return reply.header('content-type', XLSX_MIME).header('content-disposition', attachment(`送货单-${order.order_no}.xlsx`)).send(file);
    },
  );
}
