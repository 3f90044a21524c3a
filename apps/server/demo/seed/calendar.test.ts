import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { buyerCookie } from '../../test/factories';
import { createTestApp } from '../../test/helpers';

/**
 * The demo data is dated from the application clock: loaded on any day, it shows every feature
 * running (an activity, a flash-sale slot, a daily special, claimable coupons, a lottery, points,
 * messages), so a newcomer's first look and the journeys never depend on the day. Checked at the
 * days that break date code, two to a case (each case seeds its own demo data, 7 s on the CI
 * machine): a Sunday that is a year's last evening (Beijing), a 30-day month's last evening, and
 * the first minutes of a Beijing leap day (still the day before in UTC).
 */
const days: [string, string][] = [
  ["a Sunday, the year's last evening", '2028-12-31T23:30:00+08:00'],
  ["a 30-day month's last evening", '2026-11-30T23:30:00+08:00'],
  ['a leap day, just after Beijing midnight', '2028-02-29T00:05:00+08:00'],
];

describe('demo data loaded on any day', () => {
  it.each(days)('shows every feature running on %s', async (_label, iso) => {
    const at = new Date(iso);
    const ctx = await createTestApp({ clock: { now: () => at } });
    try {
      const [buyer] = await ctx.app.db.select().from(users).where(eq(users.phone, '13800000001'));
      const cookie = await buyerCookie(ctx.app, buyer.id);
      const get = async (url: string) => {
        const response = await ctx.app.inject({ url, headers: { cookie } });
        expect(response.statusCode, url).toBe(200);
        return response.json().data;
      };
      const hub = (await get('/api/activity/hub')).list as { kind: string }[];
      expect(new Set(hub.map((a) => a.kind)), 'the activities running in 活动中心').toEqual(
        new Set([
          'spike',
          'daily_special',
          'welfare',
          'full_reduction',
          'activity_page',
          'coupon',
          'combination',
          'cash_back',
        ]),
      );
      const centre = (await get('/api/coupon/centre')).list as { state: string }[];
      expect(
        centre.map((c) => c.state),
        'claimable coupons',
      ).toContain('claimable');
      expect(await get('/api/draw/simple'), 'a running lottery').toMatchObject({ id: expect.any(Number) });
    } finally {
      await ctx.close();
    }
  });
});
