import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../src/db/client';
import { goods, settings, spikeGoods, spikeSales, spikeSlots } from '../../src/db/schema';

const HOUR = 3_600_000;
/** The settings row that remembers which flash sale is the demo's. */
const DEMO_SALE_SETTING = 'demo_spike_sale';

/** The goods the demo sells at a spike price: on sale, buyable, OTC drugs with stock. */
function demoSpikeGoods(tx: Tx) {
  return tx
    .select({ id: goods.id, basePriceFen: goods.basePriceFen })
    .from(goods)
    .where(
      and(
        eq(goods.isOnSale, true),
        eq(goods.isBuy, true),
        eq(goods.ephedrine, false),
        eq(goods.kind, 'drug'),
        gt(goods.stockTotal, 100),
        gt(goods.basePriceFen, 1000),
        sql`${goods.rxClass} <> 'rx'`,
      ),
    )
    .orderBy(asc(goods.id))
    .limit(8);
}

/**
 * A slot running at `now` (ending in three hours) and the next one, each with several goods at
 * about seven tenths of their price. One goods of the running slot is nearly sold out (its sold
 * count stands for other stores' earlier orders).
 */
async function addDemoSlots(
  tx: Tx,
  saleId: number,
  list: { id: number; basePriceFen: number }[],
  now: number,
) {
  const [running, next] = await tx
    .insert(spikeSlots)
    .values([
      { saleId, startsAt: new Date(now - HOUR), endsAt: new Date(now + 3 * HOUR) },
      { saleId, startsAt: new Date(now + 4 * HOUR), endsAt: new Date(now + 6 * HOUR) },
    ])
    .returning({ id: spikeSlots.id });
  const spikePrice = (fen: number) => Math.floor((fen * 0.7) / 10) * 10;
  await tx.insert(spikeGoods).values([
    ...list.slice(0, 5).map((g, i) => ({
      slotId: running.id,
      goodsId: g.id,
      priceFen: spikePrice(g.basePriceFen),
      stock: i === 1 ? 20 : 50,
      sold: i === 1 ? 19 : [12, 0, 31, 5, 8][i],
      perStoreLimit: i === 1 ? 2 : 5,
      sort: i,
    })),
    ...list.slice(4, 8).map((g, i) => ({
      slotId: next.id,
      goodsId: g.id,
      priceFen: spikePrice(g.basePriceFen) - 100,
      stock: 30,
      perStoreLimit: 3,
      sort: i,
    })),
  ]);
}

/** The demo flash sale (整点秒杀): a running slot and the next, relative to the seed's time. */
export async function seedSpike(tx: Tx, now: number) {
  const list = await demoSpikeGoods(tx);
  if (list.length < 4) return;
  const [sale] = await tx
    .insert(spikeSales)
    .values({ name: '整点秒杀', status: 'scheduled' })
    .returning({ id: spikeSales.id });
  await tx.insert(settings).values({ key: DEMO_SALE_SETTING, value: { id: sale.id } });
  await addDemoSlots(tx, sale.id, list, now);
}

/**
 * On a later start of a demo database, the demo flash sale gets its next round once every slot
 * it had has ended, as an operator schedules one: a new running slot and the next, with fresh
 * spike stock. Past slots and the orders taken in them are left as they were; a sale the
 * operator paused or ended stays so. Returns whether a round was added.
 */
export async function rollDemoSpike(db: Db, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(728302)' as never);
    const [marker] = await tx.select().from(settings).where(eq(settings.key, DEMO_SALE_SETTING));
    const saleId = (marker?.value as { id?: number } | undefined)?.id;
    if (!saleId) return false;
    const [sale] = await tx.select().from(spikeSales).where(eq(spikeSales.id, saleId));
    if (sale?.status !== 'scheduled') return false;
    const [last] = await tx
      .select({ endsAt: spikeSlots.endsAt })
      .from(spikeSlots)
      .where(eq(spikeSlots.saleId, saleId))
      .orderBy(desc(spikeSlots.endsAt))
      .limit(1);
    if (last && last.endsAt.getTime() > now) return false;
    const list = await demoSpikeGoods(tx);
    if (list.length < 4) return false;
    await addDemoSlots(tx, saleId, list, now);
    return true;
  });
}
