import { beijingToday, TRANSFER_CODE_ALPHABET } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key, makeWarehouse, multipart, operatorCookie, unpaidOrder } from '../../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../../test/helpers';
import {
  auditLog,
  bankTransfers,
  messages,
  moneyLog,
  orderEvents,
  orders,
  payments,
  settings,
  transferRefunds,
} from '../../../db/schema';
import { tinyPng } from '../../account/test-kit';
import { sweepExpiredOrders } from '../../order/service';
import { newTransferCode } from './code';

let ctx: TestContext;
let warehouseId: number;
let finance: string;
let nowMs = Date.parse('2026-11-20T02:00:00Z');
const clock = { now: () => new Date(nowMs) };
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false, clock });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  await ctx.app.db.insert(settings).values({
    key: 'transfer',
    value: {
      account_name: '药采医药科技（杭州）有限公司',
      bank_name: '招商银行杭州分行',
      account_no: '571908765410802',
      bank_code: '308331012345',
      expire_days: 3,
    },
  });
  finance = (await operatorCookie(ctx.app, 'finance')).cookie;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie, 'idempotency-key': key() } });

/** A buyer with an unpaid ¥1000 order who chose 对公转账. */
async function transferOrder() {
  const b = await unpaidOrder(ctx.app, warehouseId);
  const res = await send('POST', '/api/pay/transfer', b.cookie, { order_id: b.orderId });
  expect(res.statusCode).toBe(200);
  return { ...b, transfer: res.json().data };
}

async function uploadReceipt(
  cookie: string,
  orderId: number,
  amount: number,
  transferDate = beijingToday(clock.now()),
) {
  const body = multipart({}, { name: '回单.png', bytes: tinyPng, type: 'image/png' });
  const file = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  expect(file.statusCode).toBe(200);
  return send('POST', `/api/pay/transfer/${orderId}/receipt`, cookie, {
    file_id: file.json().data.id,
    payer_name: '杭州测试大药房有限公司',
    amount,
    transfer_date: transferDate,
  });
}

const pendingReceiptOf = async (orderId: number) => {
  const list = (await send('GET', '/api/admin/transfers?state=pending', finance)).json().data.list;
  return list.find((r: { order_id: number }) => r.order_id === orderId);
};
const orderRow = async (id: number) => (await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0];
const messagesOf = (userId: number) => ctx.app.db.select().from(messages).where(eq(messages.userId, userId));

describe('the buyer chooses 对公转账', () => {
  it('gets a unique 汇款识别码, the account and amount, and the order waits 3 days (once)', async () => {
    const b = await unpaidOrder(ctx.app, warehouseId);
    const before = await orderRow(b.orderId);
    const channels = (await send('GET', '/api/pay/channels', b.cookie)).json().data;
    expect(channels.transfer).toBe(true);
    const first = (await send('POST', '/api/pay/transfer', b.cookie, { order_id: b.orderId })).json().data;
    expect(first.code).toMatch(new RegExp(`^[${TRANSFER_CODE_ALPHABET}]{6}$`));
    expect(first.code).not.toMatch(/[01OIL]/);
    expect(first).toMatchObject({
      amount: 1000,
      remaining: 1000,
      received: 0,
      account: { account_name: '药采医药科技（杭州）有限公司', account_no: '571908765410802' },
      awaiting_confirmation: false,
    });
    expect(first.expires_at).toBe(Math.floor((nowMs + 3 * DAY) / 1000));
    expect((await orderRow(b.orderId)).expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime());
    // Choosing again: the same code, no second extension.
    nowMs += 60_000;
    const again = (await send('POST', '/api/pay/transfer', b.cookie, { order_id: b.orderId })).json().data;
    expect(again).toMatchObject({ code: first.code, expires_at: first.expires_at });
    const extended = await ctx.app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, b.orderId), eq(orderEvents.event, 'extend_expiry')));
    expect(extended).toHaveLength(1);
    expect(extended[0].note).toContain(first.code);
    // Codes differ between orders, and another buyer's order is a 404.
    const other = await transferOrder();
    expect(other.transfer.code).not.toBe(first.code);
    expect((await send('GET', `/api/pay/transfer/${b.orderId}`, other.cookie)).statusCode).toBe(404);
    expect((await send('POST', '/api/pay/transfer', other.cookie, { order_id: b.orderId })).statusCode).toBe(
      404,
    );
    expect((await uploadReceipt(other.cookie, b.orderId, 1000)).statusCode).toBe(404);
  });

  it('draws again when a code is taken (the database keeps them unique)', async () => {
    const codes = new Set(Array.from({ length: 2000 }, newTransferCode));
    expect(codes.size).toBeGreaterThan(1990);
    const a = await transferOrder();
    const clash = ctx.app.db
      .insert(bankTransfers)
      .values({ orderId: a.orderId + 100000, userId: a.user.id, code: a.transfer.code });
    await expect(clash).rejects.toThrow();
  });
});

describe('财务 confirms a transfer', () => {
  it('exact amount: the order is paid through markOrderPaid with a transfer payment, audited, messaged', async () => {
    const b = await transferOrder();
    // A transfer dated after today is a typing slip.
    const future = await uploadReceipt(b.cookie, b.orderId, 1000, '2099-01-01');
    expect(future.statusCode).toBe(422);
    expect(JSON.stringify(future.json())).toContain('转账日期不能晚于今天');
    const up = await uploadReceipt(b.cookie, b.orderId, 1000);
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ awaiting_confirmation: true });
    expect(up.json().data.receipts[0]).toMatchObject({ state: 'pending', state_name: '待确认' });
    // A second receipt while one waits is refused.
    expect((await uploadReceipt(b.cookie, b.orderId, 1000)).json().message).toBe(
      '已有回单等待财务确认，请勿重复提交',
    );
    const receipt = await pendingReceiptOf(b.orderId);
    expect(receipt).toMatchObject({ code: b.transfer.code, expected: 1000, order_total: 1000, amount: 1000 });
    const detail = (await send('GET', `/api/admin/transfers/${receipt.id}`, finance)).json().data;
    expect(detail.receipt_mime).toBe('image/png');
    // finance may read the receipt file.
    expect((await send('GET', `/api/files/${receipt.file_id}`, finance)).statusCode).toBe(200);
    const res = await send('POST', `/api/admin/transfers/${receipt.id}/confirm`, finance, { received: 1000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'confirmed', received: 1000 });
    const o = await orderRow(b.orderId);
    expect(o).toMatchObject({ status: 'awaiting_shipment', paymentMethod: 'transfer', paidFen: 100000 });
    const pays = await ctx.app.db.select().from(payments).where(eq(payments.orderId, b.orderId));
    expect(pays).toEqual([
      expect.objectContaining({ provider: 'transfer', status: 'paid', amountFen: 100000 }),
    ]);
    const audits = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'transfer.confirm'));
    expect(audits.some((a) => a.targetId === String(b.orderId))).toBe(true);
    expect((await messagesOf(b.user.id)).map((m) => m.title)).toContain('对公转账已确认');
    // Deciding again is a conflict.
    const again = await send('POST', `/api/admin/transfers/${receipt.id}/confirm`, finance, {
      received: 1000,
    });
    expect(again.statusCode).toBe(409);
  });

  it('partial: recorded as partial, the order stays unpaid with the remaining amount, then the rest pays it', async () => {
    const b = await transferOrder();
    await uploadReceipt(b.cookie, b.orderId, 600);
    const receipt = await pendingReceiptOf(b.orderId);
    // Less than due without saying partial: a field message, nothing recorded.
    const unsaid = await send('POST', `/api/admin/transfers/${receipt.id}/confirm`, finance, {
      received: 600,
    });
    expect(unsaid.statusCode).toBe(422);
    expect(JSON.stringify(unsaid.json())).toContain('部分到账');
    const res = await send('POST', `/api/admin/transfers/${receipt.id}/confirm`, finance, {
      received: 600,
      partial: true,
    });
    expect(res.json().data).toMatchObject({ state: 'partial', received: 600 });
    expect((await orderRow(b.orderId)).status).toBe('pending_payment');
    const mine = (await send('GET', `/api/pay/transfer/${b.orderId}`, b.cookie)).json().data;
    expect(mine).toMatchObject({ received: 600, remaining: 400, awaiting_confirmation: false });
    expect((await messagesOf(b.user.id)).find((m) => m.title === '对公转账部分到账')?.body).toContain(
      '400.00元',
    );
    // Money arrived: it cannot be paid another way, and expiry passes it by.
    expect((await send('POST', '/api/pay/balance', b.cookie, { order_id: b.orderId })).json().message).toBe(
      '该订单已有对公转账部分到账，请继续转账支付剩余金额',
    );
    nowMs += 4 * DAY;
    await sweepExpiredOrders(ctx.app.db, clock.now());
    expect((await orderRow(b.orderId)).status).toBe('pending_payment');
    await uploadReceipt(b.cookie, b.orderId, 400);
    const rest = await pendingReceiptOf(b.orderId);
    expect(rest).toMatchObject({ expected: 400, received_before: 600 });
    await send('POST', `/api/admin/transfers/${rest.id}/confirm`, finance, { received: 400 });
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'awaiting_shipment', paidFen: 100000 });
  });

  it('over-payment: pays the order, the excess a 财务 refund to-do; or the wallet when chosen', async () => {
    const b = await transferOrder();
    await uploadReceipt(b.cookie, b.orderId, 1050);
    const receipt = await pendingReceiptOf(b.orderId);
    const unsaid = await send('POST', `/api/admin/transfers/${receipt.id}/confirm`, finance, {
      received: 1050,
    });
    expect(unsaid.statusCode).toBe(422);
    const res = await send('POST', `/api/admin/transfers/${receipt.id}/confirm`, finance, {
      received: 1050,
      excess: 'refund',
    });
    expect(res.json().data).toMatchObject({ state: 'confirmed', excess: 50, excess_to: 'refund' });
    expect((await orderRow(b.orderId)).status).toBe('awaiting_shipment');
    const todos = await ctx.app.db
      .select()
      .from(transferRefunds)
      .where(eq(transferRefunds.orderId, b.orderId));
    expect(todos).toEqual([expect.objectContaining({ kind: 'excess', amountFen: 5000, status: 'pending' })]);
    expect(await ctx.app.db.select().from(moneyLog).where(eq(moneyLog.userId, b.user.id))).toHaveLength(0);

    const w = await transferOrder();
    await uploadReceipt(w.cookie, w.orderId, 1020);
    const r2 = await pendingReceiptOf(w.orderId);
    await send('POST', `/api/admin/transfers/${r2.id}/confirm`, finance, {
      received: 1020,
      excess: 'wallet',
    });
    const log = await ctx.app.db.select().from(moneyLog).where(eq(moneyLog.userId, w.user.id));
    expect(log).toEqual([expect.objectContaining({ changeFen: 2000 })]);
    expect(
      await ctx.app.db.select().from(transferRefunds).where(eq(transferRefunds.orderId, w.orderId)),
    ).toEqual([]);
  });

  it('sends a receipt back with a reason: the buyer is told and may upload again', async () => {
    const b = await transferOrder();
    await uploadReceipt(b.cookie, b.orderId, 1000);
    const receipt = await pendingReceiptOf(b.orderId);
    const noReason = await send('POST', `/api/admin/transfers/${receipt.id}/reject`, finance, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    const res = await send('POST', `/api/admin/transfers/${receipt.id}/reject`, finance, {
      reason: '回单金额与到账不符，未查到该笔转账',
    });
    expect(res.json().data).toMatchObject({
      state: 'rejected',
      reason: '回单金额与到账不符，未查到该笔转账',
    });
    const msg = (await messagesOf(b.user.id)).find((m) => m.title === '银行回单被退回');
    expect(msg?.body).toContain('未查到该笔转账');
    expect((await orderRow(b.orderId)).status).toBe('pending_payment');
    expect((await uploadReceipt(b.cookie, b.orderId, 1000)).statusCode).toBe(200);
    const audits = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'transfer.reject'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('the expiry sweep passes by an order whose receipt waits; a cancel is refused meanwhile', async () => {
    const b = await transferOrder();
    await uploadReceipt(b.cookie, b.orderId, 1000);
    nowMs += 5 * DAY;
    await sweepExpiredOrders(ctx.app.db, clock.now());
    expect((await orderRow(b.orderId)).status).toBe('pending_payment');
    const cancel = await send('POST', `/api/order/${b.orderId}/cancel`, b.cookie, {});
    expect(cancel.statusCode).toBe(400);
    // An order that only chose transfer (no receipt) expires as usual.
    const idle = await transferOrder();
    nowMs += 4 * DAY;
    await sweepExpiredOrders(ctx.app.db, clock.now());
    expect((await orderRow(idle.orderId)).status).toBe('cancelled');
  });

  it('an operator without the permission gets 403; a buyer cannot reach the console', async () => {
    const b = await transferOrder();
    await uploadReceipt(b.cookie, b.orderId, 1000);
    const receipt = await pendingReceiptOf(b.orderId);
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    for (const [method, url] of [
      ['GET', '/api/admin/transfers'],
      ['GET', `/api/admin/transfers/${receipt.id}`],
      ['POST', `/api/admin/transfers/${receipt.id}/confirm`],
      ['POST', `/api/admin/transfers/${receipt.id}/reject`],
      ['GET', '/api/admin/refund-todos'],
    ] as const) {
      const res = await send(method, url, warehouse, method === 'POST' ? { received: 1000 } : undefined);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await send('GET', '/api/admin/transfers', b.cookie)).statusCode).toBe(401);
    expect((await pendingReceiptOf(b.orderId)).state).toBe('pending');
  });
});

describe('refunds of a transfer-paid order', () => {
  it('an after-sales refund is a 财务 to-do (退款处理中) until 财务 records the outgoing transfer', async () => {
    const b = await transferOrder();
    await uploadReceipt(b.cookie, b.orderId, 1000);
    const receipt = await pendingReceiptOf(b.orderId);
    await send('POST', `/api/admin/transfers/${receipt.id}/confirm`, finance, { received: 1000 });
    const ops = (await operatorCookie(ctx.app, 'super_admin')).cookie;
    const detailRes = await send('GET', `/api/order/detail/${b.orderId}`, b.cookie);
    expect(detailRes.statusCode, detailRes.body).toBe(200);
    const detail = detailRes.json().data;
    const ship = await send('POST', `/api/admin/orders/${b.orderId}/ship`, ops, {
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const apply = await send('POST', `/api/order/${b.orderId}/after_sale`, b.cookie, {
      kind: 'after_sale',
      reason: '包装破损',
      lines: [{ line_id: detail.lines[0].id, quantity: 1 }],
      photo_ids: [],
    });
    expect(apply.statusCode, apply.body).toBeLessThan(300);
    const afterSaleId = apply.json().data.id;
    const approve = await send('POST', `/api/admin/after_sales/${afterSaleId}`, ops, {
      approve: true,
      refund: 100,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const view = (await send('GET', `/api/order/after_sale/${afterSaleId}`, b.cookie)).json().data;
    expect(view).toMatchObject({ refund_method: 'transfer', refund_pending: true });
    const todos = (await send('GET', '/api/admin/refund-todos', finance)).json().data;
    const todo = todos.transfer.find((t: { order_id: number }) => t.order_id === b.orderId);
    expect(todo).toMatchObject({
      amount: 100,
      kind: 'after_sales',
      status: 'pending',
      payee_name: '杭州测试大药房有限公司',
    });
    const bad = await send('POST', `/api/admin/refund-todos/transfer/${todo.id}/record`, finance, {
      bank_ref: '',
      paid_on: '2026-13-01',
    });
    expect(bad.statusCode).toBe(422);
    const rec = await send('POST', `/api/admin/refund-todos/transfer/${todo.id}/record`, finance, {
      bank_ref: 'CMB20261125001',
      paid_on: '2026-11-25',
    });
    expect(rec.statusCode).toBe(200);
    expect(
      (await send('GET', `/api/order/after_sale/${afterSaleId}`, b.cookie)).json().data.refund_pending,
    ).toBe(false);
    expect((await messagesOf(b.user.id)).map((m) => m.title)).toContain('退款已转出');
    expect(
      (
        await send('POST', `/api/admin/refund-todos/transfer/${todo.id}/record`, finance, {
          bank_ref: 'CMB20261125001',
          paid_on: '2026-11-25',
        })
      ).statusCode,
    ).toBe(409);
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'transfer_refund.record'));
    expect(audits).toHaveLength(1);
  });

  it('a cancel after a partial payment sends what arrived back through 财务', async () => {
    const b = await transferOrder();
    await uploadReceipt(b.cookie, b.orderId, 300);
    const receipt = await pendingReceiptOf(b.orderId);
    await send('POST', `/api/admin/transfers/${receipt.id}/confirm`, finance, {
      received: 300,
      partial: true,
    });
    expect((await send('POST', `/api/order/${b.orderId}/cancel`, b.cookie, {})).statusCode).toBe(200);
    const todos = await ctx.app.db
      .select()
      .from(transferRefunds)
      .where(eq(transferRefunds.orderId, b.orderId));
    expect(todos).toEqual([expect.objectContaining({ kind: 'cancelled', amountFen: 30000 })]);
  });
});

describe.runIf(testDbKind === 'postgres')('concurrency on PostgreSQL', () => {
  it('two 财务 confirming the same receipt at once pay the order once', async () => {
    const b = await transferOrder();
    await uploadReceipt(b.cookie, b.orderId, 1000);
    const receipt = await pendingReceiptOf(b.orderId);
    const other = (await operatorCookie(ctx.app, 'finance')).cookie;
    const answers = await Promise.all(
      [finance, other, finance, other].map((c) =>
        send('POST', `/api/admin/transfers/${receipt.id}/confirm`, c, { received: 1000 }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const pays = await ctx.app.db.select().from(payments).where(eq(payments.orderId, b.orderId));
    expect(pays).toHaveLength(1);
    const paidEvents = await ctx.app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, b.orderId), eq(orderEvents.event, 'pay')));
    expect(paidEvents).toHaveLength(1);
  });
});
