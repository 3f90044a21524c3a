import type { CartState, CombinationView } from '@yaocai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeBuyer, makeCombination, makeGoods, makeWarehouse } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { invalidateCartPromotions } from './loaders';

let ctx: TestContext;
let cookie: string;
let pendingCookie: string;
let comboId: number;
let wh: { id: number };

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const db = ctx.database.db;
  wh = await makeWarehouse(db);
  const cold = await makeGoods(db, { name: '感冒灵颗粒', basePriceFen: 2_000, stock: { [wh.id]: 9 } });
  const mask = await makeGoods(db, { name: '医用口罩', basePriceFen: 1_500, stock: { [wh.id]: 100 } });
  const combo = await makeCombination(
    db,
    { name: '感冒组合装', priceFen: 5_000, mainGoodsId: cold.id, warehouseId: wh.id },
    [
      { goodsId: cold.id, quantity: 2 },
      { goodsId: mask.id, quantity: 1 },
    ],
  );
  comboId = combo.id;
  invalidateCartPromotions();
  cookie = await loginAs(ctx.app, (await makeBuyer(db)).user.id);
  const pending = await makeBuyer(db, { company: { qualificationStatus: 'pending' } });
  pendingCookie = await loginAs(ctx.app, pending.user.id);
});
afterAll(() => ctx.close());

const list = async (cookieHeader = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/combination/list',
    headers: { cookie: cookieHeader },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as CombinationView[];
};

describe('GET /api/combination/list (/zhzq)', () => {
  it('lists each package with its goods, price against buying one by one, and the sets in stock', async () => {
    const [pack] = await list(cookie);
    expect(pack).toMatchObject({
      id: comboId,
      name: '感冒组合装',
      price: 50,
      original_price: 55,
      saving: 5,
      // 9 感冒灵 at 2 per set.
      sets: 4,
      price_visibility: 'visible',
      add_refusal: null,
    });
    expect(pack.items.map((i) => [i.name, i.number, i.price])).toEqual([
      ['感冒灵颗粒', 2, 20],
      ['医用口罩', 1, 15],
    ]);
  });

  it('hides prices from visitors and unreviewed buyers, saying why', async () => {
    const [visitor] = await list();
    expect(visitor).toMatchObject({ price: null, original_price: null, price_visibility: 'login' });
    expect(visitor.items[0].price).toBeNull();
    expect(visitor.add_refusal).toBeTruthy();
    const [pending] = await list(pendingCookie);
    expect(pending).toMatchObject({ price: null, price_visibility: 'pending' });
    expect(pending.price_tip).not.toBe('');
  });

  it('is bought as one cart line at the package price', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie },
      payload: { params: [{ goods_id: comboId, type: 3, number: 2, ck_id: wh.id }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = (await ctx.app.inject({ method: 'GET', url: '/api/cart/list', headers: { cookie } })).json()
      .data as CartState;
    expect(state.data).toHaveLength(1);
    expect(state.data[0]).toMatchObject({ is_combination: true, number: 2, amount: 100 });
  });
});
