// Issue 11 (outside attack probe): the sandbox payment provider created money. One named
// regression test per finding, on both databases; the races and the money invariant on
// PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createBuyer, key, makeWarehouse, unpaidOrder } from '../../../test/factories';
import { browserLike, createTestApp, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { moneyLog, orderEvents, orders, payments, sandboxTrades } from '../../db/schema';
import { ensureSandboxSecret, type PaymentNotification, sandboxSecret, signSandbox } from './provider';

let ctx: TestContext;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const post = (url: string, cookie: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie, ...headers } : headers });
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A buyer with an unpaid ¥1,000 order and its open sandbox trade. */
async function openTrade(opts: Parameters<typeof createBuyer>[1] = {}) {
  const { user, cookie, orderId } = await unpaidOrder(ctx.app, warehouseId, { buyer: opts });
  const start = (await post('/api/pay/online', cookie, { order_id: orderId })).json().data;
  return { userId: user.id, cookie, orderId, outTradeNo: start.out_trade_no as string };
}

const confirm = (outTradeNo: string, cookie = '') =>
  post(`/api/pay/sandbox/scan/${outTradeNo}/confirm`, cookie);
const balanceOf = async (cookie: string) =>
  (await get('/api/user/user_money', cookie)).json().data.user_money as number;
const tradeState = async (outTradeNo: string) =>
  (await ctx.app.db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo)))[0].state;
const orderOf = async (id: number) => (await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentOf = async (outTradeNo: string) =>
  (await ctx.app.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo)))[0];

describe('issue 11: the sandbox payment provider created money', () => {
  it('confirming a sandbox trade needs the session of the buyer who owns it (401 / 404)', async () => {
    const t = await openTrade();
    const other = await openTrade();
    const anonymous = await confirm(t.outTradeNo);
    expect(anonymous.statusCode).toBe(401);
    const foreign = await confirm(t.outTradeNo, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/api/pay/sandbox/scan/${t.outTradeNo}`, other.cookie)).statusCode).toBe(404);
    expect((await ctx.app.inject(`/api/pay/sandbox/scan/${t.outTradeNo}`)).statusCode).toBe(401);
    expect(await tradeState(t.outTradeNo)).toBe('NOTPAY');
    const own = await confirm(t.outTradeNo, t.cookie);
    expect(own.statusCode).toBe(200);
  });

  it('start online, cancel, confirm: the trade is closed and the wallet gains nothing', async () => {
    const t = await openTrade();
    expect((await post(`/api/order/${t.orderId}/cancel`, t.cookie, {})).statusCode).toBe(200);
    expect(await tradeState(t.outTradeNo)).toBe('CLOSED');
    expect((await paymentOf(t.outTradeNo)).status).toBe('closed');
    const res = await confirm(t.outTradeNo, t.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('交易已关闭，请返回商城重新发起支付');
    await sleep(300);
    expect(await balanceOf(t.cookie)).toBe(0);
    expect(await ctx.app.db.select().from(moneyLog).where(eq(moneyLog.userId, t.userId))).toHaveLength(0);
  });

  it('start online, pay by balance, confirm: the balance is not given back', async () => {
    const t = await openTrade({ balanceFen: 150000 });
    expect((await post('/api/pay/balance', t.cookie, { order_id: t.orderId })).statusCode).toBe(200);
    expect(await tradeState(t.outTradeNo)).toBe('CLOSED');
    expect((await confirm(t.outTradeNo, t.cookie)).statusCode).toBe(400);
    await sleep(300);
    expect(await balanceOf(t.cookie)).toBe(500);
    expect((await orderOf(t.orderId)).paymentMethod).toBe('balance');
  });

  it('start online, pay by credit: the open trade closes first', async () => {
    const t = await openTrade({ creditLimitFen: 200000 });
    expect((await post('/api/pay/user_credit_create', t.cookie, { order_id: t.orderId })).statusCode).toBe(
      200,
    );
    expect(await tradeState(t.outTradeNo)).toBe('CLOSED');
    expect((await confirm(t.outTradeNo, t.cookie)).statusCode).toBe(400);
  });

  it('the expiry sweeper closes the open trade with the order', async () => {
    const t = await openTrade();
    const { sweepExpiredOrders } = await import('../order/service');
    await ctx.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, t.orderId));
    await sweepExpiredOrders(ctx.app.db, ctx.app.clock.now());
    expect((await orderOf(t.orderId)).status).toBe('cancelled');
    expect(await tradeState(t.outTradeNo)).toBe('CLOSED');
    expect((await confirm(t.outTradeNo, t.cookie)).statusCode).toBe(400);
  });

  it('money that arrived before the cancel goes back through the provider, not to the wallet', async () => {
    const t = await openTrade();
    // The payer confirms; the cancel comes before the asynchronous notification.
    expect((await confirm(t.outTradeNo, t.cookie)).statusCode).toBe(200);
    expect((await post(`/api/order/${t.orderId}/cancel`, t.cookie, {})).statusCode).toBe(200);
    await sleep(400); // the sandbox's notification arrives and changes nothing
    const [trade] = await ctx.app.db
      .select()
      .from(sandboxTrades)
      .where(eq(sandboxTrades.outTradeNo, t.outTradeNo));
    expect(trade).toMatchObject({ state: 'REFUND', refundFen: 100000 });
    expect((await paymentOf(t.outTradeNo)).status).toBe('refunded');
    const events = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, t.orderId));
    expect(events.find((e) => e.event === 'refund')?.note).toContain('已原路退回');
    expect(await balanceOf(t.cookie)).toBe(0);
    expect((await orderOf(t.orderId)).status).toBe('cancelled');
  });

  it('a notification signed with the old built-in key, or for a trade still NOTPAY, is refused', async () => {
    const t = await openTrade();
    const payload: PaymentNotification = {
      out_trade_no: t.outTradeNo,
      transaction_id: `T${key()}`,
      amount_fen: 100000,
      trade_state: 'SUCCESS',
      paid_at: Math.floor(Date.now() / 1000),
    };
    const notify = (signature: string) =>
      post('/api/pay/notify/sandbox', '', payload, { 'x-pay-signature': signature });
    const oldKey = await notify(signSandbox(payload, 'yaocai-sandbox-dev-secret'));
    expect(oldKey.statusCode).toBe(401);
    // Even the real key is not enough: the provider's own book says NOTPAY.
    const realKey = await notify(signSandbox(payload, await sandboxSecret(ctx.app.db)));
    expect(realKey.statusCode).toBe(400);
    expect(realKey.json().message).toBe('支付渠道查询该交易尚未支付');
    expect((await orderOf(t.orderId)).status).toBe('pending_payment');
    expect((await paymentOf(t.outTradeNo)).status).toBe('pending');
  });

  it('POST /api/pay/notify/__proto__ and /constructor answer 404, not 500', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'nosuch']) {
      const res = await post(`/api/pay/notify/${name}`, '', {
        out_trade_no: 'X123456',
        transaction_id: 'T1',
        amount_fen: 1,
        trade_state: 'SUCCESS',
        paid_at: 1,
      });
      expect(res.statusCode, name).toBe(404);
    }
  });

  it('an order has at most one open online trade (the database refuses a second)', async () => {
    const t = await openTrade();
    const again = (await post('/api/pay/online', t.cookie, { order_id: t.orderId })).json().data;
    expect(again.out_trade_no).toBe(t.outTradeNo);
    const open = await ctx.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, t.orderId), eq(payments.status, 'pending')));
    expect(open).toHaveLength(1);
    await expect(
      ctx.app.db.insert(payments).values({ ...open[0], id: undefined, outTradeNo: `${t.outTradeNo}X` }),
    ).rejects.toThrow();
  });

  it('the sandbox key is random per database, not a public constant, and the environment can set it', async () => {
    const secret = await sandboxSecret(ctx.app.db);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const other = await createTestApp({ seed: false });
    try {
      expect(await sandboxSecret(other.app.db)).not.toBe(secret);
      await ensureSandboxSecret(other.app.db, 'secret-from-the-environment');
      expect(await sandboxSecret(other.app.db)).toBe('secret-from-the-environment');
    } finally {
      await other.close();
    }
  });
});

describe('the payment provider is chosen by configuration', () => {
  const appWith = async (env: Record<string, string>) => {
    const app = await buildApp({
      config: {
        ...loadConfig({
          DATA_DIR: '/nonexistent-yaocai',
          ALLOW_DEMO_INVOICE: '1',
          ALLOW_LOG_SMS: '1',
          ...env,
        }),
        seedDemoData: false,
      },
      database: ctx.database,
      logger: false,
    });
    app.inject = browserLike(app);
    return app;
  };

  it('refuses to start with the sandbox under NODE_ENV=production unless explicitly allowed', async () => {
    await expect(appWith({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).rejects.toThrow(
      /ALLOW_SANDBOX_PAY/,
    );
    const allowed = await appWith({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAY: '1',
    });
    await allowed.close();
  });

  it('production defaults to no online provider: starting one is refused, the sandbox pages are gone', async () => {
    const app = await appWith({ NODE_ENV: 'production' });
    try {
      const t = await openTrade();
      const cookie = t.cookie;
      const start = await app.inject({
        method: 'POST',
        url: '/api/pay/online',
        payload: { order_id: t.orderId },
        headers: { cookie },
      });
      expect(start.statusCode).toBe(400);
      expect(start.json().message).toBe('暂未开通在线支付，请选择其他支付方式');
      const scan = await app.inject({
        method: 'POST',
        url: `/api/pay/sandbox/scan/${t.outTradeNo}/confirm`,
        headers: { cookie },
      });
      expect(scan.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('an unknown PAYMENT_PROVIDER stops the start', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER=paypal/);
  });
});
