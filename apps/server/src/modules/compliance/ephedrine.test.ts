import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeUser,
  makeWarehouse,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import { addresses, cartItems, companies, walletAccounts } from '../../db/schema';

let ctx: TestContext;
let warehouseId: number;
let op: string;
let ephedrineGoods: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  ({ cookie: op } = await operatorCookie(ctx.app));
  ephedrineGoods = (
    await createGoods(ctx.app.db, { warehouseId, ephedrine: true, stock: 1000, priceFen: 1500 })
  ).id;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown, headers = {}) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: { cookie, ...headers } });

const setCompliance = async (over: object) => {
  const saved = await send('POST', '/api/admin/settings/compliance', op, {
    trace_codes_required: false,
    near_expiry_months: 6,
    ephedrine_period_days: 30,
    ephedrine_period_limit: 15,
    ephedrine_wallet_only: false,
    ...over,
  });
  expect(saved.statusCode, saved.body).toBe(200);
};

/** A company with two stores, each with money, credit and an address. */
async function twoStores() {
  const a = await createBuyer(ctx.app.db, { balanceFen: 1_000_000, creditLimitFen: 1_000_000 });
  const second = await makeUser(ctx.app.db, a.company.id, { storeName: '分店' });
  await ctx.app.db.insert(walletAccounts).values({ userId: second.id, balanceFen: 1_000_000 });
  await ctx.app.db.insert(addresses).values({
    userId: second.id,
    consignee: '李四',
    phone: '13900000001',
    province: '浙江省',
    city: '杭州市',
    district: '滨江区',
    detail: '江南大道2号',
    isDefault: true,
  });
  return {
    company: a.company,
    stores: [
      { id: a.user.id, cookie: await buyerCookie(ctx.app, a.user.id) },
      { id: second.id, cookie: await buyerCookie(ctx.app, second.id) },
    ],
  };
}

const order = async (store: { id: number; cookie: string }, quantity: number) => {
  // A refused order leaves its line in the cart: start from an empty one.
  await ctx.app.db.delete(cartItems).where(eq(cartItems.userId, store.id));
  const line = await addCartLine(ctx.app.db, store.id, ephedrineGoods, warehouseId, quantity);
  return send('POST', '/api/order/create', store.cookie, { ids: [line.id] }, { 'idempotency-key': key() });
};

describe('含麻 (ephedrine-type goods)', () => {
  it('holds a company to its units per period across its stores; cancelled orders do not count', async () => {
    await setCompliance({});
    const { stores } = await twoStores();
    const first = await order(stores[0], 10);
    expect(first.statusCode, first.body).toBe(201);
    const refused = await order(stores[1], 10);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('含麻黄碱类复方制剂每30天限购15件，贵单位近30天已购10件，本单10件');
    expect((await order(stores[1], 5)).statusCode).toBe(201);
    // The first order cancelled: its units leave the count.
    const cancelled = await send('POST', `/api/order/${first.json().data.id}/cancel`, stores[0].cookie, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await order(stores[0], 10)).statusCode).toBe(201);
    // The setting off (0 days): only the per-order limit holds.
    await setCompliance({ ephedrine_period_days: 0 });
    expect((await order(stores[1], 10)).statusCode).toBe(201);
  });

  it.runIf(testDbKind === 'postgres')('counts two stores ordering at once one after the other', async () => {
    await setCompliance({});
    const { stores } = await twoStores();
    const results = await Promise.all([order(stores[0], 10), order(stores[1], 10)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('takes 含麻 orders from the wallet only when 站点设置 says so', async () => {
    await setCompliance({ ephedrine_wallet_only: true });
    const { stores } = await twoStores();
    const id = (await order(stores[0], 2)).json().data.id;
    const credit = await send('POST', '/api/pay/user_credit_create', stores[0].cookie, { order_id: id });
    expect(credit.json().message).toBe('含麻药品订单仅支持余额支付，请使用余额支付');
    const online = await send('POST', '/api/pay/online', stores[0].cookie, { order_id: id });
    expect(online.json().message).toBe('含麻药品订单仅支持余额支付，请使用余额支付');
    expect((await send('POST', '/api/pay/balance', stores[0].cookie, { order_id: id })).statusCode).toBe(200);
    await setCompliance({});
  });

  it('reports 含麻 sales per buyer company for a period, on screen and as .xlsx', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const report = await send('GET', `/api/admin/ephedrine/report?from=${today}&to=${today}`, op);
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json().data as { company: string; units: number; orders: number; amount: number }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Largest buyer first; the first company bought 5 + 10 + 10 (the cancelled order left out).
    expect(rows[0]).toMatchObject({ units: 25, orders: 3, amount: 375 });
    // A buyer names its own company: text a spreadsheet would run goes out after a quote (issue 30).
    const companyName = '=HYPERLINK("http://evil.example","含麻")';
    const { company_id } = report.json().data[0] as { company_id: number };
    await ctx.app.db.update(companies).set({ name: companyName }).where(eq(companies.id, company_id));
    const file = await send('GET', `/api/admin/ephedrine/export?from=${today}&to=${today}`, op);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as never);
    expect(workbook.worksheets[0].getRow(2).values).toEqual([
      undefined,
      `'${companyName}`,
      3,
      25,
      375,
      today,
      today,
    ]);
    expect(
      (await send('GET', '/api/admin/ephedrine/report?from=2026-13-01&to=2026-11-01', op)).statusCode,
    ).toBe(422);
  });
});
