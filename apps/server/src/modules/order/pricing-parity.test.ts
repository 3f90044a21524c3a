import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerWithCartLines,
  type CartLineSpec,
  key,
  makeCombination,
  makeGoods,
  makeManjian,
  makeWarehouse,
  setShipping,
  stockOf,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { giftRules, orderLines, orders } from '../../db/schema';
import { invalidateCartPromotions } from '../promotion/loaders';

/**
 * The cart page (GET /api/cart/list) and the verify step (POST /api/order/preview) price the
 * same lines with one rule set: per-goods full-reduction membership, gifts/换购 and
 * combination packages included. Ordering a package charges the package price and reserves
 * each of its goods.
 */
let ctx: TestContext;
let wh: { id: number };
const g: Record<string, { id: number }> = {};
let comboId: number;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const db = ctx.app.db;
  wh = await makeWarehouse(db, '杭州仓');
  // In the activity by membership (not tagged 满), ¥60 each.
  g.member = await makeGoods(db, { name: '阿莫西林胶囊', basePriceFen: 6000, stock: { [wh.id]: 100 } });
  // Not in the activity; buying 2 lets the buyer add 维生素C for ¥3 (换购).
  g.addOn = await makeGoods(db, { name: '板蓝根颗粒', basePriceFen: 5000, stock: { [wh.id]: 100 } });
  g.gift = await makeGoods(db, { name: '维生素C片', basePriceFen: 800, stock: { [wh.id]: 100 } });
  // Package: 2 x 感冒灵 (¥20) + 1 x 口罩 (¥15) for ¥45.
  g.c1 = await makeGoods(db, { name: '感冒灵颗粒', basePriceFen: 2000, stock: { [wh.id]: 40 } });
  g.c2 = await makeGoods(db, { name: '医用口罩', basePriceFen: 1500, stock: { [wh.id]: 30 } });
  await makeManjian(
    db,
    [
      { amountFen: 10000, reductionFen: 1000 },
      { amountFen: 20000, reductionFen: 3000 },
    ],
    '满减活动',
    { goodsIds: [g.member.id] },
  );
  await db.insert(giftRules).values({
    goodsId: g.addOn.id,
    type: 2,
    buyQuantity: 2,
    giftGoodsId: g.gift.id,
    giftQuantity: 1,
    priceFen: 300,
    repeat: true,
  });
  const combo = await makeCombination(
    db,
    { name: '感冒防护套餐', priceFen: 4500, mainGoodsId: g.c1.id, warehouseId: wh.id },
    [
      { goodsId: g.c1.id, quantity: 2 },
      { goodsId: g.c2.id, quantity: 1 },
    ],
  );
  comboId = combo.id;
  await setShipping(db, 80000, 1000);
  invalidateCartPromotions();
});
afterAll(() => ctx.close());

const buyerWith = (lines: CartLineSpec[]) => buyerWithCartLines(ctx.app, wh.id, lines);

const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object, headers = {}) =>
  ctx.app.inject({ method, url, payload, headers: { cookie, ...headers } });

describe('cart page and verify order price alike', () => {
  it('gives the same goods total, full reduction and payable', async () => {
    const b = await buyerWith([
      { goodsId: g.member.id, quantity: 2 }, // ¥120, in the activity
      { goodsId: g.addOn.id, quantity: 2 }, // ¥100 + 换购 ¥3, not in the activity
      { goodsId: g.c1.id, quantity: 2, combinationId: comboId }, // 2 packages: ¥90
    ]);
    const cart = (await inject('GET', '/api/cart/list', b.cookie)).json().data;
    expect(cart.summary.selected_count).toBe(3);
    const res = await inject('POST', '/api/order/preview', b.cookie, { ids: b.ids });
    expect(res.statusCode).toBe(200);
    const { amounts, groups } = res.json().data;

    // Goods ¥120 + ¥100 + ¥3 + ¥90; only ¥120 counts towards the tiers: ¥10 off.
    expect(cart.summary).toMatchObject({ selected_total: 313, reduction: 10, payable: 303 });
    expect(amounts.goods).toBe(cart.summary.selected_total);
    expect(amounts.full_reduction).toBe(cart.summary.reduction);
    expect(amounts.goods - amounts.full_reduction).toBe(cart.summary.payable);

    const previewLines = groups.flatMap((gr: { lines: { cart_id: number; payable: number }[] }) => gr.lines);
    for (const line of cart.data as {
      id: number;
      amount: number;
      reduction_share: number;
      subtotal: number;
    }[]) {
      const p = previewLines.find((l: { cart_id: number }) => l.cart_id === line.id);
      expect(p?.payable).toBeCloseTo(line.subtotal - line.reduction_share, 2);
    }
    const pkg = previewLines.find((l: { cart_id: number }) => l.cart_id === b.ids[2]);
    expect(pkg).toMatchObject({ name: '感冒防护套餐', quantity: 2, price: 45, amount: 90 });
  });
});

describe('ordering a combination package', () => {
  it('charges the package price and reserves each goods of the package', async () => {
    const b = await buyerWith([{ goodsId: g.c1.id, quantity: 3, combinationId: comboId }]);
    const before = [await stockOf(ctx.app.db, g.c1.id), await stockOf(ctx.app.db, g.c2.id)];
    const res = await inject(
      'POST',
      '/api/order/create',
      b.cookie,
      { ids: b.ids },
      { 'idempotency-key': key() },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
    expect(order.goodsFen).toBe(13500);
    expect(order.fullReductionFen).toBe(0);
    expect(order.totalFen).toBe(13500 + 1000);
    expect(await stockOf(ctx.app.db, g.c1.id)).toEqual({
      quantity: before[0].quantity - 6,
      total: before[0].total - 6,
    });
    expect(await stockOf(ctx.app.db, g.c2.id)).toEqual({
      quantity: before[1].quantity - 3,
      total: before[1].total - 3,
    });
    const lines = await ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(lines.map((l) => [l.goodsId, l.quantity])).toEqual([
      [g.c1.id, 6],
      [g.c2.id, 3],
    ]);
    expect(lines.every((l) => l.goodsName.includes('感冒防护套餐'))).toBe(true);
    expect(lines.reduce((s, l) => s + l.amountFen, 0)).toBe(13500);
    expect(lines.reduce((s, l) => s + l.payableFen, 0)).toBe(13500);

    // Cancelling gives every goods of the package back.
    const cancel = await inject('POST', `/api/order/${id}/cancel`, b.cookie, {});
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(ctx.app.db, g.c1.id)).toEqual(before[0]);
    expect(await stockOf(ctx.app.db, g.c2.id)).toEqual(before[1]);
  });

  it('refuses more packages than the goods stock allows', async () => {
    // 感冒灵 40 units / 2 per package: at most 20 packages (口罩 30 allows 30).
    const b = await buyerWith([{ goodsId: g.c1.id, quantity: 21, combinationId: comboId }]);
    const res = await inject('POST', '/api/order/preview', b.cookie, { ids: b.ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('库存不足');
  });
});
