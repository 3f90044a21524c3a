import { addDays, beijingToday } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWarehouse, operatorCookie, unpaidOrder } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, payments } from '../../db/schema';
import { readXlsx } from '../../lib/spreadsheet';
import { providers, sandboxPay } from './provider';
import { pollRefunds, sendProviderRefund } from './refunds';

// The sandbox keeps its book on the database clock (as a provider keeps its own time); the app's
// clock runs two days ahead, so "today" at the provider is a past day the app may reconcile.
let ctx: TestContext;
let warehouseId: number;
const ahead = { now: () => new Date(Date.now() + 2 * 86_400_000) };
beforeAll(async () => {
  ctx = await createTestApp({ seed: false, clock: ahead });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const day = () => beijingToday(new Date());

/** A buyer's order paid through the sandbox (trade opened, payer pays, the status poll applies it). */
async function paidOnline(priceFen: number) {
  const b = await unpaidOrder(ctx.app, warehouseId, { priceFen });
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/pay/online',
    payload: { order_id: b.orderId, provider: 'sandbox' },
    headers: { cookie: b.cookie },
  });
  expect(start.statusCode).toBe(200);
  await sandboxPay(ctx.app.db, start.json().data.out_trade_no);
  const status = await ctx.app.inject({
    method: 'GET',
    url: `/api/pay/status/${b.orderId}`,
    headers: { cookie: b.cookie },
  });
  expect(status.json().data.paid).toBe(true);
  const [payment] = await ctx.app.db.select().from(payments).where(eq(payments.orderId, b.orderId));
  return payment;
}

describe('财务 reconciles a channel’s day', () => {
  it('agrees with the sandbox’s bill, lists a difference, exports it, and audits each run', async () => {
    const op = await operatorCookie(ctx.app, 'finance');
    const first = await paidOnline(100000);
    await paidOnline(90000);
    await ctx.app.db.transaction((tx) =>
      sendProviderRefund(tx, providers.get('sandbox')!, first, 30000, '测试退款'),
    );
    expect(await pollRefunds(ctx.app.db)).toBe(0);

    const run = async (date: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/finance/reconciliations',
        payload: { channel: 'sandbox', date },
        headers: { cookie: op.cookie },
      });
    const agreed = await run(day());
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().data).toMatchObject({
      channel: 'sandbox',
      ours_paid: 1900,
      theirs_paid: 1900,
      ours_refunded: 300,
      theirs_refunded: 300,
      differences: [],
    });

    // Our book says a payment arrived that the provider never had.
    await ctx.app.db.update(payments).set({ amountFen: 100001 }).where(eq(payments.id, first.id));
    const differs = (await run(day())).json().data;
    expect(differs.differences).toEqual([
      { out_trade_no: first.outTradeNo, kind: 'pay', ours: 1000.01, theirs: 1000, reason: '金额不符' },
    ]);

    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/finance/reconciliations/${differs.id}/xlsx`,
      headers: { cookie: op.cookie },
    });
    expect(xlsx.statusCode).toBe(200);
    const sheet = (await readXlsx(xlsx.rawPayload)).worksheets[0];
    expect(sheet.getRow(6).getCell(1).value).toBe(first.outTradeNo);
    expect(sheet.getRow(6).getCell(5).value).toBe('金额不符');

    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/finance/reconciliations',
        headers: { cookie: op.cookie },
      })
    ).json().data;
    expect(list.channels).toEqual([{ name: 'sandbox', label: '沙箱支付' }]);
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([differs.id, agreed.json().data.id]);
    const audits = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'payment.reconcile'));
    expect(audits).toHaveLength(2);
  });

  it('refuses today (the bill comes the next day), a bad date, and an unknown channel, in Chinese', async () => {
    const op = await operatorCookie(ctx.app, 'finance');
    const post = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/finance/reconciliations',
        payload,
        headers: { cookie: op.cookie },
      });
    const today = beijingToday(ahead.now());
    expect((await post({ channel: 'sandbox', date: today })).json().message).toBe(
      '只能对账今天以前的日期（渠道次日生成账单）',
    );
    expect((await post({ channel: 'sandbox', date: addDays(today, 1) })).statusCode).toBe(400);
    const bad = await post({ channel: 'sandbox', date: '2026-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('对账日期不是有效的日期');
    expect((await post({ channel: 'wechat', date: day() })).json().message).toBe(
      '该支付渠道未开通或不提供对账单',
    );
    const shipper = await operatorCookie(ctx.app, 'warehouse');
    const denied = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/finance/reconciliations',
      payload: { channel: 'sandbox', date: day() },
      headers: { cookie: shipper.cookie },
    });
    expect(denied.statusCode).toBe(403);
  });
});
