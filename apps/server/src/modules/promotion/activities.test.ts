import type { CartLine, CartState } from '@yaocai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeBuyer, makeGoods, makeManjian, makeWarehouse } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { brands, categories, goodsCategories } from '../../db/schema';
import { invalidateCartPromotions } from './loaders';

/**
 * Several full-reduction activities run at once; which goods each covers is data (categories
 * with their sub-categories, brands, goods), never the 满 tag.
 */
let ctx: TestContext;
let cookie: string;
const g: Record<string, { id: number }> = {};

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const db = ctx.database.db;
  const wh = await makeWarehouse(db);
  const [cold] = await db
    .insert(categories)
    .values({ code: 'cold', menu: 'normal', name: '感冒用药' })
    .returning();
  const [child] = await db
    .insert(categories)
    .values({ code: 'cold-kid', menu: 'normal', name: '儿童感冒', parentId: cold.id })
    .returning();
  const [brand] = await db
    .insert(brands)
    .values({ code: 'brand-a', name: '三九', manufacturer: '华润三九医药股份有限公司' })
    .returning();
  g.kid = await makeGoods(db, { name: '小儿氨酚黄那敏颗粒', basePriceFen: 6_000, stock: { [wh.id]: 100 } });
  g.brand = await makeGoods(db, {
    name: '999感冒灵颗粒',
    basePriceFen: 10_000,
    brandId: brand.id,
    tags: ['满'],
    stock: { [wh.id]: 100 },
  });
  g.other = await makeGoods(db, {
    name: '维生素C片',
    basePriceFen: 5_000,
    tags: ['满'],
    stock: { [wh.id]: 100 },
  });
  await db.insert(goodsCategories).values({ goodsId: g.kid.id, categoryId: child.id });
  await makeManjian(db, [{ amountFen: 10_000, reductionFen: 1_000 }], '感冒用药满100减10', {
    categoryIds: [cold.id],
  });
  await makeManjian(db, [{ amountFen: 20_000, reductionFen: 3_000 }], '三九品牌满200减30', {
    brandIds: [brand.id],
  });
  invalidateCartPromotions();
  const buyer = await makeBuyer(db);
  cookie = await loginAs(ctx.app, buyer.user.id);
  for (const [goods, number] of [
    [g.kid, 2],
    [g.brand, 2],
    [g.other, 4],
  ] as const) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie },
      payload: { params: [{ goods_id: goods.id, number, ck_id: wh.id }] },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => ctx.close());

async function cart() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/cart/list', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().data as CartState;
}

describe('several full-reduction activities', () => {
  it('prices each over the goods it covers: a sub-category, a brand; a 满 tag alone covers nothing', async () => {
    const state = await cart();
    const byGoods = new Map(state.data.map((l: CartLine) => [l.goods.id, l]));
    // ¥120 of 儿童感冒 (under 感冒用药) reaches 满100减10; ¥200 of 三九 reaches 满200减30.
    expect(byGoods.get(g.kid.id)?.reduction_share).toBe(10);
    expect(byGoods.get(g.brand.id)?.reduction_share).toBe(30);
    expect(byGoods.get(g.other.id)?.reduction_share).toBe(0);
    expect(state.summary.reduction).toBe(40);
    expect(state.summary.payable).toBe(120 + 200 + 200 - 40);
  });

  it('shows the covering activity on the goods detail page, and none where nothing covers it', async () => {
    const detail = async (id: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/goods/detail/${id}`, headers: { cookie } })).json()
        .data;
    expect((await detail(g.kid.id)).manjian).toEqual([{ amount: 100, reduction: 10 }]);
    expect((await detail(g.brand.id)).manjian).toEqual([{ amount: 200, reduction: 30 }]);
    expect((await detail(g.other.id)).manjian).toEqual([]);
  });

  it('lists a goods’ live activities and badges from them, not from the stored 满 tag', async () => {
    const activities = async (id: number) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/goods/activities?goods_id=${id}`,
          headers: { cookie },
        })
      ).json().data;
    const kid = await activities(g.kid.id);
    expect(kid.activities).toEqual([
      expect.objectContaining({
        kind: 'full_reduction',
        badge: '满',
        name: '感冒用药满100减10',
        text: '满¥100.00减¥10.00',
      }),
    ]);
    expect(kid.list[0].tags).toContain('满');
    const other = await activities(g.other.id);
    expect(other.activities).toEqual([]);
    expect(other.list[0].tags).not.toContain('满');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/goods/activities?goods_id=999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('filters the list by a badge as the cards show it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/goods/list?tag=${encodeURIComponent('满')}&page_size=50`,
    });
    const ids = (res.json().data.list as { id: number; tags: string[] }[])
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(ids).toEqual([g.kid.id, g.brand.id].sort((a, b) => a - b));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/goods/list?tag=bad' })).statusCode).toBe(422);
  });

  it('gathers what is live at /yyh and lists the goods on a promotion at /yyh/list', async () => {
    const hub = (await ctx.app.inject({ method: 'GET', url: '/api/activity/hub' })).json().data;
    expect(
      hub.list
        .filter((i: { kind: string }) => i.kind === 'full_reduction')
        .map((i: { name: string }) => i.name),
    ).toEqual(['感冒用药满100减10', '三九品牌满200减30']);
    expect(hub.list.map((i: { link: string }) => i.link)).toContain('/lqzx');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/goods/list?on_promotion=1&page_size=50' });
    const ids = (res.json().data.list as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
    expect(ids).toEqual([g.kid.id, g.brand.id].sort((a, b) => a - b));
  });
});
