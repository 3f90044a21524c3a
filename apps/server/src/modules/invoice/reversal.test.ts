import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { pdfText } from '../../../test/pdf-text';
import { goods, invoices, messages } from '../../db/schema';

// Issue #31 §3: an invoice follows the money. A refund after the invoice was issued reverses it
// with a red-letter invoice and, for a partial refund, a new blue one for what remains; all three
// show to the buyer with their states. Lines carry the goods' tax codes; shipping is 收派服务 at 6%.

let ctx: TestContext;
let warehouseId: number;
let op: string;
let finance: string;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  // Free shipping from ¥800, else ¥10: every order below pays the fee.
  await setShipping(ctx.app.db, 80_000, 1_000);
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  ({ cookie: op } = await operatorCookie(ctx.app));
  finance = (await operatorCookie(ctx.app, 'finance')).cookie;
});
afterAll(() => ctx.close());

const post = (url: string, cookie: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie, 'idempotency-key': key() } });
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

interface Line {
  name: string;
  rate: number;
  quantity: number;
  amount: number;
  tax: number;
  total: number;
}
interface Inv {
  id: number;
  kind: 'blue' | 'red';
  state: string;
  state_name: string;
  total: number;
  invoice_no: string | null;
  original_invoice_no: string | null;
  lines: Line[];
  pdf: string | null;
}

/**
 * ¥208 received: 感冒清热颗粒 (中成药) ¥17.33 x 6 = ¥103.98, 布洛芬缓释胶囊 (化学药品制剂) ¥31.34 x 3 =
 * ¥94.02, shipping ¥10; asked for an invoice at checkout, issued by 财务.
 */
async function invoicedOrder() {
  const b = await createBuyer(ctx.app.db, { balanceFen: 1_000_000 });
  const cookie = await buyerCookie(ctx.app, b.user.id);
  const patent = await createGoods(ctx.app.db, { warehouseId, priceFen: 1_733, name: '感冒清热颗粒' });
  await ctx.app.db
    .update(goods)
    .set({ scopeClass: 'zcy', taxCode: '1070302000000000000', taxRate: 13 })
    .where(eq(goods.id, patent.id));
  const chem = await createGoods(ctx.app.db, { warehouseId, priceFen: 3_134, name: '布洛芬缓释胶囊' });
  const cart = [
    (await addCartLine(ctx.app.db, b.user.id, patent.id, warehouseId, 6)).id,
    (await addCartLine(ctx.app.db, b.user.id, chem.id, warehouseId, 3)).id,
  ];
  const created = await post('/api/order/create', cookie, {
    ids: cart,
    invoice: { type: 1, title: '仁心大药房' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  expect((await post('/api/pay/balance', cookie, { order_id: id })).statusCode).toBe(200);
  expect(
    (await post(`/api/admin/orders/${id}/ship`, op, { carrier: '顺丰速运', tracking_no: 'SF1234567890' }))
      .statusCode,
  ).toBe(200);
  expect((await post(`/api/order/${id}/confirm`, cookie)).statusCode).toBe(200);
  const detail = (await get(`/api/order/detail/${id}`, cookie)).json().data;
  expect(detail).toMatchObject({ total: 208, shipping_fee: 10 });
  const lines = detail.lines.map((l: { id: number }) => l.id) as number[];
  const [asked] = await ctx.app.db.select().from(invoices).where(eq(invoices.orderId, id));
  const issued = await post(`/api/admin/invoices/${asked.id}/issue`, finance);
  expect(issued.statusCode, issued.body).toBe(200);
  return { ...b, cookie, id, lines, invoice: issued.json().data as Inv };
}

const mine = async (cookie: string) =>
  ((await get('/api/user/invoices?page_size=50', cookie)).json().data.list as Inv[]).sort(
    (a, b) => a.id - b.id,
  );

async function refund(o: { id: number; cookie: string }, lines: [number, number][], amount?: number) {
  const asked = await post(`/api/order/${o.id}/after_sale`, o.cookie, {
    kind: 'return',
    reason: '外包装破损',
    lines: lines.map(([line_id, quantity]) => ({ line_id, quantity })),
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const approved = await post(`/api/admin/after_sales/${asked.json().data.id}`, op, {
    approve: true,
    ...(amount === undefined ? {} : { refund: amount }),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data as { refund: number };
}

const cents = (v: number) => Math.round(v * 100);

describe('invoices follow the money (红字发票)', () => {
  it('lines carry the tax code short name and rate; shipping is *物流辅助服务*收派服务 at 6%; no fen lost', async () => {
    const o = await invoicedOrder();
    expect(o.invoice.lines.map((l) => [l.name, l.rate, l.total])).toEqual([
      ['*中成药*感冒清热颗粒', 13, 103.98],
      ['*化学药品制剂*布洛芬缓释胶囊', 13, 94.02],
      ['*物流辅助服务*收派服务', 6, 10],
    ]);
    // ¥10 at 6%: 9.43 + 0.57 (at 13% it was 8.85 + 1.15).
    expect(o.invoice.lines[2]).toMatchObject({ amount: 9.43, tax: 0.57 });
    for (const l of o.invoice.lines) expect(cents(l.amount) + cents(l.tax)).toBe(cents(l.total));
    expect(o.invoice.lines.reduce((s, l) => s + cents(l.total), 0)).toBe(20_800);
    // The demo's PDF says it is no tax document.
    const pdf = await get(o.invoice.pdf!, o.cookie);
    expect((await pdfText(pdf.rawPayload)).join('')).toContain('演示 · 非税务发票');
  });

  it('a partial refund reverses the ¥208 invoice: red -¥208 and a new blue for what remains, red first', async () => {
    const o = await invoicedOrder();
    // 2 of the 6 granules come back: ¥34.66.
    expect((await refund(o, [[o.lines[0], 2]])).refund).toBe(34.66);

    const list = await mine(o.cookie);
    expect(list.map((i) => [i.kind, i.state_name, i.total, i.original_invoice_no])).toEqual([
      ['blue', '已红冲', 208, null],
      ['red', '待开票', -208, o.invoice.invoice_no],
      ['blue', '待开票', 173.34, o.invoice.invoice_no],
    ]);
    const [, red, renewed] = list;
    expect(red.lines.map((l) => [l.name, l.quantity, l.total])).toEqual([
      ['*中成药*感冒清热颗粒', -6, -103.98],
      ['*化学药品制剂*布洛芬缓释胶囊', -3, -94.02],
      ['*物流辅助服务*收派服务', -1, -10],
    ]);
    // The original keeps its PDF; the buyer was told.
    expect(list[0].pdf).not.toBeNull();
    const [note] = await ctx.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, o.user.id), eq(messages.title, '发票将红冲')));
    expect(note.body).toContain(o.invoice.invoice_no!);

    // Both wait in 财务's queue.
    const queue = (await get('/api/admin/invoices?state=pending&page_size=100', finance)).json().data
      .list as Inv[];
    expect(queue.filter((i) => i.id === red.id || i.id === renewed.id)).toHaveLength(2);

    // The new blue invoice waits for the red one.
    const early = await post(`/api/admin/invoices/${renewed.id}/issue`, finance);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('请先开具原发票的红字发票，再开具新的蓝字发票');
    const redIssued = await post(`/api/admin/invoices/${red.id}/issue`, finance);
    expect(redIssued.statusCode, redIssued.body).toBe(200);
    expect(redIssued.json().data).toMatchObject({ state: 'issued', total: -208 });
    const redPdf = await get(`/api/user/invoices/${red.id}/pdf`, o.cookie);
    const text = (await pdfText(redPdf.rawPayload)).join('');
    expect(text).toContain('（红字）');
    expect(text).toContain(o.invoice.invoice_no!);
    const blueIssued = await post(`/api/admin/invoices/${renewed.id}/issue`, finance);
    expect(blueIssued.statusCode, blueIssued.body).toBe(200);
    const blue = blueIssued.json().data as Inv;
    expect(blue.total).toBe(173.34);
    expect(blue.lines.reduce((s, l) => s + cents(l.total), 0)).toBe(20_800 - 3_466);
    for (const l of blue.lines) expect(cents(l.amount) + cents(l.tax)).toBe(cents(l.total));

    expect((await mine(o.cookie)).map((i) => [i.kind, i.state])).toEqual([
      ['blue', 'reversed'],
      ['red', 'issued'],
      ['blue', 'issued'],
    ]);
    // A second refund reverses the new blue one in turn.
    await refund(o, [[o.lines[1], 1]]);
    expect((await mine(o.cookie)).map((i) => [i.kind, i.state, i.total])).toEqual([
      ['blue', 'reversed', 208],
      ['red', 'issued', -208],
      ['blue', 'reversed', 173.34],
      ['red', 'pending', -173.34],
      ['blue', 'pending', 142],
    ]);
  });

  it('a full refund (shipping included) reverses the invoice with a red one only', async () => {
    const o = await invoicedOrder();
    await refund(
      o,
      [
        [o.lines[0], 6],
        [o.lines[1], 3],
      ],
      208,
    );
    const list = await mine(o.cookie);
    expect(list.map((i) => [i.kind, i.state, i.total])).toEqual([
      ['blue', 'reversed', 208],
      ['red', 'pending', -208],
    ]);
    const issued = await post(`/api/admin/invoices/${list[1].id}/issue`, finance);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data).toMatchObject({ kind: 'red', state: 'issued' });
    // No new blue invoice can be asked for a fully refunded order.
    const again = await post('/api/user/invoices', o.cookie, {
      order_id: o.id,
      type: 1,
      title: '仁心大药房',
    });
    expect(again.statusCode).toBe(422);
  });

  it('a refund before issuing changes nothing but the figures the invoice will be issued at', async () => {
    const b = await createBuyer(ctx.app.db, { balanceFen: 1_000_000 });
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 5_000, name: '阿莫西林胶囊' });
    const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 2);
    const created = await post('/api/order/create', cookie, {
      ids: [line.id],
      invoice: { type: 1, title: '仁心' },
    });
    const id = created.json().data.id as number;
    expect((await post('/api/pay/balance', cookie, { order_id: id })).statusCode).toBe(200);
    expect(
      (await post(`/api/admin/orders/${id}/ship`, op, { carrier: '顺丰速运', tracking_no: 'SF1234567891' }))
        .statusCode,
    ).toBe(200);
    expect((await post(`/api/order/${id}/confirm`, cookie)).statusCode).toBe(200);
    const lineId = (await get(`/api/order/detail/${id}`, cookie)).json().data.lines[0].id as number;
    await refund({ id, cookie }, [[lineId, 1]]);
    const list = await mine(cookie);
    expect(list.map((i) => [i.kind, i.state, i.total])).toEqual([['blue', 'pending', 60]]);
  });
});
