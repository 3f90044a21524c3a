import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { goods, spikeGoods, spikeSales, spikeSlots } from '../schema';

const HOUR = 3_600_000;

/**
 * The flash sale (整点秒杀): a slot running now (ending in three hours) and the next one, relative
 * to the seed's time, each with several goods at about seven tenths of their price. One goods of
 * the running slot is nearly sold out (its sold count stands for other stores' earlier orders).
 */
export async function seedSpike(tx: Tx) {
  const list = await tx
    .select({ id: goods.id, basePriceFen: goods.basePriceFen, stockTotal: goods.stockTotal })
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
  if (list.length < 4) return;
  const now = Date.now();
  const [sale] = await tx
    .insert(spikeSales)
    .values({ name: '整点秒杀', status: 'scheduled' })
    .returning({ id: spikeSales.id });
  const [running, next] = await tx
    .insert(spikeSlots)
    .values([
      { saleId: sale.id, startsAt: new Date(now - HOUR), endsAt: new Date(now + 3 * HOUR) },
      { saleId: sale.id, startsAt: new Date(now + 4 * HOUR), endsAt: new Date(now + 6 * HOUR) },
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
