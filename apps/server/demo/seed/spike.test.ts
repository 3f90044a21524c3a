import { and, eq, gt, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, spikeGoods, spikeSales, spikeSlots } from '../../src/db/schema';
import { createTestApp, type TestContext } from '../../test/helpers';
import { rollDemoSpike } from './spike';

let ctx: TestContext;
let saleId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const [marker] = await ctx.app.db.select().from(settings).where(eq(settings.key, 'demo_spike_sale'));
  saleId = (marker.value as { id: number }).id;
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const runningAt = (at: number) =>
  ctx.app.db
    .select({ id: spikeSlots.id })
    .from(spikeSlots)
    .where(
      and(
        eq(spikeSlots.saleId, saleId),
        lte(spikeSlots.startsAt, new Date(at)),
        gt(spikeSlots.endsAt, new Date(at)),
      ),
    );

describe('demo flash sale', () => {
  it('runs a slot at the seed time and leaves it alone while a slot is still to come', async () => {
    expect(await runningAt(Date.now())).toHaveLength(1);
    expect(await rollDemoSpike(ctx.app.db, Date.now() + 5 * HOUR)).toBe(false);
  });

  it('schedules the next round, once, when a later start finds every slot ended', async () => {
    const later = Date.now() + 30 * HOUR;
    expect(await runningAt(later)).toHaveLength(0);
    const before = await ctx.app.db.select().from(spikeSlots).where(eq(spikeSlots.saleId, saleId));
    expect(await rollDemoSpike(ctx.app.db, later)).toBe(true);
    expect(await rollDemoSpike(ctx.app.db, later)).toBe(false);
    const [running] = await runningAt(later);
    expect(running).toBeDefined();
    const sold = await ctx.app.db.select().from(spikeGoods).where(eq(spikeGoods.slotId, running.id));
    expect(sold.length).toBeGreaterThanOrEqual(4);
    // The earlier slots are kept as they were.
    const after = await ctx.app.db.select().from(spikeSlots).where(eq(spikeSlots.saleId, saleId));
    expect(after).toHaveLength(before.length + 2);
    for (const slot of before) expect(after).toContainEqual(slot);
  });

  it('leaves a sale the operator ended as it is', async () => {
    await ctx.app.db.update(spikeSales).set({ status: 'ended' }).where(eq(spikeSales.id, saleId));
    expect(await rollDemoSpike(ctx.app.db, Date.now() + 100 * HOUR)).toBe(false);
  });
});
