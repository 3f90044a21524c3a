import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerCookie,
  createBuyer,
  key,
  makeGoods,
  makeWarehouse,
  multipart,
  unpaidOrder,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { orderLines, orders } from '../../db/schema';
import { goodsPinyinColumns } from '../catalog/pinyin';
import { rebuildPurchases, recordPurchases } from './purchases';

let ctx: TestContext;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
let serial = 0;

async function goodsNamed(
  name: string,
  o: { approvalNo?: string; manufacturer?: string; onSale?: boolean } = {},
) {
  serial++;
  const manufacturer = o.manufacturer ?? '华北制药股份有限公司';
  return makeGoods(ctx.app.db, {
    sku: `QB${serial}${Date.now()}`,
    name,
    commonName: name,
    manufacturer,
    approvalNo: o.approvalNo ?? `国药准字H9${String(serial).padStart(7, '0')}${Date.now() % 1000}`,
    basePriceFen: 1200,
    isOnSale: o.onSale ?? true,
    stock: { [warehouseId]: 500 },
    ...goodsPinyinColumns(name, manufacturer),
  });
}

/** A paid (or unpaid) order of the store holding these lines, paid `daysAgo`. */
async function order(
  buyer: Awaited<ReturnType<typeof createBuyer>>,
  lines: { goods: { id: number; name: string }; quantity: number; priceFen: number }[],
  daysAgo: number,
  paid = true,
) {
  const at = new Date(Date.now() - daysAgo * DAY);
  const total = lines.reduce((s, l) => s + l.quantity * l.priceFen, 0);
  const [o] = await ctx.app.db
    .insert(orders)
    .values({
      orderNo: `QB${key()}`,
      userId: buyer.user.id,
      companyId: buyer.company.id,
      status: paid ? 'completed' : 'cancelled',
      goodsFen: total,
      totalFen: total,
      paidFen: paid ? total : 0,
      address: {} as never,
      idempotencyKey: key(),
      expiresAt: at,
      paidAt: paid ? at : null,
      createdAt: at,
    })
    .returning();
  await ctx.app.db.insert(orderLines).values(
    lines.map((l) => ({
      orderId: o.id,
      goodsId: l.goods.id,
      warehouseId,
      warehouseName: '杭州仓',
      goodsName: l.goods.name,
      spec: '0.25g*24粒',
      manufacturer: '华北制药股份有限公司',
      unit: '盒',
      quantity: l.quantity,
      unitPriceFen: l.priceFen,
      amountFen: l.quantity * l.priceFen,
      payableFen: l.quantity * l.priceFen,
    })),
  );
  // What payment does in its transaction (payment/trades.ts markOrderPaid).
  if (paid) await recordPurchases(ctx.app.db, o.id, buyer.user.id, at);
}

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });

const upload = (cookie: string, filename: string, bytes: Buffer) => {
  const body = multipart({}, { name: filename, bytes, type: 'application/octet-stream' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/quick_order/file',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
};

describe('快捷采购: GET /api/user/fast_buy', () => {
  it('lists what the store bought in paid orders, with times, last price and date, and today’s goods', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const other = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const a = await goodsNamed('快采阿莫西林胶囊');
    const b = await goodsNamed('快采布洛芬缓释胶囊');
    const gone = await goodsNamed('快采已下架片', { onSale: false });
    const unpaid = await goodsNamed('快采未付款颗粒');
    await order(
      buyer,
      [
        { goods: a, quantity: 10, priceFen: 1100 },
        { goods: b, quantity: 2, priceFen: 900 },
      ],
      20,
    );
    await order(buyer, [{ goods: a, quantity: 5, priceFen: 1050 }], 3);
    await order(buyer, [{ goods: b, quantity: 30, priceFen: 880 }], 10);
    await order(buyer, [{ goods: gone, quantity: 1, priceFen: 500 }], 15);
    await order(buyer, [{ goods: unpaid, quantity: 1, priceFen: 100 }], 1, false);
    await order(other, [{ goods: unpaid, quantity: 9, priceFen: 100 }], 1);

    const recent = await get('/api/user/fast_buy', cookie);
    expect(recent.statusCode, recent.body).toBe(200);
    const data = recent.json().data;
    expect(data.total).toBe(3);
    expect(data.list.map((i: { name: string }) => i.name)).toEqual([
      '快采阿莫西林胶囊',
      '快采布洛芬缓释胶囊',
      '快采已下架片',
    ]);
    const [first, second, third] = data.list;
    expect(first).toMatchObject({ goods_id: a.id, times: 2, total_quantity: 15, last_price: 10.5 });
    expect(first.last_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.goods).toMatchObject({ id: a.id, base_price: 12, number: 500 });
    expect(second).toMatchObject({ times: 2, total_quantity: 32, last_price: 8.8 });
    // Off sale: still listed with what was paid, with no goods to add.
    expect(third).toMatchObject({ goods_id: gone.id, goods: null, last_price: 5 });

    const byQuantity = (await get('/api/user/fast_buy?order=quantity', cookie)).json().data;
    expect(byQuantity.list[0].goods_id).toBe(b.id);
    const paged = (await get('/api/user/fast_buy?page=2&page_size=2', cookie)).json().data;
    expect(paged).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(paged.list).toHaveLength(1);
    // Past the last page: no rows, the total still told.
    const past = (await get('/api/user/fast_buy?page=5&page_size=2', cookie)).json().data;
    expect(past).toMatchObject({ total: 3, page: 5, list: [] });
  });

  it('a payment through the API records the purchase; a rebuild from the orders gives the same history', async () => {
    const t = await unpaidOrder(ctx.app, warehouseId, { buyer: { balanceFen: 500000 }, priceFen: 2500 });
    expect((await get('/api/user/fast_buy', t.cookie)).json().data.total).toBe(0);
    const paid = await post('/api/pay/balance', t.cookie, { order_id: t.orderId });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await get('/api/user/fast_buy', t.cookie)).json().data;
    expect(after.total).toBe(1);
    expect(after.list[0]).toMatchObject({
      goods_id: t.goods.id,
      times: 1,
      total_quantity: 1,
      last_price: 25,
    });
    const before = (await get('/api/user/fast_buy?order=times', t.cookie)).json().data;
    await rebuildPurchases(ctx.app.db);
    expect((await get('/api/user/fast_buy?order=times', t.cookie)).json().data).toEqual(before);
  });

  it('answers 422 for a bad order or page, and 401 to a visitor', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const bad = await get('/api/user/fast_buy?order=price&page=0', cookie);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors.order).toEqual(['排序方式不正确']);
    expect((await get('/api/user/fast_buy', '')).statusCode).toBe(401);
    expect((await get('/api/user/fast_buy', cookie)).json().data).toMatchObject({ list: [], total: 0 });
  });
});

describe('快捷采购: quick order matching', () => {
  it('matches by approval number, whole name and pinyin initials; offers a choice; names what is missing', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const lhqw = await goodsNamed('匹配连花清瘟胶囊', { approvalNo: '国药准字Z20040063' });
    await goodsNamed('匹配感冒灵颗粒', { manufacturer: '甲药业' });
    await goodsNamed('匹配感冒灵颗粒', { manufacturer: '乙药业' });
    const hidden = await goodsNamed('匹配下架丸', { onSale: false });
    const text = [
      '国药准字z20040063\t10',
      '匹配连花清瘟胶囊 5',
      'pplhqw，3',
      '匹配感冒灵颗粒,2',
      '根本不存在的药 1',
      `${hidden.name} 1`,
      '匹配连花清瘟胶囊,2.5',
    ].join('\n');
    const res = await post('/api/user/quick_order', cookie, { text });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ matched: 3, choose: 1, unmatched: 3 });
    const lines = data.lines as {
      line: number;
      status: string;
      quantity: number | null;
      reason: string | null;
      candidates: { id: number; sccj: string }[];
    }[];
    expect(lines.map((l) => l.status)).toEqual([
      'matched',
      'matched',
      'matched',
      'choose',
      'none',
      'none',
      'invalid',
    ]);
    for (const l of lines.slice(0, 3)) expect(l.candidates.map((c) => c.id)).toEqual([lhqw.id]);
    expect(lines[0].quantity).toBe(10);
    expect(lines[3].candidates.map((c) => c.sccj).sort()).toEqual(['乙药业', '甲药业']);
    expect(lines[3].reason).toBe('找到2个相似商品，请选择');
    expect(lines[4].reason).toBe('未找到匹配的在售商品，可发起品种求购');
    expect(lines[6]).toMatchObject({ line: 7, reason: '数量“2.5”不是正整数' });

    // A NUL is refused in a pasted text (by the body check every route has)...
    const nul = await post('/api/user/quick_order', cookie, { text: `匹配连花\u0000清瘟胶囊 2` });
    expect(nul.statusCode).toBe(422);
    // A LIKE wildcard is a character, not "anything".
    const wild = (await post('/api/user/quick_order', cookie, { text: '%\n_ 2' })).json().data;
    expect(wild.lines.map((l: { status: string }) => l.status)).toEqual(['none', 'none']);
  });

  it('refuses an empty box and more than 200 lines whole', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const empty = await post('/api/user/quick_order', cookie, { text: ' \n ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().data.errors.text).toEqual(['请粘贴要采购的商品']);
    const many = await post('/api/user/quick_order', cookie, {
      text: Array.from({ length: 201 }, (_, i) => `药${i} 1`).join('\n'),
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().data.errors.text[0]).toBe('一次最多200行，当前201行，请分批采购');
    const huge = await post('/api/user/quick_order', cookie, { text: 'x'.repeat(20_001) });
    expect(huge.statusCode).toBe(422);
    expect((await post('/api/user/quick_order', '', { text: 'a' })).statusCode).toBe(401);
  });

  it('reads an .xlsx and a GB18030 .csv; refuses 5,000 rows and files that are not sheets', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const cookie = await buyerCookie(ctx.app, buyer.user.id);
    const g = await goodsNamed('表格维生素C片', { approvalNo: '国药准字H44021234' });

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('采购单');
    sheet.addRow(['商品名称', '数量']);
    sheet.addRow(['国药准字H44021234', 6]);
    sheet.addRow(['bgwsscp', '']);
    // ...and never reaches PostgreSQL from a sheet's cell (which refuses NUL in text).
    sheet.addRow(['表格\u0000维生素C片', 1]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const fromXlsx = await upload(cookie, '采购单.xlsx', xlsx);
    expect(fromXlsx.statusCode, fromXlsx.body).toBe(200);
    expect(fromXlsx.json().data.lines).toMatchObject([
      { line: 2, status: 'matched', quantity: 6, candidates: [{ id: g.id }] },
      { line: 3, status: 'matched', quantity: null, candidates: [{ id: g.id }] },
      { line: 4, keyword: '表格维生素C片', status: 'matched', quantity: 1 },
    ]);

    const gbk = Buffer.from(
      // "表格维生素C片,4" in GB18030, as Excel on a Chinese Windows saves a .csv.
      new Uint8Array([
        0xb1, 0xed, 0xb8, 0xf1, 0xce, 0xac, 0xc9, 0xfa, 0xcb, 0xd8, 0x43, 0xc6, 0xac, 0x2c, 0x34,
      ]),
    );
    const fromCsv = await upload(cookie, 'order.csv', gbk);
    expect(fromCsv.statusCode, fromCsv.body).toBe(200);
    expect(fromCsv.json().data.lines).toMatchObject([{ line: 1, status: 'matched', quantity: 4 }]);

    const big = new ExcelJS.Workbook();
    const bigSheet = big.addWorksheet('s');
    for (let i = 0; i < 5000; i++) bigSheet.addRow([`药品${i}`, 1]);
    const tooMany = await upload(cookie, 'big.xlsx', Buffer.from(await big.xlsx.writeBuffer()));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().data.errors.file[0]).toBe('一次最多200行，文件有5000行，请分批采购');

    const notSheet = await upload(cookie, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    expect(notSheet.statusCode).toBe(422);
    expect(notSheet.json().data.errors.file).toEqual(['请上传 .xlsx 或 .csv 文件']);
    const broken = await upload(cookie, 'broken.xlsx', Buffer.from('PK\u0003\u0004not really a zip'));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().data.errors.file).toEqual(['文件不是有效的 .xlsx 表格']);
  });
});
