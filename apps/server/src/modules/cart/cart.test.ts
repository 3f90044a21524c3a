import { CART_MAX_LINES, type CartHint, type CartLine, type CheckoutProblem } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  loginAs,
  makeBuyer,
  makeGoods,
  makeManjian,
  makeWarehouse,
  setShipping,
  setStock,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { cartItems, giftRules, goodsCombinationItems, goodsCombinations } from '../../db/schema';
import { invalidateCartPromotions } from '../promotion/loaders';
import { bumpLine, insertLine } from './queries';

let ctx: TestContext;
let cookie: string;
let sisterCookie: string;
let strangerCookie: string;
let pendingCookie: string;
let pendingId: number;
let stores: { id: number }[];
let strangerId: number;
const g: Record<string, { id: number }> = {};
let whA: { id: number };
let whB: { id: number };
let comboId: number;

const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function call(method: 'GET' | 'POST', url: string, payload?: unknown, who = cookie) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { cookie: who, ...(typeof payload === 'string' ? form : {}) },
    payload: payload as never,
  });
  return { status: res.statusCode, body: res.json() };
}

const add = (lines: Record<string, unknown>[], who = cookie) =>
  call('POST', '/api/cart', { params: lines }, who);
const list = (who = cookie) => call('GET', '/api/cart/list?filters=99999&new=1', undefined, who);
const linesOf = async (who = cookie) => (await list(who)).body.data.data as CartLine[];

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const db = ctx.database.db;
  whA = await makeWarehouse(db, '杭州仓');
  whB = await makeWarehouse(db, '广州仓');
  // 阿莫西林 ¥10, from 10 boxes ¥9, from 50 ¥8; minimum 2, step 2.
  g.amxl = await makeGoods(db, {
    name: '阿莫西林胶囊',
    tags: ['满'],
    basePriceFen: 1000,
    ladderType: 0,
    ladderTiers: [
      { quantity: 10, priceFen: 900 },
      { quantity: 50, priceFen: 800 },
    ],
    minQuantity: 2,
    stepQuantity: 2,
    stock: { [whA.id]: 200, [whB.id]: 50 },
  });
  g.blg = await makeGoods(db, {
    name: '板蓝根颗粒',
    tags: ['满'],
    basePriceFen: 30000,
    stock: { [whA.id]: 100 },
  });
  g.mask = await makeGoods(db, { name: '医用外科口罩', isBuy: false, stock: { [whA.id]: 100 } });
  g.soldOut = await makeGoods(db, { name: '连花清瘟胶囊', stock: { [whA.id]: 0 } });
  g.device = await makeGoods(db, { name: '心脏支架', scopeClass: 'qx3', stock: { [whA.id]: 10 } });
  g.offSale = await makeGoods(db, { name: '已下架药品', isOnSale: false, stock: { [whA.id]: 10 } });
  g.gift = await makeGoods(db, { name: '维生素C片', basePriceFen: 500, stock: { [whA.id]: 100 } });
  await makeManjian(db, [
    { amountFen: 100000, reductionFen: 5000 },
    { amountFen: 200000, reductionFen: 12000 },
  ]);
  await setShipping(db, 80000, 1500);
  await db.insert(giftRules).values({
    goodsId: g.blg.id,
    type: 1,
    buyQuantity: 2,
    giftGoodsId: g.gift.id,
    giftQuantity: 1,
    repeat: true,
  });
  const [combo] = await db
    .insert(goodsCombinations)
    .values({ name: '感冒组合装', priceFen: 5000, mainGoodsId: g.amxl.id, warehouseId: whA.id })
    .returning();
  comboId = combo.id;
  await db.insert(goodsCombinationItems).values([
    { combinationId: combo.id, goodsId: g.amxl.id, quantity: 2 },
    { combinationId: combo.id, goodsId: g.gift.id, quantity: 4 },
  ]);
  invalidateCartPromotions();

  const buyer = await makeBuyer(db, { stores: 3 });
  stores = buyer.stores;
  cookie = await loginAs(ctx.app, stores[0].id);
  sisterCookie = await loginAs(ctx.app, stores[1].id);
  const stranger = await makeBuyer(db);
  strangerId = stranger.user.id;
  strangerCookie = await loginAs(ctx.app, stranger.user.id);
  const pending = await makeBuyer(db, { company: { qualificationStatus: 'pending' } });
  pendingCookie = await loginAs(ctx.app, pending.user.id);
  pendingId = pending.user.id;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(cartItems);
});

describe('cart API: login', () => {
  it('answers visitors 401/10001 on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/cart/list'],
      ['GET', '/api/cart/total'],
      ['POST', '/api/cart'],
      ['POST', '/api/cart/checkout'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined, '');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(10001);
    }
  });
});

describe('POST /api/cart', () => {
  it('adds form-encoded lines, ignores the client price and merges the same goods', async () => {
    const res = await call(
      'POST',
      '/api/cart',
      `params[0][goods_id]=${g.amxl.id}&params[0][number]=4&params[0][price]=0.01&params[0][ck_id]=${whA.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    await add([{ goods_id: g.amxl.id, number: 6, ck_id: whA.id }]);
    const lines = await linesOf();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ number: 10, price: 9, amount: 90, ck_id: whA.id, ck_name: '杭州仓' });
    expect(lines[0].next_ladder).toEqual({ number: 50, more: 40, price: 8 });
    expect((await call('GET', '/api/cart/total')).body.data).toEqual({ total: 1 });
  });
  it('keeps different warehouses and price sources apart, and picks the fullest warehouse by default', async () => {
    await add([{ goods_id: g.amxl.id, number: 2 }]);
    await add([{ goods_id: g.amxl.id, number: 2, ck_id: whB.id }]);
    await add([{ goods_id: g.amxl.id, number: 2, goods_price_id: 7 }]);
    const lines = await linesOf();
    // The price source is stored with the line (it keeps lines apart), not shown: no client reads it.
    const stored = await ctx.app.db
      .select({ id: cartItems.id, goodsPriceId: cartItems.goodsPriceId })
      .from(cartItems);
    const priceSource = new Map(stored.map((s) => [s.id, s.goodsPriceId]));
    expect(lines.map((l) => [l.ck_id, priceSource.get(l.id)])).toEqual([
      [whA.id, 0],
      [whB.id, 0],
      [whA.id, 7],
    ]);
  });
  it('keeps one line for the same goods added from a 满减 page and from a list', async () => {
    // The add's goods_manjian_id does not set the line's activity (coverage does when priced).
    const first = await add([{ goods_id: g.amxl.id, number: 2, goods_manjian_id: 99 }]);
    const second = await add([{ goods_id: g.amxl.id, number: 4 }]);
    expect(second.body.data.ids).toEqual(first.body.data.ids);
    const lines = await linesOf();
    expect(lines.map((l) => [l.goods.id, l.number])).toEqual([[g.amxl.id, 6]]);
  });
  it('merges two concurrent adds of the same goods into one line with the summed quantity', async () => {
    const results = await Promise.all([
      add([{ goods_id: g.amxl.id, number: 4 }]),
      add([{ goods_id: g.amxl.id, number: 6 }]),
      add([{ goods_id: g.amxl.id, number: 8 }]),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const lines = await linesOf();
    expect(lines).toHaveLength(1);
    expect(lines[0].number).toBe(18);
  });
  it('refuses concurrent adds whose sum passes the stock, leaving a valid line', async () => {
    await setStock(ctx.database.db, g.amxl.id, whB.id, 10);
    const results = await Promise.all([
      add([{ goods_id: g.amxl.id, number: 6, ck_id: whB.id }]),
      add([{ goods_id: g.amxl.id, number: 6, ck_id: whB.id }]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await linesOf())[0].number).toBe(6);
    await setStock(ctx.database.db, g.amxl.id, whB.id, 50);
  });
  it.each([
    [{ number: 0 }, '数量必须为正整数'],
    [{ number: -2 }, '数量必须为正整数'],
    [{ number: 2.5 }, '数量必须为正整数'],
    [{ number: 'abc' }, '数量必须为正整数'],
    [{ number: 3 }, '购买数量必须是2的整数倍（中包装）'],
    [{ number: 202 }, '库存不足，最多可购买200'],
  ])('refuses quantity %j with 422 in Chinese and changes nothing', async (over, message) => {
    await add([{ goods_id: g.amxl.id, number: 2 }]);
    const res = await add([{ goods_id: g.amxl.id, ck_id: whA.id, ...over }]);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(422);
    expect(res.body.message).toContain(message);
    expect(Object.keys(res.body.data.errors)[0]).toBe('params.0.number');
    expect((await linesOf()).map((l) => l.number)).toEqual([2]);
  });
  it('refuses a merged quantity above stock', async () => {
    await add([{ goods_id: g.amxl.id, number: 150, ck_id: whA.id }]);
    const res = await add([{ goods_id: g.amxl.id, number: 60, ck_id: whA.id }]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('阿莫西林胶囊：库存不足，最多可购买200');
    expect((await linesOf())[0].number).toBe(150);
  });
  it.each([
    ['missing goods', () => ({ goods_id: 999999, number: 1 }), '商品不存在或已下架'],
    ['off sale', () => ({ goods_id: g.offSale.id, number: 1 }), '商品不存在或已下架'],
    ['not purchasable', () => ({ goods_id: g.mask.id, number: 1 }), '「医用外科口罩」暂不可购买'],
    ['sold out', () => ({ goods_id: g.soldOut.id, number: 1 }), '「连花清瘟胶囊」已售罄'],
    [
      'out of business scope',
      () => ({ goods_id: g.device.id, number: 1 }),
      '「心脏支架」超出经营范围：需具备「三类医疗器械」经营范围，请上传载明该范围的「医疗机构执业许可证」或「医疗器械经营许可证」',
    ],
    ['wrong warehouse', () => ({ goods_id: g.blg.id, number: 1, ck_id: whB.id }), '该仓库没有此商品'],
    ['unknown field', () => ({ goods_id: g.blg.id, number: 1, admin: 1 }), '不支持的字段'],
  ])('refuses %s and adds nothing of the request', async (_name, line, message) => {
    const res = await add([{ goods_id: g.blg.id, number: 1 }, line()]);
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(message);
    expect(await linesOf()).toEqual([]);
  });
  it('refuses a thousand lines in one request', async () => {
    const lines = Array.from({ length: 1000 }, () => ({ goods_id: g.blg.id, number: 1 }));
    const json = await add(lines);
    expect(json.status).toBe(422);
    expect(json.body.message).toBe('一次最多加入200种商品');
    const body = lines.map((l, i) => `params[${i}][goods_id]=${l.goods_id}&params[${i}][number]=1`).join('&');
    const formRes = await call('POST', '/api/cart', body);
    expect(formRes.status).toBe(422);
    expect(await linesOf()).toEqual([]);
  });
  it(`keeps the cart at ${CART_MAX_LINES} lines: a new line is refused, a merge still adds`, async () => {
    const [line] = (await add([{ goods_id: g.blg.id, number: 1 }])).body.data.ids;
    // Lines with distinct price sources do not merge: fill the cart up to the limit.
    await ctx.database.db.insert(cartItems).values(
      Array.from({ length: CART_MAX_LINES - 1 }, (_, i) => ({
        userId: stores[0].id,
        goodsId: g.blg.id,
        warehouseId: whA.id,
        quantity: 1,
        goodsPriceId: i + 1,
      })),
    );
    const refused = await add([{ goods_id: g.amxl.id, number: 2 }]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(`最多可放${CART_MAX_LINES}种商品`);
    expect((await linesOf()).some((l) => l.goods.id === g.amxl.id)).toBe(false);
    const merged = await add([{ goods_id: g.blg.id, number: 1 }]);
    expect(merged.status).toBe(200);
    expect(merged.body.data).toEqual({ ids: [line], total: CART_MAX_LINES });
  });
  it('refuses an empty request', async () => {
    const res = await call('POST', '/api/cart', {});
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('POST /api/cart with one goods line: one read and one guarded write', () => {
  const lineOf = (warehouseId: number, quantity: number) => ({
    goodsId: g.amxl.id,
    warehouseId,
    quantity,
    goodsPriceId: 0,
    ladderPriceId: 0,
    goodsManjianId: 0,
    isYj: 0,
    type: 1,
    combinationId: 0,
  });
  it('adds to a line only if it still holds the quantity the add was judged against', async () => {
    const [id] = (await add([{ goods_id: g.amxl.id, number: 2, ck_id: whA.id }])).body.data.ids;
    expect(await bumpLine(ctx.database.db, id, 4, 2)).toBe(false);
    expect((await linesOf())[0].number).toBe(2);
    expect(await bumpLine(ctx.database.db, id, 2, 2)).toBe(true);
    expect((await linesOf())[0].number).toBe(4);
  });
  it('creates a line only below the cart size and when no line of its merge key appeared', async () => {
    await add([{ goods_id: g.amxl.id, number: 2, ck_id: whA.id }]);
    const db = ctx.database.db;
    expect(await insertLine(db, stores[0].id, lineOf(whA.id, 2), CART_MAX_LINES)).toBeUndefined();
    expect(await insertLine(db, stores[0].id, lineOf(whB.id, 2), 1)).toBeUndefined();
    expect((await linesOf()).map((l) => [l.ck_id, l.number])).toEqual([[whA.id, 2]]);
    const id = await insertLine(db, stores[0].id, lineOf(whB.id, 2), 2);
    expect((await linesOf()).map((l) => [l.id, l.ck_id, l.number])).toEqual([
      [expect.any(Number), whA.id, 2],
      [id, whB.id, 2],
    ]);
  });
  it('sums twenty concurrent adds of the same goods into one line', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => add([{ goods_id: g.amxl.id, number: 2, ck_id: whA.id }])),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.data.ids[0])).size).toBe(1);
    const lines = await linesOf();
    expect(lines).toHaveLength(1);
    expect(lines[0].number).toBe(40);
  });
  it('never takes a line past its stock under concurrent adds', async () => {
    await setStock(ctx.database.db, g.amxl.id, whB.id, 10);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => add([{ goods_id: g.amxl.id, number: 2, ck_id: whB.id }])),
    );
    const accepted = results.filter((r) => r.status === 200).length;
    expect(accepted).toBe(5);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('阿莫西林胶囊：库存不足，最多可购买10');
    }
    expect((await linesOf()).map((l) => l.number)).toEqual([10]);
    await setStock(ctx.database.db, g.amxl.id, whB.id, 50);
  });
});

describe('GET /api/cart/list', () => {
  it('answers the spec cart state with every figure computed', async () => {
    await add([
      { goods_id: g.amxl.id, number: 50 },
      { goods_id: g.blg.id, number: 2 },
    ]);
    const { body } = await list();
    const state = body.data;
    expect(state.action).toBe('list');
    const [amxl, blg] = state.data;
    expect(amxl).toMatchObject({ price: 8, amount: 400, is_selected: true, type: 1 });
    expect(amxl.ladder_tier).toEqual({ number: 50, price: 8 });
    expect(amxl.goods).toMatchObject({
      name: '阿莫西林胶囊',
      bzdw: '盒',
      number: 200,
    });
    expect(amxl).toMatchObject({ min: 2, step: 2 });
    expect(blg.gift_data).toMatchObject({
      type: 1,
      total: 0,
      label: '赠',
      items: [{ name: '维生素C片', number: 1 }],
    });
    // 400 + 600 = 1000 reaches 满1000减50; free shipping at 800.
    expect(state.summary).toMatchObject({
      selected_total: 1000,
      reduction: 50,
      payable: 950,
      free_shipping_gap: 0,
    });
    expect(state.activity_data.manjians.manjians).toEqual([
      { amount: 1000, reduction: 50, status: 1, gap: 0 },
      { amount: 2000, reduction: 120, status: 0, gap: 1000 },
    ]);
    expect(state.shipping_data).toMatchObject({ shipping_amount: 800, no_trans_order_amount: 0, gap: 0 });
    expect(state.hints[0].text).toBe('再买¥1000.00可减¥120');
    expect(state.filter_data.warehouses).toEqual([{ id: whA.id, name: '杭州仓', count: 2 }]);
  });
  it('filters lines by warehouse', async () => {
    await add([{ goods_id: g.amxl.id, number: 2, ck_id: whA.id }]);
    await add([{ goods_id: g.amxl.id, number: 2, ck_id: whB.id }]);
    const { body } = await call('GET', `/api/cart/list?filters=${whB.id}`);
    expect(body.data.data.map((l: CartLine) => l.ck_id)).toEqual([whB.id]);
    expect(body.data.summary.line_count).toBe(2);
  });
  it('forces lines that became unpurchasable or sold out to unselected', async () => {
    const later = await makeGoods(ctx.database.db, { name: '蒲地蓝消炎片', stock: { [whA.id]: 5 } });
    await add([{ goods_id: later.id, number: 1 }]);
    await setStock(ctx.database.db, later.id, whA.id, 0);
    const [line] = await linesOf();
    expect(line).toMatchObject({
      is_selected: false,
      unselected_reason: 'out_of_stock',
      unselected_text: '该商品已售罄',
    });
  });
  it('prices a combination package as one line', async () => {
    const res = await add([{ goods_id: comboId, number: 2, type: 3 }]);
    expect(res.status).toBe(200);
    const [line] = await linesOf();
    expect(line).toMatchObject({ is_combination: true, type: 3, price: 50, amount: 100, number: 2 });
    expect(line.combination?.items.map((i: { name: string }) => i.name)).toEqual([
      '阿莫西林胶囊',
      '维生素C片',
    ]);
    expect(line.combination?.original_price).toBe(40);
  });
  it('shows a fresh cart as empty', async () => {
    const { body } = await list();
    expect(body.data.data).toEqual([]);
    expect(body.data.summary).toMatchObject({ line_count: 0, selected_total: 0 });
  });
});

describe('edit, select, delete', () => {
  it('edits a quantity across ladder tiers and answers the new state', async () => {
    await add([{ goods_id: g.amxl.id, number: 2 }]);
    const [line] = await linesOf();
    expect(line.price).toBe(10);
    const res = await call('POST', `/api/cart/${line.id}/edit`, `params[number]=10&new=1`);
    expect(res.status).toBe(200);
    expect(res.body.data.data[0]).toMatchObject({ number: 10, price: 9, amount: 90 });
    const bad = await call('POST', `/api/cart/${line.id}/edit`, { params: { number: 11 } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('2的整数倍');
    const zero = await call('POST', `/api/cart/${line.id}/edit`, { params: { number: 0 } });
    expect(zero.status).toBe(422);
    expect((await linesOf())[0].number).toBe(10);
  });
  it('selects, unselects and deletes in batches', async () => {
    await add([
      { goods_id: g.amxl.id, number: 2 },
      { goods_id: g.blg.id, number: 1 },
    ]);
    const ids = (await linesOf()).map((l) => l.id);
    const off = await call('POST', '/api/cart/batch_select', `ids[]=${ids[0]}&ids[]=${ids[1]}&is_selected=0`);
    expect(off.body.data.summary).toMatchObject({
      selected_count: 0,
      selected_total: 0,
      all_selected: false,
    });
    const on = await call('POST', '/api/cart/batch_select', { ids: [ids[1]], is_selected: 1 });
    expect(on.body.data.summary).toMatchObject({ selected_count: 1, selected_total: 300 });
    const del = await call('POST', '/api/cart/batch_delete', `ids[]=${ids[0]}`);
    expect(del.status).toBe(200);
    expect(del.body.data.data.map((l: CartLine) => l.id)).toEqual([ids[1]]);
  });
  it('never lets another company read or touch a line', async () => {
    await add([{ goods_id: g.amxl.id, number: 2 }]);
    const [line] = await linesOf();
    expect(await linesOf(strangerCookie)).toEqual([]);
    const attempts = [
      call('POST', `/api/cart/${line.id}/edit`, { params: { number: 4 } }, strangerCookie),
      call('POST', '/api/cart/batch_delete', { ids: [line.id] }, strangerCookie),
      call('POST', '/api/cart/batch_select', { ids: [line.id], is_selected: 0 }, strangerCookie),
      call('POST', '/api/cart/copy', { ids: [line.id], other_user_ids: [strangerId] }, strangerCookie),
      call('POST', '/api/cart/checkout', { ids: [line.id] }, strangerCookie),
      call('POST', '/api/cart/next_hint', { ids: [line.id] }, strangerCookie),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('购物车商品不存在或已被删除');
    }
    // A mix of own and foreign ids changes nothing either.
    await add([{ goods_id: g.blg.id, number: 1 }], strangerCookie);
    const [foreign] = await linesOf(strangerCookie);
    const mixed = await call('POST', '/api/cart/batch_delete', { ids: [line.id, foreign.id] });
    expect(mixed.status).toBe(404);
    expect(await linesOf()).toHaveLength(1);
    expect(await linesOf(strangerCookie)).toHaveLength(1);
    expect((await linesOf())[0]).toMatchObject({ number: 2, is_selected: true });
  });
  it('quick-adds the minimum quantity', async () => {
    const res = await call('POST', `/api/cart/quick_add/${g.amxl.id}`, {});
    expect(res.status).toBe(200);
    expect((await linesOf())[0].number).toBe(2);
    expect((await call('POST', '/api/cart/quick_add/999999', {})).status).toBe(404);
    expect((await call('POST', `/api/cart/quick_add/${g.mask.id}`, {})).status).toBe(422);
  });
});

describe('POST /api/cart/copy', () => {
  it('copies lines to sister stores, merging with what they hold', async () => {
    await add([{ goods_id: g.amxl.id, number: 4 }], sisterCookie);
    await add([
      { goods_id: g.amxl.id, number: 2 },
      { goods_id: g.blg.id, number: 1 },
    ]);
    const ids = (await linesOf()).map((l) => l.id);
    const res = await call(
      'POST',
      '/api/cart/copy',
      `ids[]=${ids[0]}&ids[]=${ids[1]}&other_user_ids[]=${stores[1].id}&other_user_ids[]=${stores[2].id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ copied: 2, stores: 2 });
    expect((await linesOf(sisterCookie)).map((l) => [l.goods.id, l.number])).toEqual([
      [g.amxl.id, 6],
      [g.blg.id, 1],
    ]);
    expect(await linesOf()).toHaveLength(2);
  });
  it('refuses another company store and the own store, copying nothing', async () => {
    await add([{ goods_id: g.amxl.id, number: 2 }]);
    const ids = (await linesOf()).map((l) => l.id);
    for (const target of [[strangerId], [stores[1].id, strangerId], [stores[0].id], [999999]]) {
      const res = await call('POST', '/api/cart/copy', { ids, other_user_ids: target });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('只能复制到本公司的其他门店');
    }
    expect(await linesOf(sisterCookie)).toEqual([]);
    expect(await linesOf(strangerCookie)).toEqual([]);
  });
});

describe('POST /api/cart/checkout', () => {
  it('accepts valid lines and answers what the order page needs', async () => {
    await add([
      { goods_id: g.blg.id, number: 4 },
      { goods_id: g.amxl.id, number: 2 },
    ]);
    const lines = await linesOf();
    const ids = [g.blg.id, g.amxl.id].map((id) => lines.find((l) => l.goods.id === id)?.id);
    const res = await call('POST', '/api/cart/checkout', `ids[]=${ids[0]}&new=1`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      ids: [ids[0]],
      summary: { selected_total: 1200, reduction: 50, payable: 1150, shipping_fee: 0 },
      activity: { reduction: 50 },
      order_amount: 1150,
    });
    const small = await call('POST', '/api/cart/checkout', { ids: [ids[1]] });
    expect(small.body.data).toMatchObject({ shipping_fee: 15, order_amount: 35 });
  });
  it('lists every problem: stock, purchasable, quantity, business scope', async () => {
    const db = ctx.database.db;
    const g1 = await makeGoods(db, { name: '罗红霉素片', stock: { [whA.id]: 10 } });
    const g2 = await makeGoods(db, { name: '布洛芬缓释胶囊', stock: { [whA.id]: 10 } });
    const g3 = await makeGoods(db, { name: '维C银翘片', stock: { [whA.id]: 10 } });
    await add([
      { goods_id: g1.id, number: 8 },
      { goods_id: g2.id, number: 1 },
      { goods_id: g3.id, number: 1 },
    ]);
    // Out of scope: only a line added before the buyer's scope changed can be in the cart.
    await db
      .insert(cartItems)
      .values({ userId: stores[0].id, goodsId: g.device.id, warehouseId: whA.id, quantity: 1 });
    await setStock(db, g1.id, whA.id, 5);
    await setStock(db, g2.id, whA.id, 0);
    const { goods: goodsTable } = await import('../../db/schema');
    await db.update(goodsTable).set({ isBuy: false }).where(eq(goodsTable.id, g3.id));
    const ids = (await linesOf()).map((l) => l.id);
    const res = await call('POST', '/api/cart/checkout', { ids });
    expect(res.status).toBe(422);
    const found = res.body.data.problems.map((p: CheckoutProblem) => `${p.name}:${p.reason}`).sort();
    expect(found).toEqual(
      [
        '罗红霉素片:quantity',
        '布洛芬缓释胶囊:out_of_stock',
        '维C银翘片:not_purchasable',
        '心脏支架:business_scope',
      ].sort(),
    );
    const messages = res.body.data.problems.map((p: CheckoutProblem) => p.message);
    expect(messages).toContain(
      '「心脏支架」超出经营范围：需具备「三类医疗器械」经营范围，请上传载明该范围的「医疗机构执业许可证」或「医疗器械经营许可证」',
    );
    expect(messages).toContain('「罗红霉素片」库存不足，最多可购买5');
    expect(messages).toContain(res.body.message);
  });
  it('refuses a buyer whose qualifications are pending as order creation does', async () => {
    const [line] = await ctx.database.db
      .insert(cartItems)
      .values({ userId: pendingId, goodsId: g.blg.id, warehouseId: whA.id, quantity: 1 })
      .returning();
    const res = await call('POST', '/api/cart/checkout', { ids: [line.id] }, pendingCookie);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('您的资质正在审核中，审核通过后才能采购');
  });
  it('refuses no ids', async () => {
    expect((await call('POST', '/api/cart/checkout', {})).status).toBe(422);
  });
});

describe('POST /api/cart/next_hint', () => {
  it('tells what to add for the next tier or free shipping', async () => {
    await add([{ goods_id: g.amxl.id, number: 2 }]);
    const res = await call('POST', '/api/cart/next_hint', {});
    expect(res.status).toBe(200);
    expect(res.body.data.hint.text).toBe('再买¥780.00即可包邮');
    expect(res.body.data.hints.map((h: CartHint) => h.text)).toEqual([
      '再买¥780.00即可包邮',
      '再买¥980.00可减¥50',
    ]);
  });
});
