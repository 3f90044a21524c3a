import type { CoverageFacts, LineSpecialInput } from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';

/**
 * Line-level promotions (特价 and 福利): flash sales, daily specials and the welfare discount each
 * are a source here. The cart asks every source which of its goods are on a special for this
 * store now (limits already net of what the store has bought), the pricing engine applies the
 * best one per line (packages/domain/src/cart/price-cart.ts), and the order transaction asks
 * each source to take the units it priced, or refuse when they are gone, so nothing oversells.
 * The registry (specials.ts) imports its sources; the sources import only this shape.
 */
export interface SpecialTake {
  orderId: number;
  userId: number;
  goodsId: number;
  promotionId: number;
  /** Units the order bought at the special price. */
  units: number;
}

export interface SpecialSource {
  code: string;
  load(
    db: DbOrTx,
    userId: number,
    goodsIds: readonly number[],
    now: Date,
    /** Coverage facts the caller already has (own categories suffice), by goods id. */
    facts?: ReadonlyMap<number, CoverageFacts>,
  ): Promise<Map<number, LineSpecialInput>>;
  /** Every goods on this special now (the catalogue's 秒 / 特 filter). */
  liveGoodsIds(db: DbOrTx, now: Date): Promise<number[]>;
  /** Inside the order transaction: take the units (promotion stock, per-store limit) or throw 409. */
  reserve?(tx: DbOrTx, takes: readonly SpecialTake[], now: Date): Promise<void>;
  /** Inside the cancel transaction: give back what the order took. */
  release?(tx: DbOrTx, orderId: number): Promise<void>;
}
