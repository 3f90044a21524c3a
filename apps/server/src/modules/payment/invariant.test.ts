// The money invariant of online payments under the attack sequences of issue 11, raced from
// several buyers at once on a real multi-connection PostgreSQL (PGlite has one connection, so
// nothing can race there: skipped).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
} from '../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import { creditBills, moneyLog, orders, payments, sandboxTrades, walletAccounts } from '../../db/schema';
import { sweepExpiredOrders } from '../order/service';
import { notificationOf, type PaymentNotification, sandboxSecret, signSandbox } from './provider';

const BUYERS = 6;
const ROUNDS_PER_BUYER = 8;
const INITIAL_BALANCE_FEN = 1_000_000;

describe.skipIf(testDbKind !== 'postgres')('online payment money invariant (PostgreSQL, concurrent)', () => {
  let ctx: TestContext;
  let warehouseId: number;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
    warehouseId = (await makeWarehouse(ctx.app.db)).id;
  });
  afterAll(() => ctx.close());

  const inject = (method: 'GET' | 'POST', url: string, cookie = '', payload?: object, headers = {}) =>
    ctx.app.inject({ method, url, payload, headers: cookie ? { cookie, ...headers } : headers });

  type Buyer = { userId: number; cookie: string };

  async function round(b: Buyer, other: Buyer, scenario: number, confirmDelayMs: number, secret: string) {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 80000 + scenario * 1111 });
    const line = await addCartLine(ctx.app.db, b.userId, g.id, warehouseId, 1);
    const orderId = (
      await inject('POST', '/api/order/create', b.cookie, { ids: [line.id] }, { 'idempotency-key': key() })
    ).json().data.id as number;
    const start = (await inject('POST', '/api/pay/online', b.cookie, { order_id: orderId })).json().data;
    const confirmUrl = `/api/pay/sandbox/scan/${start.out_trade_no}/confirm`;
    const forged: PaymentNotification = {
      out_trade_no: start.out_trade_no,
      transaction_id: `T${key()}`,
      amount_fen: Math.round(start.amount * 100),
      trade_state: 'SUCCESS',
      paid_at: Math.floor(Date.now() / 1000),
    };
    const notify = (payload: PaymentNotification, s: string) =>
      inject('POST', '/api/pay/notify/sandbox', '', payload, { 'x-pay-signature': signSandbox(payload, s) });
    // The payer's confirm goes first, or a little after the other side, so each side of every
    // race wins in some rounds.
    const steps: (() => Promise<unknown>)[] = [
      async () => {
        await new Promise((r) => setTimeout(r, confirmDelayMs));
        return inject('POST', confirmUrl, b.cookie);
      },
    ];
    switch (scenario % 6) {
      case 0:
        steps.push(() => inject('POST', `/api/order/${orderId}/cancel`, b.cookie, {}));
        break;
      case 1:
        steps.push(() => inject('POST', '/api/pay/balance', b.cookie, { order_id: orderId }));
        break;
      case 2:
        steps.push(() => inject('POST', '/api/pay/user_credit_create', b.cookie, { order_id: orderId }));
        break;
      case 3:
        await ctx.app.db
          .update(orders)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(orders.id, orderId));
        steps.push(() => sweepExpiredOrders(ctx.app.db, ctx.app.clock.now()));
        break;
      case 4:
        steps.push(
          () => notify(forged, 'yaocai-sandbox-dev-secret'),
          () => notify(forged, secret),
          () => inject('GET', `/api/pay/status/${orderId}`, b.cookie),
          () => inject('POST', '/api/pay/balance', b.cookie, { order_id: orderId }),
        );
        break;
      default:
        steps.push(
          () => inject('POST', confirmUrl, other.cookie),
          () => inject('POST', confirmUrl),
          () => inject('POST', `/api/order/${orderId}/cancel`, b.cookie, {}),
        );
    }
    await Promise.all(steps.map((step) => step()));
    // Replays: whatever the provider's book holds, notified twice at once with the real key,
    // while the buyer polls and cancels again.
    const [trade] = await ctx.app.db
      .select()
      .from(sandboxTrades)
      .where(eq(sandboxTrades.outTradeNo, start.out_trade_no));
    const replay = trade.transactionId ? notificationOf(trade) : forged;
    await Promise.all([
      notify(replay, secret),
      notify(replay, secret),
      inject('GET', `/api/pay/status/${orderId}`, b.cookie),
      inject('POST', `/api/order/${orderId}/cancel`, b.cookie, {}),
    ]);
    return orderId;
  }

  it('confirm racing pay-by-balance, 10 times at once: one winner each, the balance never comes back', async () => {
    const b = await createBuyer(ctx.app.db, { balanceFen: INITIAL_BALANCE_FEN });
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 100000 });
        const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
        const created = await inject(
          'POST',
          '/api/order/create',
          cookie,
          { ids: [line.id] },
          { 'idempotency-key': key() },
        );
        const orderId = created.json().data.id as number;
        const start = (await inject('POST', '/api/pay/online', cookie, { order_id: orderId })).json().data;
        const [confirmed, paid] = await Promise.all([
          (async () => {
            await new Promise((r) => setTimeout(r, i * 3));
            return inject('POST', `/api/pay/sandbox/scan/${start.out_trade_no}/confirm`, cookie);
          })(),
          inject('POST', '/api/pay/balance', cookie, { order_id: orderId }),
        ]);
        return {
          outTradeNo: start.out_trade_no as string,
          confirmed: confirmed.statusCode,
          paid: paid.statusCode,
        };
      }),
    );
    await new Promise((r) => setTimeout(r, 800));
    for (const r of results) {
      const [t] = await ctx.app.db
        .select()
        .from(sandboxTrades)
        .where(eq(sandboxTrades.outTradeNo, r.outTradeNo));
      expect(r.paid).toBe(200);
      // The payer either lost (trade closed, 400) or won and was refunded through the provider.
      expect(t.state).toBe(r.confirmed === 200 ? 'REFUND' : 'CLOSED');
    }
    const [w] = await ctx.app.db.select().from(walletAccounts).where(eq(walletAccounts.userId, b.user.id));
    expect(w.balanceFen).toBe(INITIAL_BALANCE_FEN - 10 * 100000);
  }, 120_000);

  it('wallet = its money log per store; no online money is credited; kept money = orders paid online', async () => {
    const secret = await sandboxSecret(ctx.app.db);
    const buyers: Buyer[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const b = await createBuyer(ctx.app.db, { balanceFen: INITIAL_BALANCE_FEN, creditLimitFen: 1_000_000 });
      buyers.push({ userId: b.user.id, cookie: await buyerCookie(ctx.app, b.user.id) });
    }
    const orderIds = (
      await Promise.all(
        buyers.map(async (b, i) => {
          const ids: number[] = [];
          // Two rounds of each buyer at a time, all buyers at once.
          for (let r = 0; r < ROUNDS_PER_BUYER; r += 2) {
            const other = buyers[(i + 1) % BUYERS];
            ids.push(
              ...(await Promise.all([
                round(b, other, i + r, 0, secret),
                round(b, other, i + r + 1, r * 10, secret),
              ])),
            );
          }
          return ids;
        }),
      )
    ).flat();
    await new Promise((r) => setTimeout(r, 1500)); // the sandbox's asynchronous notifications

    const db = ctx.app.db;
    const userIds = buyers.map((b) => b.userId);
    for (const userId of userIds) {
      const [w] = await db.select().from(walletAccounts).where(eq(walletAccounts.userId, userId));
      const log = await db.select().from(moneyLog).where(eq(moneyLog.userId, userId));
      expect(w.balanceFen, `store ${userId}`).toBe(
        INITIAL_BALANCE_FEN + log.reduce((s, l) => s + l.changeFen, 0),
      );
      const bills = await db.select().from(creditBills).where(eq(creditBills.userId, userId));
      expect(w.creditUsedFen).toBe(bills.reduce((s, b) => s + b.amountFen - b.repaidFen, 0));
    }
    const log = await db.select().from(moneyLog).where(inArray(moneyLog.userId, userIds));
    const creditedFen = log.filter((l) => l.changeFen > 0).reduce((s, l) => s + l.changeFen, 0);
    const all = await db.select().from(orders).where(inArray(orders.id, orderIds));
    const pays = await db.select().from(payments).where(inArray(payments.orderId, orderIds));
    const trades = await db
      .select()
      .from(sandboxTrades)
      .where(
        inArray(
          sandboxTrades.outTradeNo,
          pays.map((p) => p.outTradeNo),
        ),
      );
    const keptFen = trades.filter((t) => t.state === 'SUCCESS').reduce((s, t) => s + t.amountFen, 0);
    const paidOnlineFen = all.filter((o) => o.paymentMethod === 'online').reduce((s, o) => s + o.paidFen, 0);
    // Money paid in through the provider and not sent back is exactly what orders paid online took;
    // nothing from it reached a wallet.
    expect(creditedFen + paidOnlineFen).toBeLessThanOrEqual(keptFen);
    expect(paidOnlineFen).toBe(keptFen);
    expect(creditedFen).toBe(0);

    const tradeOf = new Map(trades.map((t) => [t.outTradeNo, t]));
    for (const o of all) {
      const mine = pays.filter((p) => p.orderId === o.id);
      expect(mine.filter((p) => p.status === 'paid').length, `order ${o.id}`).toBe(
        o.status === 'cancelled' ? 0 : 1,
      );
      expect(mine.filter((p) => p.status === 'pending')).toHaveLength(0);
      for (const p of mine.filter((p) => p.provider === 'sandbox')) {
        const t = tradeOf.get(p.outTradeNo);
        const expected = { closed: 'CLOSED', refunded: 'REFUND', paid: 'SUCCESS' }[p.status];
        expect(t?.state, `trade ${p.outTradeNo} (${p.status})`).toBe(expected);
      }
    }
    const refundedFen = trades.filter((t) => t.state === 'REFUND').reduce((s, t) => s + t.refundFen, 0);
    const outcomes = {
      orders: all.length,
      paidOnline: all.filter((o) => o.paymentMethod === 'online').length,
      paidBalance: all.filter((o) => o.paymentMethod === 'balance').length,
      paidCredit: all.filter((o) => o.paymentMethod === 'credit').length,
      cancelled: all.filter((o) => o.status === 'cancelled').length,
      refundedThroughProvider: trades.filter((t) => t.state === 'REFUND').length,
      closedBeforeTheConfirm: trades.filter((t) => t.state === 'CLOSED').length,
      refundedFen,
    };
    console.info('payment invariant rounds', outcomes);
    expect(outcomes.paidOnline + outcomes.paidBalance + outcomes.paidCredit + outcomes.cancelled).toBe(
      all.length,
    );
  }, 180_000);
});
