import { yuanInCapitals } from '@yaocai/domain';
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
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { pdfText } from '../../../test/pdf-text';
import { auditLog, goods, invoices, messages, orders } from '../../db/schema';

let ctx: TestContext;
let warehouseId: number;
let finance: string;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  finance = (await operatorCookie(ctx.app, 'finance')).cookie;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie, 'idempotency-key': key() } });

/** A store with wallet money and an order of two goods (one of them 中药饮片), paid or not. */
async function order(o: { invoice?: object; pay?: boolean } = {}) {
  const b = await createBuyer(ctx.app.db, { balanceFen: 10_000_000 });
  const cookie = await buyerCookie(ctx.app, b.user.id);
  const drug = await createGoods(ctx.app.db, { warehouseId, priceFen: 11_300, name: '复方丹参滴丸' });
  const herb = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_900, name: '当归片' });
  await ctx.app.db
    .update(goods)
    .set({ kind: 'herb', taxCode: '1070303010000000000', taxRate: 9 })
    .where(eq(goods.id, herb.id));
  const lines = [
    await addCartLine(ctx.app.db, b.user.id, drug.id, warehouseId, 2),
    await addCartLine(ctx.app.db, b.user.id, herb.id, warehouseId, 1),
  ];
  const created = await send('POST', '/api/order/create', cookie, {
    ids: lines.map((l) => l.id),
    invoice: o.invoice,
  });
  expect(created.statusCode, created.body).toBe(201);
  const orderId = created.json().data.id as number;
  if (o.pay !== false)
    expect((await send('POST', '/api/pay/balance', cookie, { order_id: orderId })).statusCode).toBe(200);
  return { ...b, cookie, orderId };
}

const mine = async (cookie: string, query = '') =>
  (await send('GET', `/api/user/invoices${query}`, cookie)).json().data;

describe('e-invoices (电子发票)', () => {
  it('asked at checkout, issued by finance once paid, downloaded as a PDF that says what was bought', async () => {
    const b = await order({
      invoice: { type: 2, title: '测试大药房有限公司', tax_no: '91330108MA2H3K5X7Q' },
      pay: false,
    });
    let list = await mine(b.cookie);
    expect(list.list[0]).toMatchObject({
      order_id: b.orderId,
      state: 'awaiting_payment',
      state_name: '待付款',
      pdf: null,
    });
    const early = await send('POST', `/api/admin/invoices/${list.list[0].id}/issue`, finance);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('该发票待付款，不能开具');

    expect((await send('POST', '/api/pay/balance', b.cookie, { order_id: b.orderId })).statusCode).toBe(200);
    list = await mine(b.cookie, '?state=pending');
    expect(list.total).toBe(1);
    const id = list.list[0].id as number;
    const queue = (
      await send(
        'GET',
        `/api/admin/invoices?state=pending&keyword=${encodeURIComponent('测试大药房有限公司')}`,
        finance,
      )
    ).json().data;
    expect(queue.list.find((i: { id: number }) => i.id === id)).toMatchObject({
      phone: b.user.phone,
      type_name: '增值税专用发票',
    });

    const issued = await send('POST', `/api/admin/invoices/${id}/issue`, finance);
    expect(issued.statusCode, issued.body).toBe(200);
    const inv = issued.json().data;
    const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect(inv).toMatchObject({ state: 'issued', total: (o.totalFen - o.refundedFen) / 100 });
    expect(inv.invoice_no).toMatch(/^\d{20}$/);
    expect(inv.lines.map((l: { name: string; rate: number }) => [l.name, l.rate])).toEqual([
      ['*化学药品制剂*复方丹参滴丸', 13],
      ['*中药饮片*当归片', 9],
      ['*物流辅助服务*收派服务', 6],
    ]);
    expect(Math.round((inv.amount + inv.tax) * 100)).toBe(o.totalFen);
    expect((await send('POST', `/api/admin/invoices/${id}/issue`, finance)).statusCode).toBe(409);

    const [note] = await ctx.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, b.user.id), eq(messages.title, '电子发票已开具')));
    expect(note.body).toContain(inv.invoice_no);
    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.issue'), eq(auditLog.targetId, String(id))));
    expect(row.after).toMatchObject({ invoice_no: inv.invoice_no, total_fen: o.totalFen });

    const pdf = await send('GET', `/api/user/invoices/${id}/pdf`, b.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    const [text] = await pdfText(pdf.rawPayload);
    for (const words of [
      '电子发票（增值税专用发票）',
      inv.invoice_no,
      '测试大药房有限公司',
      '91330108MA2H3K5X7Q',
      '*化学药品制剂*复方丹参滴丸',
      '*中药饮片*当归片',
      `价税合计（大写）：${yuanInCapitals(o.totalFen)}`,
      o.orderNo,
    ])
      expect(text).toContain(words);

    // Another store sees neither the invoice nor its PDF; the operator's copy is the same text.
    const other = await buyerCookie(ctx.app, (await createBuyer(ctx.app.db)).user.id);
    expect((await send('GET', `/api/user/invoices/${id}/pdf`, other)).statusCode).toBe(404);
    expect((await mine(other)).total).toBe(0);
    const adminPdf = await send('GET', `/api/admin/invoices/${id}/pdf`, finance);
    expect((await pdfText(adminPdf.rawPayload))[0]).toContain(inv.invoice_no);
    // An issued invoice cannot be changed by the store.
    const change = await send('POST', '/api/user/invoices', b.cookie, {
      order_id: b.orderId,
      type: 1,
      title: '别的抬头',
    });
    expect(change.statusCode).toBe(409);
  });

  it('asked later on /dzfp, sent back with a reason, corrected by the store, then issued', async () => {
    const b = await order();
    const orders_ = (await send('GET', '/api/user/invoices/orders', b.cookie)).json().data;
    expect(orders_.map((o: { id: number }) => o.id)).toEqual([b.orderId]);
    const asked = await send('POST', '/api/user/invoices', b.cookie, {
      order_id: b.orderId,
      type: 1,
      title: '错误抬头',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data.id as number;
    expect((await send('GET', '/api/user/invoices/orders', b.cookie)).json().data).toEqual([]);

    const rejected = await send('POST', `/api/admin/invoices/${id}/reject`, finance, {
      reason: '抬头与营业执照不一致',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await mine(b.cookie)).list[0]).toMatchObject({
      state: 'rejected',
      reject_reason: '抬头与营业执照不一致',
      editable: true,
    });
    const [msg] = await ctx.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, b.user.id), eq(messages.title, '发票申请被退回')));
    expect(msg.body).toContain('抬头与营业执照不一致');

    const fixed = await send('POST', '/api/user/invoices', b.cookie, {
      order_id: b.orderId,
      type: 1,
      title: '测试大药房有限公司',
      tax_no: '91330108ma2h3k5x7q',
    });
    expect(fixed.json().data).toMatchObject({
      id,
      state: 'pending',
      tax_no: '91330108MA2H3K5X7Q',
      reject_reason: null,
    });
    const [o] = await ctx.app.db
      .select({ invoice: orders.invoice })
      .from(orders)
      .where(eq(orders.id, b.orderId));
    expect(o.invoice).toMatchObject({ type: 1, title: '测试大药房有限公司' });
    expect((await send('POST', `/api/admin/invoices/${id}/issue`, finance)).statusCode).toBe(200);
  });

  it('refuses bad requests in Chinese: fields, another store’s order, a cancelled order; non-finance operators', async () => {
    const b = await order({ pay: false });
    const bad = await send('POST', '/api/user/invoices', b.cookie, {
      order_id: b.orderId,
      type: 2,
      title: 'x',
      tax_no: '123',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors).toMatchObject({
      title: ['请填写发票抬头'],
      tax_no: ['请填写正确的纳税人识别号（15至20位数字或大写字母）'],
    });
    const noType = await send('POST', '/api/user/invoices', b.cookie, {
      order_id: b.orderId,
      type: 3,
      title: '测试大药房',
    });
    expect(noType.json().data.errors.type).toEqual(['请选择发票类型']);

    const other = await order();
    const theirs = await send('POST', '/api/user/invoices', b.cookie, {
      order_id: other.orderId,
      type: 1,
      title: '测试大药房',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('订单不存在');

    expect((await send('POST', `/api/order/${b.orderId}/cancel`, b.cookie)).statusCode).toBe(200);
    const cancelled = await send('POST', '/api/user/invoices', b.cookie, {
      order_id: b.orderId,
      type: 1,
      title: '测试大药房',
    });
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json().message).toBe('订单已取消，不能开具发票');
    expect(await ctx.app.db.select().from(invoices).where(eq(invoices.orderId, b.orderId))).toEqual([]);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/invoices' })).statusCode).toBe(401);
    const service = (await operatorCookie(ctx.app, 'service')).cookie;
    expect((await send('GET', '/api/admin/invoices', service)).statusCode).toBe(403);
    const noReason = await send('POST', '/api/admin/invoices/1/reject', finance, { reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect((await send('POST', '/api/admin/invoices/999999/issue', finance)).statusCode).toBe(404);
  });

  it('a cancelled order’s request shows as void and cannot be issued', async () => {
    const b = await order({ invoice: { type: 1, title: '测试大药房' }, pay: false });
    expect((await send('POST', `/api/order/${b.orderId}/cancel`, b.cookie)).statusCode).toBe(200);
    const list = await mine(b.cookie, '?state=void');
    expect(list.list[0]).toMatchObject({ state: 'void', editable: false });
    expect((await send('POST', `/api/admin/invoices/${list.list[0].id}/issue`, finance)).statusCode).toBe(
      409,
    );
  });

  it('two finance clerks issuing the same invoice at once issue it once', async () => {
    const b = await order({ invoice: { type: 1, title: '测试大药房' } });
    const id = (await mine(b.cookie)).list[0].id as number;
    const other = (await operatorCookie(ctx.app, 'finance')).cookie;
    const results = await Promise.all([
      send('POST', `/api/admin/invoices/${id}/issue`, finance),
      send('POST', `/api/admin/invoices/${id}/issue`, other),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.issue'), eq(auditLog.targetId, String(id))));
    expect(audits).toHaveLength(1);
  });
});
