import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
  unpaidOrder,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { creditBills, moneyLog, orders, walletAccounts } from '../../db/schema';
import { notificationOf, type PaymentNotification, sandboxPay, sandboxSecret, signSandbox } from './provider';

let ctx: TestContext;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const post = (url: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, ...headers } });
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

/** A buyer with an unpaid order of `priceFen` x 1 (free shipping from ¥800). */
const orderFor = (buyer: Parameters<typeof createBuyer>[1], priceFen = 100000) =>
  unpaidOrder(ctx.app, warehouseId, { buyer, priceFen });

async function addOrder(b: { user: { id: number }; cookie: string }, priceFen = 100000) {
  const g = await createGoods(ctx.app.db, { warehouseId, priceFen });
  const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
  return (await post('/api/order/create', b.cookie, { ids: [line.id] }, { 'idempotency-key': key() })).json()
    .data.id as number;
}

describe('pay by balance', () => {
  it('pays, logs the money, and refuses paying again', async () => {
    const b = await orderFor({ balanceFen: 150000 });
    const res = await post('/api/pay/balance', b.cookie, { order_id: b.orderId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ paid: 1000, balance: 500 });
    expect((await get('/api/user/user_money', b.cookie)).json().data).toEqual({ user_money: 500 });
    const log = (await get('/api/user/user_money_log', b.cookie)).json().data;
    expect(log.list[0]).toMatchObject({ use_type: 2, amount: -1000, balance: 500, order_id: b.orderId });
    const detail = (await get(`/api/order/detail/${b.orderId}`, b.cookie)).json().data;
    expect(detail).toMatchObject({ status: 'awaiting_shipment', payment_method: 'balance', paid: 1000 });
    const again = await post('/api/pay/balance', b.cookie, { order_id: b.orderId });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('订单已支付，请勿重复支付');
    expect((await get('/api/user/user_money', b.cookie)).json().data.user_money).toBe(500);
  });
  it('refuses more than the balance, a cancelled order and another store’s order', async () => {
    const b = await orderFor({ balanceFen: 1000 });
    const res = await post('/api/pay/balance', b.cookie, { order_id: b.orderId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('账户余额不足，请选择其他支付方式');
    const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect(o.status).toBe('pending_payment');
    expect(await ctx.app.db.select().from(moneyLog).where(eq(moneyLog.userId, b.user.id))).toHaveLength(0);
    await post(`/api/order/${b.orderId}/cancel`, b.cookie, {});
    expect((await post('/api/pay/balance', b.cookie, { order_id: b.orderId })).json().message).toBe(
      '订单已取消，不能支付',
    );
    const other = await orderFor({ balanceFen: 1_000_000 });
    expect((await post('/api/pay/balance', other.cookie, { order_id: b.orderId })).statusCode).toBe(404);
  });
});

describe('pay by credit', () => {
  it('checks, pays on credit with a due date, lists bills and repays from the balance', async () => {
    const b = await orderFor({ creditLimitFen: 200000, balanceFen: 200000 });
    const check = (await post('/api/pay/user_credit_check', b.cookie, { order_id: b.orderId })).json().data;
    expect(check).toMatchObject({ amount: 1000, credit_available: 2000, enough: true, term_days: 30 });
    const res = await post('/api/pay/user_credit_create', b.cookie, { order_id: b.orderId });
    expect(res.statusCode).toBe(200);
    const credit = (await get('/api/user/user_credit', b.cookie)).json().data;
    expect(credit).toMatchObject({
      credit_limit: 2000,
      credit_used: 1000,
      credit_available: 1000,
      next_due_amount: 1000,
    });
    expect(credit.next_due_at - Date.now() / 1000).toBeGreaterThan(29 * 86400);
    const bills = (await get('/api/user/user_credit_list?type=1', b.cookie)).json().data;
    expect(bills.list).toHaveLength(1);
    // a second order beyond the available credit is refused
    const second = await addOrder(b, 150000);
    const refused = await post('/api/pay/user_credit_create', b.cookie, { order_id: second });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('账期可用额度不足');
    const repay = await post('/api/pay/user_credit_pay', b.cookie, { bill_ids: [bills.list[0].id] });
    expect(repay.json().data).toEqual({ repaid: 1000, bills: 1 });
    expect((await get('/api/user/user_credit', b.cookie)).json().data.credit_used).toBe(0);
    expect((await get('/api/user/user_money', b.cookie)).json().data.user_money).toBe(1000);
    expect(
      (await post('/api/pay/user_credit_pay', b.cookie, { bill_ids: [bills.list[0].id] })).json().message,
    ).toBe('所选账单已还清');
  });
});

describe('online payment (sandbox)', () => {
  it('QR flow: scan, asynchronous signed notification, status shows paid', async () => {
    const b = await orderFor({});
    const start = (await post('/api/pay/online', b.cookie, { order_id: b.orderId })).json().data;
    expect(start.qr_content).toBe(`/api/pay/sandbox/scan/${start.out_trade_no}`);
    expect(start.amount).toBe(1000);
    expect((await get(`/api/pay/status/${b.orderId}`, b.cookie)).json().data.paid).toBe(false);
    const page = await get(start.qr_content, b.cookie);
    expect(page.body).toContain('确认支付');
    // Its form POST must carry the page's origin for the CSRF check (no-referrer would send null).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const scan = await post(`${start.qr_content}/confirm`, b.cookie, undefined);
    expect(scan.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect(o).toMatchObject({ status: 'awaiting_shipment', paymentMethod: 'online', paidFen: 100000 });
    expect((await get(`/api/pay/status/${b.orderId}`, b.cookie)).json().data).toMatchObject({ paid: true });
  });

  /** An order whose trade the payer paid at the sandbox (its notification not delivered yet). */
  async function paidTrade() {
    const b = await orderFor({});
    const start = (await post('/api/pay/online', b.cookie, { order_id: b.orderId })).json().data;
    const trade = await sandboxPay(ctx.app.db, start.out_trade_no);
    if (!trade) throw new Error('sandbox trade missing');
    return { b, payload: notificationOf(trade), secret: await sandboxSecret(ctx.app.db) };
  }
  const notify = (payload: PaymentNotification, signature: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      payload,
      headers: { 'x-pay-signature': signature },
    });

  it('refuses forged signatures and wrong amounts, handles a replay once', async () => {
    const { b, payload, secret } = await paidTrade();
    const forged = await notify(payload, signSandbox(payload, 'wrong-secret'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('支付通知签名验证失败');
    const cheap = { ...payload, amount_fen: 1 };
    const wrong = await notify(cheap, signSandbox(cheap, secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('支付金额与订单金额不符');
    let [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect(o.status).toBe('pending_payment');
    expect((await notify(payload, signSandbox(payload, secret))).statusCode).toBe(200);
    const replay = await notify(payload, signSandbox(payload, secret));
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe('重复的支付通知，已忽略');
    [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect(o.status).toBe('awaiting_shipment');
  });
  it('the status poll applies a trade the provider reports paid before its notification', async () => {
    const { b } = await paidTrade();
    expect((await get(`/api/pay/status/${b.orderId}`, b.cookie)).json().data).toMatchObject({
      paid: true,
      payment_method: 'online',
    });
  });
  it('needs a login to start, and refuses paid orders', async () => {
    const b = await orderFor({ balanceFen: 200000 });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/pay/online', payload: { order_id: b.orderId } }))
        .statusCode,
    ).toBe(401);
    await post('/api/pay/balance', b.cookie, { order_id: b.orderId });
    expect((await post('/api/pay/online', b.cookie, { order_id: b.orderId })).json().message).toBe(
      '订单已支付，请勿重复支付',
    );
  });
});

describe('wallet reads', () => {
  it('filters the money log and answers for a store without a wallet', async () => {
    const b = await createBuyer(ctx.app.db);
    await ctx.app.db.delete(walletAccounts).where(eq(walletAccounts.userId, b.user.id));
    const cookie = await buyerCookie(ctx.app, b.user.id);
    expect((await get('/api/user/user_money', cookie)).json().data.user_money).toBe(0);
    expect(
      (
        await get('/api/user/user_money_log?use_type=2&start_time=2026-01-01&end_time=2026-12-31', cookie)
      ).json().data.total,
    ).toBe(0);
    expect((await get('/api/user/user_credit', cookie)).json().data.credit_limit).toBe(0);
    expect((await get('/api/user/user_money_log?start_time=bad', cookie)).statusCode).toBe(422);
    expect(await ctx.app.db.select().from(creditBills).where(eq(creditBills.userId, b.user.id))).toHaveLength(
      0,
    );
  });
});
