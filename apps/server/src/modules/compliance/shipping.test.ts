import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
  multipart,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import { pdfText } from '../../../test/pdf-text';
import { cartItems, companies, goods, goodsBatches, orders, traceCodeFlags } from '../../db/schema';
import { licenceImage } from '../../lib/png';

let ctx: TestContext;
let warehouseId: number;
let op: string;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
  ({ cookie: op } = await operatorCookie(ctx.app));
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: { cookie } });

/** A paid order of `quantity` units of a new goods; the goods' stock came as one batch (2030). */
async function paidOrder(
  o: { quantity?: number; scopeClass?: string; buyer?: Awaited<ReturnType<typeof createBuyer>> } = {},
) {
  const b = o.buyer ?? (await createBuyer(ctx.app.db, { balanceFen: 10_000_000 }));
  const cookie = await buyerCookie(ctx.app, b.user.id);
  const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 1234, scopeClass: o.scopeClass });
  const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, o.quantity ?? 3);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/order/create',
    payload: { ids: [line.id] },
    headers: { cookie, 'idempotency-key': key() },
  });
  const id = created.json().data.id as number;
  expect((await send('POST', '/api/pay/balance', cookie, { order_id: id })).statusCode).toBe(200);
  const detail = (await send('GET', `/api/order/detail/${id}`, cookie)).json().data;
  return { b, cookie, id, goodsId: g.id, lineId: detail.lines[0].id as number };
}

const addBatch = (goodsId: number, batchNo: string, expiresOn: string, quantity: number) =>
  ctx.app.db
    .insert(goodsBatches)
    .values({ goodsId, warehouseId, batchNo, producedOn: '2024-01-01', expiresOn, quantity })
    .returning()
    .then((rows) => rows[0]);
const codes = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `8${String(from + i).padStart(19, '0')}`).join('\n');
const statusOf = async (id: number) =>
  (await ctx.app.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;

describe('shipping takes batches first expiry first out', () => {
  it('takes the earliest in-date batch first, skips expired ones, and shows the batches to the buyer', async () => {
    const o = await paidOrder({ quantity: 15 });
    const early = await addBatch(o.goodsId, 'E2703', '2027-03-31', 10);
    await addBatch(o.goodsId, 'X2601', '2026-01-01', 50); // expired: never ships
    const shipped = await send('POST', `/api/admin/orders/${o.id}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550001',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const detail = (await send('GET', `/api/order/detail/${o.id}`, o.cookie)).json().data;
    expect(detail.batches).toEqual([
      {
        line_id: o.lineId,
        batch_id: early.id,
        report: false,
        batch_no: 'E2703',
        produced_on: '2024-01-01',
        expires_on: '2027-03-31',
        quantity: 10,
      },
      {
        line_id: o.lineId,
        batch_id: expect.any(Number),
        report: false,
        batch_no: `T${o.goodsId}W${warehouseId}`,
        produced_on: '2020-01-01',
        expires_on: '2030-12-31',
        quantity: 5,
      },
    ]);
    const left = await ctx.app.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, o.goodsId));
    expect(Object.fromEntries(left.map((b) => [b.batchNo, b.quantity]))).toEqual({
      E2703: 0,
      X2601: 50,
      [`T${o.goodsId}W${warehouseId}`]: 95,
    });
    expect(early.quantity).toBe(10);
    // The expiry buyers see is now the earliest batch still holding stock (the expired one stays).
    const [g] = await ctx.app.db.select({ e: goods.expiresOn }).from(goods).where(eq(goods.id, o.goodsId));
    expect(g.e).toBe('2026-01-01');
  });

  it('refuses to ship when the in-date batches hold too little, and changes nothing', async () => {
    const o = await paidOrder({ quantity: 3 });
    await ctx.app.db.update(goodsBatches).set({ quantity: 2 }).where(eq(goodsBatches.goodsId, o.goodsId));
    const refused = await send('POST', `/api/admin/orders/${o.id}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550002',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('在效期内的批次库存不足：需发3件，可发2件');
    expect(await statusOf(o.id)).toBe('awaiting_shipment');
    const [batch] = await ctx.app.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, o.goodsId));
    expect(batch.quantity).toBe(2);
  });
});

describe('trace codes at shipping', () => {
  it('checks each line’s codes, requires them for drugs when the setting says so, and lets the buyer export them', async () => {
    const saved = await send('POST', '/api/admin/settings/compliance', op, {
      trace_codes_required: true,
      near_expiry_months: 6,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const drug = await paidOrder({ quantity: 2 });
    const ship = (body: object) =>
      send('POST', `/api/admin/orders/${drug.id}/ship`, op, {
        carrier: '顺丰速运',
        tracking_no: 'SF5550003',
        ...body,
      });
    const field = 'trace_codes.0.codes';
    const missing = await ship({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data.errors.trace_codes[0]).toContain('请录入「');
    const empty = await ship({ trace_codes: [{ line_id: drug.lineId, codes: ' ' }] });
    expect(empty.json().data.errors[field][0]).toContain('请录入「');
    const miscounted = await ship({ trace_codes: [{ line_id: drug.lineId, codes: codes(1, 1) }] });
    expect(miscounted.json().data.errors[field]).toEqual([
      expect.stringContaining('应录入2个追溯码（每件一个），现为1个'),
    ]);
    const bad = await ship({
      trace_codes: [{ line_id: drug.lineId, codes: '123\n(01)06901234567893(21)A' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors[field]).toHaveLength(2);
    const otherLine = await ship({
      trace_codes: [
        { line_id: drug.lineId, codes: codes(1, 2) },
        { line_id: 999999, codes: codes(9, 1) },
      ],
    });
    expect(otherLine.json().data.errors['trace_codes.1.codes']).toEqual(['订单中没有这一行商品']);
    expect(await statusOf(drug.id)).toBe('awaiting_shipment');

    // As the console sends it: a form body with qs-style keys.
    const good = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${drug.id}/ship`,
      headers: { cookie: op, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        carrier: '顺丰速运',
        tracking_no: 'SF5550003',
        'trace_codes[0][line_id]': String(drug.lineId),
        'trace_codes[0][codes]': `${codes(1, 1)}，(01)06901234567892(17)281231(10)A1(21)SN9`,
      }).toString(),
    });
    expect(good.statusCode, good.body).toBe(200);
    const detail = (await send('GET', `/api/order/detail/${drug.id}`, drug.cookie)).json().data;
    expect(detail.trace_codes).toEqual([
      { line_id: drug.lineId, code: '010690123456789221SN9' },
      { line_id: drug.lineId, code: codes(1, 1) },
    ]);
    const csv = await send('GET', `/api/order/${drug.id}/trace-codes`, drug.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('订单号,追溯码,品名,规格,生产企业,批准文号,发货日期');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('010690123456789221SN9');

    // A device line needs no code even when codes are required.
    const device = await paidOrder({ quantity: 2, scopeClass: 'qx2' });
    expect(
      (
        await send('POST', `/api/admin/orders/${device.id}/ship`, op, {
          carrier: '顺丰速运',
          tracking_no: 'SF5550004',
        })
      ).statusCode,
    ).toBe(200);
    await send('POST', '/api/admin/settings/compliance', op, {
      trace_codes_required: false,
      near_expiry_months: 6,
    });
  });

  it('refuses a code that already shipped with another order and flags it for 质管', async () => {
    const first = await paidOrder({ quantity: 1 });
    const second = await paidOrder({ quantity: 1 });
    const code = codes(500, 1);
    expect(
      (
        await send('POST', `/api/admin/orders/${first.id}/ship`, op, {
          carrier: '顺丰速运',
          tracking_no: 'SF5550005',
          trace_codes: [{ line_id: first.lineId, codes: code }],
        })
      ).statusCode,
    ).toBe(200);
    const again = await send('POST', `/api/admin/orders/${second.id}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550006',
      trace_codes: [{ line_id: second.lineId, codes: code }],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('已随其他订单发出');
    expect(await statusOf(second.id)).toBe('awaiting_shipment');
    const flags = await ctx.app.db.select().from(traceCodeFlags).where(eq(traceCodeFlags.orderId, second.id));
    expect(flags).toEqual([expect.objectContaining({ code, shippedOrderId: first.id })]);
  });

  it.runIf(testDbKind === 'postgres')('ships one code once when two shipments race for it', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder({ quantity: 1 })));
    const code = codes(9000, 1);
    const results = await Promise.all(
      orders.map((o, i) =>
        send('POST', `/api/admin/orders/${o.id}/ship`, op, {
          carrier: '顺丰速运',
          tracking_no: `SF666000${i}`,
          trace_codes: [{ line_id: o.lineId, codes: code }],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const states = await Promise.all(orders.map((o) => statusOf(o.id)));
    expect(states.filter((s) => s === 'shipped')).toHaveLength(1);
  });
});

describe('the delivery note (随货同行单)', () => {
  it('is a PDF with the GSP fields, for the order’s own store and the console only', async () => {
    const o = await paidOrder({ quantity: 4 });
    await ctx.app.db
      .update(goods)
      .set({ dosageForm: '胶囊剂', authorizationHolder: '华北制药股份有限公司' })
      .where(eq(goods.id, o.goodsId));
    expect((await send('GET', `/api/order/${o.id}/delivery-note`, o.cookie)).statusCode).toBe(409);
    const { cookie: shipper } = await operatorCookie(ctx.app);
    await send('POST', `/api/admin/orders/${o.id}/ship`, shipper, {
      carrier: '中通快递',
      tracking_no: 'ZT5550007',
    });
    const note = await send('GET', `/api/order/${o.id}/delivery-note`, o.cookie);
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    const [text] = await pdfText(note.rawPayload);
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, o.id));
    // GSP article 73 and its appendix: every item an inspector checks, label and value.
    for (const part of [
      '随货同行单',
      `单号：${order.orderNo}`,
      `收货单位：${o.b.company.name}`,
      '收货地址：浙江省杭州市滨江区江南大道1号',
      '供货单位：',
      `发货日期：${new Date().toISOString().slice(0, 4)}`,
      '通用名称',
      '阿莫西林胶囊',
      '商品名称',
      '剂型',
      '胶囊剂',
      '规格',
      '上市许可持有人',
      '华北制药股份有限公司',
      '生产厂商',
      '批准文号/注册证号',
      '国药准字H13023964',
      '批号',
      `T${o.goodsId}W${warehouseId}`,
      '有效期至',
      '2030-12-31',
      '数量',
      '合格',
      '承运：中通快递 ZT5550007',
      '49.36',
      '发货人：运营小王',
      '复核人：运营小王',
      '出库专用章（盖章处）',
    ])
      expect(text, part).toContain(part);
    expect(text).not.toContain('复核人：收货人');
    const stranger = await createBuyer(ctx.app.db);
    expect(
      (await send('GET', `/api/order/${o.id}/delivery-note`, await buyerCookie(ctx.app, stranger.user.id)))
        .statusCode,
    ).toBe(404);
    expect((await send('GET', `/api/order/${o.id}/trace-codes`, o.cookie)).statusCode).toBe(409);
    expect((await ctx.app.inject(`/api/order/${o.id}/delivery-note`)).statusCode).toBe(401);
    expect((await send('GET', `/api/admin/orders/${o.id}/delivery-note`, op)).statusCode).toBe(200);
  });
});

describe('GSP records', () => {
  it('exports the sales record of a date range as .xlsx, one row per batch shipped', async () => {
    const o = await paidOrder({ quantity: 6 });
    await addBatch(o.goodsId, 'G2702', '2027-02-28', 4);
    await send('POST', `/api/admin/orders/${o.id}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550099',
    });
    // A buyer names its own company: text a spreadsheet would run goes out after a quote (issue 30).
    const companyName = '@SUM(1+1)*cmd|" /C calc"!A0';
    await ctx.app.db.update(companies).set({ name: companyName }).where(eq(companies.id, o.b.company.id));
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const file = await send('GET', `/api/admin/gsp/sales?from=${today}&to=${today}`, op);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(
      encodeURIComponent(`GSP销售记录_${today}_${today}.xlsx`),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as never);
    const sheet = workbook.getWorksheet('销售记录')!;
    const header = sheet.getRow(1).values as string[];
    expect(header.slice(1, 4)).toEqual(['销售日期', '订单号', '购货单位']);
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, o.id));
    const mine = sheet
      .getSheetValues()
      .filter((row) => Array.isArray(row) && row[2] === order.orderNo) as unknown[][];
    expect(mine.map((r) => [r[9], r[11], r[13], r[15]])).toEqual([
      ['G2702', '2027-02-28', 4, 49.36],
      [`T${o.goodsId}W${warehouseId}`, '2030-12-31', 2, 24.68],
    ]);
    expect(mine[0][3]).toBe(`'${companyName}`);
    const bad = await send('GET', '/api/admin/gsp/sales?from=2026-12-01&to=2026-11-01', op);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors.to).toEqual(['开始日期不能晚于结束日期']);
    expect(
      (await send('GET', '/api/admin/gsp/sales?from=2025-01-01&to=2026-11-01', op)).json().data.errors.to,
    ).toEqual(['一次最多导出一年']);
  });

  it('lists the trace codes offered twice for 质管', async () => {
    const flags = (await send('GET', '/api/admin/trace-code-flags', op)).json().data;
    expect(flags.total).toBeGreaterThan(0);
    expect(flags.list[0]).toMatchObject({ code: codes(500, 1), order_no: expect.stringMatching(/^YC/) });
    expect(flags.list[0].shipped_order_no).not.toBe(flags.list[0].order_no);
  });

  it('keeps sales and shipping records: no edit, no delete, even for the database owner', async () => {
    const o = await paidOrder({ quantity: 1 });
    await send('POST', `/api/admin/orders/${o.id}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550100',
      trace_codes: [{ line_id: o.lineId, codes: codes(700, 1) }],
    });
    const attempt = (statement: ReturnType<typeof sql>) =>
      ctx.app.db.execute(statement).then(
        () => 'done',
        (error: Error) => String((error as { cause?: Error }).cause?.message ?? error.message),
      );
    expect(await attempt(sql`update order_line_batches set quantity = 99 where order_id = ${o.id}`)).toMatch(
      /kept record: UPDATE refused/,
    );
    expect(await attempt(sql`delete from trace_codes where order_id = ${o.id}`)).toMatch(
      /kept record: DELETE refused/,
    );
    expect(await attempt(sql`update order_lines set quantity = 5 where order_id = ${o.id}`)).toMatch(
      /refused/,
    );
    expect(await attempt(sql`delete from orders where id = ${o.id}`)).toMatch(/refused/);
    expect(await attempt(sql`truncate trace_codes cascade`)).toMatch(/TRUNCATE refused/);
    // Order states still move on.
    expect(await attempt(sql`update orders set remarks = '备注' where id = ${o.id}`)).toBe('done');
  });
});

describe('药检报告 (inspection reports)', () => {
  const upload = (bytes: Buffer, filename: string) => {
    const form = multipart({}, { name: filename, bytes, type: 'application/octet-stream' });
    return { payload: form.payload, headers: { ...form.headers, cookie: op } };
  };

  /** A one-page PDF, as a scanner would make it (without text of its own). */
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  /** What a buyer's copy must say on every page: the supplier's quality department's mark. */
  const expectMarked = async (bytes: Buffer) => {
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page).toContain('本复印件与原件一致');
      expect(page).toContain('供货单位质量管理部');
    }
  };

  it('质管 uploads a batch’s report; the stores the batch shipped to download it from their order', async () => {
    const o = await paidOrder({ quantity: 2 });
    const [batch] = await ctx.app.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, o.goodsId));
    const url = `/api/admin/goods/${o.goodsId}/batches/${batch.id}/report`;
    const text = await ctx.app.inject({
      method: 'POST',
      url,
      ...upload(Buffer.from('not a report'), 'a.txt'),
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().data.errors.file).toEqual(['药检报告仅支持 PDF、JPG、PNG 文件']);
    // A PDF without a readable page could not carry the mark.
    const broken = await ctx.app.inject({
      method: 'POST',
      url,
      ...upload(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'b.pdf'),
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().data.errors.file[0]).toContain('PDF 文件无法读取');
    const wrongGoods = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/goods/${o.goodsId + 1}/batches/${batch.id}/report`,
      ...upload(pdf, 'r.pdf'),
    });
    expect(wrongGoods.statusCode).toBe(404);
    const uploaded = await ctx.app.inject({ method: 'POST', url, ...upload(pdf, 'r.pdf') });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data.batches.find((b: { id: number }) => b.id === batch.id).report).toBe(true);
    // The detail page offers the report of the batch that ships next, to logged-in buyers.
    const detailOf = async (cookie?: string) =>
      (
        await ctx.app.inject({ url: `/api/goods/detail/${o.goodsId}`, headers: cookie ? { cookie } : {} })
      ).json().data;
    expect((await detailOf(o.cookie)).inspection_report).toEqual({
      batch_no: batch.batchNo,
      expires_on: batch.expiresOn,
    });
    expect((await detailOf()).inspection_report).toBeNull();
    const next = await send('GET', `/api/goods/${o.goodsId}/inspection-report`, o.cookie);
    expect(next.statusCode).toBe(200);
    await expectMarked(next.rawPayload);
    expect((await ctx.app.inject(`/api/goods/${o.goodsId}/inspection-report`)).statusCode).toBe(401);

    await send('POST', `/api/admin/orders/${o.id}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550200',
    });
    const detail = (await send('GET', `/api/order/detail/${o.id}`, o.cookie)).json().data;
    expect(detail.batches).toEqual([expect.objectContaining({ batch_id: batch.id, report: true })]);
    const file = await send('GET', `/api/order/${o.id}/inspection-reports/${batch.id}`, o.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      encodeURIComponent(`药检报告_${batch.batchNo}.pdf`),
    );
    await expectMarked(file.rawPayload);
    expect((await pdfText(pdf)).join('')).not.toContain('本复印件与原件一致');
    // Another store, or a batch the order did not ship from: not found.
    const stranger = await buyerCookie(ctx.app, (await createBuyer(ctx.app.db)).user.id);
    expect(
      (await send('GET', `/api/order/${o.id}/inspection-reports/${batch.id}`, stranger)).statusCode,
    ).toBe(404);
    expect(
      (await send('GET', `/api/order/${o.id}/inspection-reports/${batch.id + 1}`, o.cookie)).statusCode,
    ).toBe(404);
    // The console keeps the original, unmarked.
    const original = await send('GET', url, op);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(pdf)).toBe(true);
  });

  it('a picture report reaches the buyer as a PDF carrying the mark under the picture', async () => {
    const o = await paidOrder({ quantity: 1 });
    const [batch] = await ctx.app.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, o.goodsId));
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/goods/${o.goodsId}/batches/${batch.id}/report`,
      ...upload(licenceImage(3, [200, 60, 60]), 'r.png'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await send('POST', `/api/admin/orders/${o.id}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF5550201',
    });
    const file = await send('GET', `/api/order/${o.id}/inspection-reports/${batch.id}`, o.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      encodeURIComponent(`药检报告_${batch.batchNo}.pdf`),
    );
    await expectMarked(file.rawPayload);
  });
});

describe('papers that travel with the goods (随货资料)', () => {
  it('records the store’s choice at order creation, shows it and prints it on the delivery note', async () => {
    const b = await createBuyer(ctx.app.db, { balanceFen: 1_000_000 });
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 1000 });
    const create = async (papers: unknown) => {
      const line = await addCartLine(ctx.app.db, b.user.id, g.id, warehouseId, 1);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/order/create',
        payload: { ids: [line.id], papers } as object,
        headers: { cookie, 'idempotency-key': key() },
      });
      if (res.statusCode !== 201) await ctx.app.db.delete(cartItems).where(eq(cartItems.userId, b.user.id));
      return res;
    };
    const bad = await create(['inspection', 'passport']);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors['papers.1']).toEqual(['随货资料不正确']);
    const made = await create(['inspection', 'company_first', 'inspection']);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id;
    const detail = (await send('GET', `/api/order/detail/${id}`, cookie)).json().data;
    expect(detail.papers).toEqual(['企业首营资料', '药检报告']);
    expect((await send('GET', `/api/admin/orders/${id}`, op)).json().data.papers).toEqual([
      '企业首营资料',
      '药检报告',
    ]);
    await send('POST', '/api/pay/balance', cookie, { order_id: id });
    await send('POST', `/api/admin/orders/${id}/ship`, op, { carrier: '顺丰速运', tracking_no: 'SF5550300' });
    const [text] = await pdfText((await send('GET', `/api/order/${id}/delivery-note`, cookie)).rawPayload);
    expect(text).toContain('随货资料：企业首营资料、药检报告');
  });
});

describe('首营资料 (first-sale papers)', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const upload = (url: string, bytes: Buffer) => {
    const boundary = '----yaocai-first';
    return ctx.app.inject({
      method: 'POST',
      url,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: op },
    });
  };
  const q = (name: string) => `name=${encodeURIComponent(name)}`;

  it('质管 uploads a goods’ and the company’s papers; logged-in buyers list and download the newest of each', async () => {
    const o = await paidOrder({ quantity: 1 });
    const goodsUrl = `/api/admin/goods/${o.goodsId}/first-documents?${q('药品注册证书/批件')}`;
    expect((await upload(`/api/admin/goods/${o.goodsId}/first-documents?${q('护照')}`, pdf)).statusCode).toBe(
      422,
    );
    expect((await upload(goodsUrl, Buffer.from('plain text'))).json().data.errors.file).toEqual([
      '首营资料仅支持 PDF、JPG、PNG 文件',
    ]);
    expect((await upload(`/api/admin/goods/99999999/first-documents?${q('其他')}`, pdf)).statusCode).toBe(
      404,
    );
    expect((await upload(goodsUrl, pdf)).statusCode).toBe(200);
    const newer = Buffer.concat([pdf, Buffer.from('% v2\n')]);
    expect((await upload(goodsUrl, newer)).statusCode).toBe(200);
    const company = await upload(`/api/admin/first-documents?${q('营业执照')}`, pdf);
    expect(company.statusCode, company.body).toBe(200);

    const list = (await send('GET', `/api/first-documents?goods_id=${o.goodsId}`, o.cookie)).json().data as {
      id: number;
      scope: string;
      name: string;
    }[];
    expect(list.map((d) => `${d.scope}:${d.name}`)).toEqual(['company:营业执照', 'goods:药品注册证书/批件']);
    const file = await send('GET', `/api/first-documents/${list[1].id}`, o.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(newer)).toBe(true);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('药品注册证书-批件.pdf'));
    // Without a goods: the company's papers only; a visitor: log in first.
    expect((await send('GET', '/api/first-documents', o.cookie)).json().data).toHaveLength(1);
    expect((await ctx.app.inject('/api/first-documents')).statusCode).toBe(401);
    // From the order: the company's papers and those of the order's goods; another store: 404.
    expect((await send('GET', `/api/first-documents?order_id=${o.id}`, o.cookie)).json().data).toHaveLength(
      2,
    );
    const stranger = await buyerCookie(ctx.app, (await createBuyer(ctx.app.db)).user.id);
    expect((await send('GET', `/api/first-documents?order_id=${o.id}`, stranger)).statusCode).toBe(404);
    expect((await send('GET', '/api/first-documents/99999999', o.cookie)).statusCode).toBe(404);
  });
});
