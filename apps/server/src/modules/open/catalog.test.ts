import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWarehouse, openApiKey, unpaidOrder } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, categories, goods, goodsBatches, goodsCategories, goodsStock } from '../../db/schema';
import { stockBatchMismatches } from '../catalog/queries';
import { unitsHeldByOpenOrders } from '../order/stock';

const mismatches = async () => stockBatchMismatches(ctx.app.db, await unitsHeldByOpenOrders(ctx.app.db));

// The ERP's goods, stock and prices through /api/open/v1 (both databases: TEST_DB).

let ctx: TestContext;
let full: { authorization: string; id: number };
let goodsOnly: { authorization: string };
let stockOnly: { authorization: string };
let warehouse: { id: number; code: string };

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  await ctx.app.db.insert(categories).values([
    { code: 'kss', menu: 'normal', name: '抗生素' },
    { code: 'gmy', menu: 'normal', name: '感冒用药' },
  ]);
  warehouse = await makeWarehouse(ctx.app.db, '杭州仓');
  full = await openApiKey(ctx.app, ['goods', 'stock', 'prices'], { name: '用友U8' });
  goodsOnly = await openApiKey(ctx.app, ['goods']);
  stockOnly = await openApiKey(ctx.app, ['stock']);
});
afterAll(() => ctx.close());

const call = (
  method: 'PUT' | 'POST' | 'GET',
  url: string,
  payload: unknown,
  authorization = full.authorization,
  headers: Record<string, string> = {},
) =>
  ctx.injectAsIs({
    method,
    url: `/api/open/v1${url}`,
    headers: { authorization, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
const goodsBody = (over: Record<string, unknown> = {}) => ({
  name: '阿莫西林胶囊',
  generic_name: '阿莫西林胶囊',
  maker: `测试药业${++seq}`,
  specification: '0.25g*24粒',
  unit: '盒',
  approval_number: `国药准字H1302${String(seq).padStart(4, '0')}`,
  category_code: 'kss',
  scope_class: 'kssz',
  prescription_class: 'rx',
  price: 12.5,
  ...over,
});

describe('PUT /goods/{erp_code}', () => {
  it('creates (201), answers unchanged and updated (200), keeps console fields, audits with the key name', async () => {
    const body = goodsBody({
      ladder: [{ min_quantity: 10, price: 12 }],
      on_sale: true,
      barcode: '6901234567892',
    });
    const created = await call('PUT', '/goods/YP-0001', body);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toEqual({ id, erp_code: 'YP-0001', status: 'created' });
    const [row] = await ctx.app.db.select().from(goods).where(eq(goods.id, id));
    expect(row).toMatchObject({
      erpCode: 'YP-0001',
      sku: `YC${String(id).padStart(8, '0')}`,
      basePriceFen: 1250,
      ladder: [{ quantity: 10, priceFen: 1200 }],
      isOnSale: true,
      barcode: '6901234567892',
      commonName: '阿莫西林胶囊',
    });
    await ctx.app.db.update(goods).set({ description: '运营写的说明' }).where(eq(goods.id, id));

    const again = await call('PUT', '/goods/YP-0001', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('unchanged');

    const renamed = await call('PUT', '/goods/YP-0001', {
      ...body,
      name: '阿莫西林胶囊（新包装）',
      category_code: 'gmy',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ id, erp_code: 'YP-0001', status: 'updated' });
    const [after] = await ctx.app.db.select().from(goods).where(eq(goods.id, id));
    expect(after.name).toBe('阿莫西林胶囊（新包装）');
    expect(after.description).toBe('运营写的说明');
    const links = await ctx.app.db.select().from(goodsCategories).where(eq(goodsCategories.goodsId, id));
    expect(links).toHaveLength(1);

    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'goods'), eq(auditLog.targetId, String(id))));
    expect(rows.map((r) => r.action).sort()).toEqual(['goods.create', 'goods.update']);
    expect(rows.every((r) => r.operatorName === '开放接口·用友U8')).toBe(true);

    const shop = await ctx.app.inject({ method: 'GET', url: `/api/goods/detail/${id}` });
    expect(shop.body).toContain('阿莫西林胶囊（新包装）');
  });

  it('refuses bad fields with 422 and the field names of the open API', async () => {
    const bad = await call(
      'PUT',
      '/goods/YP-0002',
      goodsBody({ category_code: 'nope', ladder: [{ min_quantity: 10, price: 99 }] }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('invalid_request');
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['category_code']));

    const ladder = await call(
      'PUT',
      '/goods/YP-0002',
      goodsBody({ ladder: [{ min_quantity: 10, price: 99 }] }),
    );
    expect(ladder.statusCode).toBe(422);
    expect(ladder.json().error.fields['ladder.0.price']).toEqual(['第1档单价不能高于基础价']);

    const unknown = await call('PUT', '/goods/YP-0002', { ...goodsBody(), colour: 'red', price: '12' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().error.fields)).toEqual(expect.arrayContaining(['colour', 'price']));

    // A barcode with a wrong check digit (6901234567892 is right).
    const barcode = await call('PUT', '/goods/YP-0002', goodsBody({ barcode: '6901234567893' }));
    expect(barcode.statusCode).toBe(422);
    expect(barcode.json().error.fields.barcode).toEqual(['条形码校验位不正确，请核对后重新输入']);

    const badCode = await call('PUT', `/goods/${encodeURIComponent('代码 1')}`, goodsBody());
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().error.fields.erp_code).toBeDefined();
  });

  it('refuses a second goods with the same approval number, specification and maker', async () => {
    const first = goodsBody();
    expect((await call('PUT', '/goods/DUP-1', first)).statusCode).toBe(201);
    const clash = await call('PUT', '/goods/DUP-2', first);
    expect(clash.statusCode).toBe(422);
    expect(clash.json().error.fields.approval_number[0]).toContain('已存在');
  });

  it('needs the prices scope to set a price; 403 without the goods scope; 401 once revoked', async () => {
    const priced = await call('PUT', '/goods/NOPRICE-1', goodsBody(), goodsOnly.authorization);
    expect(priced.statusCode).toBe(422);
    expect(priced.json().error.fields.price[0]).toContain('价格');

    const forbidden = await call('PUT', '/goods/X-1', goodsBody(), stockOnly.authorization);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');

    const doomed = await openApiKey(ctx.app, ['goods', 'prices']);
    expect((await call('PUT', '/goods/REV-1', goodsBody(), doomed.authorization)).statusCode).toBe(201);
    await ctx.app.db.execute(`update open_api_keys set revoked_at = now() where id = ${doomed.id}`);
    const revoked = await call('PUT', '/goods/REV-1', goodsBody(), doomed.authorization);
    expect(revoked.statusCode).toBe(401);
  });
});

describe('POST /goods/batch', () => {
  it('applies each item on its own and answers a result per item', async () => {
    const good = { erp_code: 'B-1', ...goodsBody() };
    const res = await call('POST', '/goods/batch', {
      items: [
        good,
        { erp_code: 'B-2', ...goodsBody({ category_code: 'none-such' }) },
        { ...good },
        { erp_code: 'B-3', ...goodsBody({ unit: '' }) },
        'not an object',
        { erp_code: 'B-4', ...goodsBody(), extra: 1 },
        { erp_code: 'B-5', ...goodsBody() },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ created: 2, updated: 0, unchanged: 0, failed: 5 });
    expect(data.results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
      'created',
    ]);
    expect(data.results[1].errors.category_code).toBeDefined();
    expect(data.results[2].errors.erp_code).toEqual(['同一请求中商品编码重复']);
    expect(data.results[3].errors.unit).toBeDefined();
    expect(data.results[5].errors.extra).toEqual(['不支持的字段：extra']);
    const written = await ctx.app.db.select({ code: goods.erpCode }).from(goods);
    expect(written.map((g) => g.code)).toEqual(expect.arrayContaining(['B-1', 'B-5']));
    expect(written.map((g) => g.code)).not.toContain('B-2');
  });

  it('replays an Idempotency-Key, refuses a bad envelope with 422', async () => {
    const body = { items: [{ erp_code: 'IDEM-1', ...goodsBody() }] };
    const headers = { 'idempotency-key': 'sync-2026-11-28-1' };
    const first = await call('POST', '/goods/batch', body, full.authorization, headers);
    const second = await call('POST', '/goods/batch', body, full.authorization, headers);
    expect(first.json().data.created).toBe(1);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);

    for (const envelope of [
      { items: 'x' },
      { items: [] },
      { items: [{}], more: 1 },
      { items: Array(1001).fill({}) },
    ]) {
      const res = await call('POST', '/goods/batch', envelope);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('invalid_request');
    }
  });

  it('creates the same new code from two calls at once exactly once', async () => {
    const body = { items: [{ erp_code: 'RACE-1', ...goodsBody() }] };
    const answers = await Promise.all([
      call('POST', '/goods/batch', body),
      call('POST', '/goods/batch', body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await ctx.app.db.select().from(goods).where(eq(goods.erpCode, 'RACE-1'));
    expect(rows).toHaveLength(1);
  });
});

async function pushed(code: string) {
  const res = await call('PUT', `/goods/${code}`, goodsBody({ on_sale: true }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('PUT /stock', () => {
  it('sets the batches of a warehouse; the shop stock and expiry follow', async () => {
    const id = await pushed('S-1');
    const item = {
      erp_code: 'S-1',
      warehouse_code: warehouse.code,
      batches: [
        { batch_no: 'A1', produced_on: '2026-01-01', expires_on: '2028-01-01', quantity: 30 },
        { batch_no: 'A2', produced_on: '2025-06-01', expires_on: '2027-05-31', quantity: 20 },
      ],
    };
    const res = await call('PUT', '/stock', { items: [item] }, stockOnly.authorization);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ updated: 1, failed: 0 });
    let [row] = await ctx.app.db.select().from(goods).where(eq(goods.id, id));
    expect(row).toMatchObject({ stockTotal: 50, expiresOn: '2027-05-31' });

    const again = await call('PUT', '/stock', { items: [item] }, stockOnly.authorization);
    expect(again.json().data.unchanged).toBe(1);

    // A2 is gone from the ERP: it holds nothing now; the shown expiry moves to A1.
    const fewer = await call('PUT', '/stock', { items: [{ ...item, batches: [item.batches[0]] }] });
    expect(fewer.json().data.updated).toBe(1);
    [row] = await ctx.app.db.select().from(goods).where(eq(goods.id, id));
    expect(row).toMatchObject({ stockTotal: 30, expiresOn: '2028-01-01' });
    const batches = await ctx.app.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, id));
    expect(batches.map((b) => [b.batchNo, b.quantity]).sort()).toEqual([
      ['A1', 30],
      ['A2', 0],
    ]);
    expect(await mismatches()).toEqual([]);
  });

  it('fails items alone: unknown goods, unknown warehouse, bad dates, duplicate batches', async () => {
    await pushed('S-2');
    const res = await call('PUT', '/stock', {
      items: [
        { erp_code: 'NOPE', batches: [] },
        { erp_code: 'S-2', warehouse_code: 'nowhere', batches: [] },
        {
          erp_code: 'S-2',
          batches: [{ batch_no: 'X', produced_on: '2026-01-01', expires_on: '2025-01-01', quantity: 1 }],
        },
        {
          erp_code: 'S-2',
          batches: [
            { batch_no: 'X', produced_on: '2025-01-01', expires_on: '2027-01-01', quantity: 1 },
            { batch_no: 'X', produced_on: '2025-01-01', expires_on: '2027-01-01', quantity: 2 },
          ],
        },
        {
          erp_code: 'S-2',
          batches: [{ batch_no: 'Y', produced_on: '2025-01-01', expires_on: '2027-01-01', quantity: 7 }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results;
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'updated',
    ]);
    expect(results[0].errors.erp_code).toBeDefined();
    expect(results[1].errors.warehouse_code).toBeDefined();
    expect(results[2].errors['batches.0.expires_on']).toEqual(['有效期须晚于生产日期']);
    expect(results[3].errors.batches).toEqual(['批号不能重复']);
  });

  it('keeps the units unpaid orders hold: a count below them fails, above them sells the rest', async () => {
    const order = await unpaidOrder(ctx.app, warehouse.id);
    await ctx.app.db.update(goods).set({ erpCode: 'HELD-1' }).where(eq(goods.id, order.goods.id));
    const batch = (quantity: number) => ({
      erp_code: 'HELD-1',
      warehouse_code: warehouse.code,
      batches: [{ batch_no: 'H1', produced_on: '2025-01-01', expires_on: '2028-01-01', quantity }],
    });
    const none = await call('PUT', '/stock', { items: [batch(0)] });
    expect(none.json().data.results[0].status).toBe('failed');
    expect(none.json().data.results[0].errors.batches[0]).toContain('占用');
    const five = await call('PUT', '/stock', { items: [batch(5)] });
    expect(five.json().data.updated).toBe(1);
    const [stock] = await ctx.app.db.select().from(goodsStock).where(eq(goodsStock.goodsId, order.goods.id));
    expect(stock.quantity).toBe(4);
    expect(await mismatches()).toEqual([]);
  });

  it('two calls at once for the same goods leave stock and batches in agreement', async () => {
    await pushed('S-3');
    const item = (quantity: number) => ({
      items: [
        {
          erp_code: 'S-3',
          batches: [{ batch_no: 'C', produced_on: '2025-01-01', expires_on: '2028-01-01', quantity }],
        },
      ],
    });
    const answers = await Promise.all([call('PUT', '/stock', item(11)), call('PUT', '/stock', item(22))]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await mismatches()).toEqual([]);
  });
});

describe('PUT /prices', () => {
  it('sets prices per item with the console rules; unknown codes fail', async () => {
    const id = await pushed('P-1');
    const res = await call('PUT', '/prices', {
      items: [
        { erp_code: 'P-1', price: 9.9, ladder: [{ min_quantity: 20, price: 9.5 }] },
        { erp_code: 'P-404', price: 1 },
        { erp_code: 'P-1', price: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.results.map((r: { status: string }) => r.status)).toEqual(['updated', 'failed', 'failed']);
    expect(data.results[2].errors.price).toEqual(['价格须大于0']);
    const [row] = await ctx.app.db.select().from(goods).where(eq(goods.id, id));
    expect(row).toMatchObject({ basePriceFen: 990, ladder: [{ quantity: 20, priceFen: 950 }] });
    const zero = await call('PUT', '/prices', { items: [{ erp_code: 'P-1', price: 0 }] });
    expect(zero.json().data.results[0].errors.price).toEqual(['价格须大于0']);
    const forbidden = await call('PUT', '/prices', { items: [] }, goodsOnly.authorization);
    expect(forbidden.statusCode).toBe(403);
  });
});
