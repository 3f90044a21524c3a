import { addDays, beijingToday } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createCoupon,
  createGoods,
  key,
  makeUser,
  makeWarehouse,
  operatorCookie,
  pointsOf,
  unpaidOrder,
} from '../../../test/factories';
import { cookiesOf, createTestApp, type TestContext } from '../../../test/helpers';
import {
  addresses,
  creditBills,
  lotteryDraws,
  moneyLog,
  orderEvents,
  orders,
  payments,
  redemptions,
  userCoupons,
  users,
  walletAccounts,
} from '../../db/schema';
import { notificationOf, sandboxPay, sandboxSecret, signSandbox } from '../payment/provider';
import { hashPassword } from './passwords';

// Issue #30 item 1: a company the console disables keeps its sessions and may read, but every
// money path refuses it and its orders do not ship (packages/domain eligibility: spendRefusal,
// shipRefusal). Each buyer below logs in (a session) and uses it BEFORE the console disables it.

const REFUSED = '企业账户已停用，暂不能下单或付款，如有疑问请联系客服';
const SHIP_REFUSED = '该企业账户已停用，订单暂停发货；企业重新启用后方可发货';

let ctx: TestContext;
let op: string;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  op = (await operatorCookie(ctx.app)).cookie;
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object, headers = {}) =>
  ctx.app.inject({ method, url, payload, headers: { cookie, ...headers } });
const today = () => beijingToday(new Date());

async function setDisabled(companyId: number, disabled: boolean) {
  const res = await send('POST', `/api/admin/companies/${companyId}/status`, op, {
    disabled,
    reason: '资质存疑，暂停采购',
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A buyer with an unpaid order whose session has already been used (the cached state is warm). */
async function buyerWithOrder(buyer: Parameters<typeof createBuyer>[1] = {}) {
  const b = await unpaidOrder(ctx.app, warehouseId, { buyer, priceFen: 100000 });
  expect((await send('GET', '/api/user/base', b.cookie)).json().data.is_login).toBe(true);
  return b;
}

const orderRow = async (id: number) => (await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0];
const walletOf = async (userId: number) =>
  (await ctx.app.db.select().from(walletAccounts).where(eq(walletAccounts.userId, userId)))[0];

function expectRefused(res: { statusCode: number; json(): { message: string } }) {
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe(REFUSED);
}

describe('a disabled company may not pay or order', () => {
  it('pay by balance, on credit and online start are refused; the order stays unpaid, the wallet unchanged', async () => {
    const b = await buyerWithOrder({ balanceFen: 500000, creditLimitFen: 500000 });
    await setDisabled(b.company.id, true);

    expectRefused(await send('POST', '/api/pay/balance', b.cookie, { order_id: b.orderId }));
    expectRefused(await send('POST', '/api/pay/user_credit_create', b.cookie, { order_id: b.orderId }));
    expectRefused(await send('POST', '/api/pay/online', b.cookie, { order_id: b.orderId }));

    expect(await orderRow(b.orderId)).toMatchObject({ status: 'pending_payment', paidFen: 0 });
    expect(await walletOf(b.user.id)).toMatchObject({ balanceFen: 500000, creditUsedFen: 0 });
    expect(await ctx.app.db.select().from(moneyLog).where(eq(moneyLog.userId, b.user.id))).toHaveLength(0);
    expect(await ctx.app.db.select().from(creditBills).where(eq(creditBills.userId, b.user.id))).toHaveLength(
      0,
    );
    expect(await ctx.app.db.select().from(payments).where(eq(payments.orderId, b.orderId))).toHaveLength(0);

    // Enabled again, the same session pays.
    await setDisabled(b.company.id, false);
    const paid = await send('POST', '/api/pay/balance', b.cookie, { order_id: b.orderId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderRow(b.orderId)).status).toBe('awaiting_shipment');
  });

  it('creating an order is refused, and every store of the company is refused alike', async () => {
    const b = await buyerWithOrder({ balanceFen: 500000 });
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 100000 });
    const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
    // Another store of the same company, with an unpaid order of its own placed before.
    const second = await makeUser(ctx.app.db, b.company.id, { storeName: '分店' });
    await ctx.app.db.insert(walletAccounts).values({ userId: second.id, balanceFen: 500000 });
    await ctx.app.db.insert(addresses).values({
      userId: second.id,
      consignee: '李四',
      phone: '13900000000',
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      detail: '江南大道2号',
      isDefault: true,
    });
    const secondCookie = await buyerCookie(ctx.app, second.id);
    const secondLine = await addCartLine(ctx.app.db, second.id, g.id, warehouseId, 1);
    const placed = await send(
      'POST',
      '/api/order/create',
      secondCookie,
      { ids: [secondLine.id] },
      { 'idempotency-key': key() },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    await setDisabled(b.company.id, true);

    const create = () =>
      send('POST', '/api/order/create', b.cookie, { ids: [line.id] }, { 'idempotency-key': key() });
    expectRefused(await create());
    expect(await ctx.app.db.select().from(orders).where(eq(orders.userId, b.user.id))).toHaveLength(1);
    expectRefused(await send('POST', '/api/pay/balance', secondCookie, { order_id: placed.json().data.id }));
    expect((await walletOf(second.id)).balanceFen).toBe(500000);
  });
});

describe('an online trade started before the disabling', () => {
  it('money the payer confirms afterwards goes back through the provider; the order stays 待付款', async () => {
    const b = await buyerWithOrder();
    const start = await send('POST', '/api/pay/online', b.cookie, { order_id: b.orderId });
    expect(start.statusCode, start.body).toBe(200);
    await setDisabled(b.company.id, true);

    const trade = await sandboxPay(ctx.app.db, start.json().data.out_trade_no);
    if (!trade) throw new Error('sandbox trade missing');
    const payload = notificationOf(trade);
    const notified = await ctx.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      payload,
      headers: { 'x-pay-signature': signSandbox(payload, await sandboxSecret(ctx.app.db)) },
    });
    expect(notified.statusCode, notified.body).toBe(200);
    expect(notified.json().data).toEqual({ result: 'refunded' });

    expect(await orderRow(b.orderId)).toMatchObject({ status: 'pending_payment', paidFen: 0 });
    const [payment] = await ctx.app.db.select().from(payments).where(eq(payments.orderId, b.orderId));
    expect(payment.status).toBe('refunded');
    const events = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, b.orderId));
    expect(events.find((e) => e.event === 'refund')?.note).toContain('企业账户已停用');
    expect((await send('GET', `/api/pay/status/${b.orderId}`, b.cookie)).json().data).toMatchObject({
      paid: false,
      status: 'pending_payment',
    });
  });

  it('the pay page’s status poll does not complete it either', async () => {
    const b = await buyerWithOrder();
    const start = await send('POST', '/api/pay/online', b.cookie, { order_id: b.orderId });
    await setDisabled(b.company.id, true);
    await sandboxPay(ctx.app.db, start.json().data.out_trade_no);
    expect((await send('GET', `/api/pay/status/${b.orderId}`, b.cookie)).json().data).toMatchObject({
      paid: false,
      status: 'pending_payment',
    });
    const [payment] = await ctx.app.db.select().from(payments).where(eq(payments.orderId, b.orderId));
    expect(payment.status).toBe('refunded');
  });
});

describe('points, lottery and coupons', () => {
  it('points redemption, a points lottery entry and a coupon claim are refused; points unchanged', async () => {
    const coupon = (await createCoupon(ctx.app.db, [], { name: '满300减30', inCentre: true })).coupon;
    const reward = await send('POST', '/api/admin/rewards', op, {
      kind: 'coupon',
      name: '满300减30优惠券',
      coupon_id: coupon.id,
      points: 100,
      stock: 5,
      starts_on: addDays(today(), -1),
      ends_on: addDays(today(), 30),
    });
    expect(reward.statusCode, reward.body).toBe(200);
    const lottery = await send('POST', '/api/admin/lotteries', op, {
      name: '积分大转盘',
      entry_rule: 'points',
      points_cost: 10,
      starts_on: addDays(today(), -1),
      ends_on: addDays(today(), 7),
      prizes: [{ name: '50积分', kind: 'points', amount: 50, weight: 1 }],
    });
    expect(lottery.statusCode, lottery.body).toBe(200);
    const b = await createBuyer(ctx.app.db, { points: 500 });
    const cookie = await buyerCookie(ctx.app, b.user.id);
    expect((await send('GET', '/api/user/points', cookie)).statusCode).toBe(200);
    await setDisabled(b.company.id, true);

    expectRefused(await send('POST', '/api/jfsc/redeem', cookie, { reward_id: reward.json().data.id }));
    expectRefused(await send('POST', '/api/draw', cookie, { id: lottery.json().data.id }));
    expectRefused(await send('POST', '/api/coupon/receive', cookie, { coupon_id: coupon.id }));
    expect(await pointsOf(ctx.app.db, b.user.id)).toBe(500);
    expect(await ctx.app.db.select().from(redemptions).where(eq(redemptions.userId, b.user.id))).toHaveLength(
      0,
    );
    expect(await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.userId, b.user.id))).toHaveLength(
      0,
    );
  });
});

describe('the console does not ship a disabled company’s orders', () => {
  it('its paid order stays 待发货 while it is disabled, and ships once it is enabled', async () => {
    const b = await buyerWithOrder({ balanceFen: 500000 });
    expect((await send('POST', '/api/pay/balance', b.cookie, { order_id: b.orderId })).statusCode).toBe(200);
    await setDisabled(b.company.id, true);
    const ship = () =>
      send('POST', `/api/admin/orders/${b.orderId}/ship`, op, {
        carrier: '顺丰速运',
        tracking_no: 'SF1234567890',
      });
    const refused = await ship();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHIP_REFUSED);
    expect((await orderRow(b.orderId)).status).toBe('awaiting_shipment');

    await setDisabled(b.company.id, false);
    expect((await ship()).statusCode).toBe(200);
    expect((await orderRow(b.orderId)).status).toBe('shipped');
  });

  it('nor a lottery goods prize waiting to ship', async () => {
    const lottery = await send('POST', '/api/admin/lotteries', op, {
      name: '幸运大转盘',
      entry_rule: 'daily',
      starts_on: addDays(today(), -1),
      ends_on: addDays(today(), 7),
      prizes: [{ name: '谢谢参与', kind: 'none', weight: 1 }],
    });
    const b = await createBuyer(ctx.app.db);
    const [won] = await ctx.app.db
      .insert(lotteryDraws)
      .values({
        lotteryId: lottery.json().data.id,
        userId: b.user.id,
        entryKey: 'daily:test',
        prizeKind: 'goods',
        prizeName: '电子血压计',
        status: 'to_ship',
      })
      .returning();
    await setDisabled(b.company.id, true);
    const refused = await send('POST', `/api/admin/lottery-draws/${won.id}/ship`, op);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHIP_REFUSED);
    const [row] = await ctx.app.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, won.id));
    expect(row.status).toBe('to_ship');
  });
});

describe('what a disabled company may still do', () => {
  it('log in, read its orders, invoices and wallet, and cancel an unpaid order', async () => {
    const b = await buyerWithOrder({ balanceFen: 500000 });
    await ctx.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('Test@123456') })
      .where(eq(users.id, b.user.id));
    await setDisabled(b.company.id, true);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: b.user.phone, password: 'Test@123456' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const fresh = cookiesOf(login);
    for (const cookie of [b.cookie, fresh]) {
      const list = await send('GET', '/api/order/list', cookie);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.list.map((o: { id: number }) => o.id)).toContain(b.orderId);
      const detail = await send('GET', `/api/order/detail/${b.orderId}`, cookie);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data.status).toBe('pending_payment');
      expect((await send('GET', '/api/user/invoices', cookie)).statusCode).toBe(200);
      expect((await send('GET', '/api/user/user_money', cookie)).json().data.user_money).toBe(5000);
    }
    const cancel = await send('POST', `/api/order/${b.orderId}/cancel`, b.cookie, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [row] = await ctx.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, b.orderId), eq(orders.status, 'cancelled')));
    expect(row).toBeDefined();
  });
});
