import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorites, goods } from '../../db/schema/catalog';

// What the message module needs to tell stores of their favourite goods (message/favourite-news.ts).

/** The users who keep a goods among their favourites (收藏), as a subquery of user ids. */
export function favouriterIds(db: DbOrTx, goodsId: number) {
  return db.select({ userId: favorites.userId }).from(favorites).where(eq(favorites.goodsId, goodsId));
}

/** A goods' name, spec and sale flag, or undefined when there is no such goods. */
export async function goodsHeadline(db: DbOrTx, goodsId: number) {
  const [row] = await db
    .select({ name: goods.name, spec: goods.spec, onSale: goods.isOnSale })
    .from(goods)
    .where(eq(goods.id, goodsId));
  return row;
}
