import { z } from 'zod';
import { goodsSorts, goodsTags } from '../catalog/scope';
import { refusalCodes } from '../eligibility/eligibility';
import { idList, optionalRecordId, PG_INT_MAX, recordId, singleLineText } from './input';

/**
 * Catalogue contracts (wire shapes; money in yuan with two decimals). The server builds these
 * responses and the shop reads them; both import the types from here.
 */

export const ladderTier = z.object({ number: z.number().int(), price: z.number() });

/**
 * Who may see prices: `visible`; `login` (visitor: 登录后查看价格); `pending` (qualifications
 * not approved: 资质审核通过后可见); `controlled` (a 控销 goods the buyer is outside of: the
 * price_tip says why). When not visible, every price field is null.
 */
export const priceVisibility = z.enum(['visible', 'login', 'pending', 'controlled']);
export type PriceVisibility = z.infer<typeof priceVisibility>;

/** Matched parts of a text: [start, end) offsets in UTF-16 code units (String.slice's). */
export const matchRanges = z.array(z.tuple([z.number().int(), z.number().int()]));
export type MatchRanges = z.infer<typeof matchRanges>;

export const goodsSummary = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  common_name: z.string(),
  kind: z.enum(['drug', 'device', 'herb', 'health']),
  sccj: z.string(),
  ypgg: z.string(),
  bzdw: z.string(),
  approval_no: z.string(),
  rx_class: z.enum(['rx', 'otc_a', 'otc_b', 'none']),
  image: z.string(),
  price_visibility: priceVisibility,
  /** Text shown instead of prices when not visible. */
  price_tip: z.string(),
  base_price: z.number().nullable(),
  retail_price: z.number().nullable(),
  ladder_price_type: z.number().int(),
  ladder_price: z.array(ladderTier),
  /** Stock over all warehouses. */
  number: z.number().int(),
  /** Warehouse to add from by default (the one with most stock). */
  ck_id: z.number().int(),
  is_buy: z.boolean(),
  min_quantity: z.number().int(),
  step_quantity: z.number().int(),
  is_free_shipping: z.boolean(),
  free_shipping_number: z.number().int(),
  tags: z.array(z.string()),
  zones: z.array(z.string()),
  expires_on: z.string().nullable(),
  /** 近效期: the earliest batch in stock has less shelf life left than 站点设置 says (6 months). */
  near_expiry: z.boolean(),
  sales: z.number().int(),
  ephedrine: z.boolean(),
  scope_class: z.string(),
  /** For a logged-in buyer: whether the goods is within its business scope, and why not. */
  in_scope: z.boolean().nullable(),
  scope_message: z.string().nullable(),
  brand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** A 控销 goods (sold only to the customer types and regions the operator allows). */
  controlled: z.boolean(),
  /** For a logged-in buyer outside the control: why it may not see the price or buy; else null. */
  control_message: z.string().nullable(),
  /**
   * Why the viewer may not add it to the cart now (the eligibility rule's verdict), else null:
   * the code, the short text a card shows (暂不可购买：超出经营范围, eligibility/reasons.ts) and
   * the rule's own message when it says more (which licence would grant the class ...).
   */
  unavailable: z
    .object({ code: z.enum(refusalCodes), text: z.string(), detail: z.string().nullable() })
    .nullable(),
  /** In a keyword search: the parts of `name` the keyword matched (matchRanges). */
  hl: matchRanges.optional(),
});
export type GoodsSummary = z.infer<typeof goodsSummary>;

export const goodsDetail = goodsSummary.extend({
  description: z.string(),
  dosage_form: z.string(),
  storage: z.string(),
  gallery: z.array(z.string()),
  /** The 药检报告 of the batch that ships next, for a logged-in buyer (GET /api/goods/{id}/inspection-report). */
  inspection_report: z.object({ batch_no: z.string(), expires_on: z.string() }).nullable(),
  stock: z.array(z.object({ ck_id: z.number().int(), name: z.string(), number: z.number().int() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), menu: z.string() })),
  goods_price_id: z.number().int(),
  ladder_price_id: z.number().int(),
  goods_manjian_id: z.number().int(),
  is_yj: z.number().int(),
  is_jxq: z.number().int(),
  /** Full-reduction tiers the goods takes part in (yuan). */
  manjian: z.array(z.object({ amount: z.number(), reduction: z.number() })),
  /** Gift rules of the goods (赠 / 换购) with their text; empty while prices are hidden. */
  gifts: z.array(z.object({ type: z.number().int(), label: z.string(), text: z.string() })),
  is_favorite: z.boolean(),
});
export type GoodsDetail = z.infer<typeof goodsDetail>;

/** Goods without an expiry date sort last under both expiry orders. */
export const goodsSort = z.enum(goodsSorts);

/** GET /api/goods/list query. Numbers arrive as strings from the URL. */
export const goodsListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  category_id: recordId().optional(),
  keywords: singleLineText('搜索词', 100).optional(),
  /** 0 drug name, 1 manufacturer */
  type: z.coerce.number().int().min(0).max(1).default(0),
  sccj: singleLineText('生产厂家', 100).optional(),
  brand_id: recordId().optional(),
  zone: z.enum(['yx', 'zyyp', 'qxzq', 'jxqzc', 'kxzq', 'ppzq']).optional(),
  /** A badge (优 秒 满 换购 赠 特 新): goods it is live on now. */
  tag: z.enum(goodsTags, { error: '标签不正确' }).optional(),
  in_stock: z.coerce.number().int().min(0).max(1).optional(),
  /** 1: only goods on a live promotion (秒 满 特 赠 换购), as /yyh/list lists them. */
  on_promotion: z.coerce.number().int().min(0).max(1).optional(),
  /** Yuan; a fen price column holds at most PG_INT_MAX fen. */
  min_price: z.coerce
    .number()
    .min(0)
    .max(PG_INT_MAX / 100)
    .optional(),
  max_price: z.coerce
    .number()
    .min(0)
    .max(PG_INT_MAX / 100)
    .optional(),
  /** Only goods with at least this many months of shelf life left (效期; 0 any). */
  shelf_months: z.coerce
    .number({ error: '效期月数须为整数' })
    .int({ error: '效期月数须为整数' })
    .min(0, { error: '效期月数不能为负' })
    .max(60, { error: '效期月数不能超过60' })
    .optional(),
  sort: goodsSort.default('default'),
});
export type GoodsListQuery = z.infer<typeof goodsListQuery>;

export const goodsListData = z.object({
  list: z.array(goodsSummary),
  total: z.number().int(),
  /** The total stopped counting at its cap (a broad filter): 2000+ rather than 2000. */
  total_capped: z.boolean().optional(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type GoodsListData = z.infer<typeof goodsListData>;

/** A live promotion of a goods (its badge, what it is called and what it gives, in Chinese). */
export const goodsActivityView = z.object({
  /** special_price | welfare | full_reduction | gift | combination | coupon */
  kind: z.string(),
  /** spike, daily_special, welfare, full_reduction, gift, add_on, combination, coupon */
  code: z.string(),
  id: z.number().int(),
  badge: z.string(),
  name: z.string(),
  text: z.string(),
  /** The shop page it leads to. */
  link: z.string(),
});
export type GoodsActivityView = z.infer<typeof goodsActivityView>;

export const goodsActivitiesData = goodsListData.extend({ activities: z.array(goodsActivityView) });
export type GoodsActivitiesData = z.infer<typeof goodsActivitiesData>;

/** GET /api/goods/search: suggestions. */
export const goodsSearchQuery = z.object({
  keywords: singleLineText('搜索词', 100).default(''),
  type: z.coerce.number().int().min(0).max(1).default(0),
  /** 1: each suggestion with the ranges of it the keyword matched (goodsSuggestion). */
  hl: z.coerce.number().int().min(0).max(1).default(0),
});
/** A suggestion with its matched parts (GET /api/goods/search?hl=1). */
export const goodsSuggestion = z.object({ text: z.string(), hl: matchRanges });
export type GoodsSuggestion = z.infer<typeof goodsSuggestion>;
/** The spec's list of strings; with hl=1, suggestions with their matched parts. */
export const goodsSearchData = z.union([z.array(z.string()), z.array(goodsSuggestion)]);

/** GET /api/goods/detail/{id}: the activity link parameters are echoed back. */
export const goodsDetailQuery = z.object({
  goods_price_id: optionalRecordId,
  ladder_price_id: optionalRecordId,
  goods_manjian_id: optionalRecordId,
  is_yj: z.coerce.number().int().min(0).max(1).default(0),
  is_jxq: z.coerce.number().int().min(0).max(1).optional(),
});

/**
 * GET /api/goods/activities: with goods_id, the live activities of that goods (list holds the
 * goods itself); otherwise goods of a zone or badge (same list shape as goods/list).
 */
export const goodsActivitiesQuery = z.object({
  goods_id: recordId('商品编号格式不正确').optional(),
  zone: goodsListQuery.shape.zone,
  tag: goodsListQuery.shape.tag,
  page: goodsListQuery.shape.page,
  page_size: goodsListQuery.shape.page_size,
  sort: goodsListQuery.shape.sort,
});

/** Favourites: goods_ids as an array or a comma list. */
export const favoriteBody = z.strictObject({
  goods_ids: idList([1, '请选择商品'], [200, '一次最多收藏200种商品'], '商品编号格式不正确'),
});
export const favoriteListQuery = z.object({
  page: goodsListQuery.shape.page,
  page_size: goodsListQuery.shape.page_size,
});

/** GET /api/focus/ppzq: the brand wall. */
export const brandWallItem = z.object({
  id: z.number().int(),
  name: z.string(),
  manufacturer: z.string(),
  logo: z.string(),
  story: z.string(),
  goods_count: z.number().int(),
});
export type BrandWallItem = z.infer<typeof brandWallItem>;

/** GET /api/focus/brand/{id}: a brand's page. */
export const brandPageData = z.object({
  brand: brandWallItem,
  goods: goodsListData,
});
export type BrandPageData = z.infer<typeof brandPageData>;
