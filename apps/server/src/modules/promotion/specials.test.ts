import { addDays, beijingStartOf, beijingToday } from '@yaocai/domain';
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
  setStock,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  auditLog,
  cashBackCredits,
  categories,
  dailySpecialGoods,
  goodsCategories,
  moneyLog,
  orders,
  walletAccounts,
} from '../../db/schema';
import { invalidateCatalogRefs } from '../catalog/refs';
import { creditOrderCashBack } from './cash-back';
import { dailySpecialSource } from './daily-specials';

let ctx: TestContext;
let op: string;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  await setShipping(ctx.app.db, 0, 0);
  op = (await operatorCookie(ctx.app, 'operations')).cookie;
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie, 'idempotency-key': key() } });
const today = () => beijingToday(new Date());
async function store(balanceFen = 10_000_000) {
  const b = await createBuyer(ctx.app.db, { balanceFen });
  return { ...b, cookie: await buyerCookie(ctx.app, b.user.id) };
}
const balanceOf = async (userId: number) =>
  (await ctx.app.db.select().from(walletAccounts).where(eq(walletAccounts.userId, userId)))[0].balanceFen;

async function dailySpecial(items: object[], o: object = {}) {
  const res = await send('POST', '/api/admin/promotion/daily_special', op, {
    name: '每日特价',
    starts_on: addDays(today(), -1),
    ends_on: addDays(today(), 30),
    items,
    ...o,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; phase: string };
}
const coverage = (goodsIds: number[]) => ({ goods_ids: goodsIds, category_ids: [], brand_ids: [] });

async function order(
  s: { user: { id: number }; cookie: string },
  goodsId: number,
  quantity: number,
  wh = warehouseId,
) {
  const line = await addCartLine(ctx.app.db, s.user.id, goodsId, wh, quantity);
  return send('POST', '/api/order/create', s.cookie, { ids: [line.id] });
}

describe('daily specials (每日特价)', () => {
  it('GET /api/activity/everyday_price lists today’s specials, hides prices from visitors, counts down to midnight', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const later = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const sp = await dailySpecial([{ goods_id: g.id, price: 80, daily_limit: 3, stock: 50 }]);
    expect(sp.phase).toBe('running');
    await dailySpecial([{ goods_id: later.id, price: 70 }], {
      starts_on: addDays(today(), 1),
      ends_on: addDays(today(), 2),
    });
    const s = await store();
    const data = (await send('GET', '/api/activity/everyday_price', s.cookie)).json().data;
    const mine = data.list.find((x: { id: number }) => x.id === g.id);
    expect(mine).toMatchObject({
      special_price: 80,
      base_price: 100,
      daily_limit: 3,
      remaining_limit: 3,
      special_stock: 50,
    });
    // Not started: not listed.
    expect(data.list.some((x: { id: number }) => x.id === later.id)).toBe(false);
    expect(data.end_time).toBe(Math.floor(beijingStartOf(addDays(today(), 1)).getTime() / 1000));
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(60);
    const visitor = (await ctx.app.inject({ method: 'GET', url: '/api/activity/everyday_price' })).json()
      .data;
    expect(visitor.list.find((x: { id: number }) => x.id === g.id)).toMatchObject({
      special_price: null,
      base_price: null,
      remaining_limit: null,
    });
  });

  it('the cart and the order carry the special price for up to the daily limit; a cancel gives the units back', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    await dailySpecial([{ goods_id: g.id, price: 80, daily_limit: 3 }]);
    const s = await store();
    await addCartLine(ctx.app.db, s.user.id, g.id, warehouseId, 5);
    const cart = (await send('GET', '/api/cart/list', s.cookie)).json().data;
    const line = cart.data.find((l: { goods: { id: number } }) => l.goods.id === g.id);
    expect(line.special).toMatchObject({
      code: 'daily_special',
      label: '每日特价',
      units: 3,
      saving: 60,
      price: 80,
    });
    const created = await send('POST', '/api/order/create', s.cookie, { ids: [line.id] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    // 3 x 80 + 2 x 100
    expect((await send('GET', `/api/order/detail/${id}`, s.cookie)).json().data).toMatchObject({
      total: 440,
    });
    const left = (await send('GET', '/api/activity/everyday_price', s.cookie)).json().data;
    expect(left.list.find((x: { id: number }) => x.id === g.id).remaining_limit).toBe(0);
    expect((await send('POST', `/api/order/${id}/cancel`, s.cookie, {})).statusCode).toBe(200);
    const back = (await send('GET', '/api/activity/everyday_price', s.cookie)).json().data;
    expect(back.list.find((x: { id: number }) => x.id === g.id).remaining_limit).toBe(3);
  });

  it('paused and ended specials price nothing; an ended one cannot be resumed', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const sp = await dailySpecial([{ goods_id: g.id, price: 90 }]);
    const s = await store();
    await addCartLine(ctx.app.db, s.user.id, g.id, warehouseId, 1);
    const special = async () =>
      (await send('GET', '/api/cart/list', s.cookie))
        .json()
        .data.data.find((l: { goods: { id: number } }) => l.goods.id === g.id).special;
    expect(await special()).not.toBeNull();
    expect(
      (await send('POST', `/api/admin/promotion/daily_special/${sp.id}/status`, op, { action: 'pause' }))
        .statusCode,
    ).toBe(200);
    expect(await special()).toBeNull();
    expect(
      (await send('POST', `/api/admin/promotion/daily_special/${sp.id}/status`, op, { action: 'end' }))
        .statusCode,
    ).toBe(200);
    const resumed = await send('POST', `/api/admin/promotion/daily_special/${sp.id}/status`, op, {
      action: 'resume',
    });
    expect(resumed.statusCode).toBe(400);
    expect(resumed.json().message).toBe('活动已结束，不能再操作');
  });

  it('concurrent orders never exceed the store’s daily limit nor the special stock', async () => {
    const second = (await makeWarehouse(ctx.app.db, '广州仓')).id;
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000, stock: 100 });
    await setStock(ctx.app.db, g.id, second, 100);
    const sp = await dailySpecial([{ goods_id: g.id, price: 50, daily_limit: 4 }]);
    const s = await store();
    const a = await addCartLine(ctx.app.db, s.user.id, g.id, warehouseId, 4);
    const b = await addCartLine(ctx.app.db, s.user.id, g.id, second, 4);
    const results = await Promise.all([
      send('POST', '/api/order/create', s.cookie, { ids: [a.id] }),
      send('POST', '/api/order/create', s.cookie, { ids: [b.id] }),
    ]);
    // Whichever order prices second either finds the limit used (normal price) or, priced at
    // the same time, is refused when it takes the units; never both at the special price.
    for (const r of results) expect([201, 409], r.body).toContain(r.statusCode);
    const refused = results.find((r) => r.statusCode === 409);
    if (refused) expect(refused.json().message).toContain('限购4件');
    const [item] = await ctx.app.db
      .select()
      .from(dailySpecialGoods)
      .where(eq(dailySpecialGoods.specialId, sp.id));
    expect(item.sold).toBe(4);
  });

  it('taking units is one conditional statement: of concurrent takes beyond the limit or the stock exactly those that fit win', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const h = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const limited = await dailySpecial([{ goods_id: g.id, price: 50, daily_limit: 4 }]);
    const stocked = await dailySpecial([{ goods_id: h.id, price: 50, stock: 5 }]);
    const s = await store();
    const take = (userId: number, goodsId: number, promotionId: number, orderId: number, units: number) =>
      ctx.app.db
        .transaction((tx) =>
          dailySpecialSource.reserve!(tx, [{ orderId, userId, goodsId, promotionId, units }], new Date()),
        )
        .then(
          () => 'ok',
          (e: Error) => e.message,
        );
    const perStore = await Promise.all(
      [1, 2, 3].map((n) => take(s.user.id, g.id, limited.id, 900_000 + n, 2)),
    );
    expect(perStore.filter((r) => r === 'ok')).toHaveLength(2);
    expect(perStore.filter((r) => r !== 'ok')).toEqual([expect.stringContaining('每店每天限购4件')]);
    const buyers = await Promise.all([store(), store(), store()]);
    const stockTakes = await Promise.all(
      buyers.map((b, n) => take(b.user.id, h.id, stocked.id, 910_000 + n, 2)),
    );
    expect(stockTakes.filter((r) => r === 'ok')).toHaveLength(2);
    expect(stockTakes.filter((r) => r !== 'ok')).toEqual([expect.stringContaining('库存不足')]);
    const [item] = await ctx.app.db
      .select()
      .from(dailySpecialGoods)
      .where(eq(dailySpecialGoods.specialId, stocked.id));
    expect(item.sold).toBe(4);
    // A release gives back once.
    await ctx.app.db.transaction((tx) => dailySpecialSource.release!(tx, 910_000));
    await ctx.app.db.transaction((tx) => dailySpecialSource.release!(tx, 910_000));
    const [after] = await ctx.app.db
      .select()
      .from(dailySpecialGoods)
      .where(eq(dailySpecialGoods.specialId, stocked.id));
    expect(after.sold).toBe(stockTakes[0] === 'ok' ? 2 : 4);
  });
});

describe('welfare (全场94折)', () => {
  it('covered goods sell at 94% in the cart and the order; the page lists them with the discounted price', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const other = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const res = await send('POST', '/api/admin/promotion/welfare', op, {
      name: '全场94折',
      rate_percent: 94,
      starts_on: addDays(today(), -1),
      ends_on: addDays(today(), 5),
      coverage: coverage([g.id]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = await store();
    const page = (await send('GET', '/api/activity/welfare?page_size=60', s.cookie)).json().data;
    expect(page.activity).toMatchObject({ name: '全场94折', rate_percent: 94 });
    expect(page.goods.list.find((x: { id: number }) => x.id === g.id)).toMatchObject({ welfare_price: 94 });
    expect(page.goods.list.some((x: { id: number }) => x.id === other.id)).toBe(false);
    await addCartLine(ctx.app.db, s.user.id, g.id, warehouseId, 2);
    const line = (await send('GET', '/api/cart/list', s.cookie))
      .json()
      .data.data.find((l: { goods: { id: number } }) => l.goods.id === g.id);
    expect(line.special).toMatchObject({ code: 'welfare', saving: 12 });
    const created = await send('POST', '/api/order/create', s.cookie, { ids: [line.id] });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (await send('GET', `/api/order/detail/${created.json().data.id}`, s.cookie)).json().data.total,
    ).toBe(188);
    const list = (await send('GET', '/api/admin/promotion/welfare', op)).json().data;
    expect(list.find((w: { id: number }) => w.id === res.json().data.id).sales).toEqual({
      units: 2,
      orders: 1,
      amount: 188,
    });
  });
});

describe('welfare badges in the catalogue', () => {
  it('a welfare covering a parent category badges the goods of its sub-category 特 in lists, and the badge goes as soon as it is paused', async () => {
    const db = ctx.app.db;
    const tag = key().slice(0, 8);
    const [parent] = await db
      .insert(categories)
      .values({ code: `WP${tag}`, menu: 'normal', name: '福利大类' })
      .returning();
    const [child] = await db
      .insert(categories)
      .values({ code: `WC${tag}`, menu: 'normal', name: '福利小类', parentId: parent.id })
      .returning();
    // Categories written behind the console: forget the cached tree as a console write does.
    invalidateCatalogRefs();
    const covered = await createGoods(db, { warehouseId, name: `福利覆盖片${tag}` });
    const outside = await createGoods(db, { warehouseId, name: `福利不覆盖片${tag}` });
    await db.insert(goodsCategories).values({ goodsId: covered.id, categoryId: child.id });
    const tagsOf = async () => {
      const res = await send('GET', `/api/goods/list?keywords=${encodeURIComponent(tag)}&page_size=10`, op);
      expect(res.statusCode).toBe(200);
      const list = res.json().data.list as { id: number; tags: string[] }[];
      return new Map(list.map((g) => [g.id, g.tags]));
    };
    expect((await tagsOf()).get(covered.id)).not.toContain('特');
    const created = await send('POST', '/api/admin/promotion/welfare', op, {
      name: '大类福利',
      rate_percent: 90,
      starts_on: addDays(today(), -1),
      ends_on: addDays(today(), 5),
      coverage: { goods_ids: [], category_ids: [parent.id], brand_ids: [] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const live = await tagsOf();
    expect(live.get(covered.id)).toContain('特');
    expect(live.get(outside.id)).not.toContain('特');
    // The cart prices it too: a line matches on its goods' own (sub-)category.
    const s = await store();
    await addCartLine(db, s.user.id, covered.id, warehouseId, 1);
    await addCartLine(db, s.user.id, outside.id, warehouseId, 1);
    const lines = (await send('GET', '/api/cart/list', s.cookie)).json().data.data as {
      goods: { id: number };
      special: { code: string } | null;
    }[];
    expect(lines.find((l) => l.goods.id === covered.id)?.special).toMatchObject({ code: 'welfare' });
    expect(lines.find((l) => l.goods.id === outside.id)?.special ?? null).toBeNull();
    const paused = await send('POST', `/api/admin/promotion/welfare/${created.json().data.id}/status`, op, {
      action: 'pause',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await tagsOf()).get(covered.id)).not.toContain('特');
  });
});

describe('cash-back (满返)', () => {
  async function received(s: { user: { id: number }; cookie: string }, goodsId: number, quantity: number) {
    const created = await order(s, goodsId, quantity);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    await send('POST', '/api/pay/balance', s.cookie, { order_id: id });
    const shipper = (await operatorCookie(ctx.app)).cookie;
    await send('POST', `/api/admin/orders/${id}/ship`, shipper, {
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    expect((await send('POST', `/api/order/${id}/confirm`, s.cookie, {})).statusCode).toBe(200);
    return { id, shipper };
  }

  it('credits the wallet when a covered order is received, once; a return takes back its share, never twice', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const res = await send('POST', '/api/admin/promotion/cash_back', op, {
      name: '满额返现',
      starts_on: addDays(today(), -1),
      ends_on: addDays(today(), 5),
      tiers: [
        { threshold: 300, amount: 10 },
        { threshold: 1000, amount: 50 },
      ],
      coverage: coverage([g.id]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = await store();
    const before = await balanceOf(s.user.id);
    const { id, shipper } = await received(s, g.id, 4);
    // ¥400 paid, ¥400 received: the ¥300 tier gives ¥10 back.
    expect(await balanceOf(s.user.id)).toBe(before - 400_00 + 10_00);
    const [log] = await ctx.app.db
      .select()
      .from(moneyLog)
      .where(and(eq(moneyLog.userId, s.user.id), eq(moneyLog.useType, 6)));
    expect(log).toMatchObject({ changeFen: 10_00, orderId: id });
    // Idempotent: crediting the same order again does nothing.
    const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
    expect(
      await creditOrderCashBack(ctx.app.db, o, [{ goodsId: g.id, kind: 'goods', payableFen: 400_00 }]),
    ).toBe(0);
    const hb = (await send('GET', '/api/activity/cash_back', s.cookie)).json().data;
    expect(hb.activity).toMatchObject({ rule_text: '满300返10，满1000返50（元）' });
    expect(hb.earned).toEqual([expect.objectContaining({ order_id: id, credit: 10, reversed: 0 })]);
    expect(hb.goods.list.some((x: { id: number }) => x.id === g.id)).toBe(true);

    // Return 1 of 4: a quarter of the ¥10 (¥2.50) comes back off the wallet.
    const detail = (await send('GET', `/api/order/detail/${id}`, s.cookie)).json().data;
    const req = await send('POST', `/api/order/${id}/after_sale`, s.cookie, {
      kind: 'return',
      reason: '包装破损',
      lines: [{ line_id: detail.lines[0].id, quantity: 1 }],
    });
    const decided = await send('POST', `/api/admin/after_sales/${req.json().data.id}`, shipper, {
      approve: true,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [credit] = await ctx.app.db.select().from(cashBackCredits).where(eq(cashBackCredits.orderId, id));
    expect(credit).toMatchObject({ creditFen: 10_00, reversedFen: 2_50 });
    expect(await balanceOf(s.user.id)).toBe(before - 400_00 + 10_00 + 100_00 - 2_50);
    const stats = (await send('GET', '/api/admin/promotion/cash_back', op)).json().data;
    expect(stats.find((a: { id: number }) => a.id === res.json().data.id).credits).toEqual({
      orders: 1,
      credited: 10,
      reversed: 2.5,
    });
  });

  it('a paused activity credits nothing', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const a = (
      await send('POST', '/api/admin/promotion/cash_back', op, {
        name: '满返暂停',
        starts_on: addDays(today(), -1),
        ends_on: addDays(today(), 5),
        tiers: [{ threshold: 100, amount: 5 }],
        coverage: coverage([g.id]),
      })
    ).json().data;
    await send('POST', `/api/admin/promotion/cash_back/${a.id}/status`, op, { action: 'pause' });
    const s = await store();
    const { id } = await received(s, g.id, 2);
    expect(await ctx.app.db.select().from(cashBackCredits).where(eq(cashBackCredits.orderId, id))).toEqual(
      [],
    );
  });
});

describe('console', () => {
  it('needs promotions:write (403 without), refuses bad input with Chinese field messages, audits writes', async () => {
    const warehouse = (await operatorCookie(ctx.app, 'warehouse')).cookie;
    expect((await send('GET', '/api/admin/promotion/welfare', warehouse)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/promotion/welfare' })).statusCode).toBe(
      401,
    );
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    const errors = async (path: string, body: object) => {
      const r = await send('POST', `/api/admin/promotion/${path}`, op, body);
      expect(r.statusCode, r.body).toBe(422);
      return r.json().data.errors;
    };
    const dates = { name: '活动', starts_on: today(), ends_on: today() };
    expect(await errors('daily_special', { ...dates, items: [{ goods_id: g.id, price: 120 }] })).toEqual({
      'items.0.price': ['特价须低于商品原价¥100.00'],
    });
    expect(
      await errors('welfare', {
        ...dates,
        rate_percent: 100,
        ends_on: addDays(today(), -1),
        coverage: coverage([]),
      }),
    ).toMatchObject({
      rate_percent: ['折扣须为1至99的整数'],
      ends_on: ['结束日期不能早于开始日期'],
      'coverage.goods_ids': ['请选择活动商品范围（全部商品，或商品、分类、品牌、专区）'],
    });
    expect(
      await errors('cash_back', {
        ...dates,
        tiers: [
          { threshold: 500, amount: 20 },
          { threshold: 300, amount: 10 },
        ],
        coverage: coverage([g.id]),
      }),
    ).toEqual({ tiers: ['各档满额和返现金额须逐档递增'] });
    const created = await send('POST', '/api/admin/promotion/welfare', op, {
      ...dates,
      rate_percent: 90,
      coverage: coverage([g.id]),
    });
    const id = created.json().data.id;
    await send('POST', `/api/admin/promotion/welfare/${id}`, op, {
      ...dates,
      rate_percent: 88,
      coverage: coverage([g.id]),
    });
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'welfare'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['welfare.create', 'welfare.update']);
    expect(rows[1].before).toMatchObject({ rate_percent: 90 });
    expect(rows[1].after).toMatchObject({ rate_percent: 88 });
  });

  it('previews the activity pages as a given store: its limits, its price visibility; unknown stores 404', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, priceFen: 10_000 });
    await dailySpecial([{ goods_id: g.id, price: 60, daily_limit: 2 }]);
    const approved = await createBuyer(ctx.app.db);
    const pending = await createBuyer(ctx.app.db, { status: 'pending' });
    const preview = async (phone: string) =>
      send('GET', `/api/admin/promotion/preview?phone=${encodeURIComponent(phone)}`, op);
    const seen = (await preview(approved.user.phone as string)).json().data;
    expect(seen.store).toEqual({ user_id: approved.user.id, may_see_price: true });
    expect(seen.everyday_price.list.find((x: { id: number }) => x.id === g.id)).toMatchObject({
      special_price: 60,
      remaining_limit: 2,
    });
    const hidden = (await preview(pending.user.phone as string)).json().data;
    expect(hidden.store.may_see_price).toBe(false);
    expect(hidden.everyday_price.list.find((x: { id: number }) => x.id === g.id).special_price).toBeNull();
    const missing = await preview('19999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('门店不存在');
  });
});
