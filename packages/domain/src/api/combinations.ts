import { z } from 'zod';
import { priceVisibility } from './catalog';

/**
 * GET /api/combination/list: the combination packages (组合套餐) of /zhzq, each bought as one
 * cart line (type 3). Prices are null when the viewer may not see prices (price_visibility).
 */
const price = z.number().nullable();

export const combinationItemView = z.object({
  goods_id: z.number().int(),
  name: z.string(),
  ypgg: z.string(),
  image: z.string(),
  /** Units of this goods in one set. */
  number: z.number().int(),
  /** The goods' own unit price. */
  price,
});

export const combinationView = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  price,
  /** What the goods cost bought one by one. */
  original_price: price,
  saving: price,
  /** Sets that may be bought now (the scarcest goods decides). */
  sets: z.number().int(),
  ck_id: z.number().int(),
  items: z.array(combinationItemView),
  price_visibility: priceVisibility,
  /** Why prices are hidden (登录后可见 / 资质审核通过后可见), or ''. */
  price_tip: z.string(),
  /** Why this viewer may not add the package (Chinese), or null. */
  add_refusal: z.string().nullable(),
});
export type CombinationView = z.infer<typeof combinationView>;

/**
 * GET /api/activity/hub: every promotion live now in one place (/yyh 优医汇): each with its
 * badge, name, what it gives, where it leads and, when it has one, its end (10-digit seconds).
 */
export const promotionHubItem = z.object({
  kind: z.string(),
  badge: z.string(),
  name: z.string(),
  text: z.string(),
  link: z.string(),
  ends_at: z.number().int().nullable(),
});
export const promotionHubData = z.object({ list: z.array(promotionHubItem), timestamp: z.number().int() });
export type PromotionHubData = z.infer<typeof promotionHubData>;
