import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = async (url: string) => (await ctx.app.inject(url)).json().data;

describe('activity page demo data', () => {
  it('shows a running 专区 page with goods, a running 活动 page with coupons, and one not started', async () => {
    const zone = await get('/api/activity-pages?template=zqmb');
    expect(zone.map((p: { title: string }) => p.title)).toEqual(['冬季感冒专场']);
    const [hdmb] = await get('/api/activity-pages?template=hdmb');
    expect(hdmb).toMatchObject({ title: '家用器械换季节', phase: 'running' });

    const cold = await get(`/api/activity-pages/${zone[0].id}`);
    const types = cold.sections.map((s: { type: string }) => s.type);
    expect(types).toEqual(['banner', 'countdown', 'goods', 'notice']);
    expect(cold.sections[2].goods.length).toBeGreaterThanOrEqual(4);
    const devices = await get(`/api/activity-pages/${hdmb.id}`);
    expect(devices.sections[1].coupons).toHaveLength(2);
    expect(devices.sections[3].goods.length).toBeGreaterThanOrEqual(4);

    const all = await get(`/api/activity-pages?ids=${zone[0].id},${hdmb.id},${hdmb.id + 1}`);
    expect(all.map((p: { phase: string }) => p.phase)).toEqual(['running', 'running', 'upcoming']);
    const soon = await get(`/api/activity-pages/${hdmb.id + 1}`);
    expect(soon.notice.text).toBe('活动暂未开始');

    const banners = await get('/api/focus?position=home_banner');
    expect(banners).toContainEqual(
      expect.objectContaining({ title: '冬季感冒专场 限时特惠', url: `/activity/${zone[0].id}` }),
    );
  });
});
