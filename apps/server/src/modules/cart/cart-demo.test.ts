import type { CartState } from '@yaocai/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestApp, type TestContext } from '../../../test/helpers';
import { goods, goodsCombinations, promotions } from '../../db/schema';

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: '13800000001', password: 'Demo@123456' },
  });
  expect(login.statusCode).toBe(200);
  cookie = cookiesOf(login);
});
afterAll(() => ctx.close());

describe('the cart over the demo data', () => {
  it('prices demo goods with free shipping and packages; no 满减 bar while no line is covered', async () => {
    const [combo] = await ctx.database.db.select().from(goodsCombinations).limit(1);
    expect(combo).toBeDefined();
    const [tagged] = await ctx.database.db
      .select({ id: goods.id, min: goods.minQuantity, step: goods.stepQuantity })
      .from(goods)
      .where(eq(goods.name, '连花清瘟胶囊'));
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie },
      payload: {
        params: [
          { goods_id: combo.id, number: 1, type: 3 },
          { goods_id: tagged.id, number: Math.max(tagged.min, tagged.step) },
        ],
      },
    });
    expect(add.statusCode).toBe(200);
    const list = await ctx.app.inject({ url: '/api/cart/list?filters=99999&new=1', headers: { cookie } });
    const state = list.json().data as CartState;
    expect(state.data).toHaveLength(2);
    expect(state.shipping_data.shipping_amount).toBe(800);
    // Neither the package nor 连花清瘟 is covered by the seeded 满减专区: no 满减 bar yet.
    expect(state.activity_data.manjians).toBeNull();
    expect(state.data.find((l) => l.type === 3)?.combination?.items.length).toBeGreaterThan(1);
    const total = await ctx.app.inject({ url: '/api/cart/total', headers: { cookie } });
    expect(total.json().data.total).toBe(2);
  });

  it('tags and groups only the lines the seeded 满减 activity covers, and counts only them', async () => {
    const [seeded] = await ctx.database.db
      .select()
      .from(promotions)
      .where(eq(promotions.kind, 'full_reduction'));
    const coveredIds = seeded.coverage?.goodsIds ?? [];
    const columns = { id: goods.id, min: goods.minQuantity, step: goods.stepQuantity };
    const candidates = await ctx.database.db
      .select(columns)
      .from(goods)
      .where(and(inArray(goods.id, coveredIds), ne(goods.rxClass, 'rx'), eq(goods.ephedrine, false)))
      .orderBy(goods.id)
      .limit(8);
    // Two demo goods bear that name; the one on sale (unordered, either row could come first).
    const [outside] = await ctx.database.db
      .select(columns)
      .from(goods)
      .where(and(eq(goods.name, '阿莫西林胶囊'), eq(goods.isBuy, true)));
    expect(coveredIds).not.toContain(outside.id);
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie },
      payload: {
        params: [...candidates, outside].map((g) => ({ goods_id: g.id, number: Math.max(g.min, g.step) })),
      },
    });
    expect(add.statusCode, add.body).toBe(200);
    const state = (await ctx.app.inject({ url: '/api/cart/list', headers: { cookie } })).json()
      .data as CartState;
    expect(state.activity_data.activities).toEqual([{ id: seeded.id, name: seeded.name }]);
    expect(state.activity_data.manjians).toMatchObject({ id: seeded.id, name: seeded.name });
    expect(state.activity_data.manjians?.manjians.length).toBe(3);
    // A goods the activity names is tagged with it unless a special price (秒杀, 每日特价) took the
    // line (the stacking matrix: 特价 takes no 满减, welfare does); every other line is not.
    const goodsLines = state.data.filter((l) => l.type === 1);
    for (const line of goodsLines) {
      const stacks = line.special === null || line.special.code === 'welfare';
      const covered = coveredIds.includes(line.goods.id) && stacks;
      expect(line.goods_manjian_id, line.goods.name).toBe(covered ? seeded.id : 0);
    }
    expect(goodsLines.find((l) => l.goods.id === outside.id)?.goods_manjian_id).toBe(0);
    const tagged = state.data.filter((l) => l.goods_manjian_id === seeded.id);
    expect(tagged.length).toBeGreaterThan(0);
    // Only the tagged lines count towards the tiers (every line is selected).
    const taggedAmount = tagged.reduce((sum, l) => sum + (l.amount ?? 0), 0);
    expect(state.summary.eligible_amount).toBeCloseTo(taggedAmount, 2);
    expect(taggedAmount).toBeLessThan(state.summary.selected_total ?? 0);
  });

  it('badges the goods of the seeded gift rules 赠 and 换购, and the tag filter finds them', async () => {
    for (const [tag, name] of [
      ['赠', '阿莫西林胶囊'],
      ['换购', '鱼跃 上臂式电子血压计 YE660D'],
    ]) {
      const res = await ctx.app.inject({
        url: `/api/goods/list?tag=${encodeURIComponent(tag)}&page_size=100`,
        headers: { cookie },
      });
      const found = (res.json().data.list as { name: string; tags: string[] }[]).find((g) => g.name === name);
      expect(found?.tags, `${name} ${tag}`).toContain(tag);
    }
  });
});
