import { invoiceFigures } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type NuonuoDouble, startNuonuoDouble } from '../../../test/nuonuo-double';
import { loadConfig } from '../../config';
import { invoices, orderLines, orders } from '../../db/schema';
import { nuonuoProvider, nuonuoSign, nuonuoSignString } from './nuonuo';
import { awaitOutcome } from './provider';
import { invoiceProviderFor } from './routes';

// 诺诺开放平台 against a local double of its protocol (test/nuonuo-double.ts): signed calls,
// asynchronous issuing, a refusal turned into 财务's to-do with the platform's message.

let double: NuonuoDouble;
beforeAll(async () => {
  double = await startNuonuoDouble({ pendingQueries: 1 });
});
afterAll(() => double.close());

const config = () => ({
  appKey: double.appKey,
  appSecret: double.appSecret,
  token: double.token,
  taxNum: double.taxNum,
  base: double.base,
});

const request = (title = '仁心大药房') => {
  const f = invoiceFigures(
    [
      {
        id: 1,
        name: '感冒清热颗粒',
        spec: '12g*10袋',
        unit: '盒',
        quantity: 6,
        payableFen: 10_398,
        taxCode: '1070302000000000000',
        taxRate: 13,
      },
    ],
    { deductionFen: 0, shippingFen: 1_000, refundedFen: 0 },
  );
  return {
    id: 7,
    requestNo: `YC${Date.now()}`,
    type: 1,
    buyer: { title, taxNo: '' },
    lines: f.lines,
    totalFen: f.totalFen,
    at: new Date('2026-11-26T02:00:00Z'),
    clerk: '财务小李',
  };
};

describe('诺诺开放平台 provider', () => {
  it('signs as documented: base64 HMAC-SHA1 over a=services&l=v1&p=open&k&i&n&t&f', () => {
    const s = nuonuoSignString('/open/v1/services', {
      appKey: 'K',
      senid: 'S',
      nonce: '12345678',
      timestamp: '1700000000',
      body: '{"a":1}',
    });
    expect(s).toBe('a=services&l=v1&p=open&k=K&i=S&n=12345678&t=1700000000&f={"a":1}');
    expect(nuonuoSign('secret', s)).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  it('issues: a serial at once, 开票中 on the first query, the 数电 number on the next', async () => {
    const provider = nuonuoProvider(config());
    const submitted = await provider.issue(request());
    expect(submitted.state).toBe('issuing');
    const serial = (submitted as { serial: string }).serial;
    const call = double.calls.at(-1)!;
    expect(call.method).toBe('nuonuo.OpeMplatform.requestBillingNew');
    const order = call.body.order as Record<string, unknown> & { invoiceDetail: Record<string, string>[] };
    expect(order).toMatchObject({
      buyerName: '仁心大药房',
      salerTaxNum: double.taxNum,
      invoiceLine: 'pc',
      invoiceType: '1',
    });
    expect(order.invoiceDetail).toEqual([
      expect.objectContaining({
        goodsName: '感冒清热颗粒',
        goodsCode: '1070302000000000000',
        taxRate: '0.13',
        taxIncludedAmount: '103.98',
        withTaxFlag: '1',
      }),
      expect.objectContaining({
        goodsName: '收派服务',
        goodsCode: '3040407000000000000',
        taxRate: '0.06',
        tax: '0.57',
      }),
    ]);
    expect(await provider.query(serial)).toEqual({ state: 'issuing', serial });
    const done = await provider.query(serial);
    expect(done).toMatchObject({ state: 'issued', serial, pdfUrl: expect.stringContaining('.pdf') });
    expect((done as { invoiceNo: string }).invoiceNo).toMatch(/^\d{20}$/);
  });

  it('waits for the result by querying until it is final', async () => {
    const provider = nuonuoProvider(config());
    const submitted = (await provider.issue(request())) as { serial: string };
    const done = await awaitOutcome(provider, submitted.serial, { attempts: 5, waitMs: 10 });
    expect(done.state).toBe('issued');
  });

  it('reverses through 快捷冲红 naming the blue 数电 number', async () => {
    const provider = nuonuoProvider(config());
    const red = await provider.issueRed(
      { invoiceNo: '26332000000000000001', serial: '26120000000000000001', issuedAt: new Date() },
      request(),
    );
    expect(red.state).toBe('issuing');
    expect(double.calls.at(-1)).toMatchObject({
      method: 'nuonuo.OpeMplatform.fastInvoiceRed',
      body: {
        elecInvoiceNumber: '26332000000000000001',
        invoiceId: '26120000000000000001',
        taxNum: double.taxNum,
      },
    });
  });

  it('a wrong secret is refused by the platform: a failed outcome with its message, no invoice', async () => {
    const refusedBefore = double.refused;
    const provider = nuonuoProvider({ ...config(), appSecret: 'not-the-secret' });
    expect(await provider.issue(request())).toEqual({
      state: 'failed',
      serial: null,
      message: '诺诺开放平台：签名验证失败（070301）',
    });
    expect(double.refused).toBe(refusedBefore + 1);
  });
});

describe('configuration', () => {
  it('INVOICE_PROVIDER=nuonuo without its credentials stops the start naming them', () => {
    expect(() => loadConfig({ INVOICE_PROVIDER: 'nuonuo', NUONUO_APP_KEY: 'k' })).toThrow(
      'INVOICE_PROVIDER=nuonuo needs NUONUO_APP_SECRET, NUONUO_TOKEN, NUONUO_TAX_NUM',
    );
    expect(() =>
      loadConfig({
        INVOICE_PROVIDER: 'nuonuo',
        NUONUO_APP_KEY: 'k',
        NUONUO_APP_SECRET: 's',
        NUONUO_TOKEN: 't',
        NUONUO_TAX_NUM: 'abc',
      }),
    ).toThrow('NUONUO_TAX_NUM');
    expect(() => loadConfig({ INVOICE_PROVIDER: 'baiwang' })).toThrow('INVOICE_PROVIDER=baiwang');
  });

  it('the demo is the default, and refused under NODE_ENV=production unless ALLOW_DEMO_INVOICE=1', () => {
    expect(invoiceProviderFor(loadConfig({})).name).toBe('demo');
    expect(() => invoiceProviderFor(loadConfig({ NODE_ENV: 'production' }))).toThrow('INVOICE_PROVIDER=demo');
    expect(invoiceProviderFor(loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_INVOICE: '1' })).demo).toBe(
      true,
    );
    const nuonuo = loadConfig({
      NODE_ENV: 'production',
      INVOICE_PROVIDER: 'nuonuo',
      NUONUO_APP_KEY: 'k',
      NUONUO_APP_SECRET: 's',
      NUONUO_TOKEN: 't',
      NUONUO_TAX_NUM: '91330108MA2H3K5X7Q',
    });
    expect(invoiceProviderFor(nuonuo)).toMatchObject({ name: 'nuonuo', demo: false });
  });
});

describe('财务 issues through 诺诺 (app)', () => {
  let ctx: TestContext;
  let finance: string;
  let warehouseId: number;
  beforeAll(async () => {
    ctx = await createTestApp({
      seed: false,
      config: { invoice: { provider: 'nuonuo', nuonuo: config() } },
    });
    finance = (await operatorCookie(ctx.app, 'finance')).cookie;
    warehouseId = (await makeWarehouse(ctx.app.db)).id;
  });
  afterAll(() => ctx.close());

  const post = (url: string, cookie: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { cookie, 'idempotency-key': key() } });

  async function askedInvoice(title: string) {
    const b = await createBuyer(ctx.app.db, { balanceFen: 1_000_000 });
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5_000, name: '阿莫西林胶囊' });
    const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 2);
    const created = await post('/api/order/create', cookie, { ids: [line.id], invoice: { type: 1, title } });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().data.id as number;
    expect((await post('/api/pay/balance', cookie, { order_id: orderId })).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    return { cookie, id: row.id };
  }

  it('开具中 after issuing, 已开票 with the platform number and PDF once the query says so', async () => {
    const { cookie, id } = await askedInvoice('仁心大药房');
    const issued = await post(`/api/admin/invoices/${id}/issue`, finance);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ message: '已提交开票平台，开具中', data: { state: 'issuing' } });
    expect((await post(`/api/admin/invoices/${id}/refresh`, finance)).json().data.state).toBe('issuing');
    const done = (await post(`/api/admin/invoices/${id}/refresh`, finance)).json().data;
    expect(done).toMatchObject({
      state: 'issued',
      pdf: expect.stringContaining('https://inv.example.invalid/'),
    });
    expect(done.invoice_no).toMatch(/^\d{20}$/);
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/user/invoices', headers: { cookie } })
    ).json().data.list;
    expect(mine[0]).toMatchObject({ state: 'issued', invoice_no: done.invoice_no });
    expect((await post(`/api/admin/invoices/${id}/refresh`, finance)).statusCode).toBe(409);
  });

  it('money refunded while the platform is issuing: the issued invoice is reversed at once', async () => {
    const { cookie, id } = await askedInvoice('仁心大药房');
    expect((await post(`/api/admin/invoices/${id}/issue`, finance)).json().data.state).toBe('issuing');
    // Delivered (set here: shipping is tested elsewhere); one of the two packs comes back.
    const [asked] = await ctx.app.db.select().from(invoices).where(eq(invoices.id, id));
    await ctx.app.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, asked.orderId));
    const [line] = await ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, asked.orderId));
    const request = await post(`/api/order/${asked.orderId}/after_sale`, cookie, {
      kind: 'return',
      reason: '外包装破损',
      lines: [{ line_id: line.id, quantity: 1 }],
    });
    expect(request.statusCode, request.body).toBe(200);
    const admin = (await operatorCookie(ctx.app)).cookie;
    const approved = await post(`/api/admin/after_sales/${request.json().data.id}`, admin, { approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    // The platform issues the invoice for the whole order, as it was asked before the refund.
    await post(`/api/admin/invoices/${id}/refresh`, finance);
    expect((await post(`/api/admin/invoices/${id}/refresh`, finance)).json().data.state).not.toBe('issuing');
    const rows = await ctx.app.db.select().from(invoices).where(eq(invoices.orderId, asked.orderId));
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['blue', 'requested'],
      ['blue', 'reversed'],
      ['red', 'requested'],
    ]);
    const red = rows.find((r) => r.kind === 'red');
    expect(red?.originalId).toBe(id);
  });

  it('a refusal is 财务’s to-do with the platform’s message, issued again once corrected', async () => {
    double.refuseBuyers.add('错误抬头有限公司');
    const { cookie, id } = await askedInvoice('错误抬头有限公司');
    const refused = await post(`/api/admin/invoices/${id}/issue`, finance);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({
      state: 'failed',
      hint: '诺诺开放平台：购方名称与税号不匹配（E9106）',
    });
    const todo = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/invoices?state=failed',
        headers: { cookie: finance },
      })
    ).json().data.list;
    expect(todo.map((i: { id: number }) => i.id)).toContain(id);
    // The store corrects the title; 财务 issues again.
    const fixed = await post('/api/user/invoices', cookie, {
      order_id: (await ctx.app.db.select().from(invoices).where(eq(invoices.id, id)))[0].orderId,
      type: 1,
      title: '仁心大药房',
    });
    expect(fixed.json().data.state).toBe('pending');
    expect((await post(`/api/admin/invoices/${id}/issue`, finance)).json().data.state).toBe('issuing');
  });
});
