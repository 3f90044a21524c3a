import type { AuditEntry } from '@yaocai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCookie } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const audit = async (query: string) => {
  const { cookie } = await operatorCookie(ctx.app);
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: AuditEntry[]; total: number };
};

describe('audit trail demo data', () => {
  it('opens on the operator writes behind the demo data, each by its role and in the real write’s shape', async () => {
    const all = await audit('page_size=50');
    expect(all.total).toBeGreaterThan(0);
    // Newest first, none dated after the demo data's clock.
    const times = all.list.map((e) => e.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThanOrEqual(Math.floor(ctx.app.clock.now().getTime() / 1000));

    const shipped = await audit('action=order.ship');
    expect(shipped.total).toBeGreaterThan(0);
    for (const e of shipped.list) {
      expect(e).toMatchObject({ operator_name: 'cangku', action_label: '订单发货', target_type: 'order' });
      expect(e.after).toMatchObject({ status: 'shipped', carrier: expect.any(String) });
    }
    const reviews = await audit('action=qualification.review');
    expect(reviews.total).toBeGreaterThan(0);
    for (const e of reviews.list) expect(e.operator_name).toBe('zhiguan');
    const decided = await audit('action=after_sale.decide');
    for (const e of decided.list) expect(e.operator_name).toBe('kefu');
  });
});
