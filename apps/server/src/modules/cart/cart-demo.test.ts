import type { CartState } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestApp, type TestContext } from '../../../test/helpers';
import { goods, goodsCombinations } from '../../db/schema';

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
  it('prices demo goods with the seeded full-reduction, free shipping and packages', async () => {
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
    expect(state.activity_data.manjians?.manjians.length).toBeGreaterThan(0);
    expect(state.data.find((l) => l.type === 3)?.combination?.items.length).toBeGreaterThan(1);
    const total = await ctx.app.inject({ url: '/api/cart/total', headers: { cookie } });
    expect(total.json().data.total).toBe(2);
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
