import { type GoodsTag, goodsTags } from '../catalog/scope';

/**
 * The badges on a goods card (优 秒 满 换购 赠 特 新) come from what is live now, never from a
 * stored tag: 优 the 优选 zone, 秒 a running flash sale, 满 a live full-reduction activity
 * covering it, 换购 / 赠 an active gift rule, 特 a daily special or the welfare discount, 新 listed
 * within NEW_GOODS_DAYS. In goodsTags order.
 */
export const NEW_GOODS_DAYS = 30;

export interface BadgeFacts {
  zones: readonly string[];
  /** A live full-reduction activity covers the goods. */
  fullReduction: boolean;
  /** Types of the goods' active gift rules: 1 赠, 2 换购. */
  giftTypes: readonly number[];
  /** Codes of the line-level promotions live for it: spike, daily_special, welfare. */
  specials: readonly string[];
  listedAt: Date;
  now: Date;
}

export function goodsBadges(f: BadgeFacts): GoodsTag[] {
  const on: Record<GoodsTag, boolean> = {
    优: f.zones.includes('yx'),
    秒: f.specials.includes('spike'),
    满: f.fullReduction,
    换购: f.giftTypes.includes(2),
    赠: f.giftTypes.includes(1),
    特: f.specials.includes('daily_special') || f.specials.includes('welfare'),
    新: f.now.getTime() - f.listedAt.getTime() < NEW_GOODS_DAYS * 86_400_000,
  };
  return goodsTags.filter((tag) => on[tag]);
}
