import {
  afterSaleView as afterSaleSchema,
  creditLimitBody,
  creditView,
  decisionBody,
  emptyBody,
  envelope,
  fromYuan,
  idParams,
  orderDetailView,
  orderSummaryView,
  page,
  pageNumber,
  pendingReceipt,
  shipBody,
  shipResult,
  toYuan,
  trackingBody,
  truthy,
} from '@yaocai/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterSales, orders } from '../../db/schema/order';
import { notFound } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { fileMimesOf } from '../account/briefs';
import { storeUserExists } from '../account/store-users';
import { setCreditLimit } from '../wallet/service';
import { addTracking, decideAfterSale, reviewReceipt, shipOrder } from './after-sales';
import { afterSaleView, listOrders, orderDetail, orderSummary } from './queries';
import { sendShippedSms } from './ship-notice';

const params = idParams;

/** Operator calls: orders, shipping, after-sales, ephedrine receipts, credit limits. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission;

  app.get(
    '/admin/orders',
    {
      preValidation: guard('orders:read'),
      schema: {
        tags: ['admin'],
        summary: 'All orders',
        querystring: z.object({
          status: z.string().max(30).optional(),
          keyword: z.string().max(50).optional(),
          page: pageNumber,
          page_size: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: envelope(page(orderSummaryView)) },
      },
    },
    async (request) => ok(await listOrders(app.db, null, request.query)),
  );
  app.get(
    '/admin/orders/:id',
    {
      preValidation: guard('orders:read'),
      schema: {
        tags: ['admin'],
        summary: 'Order detail',
        params,
        response: { 200: envelope(orderDetailView) },
      },
    },
    async (request) => ok(await orderDetail(app.db, request.params.id, null)),
  );
  app.post(
    '/admin/orders/:id/ship',
    {
      preValidation: guard('orders:ship'),
      schema: {
        tags: ['admin'],
        summary: 'Ship an order',
        params,
        body: shipBody,
        response: { 200: envelope(shipResult) },
      },
    },
    async (request) => {
      const ctx = await request.operatorCtx();
      const shipped = await shipOrder(
        ctx,
        request.params.id,
        request.body.carrier,
        request.body.tracking_no,
        request.body.trace_codes,
      );
      const { carrier, tracking_no } = request.body;
      await sendShippedSms(app, request.log, request.params.id, carrier, tracking_no);
      return ok(shipped, '已发货');
    },
  );
  app.post(
    '/admin/orders/:id/tracking',
    {
      preValidation: guard('orders:ship'),
      schema: {
        tags: ['admin'],
        summary: 'Add a tracking event',
        params,
        body: trackingBody,
        response: { 200: emptyBody },
      },
    },
    async (request) => {
      await addTracking(await request.operatorCtx(), request.params.id, request.body.description);
      return ok(null);
    },
  );
  app.post(
    '/admin/orders/:id/receipt',
    {
      preValidation: guard('receipts:review'),
      schema: {
        tags: ['admin'],
        summary: 'Accept or reject an ephedrine receipt',
        params,
        body: decisionBody,
        response: { 200: emptyBody },
      },
    },
    async (request) => {
      await reviewReceipt(
        await request.operatorCtx(),
        request.params.id,
        truthy(request.body.approve),
        request.body.note,
      );
      return ok(null);
    },
  );
  app.get(
    '/admin/receipts',
    {
      preValidation: guard('receipts:review'),
      schema: {
        tags: ['admin'],
        summary: 'Receipts waiting for review',
        response: { 200: envelope(z.array(pendingReceipt)) },
      },
    },
    async () => {
      const rows = await app.db
        .select()
        .from(orders)
        .where(eq(orders.receiptStatus, 'pending'))
        .orderBy(asc(orders.updatedAt));
      const mimes = await fileMimesOf(
        app.db,
        rows.flatMap((o) => (o.receiptFileId ? [o.receiptFileId] : [])),
      );
      return ok(
        rows.map((o) => ({
          ...orderSummary(o),
          receipt_file_id: o.receiptFileId,
          receipt_mime: mimes.get(o.receiptFileId ?? 0) ?? null,
        })),
      );
    },
  );
  app.get(
    '/admin/after_sales',
    {
      preValidation: guard('after_sales:write'),
      schema: {
        tags: ['admin'],
        summary: 'After-sales requests',
        querystring: z.object({ status: z.enum(['pending', 'approved', 'refused']).optional() }),
        response: { 200: envelope(z.array(afterSaleSchema)) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({ a: afterSales, orderNo: orders.orderNo })
        .from(afterSales)
        .innerJoin(orders, eq(orders.id, afterSales.orderId))
        .where(request.query.status ? eq(afterSales.status, request.query.status) : undefined)
        .orderBy(desc(afterSales.id))
        .limit(200);
      return ok(rows.map((r) => ({ ...afterSaleView(r.a), order_no: r.orderNo })));
    },
  );
  app.post(
    '/admin/after_sales/:id',
    {
      preValidation: guard('after_sales:write'),
      schema: {
        tags: ['admin'],
        summary: 'Accept (refund) or refuse',
        params,
        body: decisionBody,
        response: { 200: envelope(afterSaleSchema) },
      },
    },
    async (request) =>
      ok(
        await decideAfterSale(
          await request.operatorCtx(),
          request.params.id,
          truthy(request.body.approve),
          request.body.note,
          request.body.refund,
        ),
      ),
  );
  app.post(
    '/admin/users/:id/credit',
    {
      preValidation: guard('credit:write'),
      schema: {
        tags: ['admin'],
        summary: "Adjust a store's credit limit",
        params,
        body: creditLimitBody,
        response: { 200: envelope(creditView) },
      },
    },
    async (request) => {
      if (!(await storeUserExists(app.db, request.params.id))) throw notFound('用户不存在');
      const w = await setCreditLimit(
        await request.operatorCtx(),
        request.params.id,
        fromYuan(request.body.credit_limit.toFixed(2)),
        request.body.term_days,
      );
      return ok({
        credit_limit: toYuan(w.creditLimitFen),
        credit_used: toYuan(w.creditUsedFen),
        term_days: w.creditTermDays,
      });
    },
  );
};
