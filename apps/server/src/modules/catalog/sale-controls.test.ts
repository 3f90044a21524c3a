import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  makeWarehouse,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { auditLog, goodsSaleControls } from '../../db/schema';

// 控销: the console sets controls; the eligibility rule then refuses price, cart and checkout to
// buyers outside them, at every door, with the reason in Chinese.

let ctx: TestContext;
let warehouseId: number;
let admin: string;
let pharmacyOnly: { id: number; name: string };
let jiangsuOnly: { id: number; name: string };
let free: { id: number };
let pharmacy: { cookie: string; userId: number };
let clinic: { cookie: string; userId: number };
let key = 0;

const TYPE_REFUSAL = '该商品为控销商品，仅限药店、连锁药店采购';
const REGION_REFUSAL = '该商品在您所在地区暂不销售';

async function call(method: 'GET' | 'POST', url: string, cookie = '', payload?: object) {
  const headers: Record<string, string> = { cookie };
  if (url === '/api/order/create') headers['idempotency-key'] = `kx-key-${++key}-${process.pid}`;
  const res = await ctx.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, body: res.json() };
}

async function buyer(type: string) {
  const b = await createBuyer(ctx.database.db, { type, scope: ['cfy', 'fcfy', 'kssz'] });
  return { userId: b.user.id, cookie: await buyerCookie(ctx.app, b.user.id) };
}

const addLine = (cookie: string, goodsId: number) =>
  call('POST', '/api/cart', cookie, { params: [{ goods_id: goodsId, number: 1, ck_id: warehouseId }] });

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const db = ctx.database.db;
  warehouseId = (await makeWarehouse(db)).id;
  pharmacyOnly = await createGoods(db, {
    warehouseId,
    name: '控销复方丹参滴丸',
    priceFen: 2650,
    scopeClass: 'fcfy',
  });
  jiangsuOnly = await createGoods(db, {
    warehouseId,
    name: '控销苏州片',
    priceFen: 1200,
    scopeClass: 'fcfy',
  });
  free = await createGoods(db, { warehouseId, name: '不控销维C片', priceFen: 500, scopeClass: 'fcfy' });
  admin = (await operatorCookie(ctx.app)).cookie;
  pharmacy = await buyer('pharmacy');
  clinic = await buyer('clinic');
  const set = await call('POST', '/api/admin/sale-controls', admin, {
    goods_ids: [pharmacyOnly.id],
    customer_types: ['pharmacy', 'chain'],
  });
  expect(set.status).toBe(200);
  const region = await call('POST', '/api/admin/sale-controls', admin, {
    goods_ids: [jiangsuOnly.id],
    regions: [{ province: '江苏省', city: '' }],
  });
  expect(region.body.data).toEqual({ updated: 1 });
});
afterAll(() => ctx.close());

const listed = (body: { data: { list: { id: number }[] } }, id: number) =>
  body.data.list.find((g) => g.id === id) as Record<string, unknown> | undefined;

describe('GET /api/kx/getList', () => {
  it('lists the controlled goods only, each judged for the asking buyer', async () => {
    const asClinic = await call('GET', '/api/kx/getList?page_size=100', clinic.cookie);
    expect(asClinic.status).toBe(200);
    const ids = asClinic.body.data.list.map((g: { id: number }) => g.id);
    expect(ids).toEqual(expect.arrayContaining([pharmacyOnly.id, jiangsuOnly.id]));
    expect(ids).not.toContain(free.id);
    expect(listed(asClinic.body, pharmacyOnly.id)).toMatchObject({
      controlled: true,
      price_visibility: 'controlled',
      price_tip: TYPE_REFUSAL,
      control_message: TYPE_REFUSAL,
      base_price: null,
      ladder_price: [],
    });
    const asPharmacy = await call('GET', '/api/kx/getList?page_size=100&sort=price_desc', pharmacy.cookie);
    expect(listed(asPharmacy.body, pharmacyOnly.id)).toMatchObject({
      price_visibility: 'visible',
      base_price: 26.5,
      control_message: null,
    });
    // The pharmacy is in 浙江省: the 江苏 goods is shown, unpriced, with the reason.
    expect(listed(asPharmacy.body, jiangsuOnly.id)).toMatchObject({
      base_price: null,
      control_message: REGION_REFUSAL,
    });
  });

  it('shows a visitor the controlled goods with the login guidance', async () => {
    const visitor = await call('GET', '/api/kx/getList?page_size=100');
    expect(listed(visitor.body, pharmacyOnly.id)).toMatchObject({
      controlled: true,
      price_visibility: 'login',
      price_tip: '登录后查看价格',
      base_price: null,
      control_message: null,
    });
  });

  it('takes the goods list params and refuses bad ones in Chinese', async () => {
    const named = await call(
      'GET',
      `/api/kx/getList?keywords=${encodeURIComponent('苏州片')}`,
      clinic.cookie,
    );
    expect(named.body.data.list.map((g: { id: number }) => g.id)).toEqual([jiangsuOnly.id]);
    const bad = await call('GET', '/api/kx/getList?shelf_months=99');
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.shelf_months).toEqual(['效期月数不能超过60']);
  });
});

describe('every door enforces the control', () => {
  it('goods detail and the goods list tell the clinic why, and price for the pharmacy', async () => {
    const detail = await call('GET', `/api/goods/detail/${pharmacyOnly.id}`, clinic.cookie);
    expect(detail.body.data).toMatchObject({ base_price: null, control_message: TYPE_REFUSAL, gifts: [] });
    const list = await call(
      'GET',
      `/api/goods/list?keywords=${encodeURIComponent('控销复方')}`,
      clinic.cookie,
    );
    expect(listed(list.body, pharmacyOnly.id)).toMatchObject({ price_tip: TYPE_REFUSAL });
    const mine = await call('GET', `/api/goods/detail/${pharmacyOnly.id}`, pharmacy.cookie);
    expect(mine.body.data).toMatchObject({ base_price: 26.5, control_message: null, controlled: true });
  });

  it('refuses the clinic cart add with the reason and takes the pharmacy', async () => {
    const refused = await addLine(clinic.cookie, pharmacyOnly.id);
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors['params.0.goods_id']).toEqual([
      `「${pharmacyOnly.name}」${TYPE_REFUSAL}`,
    ]);
    const region = await addLine(pharmacy.cookie, jiangsuOnly.id);
    expect(region.body.data.errors['params.0.goods_id']).toEqual([
      `「${jiangsuOnly.name}」${REGION_REFUSAL}`,
    ]);
    expect((await addLine(pharmacy.cookie, pharmacyOnly.id)).status).toBe(200);
  });

  it('refuses checkout and order creation of a line the clinic added before the control', async () => {
    const line = await addCartLine(ctx.database.db, clinic.userId, pharmacyOnly.id, warehouseId, 1);
    const checkout = await call('POST', '/api/cart/checkout', clinic.cookie, { ids: [line.id] });
    expect(checkout.status).toBe(422);
    expect(checkout.body.data.problems).toEqual([
      expect.objectContaining({ reason: 'control_type', message: `「${pharmacyOnly.name}」${TYPE_REFUSAL}` }),
    ]);
    const create = await call('POST', '/api/order/create', clinic.cookie, { ids: [line.id] });
    expect([create.status, create.body.message]).toEqual([403, `「${pharmacyOnly.name}」${TYPE_REFUSAL}`]);

    const other = await buyer('chain');
    const own = await addCartLine(ctx.database.db, other.userId, pharmacyOnly.id, warehouseId, 1);
    expect((await call('POST', '/api/cart/checkout', other.cookie, { ids: [own.id] })).status).toBe(200);
  });
});

describe('console /api/admin/sale-controls', () => {
  it('needs a logged-in operator with goods:write', async () => {
    const body = { goods_ids: [free.id], customer_types: ['clinic'] };
    expect((await call('POST', '/api/admin/sale-controls', '', body)).status).toBe(401);
    const finance = (await operatorCookie(ctx.app, 'finance')).cookie;
    expect((await call('POST', '/api/admin/sale-controls', finance, body)).status).toBe(403);
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    expect((await call('GET', '/api/admin/sale-controls', warehouse)).status).toBe(200);
    expect(
      (await call('POST', '/api/admin/sale-controls/remove', warehouse, { goods_ids: [free.id] })).status,
    ).toBe(403);
  });

  it('refuses an empty control, an unknown type and an unknown goods with Chinese field messages', async () => {
    const empty = await call('POST', '/api/admin/sale-controls', admin, { goods_ids: [free.id] });
    expect(empty.status).toBe(422);
    expect(empty.body.data.errors.customer_types).toEqual(['请至少限定客户类型或销售区域之一']);
    const type = await call('POST', '/api/admin/sale-controls', admin, {
      goods_ids: [free.id],
      customer_types: ['hospital'],
    });
    expect(type.body.data.errors['customer_types.0']).toEqual(['客户类型不正确']);
    const none = await call('POST', '/api/admin/sale-controls', admin, {
      goods_ids: [],
      customer_types: ['clinic'],
    });
    expect(none.body.data.errors.goods_ids).toEqual(['请选择商品']);
    const unknown = await call('POST', '/api/admin/sale-controls', admin, {
      goods_ids: [2_000_000_000],
      customer_types: ['clinic'],
    });
    expect([unknown.status, unknown.body.data.errors.goods_ids]).toEqual([422, ['商品不存在：2000000000']]);
  });

  it('bulk-applies one control with an audit row per goods, lists it, and lifts it', async () => {
    const db = ctx.database.db;
    const a = await createGoods(db, { warehouseId, name: '批量控销甲', scopeClass: 'fcfy' });
    const b = await createGoods(db, { warehouseId, name: '批量控销乙', scopeClass: 'fcfy' });
    const { cookie, operatorId } = await operatorCookie(ctx.app, 'operations');
    const set = await call('POST', '/api/admin/sale-controls', cookie, {
      goods_ids: [a.id, b.id],
      customer_types: ['clinic'],
      regions: [{ province: '浙江省', city: '杭州市' }],
    });
    expect(set.body).toMatchObject({ code: 10000, data: { updated: 2 } });
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, operatorId), eq(auditLog.action, 'goods.sale_control')));
    expect(rows.map((r) => Number(r.targetId)).sort()).toEqual([a.id, b.id].sort());
    expect(rows[0].after).toEqual({
      customerTypes: ['clinic'],
      regions: [{ province: '浙江省', city: '杭州市' }],
    });

    const page = await call(
      'GET',
      `/api/admin/sale-controls?keywords=${encodeURIComponent('批量控销')}`,
      cookie,
    );
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.list[0].summary).toBe('仅限诊所采购；仅限浙江省杭州市销售');

    // Now a clinic in 杭州 may buy it and the pharmacy may not.
    expect((await addLine(clinic.cookie, a.id)).status).toBe(200);
    expect((await addLine(pharmacy.cookie, a.id)).body.data.errors['params.0.goods_id'][0]).toContain(
      '仅限诊所采购',
    );

    const lifted = await call('POST', '/api/admin/sale-controls/remove', cookie, { goods_ids: [a.id, b.id] });
    expect(lifted.body.data).toEqual({ updated: 2 });
    expect(await db.select().from(goodsSaleControls).where(eq(goodsSaleControls.goodsId, a.id))).toEqual([]);
    const removed = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, operatorId), eq(auditLog.action, 'goods.sale_control_remove')));
    expect(removed).toHaveLength(2);
    // Removing the control never forbids: the pharmacy may now add it.
    expect((await addLine(pharmacy.cookie, a.id)).status).toBe(200);
  });
});
