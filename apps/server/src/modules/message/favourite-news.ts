import { beijingToday, toYuan } from '@yaocai/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/account';
import { favouriterIds, goodsHeadline } from '../catalog/favourites';
import { notify } from './service';

// News of a favourite goods (收藏), written in the transaction of the operator's change: its
// price went down, or it is back in stock. Only stores that may still see prices hear of a price.

async function favouriters(tx: DbOrTx, goodsId: number) {
  // Only users that exist: favorites.user_id has no foreign key.
  const rows = await tx
    .select({ userId: users.id })
    .from(users)
    .where(inArray(users.id, favouriterIds(tx, goodsId)));
  return rows.map((r) => r.userId);
}

/** The base price of a goods went from `beforeFen` to `afterFen`: tell its favouriters of a drop. */
export async function priceDropNews(
  tx: DbOrTx,
  goodsId: number,
  beforeFen: number,
  afterFen: number,
  now: Date,
) {
  if (!(afterFen < beforeFen)) return 0;
  const g = await goodsHeadline(tx, goodsId);
  if (!g?.onSale) return 0;
  const who = await favouriters(tx, goodsId);
  return notify(
    tx,
    who.map((userId) => ({
      userId,
      category: 'promotion' as const,
      title: '收藏的商品降价了',
      body: `您收藏的「${g.name} ${g.spec}」降价了：¥${toYuan(beforeFen).toFixed(2)} → ¥${toYuan(afterFen).toFixed(2)}。`,
      link: `/list/info/${goodsId}`,
      dedupeKey: `price:${goodsId}:${afterFen}`,
    })),
    now,
  );
}

/** A goods' sellable stock went from none to some: tell its favouriters (once a day at most). */
export async function backInStockNews(tx: DbOrTx, goodsId: number, now: Date) {
  const g = await goodsHeadline(tx, goodsId);
  if (!g?.onSale) return 0;
  const who = await favouriters(tx, goodsId);
  return notify(
    tx,
    who.map((userId) => ({
      userId,
      category: 'promotion' as const,
      title: '收藏的商品到货了',
      body: `您收藏的「${g.name} ${g.spec}」已到货，欢迎采购。`,
      link: `/list/info/${goodsId}`,
      dedupeKey: `restock:${goodsId}:${beijingToday(now)}`,
    })),
    now,
  );
}
