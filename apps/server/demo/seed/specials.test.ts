import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestApp, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: '13800000001', password: 'Demo@123456' },
  });
  cookie = cookiesOf(login);
});
afterAll(() => ctx.close());

const get = async (url: string) =>
  (await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).json().data;

describe('specials demo data', () => {
  it('has today’s daily specials, a running 94折, a running 满返 and the demo buyer’s cash-back in the wallet log', async () => {
    const daily = await get('/api/activity/everyday_price');
    expect(daily.list.length).toBeGreaterThanOrEqual(6);
    for (const g of daily.list) expect(g.special_price).toBeLessThan(g.base_price);
    const welfare = await get('/api/activity/welfare');
    expect(welfare.activity).toMatchObject({ name: '全场94折', rate_percent: 94 });
    expect(welfare.goods.total).toBeGreaterThanOrEqual(10);
    const hb = await get('/api/activity/cash_back');
    expect(hb.activity.tiers.length).toBe(3);
    expect(hb.earned.length).toBe(1);
    expect(hb.earned[0].credit).toBeGreaterThan(0);
    const log = await get('/api/user/user_money_log?use_type=6');
    expect(log.list[0]).toMatchObject({ use_type_label: '满额返现', amount: hb.earned[0].credit });
  });
});
