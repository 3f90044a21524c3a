import { pendingReceipt } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
  operatorCookie,
  setShipping,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { files, messages, shipments, walletAccounts } from '../../db/schema';
import { sweepDeliveredOrders } from './service';

let ctx: TestContext;
let warehouseId: number;
let op: string;
let opName: string;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  // Free shipping from ¥800, else a ¥10 fee: the figures below are computed with these.
  await setShipping(ctx.app.db, 80_000, 1_000);
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  ({ cookie: op, username: opName } = await operatorCookie(ctx.app));
});
afterAll(() => ctx.close());

const post = (url: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, ...headers } });
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
/** The audit rows of one target, newest first. */
const auditOf = async (type: string, id: number) =>
  (await get(`/api/admin/audit?target_type=${type}&target_id=${id}&page_size=100`, op)).json().data.list as {
    action: string;
    operator_name: string;
    before: unknown;
    after: unknown;
  }[];

async function paidOrder(opts: { ephedrine?: boolean; quantity?: number } = {}) {
  const b = await createBuyer(ctx.app.db, { balanceFen: 1_000_000 });
  const cookie = await buyerCookie(ctx.app, b.user.id);
  const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5000, ephedrine: opts.ephedrine });
  const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, opts.quantity ?? 2);
  const id = (
    await post('/api/order/create', cookie, { ids: [line.id] }, { 'idempotency-key': key() })
  ).json().data.id;
  await post('/api/pay/balance', cookie, { order_id: id });
  return { ...b, cookie, id };
}

describe('operator order calls', () => {
  it('need an operator session (a buyer session is not one)', async () => {
    expect((await ctx.app.inject('/api/admin/orders')).statusCode).toBe(401);
    const b = await createBuyer(ctx.app.db);
    expect((await get('/api/admin/orders', await buyerCookie(ctx.app, b.user.id))).statusCode).toBe(401);
  });
  it('ship -> buyer sees tracking -> confirm receipt -> return request -> partial refund to the balance', async () => {
    const b = await paidOrder();
    const list = (await get('/api/admin/orders?status=awaiting_shipment', op)).json().data;
    expect(list.list.some((o: { id: number }) => o.id === b.id)).toBe(true);
    expect(
      (await post(`/api/admin/orders/${b.id}/ship`, op, { carrier: '顺丰速运', tracking_no: 'x' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await post(`/api/admin/orders/${b.id}/ship`, op, { carrier: '顺丰速运', tracking_no: 'SF1234567890' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(`/api/admin/orders/${b.id}/ship`, op, { carrier: '顺丰速运', tracking_no: 'SF1234567890' })
      ).json().message,
    ).toBe('当前订单状态不能发货');
    await post(`/api/admin/orders/${b.id}/tracking`, op, { description: '【杭州转运中心】已发出' });
    // One audit row per write that happened (the refused second ship wrote none).
    expect(await auditOf('order', b.id)).toEqual([
      expect.objectContaining({
        action: 'order.tracking',
        operator_name: opName,
        after: expect.objectContaining({ description: '【杭州转运中心】已发出' }),
      }),
      expect.objectContaining({
        action: 'order.ship',
        before: { status: 'awaiting_shipment' },
        after: {
          status: 'shipped',
          carrier: '顺丰速运',
          tracking_no: 'SF1234567890',
          batches: 1,
          trace_codes: 0,
        },
      }),
    ]);
    let detail = (await get(`/api/order/detail/${b.id}`, b.cookie)).json().data;
    expect(detail.status_label).toBe('待收货');
    expect(detail.shipments[0]).toMatchObject({ carrier: '顺丰速运', tracking_no: 'SF1234567890' });
    expect(detail.shipments[0].events.map((e: { description: string }) => e.description)).toContain(
      '【杭州转运中心】已发出',
    );
    expect((await post(`/api/order/${b.id}/confirm`, b.cookie, {})).statusCode).toBe(200);

    const [photo] = await ctx.app.db
      .insert(files)
      .values({
        storageKey: 'p',
        mime: 'image/jpeg',
        size: 10,
        originalName: 'p.jpg',
        ownerUserId: b.user.id,
      })
      .returning();
    const lineId = detail.lines[0].id;
    const tooMany = await post(`/api/order/${b.id}/after_sale`, b.cookie, {
      kind: 'return',
      reason: '包装破损',
      lines: [{ line_id: lineId, quantity: 3 }],
    });
    expect(tooMany.json().message).toContain('不能超过购买数量2');
    const twice = await post(`/api/order/${b.id}/after_sale`, b.cookie, {
      kind: 'return',
      reason: '包装破损',
      lines: [
        { line_id: lineId, quantity: 2 },
        { line_id: lineId, quantity: 2 },
      ],
    });
    expect([twice.statusCode, twice.json().message]).toEqual([422, '同一商品请只选择一次']);
    const req = await post(`/api/order/${b.id}/after_sale`, b.cookie, {
      kind: 'return',
      reason: '包装破损',
      lines: [{ line_id: lineId, quantity: 1 }],
      photo_ids: [photo.id],
    });
    expect(req.statusCode).toBe(200);
    const requestId = req.json().data.id;
    expect(req.json().data).toMatchObject({ status: 'pending', refund: 50, kind_label: '退货' });
    const pending = (await get('/api/admin/after_sales?status=pending', op)).json().data;
    expect(pending.map((a: { id: number }) => a.id)).toContain(requestId);
    const decided = await post(`/api/admin/after_sales/${requestId}`, op, {
      approve: true,
      note: '同意退货',
    });
    expect(decided.json().data).toMatchObject({ status: 'approved', refund: 50, refund_method: 'balance' });
    expect((await post(`/api/admin/after_sales/${requestId}`, op, { approve: false })).json().message).toBe(
      '该申请已处理',
    );
    expect(await auditOf('after_sale', requestId)).toEqual([
      expect.objectContaining({
        action: 'after_sale.decide',
        before: { status: 'pending', refund: 50 },
        after: { status: 'approved', refund: 50, note: '同意退货' },
      }),
    ]);
    detail = (await get(`/api/order/detail/${b.id}`, b.cookie)).json().data;
    // 1 of 2 units back: the order stays received, marked 部分退款 (issue #30 item 7).
    expect(detail).toMatchObject({ status: 'completed', refunded: 50, refund_mark: '部分退款' });
    expect(detail.payments[0]).toMatchObject({
      provider: 'balance',
      amount: 110,
      refunded: 50,
      status: 'paid',
    });
    expect(detail.history.map((h: { event: string }) => h.event)).toEqual([
      'create',
      'pay',
      'ship',
      'confirm_delivery',
      'request_after_sale',
      'approve_after_sale',
      'partial_refund',
    ]);
    expect((await get('/api/user/user_money', b.cookie)).json().data.user_money).toBe(10000 - 110 + 50);
    expect((await get(`/api/order/after_sale/${requestId}`, b.cookie)).json().data.status).toBe('approved');
  });
  it('refuses an after-sales request, photos of another store and photos that are not images', async () => {
    const b = await paidOrder();
    await post(`/api/admin/orders/${b.id}/ship`, op, { carrier: '中通快递', tracking_no: 'ZT20261122001' });
    const detail = (await get(`/api/order/detail/${b.id}`, b.cookie)).json().data;
    const other = await createBuyer(ctx.app.db);
    const [photo] = await ctx.app.db
      .insert(files)
      .values({
        storageKey: 'q',
        mime: 'image/jpeg',
        size: 10,
        originalName: 'q.jpg',
        ownerUserId: other.user.id,
      })
      .returning();
    const body = {
      kind: 'after_sale',
      reason: '效期不符',
      lines: [{ line_id: detail.lines[0].id, quantity: 1 }],
    };
    expect(
      (await post(`/api/order/${b.id}/after_sale`, b.cookie, { ...body, photo_ids: [photo.id] })).statusCode,
    ).toBe(404);
    // Photos are shown as thumbnails: a PDF of one's own is not a photo.
    const [pdf] = await ctx.app.db
      .insert(files)
      .values({
        storageKey: 'd',
        mime: 'application/pdf',
        size: 10,
        originalName: 'd.pdf',
        ownerUserId: b.user.id,
      })
      .returning();
    const notPhoto = await post(`/api/order/${b.id}/after_sale`, b.cookie, { ...body, photo_ids: [pdf.id] });
    expect(notPhoto.statusCode).toBe(422);
    expect(notPhoto.json().message).toBe('凭证照片仅支持 JPG、PNG、WEBP 图片');
    const id = (await post(`/api/order/${b.id}/after_sale`, b.cookie, body)).json().data.id;
    const refused = await post(`/api/admin/after_sales/${id}`, op, { approve: '0', note: '不符合售后条件' });
    expect(refused.json().data).toMatchObject({ status: 'refused', operator_note: '不符合售后条件' });
    expect((await get(`/api/order/detail/${b.id}`, b.cookie)).json().data.status).toBe('after_sale_refused');
  });
  it('holds an ephedrine order until its receipt is accepted', async () => {
    const b = await paidOrder({ ephedrine: true });
    let detail = (await get(`/api/order/detail/${b.id}`, b.cookie)).json().data;
    expect(detail).toMatchObject({ status: 'awaiting_receipt', receipt_status: 'awaiting_upload' });
    expect(
      (
        await post(`/api/admin/orders/${b.id}/ship`, op, { carrier: '顺丰速运', tracking_no: 'SF1234567891' })
      ).json().message,
    ).toBe('含麻订单须回执审核通过后才能发货');
    const receipts = (await get('/api/order/receipts', b.cookie)).json().data;
    expect(receipts.list.map((o: { id: number }) => o.id)).toEqual([b.id]);
    const [file] = await ctx.app.db
      .insert(files)
      .values({
        storageKey: 'r',
        mime: 'image/jpeg',
        size: 10,
        originalName: 'r.jpg',
        ownerUserId: b.user.id,
      })
      .returning();
    expect((await post(`/api/order/${b.id}/receipt`, b.cookie, { file_id: file.id })).statusCode).toBe(200);
    const pending = (await get('/api/admin/receipts', op)).json().data;
    const waiting = pending.find((o: { id: number }) => o.id === b.id);
    expect(waiting).toMatchObject({ receipt_file_id: file.id, receipt_mime: 'image/jpeg' });
    // Exactly the fields of the contract the console is typed with (no order lines).
    expect(() => z.strictObject(pendingReceipt.shape).parse(waiting)).not.toThrow();
    await post(`/api/admin/orders/${b.id}/receipt`, op, { approve: false, note: '签章不清晰' });
    detail = (await get(`/api/order/detail/${b.id}`, b.cookie)).json().data;
    expect(detail).toMatchObject({
      status: 'awaiting_receipt',
      receipt_status: 'rejected',
      receipt_note: '签章不清晰',
    });
    await post(`/api/order/${b.id}/receipt`, b.cookie, { file_id: file.id });
    await post(`/api/admin/orders/${b.id}/receipt`, op, { approve: true });
    detail = (await get(`/api/order/detail/${b.id}`, b.cookie)).json().data;
    expect(detail).toMatchObject({ status: 'awaiting_shipment', receipt_status: 'accepted' });
    expect((await auditOf('order', b.id)).map((r) => [r.action, r.after])).toEqual([
      ['order.receipt_review', { receipt_status: 'accepted', note: null }],
      ['order.receipt_review', { receipt_status: 'rejected', note: '签章不清晰' }],
    ]);
    expect(
      (await post(`/api/admin/orders/${b.id}/ship`, op, { carrier: '顺丰速运', tracking_no: 'SF1234567891' }))
        .statusCode,
    ).toBe(200);
  });
  it("adjusts a store's credit limit", async () => {
    const b = await createBuyer(ctx.app.db);
    const res = await post(`/api/admin/users/${b.user.id}/credit`, op, {
      credit_limit: '50000',
      term_days: '45',
    });
    expect(res.json().data).toEqual({ credit_limit: 50000, credit_used: 0, term_days: 45 });
    const credit = (await get('/api/user/user_credit', await buyerCookie(ctx.app, b.user.id))).json().data;
    expect(credit).toMatchObject({ credit_limit: 50000, credit_available: 50000, term_days: 45 });
    expect((await post('/api/admin/users/999999/credit', op, { credit_limit: 1 })).statusCode).toBe(404);
    expect((await post(`/api/admin/users/${b.user.id}/credit`, op, { credit_limit: -1 })).statusCode).toBe(
      422,
    );
    // Amounts a fen column cannot hold, or with fractions of a fen, are refused with a message.
    for (const [credit_limit, message] of [
      [99_999_999.99, '授信额度不能超过21474836元'],
      [100.005, '授信额度最多两位小数'],
    ] as const) {
      const refused = await post(`/api/admin/users/${b.user.id}/credit`, op, { credit_limit });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(message);
    }
    const [w] = await ctx.app.db.select().from(walletAccounts).where(eq(walletAccounts.userId, b.user.id));
    expect(w.creditLimitFen).toBe(5_000_000);
    // Only the accepted change is audited, with the values before and after.
    expect(await auditOf('user', b.user.id)).toEqual([
      expect.objectContaining({
        action: 'credit.set_limit',
        before: { credit_limit: 0, term_days: 30 },
        after: { credit_limit: 50000, term_days: 45 },
      }),
    ]);
  });
});

describe('automatic receipt (自动确认收货)', () => {
  it('receives orders shipped more than the configured days ago, once, with the store’s message', async () => {
    const b = await paidOrder();
    const ship = await post(`/api/admin/orders/${b.id}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550001111',
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const fresh = await paidOrder();
    await post(`/api/admin/orders/${fresh.id}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550002222',
    });

    // Nine days on (the default is ten) nothing moves; eleven days on the first is received.
    const day = 86_400_000;
    expect(await sweepDeliveredOrders(ctx.app.db, new Date(Date.now() + 9 * day))).toBe(0);
    await ctx.app.db
      .update(shipments)
      .set({ shippedAt: new Date(Date.now() - 11 * day) })
      .where(eq(shipments.orderId, b.id));
    expect(await sweepDeliveredOrders(ctx.app.db, new Date())).toBe(1);
    expect(await sweepDeliveredOrders(ctx.app.db, new Date())).toBe(0);

    const detail = (await get(`/api/order/detail/${b.id}`, b.cookie)).json().data;
    expect(detail.status).toBe('completed');
    expect(detail.history.find((e: { event: string }) => e.event === 'confirm_delivery')).toMatchObject({
      event: 'confirm_delivery',
      note: '发货10天后系统自动确认收货',
    });
    const notes = await ctx.app.db.select().from(messages).where(eq(messages.userId, b.user.id));
    expect(notes.map((m) => m.title)).toEqual(['订单已发货', '订单已送达']);
    expect(notes[1].link).toBe(`/order/info/${b.id}`);
    expect((await get(`/api/order/detail/${fresh.id}`, fresh.cookie)).json().data.status).toBe('shipped');
  });
});
