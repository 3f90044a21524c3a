import type { CheckoutPreview, OrderDetailView } from '@yaocai/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerWithCartLines,
  type CartLineSpec,
  createCoupon,
  key,
  makeCombination,
  makeGoods,
  makeManjian,
  makeWarehouse,
  setShipping,
  stockOf,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { cartItems, giftRules, orderLines, orders } from '../../db/schema';
import { invalidateCartPromotions } from '../promotion/loaders';
import { sweepExpiredOrders } from './service';

/**
 * Gifts (赠品) and 换购 goods become order lines of their own, take stock with the order and give
 * it back when it is cancelled or expires; ephedrine-type units are counted wherever they are
 * (single goods, inside packages, gifts) against the per-order limit (10 by default).
 */
let ctx: TestContext;
let wh: { id: number };
const g: Record<string, { id: number }> = {};
let comboId: number;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const db = ctx.app.db;
  wh = await makeWarehouse(db, '杭州仓');
  const stock = (n: number) => ({ [wh.id]: n });
  // Buy 2 板蓝根 (¥50, in the 满减 activity): 1 维生素C free, per 2.
  g.main = await makeGoods(db, { name: '板蓝根颗粒', basePriceFen: 5000, tags: ['满'], stock: stock(100) });
  g.free = await makeGoods(db, { name: '维生素C片', basePriceFen: 800, unit: '瓶', stock: stock(100) });
  // Buy 2 阿莫西林 (¥60): 1 口罩 for ¥3 (换购), per 2.
  g.deal = await makeGoods(db, { name: '阿莫西林胶囊', basePriceFen: 6000, stock: stock(100) });
  g.mask = await makeGoods(db, { name: '医用口罩', basePriceFen: 1500, unit: '包', stock: stock(100) });
  // Buy 1 蒲地蓝: 2 藿香正气水 free, of which only 1 is in stock.
  g.short = await makeGoods(db, { name: '蒲地蓝消炎片', basePriceFen: 2000, stock: stock(100) });
  g.rare = await makeGoods(db, { name: '藿香正气水', basePriceFen: 1000, stock: stock(1) });
  // Ephedrine-type goods, a package holding 2 of them + 1 plain goods, and a gift of one.
  g.eph = await makeGoods(db, { name: '复方盐酸伪麻黄碱缓释胶囊', ephedrine: true, stock: stock(200) });
  g.plain = await makeGoods(db, { name: '感冒灵颗粒', basePriceFen: 2000, stock: stock(200) });
  g.withEph = await makeGoods(db, { name: '小儿氨酚黄那敏颗粒', basePriceFen: 1500, stock: stock(200) });
  await db.insert(giftRules).values([
    { goodsId: g.main.id, type: 1, buyQuantity: 2, giftGoodsId: g.free.id, giftQuantity: 1, repeat: true },
    {
      goodsId: g.deal.id,
      type: 2,
      buyQuantity: 2,
      giftGoodsId: g.mask.id,
      giftQuantity: 1,
      priceFen: 300,
      repeat: true,
    },
    { goodsId: g.short.id, type: 1, buyQuantity: 1, giftGoodsId: g.rare.id, giftQuantity: 2 },
    { goodsId: g.withEph.id, type: 1, buyQuantity: 1, giftGoodsId: g.eph.id, giftQuantity: 1, repeat: true },
  ]);
  // The package's main goods is the plain one: its own flag says nothing about the package.
  const combo = await makeCombination(
    db,
    { name: '感冒组合装', priceFen: 5000, mainGoodsId: g.plain.id, warehouseId: wh.id },
    [
      { goodsId: g.plain.id, quantity: 1 },
      { goodsId: g.eph.id, quantity: 2 },
    ],
  );
  comboId = combo.id;
  await makeManjian(db, [{ amountFen: 10000, reductionFen: 1000 }], '满减活动', { goodsIds: [g.main.id] });
  await setShipping(db, 80000, 1000);
  invalidateCartPromotions();
});
afterAll(() => ctx.close());

const buyerWith = (lines: CartLineSpec[]) => buyerWithCartLines(ctx.app, wh.id, lines);

const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object, headers = {}) =>
  ctx.app.inject({ method, url, payload, headers: { cookie, ...headers } });
const create = (cookie: string, payload: object) =>
  inject('POST', '/api/order/create', cookie, payload, { 'idempotency-key': key() });
const linesOf = (orderId: number) =>
  ctx.app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
const quantityOf = async (goodsId: number) => (await stockOf(ctx.app.db, goodsId)).quantity;

describe('gifts and 换购 on an order', () => {
  it('writes each as its own line, reserves its stock and keeps the amounts adding up', async () => {
    const b = await buyerWith([
      { goodsId: g.main.id, quantity: 4 }, // ¥200, 2 维生素C free
      { goodsId: g.deal.id, quantity: 2 }, // ¥120 + 1 口罩 for ¥3
    ]);
    const { coupon, userCoupons } = await createCoupon(ctx.app.db, [b.user.id]);
    expect(coupon.amountFen).toBe(1000);
    const before = { free: await quantityOf(g.free.id), mask: await quantityOf(g.mask.id) };
    const cart = (await inject('GET', '/api/cart/list', b.cookie)).json().data;
    // The verify step lists them under the line that earns them, as the order will hold them.
    const preview = (await inject('POST', '/api/order/preview', b.cookie, { ids: b.ids })).json()
      .data as CheckoutPreview;
    const earned = preview.groups
      .flatMap((gr) => gr.lines)
      .map((l) => [
        l.name,
        l.gifts.map((x) => [x.name, x.kind, x.kind_label, x.quantity, x.unit, x.price, x.amount]),
      ]);
    expect(earned).toEqual([
      ['板蓝根颗粒', [['维生素C片', 'gift', '赠品', 2, '瓶', 0, 0]]],
      ['阿莫西林胶囊', [['医用口罩', 'add_on', '换购', 1, '包', 3, 3]]],
    ]);
    const res = await create(b.cookie, { ids: b.ids, coupon_id: userCoupons[0].id });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
    const lines = await linesOf(id);

    expect(lines.map((l) => [l.kind, l.goodsId, l.quantity, l.unitPriceFen, l.payableFen])).toEqual([
      ['goods', g.main.id, 4, 5000, 20000 - 1000], // the whole 满100减10 share (the only 满 goods)
      ['gift', g.free.id, 2, 0, 0],
      ['goods', g.deal.id, 2, 6000, 12000],
      ['add_on', g.mask.id, 1, 300, 300],
    ]);
    expect(lines[1]).toMatchObject({ goodsName: '维生素C片', unit: '瓶', warehouseId: wh.id });
    expect(lines[3]).toMatchObject({ goodsName: '医用口罩', amountFen: 300, reductionFen: 0 });
    // The order's figures come from packages/domain; its lines add up to them.
    expect(order.goodsFen).toBe(20000 + 12000 + 300);
    expect(order.goodsFen / 100).toBe(cart.summary.selected_total);
    const payable = lines.reduce((s, l) => s + l.payableFen, 0);
    expect(payable).toBe(order.goodsFen - order.fullReductionFen);
    expect(order.couponFen).toBe(1000);
    expect(order.totalFen).toBe(payable - order.couponFen - order.pointsFen + order.shippingFen);
    for (const l of lines) expect(l.payableFen).toBe(l.amountFen - l.reductionFen);

    expect(await quantityOf(g.free.id)).toBe(before.free - 2);
    expect(await quantityOf(g.mask.id)).toBe(before.mask - 1);

    // The detail labels them in Chinese.
    const detail = (await inject('GET', `/api/order/detail/${id}`, b.cookie)).json().data as OrderDetailView;
    expect(detail.lines.map((l) => [l.name, l.kind, l.kind_label, l.price, l.payable])).toEqual([
      ['板蓝根颗粒', 'goods', '商品', 50, 190],
      ['维生素C片', 'gift', '赠品', 0, 0],
      ['阿莫西林胶囊', 'goods', '商品', 60, 120],
      ['医用口罩', 'add_on', '换购', 3, 3],
    ]);

    // Buying again puts back the bought goods only; their gifts follow from the rules.
    await ctx.app.db.delete(cartItems).where(eq(cartItems.userId, b.user.id));
    expect((await inject('POST', `/api/order/${id}/rebuy`, b.cookie, {})).json().data).toEqual({ added: 2 });

    // Cancelling gives the gifts' stock back.
    expect((await inject('POST', `/api/order/${id}/cancel`, b.cookie, {})).statusCode).toBe(200);
    expect(await quantityOf(g.free.id)).toBe(before.free);
    expect(await quantityOf(g.mask.id)).toBe(before.mask);
  });

  it('gives the gifts back when the unpaid order expires', async () => {
    const b = await buyerWith([{ goodsId: g.main.id, quantity: 6 }]);
    const before = await quantityOf(g.free.id);
    const res = await create(b.cookie, { ids: b.ids });
    expect(res.statusCode).toBe(201);
    expect(await quantityOf(g.free.id)).toBe(before - 3);
    await ctx.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, res.json().data.id));
    expect(await sweepExpiredOrders(ctx.app.db, ctx.app.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await quantityOf(g.free.id)).toBe(before);
  });

  it('refuses by name a gift short of stock, at verify and at create, changing nothing', async () => {
    const b = await buyerWith([{ goodsId: g.short.id, quantity: 1 }]);
    const preview = await inject('POST', '/api/order/preview', b.cookie, { ids: b.ids });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().message).toBe('赠品「藿香正气水」库存不足，仅剩1盒，请调整数量或联系客服');
    const res = await create(b.cookie, { ids: b.ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('赠品「藿香正气水」库存不足');
    expect(await quantityOf(g.rare.id)).toBe(1);
    expect(await quantityOf(g.short.id)).toBe(100);
    const left = await ctx.app.db.select().from(cartItems).where(eq(cartItems.userId, b.user.id));
    expect(left).toHaveLength(1);
  });
});

describe('the ephedrine-type (含麻) limit counts every unit', () => {
  it('counts the goods inside packages (per set x sets)', async () => {
    // 3 packages x 2 = 6, plus 5 on their own: 11 > 10.
    const b = await buyerWith([
      { goodsId: g.plain.id, quantity: 3, combinationId: comboId },
      { goodsId: g.eph.id, quantity: 5 },
    ]);
    const res = await inject('POST', '/api/order/preview', b.cookie, { ids: b.ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('含麻黄碱类复方制剂每单限购10件，当前11件');
  });

  it('counts gifts', async () => {
    // 2 gifts + 9 bought: 11 > 10.
    const b = await buyerWith([
      { goodsId: g.withEph.id, quantity: 2 },
      { goodsId: g.eph.id, quantity: 9 },
    ]);
    const res = await create(b.cookie, { ids: b.ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('含麻黄碱类复方制剂每单限购10件，当前11件');
  });

  it('makes an order whose ephedrine goods sit in a package or a gift an ephedrine order', async () => {
    // 2 packages (4 units) + 3 gifts = 7: allowed, and the order needs the signed receipt.
    const b = await buyerWith([
      { goodsId: g.plain.id, quantity: 2, combinationId: comboId },
      { goodsId: g.withEph.id, quantity: 3 },
    ]);
    const preview = (await inject('POST', '/api/order/preview', b.cookie, { ids: b.ids })).json().data;
    expect(preview.ephedrine).toBe(true);
    const res = await create(b.cookie, { ids: b.ids });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ ephedrine: true, receiptStatus: 'awaiting_upload' });
    const lines = await linesOf(id);
    expect(lines.map((l) => [l.kind, l.goodsId, l.quantity, l.ephedrine])).toEqual([
      ['goods', g.eph.id, 4, true],
      ['goods', g.plain.id, 2, false],
      ['goods', g.withEph.id, 3, false],
      ['gift', g.eph.id, 3, true],
    ]);
  });
});
