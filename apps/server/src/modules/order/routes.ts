import {
  afterSaleBody,
  afterSaleView,
  type CheckoutLineView,
  type CheckoutPreview,
  checkoutBody,
  checkoutPreview,
  createdOrder,
  emptyBody,
  envelope,
  idParams,
  orderDetailView,
  orderLineKindLabels,
  orderListQuery,
  orderSummaryView,
  page,
  rebuyResult,
  receiptBody,
  stackingRows,
  toYuan,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { invoiceDefaults } from '../account/profile';
import { afterSaleDetail, requestAfterSale, uploadReceipt } from './after-sales';
import { type Checkout, type CheckoutLine, loadCheckout } from './checkout';
import { listOrders, orderDetail } from './queries';
import { buyAgain, cancelOrder, confirmReceipt, createOrder } from './service';
import { loadOrderSettings } from './settings';

const params = idParams;
const orderPage = { 200: envelope(page(orderSummaryView)) };
const couponId = (v: unknown) =>
  v === undefined || v === '' || v === '0' || v === 0 ? undefined : Number(v);

/** What the line earns: each gift or 换购 goods, as the order will hold it (a line of its own). */
const giftsView = (line: CheckoutLine): CheckoutLineView['gifts'] =>
  line.gifts.map((g) => ({
    kind: g.kind,
    kind_label: orderLineKindLabels[g.kind],
    goods_id: g.goodsId,
    name: g.name,
    spec: g.spec,
    manufacturer: g.manufacturer,
    unit: g.unit,
    ephedrine: g.ephedrine,
    quantity: g.quantity,
    price: toYuan(g.unitPriceFen),
    amount: toYuan(g.unitPriceFen * g.quantity),
  }));

function previewView(
  c: Checkout,
  threshold: number,
  invoice: CheckoutPreview['invoice_defaults'],
): CheckoutPreview {
  const priced = new Map(c.cart.lines.map((l) => [l.id, l]));
  const groups = new Map<number, CheckoutPreview['groups'][number]>();
  for (const line of c.lines) {
    const p = priced.get(line.cartId);
    if (!p) continue;
    const group = groups.get(line.warehouseId) ?? {
      warehouse_id: line.warehouseId,
      warehouse_name: line.warehouseName,
      lines: [],
    };
    group.lines.push({
      cart_id: line.cartId,
      goods_id: line.goodsId,
      name: line.name,
      spec: line.spec,
      manufacturer: line.manufacturer,
      unit: line.unit,
      image: line.image,
      ephedrine: line.ephedrine,
      quantity: line.quantity,
      price: toYuan(p.unitPriceFen),
      amount: toYuan(p.amountFen),
      reduction: toYuan(p.lineReductionFen + p.reductionShareFen),
      payable: toYuan(p.payableFen),
      gifts: giftsView(line),
    });
    groups.set(line.warehouseId, group);
  }
  const t = c.total;
  return {
    groups: [...groups.values()],
    amounts: {
      goods: toYuan(t.goodsFen),
      full_reduction: toYuan(t.fullReductionFen),
      coupon: toYuan(t.couponFen),
      points_used: t.pointsUsed,
      points: toYuan(t.pointsFen),
      shipping: toYuan(t.shippingFeeFen),
      total: toYuan(t.totalFen),
    },
    reductions: [
      { label: '满减优惠', amount: toYuan(t.fullReductionFen) },
      { label: '优惠券', amount: toYuan(t.couponFen) },
      { label: `积分抵扣（${t.pointsUsed}积分）`, amount: toYuan(t.pointsFen) },
    ].filter((r) => r.amount > 0),
    points_balance: c.pointsBalance,
    max_points: c.maxPoints,
    points_per_yuan: c.pointsRule.pointsPerYuan,
    free_shipping_threshold: toYuan(threshold),
    free_shipping_gap: toYuan(c.cart.freeShipping.feeApplies ? c.cart.freeShipping.gapFen : 0),
    no_trans_order_amount: toYuan(c.unshippedOrderFen),
    ephedrine: c.ephedrine,
    invoice_defaults: invoice,
    coupon_split: couponSplit(c),
    stacking: stackingRows(),
  };
}

/** Each line's part of the coupon (the rule's shares, adding up to the coupon exactly). */
function couponSplit(c: Checkout): CheckoutPreview['coupon_split'] {
  const check = c.total.coupon;
  if (!check?.applicable || c.total.couponFen === 0) return [];
  const names = new Map(c.lines.map((l) => [l.cartId, l.name]));
  const priced = new Map(c.cart.lines.map((l) => [l.id, l]));
  return check.lineIds.map((id, i) => {
    const p = priced.get(id);
    return {
      cart_id: Number(id),
      name: names.get(Number(id)) ?? '',
      amount: toYuan(p ? p.amountFen - p.lineReductionFen - p.reductionShareFen : 0),
      share: toYuan(check.sharesFen[i]),
    };
  });
}

/** Verify order, create, my orders, cancel, confirm, buy again, after-sales, receipts. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);

  app.post(
    '/order/preview',
    {
      schema: {
        tags: ['order'],
        summary: 'Verify order: server-priced lines and totals',
        body: checkoutBody,
        response: { 200: envelope(checkoutPreview) },
      },
    },
    async (request) => {
      const b = request.body;
      const config = await loadOrderSettings(app.db);
      const ctx = await request.buyerCtx();
      const [c, invoice] = await Promise.all([
        loadCheckout(ctx, { ids: b.ids, userCouponId: couponId(b.coupon_id), points: b.points }, config),
        invoiceDefaults(ctx),
      ]);
      return ok(previewView(c, config.shipping.thresholdFen, invoice));
    },
  );

  app.post(
    '/order/create',
    {
      schema: {
        tags: ['order'],
        summary: 'Create an order (header Idempotency-Key)',
        body: checkoutBody,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        // 201 when this call created the order, 200 when the same key had created it before.
        response: { 200: envelope(createdOrder), 201: envelope(createdOrder) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (!key || !/^[A-Za-z0-9_-]{8,64}$/.test(key))
        throw fieldError('Idempotency-Key', '缺少或无效的幂等键');
      const b = request.body;
      const result = await createOrder(
        await request.buyerCtx(),
        {
          ids: b.ids,
          userCouponId: couponId(b.coupon_id),
          points: b.points,
          addressId: b.address_id,
          remarks: b.remarks,
          papers: b.papers,
          invoice:
            b.invoice && b.invoice.type > 0
              ? { type: b.invoice.type, title: b.invoice.title, taxNo: b.invoice.tax_no }
              : null,
        },
        key,
      );
      reply.status(result.created ? 201 : 200);
      return ok({ id: result.id, created: result.created });
    },
  );

  app.get(
    '/order/list',
    {
      schema: {
        tags: ['order'],
        summary: 'My orders',
        querystring: orderListQuery,
        response: orderPage,
      },
    },
    async (request) => ok(await listOrders(app.db, request.userId, request.query)),
  );
  app.get(
    '/order/detail/:id',
    {
      schema: {
        tags: ['order'],
        summary: 'Order detail',
        params,
        response: { 200: envelope(orderDetailView) },
      },
    },
    async (request) => ok(await orderDetail(app.db, request.params.id, request.userId)),
  );
  app.post(
    '/order/:id/cancel',
    { schema: { tags: ['order'], summary: 'Cancel an unpaid order', params, response: { 200: emptyBody } } },
    async (request) => {
      await cancelOrder(app.db, request.userId, request.params.id, app.clock.now());
      return ok(null, '订单已取消');
    },
  );
  app.post(
    '/order/:id/confirm',
    { schema: { tags: ['order'], summary: 'Confirm receipt', params, response: { 200: emptyBody } } },
    async (request) => {
      await confirmReceipt(app.db, request.userId, request.params.id, app.clock.now());
      return ok(null, '已确认收货');
    },
  );
  app.post(
    '/order/:id/rebuy',
    { schema: { tags: ['order'], summary: 'Buy again', params, response: { 200: envelope(rebuyResult) } } },
    async (request) => ok(await buyAgain(await request.buyerCtx(), request.params.id), '已加入购物车'),
  );
  app.post(
    '/order/:id/after_sale',
    {
      schema: {
        tags: ['order'],
        summary: 'Request a return or after-sales',
        params,
        body: afterSaleBody,
        response: { 200: envelope(afterSaleView) },
      },
    },
    async (request) =>
      ok(await requestAfterSale(app.db, request.userId, request.params.id, request.body, app.clock.now())),
  );
  app.get(
    '/order/after_sale/:id',
    {
      schema: {
        tags: ['order'],
        summary: 'After-sales request',
        params,
        response: { 200: envelope(afterSaleView) },
      },
    },
    async (request) => ok(await afterSaleDetail(app.db, request.userId, request.params.id)),
  );
  app.get(
    '/order/receipts',
    {
      schema: {
        tags: ['order'],
        summary: 'Ephedrine receipt orders (/hmdd)',
        querystring: orderListQuery,
        response: orderPage,
      },
    },
    async (request) => ok(await listOrders(app.db, request.userId, { ...request.query, ephedrine: true })),
  );
  app.post(
    '/order/:id/receipt',
    {
      schema: {
        tags: ['order'],
        summary: 'Upload the signed receipt',
        params,
        body: receiptBody,
        response: { 200: emptyBody },
      },
    },
    async (request) => {
      await uploadReceipt(app.db, request.userId, request.params.id, request.body.file_id, app.clock.now());
      return ok(null, '回执已提交，请等待审核');
    },
  );
};
