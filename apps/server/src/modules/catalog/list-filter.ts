import type { Coverage, GoodsListQuery, NearExpiryWindow } from '@yaocai/domain';

/** The filters of a goods list, resolved (queries.ts answers them; so does listing/, the index). */
export interface ListFilter
  extends Partial<Omit<GoodsListQuery, 'page' | 'page_size' | 'sort' | 'category_id'>> {
  /** Category and descendants (already expanded). */
  categoryIds?: number[];
  /** Restrict to these goods. */
  goodsIds?: number[];
  /** 近效期: the shown expiry (earliest batch in stock) falls in this window. */
  nearExpiry?: NearExpiryWindow;
  /** The shown expiry is on or after this date (from shelf_months and today). */
  expiresFrom?: string;
  /** Only 控销 goods (those with a sale control). */
  controlled?: boolean;
  /** A badge filter resolved from live promotions (promotion/badges.ts badgeFilter): any coverage. */
  badge?: { coverages: Coverage[]; listedAfter?: Date };
  /**
   * Alternatives of the keyword (an alias expansion: ['扑热息痛', '对乙酰氨基酚']): a goods
   * matches when it matches any of them, by the keyword's rules, and ranks by the best.
   */
  terms?: string[];
  /**
   * The business scope of the buyer a keyword search is ranked for: its in-stock, buyable,
   * in-scope goods come first (the default sort only). Left out: in stock and buyable.
   */
  buyerScope?: string[];
}
