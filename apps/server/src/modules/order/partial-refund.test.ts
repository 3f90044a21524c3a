import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createCoupon,
  createGoods,
  key,
  makeWarehouse,
  operatorCookie,
  setShipping,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { creditBills, moneyLog, sandboxTrades, walletAccounts } from '../../db/schema';
import { sandboxPay } from '../payment/provider';

// Issue #30 item 7: a partial return refunds only its lines' paid amounts (no shipping share),
// leaves the order in its state with a 部分退款 mark and records the refunded part on the payment.

let ctx: TestContext;
let warehouseId: number;
let op: string;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  // Free shipping from ¥800, else ¥10: every order below pays the fee.
  await setShipping(ctx.app.db, 80_000, 1_000);
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  ({ cookie: op } = await operatorCookie(ctx.app));
});
afterAll(() => ctx.close());

const post = (url: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, ...headers } });
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const balanceOf = async (userId: number) =>
  (await ctx.app.db.select().from(walletAccounts).where(eq(walletAccounts.userId, userId)))[0].balanceFen;

type Pay = 'balance' | 'credit' | 'online';

/**
 * Three lines (¥10.00 x 12, ¥25.00 x 2, ¥9.99 x 3 = ¥199.97), a 满100减20 coupon and ¥10 shipping:
 * ¥189.97 paid, shipped and received. The coupon's ¥20 over the lines by the largest remainder:
 * ¥12.00, ¥5.00, ¥3.00 (2.9974 takes the fen left over), so the lines paid ¥108.00, ¥45.00, ¥26.97.
 */
async function receivedOrder(pay: Pay = 'balance') {
  const b = await createBuyer(ctx.app.db, { balanceFen: 1_000_000, creditLimitFen: 1_000_000 });
  const cookie = await buyerCookie(ctx.app, b.user.id);
  const cart = [];
  for (const [priceFen, quantity] of [
    [1_000, 12],
    [2_500, 2],
    [999, 3],
  ]) {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen });
    cart.push((await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, quantity)).id);
  }
  const { userCoupons } = await createCoupon(ctx.app.db, [b.user.id], {
    name: '满100减20',
    amountFen: 2_000,
  });
  const created = await post(
    '/api/order/create',
    cookie,
    { ids: cart, coupon_id: userCoupons[0].id },
    { 'idempotency-key': key() },
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  if (pay === 'online') {
    const start = (await post('/api/pay/online', cookie, { order_id: id })).json().data;
    await sandboxPay(ctx.app.db, start.out_trade_no);
    expect((await get(`/api/pay/status/${id}`, cookie)).json().data.paid).toBe(true);
  } else {
    const paid = await post(pay === 'balance' ? '/api/pay/balance' : '/api/pay/user_credit_create', cookie, {
      order_id: id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  expect(
    (await post(`/api/admin/orders/${id}/ship`, op, { carrier: '顺丰速运', tracking_no: 'SF1234567890' }))
      .statusCode,
  ).toBe(200);
  expect((await post(`/api/order/${id}/confirm`, cookie, {})).statusCode).toBe(200);
  const detail = (await get(`/api/order/detail/${id}`, cookie)).json().data;
  expect(detail).toMatchObject({ total: 189.97, coupon_amount: 20, shipping_fee: 10, paid: 189.97 });
  const lines = detail.lines.map((l: { id: number }) => l.id) as number[];
  return { ...b, cookie, id, lines };
}

const ask = (o: { id: number; cookie: string }, lines: [number, number][]) =>
  post(`/api/order/${o.id}/after_sale`, o.cookie, {
    kind: 'return',
    reason: '外包装破损',
    lines: lines.map(([line_id, quantity]) => ({ line_id, quantity })),
  });

describe('partial after-sales refunds', () => {
  it('returns 2 of 12, then the rest: paid shares only, 部分退款 then 已退款, the payment keeps count', async () => {
    const o = await receivedOrder();
    const before = await balanceOf(o.user.id);

    const first = await ask(o, [[o.lines[0], 2]]);
    expect(first.statusCode, first.body).toBe(200);
    // ¥108.00 x 2/12, not the order's ¥189.97 x 2/12 (¥31.66) nor the line's ¥120 before its coupon share.
    expect(first.json().data).toMatchObject({ status: 'pending', refund: 18 });
    const approved = await post(`/api/admin/after_sales/${first.json().data.id}`, op, { approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', refund: 18, refund_method: 'balance' });

    let detail = (await get(`/api/order/detail/${o.id}`, o.cookie)).json().data;
    expect(detail).toMatchObject({
      status: 'completed',
      status_label: '已完成',
      refund_mark: '部分退款',
      refunded: 18,
    });
    expect(detail.payments).toEqual([
      expect.objectContaining({ amount: 189.97, refunded: 18, status: 'paid' }),
    ]);
    expect(detail.history.at(-1)).toMatchObject({
      event: 'partial_refund',
      label: '部分退款',
      to: 'completed',
    });
    expect(await balanceOf(o.user.id)).toBe(before + 1_800);
    const refunds = await ctx.app.db
      .select()
      .from(moneyLog)
      .where(and(eq(moneyLog.userId, o.user.id), eq(moneyLog.useType, 3)));
    expect(refunds.map((r) => r.changeFen)).toEqual([1_800]);
    // The buyer's list and the console's list carry the mark too.
    const mine = (await get('/api/order/list?tab=completed', o.cookie)).json().data.list;
    expect(mine.find((x: { id: number }) => x.id === o.id)).toMatchObject({ refund_mark: '部分退款' });
    const console = (await get('/api/admin/orders?status=completed&page_size=50', op)).json().data.list;
    expect(console.find((x: { id: number }) => x.id === o.id)).toMatchObject({ refund_mark: '部分退款' });

    // What came back cannot be asked for again.
    const again = await ask(o, [[o.lines[0], 11]]);
    expect([again.statusCode, again.json().message]).toEqual([
      400,
      expect.stringContaining('最多还可申请10'),
    ]);

    // The rest of the goods: ¥90.00 + ¥45.00 + ¥26.97, the goods part paid (¥179.97) in all.
    const rest = await ask(o, [
      [o.lines[0], 10],
      [o.lines[1], 2],
      [o.lines[2], 3],
    ]);
    expect(rest.json().data).toMatchObject({ refund: 161.97 });
    // Above what the order can still refund (¥171.97): refused on the field, nothing moves.
    const tooMuch = await post(`/api/admin/after_sales/${rest.json().data.id}`, op, {
      approve: true,
      refund: 171.98,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().data.errors).toEqual({ refund: ['退款金额不能超过本单可退金额171.97元'] });
    expect(await balanceOf(o.user.id)).toBe(before + 1_800);
    const done = await post(`/api/admin/after_sales/${rest.json().data.id}`, op, { approve: true });
    expect(done.statusCode, done.body).toBe(200);

    detail = (await get(`/api/order/detail/${o.id}`, o.cookie)).json().data;
    expect(detail).toMatchObject({ status: 'refunded', refund_mark: null, refunded: 179.97 });
    // Shipping stays paid: the carrier delivered.
    expect(detail.payments[0]).toMatchObject({ amount: 189.97, refunded: 179.97, status: 'paid' });
    expect(await balanceOf(o.user.id)).toBe(before + 17_997);
  });

  it('gives the shipping back only when the operator says so, up to what was paid', async () => {
    const o = await receivedOrder();
    const before = await balanceOf(o.user.id);
    const all = await ask(o, [
      [o.lines[0], 12],
      [o.lines[1], 2],
      [o.lines[2], 3],
    ]);
    expect(all.json().data.refund).toBe(179.97);
    const res = await post(`/api/admin/after_sales/${all.json().data.id}`, op, {
      approve: true,
      refund: 189.97,
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await get(`/api/order/detail/${o.id}`, o.cookie)).json().data;
    expect(detail).toMatchObject({ status: 'refunded', refunded: 189.97 });
    expect(detail.payments[0]).toMatchObject({ refunded: 189.97, status: 'refunded' });
    expect(await balanceOf(o.user.id)).toBe(before + 18_997);
  });

  it('online: the provider refunds the part; credit: the bill goes down by the part', async () => {
    const online = await receivedOrder('online');
    const before = await balanceOf(online.user.id);
    const req = await ask(online, [[online.lines[0], 2]]);
    const res = await post(`/api/admin/after_sales/${req.json().data.id}`, op, { approve: true });
    expect(res.json().data).toMatchObject({ refund: 18, refund_method: 'online' });
    const detail = (await get(`/api/order/detail/${online.id}`, online.cookie)).json().data;
    expect(detail).toMatchObject({ status: 'completed', refund_mark: '部分退款' });
    const payment = detail.payments[0];
    expect(payment).toMatchObject({ provider: 'sandbox', amount: 189.97, refunded: 18, status: 'paid' });
    const [trade] = await ctx.app.db
      .select()
      .from(sandboxTrades)
      .where(eq(sandboxTrades.outTradeNo, payment.out_trade_no));
    expect(trade).toMatchObject({ state: 'REFUND', amountFen: 18_997, refundFen: 1_800 });
    expect(await balanceOf(online.user.id)).toBe(before);

    const credit = await receivedOrder('credit');
    const creq = await ask(credit, [[credit.lines[1], 1]]);
    expect(creq.json().data.refund).toBe(22.5);
    const cres = await post(`/api/admin/after_sales/${creq.json().data.id}`, op, { approve: true });
    expect(cres.json().data).toMatchObject({ refund: 22.5, refund_method: 'credit' });
    const [bill] = await ctx.app.db.select().from(creditBills).where(eq(creditBills.orderId, credit.id));
    expect(bill.amountFen).toBe(18_997 - 2_250);
    const [w] = await ctx.app.db
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.userId, credit.user.id));
    expect(w.creditUsedFen).toBe(18_997 - 2_250);
  });
});
