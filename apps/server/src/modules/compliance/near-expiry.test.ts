import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoods, makeWarehouse, operatorCookie } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { invalidateGoodsLists } from '../catalog/queries';

let ctx: TestContext;
let op: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  ({ cookie: op } = await operatorCookie(ctx.app));
  const warehouseId = (await makeWarehouse(ctx.app.db)).id;
  // Shown expiry = the earliest batch in stock (the factory's single batch takes goods.expires_on).
  for (const [name, expiresOn] of [
    ['近期A', '2027-01-10'],
    ['近期B', '2027-05-25'],
    ['半年后', '2027-05-26'],
    ['两年后', '2028-12-31'],
    ['已过期', '2026-11-20'],
  ] as const)
    ids[name] = (await createGoods(ctx.app.db, { warehouseId, name, expiresOn })).id;
  // Beijing 2026-11-26 10:00.
  ctx.app.clock.now = () => new Date('2026-11-26T02:00:00Z');
});
afterAll(() => ctx.close());

const names = async (query: string) => {
  invalidateGoodsLists();
  const data = (await ctx.app.inject(`/api/goods/list?page_size=50&${query}`)).json().data;
  return data.list.map((g: { name: string }) => g.name);
};

describe('近效期 and expiry in lists', () => {
  it('fills the 近效期 zone from the shown expiry and the months in 站点设置, and flags the goods', async () => {
    expect((await names('zone=jxqzc')).sort()).toEqual(['近期A', '近期B']);
    const list = (await ctx.app.inject('/api/goods/list?page_size=50')).json().data.list as {
      name: string;
      near_expiry: boolean;
      zones: string[];
    }[];
    expect(
      list
        .filter((g) => g.near_expiry)
        .map((g) => g.name)
        .sort(),
    ).toEqual(['近期A', '近期B']);
    expect(list.find((g) => g.name === '近期A')?.zones).toContain('jxqzc');
    expect(list.find((g) => g.name === '两年后')?.zones).not.toContain('jxqzc');
    const detail = (await ctx.app.inject(`/api/goods/detail/${ids.近期A}`)).json().data;
    expect(detail).toMatchObject({ near_expiry: true, is_jxq: 1 });
    // Twelve months: the goods due next May and in 2027 join.
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/settings/compliance',
      payload: { trace_codes_required: false, near_expiry_months: 12 },
      headers: { cookie: op },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await names('zone=jxqzc')).sort()).toEqual(['半年后', '近期A', '近期B']);
    // A day later in Beijing (16:00 UTC is midnight): nothing changes until the dates do.
    ctx.app.clock.now = () => new Date('2027-01-09T16:00:00Z');
    expect(await names('zone=jxqzc')).not.toContain('近期A');
  });

  it('sorts by expiry either way and keeps goods with enough shelf life', async () => {
    ctx.app.clock.now = () => new Date('2026-11-26T02:00:00Z');
    expect(await names('sort=expiry_desc')).toEqual(['两年后', '半年后', '近期B', '近期A', '已过期']);
    expect(await names('sort=expiry_asc')).toEqual(['已过期', '近期A', '近期B', '半年后', '两年后']);
    expect(await names('shelf_months=6&sort=expiry_asc')).toEqual(['半年后', '两年后']);
    expect(await names('shelf_months=24')).toEqual(['两年后']);
    const bad = await ctx.app.inject('/api/goods/list?shelf_months=99');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors.shelf_months).toEqual(['效期月数不能超过60']);
  });
});
